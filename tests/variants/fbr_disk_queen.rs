//! Seed 001's `promotion` example for `demote`, word for word (`fbr::apply::disk_mounting`,
//! `fairy::layer_mounting`):
//!
//! `promotion*[1-12]=capture{D} promotion#[1-12]=swap,enpassant,origin,demote @D=K D
//! Q=acc?{D}Q *Q==(wwO--:QD:)+D :QD:=Q #Q==D -:QD:==Q`
//!
//! "After capturing a Disk (D), the Queen (Q) will promote to a Queen with mounted Disk
//! (:QD:). The side to move may umnount the Disk with a queen move – with the use of promotion
//! rules "#" and "-" –; this means that after moving the promoted Queen it will demote to a
//! Queen, and the Disk will remain on the start square."
//!
//! No oracle mounts pieces (Fairy-Stockfish's variants have no piece carrying another), so
//! each position is hand-made with the seed's sentence beside it; the queen's own moves are
//! counted by hand along its eight lines. An unmounting move is written as a gate is (the
//! Disk left on the start square: `:QD:d7/D`, coordinates `d4d7d`).

use cqlq::rules::fbr::chess_with_rules;

use super::common::rules_count_summary;
use super::fbr_rules::{from, on, play, pos};

/// The seed's example as written.
const DISK_QUEEN: &str = "promotion*[1-12]=capture{D} promotion#[1-12]=swap,enpassant,origin,demote @D=K D Q=acc?{D}Q *Q==(wwO--:QD:)+D :QD:=Q #Q==D -:QD:==Q";

/// White: king e1, queen d1, Disk d4; black: king e8.
const QUEEN_AND_DISK: &str = "4k3/8/8/8/3D4/8/8/3QK3 w - - 0 1";

/// White: king e1, mounted queen d4; black: king e8.
const MOUNTED: &str = "4k3/8/8/8/3:QD:4/8/8/4K3 w - - 0 1";

/// The 27 queen moves from d4 on a board whose other pieces stand off its lines (kings e1,
/// e8): the d-file (7), the fourth rank (7), the a1-h8 diagonal (7), the a7-g1 diagonal (6).
fn queen_from_d4() -> Vec<String> {
    let mut v: Vec<String> = [
        "d1", "d2", "d3", "d5", "d6", "d7", "d8", "a4", "b4", "c4", "e4", "f4", "g4", "h4", "a1",
        "b2", "c3", "e5", "f6", "g7", "h8", "a7", "b6", "c5", "e3", "f2", "g1",
    ]
    .iter()
    .map(|s| s.to_string())
    .collect();
    v.sort();
    v
}

#[test]
fn the_disk_moves_as_a_king_by_its_macro() {
    // `@D=K D`: the macro `D` names the king's movement and the bare `D` is the Disk, a new
    // piece of letter D, moving by its letter's movement, the macro (not Betza's dabbaba).
    let p = pos(DISK_QUEEN, QUEEN_AND_DISK);
    assert_eq!(
        from(&p, "d4"),
        ["c3", "c4", "c5", "d3", "d5", "e3", "e4", "e5"]
    );
}

#[test]
fn the_queen_capturing_its_own_disk_becomes_the_mounted_queen() {
    // "After capturing a Disk (D), the Queen (Q) will promote to a Queen with mounted Disk
    // (:QD:)": `Q=acc?{D}Q` takes the friendly Disk on d4 (the d-file's first piece) among
    // its queen moves (a4 b3 c2 north-west, d2 d3 d4 north, e2 f3 g4 h5 north-east, c1 b1
    // a1 west); a plain queen has no unmounting twin (it carries no Disk).
    let p = pos(DISK_QUEEN, QUEEN_AND_DISK);
    assert_eq!(
        from(&p, "d1"),
        [
            "a1", "a4", "b1", "b3", "c1", "c2", "d2", "d3", "d4", "e2", "f3", "g4", "h5"
        ]
    );
    let mut q = p.clone();
    let m = q.san_to_move("Qxd4").expect("Qxd4");
    q.make(&m);
    assert_eq!(on(&q, "d4"), Some((0, ":QD:".to_string())));
    assert_eq!(on(&q, "d1"), None);
    // `capture{D}`: "only ... if one of the piece types specified inside the piece set is
    // being captured": a move capturing nothing leaves the queen a queen.
    let mut q = p.clone();
    let m = q.san_to_move("Qd3").expect("Qd3");
    q.make(&m);
    assert_eq!(on(&q, "d3"), Some((0, "Q".to_string())));
}

