//! The CQL front end (parse + lower) against what the CQL documentation says.
//!
//! Truths, each with its source: gadycosteff.com/cql-6-1/precedence.html (precedence
//! examples), /cql/doc/transform.html and /cql/transform.html (transforms), /cql/flip.html,
//! cql64.com/manual/transform-filters (shifts), and seed 003 (`shared/seeds/003_*.txt`, the
//! CQLi board-state filters: the 16 images of `flipcolor flip fen "k7/8/NKB5/8/8/8/8/8"`).

use cqlq::ir::{Color, GameResult, MoveYield, Node, NumProp, PieceKinds, TagName};
use cqlq::query::{ErrorKind, QueryError, cql_to_ast};
use cqlq::squares::Geometry;
use shakmaty::Bitboard;

const G: Geometry = Geometry::STANDARD;

fn ir(q: &str) -> Node<Bitboard> {
    match cqlq::query::Program::from_text(q, Some(cqlq::query::Dialect::Cql), false)
        .and_then(|prog| prog.lower::<Bitboard>(G))
    {
        Ok(c) => c.filter,
        Err(e) => panic!("{}", e.render("query", q)),
    }
}

fn err(q: &str) -> QueryError {
    match cqlq::query::Program::from_text(q, Some(cqlq::query::Dialect::Cql), false)
        .and_then(|prog| prog.lower::<Bitboard>(G))
    {
        Ok(c) => panic!("expected an error for {q:?}, got {:?}", c.filter),
        Err(e) => e,
    }
}

/// The parse tree in s-expression form.
fn tree(q: &str) -> String {
    match cql_to_ast(q) {
        Ok(a) => a.to_string().trim_end().to_string(),
        Err(e) => panic!("{}", e.render("query", q)),
    }
}

/// The members of an `Or`/`Union` (a transform's placements held as a table too), or the
/// node alone.
fn images(n: Node<Bitboard>) -> Vec<Node<Bitboard>> {
    match n {
        Node::Or(v) | Node::Union(v) => v,
        Node::Placements(table) => table.images(),
        n => vec![n],
    }
}

fn same_members(mut a: Vec<Node<Bitboard>>, b: Vec<Node<Bitboard>>) {
    assert_eq!(a.len(), b.len(), "{a:?}\nvs\n{b:?}");
    for x in b {
        let i = a
            .iter()
            .position(|y| *y == x)
            .unwrap_or_else(|| panic!("missing {x:?} in {a:?}"));
        a.remove(i);
    }
}

// ---------------------------------------------------------------------------------------------
// Precedence

#[test]
fn precedence_from_the_cql_documentation() {
    // precedence.html, "Parsing standard mathematical expressions".
    assert_eq!(tree("2+3*4<4/2+1"), "(< (+ 2 (* 3 4)) (+ (/ 4 2) 1))");
    assert_eq!(
        tree("check or not mate and Q or stalemate"),
        "(or check (and (not mate) Q) stalemate)"
    );
    assert_eq!(tree("A | ~B&Q | q"), "(| (| A (& (~ B) Q)) q)");
    // "f x & y is parsed as {f x} & y" for set parameters: `move from K|R`.
    assert_eq!(tree("move from K|R"), "(| (move from K) R)");
    // Numeric arguments: "f x+y is parsed as f {x+y}" but "f x<y as {f x}<y".
    assert_eq!(tree("abs 4 + 8 < 9 + 5"), "(< (abs (+ 4 8)) (+ 9 5))");
    // Other set arguments are parsed just below `|`: "# Q|K is parsed as #{Q|K}".
    assert_eq!(tree("# Q|K"), "(# (| Q K))");
    // The relational operators are right associative.
    assert_eq!(tree("1 < 2 < 3"), "(< 1 (< 2 3))");
}

#[test]
fn precedence_of_attacks_and_counts() {
    // Seed 003: attacks/attackedby bind tighter than & | ~ # and comparisons.
    assert_eq!(tree("#A attacks k > 1"), "(> (# (attacks A k)) 1)");
    assert_eq!(
        tree("a attackedby A & ~ a attackedby a"),
        "(& (attackedby a A) (~ (attackedby a a)))"
    );
    assert_eq!(
        tree(". attackedby A | . attackedby a == 64"),
        "(== (| (attackedby . A) (attackedby . a)) 64)"
    );
    // Seed 003: power X ≡ #[Pp]&X + #[Nn]&X * 3 + ...
    assert_eq!(
        tree("#[Pp]&d4 + #[Nn]&d4 * 3"),
        "(+ (# (& [Pp] d4)) (* (# (& [Nn] d4)) 3))"
    );
    // CQL 6.1 spells attackedby as two words too; `attack` is the old `attacks`.
    assert_eq!(tree("k attacked by Q"), "(attackedby k Q)");
    assert_eq!(tree("Q attack k"), "(attacks Q k)");
    assert_eq!(tree("k <- Q"), "(attackedby k Q)");
}

