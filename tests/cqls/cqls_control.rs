//! Seed 004's controlling keywords and the exchange estimate on games built for them, each
//! expectation reasoned from the seed's text written beside it: `:cut` with and without
//! `:preceding`, `:skip`, `:variant`, `:maxswapevaluation`.

use crate::common;

use common::cqls::{START, matches_at};

/// Scholar's mate: checks only at ply 7, the mate.
const SCHOLAR: &str = "1. e4 e5 2. Qh5 Nc6 3. Bc4 Nf6 4. Qxf7#";

#[test]
fn cut_and_cut_preceding_as_the_seed_says() {
    // "(match (position <A> :cut (position <B>))) Suppose <A> and <B> is matching a position,
    // either the first time. In this case the match of this game succeeds." A = :mate,
    // B = :check: both first match at ply 7.
    assert!(matches_at(
        START,
        SCHOLAR,
        "(match (position :mate :cut (position :check)))",
        7
    ));
    // "(match (position <A> :cut (position :preceding <B>))) ... In this case the match of
    // this game fails."
    assert!(!matches_at(
        START,
        SCHOLAR,
        "(match (position :mate :cut (position :preceding :check)))",
        7
    ));
    // "stop position search ... as soon as the match of the sub-position list succeeds": a
    // check before the mate stops the search before the mate (B = Black to move with a white
    // queen on h5, first at ply 3).
    assert!(!matches_at(
        START,
        SCHOLAR,
        "(match (position :mate :cut (position :btm Qh5)))",
        7
    ));
}

#[test]
fn skip_counts_but_does_not_mark() {
    // "a matching position can be skipped": the :skip list must still match for the game
    // (a mate exists), its positions are not marked; the other list marks the first position.
    let q = "(match (position :mate :skip) (position :initial))";
    assert!(matches_at(START, SCHOLAR, q, 0));
    assert!(!matches_at(START, SCHOLAR, q, 7));
    // Without a stalemate the game does not match at all.
    assert!(!matches_at(
        START,
        SCHOLAR,
        "(match (position :stalemate :skip) (position :initial))",
        0
    ));
}

#[test]
fn variant_reads_the_variant_tag() {
    // ":variant ... Only search in games matching any chess variant in given comma-separated
    // list"; a game without a Variant tag is normal chess.
    assert!(matches_at(START, SCHOLAR, "(match :variant normal)", 0));
    assert!(!matches_at(START, SCHOLAR, "(match :variant chess960)", 0));
}

#[test]
fn maxswapevaluation_on_built_positions() {
    // "For each possible move we compute ... a material benefit of the move (in pawns, like
    // in case of the :power keyword) according to possible piece exchanges on the target
    // square after the move. After that the maximum of all computed values will be selected."
    // Rook takes an undefended knight: +3.
    let free = "4k3/8/8/3n4/8/8/8/3RK3 w - - 0 1";
    assert!(matches_at(
        free,
        "",
        "(position :maxswapevaluation R n 3)",
        0
    ));
    // The knight defended by a pawn: Rxd5 exd5 loses the exchange, 3 - 5 = -2.
    let defended = "4k3/8/4p3/3n4/8/8/8/3RK3 w - - 0 1";
    assert!(matches_at(
        defended,
        "",
        "(position :maxswapevaluation R n -2)",
        0
    ));
    assert!(!matches_at(
        defended,
        "",
        "(position :maxswapevaluation R n >=0)",
        0
    ));
    // Over every move of the rook, the best is a quiet move to an unattacked square: 0.
    assert!(matches_at(
        defended,
        "",
        "(position :maxswapevaluation R ? 0)",
        0
    ));
}

/// Seed 004: "The evaluation function is taking into account that pieces may be pinned or
/// defended by other pieces. The value of the function does not depend on which side is to
/// move." Values with `power`'s pieces (pawn 1, knight 3, rook 5, queen 9).
#[test]
fn static_exchange_sees_pins_xrays_and_kings() {
    // X-ray: rooks doubled on d2 and d1 against the knight d5, defended by the rook d8.
    // Rd2xd5 (+3) Rd8xd5 (+5) Rd1xd5 (+5): Black's recapture wins a rook and loses one, so
    // Black gains nothing by it; White keeps the knight: +3. (Counting only the pieces that
    // attack d5 before the first capture, the rook d1 behind d2 would be missed: 3 - 5 = -2.)
    let xray = "k2r4/8/8/3n4/8/8/3R4/3RK3 w - - 0 1";
    assert!(matches_at(
        xray,
        "",
        "(position :maxswapevaluation R n 3)",
        0
    ));
    assert!(matches_at(
        xray,
        "Rxd5",
        "(position :exchangeevaluation 3)",
        0
    ));
    assert!(!matches_at(
        xray,
        "Rxd5",
        "(position :exchangeevaluation -2)",
        0
    ));
    // Pin: the pawn e6 defends the knight d5 but is pinned to its king e8 by the rook e1, so
    // Rxd5 wins the knight outright: +3 (the unpinned pawn of the test above makes it -2).
    let pinned = "4k3/8/4p3/3n4/8/8/8/3RR1K1 w - - 0 1";
    assert!(matches_at(
        pinned,
        "",
        "(position :maxswapevaluation R n 3)",
        0
    ));
    assert!(matches_at(
        pinned,
        "Rdxd5",
        "(position :exchangeevaluation 3)",
        0
    ));
    // King: the king c6 touches d5, but after Rd2xd5 the rook d1 behind guards d5, so the king
    // cannot take back: +3 (a king taking a defended piece is no legal move).
    let king = "8/8/2k5/3n4/8/8/3R4/3RK3 w - - 0 1";
    assert!(matches_at(
        king,
        "Rxd5",
        "(position :exchangeevaluation 3)",
        0
    ));
    // Without the rook d1 the king takes back: 3 - 5 = -2.
    let king_takes = "8/8/2k5/3n4/8/8/3R4/4K3 w - - 0 1";
    assert!(matches_at(
        king_takes,
        "Rxd5",
        "(position :exchangeevaluation -2)",
        0
    ));
    // A capture that promotes gains the piece taken and the promotion: bxa8=Q takes a rook
    // (5) and turns a pawn into a queen (9 - 1): 13, nothing takes back on a8.
    let promote = "r3k3/1P6/8/8/8/8/8/4K3 w - - 0 1";
    assert!(matches_at(
        promote,
        "bxa8=Q+",
        "(position :exchangeevaluation 13)",
        0
    ));
    // The side to move does not matter: with Black to move, White still threatens Rxd5
    // winning the undefended knight (the seed's `>=1` example: "positions in which white
    // threatens with winning some material"); the movers default to the white pieces.
    let threat = "4k3/8/8/3n4/8/8/8/3RK3 b - - 0 1";
    assert!(matches_at(
        threat,
        "",
        "(position :maxswapevaluation >=1)",
        0
    ));
    assert!(matches_at(threat, "", "(position :maxswapevaluation 3)", 0));
    // Black's own moves: the knight d5 has no capture, its best is a quiet move to a safe
    // square (0), never a gain.
    assert!(matches_at(
        threat,
        "",
        "(position :maxswapevaluation n ? 0)",
        0
    ));
    // With the side to move in check, the other side cannot pass: only its moves count.
    // Black's king e8 is checked by the rook e1; White's Rxd5-like gains are not asked.
    let check = "4k3/8/8/3n4/8/8/8/4R1K1 b - - 0 1";
    assert!(!matches_at(
        check,
        "",
        "(position :maxswapevaluation R ? >=0)",
        0
    ));
}
