//! MBN piece definitions (`MBN:` in a definitions file, `rules::fbr::mbn`): the moves of each
//! piece equal Fairy-Stockfish's for the same piece written in Betza
//! (`tests/expected/mbn-fsf.txt`, written by `scripts/mbn_fsf.py` from pyffish), on positions
//! with white and black to move; the parts of MBN that are not evaluated are refused by name at
//! their column.

use cqlq::rules::fairy::{FMove, FairyPos, load_variants};
use cqlq::rules::fbr::chess_with_rules;
use cqlq::rules::fbr::mbn::{MbnError, mbn_atoms, mbn_to_moves};

/// A SjaakII definition: kings, pawns, knights, rooks and the piece `A` defined by `mbn`.
fn definition(mbn: &str) -> String {
    format!(
        "Variant: MBN test\nBoard: 8x8\nFEN: \"k7/8/8/8/8/8/8/7K w - - 0 1\"\n\n\
         Piece: King\nMove: leap (1,0)|(1,1)\nSymbol: \"K\", \"K,k\"\nFlags: royal\n\n\
         Piece: Pawn\nMove: step N\nCapture: step NE,NW\nSymbol: \" \", \"P,p\"\n\n\
         Piece: Knight\nMove: leap (2,1)\nSymbol: \"N\", \"N,n\"\n\n\
         Piece: Rook\nMove: slide (H,V)\nSymbol: \"R\", \"R,r\"\n\n\
         Piece: Test\nMBN: {mbn}\nSymbol: \"A\", \"A,a\"\n"
    )
}

fn square(s: u8) -> String {
    format!("{}{}", (b'a' + s % 16) as char, s / 16 + 1)
}

/// The sorted UCI moves from `from` of the position `fen` with `A` defined by `mbn`.
pub fn moves_from(mbn: &str, fen: &str, from: &str) -> Vec<String> {
    let v = load_variants("mbn.txt", &definition(mbn))
        .unwrap_or_else(|e| panic!("{mbn}: {e}"))
        .remove(0);
    listed_from(v, fen, from)
}

/// The same through `--rules`: FIDE chess plus the piece definition `A=MBN`.
pub fn rules_moves_from(mbn: &str, fen: &str, from: &str) -> Vec<String> {
    let v = chess_with_rules(&format!("A={mbn}")).unwrap_or_else(|e| panic!("{mbn}: {e}"));
    listed_from(v, fen, from)
}

pub fn listed_from(
    v: std::sync::Arc<cqlq::rules::fairy::Variant>,
    fen: &str,
    from: &str,
) -> Vec<String> {
    let p = FairyPos::from_fen(v, fen).unwrap_or_else(|e| panic!("{fen}: {e:?}"));
    let mut got: Vec<String> = p
        .legal_moves()
        .iter()
        .map(|m: &FMove| format!("{}{}", square(m.from), square(m.to)))
        .filter(|m| m.starts_with(from))
        .collect();
    got.sort();
    got
}

#[test]
fn mbn_pieces_move_as_fairy_stockfish_moves_their_betza_twins() {
    let text = include_str!("../expected/mbn-fsf.txt");
    assert!(text.starts_with("# Source: Fairy-Stockfish"));
    let mut rows = 0;
    for line in text.lines().filter(|l| !l.starts_with('#')) {
        let f: Vec<&str> = line.split('\t').collect();
        let (mbn, betza, fen, want) = (f[0], f[1], f[2], f[3]);
        let from = &want[..2.min(want.len())];
        // The piece stands on d4, b2, g7 or d5 (the script's positions); an empty list has
        // no square to read, so read it from the position instead.
        let from = if from.is_empty() {
            ["d4", "b2", "g7", "d5"]
                .into_iter()
                .find(|s| fen_square_holds_a(fen, s))
                .unwrap()
        } else {
            from
        };
        let want: Vec<String> = want.split_whitespace().map(String::from).collect();
        assert_eq!(
            moves_from(mbn, fen, from),
            want,
            "MBN {mbn} (Betza {betza}) on {fen}"
        );
        assert_eq!(
            rules_moves_from(mbn, fen, from),
            want,
            "--rules A={mbn} (Betza {betza}) on {fen}"
        );
        rows += 1;
    }
    assert_eq!(rows, 30 * 8);
}

/// Whether the FEN's square `sq` holds `A` or `a`.
fn fen_square_holds_a(fen: &str, sq: &str) -> bool {
    let b = sq.as_bytes();
    let (file, rank) = ((b[0] - b'a') as usize, (b[1] - b'1') as usize);
    let row = fen
        .split(' ')
        .next()
        .unwrap()
        .split('/')
        .nth(7 - rank)
        .unwrap();
    let mut x = 0;
    for c in row.chars() {
        if let Some(d) = c.to_digit(10) {
            x += d as usize;
        } else {
            if x == file {
                return c.eq_ignore_ascii_case(&'a');
            }
            x += 1;
        }
    }
    false
}

