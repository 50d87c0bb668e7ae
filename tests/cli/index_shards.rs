//! Issue 35, item 5: a shard of a file (`--byte-range A-B --first-game-number N`, as
//! `cqlq-spark` runs each task) is searched through the file's index: the games starting in
//! the range, numbered from N. The truth is the scan's (`--no-index`) bytes and the games'
//! moves; a doctored index shows that the shard's search believed it.

use std::fs;
use std::path::Path;

use crate::common::cqlq_in;
use crate::index_search::{SEVEN_GAMES, with_and_without};
use cqlq::index::format::{decode, encode};

fn text(bytes: &[u8]) -> String {
    String::from_utf8_lossy(bytes).into_owned()
}

/// The first byte of each game of `pgn` (each starts at its `[Event` tag).
fn game_starts(pgn: &str) -> Vec<usize> {
    pgn.match_indices("[Event").map(|(at, _)| at).collect()
}

/// `SEVEN_GAMES` indexed in `dir` as `g.pgn`.
fn seven_games(dir: &Path) {
    fs::write(dir.join("g.pgn"), SEVEN_GAMES).unwrap();
    let out = cqlq_in(dir, &["index", "-q", "g.pgn"]);
    assert!(out.status.success(), "{}", text(&out.stderr));
}

/// Shards of `SEVEN_GAMES` cut at game starts, inside games and at the file's ends: game
/// numbers, `--count`, the summary line (the shard's games read) and stderr are the scan's,
/// and the numbers are the ones the games' moves give (mates in games 1, 3 and 7; game 4
/// castles; game 5 is a bad game).
#[test]
fn a_shard_is_searched_through_the_index_as_the_scan() {
    let scratch = crate::common::scratch("index", "shards");
    let dir = scratch.path();
    seven_games(dir);
    let starts = game_starts(SEVEN_GAMES);
    assert_eq!(starts.len(), 7);
    let end = SEVEN_GAMES.len();
    let range = |a: usize, b: usize| format!("{a}-{b}");
    // Games 3, 4 and 5 (cut at their starts), numbered from 3.
    let r = range(starts[2], starts[5]);
    let args = [
        "mate",
        "--gamenumbers",
        "--byte-range",
        &r,
        "--first-game-number",
        "3",
        "g.pgn",
    ];
    let (numbers, summary) = with_and_without(dir, &args);
    assert_eq!(numbers, "3\n");
    assert_eq!(
        summary,
        "cqlq: 3 games read, 1 matched, 1 position matched, 1 bad game"
    );
    // Cut inside game 1 and inside game 6: games 2 to 6, numbered from 2.
    let r = range(starts[0] + 5, starts[5] + 5);
    for (query, want) in [("mate", "3\n"), ("move o-o", "4\n"), ("false", "")] {
        let args = [
            query,
            "--gamenumbers",
            "--byte-range",
            &r,
            "--first-game-number",
            "2",
            "g.pgn",
        ];
        assert_eq!(with_and_without(dir, &args).0, want, "{query}");
    }
    let args = ["mate", "--count", "--byte-range", &r, "g.pgn"];
    assert_eq!(with_and_without(dir, &args).0.trim(), "1");
    // The last game alone, and the range past the file's end: game 7.
    let r = range(starts[6], end + 100);
    let args = [
        "mate",
        "--gamenumbers",
        "--byte-range",
        &r,
        "--first-game-number",
        "7",
        "g.pgn",
    ];
    assert_eq!(with_and_without(dir, &args).0, "7\n");
    // An empty shard (a cut inside the last game to the end), and the whole file numbered
    // from 10 (no range).
    let r = range(starts[6] + 3, end);
    let args = ["mate", "--gamenumbers", "--byte-range", &r, "g.pgn"];
    let (numbers, summary) = with_and_without(dir, &args);
    assert_eq!(
        (numbers.as_str(), summary.as_str()),
        (
            "",
            "cqlq: 0 games read, 0 matched, 0 positions matched, 0 bad games"
        )
    );
    let args = [
        "mate",
        "--gamenumbers",
        "--first-game-number",
        "10",
        "g.pgn",
    ];
    assert_eq!(with_and_without(dir, &args).0, "10\n12\n16\n");
    // Matched games written in PGN and JSON from the text, as the scan writes them.
    let r = range(starts[3], starts[6]);
    for format in [&["--json"][..], &[]] {
        let mut args = vec!["move o-o", "--byte-range", &r, "--first-game-number", "4"];
        args.extend_from_slice(format);
        args.push("g.pgn");
        let (out, _) = with_and_without(dir, &args);
        assert!(out.contains("four"), "{out}");
    }
}

