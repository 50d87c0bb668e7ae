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
