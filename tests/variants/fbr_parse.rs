//! The FBR parser: rule strings as the FBR page (seed 001) and the issue write them, read into
//! the rule model; faults with the column they point at. Shape tests: the expectations restate
//! the grammar `<Rule> <Prefix>? <SeqNumber>? <PieceSet>? <BoardRange>? ('=' <Attribute> (','
//! <Attribute>)*)?`.

use cqlq::rules::fbr::fbr_to_rules;
use cqlq::rules::fbr::model::SingleRange;

#[test]
fn the_issue_example_reads_as_four_rules() {
    let list = fbr_to_rules("cylindric, atomic{^P}, mustcapture, hill[d-e4-5]").expect("parse");
    let names: Vec<&str> = list.rules.iter().map(|r| r.name.as_str()).collect();
    assert_eq!(names, ["cylindric", "atomic", "mustcapture", "hill"]);
    let atomic = &list.rules[1];
    let set = atomic.pieces.as_ref().expect("set");
    assert!(set.caret && set.pieces == ["P"]);
    // `^P`: every piece but the pawn is affected.
    assert!(set.includes("Q") && !set.includes("P"));
    let hill = list.rules[3].range.as_ref().expect("range");
    // Files d-e (3..4), ranks 4-5 (3..4), 0-based.
    assert_eq!(
        hill.parts,
        [SingleRange {
            files: Some((3, 4)),
            ranks: Some((3, 4))
        }]
    );
}

#[test]
fn attributes_with_arguments_sets_and_ranges() {
    let list = fbr_to_rules(
        "royal=expose,maxchecks(3) drop{P}[2-7]=nocheck mustcapture=most{Q=9,K=1000} hill[d-e4-5]=pass[c-f3-6] direction<n>[1,a2,c-f2]",
    )
    .expect("parse");
    let royal = &list.rules[0];
    assert_eq!(royal.attrs.len(), 2);
    assert_eq!(royal.attrs[1].name, "maxchecks");
    assert_eq!(royal.attrs[1].arg, Some(3));
    let drop = &list.rules[1];
    assert_eq!(drop.pieces.as_ref().unwrap().pieces, ["P"]);
    assert_eq!(
        drop.range.as_ref().unwrap().parts[0],
        SingleRange {
            files: None,
            ranks: Some((1, 6))
        }
    );
    let most = &list.rules[2].attrs[0];
    assert_eq!(
        most.pieces.as_ref().unwrap().values,
        [("Q".to_string(), 9), ("K".to_string(), 1000)]
    );
    assert!(list.rules[3].attrs[0].range.is_some());
    let dir = &list.rules[4];
    assert_eq!(dir.seq.as_deref(), Some("n"));
    assert_eq!(dir.range.as_ref().unwrap().parts.len(), 3);
}

#[test]
fn cancelled_rules_and_prefixes() {
    let list = fbr_to_rules("!royal !draw promotion+[8]=enter{QRBNK}").expect("parse");
    assert!(list.rules[0].cancel && list.rules[1].cancel);
    assert_eq!(list.rules[2].prefix, Some('+'));
}

#[test]
fn faults_name_the_column() {
    for (text, column, reason) in [
        ("teleport", 1, "unknown FBR rule `teleport`"),
        ("hill[d-e4-5", 12, "expected `,` or `]`"),
        (
            "royal=levitate",
            7,
            "`levitate` is not an attribute of `royal`",
        ),
        ("atomic{P", 9, "unclosed `{`"),
        ("hill[d-e4-17]", 11, "rank `17` out of 1..16"),
    ] {
        let e = fbr_to_rules(text).expect_err(text);
        assert_eq!(e.column, column, "{text}: {e}");
        assert!(e.reason.contains(reason), "{text}: {e}");
    }
}