/// The shard's search reads the index: doctored to say game 7 (the scholar's mate) has no
/// mate, the shard holding games 6 and 7 finds no mate, while `--no-index` finds game 7.
#[test]
fn a_shard_believes_the_index() {
    let scratch = crate::common::scratch("index", "shard-believed");
    let dir = scratch.path();
    seven_games(dir);
    let path = dir.join("g.pgn.cqlqi");
    let mut index = decode(&fs::read(&path).unwrap()).unwrap();
    index.games[6].summary.flags &= !cqlq::index::summary::MATE;
    fs::write(&path, encode(&index)).unwrap();
    let starts = game_starts(SEVEN_GAMES);
    let r = format!("{}-{}", starts[5], SEVEN_GAMES.len());
    let args = |no_index: bool| {
        let mut args = vec!["-q", "--gamenumbers", "-e", "mate", "--byte-range", &r];
        args.extend(["--first-game-number", "6", "g.pgn"]);
        if no_index {
            args.push("--no-index");
        }
        args.into_iter().map(str::to_string).collect::<Vec<_>>()
    };
    let run = |no_index| {
        let args = args(no_index);
        let args: Vec<&str> = args.iter().map(String::as_str).collect();
        text(&cqlq_in(dir, &args).stdout)
    };
    assert_eq!(run(false), "");
    assert_eq!(run(true), "7\n");
}

/// On real games (`../shared/data/std-visible-5k.pgn`), the shards `cqlq split --plan` cuts
/// and shards cut at arbitrary bytes print with the index what the scan prints, stdout and
/// stderr, for selective and unselective queries, in `--count`, `--gamenumbers` and JSON.
#[test]
fn shards_of_real_games_answer_as_the_scan() {
    let Some(source) = crate::common::shared_file("data/std-visible-5k.pgn") else {
        eprintln!("skipped: ../shared/data/std-visible-5k.pgn is absent");
        return;
    };
    let scratch = crate::common::scratch("index", "shards-real");
    let dir = scratch.path();
    fs::copy(&source, dir.join("r.pgn")).unwrap();
    let out = cqlq_in(dir, &["index", "-q", "r.pgn"]);
    assert!(out.status.success(), "{}", text(&out.stderr));
    let plan = cqlq_in(
        dir,
        &["split", "r.pgn", "--plan", "--shard-bytes", "900000"],
    );
    let mut ranges: Vec<(String, String)> = text(&plan.stdout)
        .lines()
        .map(|line| {
            let field = |name: &str| {
                let at = line.find(&format!("\"{name}\":")).unwrap() + name.len() + 3;
                line[at..].split([',', '}']).next().unwrap().to_string()
            };
            let end = field("end");
            (format!("{}-{}", field("start"), end), field("first_game"))
        })
        .collect();
    assert!(ranges.len() >= 3, "{}", text(&plan.stdout));
    ranges.push(("123457-2345679".to_string(), "1".to_string()));
    for (range, first) in &ranges {
        for query in ["mate", "move promote [RBN]", "check"] {
            for format in ["--gamenumbers", "--json"] {
                let with = [
                    "-q",
                    format,
                    "-e",
                    query,
                    "--byte-range",
                    range,
                    "--first-game-number",
                    first,
                    "r.pgn",
                ];
                let what = format!("{query} {format} {range}");
                crate::index_search::assert_answers_as_the_scan(dir, &with, &what);
            }
        }
    }
}
