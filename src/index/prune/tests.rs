//! Tests of the conditions (`need_of`, `Need::admits`, the columns a condition reads).

use super::*;
use crate::index::format::TAG_NOT_KEPT;

/// The count bounds: some number in [fewest, most] meets the comparison.
#[test]
fn a_count_is_possible_only_within_its_bounds() {
    assert!(count_possible(0, 2, CmpOp::Eq, 0));
    assert!(!count_possible(1, 2, CmpOp::Eq, 0));
    assert!(!count_possible(1, 2, CmpOp::Lt, 1));
    assert!(count_possible(1, 2, CmpOp::Le, 1));
    assert!(!count_possible(0, 2, CmpOp::Gt, 2));
    assert!(count_possible(0, 2, CmpOp::Ge, 2));
    assert!(!count_possible(3, 3, CmpOp::Ne, 3));
    assert!(count_possible(3, 4, CmpOp::Ne, 3));
}

/// Tag tests read values as the evaluator does: a substring, case and all; the trimmed
/// Result; the trimmed Elo as a whole number (anything else never matches).
#[test]
fn tag_tests_read_values_as_the_evaluator() {
    assert!(TagTest::Contains("Alpha".into()).passes("Anna Alpha"));
    assert!(!TagTest::Contains("alpha".into()).passes("Anna Alpha"));
    assert!(TagTest::Trimmed("1-0").passes(" 1-0 "));
    assert!(!TagTest::Trimmed("1-0").passes("1-0x"));
    assert!(TagTest::Number(CmpOp::Ge, 2500).passes(" 2500 "));
    assert!(!TagTest::Number(CmpOp::Gt, 2500).passes("2500"));
    assert!(!TagTest::Number(CmpOp::Ne, 0).passes("2390x"));
    let mut s = GameSummary::default();
    let need = Need::Tag {
        tag: RESULT,
        test: TagTest::Trimmed("1-0"),
    };
    // Absent: fails; present: read from the string table (its first value numbered
    // `FIRST_VALUE`), answered per value or once per table (`with_strings`).
    let (table, flipped) = (["0-1".into(), "1-0".into()], ["1-0".into(), "0-1".into()]);
    assert!(!need.admits(&s, &[]));
    assert!(!need.with_strings(&table).admits(&s, &[]));
    s.tags[RESULT] = FIRST_VALUE + 1;
    assert!(need.admits(&s, &table));
    assert!(!need.admits(&s, &flipped));
    assert!(need.with_strings(&table).admits(&s, &[]));
    assert!(!need.with_strings(&flipped).admits(&s, &[]));
    // Present, its value not kept (the table was full): it may pass.
    s.tags[RESULT] = TAG_NOT_KEPT;
    assert!(need.admits(&s, &flipped));
    assert!(need.with_strings(&flipped).admits(&s, &[]));
}

/// A summary without a mate fails `mate`; one with passes; `not mate` rules nothing out.
#[test]
fn flags_decide_the_leaf_conditions() {
    let mut s = GameSummary::default();
    assert!(!need_of(&Node::Mate).admits(&s, &[]));
    s.flags |= summary::MATE;
    assert!(need_of(&Node::Mate).admits(&s, &[]));
    assert!(need_of(&Node::Not(Box::new(Node::Check))).is_nothing());
}
/// A summary holding only the columns `Need::columns` names (the others zero, as a
/// search reads it) gets the verdict the whole summary gets, for a condition of each
/// kind; and a tag test answered per string (`with_strings`) is the test.
#[test]
fn the_columns_a_condition_names_are_the_ones_it_reads() {
    let mut whole = GameSummary {
        flags: summary::MATE,
        fewest: [1; KINDS],
        most: [2; KINDS],
        ever_on: [u64::MAX; KINDS],
        queens_gone: 11,
        last_long_castle: 11,
        plies: 40,
        checks: 5,
        check_run: 3,
        same_side_check_run: 2,
        ..GameSummary::default()
    };
    whole.tags[RESULT] = FIRST_VALUE;
    let strings = ["1-0".to_string()];
    let needs = [
        Need::Count {
            kinds: 1,
            op: CmpOp::Ge,
            count: 1,
        },
        Need::PieceOn {
            kind: 4,
            squares: 1,
        },
        Need::SameSquare {
            first: (1 << 1, 1 << 20),
            second: (1 << 10, !0),
        },
        Need::Tag {
            tag: RESULT,
            test: TagTest::Trimmed("1-0"),
        },
        Need::LongCastleWithoutQueens,
        Need::Checks(ChecksAtLeast {
            positions: 5,
            in_a_row: 3,
            two_plies_apart: 2,
        }),
        // `movenumber >= 21`: ply 40 is move 21.
        Need::Numbers {
            left: numbers::Bound::MoveNumber,
            op: CmpOp::Ge,
            right: numbers::Bound::Const(21),
        },
        Need::All(vec![
            Need::AnyFlag(summary::MATE),
            Need::Count {
                kinds: 2,
                op: CmpOp::Eq,
                count: 2,
            },
        ]),
    ];
    for need in needs {
        let columns = need.columns();
        let mut read = GameSummary {
            flags: whole.flags,
            ..GameSummary::default()
        };
        if columns.counts {
            (read.fewest, read.most) = (whole.fewest, whole.most);
        }
        if columns.squares {
            read.ever_on = whole.ever_on;
        }
        if columns.tags {
            read.tags = whole.tags;
        }
        if columns.plies {
            read.queens_gone = whole.queens_gone;
            read.last_long_castle = whole.last_long_castle;
        }
        if columns.moves {
            read.plies = whole.plies;
        }
        if columns.checks {
            read.checks = whole.checks;
            read.check_run = whole.check_run;
            read.same_side_check_run = whole.same_side_check_run;
        }
        assert!(need.admits(&whole, &strings), "{need:?}");
        assert!(need.admits(&read, &strings), "{need:?}: {columns:?}");
        assert!(need.with_strings(&strings).admits(&read, &[]), "{need:?}");
    }
    let wins = Need::Tag {
        tag: RESULT,
        test: TagTest::Trimmed("0-1"),
    };
    assert!(!wins.with_strings(&strings).admits(&whole, &[]));
}
