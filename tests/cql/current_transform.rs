//! `currenttransform` inside nested transforms: the image's basic transforms named in nesting
//! order, the outermost first (gadycosteff.com/cql/currenttransform.html: "the current
//! transforms acting on the filter, in right-to-left order"; CQL 6.2's
//! `currenttransformnode.cpp`, as read for issue 33: the applied transforms, last applied
//! first, identities left out, e.g. `<right^1 reflect_h>`). CQL expands a transform over its
//! already expanded argument, so the outermost transform is applied last.

use crate::common::{self, games_from, matched_games};

/// White's king on a1, Black's on h8, White to move (one position).
const KINGS: &str = "[Event \"kings\"]\n[FEN \"7k/8/8/8/8/8/8/K7 w - - 0 1\"]\n[SetUp \"1\"]\n[Result \"*\"]\n\n*\n";

/// Each query holds in the position exactly when its image names itself as `want` says. The
/// squares are worked out by hand with the maps of the transform pages (`reflect_h`: rank r
/// → 9 - r; `reflect_v`: file a ↔ h; `counterclockwise90`: a1 → h1, a8 → a1; `right^N`: N
/// files right).
#[test]
fn nested_transforms_are_named_outermost_first() {
    let games = games_from("curtrans-nested", KINGS);
    for (query, want) in [
        // shift flip: b8 reflected on the ranks is b1, one file left is a1.
        (
            "shift flip {Kb8 and currenttransform == \"<left^1 reflect_h>\"}",
            true,
        ),
        (
            "shift flip {Kb8 and currenttransform == \"<reflect_h left^1>\"}",
            false,
        ),
        // flip shift: b8 one file left is a8, reflected on the ranks is a1.
        (
            "flip shift {Kb8 and currenttransform == \"<reflect_h left^1>\"}",
            true,
        ),
        (
            "flip shift {Kb8 and currenttransform == \"<left^1 reflect_h>\"}",
            false,
        ),
        // flipvertical shift: g1 one file right is h1, mirrored on the files is a1.
        (
            "flipvertical shift {Kg1 and currenttransform == \"<reflect_v right^1>\"}",
            true,
        ),
        // shiftvertical fliphorizontal: a7 reflected is a2, one rank down is a1.
        (
            "shiftvertical fliphorizontal {Ka7 and currenttransform == \"<down^1 reflect_h>\"}",
            true,
        ),
        // shift rotate90: h2 turned counterclockwise is g8; six files left, seven ranks
        // down is a1 (one ShiftTransform: files first, then ranks).
        (
            "shift rotate90 {Kh2 and currenttransform == \"<left^6 down^7 counterclockwise90>\"}",
            true,
        ),
        // flipcolor: `btm kb8` swapped is `wtm Kb1`, one file left is Ka1.
        (
            "shift flipcolor {btm kb8 currenttransform == \"<left^1 invertcolor reflect_h>\"}",
            true,
        ),
        (
            "flipcolor shift {btm kb8 currenttransform == \"<invertcolor reflect_h left^1>\"}",
            true,
        ),
        // Two symmetries are two names, not their product (`rotate180`).
        (
            "flipvertical fliphorizontal {Kh8 and currenttransform == \"<reflect_v reflect_h>\"}",
            true,
        ),
        (
            "flipvertical fliphorizontal {Kh8 and currenttransform == \"<rotate180>\"}",
            false,
        ),
        // Identities are left out: the image that moves nothing is `<>`, and one that only
        // mirrors is named by the mirror alone.
        ("shift flip {Ka1 and currenttransform == \"<>\"}", true),
        (
            "flipvertical shift {Kh1 and currenttransform == \"<reflect_v>\"}",
            true,
        ),
        // `notransform` nullifies every enclosing transform.
        (
            "shift flip {Kb8 and notransform currenttransform == \"<>\"}",
            true,
        ),
        // `T count F` names its images as `T F` does.
        (
            "(flip count shift {Kb8 and currenttransform == \"<reflect_h left^1>\"}) == 1",
            true,
        ),
    ] {
        assert_eq!(matched_games(query, &games), [want], "{query}");
    }
}

