//! `:evaluation` with Stockfish (the system package) on real games: wherever the game's next
//! move is a checkmate, a depth-4 search must report a mate (`:evaluation depth 4 mate`), and
//! the side to move must stand better by far (`>=10.0 sidetomove`). Skipped when Stockfish is
//! not installed.

use crate::common;

use cqlq::squares::Geometry;
use shakmaty::Bitboard;

#[test]
fn stockfish_sees_every_mate_in_one_played_in_real_games() {
    let Some(sf) = ["/usr/games/stockfish", "/usr/bin/stockfish"]
        .iter()
        .map(std::path::PathBuf::from)
        .find(|p| p.exists())
    else {
        crate::common::skip("stockfish is not installed");
        return;
    };
    let Some(pgn) = common::shared_file("data/std-visible-5k.pgn") else {
        return;
    };
    let env = cqlq::eval::Environment {
        engine: Some(sf),
        ..Default::default()
    };
    let worker = cqlq::eval::Worker::default();
    let compile = |t: &str| {
        cqlq::query::Program::from_text(t, Some(cqlq::query::Dialect::Cqls), false)
            .and_then(|prog| prog.lower::<Bitboard>(Geometry::STANDARD))
            .expect("compiles")
            .filter
    };
    let before_mate = compile("(position :sequence ((position) (position :mate)))");
    let engine_mate =
        compile("(position :evaluation depth 4 mate :evaluation depth 4 >=10.0 sidetomove)");
    let games = common::replay_file(&pgn, 400);
    let mut checked = 0;
    for (i, g) in games.iter().enumerate() {
        let Some(g) = g else { continue };
        let n = i as u64 + 1;
        let plies = common::matching_plies(g, n, &before_mate);
        if plies.is_empty() {
            continue;
        }
        let seen = common::matching_plies_in(g, n, &engine_mate, &env, &worker);
        for p in &plies {
            assert!(
                seen.contains(p),
                "game {n} ply {p}: the next move mates, Stockfish saw {seen:?}"
            );
            checked += 1;
        }
    }
    assert!(checked >= 3, "only {checked} mates in one found");
}