#[test]
fn juxtaposition_and_if() {
    assert_eq!(
        tree("mate flipcolor { wtm [_a] attackedby K == [] }"),
        "mate\n(flipcolor {wtm (== (attackedby [_a] K) [])})"
    );
    assert_eq!(
        tree("if wtm then K attackedby q else k attackedby Q"),
        "(if wtm (attackedby K q) (attackedby k Q))"
    );
    // `then` may be left out (CQL 6.2 accepts `if check "In check" else "Safe"`).
    assert_eq!(
        tree("if check \"In check\" else \"Safe\""),
        "(if check \"In check\" \"Safe\")"
    );
    assert_eq!(
        tree("result 1/2-1/2 terminal not stalemate and ply > 250"),
        "(result 1/2-1/2)\nterminal\n(and (not stalemate) (> ply 250))"
    );
}

// ---------------------------------------------------------------------------------------------
// Piece designators

fn bb(squares: &[&str]) -> Bitboard {
    squares.iter().fold(Bitboard::EMPTY, |b, s| {
        b | Bitboard::from_square(s.parse().unwrap())
    })
}

#[test]
fn piece_designators() {
    let rook = PieceKinds {
        white: 1 << 3,
        black: 0,
        empty: false,
    };
    assert_eq!(ir("Ra1"), Node::Pieces(rook, bb(&["a1"])));
    let any = PieceKinds {
        white: u32::MAX,
        black: u32::MAX,
        empty: true,
    };
    assert_eq!(ir("e4"), Node::Pieces(any, bb(&["e4"])));
    assert_eq!(ir("."), Node::Pieces(any, Bitboard::FULL));
    assert_eq!(ir("[]"), Node::Pieces(any, Bitboard::EMPTY));
    let queens = PieceKinds {
        white: 1 << 4,
        black: 1 << 4,
        empty: false,
    };
    assert_eq!(ir("[Qq]d4"), Node::Pieces(queens, bb(&["d4"])));
    let empty = PieceKinds {
        white: 0,
        black: 0,
        empty: true,
    };
    assert_eq!(
        ir("_f1-8"),
        Node::Pieces(empty, Bitboard::from_file(shakmaty::File::F))
    );
    assert_eq!(ir("a-h1-8"), Node::Pieces(any, Bitboard::FULL));
    // piecedesignator.html: A[b-h2,d5,e-f7-8] is b2..h2, d5, e7, f7, e8, f8 with a white piece.
    let white = PieceKinds {
        white: u32::MAX,
        black: 0,
        empty: false,
    };
    let want = bb(&[
        "b2", "c2", "d2", "e2", "f2", "g2", "h2", "d5", "e7", "f7", "e8", "f8",
    ]);
    assert_eq!(ir("A[b-h2,d5,e-f7-8]"), Node::Pieces(white, want));
    // Unicode glyphs of CQL 6.2: ♕♛ is both queens.
    assert_eq!(ir("♕♛d4"), Node::Pieces(queens, bb(&["d4"])));
}

// ---------------------------------------------------------------------------------------------
// Transforms

#[test]
fn flipcolor_of_ra1_is_ra1_or_ra8() {
    // transform.html: "flipcolor Pa2 is equivalent to Pa2 | pa7".
    assert_eq!(images(ir("flipcolor Ra1")), images(ir("Ra1 | ra8")));
    assert_eq!(images(ir("flipcolor Pa2")), images(ir("Pa2 | pa7")));
}