/// No documentation names the images `rotate45` turns: refused by name, not named `<>`.
#[test]
fn current_transform_in_rotate45_is_refused() {
    for q in [
        "rotate45 {currenttransform == \"<>\"}",
        "shift rotate45 {currenttransform == \"<>\"}",
    ] {
        let refused = cqlq::query::Program::from_text(q, Some(cqlq::query::Dialect::Cql), false)
            .and_then(|prog| prog.lower::<shakmaty::Bitboard>(cqlq::squares::Geometry::STANDARD));
        let message = match refused {
            Ok(_) => panic!("{q} compiled"),
            Err(e) => e.message,
        };
        assert!(
            message.contains("currenttransform") && message.contains("rotate45"),
            "{message}"
        );
    }
}

/// A square moved by a chain of names, read right to left as the page says.
fn apply_names(names: &str, square: (i32, i32)) -> (i32, i32) {
    let mut words: Vec<&str> = names.split_whitespace().collect();
    words.reverse();
    words.iter().fold(square, |(f, r), w| {
        let steps = |w: &str| w.split('^').nth(1).and_then(|n| n.parse::<i32>().ok());
        match *w {
            "reflect_h" => (f, 7 - r),
            "reflect_v" => (7 - f, r),
            "rotate180" => (7 - f, 7 - r),
            "reflect_a1h8" => (r, f),
            "reflect_a8h1" => (7 - r, 7 - f),
            "counterclockwise90" => (7 - r, f),
            "clockwise90" => (r, 7 - f),
            "invertcolor" => (f, r),
            w if w.starts_with("right^") => (f + steps(w).expect("steps"), r),
            w if w.starts_with("left^") => (f - steps(w).expect("steps"), r),
            w if w.starts_with("up^") => (f, r + steps(w).expect("steps")),
            w if w.starts_with("down^") => (f, r - steps(w).expect("steps")),
            w => panic!("unknown transform name {w}"),
        }
    })
}

fn square(name: &str) -> (i32, i32) {
    let b = name.as_bytes();
    (i32::from(b[0] - b'a'), i32::from(b[1] - b'1'))
}

/// The page's example (CQL 6.1's form): each comment reports where a1 and a7 went and the
/// image's name. The names, read right to left as maps, must send a1 and a7 there.
#[test]
fn documented_example_names_agree_with_the_squares() {
    let folder = common::scratch("curtrans", "doc-example");
    let pgn = folder.path().join("g.pgn");
    // White's rook six ranks below Black's on the same file, as `Ra1 ra7` moved, after
    // every black move (b, c, then g file).
    let game = "[Event \"rooks\"]\n[FEN \"1r5k/8/8/8/8/8/1R6/7K w - - 0 1\"]\n[SetUp \"1\"]\n\
                [Result \"*\"]\n\n1. Rc2 Rc8 2. Rg2 Rg8 *\n";
    std::fs::write(&pgn, game).expect("write");
    let query = "shift flipcolor flip {Ra1 ra7 comment(notransform a1 \"-->\" a1 \"; \" \
                 notransform a7 \"-->\" a7 \" via: \" currenttransform)}";
    let out = common::cqlq(&["-e", query, pgn.to_str().expect("utf-8 path")]);
    assert_eq!(out.status.code(), Some(0), "{}", common::stderr(&out));
    let text = String::from_utf8_lossy(&out.stdout);
    let mut seen = 0;
    for comment in text.split("{CQL ").skip(1) {
        let comment = &comment[..comment.find('}').expect("closing brace")];
        // "a1-->X; a7-->Y via: <names>"
        let (moves, names) = comment.split_once(" via: ").expect("via");
        let names = names.trim_start_matches('<').trim_end_matches('>');
        let (first, second) = moves.split_once("; ").expect("two squares");
        for (from, to) in [first, second].map(|m| m.split_once("-->").expect("arrow")) {
            assert_eq!(
                apply_names(names, square(from)),
                square(to),
                "{comment}: {from} under <{names}>"
            );
        }
        seen += 1;
    }
    assert!(seen >= 3, "few images matched: {text}");
}
