//! Issue 35, the checks rules (`index::prune::checks`): a counted `find` of a filter that
//! matches only in check (`find all check >= 5`) needs as many positions in check in the
//! game's tree, and a `line` whose filters in check follow one another (`line --> check -->
//! check --> check`) needs that many in a row (two plies apart with `singlecolor`), read off
//! the summary's `checks`, `check_run` and `same_side_check_run`. Each query prints the same
//! bytes, stderr and exit status with the index and with `--no-index` (the scan is the
//! truth); on written games the game numbers are the ones the moves say and the games the
//! rules rule out are skipped (counted by `IndexedSkips::open`).

use std::fs;

use crate::common::cqlq_in;

use super::index_search::{
    assert_answers_as_the_scan, copy_shared_indexed, game_numbers_in as game_numbers,
    skipped_in as skipped,
};

fn text(bytes: &[u8]) -> String {
    String::from_utf8_lossy(bytes).into_owned()
}

/// Four written games (moves checked with python-chess 1.11.2, the oracle's library, which
/// also counted each position of the tree in check or not; positions count from the start,
/// 0):
/// 1. white checks at plies 15, 17, 19 and 21 (8. Nf6+ 9. Qh5+ 10. Qf7+ 11. Qxe6+), never
///    two positions in a row: 4 checks, in a row 1, two plies apart 4;
/// 2. checks at plies 5, 7, 9, 18, 20, 22, 23, 24 (11... e4+ 12. Qxe4+ Ne5+ check three
///    positions in a row): 8 checks, in a row 3, two plies apart 4;
/// 3. one check (2. Qh5+): 1, 1, 1;
/// 4. game 3 with game 2 as a variation of its first move: in the tree 9 checks, in a row
///    3, two plies apart 4; on its main line one check.
const GAMES: &str = "[Event \"one\"]\n[Result \"*\"]\n\n\
1. e3 c6 2. Ba6 b6 3. c4 Bxa6 4. Ne2 Qc8 5. Nf4 e6 6. Nc3 f5 7. Nfd5 Ba3 8. Nf6+ Kf7 \
9. Qh5+ Kxf6 10. Qf7+ Ke5 11. Qxe6+ *\n\n\
[Event \"two\"]\n[Result \"*\"]\n\n\
1. b4 d5 2. e4 a5 3. Bb5+ c6 4. Bxc6+ Bd7 5. Bxd7+ Nxd7 6. Nh3 e5 7. exd5 Bc5 8. Ke2 Qg5 \
9. Rg1 Qh5+ 10. Kd3 Qe2+ 11. Qxe2 e4+ 12. Qxe4+ Ne5+ *\n\n\
[Event \"three\"]\n[Result \"*\"]\n\n\
1. e4 f5 2. Qh5+ g6 *\n\n\
[Event \"four\"]\n[Result \"*\"]\n\n\
1. e4 (1. b4 d5 2. e4 a5 3. Bb5+ c6 4. Bxc6+ Bd7 5. Bxd7+ Nxd7 6. Nh3 e5 7. exd5 Bc5 \
8. Ke2 Qg5 9. Rg1 Qh5+ 10. Kd3 Qe2+ 11. Qxe2 e4+ 12. Qxe4+ Ne5+) 1... f5 2. Qh5+ g6 *\n";

/// On the written games: the game numbers the moves say without `--variations` ("?": not
/// asserted, the scan decides), and the games skipped, by the tree's figures above (every
/// game has a check, so the check flag skips none).
#[test]
fn counts_and_runs_of_checks_skip_the_games_short_of_them() {
    let scratch = crate::common::scratch("index", "checks-written");
    let dir = scratch.path();
    fs::write(dir.join("g.pgn"), GAMES).unwrap();
    let out = cqlq_in(dir, &["index", "-q", "g.pgn"]);
    assert!(out.status.success(), "{}", text(&out.stderr));
    for (query, games, skips) in [
        // Three in a row: games 1 and 3 have runs of 1.
        ("line --> check --> check --> check", "2\n", 2),
        ("line --> check{3}", "2\n", 2),
        ("line --> check{3,}", "2\n", 2),
        (
            "line --> (check and move capture [Aa]) --> check --> check",
            "2\n",
            2,
        ),
        ("line --> check{4,}", "", 4),
        // A filter not in check between them: no run (the flag alone, which skips none).
        ("line --> check --> not check --> check", "1\n2\n", 0),
        // Two plies apart: game 3's run is 1; none has 5.
        (
            "line singlecolor --> check --> check --> check --> check",
            "1\n2\n",
            1,
        ),
        ("line singlecolor --> check{5}", "", 4),
        // Counted: the root's count is the main line's (games 1 and 2 match there).
        ("find all check >= 5", "2\n", 2),
        ("find 5 100 check", "2\n", 2),
        ("5 <= find all check", "2\n", 2),
        ("find all check >= 4", "1\n2\n", 1),
        ("find all check > 8", "", 3),
        ("find all (mate or check and wtm) >= 5", "", 2),
        // Every filter matching only in check: each checkmate kind too.
        ("find all (puremate or check) >= 5", "2\n", 2),
        ("find all (modelmate or idealmate or check) >= 5", "2\n", 2),
        ("find all check == 5", "?", 2),
        ("4 < find all check", "2\n", 2),
        ("find all check < 3", "?", 0),
        ("find all (mate or wtm) >= 5", "?", 0),
        ("find all (check and move capture [Aa]) >= 3", "?", 1),
        // No least count beyond one: the flag alone.
        ("find all check <= 3", "?", 0),
        ("find all check != 9", "?", 0),
    ] {
        if games != "?" {
            assert_eq!(game_numbers(dir, "g.pgn", query, &[]), games, "{query}");
        }
        assert_eq!(skipped(dir, "g.pgn", query), skips, "{query}: skipped");
        for args in [
            ["-q", "-e", query, "g.pgn"].as_slice(),
            &["-q", "--variations", "-e", query, "g.pgn"],
        ] {
            assert_answers_as_the_scan(dir, args, query);
        }
    }
}

/// On real games (`../shared/data/std-visible-5k.pgn`): byte for byte the scan's (PGN with
/// the matched positions' comments), and the rules skip games the check flag alone (the
/// same filters without a count or a run) admits.
#[test]
fn counts_and_runs_of_checks_answer_as_the_scan_on_real_games() {
    let scratch = crate::common::scratch("index", "checks-real");
    let dir = scratch.path();
    let file = "std-visible-5k.pgn";
    if !copy_shared_indexed(dir, file) {
        return;
    }
    for query in [
        "find all check >= 20",
        "line --> check --> check --> check",
        "line singlecolor --> check{3,}",
        "line singlecolor --> check{6,}",
        "line <-- check <-- check <-- check",
        "find 10 1000 check",
    ] {
        assert_answers_as_the_scan(dir, &["-q", "-e", query, file], query);
        game_numbers(dir, file, query, &[]);
    }
    for (query, flag_only) in [
        ("find all check >= 20", "find all check >= 1"),
        ("line --> check --> check --> check", "line --> check"),
        (
            "line singlecolor --> check{3,}",
            "line singlecolor --> check",
        ),
    ] {
        let by_rule = skipped(dir, file, query);
        let by_flag = skipped(dir, file, flag_only);
        assert!(
            by_rule > by_flag,
            "{query}: {by_rule} skipped, {by_flag} by the flag"
        );
    }
}