#[test]
fn flipcolor_swaps_colours_not_numbers() {
    // transform.html: "colorswap wtm ≡ btm"; seed 003: white and black are the numbers 1, -1.
    assert_eq!(
        ir("flipcolor { wtm sidetomove == white ply == 1 }"),
        ir("{ wtm sidetomove == 1 ply == 1 } or { btm sidetomove == -1 ply == 1 }")
    );
    assert_eq!(
        ir("flipcolor elo white > 2000"),
        ir("elo white > 2000 or elo black > 2000")
    );
    assert_eq!(
        ir("flipcolor { player white result 1-0 }"),
        ir("{ player white result 1-0 } or { player black result 0-1 }")
    );
    let Node::Or(v) = ir("flipcolor player white \"Kasparov\"") else {
        panic!()
    };
    assert_eq!(
        v[1],
        Node::TagContains(vec![TagName::Black], "Kasparov".into())
    );
    // Move filters: squares mirrored, promotion colour swapped.
    // (A move filter with `to` is a set filter, so its images are joined with `|`.)
    assert_eq!(
        ir("flipcolor move to a-h8 promote Q"),
        ir("move to a-h8 promote Q | move to a-h1 promote q")
    );
}

#[test]
fn reversecolor_has_no_identity() {
    assert_eq!(
        ir("reversecolor { btm mate }"),
        Node::And(vec![Node::ToMove(Color::White), Node::Mate])
    );
}

#[test]
fn flipvertical_and_fliphorizontal_follow_the_bisectors() {
    // doc/transform.html: "flipvertical Ph1-8 ... is equivalent to Ph1-8 or Pa1-8".
    assert_eq!(
        images(ir("flipvertical Ph1-8")),
        images(ir("Ph1-8 | Pa1-8"))
    );
    // CQL-Transformations: "the horizontal flip of f6 is f3".
    assert_eq!(images(ir("fliphorizontal Nf6")), images(ir("Nf6 | Nf3")));
}

#[test]
fn flip_images_are_distinct() {
    // flip.html: "flip a1 is the set [a1,h1,a8,h8]"; flip {Ka1 kh8} has 4 distinct images.
    same_members(images(ir("flip a1")), images(ir("a1 | h1 | a8 | h8")));
    same_members(
        images(ir("flip {Ka1 kh8}")),
        images(ir("{Ka1 kh8} or {Kh1 ka8} or {Ka8 kh1} or {Kh8 ka1}")),
    );
}

#[test]
fn flipcolor_flip_fen_has_the_16_images_of_seed_003() {
    const IMAGES: [&str; 16] = [
        "k7/8/NKB5/8/8/8/8/8",
        "8/8/8/8/8/5B2/5K2/5N1k",
        "8/8/8/8/8/NKB5/8/k7",
        "8/8/8/8/8/2B5/2K5/k1N5",
        "7k/8/5BKN/8/8/8/8/8",
        "5N1k/5K2/5B2/8/8/8/8/8",
        "8/8/8/8/8/5BKN/8/7k",
        "k1N5/2K5/2B5/8/8/8/8/8",
        "8/8/8/8/8/nkb5/8/K7",
        "5n1K/5k2/5b2/8/8/8/8/8",
        "K7/8/nkb5/8/8/8/8/8",
        "K1n5/2k5/2b5/8/8/8/8/8",
        "8/8/8/8/8/5bkn/8/7K",
        "8/8/8/8/8/5b2/5k2/5n1K",
        "7K/8/5bkn/8/8/8/8/8",
        "8/8/8/8/8/2b5/2k5/K1n5",
    ];
    let got = images(ir("flipcolor flip fen \"k7/8/NKB5/8/8/8/8/8\""));
    let want: Vec<_> = IMAGES.iter().map(|f| ir(&format!("fen \"{f}\""))).collect();
    same_members(got, want);
}

#[test]
fn shifts_clip_ranges_and_drop_lost_pieces() {
    // cql64.com manual, transform filters: shiftvertical { Rh1 Ph2-7 } is equivalent to
    // { Rh1 P[h2-7] } | { Rh2 P[h3-8] } | ... | { Rh7 Ph8 }.
    same_members(
        images(ir("shiftvertical { Rh1 Ph2-7 }")),
        images(ir(
            "{ Rh1 P[h2-7] } or { Rh2 P[h3-8] } or { Rh3 P[h4-8] } or { Rh4 P[h5-8] } or \
             { Rh5 P[h6-8] } or { Rh6 P[h7-8] } or { Rh7 Ph8 }",
        )),
    );
    // A designator without squares is the whole board, which shifts leave alone.
    assert_eq!(ir("shift check"), Node::Check);
    assert_eq!(images(ir("shift { Ka1 q }")).len(), 64);
    assert_eq!(images(ir("shifthorizontal Pc4")).len(), 8);
    assert_eq!(images(ir("shift { Ra1 Rb1 }")).len(), 7 * 8);
}