#[test]
fn the_mounted_queen_moves_as_a_queen_with_or_without_unmounting() {
    // `:QD:=Q`: the mounted queen's 27 queen moves from d4; "The side to move may umnount
    // the Disk with a queen move": each of them also unmounting (the Disk left, `d`).
    let p = pos(DISK_QUEEN, MOUNTED);
    let queen = queen_from_d4();
    let mut expected: Vec<String> = queen
        .iter()
        .flat_map(|s| [s.clone(), format!("{s}d")])
        .collect();
    expected.sort();
    assert_eq!(from(&p, "d4"), expected);
    // Without unmounting it stays mounted.
    let mut q = p.clone();
    let m = q.san_to_move(":QD:d7").expect(":QD:d7");
    q.make(&m);
    assert_eq!(on(&q, "d7"), Some((0, ":QD:".to_string())));
    assert_eq!(on(&q, "d4"), None);
    // Unmounting: "after moving the promoted Queen it will demote to a Queen, and the Disk
    // will remain on the start square".
    let mut q = p.clone();
    let m = q.san_to_move(":QD:d7/D").expect(":QD:d7/D");
    q.make(&m);
    assert_eq!(on(&q, "d7"), Some((0, "Q".to_string())));
    assert_eq!(on(&q, "d4"), Some((0, "D".to_string())));
    assert_eq!(
        q.to_fen(true).split(' ').next(),
        Some("4k3/3Q4/8/8/3D4/8/8/4K3")
    );
    // The same unmounting in coordinates.
    let mut q = p.clone();
    play(&mut q, "d4d7d");
    assert_eq!(on(&q, "d7"), Some((0, "Q".to_string())));
    assert_eq!(on(&q, "d4"), Some((0, "D".to_string())));
}

#[test]
fn an_unmounting_capture_and_black_mirrored() {
    // A capture with unmounting: the queen takes the rook on d7 and the Disk stays on d4.
    let p = pos(DISK_QUEEN, "4k3/3r4/8/8/3:QD:4/8/8/4K3 w - - 0 1");
    let mut q = p.clone();
    let m = q.san_to_move(":QD:xd7/D+").expect(":QD:xd7/D+");
    q.make(&m);
    assert_eq!(on(&q, "d7"), Some((0, "Q".to_string())));
    assert_eq!(on(&q, "d4"), Some((0, "D".to_string())));
    // Black's mounted queen on d5 (the position mirrored, colours changed) unmounts alike.
    let p = pos(DISK_QUEEN, "4k3/8/8/3:qd:4/8/8/8/4K3 b - - 0 1");
    let mut q = p.clone();
    let m = q.san_to_move(":QD:d2/D").expect(":QD:d2/D");
    q.make(&m);
    assert_eq!(on(&q, "d2"), Some((1, "Q".to_string())));
    assert_eq!(on(&q, "d5"), Some((1, "D".to_string())));
}

#[test]
fn capturing_an_enemy_disk_mounts_it_too() {
    // `capture{D}`: "only ... if one of the piece types specified inside the piece set is
    // being captured": the set names the type, of either side; the queen taking black's Disk
    // on d4 by an ordinary capture becomes `:QD:` as well.
    let mut p = pos(DISK_QUEEN, "4k3/8/8/8/3d4/8/8/3QK3 w - - 0 1");
    let m = p.san_to_move("Qxd4").expect("Qxd4");
    p.make(&m);
    assert_eq!(on(&p, "d4"), Some((0, ":QD:".to_string())));
    // An unmounting move that captures a Disk: the `#` rule fired in the move's first leg
    // (`enpassant`: "the move will continue with the promoted piece"), so the queen that
    // lands has captured a Disk and mounts it: `:QD:` on d7, its old Disk on d4.
    let mut p = pos(DISK_QUEEN, "4k3/3d4/8/8/3:QD:4/8/8/4K3 w - - 0 1");
    let m = p.san_to_move(":QD:xd7/D").expect(":QD:xd7/D");
    p.make(&m);
    assert_eq!(on(&p, "d7"), Some((0, ":QD:".to_string())));
    assert_eq!(on(&p, "d4"), Some((0, "D".to_string())));
}

