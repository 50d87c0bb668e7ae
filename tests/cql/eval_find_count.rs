//! `find count F`: like `find all F` its value is the number of positions from here on
//! where F matches, but no matching position is a value (0), not a failure.
//!
//! Truth: the real CQL 6.2's results for the official example snake-old.cql on the master
//! games (`../shared/cql/expected-cql62.tsv`). Its `GapCount=find count {...}` counts the
//! gap moves of a snake line; CQL 6.2 matched 15 games, among them 1887 and 2199, the only
//! two whose line has no gap move (1887: 72... Kxb7 to 76... Kf7; 2199: 59... Bb7 to
//! 63... Bf7, no other Black move between). Read as `find all` (1 or more), `find count`
//! failed there and cqlq matched 13; with 0 admitted it matches the same 15.

use crate::common;

use common::{compile, games_from, matching_plies};

/// `1. e4 e5 2. Nf3 Nc6`: no check anywhere; plies 0 to 4.
const QUIET: &str = "[Event \"quiet\"]\n[Result \"*\"]\n\n1. e4 e5 2. Nf3 Nc6 *\n";

/// `1. e4 f5 2. Qh5+ g6`: a check at ply 3 only.
const ONE_CHECK: &str = "[Event \"one check\"]\n[Result \"*\"]\n\n1. e4 f5 2. Qh5+ g6 *\n";

fn plies(query: &str, pgn: &str, name: &str) -> Vec<u32> {
    let games = games_from(name, pgn);
    let game = games[0].as_ref().expect("game replays");
    matching_plies(game, 1, &compile(query))
}

#[test]
fn find_count_admits_no_match() {
    // No check in the game: `find count check` still matches everywhere, with value 0 ...
    assert_eq!(
        plies("find count check", QUIET, "quiet"),
        vec![0, 1, 2, 3, 4]
    );
    assert_eq!(
        plies("X = find count check X == 0", QUIET, "quiet"),
        vec![0, 1, 2, 3, 4]
    );
    // ... while `find all check` needs at least one (unchanged).
    assert_eq!(plies("find all check", QUIET, "quiet"), Vec::<u32>::new());
}

#[test]
fn find_count_counts_like_find_all() {
    // The check at ply 3 is found from plies 0 to 3; from ply 4 on there is none.
    assert_eq!(
        plies("find count check == 1", ONE_CHECK, "one check"),
        vec![0, 1, 2, 3]
    );
    assert_eq!(
        plies("find count check == 0", ONE_CHECK, "one check"),
        vec![4]
    );
    assert_eq!(
        plies("find all check == 1", ONE_CHECK, "one check"),
        vec![0, 1, 2, 3]
    );
}
