//! Truth from the real CQL 6.2 (build 9.493): for every reference query this tier compiles,
//! cqlq matches exactly the games CQL 6.2 matched (`../shared/cql/expected-cql62.tsv` for the
//! official examples, `probes-expected-cql62.tsv` for the one-feature probes), on the 5,000
//! master games and the CQL sample. Queries using words not implemented yet are listed and
//! skipped; every query that compiles must agree.

mod common;

use std::collections::BTreeSet;
use std::path::Path;

use cqlq::query::compile;
use cqlq::squares::Geometry;
use shakmaty::Bitboard;

struct Row {
    query: String,
    pgn: String,
    matched: BTreeSet<u64>,
}

fn rows(tsv: &Path) -> Vec<Row> {
    let text = std::fs::read_to_string(tsv).expect("read tsv");
    text.lines()
        .skip(1)
        .filter_map(|line| {
            let cols: Vec<&str> = line.split('\t').collect();
            if cols.len() < 6 || cols[2] != "0" {
                return None;
            }
            let matched = cols[5]
                .split(',')
                .filter(|s| !s.is_empty())
                .map(|s| s.parse().unwrap())
                .collect();
            Some(Row {
                query: cols[0].to_string(),
                pgn: cols[1].to_string(),
                matched,
            })
        })
        .collect()
}

/// Runs every row whose query compiles; returns (agreeing, skipped, disagreements).
fn check(tsv: &str, query_dir: &str) -> (usize, Vec<String>, Vec<String>) {
    let shared = common::shared().expect("shared");
    let mut games_by_pgn = std::collections::HashMap::new();
    let (mut agree, mut skipped, mut wrong) = (0, Vec::new(), Vec::new());
    for row in rows(&shared.join("cql").join(tsv)) {
        let text = std::fs::read_to_string(shared.join("cql").join(query_dir).join(&row.query))
            .expect("query");
        let query = match compile::<Bitboard>(&text, Geometry::STANDARD) {
            Ok(q) => q,
            Err(e) => {
                skipped.push(format!("{} ({})", row.query, e.message));
                continue;
            }
        };
        if query
            .header
            .params
            .iter()
            .any(|p| p.name != "input" && p.name != "output")
        {
            skipped.push(format!("{} (header parameters)", row.query));
            continue;
        }
        let games = games_by_pgn.entry(row.pgn.clone()).or_insert_with(|| {
            common::replay_file(&shared.join("data").join(&row.pgn), usize::MAX)
        });
        let got: BTreeSet<u64> = games
            .iter()
            .enumerate()
            .filter_map(|(i, g)| g.as_ref().map(|g| (i as u64 + 1, g)))
            .filter(|(n, g)| !common::matching_plies(g, *n, &query.filter).is_empty())
            .map(|(n, _)| n)
            .collect();
        if got == row.matched {
            agree += 1;
        } else {
            let extra: Vec<_> = got.difference(&row.matched).take(5).collect();
            let missing: Vec<_> = row.matched.difference(&got).take(5).collect();
            wrong.push(format!(
                "{} on {}: cqlq {} games, CQL 6.2 {}; extra {extra:?} missing {missing:?}",
                row.query,
                row.pgn,
                got.len(),
                row.matched.len()
            ));
        }
    }
    (agree, skipped, wrong)
}

fn report(name: &str, (agree, skipped, wrong): (usize, Vec<String>, Vec<String>)) {
    eprintln!(
        "{name}: {agree} runs agree with CQL 6.2, {} skipped, {} disagree",
        skipped.len(),
        wrong.len()
    );
    for s in &skipped {
        eprintln!("  skipped: {s}");
    }
    assert!(
        wrong.is_empty(),
        "{name}: disagreements with CQL 6.2:\n{}",
        wrong.join("\n")
    );
    assert!(agree > 0, "{name}: nothing compared");
}

#[test]
fn probes_agree_with_cql62() {
    if common::shared_file("cql/probes-expected-cql62.tsv").is_none() {
        return;
    }
    report("probes", check("probes-expected-cql62.tsv", "probes"));
}

#[test]
fn official_examples_agree_with_cql62() {
    if common::shared_file("cql/expected-cql62.tsv").is_none() {
        return;
    }
    report("examples", check("expected-cql62.tsv", "examples"));
}
