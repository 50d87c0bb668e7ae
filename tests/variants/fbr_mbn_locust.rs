//! MBN locust legs (`fbr::mbn::locust`, `fairy::layer_locust`): a two-leg sequence whose first
//! leg captures (`cW-mW`). No oracle plays them here (pyffish 0.0.90 reads XBetza's `cafmW` as
//! no locust, docs/fbr.md), so each position is reasoned from the MBN grammar beside it: a
//! sequence's legs are taken one after the other, each leg a partial move whose `m` / `c` say
//! what it does where it lands (`c`: "Capture only, but do not move (only)", the MBN page's
//! table as LeCodex's mbn.js restates it), so in `cW-mW` the piece captures a wazir step away
//! and goes on from that square by a wazir step to an empty square.

use cqlq::rules::fairy::{MoveKind, load_variants};
use cqlq::rules::fbr::chess_with_rules;

use super::common::rules_count_summary;
use super::fbr_rules::{from, on, pos};

const LOCUST: &str = "A|Locust|=cW-mW";

#[test]
fn a_locust_captures_a_wazir_step_away_and_lands_a_wazir_step_further() {
    // The locust A on d4; black pawns on d5 and e4 (its first leg's victims: c4 and d3 are
    // empty, so no victim there). From d5 its second leg reaches d6, c5, e5 (d4, the square
    // it left, is no landing); from e4: e5, e3, f4. So two moves go d4-e5, one taking d5, one
    // taking e4.
    let p = pos(LOCUST, "4k3/8/8/3p4/3Ap3/8/8/4K3 w - - 0 1");
    assert_eq!(from(&p, "d4"), ["c5", "d6", "e3", "e5", "e5", "f4"]);
    // SAN names the victim's square: `Axd5-e5` takes d5 and lands on e5, e4 stays.
    let m = p.san_to_move("Axd5-e5").unwrap();
    // d5: file 3, rank 4 in the engine's 16-file numbering.
    assert_eq!(m.kind, MoveKind::Double(4 * 16 + 3));
    let mut q = p.clone();
    q.make(&m);
    assert_eq!(on(&q, "d5"), None);
    assert_eq!(on(&q, "e4"), Some((1, "P".to_string())));
    assert_eq!(on(&q, "e5"), Some((0, "A".to_string())));
    assert_eq!(on(&q, "d4"), None);
    // `Axe4-e5` takes e4 instead.
    let mut q = p.clone();
    q.make(&p.san_to_move("Axe4-e5").unwrap());
    assert_eq!(on(&q, "e4"), None);
    assert_eq!(on(&q, "d5"), Some((1, "P".to_string())));
    // Plain SAN and coordinates cannot tell the two apart: neither names a locust move.
    assert!(p.san_to_move("Ae5").is_err());
    assert!(p.san_to_move("Axe5").is_err());
    assert!(
        p.coord_to_move("d4e5", cqlq::rules::fairy::RankBase::One)
            .is_err()
    );
    // With no piece a wazir step away it has no move at all (`c` never goes to an empty
    // square).
    let p = pos(LOCUST, "4k3/8/8/8/3A4/8/8/4K3 w - - 0 1");
    assert!(from(&p, "d4").is_empty());
}

#[test]
fn a_last_leg_without_m_or_c_also_captures_where_it_lands() {
    // `cW-W`: the second leg moves or captures. From d4 over the pawn on d5: c5, e5 (empty)
    // and d6, where a second black pawn is taken too (two pieces in one move).
    let p = pos("A|Locust|=cW-W", "4k3/8/3p4/3p4/3A4/8/8/4K3 w - - 0 1");
    assert_eq!(from(&p, "d4"), ["c5", "d6", "e5"]);
    let mut q = p.clone();
    q.make(&p.san_to_move("Axd5xd6").unwrap());
    assert_eq!(on(&q, "d5"), None);
    assert_eq!(on(&q, "d6"), Some((0, "A".to_string())));
    // `Axd5-d6` says the landing square is empty: no such move.
    assert!(p.san_to_move("Axd5-d6").is_err());
    // `cW-mW` never captures where it lands: d6 is no landing.
    let p = pos(LOCUST, "4k3/8/3p4/3p4/3A4/8/8/4K3 w - - 0 1");
    assert_eq!(from(&p, "d4"), ["c5", "e5"]);
}