#[test]
fn notransform_and_nesting() {
    // A compound whose last filter is a set is a set filter: its images are joined with `|`.
    assert_eq!(
        images(ir("flipcolor { Ra1 notransform Qd1 }")),
        images(ir("{ Ra1 Qd1 } | { ra8 Qd1 }"))
    );
    assert_eq!(
        ir("flipcolor { Ra1 notransform Qd1 check }"),
        ir("{ Ra1 Qd1 check } or { ra8 Qd1 check }")
    );
    assert_eq!(images(ir("flipcolor flip { Ka1 Qb3 }")).len(), 16);
    assert_eq!(images(ir("rotate90 { Qd4 kd8 }")).len(), 4);
    let e = err("shift shift Ka1");
    assert_eq!(e.kind, ErrorKind::TooComplex);
}

// ---------------------------------------------------------------------------------------------
// Other filters

#[test]
fn filters_of_seed_003() {
    assert_eq!(ir("white"), Node::Number(1));
    assert_eq!(ir("black"), Node::Number(-1));
    assert_eq!(ir("sidetomove"), Node::Num(NumProp::SideToMove));
    assert!(matches!(ir("fen"), Node::StrProp(_)));
    assert!(matches!(ir("power A >= power a + 9"), Node::Compare(..)));
    assert!(matches!(
        ir("type e4 == 1 and colortype e5 == -1"),
        Node::And(_)
    ));
    assert!(matches!(ir("passedpawns & p"), Node::Intersect(_)));
    assert_eq!(ir("result 0-1"), Node::Result(GameResult::BlackWins));
    assert_eq!(
        ir("event ~~ \"Olympiad\""),
        Node::RegexMatch(
            Box::new(Node::Tag(TagName::Event)),
            cqlq::ir::Pattern(regex::Regex::new("Olympiad").unwrap())
        )
    );
    assert_eq!(
        ir("site \"Skopje\""),
        Node::TagContains(vec![TagName::Site], "Skopje".into())
    );
    assert_eq!(
        ir("player \"Tal\""),
        Node::TagContains(vec![TagName::White, TagName::Black], "Tal".into())
    );
    assert_eq!(ir("elo black"), Node::Elo(Color::Black));
}

#[test]
fn move_filter_yields_by_first_parameter() {
    let yields = |q: &str| match ir(q) {
        Node::Move(m) => m.yields,
        Node::Compare(_, l, _) => match *l {
            Node::Move(m) => m.yields,
            n => panic!("{n:?}"),
        },
        n => panic!("{n:?}"),
    };
    assert_eq!(yields("move from N capture q"), MoveYield::From);
    assert_eq!(yields("move legal to Q from r"), MoveYield::To);
    assert_eq!(yields("move previous capture Q"), MoveYield::Capture);
    assert_eq!(yields("move legal from K count == 0"), MoveYield::Count);
    assert!(err("move count == 0").message.contains("legal"));
    assert!(err("move promote a5").message.contains("piece letters"));
}

#[test]
fn header_parameters_are_recorded() {
    let q = cqlq::query::Program::from_text(
        "cql(input \"x.pgn\" variations matchcount 2 10 output out.pgn) check",
        Some(cqlq::query::Dialect::Cql),
        false,
    )
    .and_then(|prog| prog.lower::<Bitboard>(G))
    .unwrap();
    let p: Vec<(&str, Option<&str>)> = q
        .header
        .params
        .iter()
        .map(|p| (p.name.as_str(), p.value.as_written()))
        .collect();
    assert_eq!(
        p,
        [
            ("input", Some("x.pgn")),
            ("variations", None),
            ("matchcount", Some("2 10")),
            ("output", Some("out.pgn"))
        ]
    );
}

// ---------------------------------------------------------------------------------------------
// Errors

#[test]
fn unsupported_words_are_named() {
    // Accepted by CQL 6.2 (and by cqlq's parser), not evaluated yet: refused by name.
    for (q, word) in [
        (
            "rotate45 {currenttransform == \"<>\"}",
            "'currenttransform'",
        ),
        ("imagine (true)", "'imagine'"),
        ("saveposition", "'saveposition'"),
    ] {
        let e = err(q);
        assert_eq!(e.kind, ErrorKind::Unsupported, "{q}: {e}");
        assert!(
            e.message.contains(word)
                && (e.message.contains("not supported") || e.message.contains("does not evaluate")),
            "{q}: {}",
            e.message
        );
    }
}

