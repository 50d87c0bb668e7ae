//! Helpers shared by the integration tests: where `../shared` is, scratch folders, running the
//! binary, and replaying games through the library.

#![allow(dead_code)]

pub mod build;
pub mod cqls;
pub mod icn;

use std::path::PathBuf;
use std::process::{Command, Output};

use cqlq::eval::{Evaluator, GameContext, ReplayedGame, replay};
use cqlq::ir::Node;
use cqlq::pgn::{GameRecord, read_game, split_games};
use cqlq::rules::standard::Standard;
use cqlq::squares::Geometry;
use shakmaty::Bitboard;

/// A seeded xorshift64 generator for the tests that draw their cases at random (the same
/// cases every run): each call gives a number below its argument.
pub fn below_from(seed: u64) -> impl FnMut(usize) -> usize {
    let mut state = seed;
    move |n: usize| {
        state ^= state << 13;
        state ^= state >> 7;
        state ^= state << 17;
        (state % n as u64) as usize
    }
}

/// Three games written for the command-line tests (`header_params`, `cql_command_line`),
/// their checks counted by hand there: Alpha-Beta 1-0 (one check, 4.Qxf7#), Gamma-Alpha 0-1
/// (one, 2...Qh4#), Delta-Epsilon draw (two, 2.Qh5+ and 3.Qxg6+).
pub const THREE_GAMES: &str = r#"[Event "Spring Open"]
[Site "Oslo"]
[Date "1999.05.01"]
[White "Anna Alpha"]
[Black "Bob Beta"]
[Result "1-0"]

1. e4 e5 2. Bc4 Nc6 3. Qh5 Nf6 4. Qxf7# 1-0

[Event "Autumn Cup"]
[Site "Rome"]
[Date "2005.??.??"]
[White "Carl Gamma"]
[Black "Anna Alpha"]
[Result "0-1"]

1. f3 e5 2. g4 Qh4# 0-1

[Event "Spring Open"]
[Site "Paris"]
[Date "2010.01.02"]
[White "Dana Delta"]
[Black "Eve Epsilon"]
[Result "1/2-1/2"]

1. e4 f5 2. Qh5+ g6 3. Qxg6+ hxg6 1/2-1/2
"#;

/// Whether the tests run under CI (`CI` set, and not empty, `0` or `false`): there
/// `../shared` and the oracles `.ci/run` installs are present, so a test that cannot find
/// them fails instead of skipping.
pub fn under_ci() -> bool {
    std::env::var("CI").is_ok_and(|v| !matches!(v.trim(), "" | "0" | "false"))
}

/// The one way a test skips: says why on stderr so the caller can return, except under CI
/// ([`under_ci`]), where the missing `../shared` file or oracle fails the test.
#[track_caller]
pub fn skip(why: impl std::fmt::Display) {
    assert!(
        !under_ci(),
        "cannot run under CI: {why} (CI has ../shared beside the project, and .ci/run \
         installs the oracles)"
    );
    eprintln!("skipped: {why}");
}

/// `../shared` beside the project, or None after [`skip`] (a bare clone may lack it; CI
/// has it, so there its absence fails the test).
#[track_caller]
pub fn shared() -> Option<PathBuf> {
    let dir = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../shared");
    if dir.join("data").is_dir() {
        Some(dir)
    } else {
        skip("../shared is absent");
        None
    }
}

/// A file under `../shared`, or None after [`skip`].
#[track_caller]
pub fn shared_file(rel: &str) -> Option<PathBuf> {
    Some(shared()?.join(rel))
}

/// A new empty folder `cqlq-AREA-NAME-XXXXXX` in the system's temporary folder, for one
/// test: removed with all it holds when the value is dropped, whether the test passed or not.
pub fn scratch(area: &str, name: &str) -> tempfile::TempDir {
    tempfile::Builder::new()
        .prefix(&format!("cqlq-{area}-{name}-"))
        .tempdir()
        .expect("the temporary folder is writable")
}

/// Runs the built `cqlq` binary with `args`.
pub fn cqlq(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_cqlq"))
        .args(args)
        .output()
        .expect("run cqlq")
}

/// Runs the built `cqlq` binary with `args` in folder `dir`.
pub fn cqlq_in(dir: &std::path::Path, args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_cqlq"))
        .current_dir(dir)
        .args(args)
        .output()
        .expect("run cqlq")
}

/// Runs the built `cqlq` binary with `args` in folder `dir` under a data limit of `bytes`
/// (`RLIMIT_DATA`: the heap and every private writable mapping, not a mapped file such as
/// the PGN), without the tests' `CQLQ_TEST_HELD_BYTES`: what a memory test runs.
pub fn cqlq_in_data_limit(dir: &std::path::Path, args: &[&str], bytes: u64) -> Output {
    use std::os::unix::process::CommandExt;
    let mut command = Command::new(env!("CARGO_BIN_EXE_cqlq"));
    command
        .current_dir(dir)
        .env_remove("CQLQ_TEST_HELD_BYTES")
        .args(args);
    // SAFETY: setrlimit(2) only, between fork and exec.
    unsafe {
        command.pre_exec(move || {
            let limit = libc::rlimit {
                rlim_cur: bytes,
                rlim_max: bytes,
            };
            if libc::setrlimit(libc::RLIMIT_DATA, &limit) != 0 {
                return Err(std::io::Error::last_os_error());
            }
            Ok(())
        });
    }
    command.output().expect("run cqlq")
}

/// A run's standard error as text.
pub fn stderr(out: &Output) -> String {
    String::from_utf8_lossy(&out.stderr).into_owned()
}

/// The name of a fairy engine square (`FairyPos`'s 16-file numbering: `a1` is 0, `b1` 1,
/// `a2` 16).
pub fn fairy_square_name(s: u8) -> String {
    format!("{}{}", (b'a' + s % 16) as char, s / 16 + 1)
}