#[test]
fn a_locust_checks_a_royal_it_could_take_and_land_beyond() {
    // The black king on d5 is the first leg's victim from d4 with d6, c5, e5 to land on:
    // black is in check. The king may not step to c4 or e4 (a wazir step from the locust,
    // with landings beyond), may take the locust, or go to c5 c6 d6 e5 e6.
    let p = pos(LOCUST, "8/8/8/3k4/3A4/8/8/4K3 b - - 0 1");
    assert!(p.in_check(1));
    assert_eq!(from(&p, "d5"), ["c5", "c6", "d4", "d6", "e5", "e6"]);
    // A victim with nowhere to land beyond is not captured, so not checked: the king on a2
    // next to the locust on a1, its pawns on a3 and b2 filling both landing squares (a1 is
    // the square the locust left).
    let p = pos(LOCUST, "8/8/8/8/8/p7/kp6/A3K3 b - - 0 1");
    assert!(!p.in_check(1));
}

#[test]
fn black_locusts_mirror_white_and_a_rider_leg_takes_the_first_piece_on_its_line() {
    // `cfW-mfW` (seed 001's `mirror`: black's forward is down): the black locust on d5 takes
    // the white pawn on d4 and lands on d3; white's on d4 takes d5 and lands on d6.
    let rules = "A|Locust|=cfW-mfW";
    let p = pos(rules, "4k3/8/8/3a4/3P4/8/8/4K3 b - - 0 1");
    assert_eq!(from(&p, "d5"), ["d3"]);
    let p = pos(rules, "4k3/8/8/3p4/3A4/8/8/4K3 w - - 0 1");
    assert_eq!(from(&p, "d4"), ["d6"]);
    // `cR-mW`: the rook line's first piece is the victim (the pawn on a5, not the one on
    // a7 behind it); from a5 a wazir step to a4, a6 or b5.
    let p = pos("A|Locust|=cR-mW", "4k3/p7/8/p7/8/8/8/A3K3 w - - 0 1");
    assert_eq!(from(&p, "a1"), ["a4", "a6", "b5"]);
}

#[test]
fn a_game_with_a_locust_knight_replays() {
    // `N=N+(cW-mW)`: the knights leap as knights and also move as locusts. 3. Nxd5-d6+ takes
    // the pawn on d5 from e5 and lands on d6, where the knight checks the king on e8: one
    // position in check.
    let rules = "N=N+(cW-mW)";
    let pgn = "[Event \"locust\"]\n\n1. Nf3 d5 2. Ne5 Nc6 3. Nxd5-d6+ exd6 *\n\n";
    let summary = rules_count_summary(rules, "check", pgn);
    assert!(summary.contains(" 1 position matched"), "{summary}");
    assert!(summary.contains("0 bad games"), "{summary}");
    // CQL's `move capture` sees the locust's victim: the black pawn taken on d5 is the
    // game's one capture of a black pawn (3... exd6 takes a knight).
    let summary = rules_count_summary(rules, "move capture p", pgn);
    assert!(summary.contains(" 1 position matched"), "{summary}");
    // Plain SAN does not name the locust move: a bad game.
    let bad = pgn.replace("Nxd5-d6+", "Nd6+");
    let summary = rules_count_summary(rules, "check", &bad);
    assert!(summary.contains("1 bad game"), "{summary}");
}

#[test]
fn locusts_cqlq_does_not_evaluate_are_refused_at_their_column() {
    let cases = [
        // Three legs, the first capturing.
        ("A|L|=cW-mW-mW", 6, "locust"),
        // An exact count on the first leg.
        ("A|L|=cW02-mW", 6, "locust"),
        // A first leg that may also move.
        ("A|L|=W-mW", 6, "locust"),
        // Repeated.
        ("A|L|=(cW-mW)0", 7, "locust"),
        // Beside a rule, or for a piece that promotes.
        ("royal A|L|=cW-mW", 12, "beside FBR rule `royal`"),
        ("P=cfF-mfF", 3, "promotes"),
    ];
    for (rules, column, words) in cases {
        let e = chess_with_rules(rules).map(|_| ()).unwrap_err();
        assert_eq!(e.column, column, "{rules}: {e}");
        assert!(e.reason.contains(words), "{rules}: {e}");
    }
    let def = "Variant: locust\nBoard: 8x8\nFEN: \"k7/8/8/8/8/8/8/7K w - - 0 1\"\n\n\
               Piece: King\nMove: leap (1,0)|(1,1)\nSymbol: \"K\", \"K,k\"\nFlags: royal\n\n\
               Piece: Test\nMBN: cW-mW\nSymbol: \"A\", \"A,a\"\n";
    let e = load_variants("locust.txt", def).unwrap_err();
    assert!(e.to_string().contains("MBN locust moves"), "{e}");
}
