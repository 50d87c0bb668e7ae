//! A movement bound to an announcement (seed 001's `announcement`: "Either a special move
//! definition, or a special promotion rule, must be specified for this announcment, but only
//! for the affected pieces"; "an annoucement will be done before moving, and it applies to the
//! related piece then moving"): `W/Name/=MBN`, on the nine-rank board of `fbr_announcement`
//! (its Warrior `W` steps one square forward, captures one diagonally forward). No oracle has
//! announcements, so each position is hand-made with the seed's sentence beside it; a PGN game
//! replayed by `--rules` checks the token `Wc4/Jump/` end to end.

use std::sync::Arc;

use cqlq::rules::fairy::{FairyPos, MoveKind, load_variants};
use cqlq::rules::fbr::variant_with_rules;

use crate::common::fairy_square_name as sq;

/// The board: as `fbr_announcement`'s (8 files, 9 ranks, a king and the Warrior `W`).
const BOARD: &str = "Variant: Dragon announcement (8x9)
Board: 8x9
FEN: \"4k3/8/8/8/8/8/8/WWWWWWWW/4K3 w - - 0 1\"

Piece: King
Move: leap (0,1)|(1,1)
Symbol: \"K\", \"K,k\"
Flags: royal

Piece: Warrior
Move: step N
Capture: step NE,NW
Symbol: \"W\", \"W,w\"
";

/// The Warrior announcing `Jump` moves by `mfD` (two squares straight forward, to an empty
/// square) onto rank 4 (black's: rank 6, mirrored); `Grab` captures by `cfD`.
const RULES: &str = "announcement{W}[4]/Jump/ W/Jump/=mfD announcement{W}/Grab/ W/Grab/=cfD";

fn pos(rules: &str, fen: &str) -> Result<FairyPos, String> {
    let def = load_variants("board", BOARD).expect("definition")[0]
        .def
        .clone();
    let v = variant_with_rules(&def, rules).map_err(|e| e.to_string())?;
    Ok(FairyPos::from_fen(Arc::new(v), fen).expect("fen"))
}

/// The legal board moves from `square`'s destinations, sorted.
fn from(p: &FairyPos, square: &str) -> Vec<String> {
    let mut v: Vec<String> = p
        .legal_moves()
        .iter()
        .filter(|m| m.kind == MoveKind::Normal && sq(m.from) == square)
        .map(|m| sq(m.to))
        .collect();
    v.sort();
    v
}

#[test]
fn an_announced_piece_moves_by_the_bound_movement() {
    // "it applies to the related piece then moving": the Warrior on c2 steps to c3 plainly
    // and, declaring `Jump`, moves by `mfD` to c4 (rank 4, the announcement's range).
    let p = pos(RULES, "4k3/8/8/8/8/8/8/2W5/4K3 w - - 0 1").unwrap();
    assert_eq!(from(&p, "c2"), ["c3", "c4"]);
    // The declaration names the move: `Wc4` alone is no move, `Wc3/Jump/` changes nothing
    // (the plain step: "it must be applied, but only if possible").
    assert!(p.san_to_move("Wc4/Jump/").is_ok());
    assert!(p.san_to_move("Wc4").is_err());
    assert!(p.san_to_move("Wc3/Jump/").is_err());
    assert!(p.san_to_move("Wc3").is_ok());
    // From c3 the jump would end on c5, off the range: none.
    let p = pos(RULES, "4k3/8/8/8/8/8/2W5/8/4K3 w - - 0 1").unwrap();
    assert_eq!(from(&p, "c3"), ["c4"]);
    // Black's is mirrored: c8 to c6 (its rank 4).
    let p = pos(RULES, "4k3/2w5/8/8/8/8/8/8/4K3 b - - 0 1").unwrap();
    assert_eq!(from(&p, "c8"), ["c6", "c7"]);
}

#[test]
fn a_bound_capturing_movement_captures_only_when_declared() {
    // `Grab` (`cfD`, everywhere): the Warrior on c2 takes the black Warrior on c4, which it
    // cannot plainly; c4 empty, no capture is there to make.
    let p = pos(RULES, "4k3/8/8/8/8/2w5/8/2W5/4K3 w - - 0 1").unwrap();
    assert!(from(&p, "c2").contains(&"c4".to_string()));
    assert!(p.san_to_move("Wxc4/Grab/").is_ok());
    assert!(p.san_to_move("Wxc4").is_err());
    let p = pos(RULES, "4k3/8/8/8/8/8/8/2W5/4K3 w - - 0 1").unwrap();
    assert!(p.san_to_move("Wc4/Grab/").is_err());
}

#[test]
fn bound_movements_cqlq_cannot_apply_are_refused_at_their_column() {
    for (rules, column, words) in [
        // No announcement of that name.
        ("W/Jump/=mfD", 3, "names no announcement"),
        // A piece not among the announcement's.
        (
            "announcement{K}/Jump/ W/Jump/=mfD",
            23,
            "not among the pieces",
        ),
        // A swap.
        ("announcement{W}/Jump/ W/Jump/=wK", 31, "swap"),
    ] {
        let e = pos(rules, "4k3/8/8/8/8/8/8/2W5/4K3 w - - 0 1").unwrap_err();
        assert!(e.contains(&format!("column {column}")), "{rules}: {e}");
        assert!(e.contains(words), "{rules}: {e}");
    }
}

#[test]
fn an_announced_movement_game_replays_from_pgn() {
    // End to end: the definition from a file, the rules by `--rules`; `1. Wc4/Jump/` puts the
    // Warrior on c4 (the query `[=W]c4` matches the two positions after it), and the game
    // without the declaration is a bad game naming its move.
    let dir = tempfile::tempdir().expect("temp dir");
    let defs = dir.path().join("board.txt");
    std::fs::write(&defs, BOARD).expect("write definitions");
    let head = "[Variant \"Dragon announcement\"]\n[SetUp \"1\"]\n[FEN \"4k3/8/8/8/8/8/8/2W5/4K3 w - - 0 1\"]\n\n";
    let pgn = format!("{head}1. Wc4/Jump/ Kd8 *\n\n{head}1. Wc4 Kd8 *\n");
    let out = crate::common::cqlq_fed(
        None,
        &[
            "--variants",
            defs.to_str().unwrap(),
            "--rules",
            RULES,
            "-e",
            "[=W]c4",
            "-",
        ],
        pgn.as_bytes(),
    );
    let err = crate::common::stderr(&out);
    let text = String::from_utf8_lossy(&out.stdout);
    assert!(
        err.contains("1 matched, 2 positions matched, 1 bad game"),
        "{err}"
    );
    assert!(err.contains("Wc4"), "the bad game names the move: {err}");
    assert!(text.contains("Wc4/Jump/"), "{text}");
}