#[test]
fn black_mirrors_at_the_horizontal_bisector() {
    // Seed 001, `mirror`: "The default is mirror=vertical, this means that all board
    // coordinates and all movements will be mirrored at the horizontal bisector for the black
    // pieces." White's `(fl)F` from d4 goes to c5 (forward = up, left = towards a); black's
    // is its mirror image (x, -y): c3. (Fairy-Stockfish turns black's moves by 180 degrees
    // instead, e3, so it is not the truth for left/right-only pieces.)
    assert_eq!(
        moves_from("(fl)F", "k7/8/8/8/3A4/8/8/7K w - - 0 1", "d4"),
        ["d4c5"]
    );
    assert_eq!(
        moves_from("(fl)F", "k7/8/8/8/3a4/8/8/7K b - - 0 1", "d4"),
        ["d4c3"]
    );
    // `rsN`: the two wide knight leaps to the right; black's are their mirror images: still
    // right (f5, f3 from d4).
    assert_eq!(
        moves_from("rsN", "k7/8/8/8/3a4/8/8/7K b - - 0 1", "d4"),
        ["d4f3", "d4f5"]
    );
}

#[test]
fn a_rider_of_a_longer_leap_repeats_it_while_the_squares_are_empty() {
    // `D0`: the (2,0) leap repeated in one direction, stopping at the first occupied landing
    // square (captured when it is the enemy's), jumping the squares between. Fairy-Stockfish's
    // Betza has no `DD` (it lists no move), so the squares are counted here: from d4 on the
    // empty board b4 f4 h4 d2 d6 d8; with a white pawn on d6 and a black one on f4, d2 b4 and
    // the capture on f4 (h4 lies behind it), and a pawn on d5 (jumped) does not block d6.
    assert_eq!(
        moves_from("D0", "k7/8/8/8/3A4/8/8/7K w - - 0 1", "d4"),
        ["d4b4", "d4d2", "d4d6", "d4d8", "d4f4", "d4h4"]
    );
    assert_eq!(
        moves_from("D0", "k7/8/3P4/8/3A1p2/8/8/7K w - - 0 1", "d4"),
        ["d4b4", "d4d2", "d4f4"]
    );
    assert_eq!(
        moves_from("D0", "k7/8/8/3P4/3A4/8/8/7K w - - 0 1", "d4"),
        ["d4b4", "d4d2", "d4d6", "d4d8", "d4f4", "d4h4"]
    );
}

fn fault(text: &str) -> MbnError {
    mbn_to_moves(text)
        .and_then(|m| mbn_atoms(&m).map(|_| ()))
        .unwrap_err()
}

#[test]
fn unevaluated_mbn_is_refused_by_name_at_its_column() {
    // Each refusal names the element and points at its column (1-based).
    let cases = [
        ("W-F", 2, "move sequence"),
        ("mW+pR", 4, "modifier `p` (hop)"),
        ("nN", 1, "modifier `n`"),
        (
            "W0+ifW2",
            4,
            "modifier `i` is evaluated only in a piece's movement",
        ),
        ("<1>W", 1, "board transition"),
        ("W[1-2]", 2, "board range"),
        ("W02", 2, "exact step count"),
        ("X", 1, "not a basic leaper"),
        ("fW+", 4, "needs a piece letter"),
        ("K0", 2, "takes a step count of 1 to 255 only"),
        ("bN", 1, "ambiguous"),
        ("fbW+(fl)W", 5, "no direction"),
        ("W?", 2, "`?` cannot follow"),
    ];
    for (text, column, words) in cases {
        let e = fault(text);
        assert_eq!(e.column, column, "{text}: {e}");
        assert!(e.reason.contains(words), "{text}: {e}");
    }
    // In a definitions file the fault names the file and line.
    let e = load_variants("mbn.txt", &definition("mW+pN")).unwrap_err();
    assert_eq!(e.line, 24, "{e}");
    assert!(e.to_string().contains("MBN, column 4"), "{e}");
}

#[test]
fn piece_definitions_in_a_rule_list() {
    // Seed 001 writes piece definitions beside the rules (`... K Q=BN R B N P`): a bare
    // letter names a piece of the board, `L=MBN` gives it that movement. `N=W`: the knight
    // on d4 steps like a wazir (d5 d3 c4 e4).
    let v = chess_with_rules("royal K N=W").unwrap();
    assert_eq!(
        listed_from(v, "k7/8/8/8/3N4/8/8/7K w - - 0 1", "d4"),
        ["d4c4", "d4d3", "d4d5", "d4e4"]
    );
    // A named new piece: `X|Xiphos|=F2` (at most two diagonal steps) from d4 on an empty
    // board: c5 b6 e5 f6 c3 b2 e3 f2.
    let v = chess_with_rules("X|Xiphos|=F2").unwrap();
    assert_eq!(
        listed_from(v, "k7/8/8/8/3X4/8/8/7K w - - 0 1", "d4"),
        [
            "d4b2", "d4b6", "d4c3", "d4c5", "d4e3", "d4e5", "d4f2", "d4f6"
        ]
    );
    // Faults point into the rules text.
    for (rules, column, words) in [
        ("royal Y", 7, "`Y` names no piece"),
        ("royal +K", 8, "no promotion to keep"),
        ("royal :FD:", 7, "`:FD:` names no piece"),
        ("royal A=mW+pN", 12, "on a leap"),
        ("royal A2=W", 8, "after a piece letter"),
        ("royal A|Archer=W", 8, "closing `|`"),
    ] {
        let e = chess_with_rules(rules).map(|_| ()).unwrap_err();
        assert_eq!(e.column, column, "{rules}: {e}");
        assert!(e.reason.contains(words), "{rules}: {e}");
    }
}
