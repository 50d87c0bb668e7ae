//! Bad ICN never panics: thousands of mutations of real ICN texts (bytes flipped, deleted,
//! duplicated, special characters and huge numbers inserted) are read, replayed and judged;
//! each either works or returns an error, and every start position read is written and read
//! back equal.

use cqlq::rules::infinite::outcome::outcome;
use cqlq::rules::infinite::{icn_to_games, icn_to_position, position_to_icn};

const SEEDS: [&str; 3] = [
    "[Event \"x\"]\nw 4,3 0/100 1 (8;Q,R,B,N|1;q,r,b,n) checkmate {\"slideLimit\": 100} P1,2+|P4,4|p3,4|R1,1+|K5,1+|r8,8+|k5,8+|am2,2|HU7,7|ro-3,3|nr0,9|ob6,6|vo-1,-1\n1. P4,4 > 4,5 | p3,4 x 4,3 {ep?} 2. K5,1 > 7,1 | r8,8 > 8,1 #\n",
    "w (2|-7) (checkmate|allpiecescaptured) -6,15,-3,12 k5,2+|q4,2|P2,-1+|P3,-1+|RC0,0+|CH3,3\n3,-1>3,1|4,2>4,-9|0,0>2,0",
    "b 8,3 0/100 11 (8|1) {\"slideLimit\": 16} P8,4|k7,7|K4,2|q0,4|b2,-2\n0,4>4,4|4,2>5,1.4,4>4,3Q",
];

const INSERTS: [&str; 18] = [
    "|",
    "(|)",
    "{\"slideLimit\": 3}",
    " w ",
    " _,5,_,_ ",
    ",",
    ">",
    "x",
    "+",
    "-",
    "{",
    "}",
    "(",
    ")",
    ";",
    "9223372036854775807",
    "-9223372036854775808",
    "ü",
];

#[test]
fn mutated_icn_never_panics() {
    let mut rnd = crate::common::below_from(0x1234_5678_9ABC_DEF1);
    let mut parsed = 0;
    for i in 0..6000 {
        let mut s = SEEDS[i % SEEDS.len()].to_string();
        for _ in 0..1 + rnd(3) {
            let mut at = rnd(s.len() + 1);
            while !s.is_char_boundary(at) {
                at -= 1;
            }
            match rnd(4) {
                0 => s.insert_str(at, INSERTS[rnd(INSERTS.len())]),
                1 => {
                    let mut end = (at + 1 + rnd(4)).min(s.len());
                    while !s.is_char_boundary(end) {
                        end += 1;
                    }
                    s.replace_range(at..end, "");
                }
                2 => s.insert(at, char::from(b'0' + rnd(10) as u8)),
                _ => {
                    let mut end = (at + rnd(8)).min(s.len());
                    while !s.is_char_boundary(end) {
                        end += 1;
                    }
                    let dup = s[at..end].to_string();
                    s.insert_str(at, &dup);
                }
            }
        }
        if let Ok(games) = icn_to_games(&s) {
            parsed += 1;
            for g in games {
                let text = position_to_icn(&g.start);
                let again = icn_to_position(&text).unwrap_or_else(|e| panic!("{text}: {e}"));
                assert_eq!(again, g.start, "{s}\n{text}");
                if let Ok(r) = g.replay()
                    && let Some((last, _)) = r.last()
                {
                    let _ = outcome(last);
                }
                let _ = outcome(&g.start);
            }
        }
    }
    assert!(parsed > 100, "{parsed}");
}

// Issue 32, row 4: a byte-order mark and coordinates at the edge of `i64` are read, or
// reported as a bad game, never a panic.

use cqlq::rules::infinite::attack::{is_attacked, piece_attacks};
use cqlq::rules::infinite::board::Board;
use cqlq::rules::infinite::icn_to_games_each;
use cqlq::rules::infinite::movegen::legal_candidates;
use cqlq::rules::infinite::piece::{Kind, Owner, Piece};

const MIN: i64 = i64::MIN;
const MAX: i64 = i64::MAX;