/// Runs `cqlq --rules RULES -e QUERY --count -` on `pgn` fed through standard input and
/// returns its standard error (the summary line and any bad game's message).
pub fn rules_count_summary(rules: &str, query: &str, pgn: &str) -> String {
    stderr(&cqlq_fed(
        None,
        &["--rules", rules, "-e", query, "--count", "-"],
        pgn.as_bytes(),
    ))
}

/// Runs the built `cqlq` binary with `args` in folder `dir` (None: the test's own), `stdin`
/// written to its standard input from a thread, so a large input cannot block against the
/// output it produces meanwhile.
pub fn cqlq_fed(dir: Option<&std::path::Path>, args: &[&str], stdin: &[u8]) -> Output {
    use std::io::Write;
    use std::process::Stdio;
    let mut command = Command::new(env!("CARGO_BIN_EXE_cqlq"));
    if let Some(dir) = dir {
        command.current_dir(dir);
    }
    let mut child = command
        .args(args)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("run cqlq");
    let mut input = child.stdin.take().expect("cqlq's stdin");
    let data = stdin.to_vec();
    // cqlq may end before reading everything (e.g. --limit): the write may then fail.
    let writer = std::thread::spawn(move || {
        let _ = input.write_all(&data);
    });
    let out = child.wait_with_output().expect("cqlq ends");
    writer.join().expect("the writer thread ends");
    out
}

/// The JSON lines of `--json` output, parsed.
pub fn json_lines(stdout: &[u8]) -> Vec<serde_json::Value> {
    String::from_utf8_lossy(stdout)
        .lines()
        .map(|l| serde_json::from_str(l).expect("a JSON line"))
        .collect()
}

/// Compiles a CQL 6 query for standard chess, panicking with the rendered error.
pub fn compile(text: &str) -> Node<Bitboard> {
    match cqlq::query::Program::from_text(text, Some(cqlq::query::Dialect::Cql), false)
        .and_then(|prog| prog.lower::<Bitboard>(Geometry::STANDARD))
    {
        Ok(q) => q.filter,
        Err(e) => panic!("{}", e.render("<test>", text)),
    }
}

/// A game read and replayed on its main line.
pub struct Replayed {
    pub record: GameRecord,
    pub replayed: ReplayedGame<Standard>,
}

/// Reads and replays the first `max` games of a PGN file (unreadable games are skipped, but
/// keep their place in the numbering: `None`).
pub fn replay_file(path: &std::path::Path, max: usize) -> Vec<Option<Replayed>> {
    replay_file_with(path, max, false)
}

/// [`replay_file`], with the positions inside variations replayed too when `variations`.
pub fn replay_file_with(
    path: &std::path::Path,
    max: usize,
    variations: bool,
) -> Vec<Option<Replayed>> {
    let data = std::fs::read(path).expect("read pgn");
    split_games(&data)
        .take(max)
        .map(|r| {
            let record = read_game(&data[r]).ok()?;
            let start = Standard::for_game(record.tag("FEN"), record.tag("Variant")).ok()?;
            let replayed = replay(&record, start, variations);
            Some(Replayed { record, replayed })
        })
        .collect()
}

/// The number of positions at which `filter` matches in the game at 1-based `number`, the
/// positions inside variations searched too when `variations`.
pub fn matching_count(
    game: &Replayed,
    number: u64,
    filter: &Node<Bitboard>,
    variations: bool,
) -> usize {
    let context = GameContext {
        record: &game.record,
        replayed: &game.replayed,
        number,
        variations,
    };
    let evaluator = Evaluator::new(&context);
    evaluator
        .searched_nodes()
        .into_iter()
        .filter(|&at| evaluator.matches(filter, at))
        .count()
}

/// The main-line plies at which `filter` matches, for the game at 1-based `number`.
pub fn matching_plies(game: &Replayed, number: u64, filter: &Node<Bitboard>) -> Vec<u32> {
    let worker = cqlq::eval::Worker::default();
    matching_plies_in(game, number, filter, &cqlq::eval::NO_ENVIRONMENT, &worker)
}

/// [`matching_plies`] with the filters reading `env` and using `worker`'s engine.
pub fn matching_plies_in(
    game: &Replayed,
    number: u64,
    filter: &Node<Bitboard>,
    env: &cqlq::eval::Environment,
    worker: &cqlq::eval::Worker,
) -> Vec<u32> {
    let context = GameContext {
        record: &game.record,
        replayed: &game.replayed,
        number,
        variations: false,
    };
    let evaluator = Evaluator::new(&context).in_env(env, worker);
    evaluator
        .searched_nodes()
        .into_iter()
        .filter(|&at| evaluator.matches(filter, at))
        .map(|at| {
            game.replayed.nodes[at as usize]
                .as_ref()
                .map_or(0, |n| n.ply)
        })
        .collect()
}

/// Replays the games of PGN text written by a test (through a file in its own [`scratch`]
/// folder, as a user's input would be read), so concurrent tests never read each other's.
pub fn games_from(name: &str, pgn: &str) -> Vec<Option<Replayed>> {
    let folder = scratch("test", name);
    let path = folder.path().join("games.pgn");
    std::fs::write(&path, pgn).expect("write pgn");
    replay_file(&path, usize::MAX)
}

/// Whether `query` matches at some position of each game.
pub fn matched_games(query: &str, games: &[Option<Replayed>]) -> Vec<bool> {
    let filter = compile(query);
    games
        .iter()
        .enumerate()
        .map(|(i, g)| {
            g.as_ref()
                .is_some_and(|g| !matching_plies(g, i as u64 + 1, &filter).is_empty())
        })
        .collect()
}