#[test]
fn the_unmounted_queen_mounts_its_disk_again() {
    // The queen left beside its Disk is a queen again: capturing the Disk mounts it anew.
    let mut p = pos(DISK_QUEEN, MOUNTED);
    for m in [":QD:d7/D", "Kf8", "Qxd4"] {
        let mv = p.san_to_move(m).unwrap_or_else(|e| panic!("{m}: {e}"));
        p.make(&mv);
    }
    assert_eq!(on(&p, "d4"), Some((0, ":QD:".to_string())));
    assert_eq!(on(&p, "d7"), None);
    // A plain queen cannot unmount (it carries no Disk): `Qd3/D` is no move.
    let p = pos(DISK_QUEEN, QUEEN_AND_DISK);
    assert!(p.san_to_move("Qd3/D").is_err());
}

#[test]
fn a_disk_queen_game_replays_from_pgn_and_a_wrong_move_is_a_bad_game() {
    // 1. Qxd4 mounts the Disk; 2. :QD:d7/D+ unmounts it on d4, the queen on d7 checking the
    // king on f7 along the seventh rank; 3. Qxd4+ mounts it again, the mounted queen on d4
    // checking the king on f6 along the a1-h8 diagonal (e5 empty). Two checks.
    let pgn = format!(
        "[Event \"disk queen\"]\n[SetUp \"1\"]\n[FEN \"{QUEEN_AND_DISK}\"]\n\n1. Qxd4 Kf7 2. :QD:d7/D+ Kf6 3. Qxd4+ *\n\n"
    );
    let summary = rules_count_summary(DISK_QUEEN, "check", &pgn);
    assert!(summary.contains("2 positions matched"), "{summary}");
    assert!(summary.contains("0 bad games"), "{summary}");
    // A queen that carries no Disk leaves none behind: `1. Qd3/D` is no move.
    let bad = pgn.replace("1. Qxd4 Kf7 2. :QD:d7/D+ Kf6 3. Qxd4+", "1. Qd3/D");
    let summary = rules_count_summary(DISK_QUEEN, "check", &bad);
    assert!(summary.contains("1 bad game"), "{summary}");
}

#[test]
fn what_the_example_does_not_say_is_refused_at_its_column() {
    for (rules, column, words) in [
        // A swap rule with no zero swap to fire it.
        (
            "promotion#=swap,enpassant,origin,demote #Q==D -Q==R",
            12,
            "zero swap",
        ),
        // The unmounting read is the example's four attributes.
        (
            "promotion#=swap,origin,demote D=K Q=acc?{D}Q promotion*=capture{D} *Q==(wwO--:QD:) :QD:=Q #Q==D -:QD:==Q",
            1,
            "without `enpassant`",
        ),
        // Another movement as a result.
        ("*Q==(mW--:QD:)", 5, "MBN movement"),
        // An alternative that adds moves the promoted piece lacks (a knight beside a queen).
        (
            "promotion*=capture{D} D=K Q=acc?{D}Q *Q==(wwO--:QD:)+N :QD:=Q",
            54,
            "adds moves",
        ),
        // A movement result under `origin` (it would put a movement on a square).
        (
            "promotion*=origin D=K *Q==(wwO--:QD:) :QD:=Q",
            27,
            "moved piece's promotion",
        ),
        // The Disk left behind is written and placed as a gate: beside a holding refused.
        (
            "holding promotion*[1-12]=capture{D} promotion#[1-12]=swap,enpassant,origin,demote @D=K D Q=acc?{D}Q *Q==(wwO--:QD:)+D :QD:=Q #Q==D -:QD:==Q",
            54,
            "beside `holding`",
        ),
        // Two triggers.
        (
            "promotion*=capture{D},move D=K *Q==:QD: :QD:=Q",
            23,
            "two triggers",
        ),
    ] {
        let e = chess_with_rules(rules).err();
        let e = e.unwrap_or_else(|| panic!("`{rules}` was accepted"));
        assert_eq!(e.column, column, "{rules}: {e}");
        assert!(e.reason.contains(words), "{rules}: {e}");
    }
}
