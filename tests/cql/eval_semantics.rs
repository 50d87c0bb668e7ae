//! Evaluator semantics checked against independent computations and the documentation's
//! stated equivalences, on real games (the CQL sample with its variations, the master
//! games): position navigation, `echo`, variables, `if` without `else`.

use crate::common;

use cqlq::eval::{Evaluator, GameContext, ReplayedGame, replay};
use cqlq::pgn::{GameRecord, read_game, split_games};
use cqlq::rules::Position;
use cqlq::rules::standard::Standard;

fn games(pgn: &str, variations: bool, max: usize) -> Vec<(GameRecord, ReplayedGame<Standard>)> {
    let Some(path) = common::shared_file(&format!("data/{pgn}")) else {
        return Vec::new();
    };
    let data = std::fs::read(path).expect("pgn");
    split_games(&data)
        .take(max)
        .filter_map(|r| {
            let record = read_game(&data[r]).ok()?;
            let start = Standard::for_game(record.tag("FEN"), record.tag("Variant")).ok()?;
            let replayed = replay(&record, start, variations);
            Some((record, replayed))
        })
        .collect()
}

/// The searched nodes where `query` matches, per game.
fn matches(
    query: &str,
    games: &[(GameRecord, ReplayedGame<Standard>)],
    variations: bool,
) -> Vec<Vec<u32>> {
    let filter = common::compile(query);
    games
        .iter()
        .enumerate()
        .map(|(i, (record, replayed))| {
            let context = GameContext {
                record,
                replayed,
                number: i as u64 + 1,
                variations,
            };
            let ev = Evaluator::new(&context);
            ev.searched_nodes()
                .into_iter()
                .filter(|&at| ev.matches(&filter, at))
                .collect()
        })
        .collect()
}

fn searched(games: &[(GameRecord, ReplayedGame<Standard>)], variations: bool) -> Vec<Vec<u32>> {
    matches("true", games, variations)
}

/// Stated in CQL's documentation: every position but the first has its parent as a strict
/// ancestor; a child is a descendant; the lca of two children is the position itself.
#[test]
fn ancestor_descendant_lca_on_variations() {
    let g = games("cql-sample.pgn", true, 253);
    if g.is_empty() {
        return;
    }
    let all = searched(&g, true);
    let not_initial: Vec<Vec<u32>> = all
        .iter()
        .map(|v| v.iter().copied().filter(|&n| n != 0).collect())
        .collect();
    assert_eq!(
        matches("ancestor(parent currentposition)", &g, true),
        not_initial
    );
    assert_eq!(
        matches("ancestor(currentposition currentposition)", &g, true),
        vec![Vec::<u32>::new(); g.len()]
    );
    let with_child = matches("child : true", &g, true);
    assert_eq!(
        matches("descendant(child(0) currentposition)", &g, true),
        with_child
    );
    // Where there are two continuations, their lca is here (and only there).
    let two = matches("child(1) : true", &g, true);
    assert!(
        two.iter().any(|v| !v.is_empty()),
        "the sample has variations"
    );
    assert_eq!(
        matches("lca(child(0) child(1)) == currentposition", &g, true),
        two
    );
}

/// `echo (s t) { s < t currentfen == s:currentfen }` matches at a position when the same
/// placement, side, castling and en passant square come back later in the game: computed
/// here from the FENs directly.
#[test]
fn echo_finds_later_repetitions() {
    let g = games("std-visible-5k.pgn", false, 300);
    if g.is_empty() {
        return;
    }
    let got = matches(
        "echo (s t) { s < t  currentfen == s:currentfen }",
        &g,
        false,
    );
    let mut repeated_games = 0;
    for ((record, replayed), got) in g.iter().zip(&got) {
        let line = record.mainline();
        let fens: Vec<(u32, String)> = line
            .iter()
            .filter_map(|&n| {
                Some((
                    n,
                    replayed
                        .nodes
                        .get(n as usize)?
                        .as_ref()?
                        .position
                        .fen(false),
                ))
            })
            .collect();
        let want: Vec<u32> = fens
            .iter()
            .enumerate()
            .filter(|(i, (_, f))| fens[i + 1..].iter().any(|(_, g)| g == f))
            .map(|(_, (n, _))| *n)
            .collect();
        if !want.is_empty() {
            repeated_games += 1;
        }
        assert_eq!(got, &want, "game {:?}", record.tag("White"));
    }
    assert!(repeated_games > 0, "some game repeats a position");
}

/// CQL 6.2's `if` without `else` matches when its condition fails (its IfNode returns true).
#[test]
fn if_without_else_matches_when_condition_fails() {
    let g = games("std-visible-5k.pgn", false, 50);
    if g.is_empty() {
        return;
    }
    assert_eq!(
        matches("if check then mate", &g, false),
        matches("not check or mate", &g, false)
    );
}

/// A variable keeps its value from position to position within a game (CQL's variables are
/// nodes of the compiled query that hold their value until reassigned; cqlq starts each game
/// with every variable unbound, so results do not depend on the order games are evaluated
/// in): `cnt` counts the positions seen, so at each position it equals the ply.
#[test]
fn variables_persist_across_positions_of_a_game() {
    let g = games("std-visible-5k.pgn", false, 30);
    if g.is_empty() {
        return;
    }
    let got = matches(
        "if initial then cnt = 0 else cnt += 1  cnt == ply",
        &g,
        false,
    );
    assert_eq!(got, searched(&g, false));
}

/// CQL 6.2's dash is its shorter `move`: `X--Y` is `move from X to Y`, `X[x]Y` (`×`) a
/// capture of Y, `--=P` `move promote P`; in a `line` both read as the move the line takes.
#[test]
fn dash_filters_are_move_filters() {
    let g = games("std-visible-5k.pgn", false, 400);
    if g.is_empty() {
        return;
    }
    for (dash, moves) in [
        ("R--a-h7", "move from R to a-h7"),
        ("N[x]q", "move from N capture q"),
        ("N×q", "move from N capture q"),
        ("Q--", "move from Q"),
        (
            "line --> [x][RQrq] --> [x][RQrq]",
            "line --> move capture [RQrq] --> move capture [RQrq]",
        ),
    ] {
        let want = matches(moves, &g, false);
        assert!(
            want.iter().any(|v| !v.is_empty()),
            "{moves} matches somewhere"
        );
        assert_eq!(matches(dash, &g, false), want, "{dash}");
    }
}
