//! CQL-S keywords whose truth python-chess gives directly (`scripts/cqls_simple_truth.py`,
//! golden `tests/expected/cqls-simple.tsv`): `:threefoldrepetition`, `:fiftymoverule` and
//! `:halfmoveclocklimit` on the main lines of master games; `:variationsonly`,
//! `:insidevariation`, `:null` and the empty position list over the game trees of annotated
//! games.

use crate::common;

use common::cqls::compile_cqls;

fn golden() -> String {
    std::fs::read_to_string(
        std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/expected/cqls-simple.tsv"),
    )
    .expect("golden file")
}

#[test]
fn main_line_keywords_agree_with_python_chess() {
    let Some(pgn) = common::shared_file("data/std-visible-5k.pgn") else {
        return;
    };
    let queries = [
        "(position :threefoldrepetition)",
        "(position :fiftymoverule)",
        "(position :halfmoveclocklimit 3)",
    ]
    .map(compile_cqls);
    let games = common::replay_file(&pgn, 400);
    let (mut compared, mut marked) = (0, [0usize; 3]);
    for line in golden().lines().filter(|l| l.starts_with("main\t")) {
        let cols: Vec<&str> = line.split('\t').collect();
        if cols[2] == "skip" {
            continue;
        }
        let number: usize = cols[1].parse().expect("game number");
        let game = games[number - 1].as_ref().expect("game reads");
        for (k, q) in queries.iter().enumerate() {
            let want: Vec<u32> = cols[k + 2]
                .split(',')
                .filter(|s| !s.is_empty())
                .map(|s| s.parse().expect("ply"))
                .collect();
            assert_eq!(
                common::matching_plies(game, number as u64, q),
                want,
                "game {number}, query {k}"
            );
            marked[k] += want.len();
        }
        compared += 1;
    }
    assert_eq!(compared, 400);
    // Threefold repetitions and short clocks occur; a clock of 100 does not in these games.
    assert!(marked[0] > 0 && marked[2] > 0, "{marked:?}");
}

/// Game-tree counts on the first 300 games of annotated.pgn. The golden numbers games as PGN
/// does and skips the 12 games whose movetext is not PGN (`scripts/pgn_games.py`: coordinate
/// moves, a capture without `x`, words in parentheses, an unclosed comment, illegal moves),
/// where python-chess reads on leniently and cqlq stops at the bad move; python-chess's own
/// reader had split two games with two blank lines before their moves, shifting the later
/// numbers.
#[test]
fn game_tree_keywords_agree_with_python_chess() {
    let Some(pgn) = common::shared_file("data/annotated.pgn") else {
        return;
    };
    let queries = [
        "(position :variationsonly)",
        "(position :insidevariation)",
        "(position :null)",
        "(position)",
    ]
    .map(compile_cqls);
    let games = common::replay_file_with(&pgn, 300, true);
    let (mut compared, mut inside) = (0, 0);
    for line in golden().lines().filter(|l| l.starts_with("tree\t")) {
        let cols: Vec<&str> = line.split('\t').collect();
        if cols[2] == "skip" {
            continue;
        }
        let number: usize = cols[1].parse().expect("game number");
        let Some(game) = games[number - 1].as_ref() else {
            panic!("game {number} reads for python-chess but not for cqlq");
        };
        let want: Vec<usize> = cols[2..5]
            .iter()
            .map(|s| s.parse().expect("count"))
            .collect();
        let count = |q| common::matching_count(game, number as u64, q, true);
        let got = [count(&queries[0]), count(&queries[2]), count(&queries[3])];
        assert_eq!(got.to_vec(), want, "game {number}");
        assert_eq!(
            count(&queries[1]),
            want[0],
            "game {number}: :insidevariation"
        );
        inside += want[0];
        compared += 1;
    }
    assert!(compared >= 285, "{compared}");
    assert!(inside > 0);
}
