//! Parser conformance against the real CQL 6.2 (build 9.493): every `parse=` case of
//! `../shared/cql/chessql-cases.txt` goes through `cql_to_ast` + `check_ast` (not lowering:
//! accepted but not yet evaluated counts as accepted) and the verdict is compared with CQL's.
//! The agreement rate may not fall below the ratchet. The 90 official examples and the 77
//! probes must all be accepted. Skipped when `../shared` is absent. The file's `LEX` cases
//! give chessql's token lists, not CQL verdicts (many are fragments such as `([x]`), so they
//! are not compared here.
//!
//! Run with `cargo test --test cql parser_conformance:: -- --nocapture` to see the rate and every
//! disagreeing case.

use std::path::{Path, PathBuf};

use cqlq::query::{check_ast, cql_to_ast};

/// The agreement reached so far (in cases); it may only go up.
const RATCHET_AGREEING: usize = 4893;

fn shared(rel: &str) -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("../shared/cql")
        .join(rel)
}

/// CQL's verdict on a query text (the body of `cql()`, or a whole file).
fn accepts(text: &str) -> Result<(), String> {
    let ast = cql_to_ast(text).map_err(|e| e.render("query", text))?;
    check_ast(&ast).map_err(|e| e.render("query", text))?;
    Ok(())
}

#[test]
fn chessql_parser_cases_agree_with_cql_6_2() {
    let path = shared("chessql-cases.txt");
    let Ok(text) = std::fs::read_to_string(&path) else {
        crate::common::skip(format!("{} is absent", path.display()));
        return;
    };
    let (mut total, mut agree) = (0usize, 0usize);
    let mut wrong_accepts = Vec::new();
    let mut wrong_rejects = Vec::new();
    for line in text.lines() {
        let cols: Vec<&str> = line.split('\t').collect();
        if cols.len() < 3 || !(cols[0].starts_with("parse") || cols[0].starts_with("run")) {
            continue;
        }
        // `parse=0 run=1` parses but fails at run time: accepted. `run=R` alone: accepted.
        let cql_accepts = !cols[0].starts_with("parse") || cols[0].contains("=0");
        let query: String = serde_json::from_str(cols[2]).expect("a JSON string");
        total += 1;
        let ours = accepts(&query);
        if ours.is_ok() == cql_accepts {
            agree += 1;
        } else if cql_accepts {
            let first = ours.err().unwrap_or_default();
            let first = first.lines().next().unwrap_or("").to_string();
            wrong_rejects.push(format!("{query:?} ({}) -- {first}", cols[1]));
        } else {
            wrong_accepts.push(format!("{query:?} ({})", cols[1]));
        }
    }
    for w in &wrong_rejects {
        println!("CQL accepts, cqlq rejects: {w}");
    }
    for w in &wrong_accepts {
        println!("CQL rejects, cqlq accepts: {w}");
    }
    let rate = 100.0 * agree as f64 / total.max(1) as f64;
    println!(
        "parser conformance: {agree} of {total} chessql cases agree with CQL 6.2 ({rate:.1}%); \
         {} wrongly rejected, {} wrongly accepted",
        wrong_rejects.len(),
        wrong_accepts.len()
    );
    assert!(
        agree >= RATCHET_AGREEING,
        "agreement fell to {agree} (ratchet {RATCHET_AGREEING})"
    );
    // Every visible case agrees (through the command line too, for the cases starting with
    // `-`: tests/cli/user_mistakes.rs).
    assert_eq!(agree, total, "every case agrees with CQL 6.2");
}

fn all_accepted(dir: &str) {
    let path = shared(dir);
    let Ok(entries) = std::fs::read_dir(&path) else {
        crate::common::skip(format!("{} is absent", path.display()));
        return;
    };
    let mut files: Vec<PathBuf> = entries
        .filter_map(|e| e.ok().map(|e| e.path()))
        .filter(|p| p.extension().is_some_and(|x| x == "cql"))
        .collect();
    files.sort();
    let mut failures = Vec::new();
    for f in &files {
        let text = std::fs::read_to_string(f).expect("readable query");
        if let Err(e) = accepts(&text) {
            failures.push(format!("{}:\n{e}", f.display()));
        }
    }
    for f in &failures {
        println!("{f}");
    }
    println!(
        "{dir}: {} of {} accepted",
        files.len() - failures.len(),
        files.len()
    );
    assert!(failures.is_empty(), "{} files rejected", failures.len());
}

#[test]
fn every_official_example_is_accepted() {
    all_accepted("examples");
}

#[test]
fn every_probe_is_accepted() {
    all_accepted("probes");
}

/// CQL 6.2's `find` range (node-parse.cpp, `match_range`): a bound is a number or an existing
/// numeric variable not followed by an operator; any other name is the filter `find` looks
/// for, and what follows is the next filter. A range and `all` together are refused.
#[test]
fn find_ranges_read_numeric_variables() {
    use cqlq::query::{ast_to_ir, ast_tree};
    use cqlq::squares::Geometry;
    let tree = |q: &str| ast_tree(&cql_to_ast(q).expect("parses"));
    // `v` numeric: a range, shown as a parameter of `find`.
    let t = tree("v=2 find v <-- quiet check");
    assert!(t.contains("find") && t.contains(" v"), "{t}");
    assert!(accepts("v=2 find 1 v check").is_ok());
    assert!(accepts("v=2 find all v check").is_err());
    assert!(accepts("find all 1 check").is_err());
    assert!(accepts("find 1 all check").is_err());
    // `x` a set: `find x`, then `check`.
    let q = "x=a1 find x check";
    assert!(accepts(q).is_ok());
    let ast = cql_to_ast(q).unwrap();
    let facts = check_ast(&ast).unwrap();
    assert!(ast_to_ir::<shakmaty::Bitboard>(&ast, &facts, Geometry::STANDARD).is_ok());
    // A variable range is evaluated (tests/cql/eval_words.rs checks its values).
    let ast = cql_to_ast("v=2 find v check").unwrap();
    let facts = check_ast(&ast).unwrap();
    assert!(ast_to_ir::<shakmaty::Bitboard>(&ast, &facts, Geometry::STANDARD).is_ok());
}
