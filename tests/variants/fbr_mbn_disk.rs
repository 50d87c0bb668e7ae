//! MBN captures of friendly pieces (`cc`, `cy`), the modifier `a` and the optional mark `?`,
//! as seed 001's Disk examples write them (`Q=acc?{D}Q`: "After capturing a Disk (D), the
//! Queen (Q) will promote to a Queen with mounted Disk"; `K=acc?{D}:K:`: "After capturing a
//! friendly Disk the piece will mount the Disk"). The modifiers' meanings are the MBN page's,
//! as LeCodex/modified-betza-notation-js `mbn.js` restates its table: "c Capture only, but do
//! not move (only). The set of captured pieces can be restricted (or extended) to a piece set
//! following the prefix ... A doubled modifier (cc) allows capturing of friendly pieces, but
//! not the capturing of enemies. And if suffixed with y (cy) all pieces, inclusively friendly
//! pieces, can be captured. This modifier can be declared as optional, but this is only useful
//! if combined with a following piece set"; "a All means: move or capture ... This modifier
//! allows moving and capturing anyway, and cannot be superseeded".
//!
//! No oracle captures friendly pieces (Fairy-Stockfish's Betza has no such modifier, and its
//! variants.ini has no self-capture option: pyffish 0.0.90 ignores `selfCapture = true`,
//! tried), so each position is hand-made: the ordinary moves are Fairy-Stockfish's for the same
//! position (pyffish 0.0.90 `legal_moves("chess", fen, [])`, the Disk replaced by a white
//! knight, which blocks the queen alike), the friendly captures reasoned beside them.

use cqlq::rules::fbr::chess_with_rules;

use super::common::rules_count_summary;
use super::fbr_rules::{from, on, pos};

/// A Disk moving as a king (the seed's `@D=K D`, written directly) and the seed's queen.
const DISK_QUEEN: &str = "D|Disk|=K Q=acc?{D}Q";

/// White: king e1, queen d1, Disk d4, pawn f3; black: king e8, knight a1.
const QUEEN_FEN: &str = "4k3/8/8/8/3D4/5P2/8/n2QK3 w - - 0 1";

#[test]
fn the_disk_queen_captures_its_own_disk_and_moves_as_a_queen() {
    let p = pos(DISK_QUEEN, QUEEN_FEN);
    // Fairy-Stockfish, the Disk on d4 a white knight: d1 goes to a4 b3 c2 (north-west), d2 d3
    // (north, stopped by d4), e2 (north-east, stopped by the pawn on f3), c1 b1 and the
    // capture of the black knight on a1 (west); e1 is the king. `a` keeps all of them ("allows
    // moving and capturing anyway"); `cc?{D}` adds the friendly Disk on d4, the first piece on
    // the d-file, and not the pawn on f3 (not in the set).
    assert_eq!(
        from(&p, "d1"),
        ["a1", "a4", "b1", "b3", "c1", "c2", "d2", "d3", "d4", "e2"]
    );
    // The capture is read with its mark and removes the Disk; a friendly capture goes to no
    // hand (FIDE chess has none).
    let m = p.san_to_move("Qxd4").expect("Qxd4");
    assert_eq!(m.capture, Some(3 * 16 + 3));
    let mut q = p.clone();
    q.make(&m);
    assert_eq!(on(&q, "d4"), Some((0, "Q".to_string())));
    assert_eq!(on(&q, "d1"), None);
    assert!(q.hand.iter().all(|h| h.iter().all(|&n| n == 0)));
    // A queen that is not defined with `cc` captures no friendly piece.
    let plain = pos("D|Disk|=K", QUEEN_FEN);
    assert!(!from(&plain, "d1").contains(&"d4".to_string()));
}

