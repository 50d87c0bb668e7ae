//! Metamorphic truth: the equivalences that seed 003 (the CQLi manual) states, checked at
//! every main-line position of real games. Each pair must match exactly the same positions.

use crate::common;

/// (filter, its documented equivalent, where the equivalence is stated)
const EQUIVALENCES: &[(&str, &str, &str)] = &[
    (
        "mate",
        "check and move legal count == 0",
        "seed 003: the mate filter is equivalent to ...",
    ),
    (
        "stalemate",
        "not check and move legal count == 0",
        "seed 003: the stalemate filter is equivalent to ...",
    ),
    (
        "check",
        "flipcolor { wtm and K attackedby a }",
        "seed 003: for Standard chess, check is equivalent to ...",
    ),
    (
        "isolatedpawns | connectedpawns == [Pp]",
        "true",
        "seed 003: 'will always be true'",
    ),
    (
        "isolatedpawns & connectedpawns",
        "false",
        "seed 003: 'will always evaluate to the empty set'",
    ),
    (
        "power A == #P + #N * 3 + #B * 3 + #R * 5 + #Q * 9",
        "true",
        "seed 003: power X is equivalent to #[Pp]&X + #[Nn]&X * 3 + ...",
    ),
    (
        "btm",
        "sidetomove == black",
        "seed 003: sidetomove yields black or white",
    ),
    (
        "wtm",
        "sidetomove == white",
        "seed 003: sidetomove yields black or white",
    ),
    (
        "A attacks k",
        "k attackedby A",
        "seed 003: X attackedby Y matches only when Y attacks X would",
    ),
    (
        "a attacks K",
        "K attackedby a",
        "seed 003: X attackedby Y matches only when Y attacks X would",
    ),
    (
        "initial",
        "ply == 0",
        "seed 003: ply starts at zero for the initial position",
    ),
];

fn check_file(rel: &str, max: usize) {
    let Some(path) = common::shared_file(rel) else {
        return;
    };
    let games = common::replay_file(&path, max);
    let mut positions = 0;
    for (left, right, source) in EQUIVALENCES {
        let (l, r) = (common::compile(left), common::compile(right));
        for (i, game) in games.iter().enumerate() {
            let Some(game) = game else { continue };
            let n = i as u64 + 1;
            let (a, b) = (
                common::matching_plies(game, n, &l),
                common::matching_plies(game, n, &r),
            );
            assert_eq!(a, b, "{rel} game {n}: `{left}` vs `{right}` ({source})");
            positions += 1;
        }
    }
    assert!(positions > 0);
}

#[test]
fn documented_equivalences_hold_on_master_games() {
    check_file("data/std-visible-5k.pgn", 400);
}

#[test]
fn documented_equivalences_hold_on_studies() {
    check_file("data/cql-sample.pgn", 253);
}
