//! Throughput benchmark: games/s and MB/s of cqlq's pipeline on the 50,000 real master games of
//! `../shared/data/std-visible.pgn`, for several queries, next to a replay-only floor (same
//! splitter, same reader, same replay, no query), on 1 and 2 threads.
//!
//! Run: `cargo bench --bench throughput` (optionally `-- PATH.pgn` for another file).

use std::time::Instant;

use cqlq::eval::{NO_ENVIRONMENT, SearchSettings, Worker, replay, search_game};
use cqlq::ir::Node;
use cqlq::pgn::{read_game, split_games};
use cqlq::rules::standard::Standard;
use cqlq::squares::Geometry;
use rayon::prelude::*;
use shakmaty::Bitboard;

const QUERIES: &[&str] = &[
    "true",
    "check",
    "mate",
    "#(. attackedby A) >= 30",
    "passedpawns & P",
    "flipcolor { btm (N attacks k) & (N attacks q) }",
    "move legal count == 0",
    "line --> check{3,}",
    "find check",
    "find all check >= 20",
    "find <-- check",
    "echo (s t) { s:check t:check }",
    "path K-- --(check)",
];

/// Reads, replays and (with a filter) evaluates one game; returns (positions, matched?).
fn game(slice: &[u8], number: u64, filter: Option<&Node<Bitboard>>) -> (u64, bool) {
    let Ok(record) = read_game(slice) else {
        return (0, false);
    };
    let Ok(start) = Standard::for_game(record.tag("FEN"), record.tag("Variant")) else {
        return (0, false);
    };
    let Some(filter) = filter else {
        let replayed = replay(&record, start, false);
        let positions = replayed.nodes.iter().filter(|n| n.is_some()).count() as u64;
        return (positions, false);
    };
    // The search's own chain (replay, evaluator, matched positions), as `cqlq` runs it.
    let settings = SearchSettings {
        variations: false,
        env: &NO_ENVIRONMENT,
        last_game_number: None,
        marking: false,
    };
    let worker = Worker::default();
    let found = search_game(
        &record,
        start,
        number,
        Some(filter),
        &settings,
        &worker,
        None,
    );
    let positions = found.replayed.nodes.iter().filter(|n| n.is_some()).count() as u64;
    (positions, !found.matched.is_empty())
}

fn measure(
    data: &[u8],
    ranges: &[std::ops::Range<usize>],
    filter: Option<&Node<Bitboard>>,
    threads: usize,
) -> (f64, u64, u64) {
    let pool = rayon::ThreadPoolBuilder::new()
        .num_threads(threads)
        .build()
        .expect("pool");
    let started = Instant::now();
    let (positions, matched) = pool.install(|| {
        ranges
            .par_iter()
            .enumerate()
            .map(|(i, r)| game(&data[r.clone()], i as u64 + 1, filter))
            .fold(
                || (0u64, 0u64),
                |(p, m), (gp, gm)| (p + gp, m + u64::from(gm)),
            )
            .reduce(|| (0, 0), |a, b| (a.0 + b.0, a.1 + b.1))
    });
    (started.elapsed().as_secs_f64(), positions, matched)
}

fn main() {
    let path = std::env::args()
        .skip(1)
        .find(|a| !a.starts_with('-'))
        .unwrap_or_else(|| {
            concat!(
                env!("CARGO_MANIFEST_DIR"),
                "/../shared/data/std-visible.pgn"
            )
            .to_string()
        });
    let Ok(data) = std::fs::read(&path) else {
        eprintln!("skipped: cannot read {path}");
        return;
    };
    let ranges: Vec<_> = split_games(&data).collect();
    let games = ranges.len() as f64;
    let mb = data.len() as f64 / 1e6;
    println!(
        "input: {path}: {} games, {mb:.1} MB; machine: {} cores",
        ranges.len(),
        std::thread::available_parallelism().map_or(1, |n| n.get())
    );
    println!(
        "{:<50} {:>7} {:>9} {:>11} {:>8} {:>9} {:>8}",
        "query", "threads", "seconds", "games/s", "MB/s", "of floor", "matched"
    );
    for threads in [1, 2] {
        let (floor, positions, _) = measure(&data, &ranges, None, threads);
        println!(
            "{:<50} {:>7} {:>9.2} {:>11.0} {:>8.1} {:>9} {:>8}   ({positions} positions, {:.0} positions/s)",
            "(replay only: the floor)",
            threads,
            floor,
            games / floor,
            mb / floor,
            "100%",
            "-",
            positions as f64 / floor
        );
        for query in QUERIES {
            let filter = match cqlq::query::Program::from_text(
                query,
                Some(cqlq::query::Dialect::Cql),
                false,
            )
            .and_then(|prog| prog.lower::<Bitboard>(Geometry::STANDARD))
            {
                Ok(q) => q.filter,
                Err(e) => {
                    println!("{query:<50} {threads:>7}   not supported: {}", e.message);
                    continue;
                }
            };
            let (secs, _, matched) = measure(&data, &ranges, Some(&filter), threads);
            println!(
                "{:<50} {:>7} {:>9.2} {:>11.0} {:>8.1} {:>8.0}% {:>8}",
                query,
                threads,
                secs,
                games / secs,
                mb / secs,
                100.0 * floor / secs,
                matched
            );
        }
    }
}
