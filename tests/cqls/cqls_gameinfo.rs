//! The match list's player and event keywords (`:player :whiteplayer :blackplayer :event
//! :site :year`, the Scidb help's "CQL - The match list" and "Pattern Matching") against
//! python-chess's reading of the tags (`scripts/cqls_gameinfo_truth.py`, golden
//! `tests/expected/cqls-gameinfo.tsv`, which also holds the queries).

use crate::common;

use common::cqls::{compile_cqls, refused};

/// The games each query matches in the first 1,000 games of std-visible-5k equal python-chess's
/// reading of the tags (games split as PGN defines them; see the script on game 581, whose two
/// blank lines before the moves python-chess's reader takes for the end of a game).
#[test]
fn real_games_agree_with_python_chess() {
    let Some(pgn) = common::shared_file("data/std-visible-5k.pgn") else {
        return;
    };
    let golden = std::fs::read_to_string(
        std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/expected/cqls-gameinfo.tsv"),
    )
    .expect("golden file");
    let queries: Vec<String> = golden
        .lines()
        .filter_map(|l| l.strip_prefix("# query "))
        .map(|l| l.split_once(": ").expect("# query K: TEXT").1.to_string())
        .collect();
    let games = common::replay_file(&pgn, 1000);
    let mut checked = 0;
    for line in golden.lines().filter(|l| !l.starts_with('#')) {
        let (k, list) = line.split_once('\t').unwrap_or((line, ""));
        let k: usize = k.parse().expect("query number");
        let want: Vec<usize> = list
            .split(',')
            .filter(|s| !s.is_empty())
            .map(|s| s.parse().expect("game number"))
            .collect();
        let text = &queries[k - 1];
        let q = compile_cqls(text);
        let got: Vec<usize> = games
            .iter()
            .enumerate()
            .filter(|(i, g)| {
                g.as_ref()
                    .is_some_and(|g| !common::matching_plies(g, *i as u64 + 1, &q).is_empty())
            })
            .map(|(i, _)| i + 1)
            .collect();
        assert_eq!(got, want, "query {k}: {text}");
        checked += 1;
    }
    assert_eq!(checked, queries.len());
}

#[test]
fn refusals_name_the_reason() {
    // The word bounds of Scidb's patterns are not implemented: said, not ignored.
    assert!(refused("(match :player \"(Kasparov)*\")").contains("word bound"));
    // Game facts belong in the match list.
    assert!(refused("(position :player Kasparov)").contains("match list"));
}