#[test]
fn error_positions() {
    let q = "cql()\nflipcolor {\n  wtm\n  Rj9\n}";
    let e = err(q);
    assert_eq!((e.line, e.column, e.kind), (4, 3, ErrorKind::Invalid));
    // The source line is shown as written (here indented by two spaces), after its number.
    assert_eq!(
        e.render("q.cql", q),
        "error: square j9 is off the board (8 files, 8 ranks)\n  --> q.cql:4:3\n  |\n4 |   Rj9\n  |   ^^^\n\n"
    );

    let q = "check and\n";
    let e = err(q);
    assert_eq!((e.line, e.column), (1, 10));
    assert_eq!(
        e.render("q.cql", q),
        "error: unexpected end of query\n  --> q.cql:1:10\n  |\n1 | check and\n  |          ^ expected a filter\n\n"
    );

    let q = "cql()\n(check or mate";
    let e = err(q);
    assert_eq!(
        (e.line, e.column, e.expected.as_deref()),
        (2, 15, Some("'--', ')' or an operator"))
    );

    // `currenttransform` in an image `rotate45` turns is refused where it stands.
    let q = "check\n  rotate45 {currenttransform == \"<>\"}";
    let e = err(q);
    assert_eq!((e.line, e.column, e.span.end - e.span.start), (2, 13, 16));

    let q = "fen \"k7/8\"";
    let e = err(q);
    assert_eq!((e.column, e.span.end), (5, q.len()));

    let e = err("event ~~ \"(\"");
    assert_eq!((e.kind, e.column), (ErrorKind::Invalid, 10));
}

#[test]
fn type_errors() {
    for q in [
        "#check",
        "\"a\" < 3",
        "max(2)",
        "A + 1",
        "check | Q",
        "a < A",
        "power 3",
        "abs \"x\"",
    ] {
        let e = err(q);
        assert_eq!(e.kind, ErrorKind::Type, "{q}: {e}");
    }
}

#[test]
fn deep_nesting_is_an_error_not_a_crash() {
    let q = format!("{}check{}", "(".repeat(5000), ")".repeat(5000));
    assert_eq!(err(&q).kind, ErrorKind::TooComplex);
    let q = format!("{}check", "not ".repeat(5000));
    assert_eq!(err(&q).kind, ErrorKind::TooComplex);
    let q = format!("1{}", " + 1".repeat(5000));
    assert_eq!(err(&q).kind, ErrorKind::TooComplex);
    // Just inside the limits compiles (in a test thread's small stack, unoptimised).
    let q = format!("{}check{}", "(".repeat(60), ")".repeat(60));
    assert_eq!(ir(&q), Node::Check);
    let q = format!("{}check{}", "{ wtm ".repeat(63), " }".repeat(63));
    assert!(matches!(ir(&q), Node::And(_)));
    let q = format!("{}1", "- abs ".repeat(31));
    assert!(matches!(ir(&q), Node::Negate(_)));
}

// ---------------------------------------------------------------------------------------------
// The shared probes

#[test]
fn shared_probes() {
    let dir = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../shared/cql/probes");
    let Ok(entries) = std::fs::read_dir(&dir) else {
        crate::common::skip(format!("{} is absent", dir.display()));
        return;
    };
    let mut seen = 0;
    for entry in entries.flatten() {
        let path = entry.path();
        let name = path
            .file_stem()
            .and_then(|s| s.to_str())
            .unwrap_or_default()
            .to_string();
        let text = std::fs::read_to_string(&path).unwrap();
        // Every probe is evaluated now (`tests/cql/cql62_reference.rs` compares their results
        // with CQL 6.2's).
        if let Err(e) =
            cqlq::query::Program::from_text(&text, Some(cqlq::query::Dialect::Cql), false)
                .and_then(|prog| prog.lower::<Bitboard>(G))
        {
            panic!("{}", e.render(&name, &text));
        }
        seen += 1;
    }
    assert!(seen >= 77, "the 77 probes of ../shared/cql/probes");
}

