//! Every query CQL 6.2 accepts also runs in cqlq: each `parse=0` case of
//! `../shared/cql/chessql-cases.txt` (CQL 6.2 parses it; `parse=0 run=1` cases, which CQL 6.2
//! itself fails at run time, are left out), each `parse-with-variations=0` case (run with
//! variations) and each `run=0` case is compiled and evaluated at every position of the small
//! games below. A case fails when compiling refuses it (cqlq's exit status 2), when the run
//! stops (a failed `assert`, a runaway `while`), or when evaluating panics.
//!
//! Ratchet: the cases still failing are listed in [`STILL_FAILING`] (none today); a failure
//! outside that list fails the test.
//! A listed case that now runs is printed (remove it from the list). The cases that CQL 6.2
//! would stop on too ([`STOPS_IN_CQL`]) must stop.
//!
//! Run with `cargo test --test cql chessql_runs:: -- --nocapture` to see every failure and its
//! message. Skipped when `../shared` is absent.

use crate::common;

use std::panic::{AssertUnwindSafe, catch_unwind};

use cqlq::eval::{Evaluator, GameContext, ReplayedGame, replay};
use cqlq::pgn::{GameRecord, read_game, split_games};
use cqlq::rules::standard::Standard;
use cqlq::squares::Geometry;
use shakmaty::Bitboard;

/// The games the cases run on: a miniature with a comment and a variation; castling,
/// promotions and a capturing check from a set-up position; an HHdb-style study (award in
/// the Event tag, status codes and GBR code in the Black tag, `<cook` in a comment).
const GAMES: &str = r#"[Event "Tiny one"]
[Site "?"]
[Date "2024.01.01"]
[Round "1"]
[White "A"]
[Black "B"]
[Result "1-0"]
[ECO "C20"]
[EventDate "2024.01.01"]

1. e4 {start} e5 2. Qh5 Nc6 (2... g6 3. Qxe5+) 3. Bc4 Nf6 4. Qxf7# 1-0

[Event "Tiny two"]
[Site "?"]
[Date "2024.01.02"]
[Round "2"]
[White "C"]
[Black "D"]
[Result "0-1"]
[SetUp "1"]
[FEN "4k3/1P6/8/8/8/8/6p1/R3K2R w KQ - 0 1"]

1. O-O-O g1=Q 2. b8=N Qxd1+ 3. Kxd1 Kf7 0-1

[Event "2.hm Study Tourney #1234"]
[Site "?"]
[Date "1990.??.??"]
[Round "?"]
[White "Composer, A."]
[Black "U1 +0100.10a1c3"]
[Result "1-0"]
[SetUp "1"]
[FEN "8/8/8/8/8/8/P7/K1k5 w - - 0 1"]

{stipulation: Win. <main>} 1. a4 {<cook> also 1. a3} Kc2 2. a5 1-0
"#;

/// The still-failing cases (the query text), each with why. Keep in step with the run: every
/// case CQL 6.2 accepts runs today, so the list is empty; a case that stops running must be
/// added here with its reason.
const STILL_FAILING: &[&str] = &[];

/// Cases CQL 6.2 parses whose run stops in CQL 6.2 too, so cqlq must stop (exit 2):
/// `assert 1 == 2` fails at the first position; `while (k) q` never ends in CQL 6.2 (the test
/// `k` holds at every position and the body changes nothing), cqlq stops it after a million
/// rounds.
const STOPS_IN_CQL: &[&str] = &["assert 1 == 2", "while (k) q", "while (k) {q}"];

/// One case of the file: the query and whether it runs with variations.
struct Case {
    query: String,
    variations: bool,
}

/// The cases CQL 6.2 parses and (but for `run=1`) runs.
fn cases(text: &str) -> Vec<Case> {
    let mut out = Vec::new();
    for line in text.lines() {
        let cols: Vec<&str> = line.split('\t').collect();
        if cols.len() < 3 {
            continue;
        }
        let variations = match cols[0] {
            "parse=0" | "run=0" => false,
            "parse-with-variations=0" => true,
            _ => continue,
        };
        let query: String = serde_json::from_str(cols[2]).expect("a JSON string");
        out.push(Case { query, variations });
    }
    out
}