#[test]
fn a_friendly_capture_in_a_game_is_a_capture_and_a_wrong_one_a_bad_game() {
    // 1. Qxd4 takes the own Disk; 2. Qe4+ checks the king on e7 along the e-file.
    let pgn = format!(
        "[Event \"disk\"]\n[SetUp \"1\"]\n[FEN \"{QUEEN_FEN}\"]\n\n1. Qxd4 Ke7 2. Qe4+ *\n\n"
    );
    let summary = rules_count_summary(DISK_QUEEN, "check", &pgn);
    assert!(summary.contains("1 position matched"), "{summary}");
    assert!(summary.contains("0 bad games"), "{summary}");
    // The pawn on f3 is not in the queen's set `{D}`: capturing it is no move.
    let bad = pgn.replace("1. Qxd4 Ke7 2. Qe4+", "1. Qxf3");
    let summary = rules_count_summary(DISK_QUEEN, "check", &bad);
    assert!(summary.contains("1 bad game"), "{summary}");
}

#[test]
fn cc_captures_friendly_pieces_only_and_never_its_own_king() {
    // `N=mN+ccN`: the knight moves to empty squares (`m`) and captures friendly pieces
    // (`cc`: "allows capturing of friendly pieces, but not the capturing of enemies"). From
    // d4: c2 and e2 are empty, b3 and f5 empty; b5 and e6 hold white pawns (captured), c6 a
    // black rook (not: no enemy capture), f3 the white king (not: a friendly capture never
    // takes its own side's royal piece).
    let p = pos("N=mN+ccN", "4k3/8/2r1P3/1P6/3N4/5K2/8/8 w - - 0 1");
    assert_eq!(from(&p, "d4"), ["b3", "b5", "c2", "e2", "e6", "f5"]);
}

#[test]
fn cy_captures_any_piece() {
    // `R=mR+cyR`: "if suffixed with y (cy) all pieces, inclusively friendly pieces, can be
    // captured". Fairy-Stockfish's rook on d4 goes to c4 d3 d5 d6 e4 f4 g4; `cy` adds the
    // white pawns on b4 and d2, the first pieces on their lines. From d4: the d-file up to the black knight on d6 (d5, d6), down to the white
    // pawn on d2 (d3, d2); the rank up to the white pawn on b4 (c4, b4) and to the black pawn
    // on g4 (e4, f4, g4).
    let p = pos("R=mR+cyR", "4k3/8/3n4/8/1P1R2p1/8/3P4/4K3 w - - 0 1");
    assert_eq!(
        from(&p, "d4"),
        ["b4", "c4", "d2", "d3", "d5", "d6", "e4", "f4", "g4"]
    );
}

#[test]
fn a_friendly_capture_that_exposes_the_king_is_illegal() {
    // White king a1, queen b2 on the long diagonal, Disk c2; black bishop h8 (Fairy-Stockfish,
    // the Disk a knight: the pinned queen goes to c3 d4 e5 f6 g7 h8 only). Qxc2 leaves the
    // diagonal open to the bishop: the capture is no legal move (a capture is a move, and a
    // move may not leave the own king in check).
    let p = pos(DISK_QUEEN, "4k2b/8/8/8/8/8/1QD5/K7 w - - 0 1");
    let b2 = from(&p, "b2");
    assert!(!b2.contains(&"c2".to_string()), "{b2:?}");
    // Along the diagonal it may still move (c3 ... g7, capturing h8).
    assert!(b2.contains(&"h8".to_string()), "{b2:?}");
}

#[test]
fn a_alone_moves_and_captures() {
    // `a` without another modifier: "move or capture", the piece as it is written.
    let fen = "4k3/8/8/8/3D4/5P2/8/n2QK3 w - - 0 1";
    let p = pos("D|Disk|=K Q=aQ", fen);
    assert_eq!(
        from(&p, "d1"),
        ["a1", "a4", "b1", "b3", "c1", "c2", "d2", "d3", "e2"]
    );
}

#[test]
fn what_is_not_read_of_a_cc_and_question_mark_is_refused_at_its_column() {
    for (rules, column, words) in [
        // `?` without `a`: its meaning is not written down.
        ("D=K Q=cc?{D}Q", 9, "optional mark `?`"),
        // `a` beside `m`: the page reads it with a piece set narrowing `m`.
        ("Q=amQ", 3, "modifier `a` beside"),
        // A set after `cy` would narrow enemy captures too.
        ("Q=cy{P}Q", 5, "piece set after `cy`"),
        // A set's letter must name a piece.
        ("Q=acc{X}Q", 3, "`X` in the piece set"),
        // Inside a move sequence.
        ("N=mW--ccF", 7, "inside a move sequence"),
        // Beside a rule that reads captures in its own way.
        ("mustcapture D=K Q=acc?{D}Q", 1, "beside friendly captures"),
        // Whose a neutral piece is to `cc`, no source says.
        (
            "pieces{D}=neutral D=K Q=acc?{D}Q",
            1,
            "beside friendly captures",
        ),
        // In a zone movement (a power's zone), which reads no friendly capture.
        (
            "freezer# I|Immobilizer|=mQ #I=ccK",
            31,
            "capturing friendly pieces",
        ),
    ] {
        let e = chess_with_rules(rules).unwrap_err();
        assert_eq!(e.column, column, "{rules}: {e}");
        assert!(e.reason.contains(words), "{rules}: {e}");
    }
}