/// The share of `shared/cql/chessql-cases.txt` parser verdicts (real CQL 6.2: `parse=0`
/// accepted, `parse=1` rejected) that cqlq agrees with, among the cases within cqlq's
/// language (those it does not reject as unsupported). A measurement, not a gate:
/// `cargo test --test cli query_parse:: -- --ignored --nocapture chessql_cases`.
#[test]
#[ignore]
fn chessql_cases_acceptance() {
    let path =
        std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../shared/cql/chessql-cases.txt");
    let Ok(text) = std::fs::read_to_string(&path) else {
        crate::common::skip(format!("{} is absent", path.display()));
        return;
    };
    let (mut in_tier, mut agree, mut unsupported) = (0, 0, 0);
    for line in text.lines() {
        let cols: Vec<&str> = line.split('\t').collect();
        if cols.len() < 3 || !cols[0].starts_with("parse") {
            continue;
        }
        let accepted = cols[0].contains("=0");
        let query: String = serde_json::from_str(cols[2]).expect("a JSON string");
        match cqlq::query::Program::from_text(&query, Some(cqlq::query::Dialect::Cql), false)
            .and_then(|prog| prog.lower::<Bitboard>(G))
        {
            Err(e) if e.kind == ErrorKind::Unsupported => unsupported += 1,
            result => {
                in_tier += 1;
                if result.is_ok() == accepted {
                    agree += 1;
                } else {
                    println!(
                        "CQL {}: {query:?} ({})",
                        if accepted { "accepts" } else { "rejects" },
                        cols[1]
                    );
                }
            }
        }
    }
    let rate = 100.0 * f64::from(agree) / f64::from(in_tier.max(1));
    println!(
        "chessql cases within cqlq's language: {in_tier}; verdicts agreeing: {agree} ({rate:.1}%); unsupported: {unsupported}"
    );
}

/// CQL 6.2 (chessql-cases.txt, `cql -parse`): `a[>]1` exits 1 while `a≻1` and `1[<]2` parse,
/// because a bracket right after piece letters is their square part. The caret points at
/// the bracket (byte 1, width 3).
#[test]
fn bracket_after_piece_letters_is_their_square_part() {
    let e = cql_to_ast("a[>]1").expect_err("a[>]1 must be refused");
    assert_eq!((e.column, e.span.start, e.span.end), (2, 1, 4));
    assert!(cql_to_ast("a [>] 1").is_ok());
    assert!(cql_to_ast("1[<]2").is_ok());
}

/// CQL 6.2 (chessql-cases.txt): `message quiet A` and `message quiet (A)` parse; the tree
/// keeps the flag.
#[test]
fn message_takes_quiet() {
    assert!(tree("message quiet (A)").contains("quiet"));
    assert!(tree("message quiet A").contains("quiet"));
}

/// CQL 6.2 (chessql-cases.txt): `line --> k{3}+*` and `k{3}*` parse, `k{3}++` and `k{3}**`
/// exit 1: suffixes stack, a one-character suffix does not repeat itself. Caret on the second.
#[test]
fn a_repetition_suffix_does_not_repeat_itself() {
    assert!(cql_to_ast("line --> k{3}+*").is_ok());
    let e = cql_to_ast("line --> k{3}++").expect_err("k{3}++ must be refused");
    assert_eq!((e.span.start, e.span.end), (14, 15));
}

/// CQL 6.2 (chessql-cases.txt): `piece x=q piece y=k piece y=x` parses, `... y=x` exits 1.
#[test]
fn a_piece_variable_is_assigned_with_piece() {
    let checked = |q: &str| cql_to_ast(q).and_then(|a| cqlq::query::check_ast(&a).map(|_| ()));
    assert!(checked("piece x=q piece y=k piece y=x").is_ok());
    let e = checked("piece x=q piece y=k y=x").expect_err("plain y=x must be refused");
    assert_eq!(e.span.start, 20);
}

/// CQL 6.2 (chessql-cases.txt): `consecutivemoves` takes two position variables, with its
/// flags before or after its range; `consecutivemoves(position 1 position 2)` exits 1.
#[test]
fn consecutivemoves_takes_position_variables() {
    let checked = |q: &str| cql_to_ast(q).and_then(|a| cqlq::query::check_ast(&a).map(|_| ()));
    let vars = "p1=position 1 p2=position 2 ";
    assert!(checked(&format!("{vars}consecutivemoves 1 quiet (p1 p2)")).is_ok());
    assert!(checked(&format!("{vars}consecutivemoves quiet 1 (p1 p2)")).is_ok());
    let e = checked("consecutivemoves(position 1 position 2)").expect_err("not variables");
    assert_eq!(e.span.start, 17);
}