/// The test games, read and replayed (with the positions in variations when asked).
fn games(variations: bool) -> Vec<(GameRecord, ReplayedGame<Standard>)> {
    let data = GAMES.as_bytes();
    split_games(data)
        .map(|r| {
            let record = read_game(&data[r]).expect("a readable test game");
            let start = Standard::for_game(record.tag("FEN"), record.tag("Variant"))
                .expect("a valid start");
            let replayed = replay(&record, start, variations);
            assert!(replayed.fault.is_none(), "the test games replay");
            (record, replayed)
        })
        .collect()
}

/// Why `query` does not run on the games (None: it runs).
fn failure(
    query: &str,
    games: &[(GameRecord, ReplayedGame<Standard>)],
    variations: bool,
) -> Option<String> {
    let compiled = match cqlq::query::Program::from_text(query, None, false)
        .and_then(|prog| prog.lower::<Bitboard>(Geometry::STANDARD))
    {
        Ok(q) => q.filter,
        Err(e) => {
            let text = e.render("query", query);
            let first = text.lines().next().unwrap_or("").to_string();
            return Some(format!("refused: {first}"));
        }
    };
    let run = catch_unwind(AssertUnwindSafe(|| {
        for (k, (record, replayed)) in games.iter().enumerate() {
            let context = GameContext {
                record,
                replayed,
                number: k as u64 + 1,
                variations,
            };
            let evaluator = Evaluator::new(&context);
            // `lastgamenumber`: the run counts the games before the search.
            evaluator.set_last_game_number(games.len() as u64);
            for at in evaluator.searched_nodes() {
                evaluator.matches(&compiled, at);
                if let Some(m) = evaluator.abort_message() {
                    return Some(format!("stopped: {m}"));
                }
            }
        }
        None
    }));
    run.unwrap_or_else(|_| Some("panicked".to_string()))
}

#[test]
fn every_case_cql_accepts_runs() {
    let Some(path) = common::shared_file("cql/chessql-cases.txt") else {
        return;
    };
    let Ok(text) = std::fs::read_to_string(&path) else {
        crate::common::skip(format!("{} is absent", path.display()));
        return;
    };
    let plain = games(false);
    let with_variations = games(true);
    let all = cases(&text);
    let mut failing = Vec::new();
    let mut unexpected = Vec::new();
    let mut should_stop = Vec::new();
    for case in &all {
        let games = if case.variations {
            &with_variations
        } else {
            &plain
        };
        let why = failure(&case.query, games, case.variations);
        if STOPS_IN_CQL.contains(&case.query.as_str()) {
            if why.as_deref().is_none_or(|w| !w.starts_with("stopped")) {
                should_stop.push(case.query.clone());
            }
            continue;
        }
        let Some(why) = why else {
            continue;
        };
        println!("fails: {:?} -- {why}", case.query);
        if !STILL_FAILING.contains(&case.query.as_str()) {
            unexpected.push(format!("{:?} -- {why}", case.query));
        }
        failing.push(case.query.clone());
    }
    for listed in STILL_FAILING {
        if !failing.iter().any(|f| f == listed) {
            println!("now runs (remove it from STILL_FAILING): {listed:?}");
        }
    }
    println!(
        "chessql runs: {} of {} cases CQL 6.2 accepts run in cqlq; {} fail",
        all.len() - failing.len(),
        all.len(),
        failing.len()
    );
    assert!(
        should_stop.is_empty(),
        "these must stop as in CQL 6.2: {should_stop:?}"
    );
    assert!(
        unexpected.is_empty(),
        "cases failing outside STILL_FAILING:\n{}",
        unexpected.join("\n")
    );
}
