//! CQL-S on games built by a test: a FEN and SAN moves, a query, the ply asked about.

use cqlq::eval::{Evaluator, GameContext, replay};
use cqlq::pgn::read_game;
use cqlq::rules::standard::Standard;
use cqlq::squares::Geometry;
use shakmaty::Bitboard;

/// The standard start position.
pub const START: &str = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";

/// Compiles a CQL-S query for standard chess, panicking with the rendered error.
pub fn compile_cqls(query: &str) -> cqlq::ir::Node<Bitboard> {
    match cqlq::query::Program::from_text(query, Some(cqlq::query::Dialect::Cqls), false)
        .and_then(|prog| prog.lower::<Bitboard>(Geometry::STANDARD))
    {
        Ok(q) => q.filter,
        Err(e) => panic!("{}", e.render("<q>", query)),
    }
}

/// Whether `query` matches at `ply` of the game starting from `fen` with `moves` (SAN).
pub fn matches_at(fen: &str, moves: &str, query: &str, ply: u32) -> bool {
    matches_in(fen, moves, query, ply, false)
}

/// As [`matches_at`], the game's variations replayed when `variations` (ply counted on the
/// main line: the first node of that ply in search order).
pub fn matches_in(fen: &str, moves: &str, query: &str, ply: u32, variations: bool) -> bool {
    let pgn = format!("[FEN \"{fen}\"]\n[SetUp \"1\"]\n[Result \"*\"]\n\n{moves} *\n");
    let record = read_game(pgn.as_bytes()).expect("test game reads");
    let start = Standard::for_game(record.tag("FEN"), None).expect("test FEN");
    let replayed = replay(&record, start, variations);
    assert!(replayed.fault.is_none(), "test moves replay: {moves}");
    let q = compile_cqls(query);
    let cx = GameContext {
        record: &record,
        replayed: &replayed,
        number: 1,
        variations,
    };
    let ev = Evaluator::new(&cx);
    let at = ev
        .searched_nodes()
        .into_iter()
        .find(|&n| {
            replayed.nodes[n as usize]
                .as_ref()
                .is_some_and(|x| x.ply == ply)
        })
        .expect("ply reached");
    ev.matches(&q, at)
}

/// Whether `query` matches the position `fen` itself.
pub fn holds(fen: &str, query: &str) -> bool {
    matches_at(fen, "", query, 0)
}

/// The rendered error of a CQL-S query cqlq must refuse (panics if it compiles).
pub fn refused(query: &str) -> String {
    match cqlq::query::Program::from_text(query, Some(cqlq::query::Dialect::Cqls), false)
        .and_then(|prog| prog.lower::<Bitboard>(Geometry::STANDARD))
    {
        Ok(_) => panic!("compiles, but should be refused: {query}"),
        Err(e) => e.render("<q>", query),
    }
}