/// CQL 6.2 (chessql-cases.txt): `move castle comment ("Any move")` parses and
/// `... comment ("Any move") null` exits 1: the parameters of `move` end at `comment`.
/// The other consistency rules come from CQL 6.2's `move` parser (`null` with `promote`).
#[test]
fn move_parameters_end_at_comment_and_stay_consistent() {
    let checked = |q: &str| cql_to_ast(q).and_then(|a| cqlq::query::check_ast(&a).map(|_| ()));
    assert!(checked("move castle comment (\"Any move\")").is_ok());
    let e = checked("move castle comment (\"Any move\") null").expect_err("null after comment");
    assert_eq!(e.span.start, 33);
    assert!(checked("move null promote Q").is_err());
}

/// CQL 6.2 (chessql-cases.txt and its `path` parser): `path verbose title "test" focus Q
/// piecepath max 3 k` parses; adding `primary` to it, or `piecepath` without a focus, exits 1.
#[test]
fn path_parameters_follow_cql_rules() {
    let checked = |q: &str| cql_to_ast(q).and_then(|a| cqlq::query::check_ast(&a).map(|_| ()));
    assert!(checked("path verbose title \"test\" focus Q piecepath max 3 k").is_ok());
    assert!(checked("path primary title \"test\" focus Q max 3 k").is_err());
    assert!(checked("path piecepath k").is_err());
    assert!(checked("path primary k").is_ok());
}

/// CQL 6.2 (chessql-cases.txt): `{q-2}` and `(rank q-2)` parse, `(q-2)` exits 1: after a set,
/// `-2` is a new filter, and parentheses hold one filter.
#[test]
fn parentheses_hold_one_filter() {
    assert!(cql_to_ast("{q-2}").is_ok());
    assert!(cql_to_ast("(rank q-2)").is_ok());
    let e = cql_to_ast("(q-2)").expect_err("two filters in parentheses");
    assert_eq!((e.span.start, e.span.end), (1, 4));
}

/// CQL 6.2 (chessql-cases.txt): `rotate45 N` and `rotate45 [a-h1-8]` parse, `rotate45 a5`
/// and `rotate45 [a5,b7,a-h1-7]` exit 1: rotate45 does not turn squares.
#[test]
fn rotate45_does_not_turn_squares() {
    let checked = |q: &str| cql_to_ast(q).and_then(|a| cqlq::query::check_ast(&a).map(|_| ()));
    assert!(checked("rotate45 N").is_ok());
    assert!(checked("rotate45 [a5,b7,a-h1-8]").is_ok());
    let e = checked("rotate45 [a5,b7,a-h1-7]").expect_err("squares");
    assert_eq!(e.span.start, 9);
}

/// CQL 6.2 (chessql-cases.txt): `path B[x]h7(check k[x]h7(N--g5 check))` and
/// `path --(-- --)` exit 1: in a path a dash's targets are the filters after it, and
/// parentheses after the dash hold one filter. Outside a path `--(btm to)` parses.
#[test]
fn path_dash_targets_are_the_following_filters() {
    assert!(cql_to_ast("--(btm to)").is_ok());
    assert!(cql_to_ast("path --(-- --)").is_err());
    let e = cql_to_ast("path B[x]h7(check k[x]h7(N--g5 check))").expect_err("crowded");
    assert_eq!(e.span.start, 11);
}

/// CQL 6.2's `move` parser reads `enpassantsquare` as a parameter needing a set, so
/// `move enpassantsquare` exits 1 (chessql-cases.txt); with a set it is one parameter of
/// the move filter, never read as two filters.
#[test]
fn move_enpassantsquare_is_a_parameter() {
    let e = cql_to_ast("move enpassantsquare").expect_err("needs a set");
    assert_eq!((e.kind, e.span.start), (ErrorKind::Syntax, 5));
    let ast = cql_to_ast("move enpassantsquare a3").expect("a move parameter");
    assert_eq!(ast.body.len(), 1);
}

/// CQL 6.2 (chessql-cases.txt): `path (-- --)--` and `path ( -- -- )--` parse: the chain
/// ends at ')', then a bare dash constituent follows.
#[test]
fn a_dash_may_follow_a_path_chain() {
    assert!(cql_to_ast("path (-- --)--").is_ok());
    assert!(cql_to_ast("path ( -- -- )--").is_ok());
}