/// Seed 001's second Disk example with the queen's movement standing in for the compound
/// letter `:M:` (the board's movement of `M`, which FIDE chess has not; the example as
/// written is `fbr_disk_swap`'s, on Makruk): `M=acc?{D}Q :MD:=Q +M==:MD:` under
/// `promotion+[1-12]=capture{D}`.
const MOUNTING: &str = "promotion+[1-12]=capture{D} D=K M=acc?{D}Q :MD:=Q +M==:MD:";

#[test]
fn capturing_a_friendly_disk_mounts_it() {
    // The seed: "After capturing a friendly Disk the piece will mount the Disk (promotion from
    // K to :KD:, for instance)"; `capture{D}`: "The promotion will be done after capturing a
    // piece within the zone ... only ... if one of the piece types specified inside the piece
    // set is being captured"; the zone `[1-12]` holds every file of the board.
    let p = pos(MOUNTING, "4k3/8/8/8/3D4/8/8/3MK3 w - - 0 1");
    let m = p.san_to_move("Mxd4").expect("Mxd4");
    let mut q = p.clone();
    q.make(&m);
    assert_eq!(on(&q, "d4"), Some((0, ":MD:".to_string())));
    // A move that captures nothing does not mount.
    let m = p.san_to_move("Md3").expect("Md3");
    let mut q = p.clone();
    q.make(&m);
    assert_eq!(on(&q, "d3"), Some((0, "M".to_string())));
}

#[test]
fn black_captures_its_own_disk_mirrored() {
    // The queen position mirrored at the horizontal bisector with the colours changed (seed
    // 001's `mirror` default): black's queen on d8 has the white queen's moves mirrored,
    // d5 (its own Disk) among them, and the capture of the white knight on a8.
    let p = pos(DISK_QUEEN, "N2qk3/8/5p2/3d4/8/8/8/4K3 b - - 0 1");
    assert_eq!(
        from(&p, "d8"),
        ["a5", "a8", "b6", "b8", "c7", "c8", "d5", "d6", "d7", "e7"]
    );
}

#[test]
fn under_holding_a_friendly_capture_goes_to_the_capturers_hand() {
    // Seed 001's `holding`: "the captured piece ... will be stored in the holding" of the
    // capturer; a friendly piece's capturer is also its owner, so both readings agree.
    let p = pos(&format!("holding {DISK_QUEEN}"), QUEEN_FEN);
    let m = p.san_to_move("Qxd4").expect("Qxd4");
    let mut q = p.clone();
    q.make(&m);
    let disk =
        q.v.kinds
            .iter()
            .position(|k| k.def.symbols[0] == "D")
            .expect("the Disk");
    assert_eq!(q.hand[0][disk], 1);
    assert_eq!(q.hand[1].iter().map(|&n| u32::from(n)).sum::<u32>(), 0);
}

#[test]
fn a_swap_in_a_repeated_complex_rider_is_refused_not_dropped() {
    // Found beside `cc`: a repeated complex rider narrows its legs to one vector each and
    // forgot that a leg swaps, so `N=(wW)0` was read as a knight without any move. It is
    // refused at the swap, as a swap inside a sequence is.
    for (rules, column) in [("N=(wW)0", 4), ("N=mW+(wW)2", 7)] {
        let e = chess_with_rules(rules).unwrap_err();
        assert_eq!(e.column, column, "{rules}: {e}");
        assert!(e.reason.contains("swap (`w`) inside"), "{rules}: {e}");
    }
}