/// Runs `cqlq --count -e QUERY` on a file holding `text`: (exit code, stdout, stderr).
fn count(text: &[u8], name: &str, query: &str) -> (Option<i32>, String, String) {
    let dir = crate::common::scratch("infinite-robust", "edge");
    let path = dir.path().join(name);
    std::fs::write(&path, text).unwrap();
    let out = std::process::Command::new(env!("CARGO_BIN_EXE_cqlq"))
        .args(["--count", "-e", query, path.to_str().unwrap()])
        .output()
        .unwrap();
    (
        out.status.code(),
        String::from_utf8_lossy(&out.stdout).into_owned(),
        String::from_utf8_lossy(&out.stderr).into_owned(),
    )
}

fn piece(kind: Kind, owner: Owner) -> Piece {
    Piece { kind, owner }
}

#[test]
fn a_byte_order_mark_before_icn_is_skipped() {
    // The reproducer: a UTF-8 BOM before the tags. The game has tags, a position and
    // one king move, so it reads as one game with its Event tag.
    let text = "\u{feff}[Event \"a\"]\n\nw K1,1|k5,5\n1,1>1,2\n";
    let games = icn_to_games_each(text);
    assert_eq!(games.len(), 1);
    let game = games[0].as_ref().unwrap();
    assert_eq!(game.tags, vec![("Event".to_string(), "a".to_string())]);
    assert_eq!(game.moves.len(), 1);
    // A BOM before text that is no game is a reported fault, not a slice inside the BOM.
    for bad in [
        "\u{feff}",
        "\u{feff}Z",
        "\u{feff}[",
        "\u{feff}\u{feff}K1,1|k2,2",
    ] {
        let games = icn_to_games_each(bad);
        assert!(games.iter().all(|g| g.is_err()), "{bad:?}: {games:?}");
    }
    // From the command line, by extension and by content: the game is read (one game, two
    // positions; `true` matches both) and nothing is reported.
    for name in ["bom.icn", "bom.txt"] {
        let (code, out, err) = count(text.as_bytes(), name, "true");
        assert_eq!((code, out.as_str()), (Some(0), "1\n"), "{name}: {err}");
        assert!(
            err.contains("1 game read") && err.contains("2 positions matched"),
            "{err}"
        );
        assert!(err.contains("0 bad games"), "{err}");
    }
}

#[test]
fn a_move_beside_a_queen_at_the_i64_edge_is_a_bad_game() {
    // The reproducer: the black queen on -2^63,1 sees the whole of rank 1 up to the
    // white king's new square 0,1 (nothing between), so 0,0>0,1 moves into check: an illegal
    // move, reported with the game, line and the reason (it panicked dividing -2^63 by -1).
    let text = "w 0/100 1 K0,0|k5,5|q-9223372036854775808,1\n0,0>0,1\n";
    let (code, out, err) = count(text.as_bytes(), "edge.icn", "check");
    assert_eq!(code, Some(1), "{err}");
    assert_eq!(out, "0\n");
    assert!(
        err.contains("game 1") && err.contains("it leaves a royal piece attacked"),
        "{err}"
    );
    assert!(!err.contains("panicked"), "{err}");
}

#[test]
fn the_nearest_piece_along_a_diagonal_to_the_corner_of_i64() {
    // From 0,0 towards -1,-1 the first piece is on the corner -2^63,-2^63, 2^63 steps away;
    // towards 1,-1 the one on 2^63-1,-(2^63-1), 2^63-1 steps; towards -1,1 the one on
    // -(2^63-1),2^63-1; past MAX,-MAX towards 1,-1 there is no square.
    let mut board = Board::new();
    board.put((MIN, MIN), piece(Kind::Bishop, Owner::Black));
    board.put((MAX, -MAX), piece(Kind::Bishop, Owner::Black));
    board.put((MIN + 1, MAX), piece(Kind::Rook, Owner::White));
    assert_eq!(board.nearest((0, 0), (-1, -1)), Some(((MIN, MIN), 1 << 63)));
    assert_eq!(
        board.nearest((0, 0), (1, -1)),
        Some(((MAX, -MAX), MAX as u64))
    );
    assert_eq!(
        board.nearest((0, 0), (-1, 1)),
        Some(((MIN + 1, MAX), MAX as u64))
    );
    assert_eq!(board.nearest((MAX, -MAX), (1, -1)), None);
}

#[test]
fn nothing_attacks_round_the_edge_of_i64() {
    // Squares are 64-bit: MAX + 1 is no square, so a piece on the right edge reaches nothing
    // on the left edge (wrapping arithmetic made MAX + 1 = MIN, a king's neighbour).
    let mut board = Board::new();
    board.put((MAX, 0), piece(Kind::King, Owner::White));
    board.put((MAX, 5), piece(Kind::Rose, Owner::White));
    board.put((MAX, 10), piece(Kind::Pawn, Owner::White));
    board.put((0, 0), piece(Kind::King, Owner::Black));
    assert!(!is_attacked(&board, (MIN, 0), Owner::White, None));
    assert!(!is_attacked(&board, (MIN, 1), Owner::White, None));
    // A rose's first knight step (2,1) from MAX,5 would land on MIN+1,6.
    let rose = piece(Kind::Rose, Owner::White);
    assert!(!piece_attacks(&board, rose, (MAX, 5), (MIN + 1, 6), None));
    // The pawn on MAX,10 captures towards MAX-1,11 only.
    assert!(!is_attacked(&board, (MIN, 11), Owner::White, None));
    assert!(is_attacked(&board, (MAX - 1, 11), Owner::White, None));
    // And the edge squares themselves are attacked as on any board.
    assert!(is_attacked(&board, (MAX - 1, 1), Owner::White, None));
}

#[test]
fn a_king_in_the_corner_of_i64_has_three_moves() {
    // A lone king on MAX,MAX (the black king far away) has the three neighbours inside the
    // plane, as a king in a corner of any board.
    let games = icn_to_games_each("w K9223372036854775807,9223372036854775807|k0,0\n");
    let start = &games[0].as_ref().unwrap().start;
    let mut to: Vec<_> = legal_candidates(start).into_iter().map(|m| m.to).collect();
    to.sort_unstable();
    assert_eq!(to, vec![(MAX - 1, MAX - 1), (MAX - 1, MAX), (MAX, MAX - 1)]);
}

#[test]
fn edge_coordinates_never_panic_in_any_filter() {
    // Pieces of every movement on the four edges, with a slide limit so moves are listed;
    // every query either answers or reports the game, never exit 101.
    let text = format!(
        "w 0/100 1 {{\"slideLimit\": 50}} K{MAX},{MAX}|k{MIN},{MIN}|R{MIN},0|B{MAX},{MIN}|\
         N{},5|p{MIN},{MAX}|P{MAX},-3|HU0,{MAX}|RO{MIN},7|NR5,{MIN}|Q{MAX},0\n\
         {MAX},0>{},0|{MIN},{MAX}>{MIN},{}\n",
        MAX - 1,
        MAX - 1,
        MAX - 1
    );
    for query in [
        "check",
        "mate",
        "stalemate",
        "move legal",
        "move legal : move legal : true",
        "A attacks k",
        ". attackedby A",
        "currentfen",
        "square all x in [Aa] true",
    ] {
        let (code, _, err) = count(text.as_bytes(), "edges.icn", query);
        assert!(matches!(code, Some(0 | 1)), "{query}: {code:?} {err}");
        assert!(!err.contains("panicked"), "{query}: {err}");
    }
}

#[test]
fn a_slide_to_a_piece_10_to_the_18_squares_away_is_refused_by_name() {
    // The rook's four rays are blocked, so its attack set is finite, but 4 * 10^18 squares:
    // listing it is refused with the limit named, the game reported.
    let text = "w K5,5|R0,0|k0,1000000000000000000|r1000000000000000000,0|n0,-1000000000000000000|b-1000000000000000000,0\n";
    let (code, _, err) = count(text.as_bytes(), "far.icn", ". attackedby R");
    assert_eq!(code, Some(1), "{err}");
    assert!(
        err.contains("slides 1000000000000000000 squares, more than the 100000"),
        "{err}"
    );
}
