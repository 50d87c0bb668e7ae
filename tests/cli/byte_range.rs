//! Shards of one file: `--byte-range A-B` (the games that start in `[A, B)`), with
//! `--input-offset` and `--first-game-number`, and `cqlq split` (`--plan`, `-o DIR`). The truth
//! is the single run over the whole file: the shards' outputs, concatenated in order with each
//! shard's games numbered on from the previous ones, must be that run's output byte for byte
//! (its matches, and its bad-game reports with their file offsets).

use std::path::{Path, PathBuf};
use std::process::Output;

use crate::common::{cqlq, cqlq_fed, shared_file};

/// `initial` matches each game once (its first position), so `--json` lists every game read,
/// with its number and tags; `-q` leaves out the summary, whose timing differs run to run.
const EVERY_GAME: &[&str] = &["--json", "-q", "--no-progress", "-e", "initial"];

/// A test file of about 1.5 MB: the start of `std-visible-5k.pgn` (cut at a game start), then
/// `messy.pgn` (comments over lines, tags and `[` inside comments, games without tags, junk),
/// then more standard games. Cuts in its messy middle are more than the 1 MiB lookback from
/// the file's start, so they exercise the scan that resolves a cut.
fn test_file(dir: &Path) -> Option<(PathBuf, Vec<u8>)> {
    let std_games = std::fs::read(shared_file("data/std-visible-5k.pgn")?).unwrap();
    let messy = std::fs::read(shared_file("data/messy.pgn")?).unwrap();
    let game_start_after = |at: usize| {
        at + std_games[at..]
            .windows(8)
            .position(|w| w == b"\n[Event ")
            .unwrap()
            + 1
    };
    let a = game_start_after(1_150_000);
    let b = game_start_after(a + 120_000);
    let mut data = std_games[..a].to_vec();
    data.extend_from_slice(&messy);
    data.extend_from_slice(b"\n\n");
    data.extend_from_slice(&std_games[a..b]);
    let path = dir.join("mixed.pgn");
    std::fs::write(&path, &data).unwrap();
    Some((path, data))
}

/// Cut offsets: evenly spread ones, pseudo-random ones (a fixed linear congruential sequence)
/// and ones placed inside a tag, inside a `{comment}`, inside movetext, at a game's first
/// byte and just after it, in the messy part.
fn cuts(data: &[u8]) -> Vec<u64> {
    let len = data.len() as u64;
    let mut cuts: Vec<u64> = (1..6).map(|k| k * len / 6).collect();
    let mut x: u64 = 0x2545_F491_4F6C_DD1D;
    for _ in 0..10 {
        x = x
            .wrapping_mul(6_364_136_223_846_793_005)
            .wrapping_add(1_442_695_040_888_963_407);
        cuts.push((x >> 11) % len);
    }
    let messy_from = 1_150_000;
    let find = |pat: &[u8], from: usize| {
        from + data[from..]
            .windows(pat.len())
            .position(|w| w == pat)
            .unwrap()
    };
    let tag = find(b"\n[", messy_from) as u64;
    let comment = find(b"{", messy_from) as u64;
    let moves = find(b"\n1.", messy_from) as u64;
    cuts.extend([
        tag + 1,
        tag + 3,
        comment + 1,
        comment + 5,
        moves + 4,
        tag + 2,
    ]);
    cuts.push(0);
    cuts.push(len);
    cuts.sort_unstable();
    cuts.dedup();
    cuts
}

fn ok(out: &Output) -> (String, String) {
    assert!(
        matches!(out.status.code(), Some(0 | 1)),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    (
        String::from_utf8(out.stdout.clone()).unwrap(),
        String::from_utf8(out.stderr.clone()).unwrap(),
    )
}

/// The games an `EVERY_GAME` output lists (one line each).
fn games_in(stdout: &str) -> u64 {
    stdout.lines().count() as u64
}

/// The bad-game reports of a run, with the input's name taken away (a shard fed through
/// standard input calls it `<stdin>`).
fn bad_games(stderr: &str, name: &str) -> Vec<String> {
    stderr
        .lines()
        .filter(|l| l.contains(": game "))
        .map(|l| match name {
            "" => l.replacen("<stdin>", "INPUT", 1),
            _ => l.replacen(name, "INPUT", 1),
        })
        .collect()
}

/// The shards of a file cut at random places, inside tags, comments and movetext, hold every
/// game exactly once, numbered as the whole file numbers it, with the same bad-game reports.
#[test]
fn byte_range_shards_cut_anywhere_hold_every_game_once() {
    let dir = tempfile::tempdir().unwrap();
    let Some((path, data)) = test_file(dir.path()) else {
        return;
    };
    let file = path.to_str().unwrap();
    let (whole, whole_err) = ok(&cqlq(&[EVERY_GAME, &[file]].concat()));
    // Every game of the file has a line (the bad ones included: their start position is read).
    assert!(games_in(&whole) > 1500, "{}", games_in(&whole));
    let cuts = cuts(&data);
    let (mut joined, mut joined_err, mut next_game) = (String::new(), Vec::new(), 1u64);
    for pair in cuts.windows(2) {
        let range = format!("{}-{}", pair[0], pair[1]);
        let first = next_game.to_string();
        let args = [
            EVERY_GAME,
            &["--byte-range", &range, "--first-game-number", &first, file],
        ]
        .concat();
        let (out, err) = ok(&cqlq(&args));
        next_game += games_in(&out);
        joined.push_str(&out);
        joined_err.extend(bad_games(&err, file));
    }
    assert_eq!(joined, whole, "cuts {cuts:?}");
    assert_eq!(joined_err, bad_games(&whole_err, file));
}

/// Without `--byte-range`'s guarantee the test above could not fail: a cut taken as a game
/// start as such splits a game in two (this is what the option prevents).
#[test]
fn a_raw_cut_inside_a_game_is_not_a_shard() {
    let dir = tempfile::tempdir().unwrap();
    let Some((path, data)) = test_file(dir.path()) else {
        return;
    };
    let cut = cuts(&data)[3] as usize;
    let (whole, _) = ok(&cqlq(&[EVERY_GAME, &[path.to_str().unwrap()]].concat()));
    let (head, _) = ok(&cqlq_fed(
        None,
        &[EVERY_GAME, &["-"]].concat(),
        &data[..cut],
    ));
    let (tail, _) = ok(&cqlq_fed(
        None,
        &[EVERY_GAME, &["-"]].concat(),
        &data[cut..],
    ));
    assert_ne!(games_in(&head) + games_in(&tail), games_in(&whole));
}

/// A shard read from standard input that starts before the lookback (here: the whole file
/// from byte 0) is the shard read from the file.
#[test]
fn a_byte_range_from_standard_input_is_the_byte_range_of_the_file() {
    let dir = tempfile::tempdir().unwrap();
    let Some((path, data)) = test_file(dir.path()) else {
        return;
    };
    let file = path.to_str().unwrap();
    let cuts = cuts(&data);
    for pair in [(cuts[2], cuts[9]), (cuts[9], cuts[cuts.len() - 4])] {
        let range = format!("{}-{}", pair.0, pair.1);
        let from_file = ok(&cqlq(
            &[EVERY_GAME, &["--byte-range", &range, file]].concat(),
        ));
        let from_stdin = ok(&cqlq_fed(
            None,
            &[EVERY_GAME, &["--byte-range", &range, "-"]].concat(),
            &data,
        ));
        assert_eq!(from_stdin.0, from_file.0, "{range}");
        assert_eq!(bad_games(&from_stdin.1, ""), bad_games(&from_file.1, file));
    }
}

/// `cqlq split --plan` cuts at game starts and numbers the shards' games; sending each shard's
/// bytes alone (as a cluster task does) with its offset and first game number gives, joined,
/// the whole file's run.
#[test]
fn planned_shards_sent_alone_give_the_whole_run() {
    let dir = tempfile::tempdir().unwrap();
    let Some((path, data)) = test_file(dir.path()) else {
        return;
    };
    let file = path.to_str().unwrap();
    let (whole, whole_err) = ok(&cqlq(&[EVERY_GAME, &[file]].concat()));
    let plan = cqlq(&["split", file, "--plan", "--shards", "7"]);
    assert!(
        plan.status.success(),
        "{}",
        String::from_utf8_lossy(&plan.stderr)
    );
    let plan: Vec<serde_json::Value> = String::from_utf8(plan.stdout)
        .unwrap()
        .lines()
        .map(|l| serde_json::from_str(l).unwrap())
        .collect();
    assert_eq!(plan.len(), 7, "{plan:?}");
    let (mut joined, mut joined_err, mut games) = (String::new(), Vec::new(), 0);
    for shard in &plan {
        let (start, end) = (
            shard["start"].as_u64().unwrap(),
            shard["end"].as_u64().unwrap(),
        );
        let range = format!("{start}-{end}");
        let (offset, first) = (start.to_string(), shard["first_game"].to_string());
        let args = [
            EVERY_GAME,
            &[
                "--byte-range",
                &range,
                "--input-offset",
                &offset,
                "--first-game-number",
                &first,
                "-",
            ],
        ]
        .concat();
        let (out, err) = ok(&cqlq_fed(None, &args, &data[start as usize..end as usize]));
        assert_eq!(games_in(&out), shard["games"].as_u64().unwrap());
        games += games_in(&out);
        joined.push_str(&out);
        joined_err.extend(bad_games(&err, ""));
    }
    assert_eq!(games, games_in(&whole));
    assert_eq!(joined, whole);
    assert_eq!(joined_err, bad_games(&whole_err, file));
}

/// A plan made on a file cuts only where `--byte-range` on the file finds the same game start,
/// so each planned shard searched on the file itself (as cqlq-spark's tasks do with a local
/// file) gives, joined, the whole file's run. The file is made so that the obvious cut fails
/// that: game 2's `{` comment runs over 1.2 MB of lines `[abc]` and closes on a line
/// `[x "y} e5 2. Qh5 1-0`. The whole-file scan (module docs of `pgn::split`) knows it is in a
/// comment: the `}` ends it, `1-0` ends the game, and game 3 starts at its `[Event`. A scan
/// begun 1 MiB before game 3 (inside the comment) takes the `[abc]` lines for tags and the
/// last line for a tag whose unclosed value hides the `}`, so it has seen no movetext and
/// reads game 3's tag lines as more tags: for it, the first game start at or after game 3's is
/// game 4's. A cut at game 3 would therefore lose game 3 from both shards; the plan cuts at
/// game 4 instead.
#[test]
fn a_plan_made_on_a_file_cuts_where_byte_range_on_the_file_agrees() {
    let dir = tempfile::tempdir().unwrap();
    let game = |n: u32, moves: &str| {
        format!("[Event \"g{n}\"]\n[Result \"1-0\"]\n\n{moves}\n\n").into_bytes()
    };
    let mate = "1. e4 e5 2. Qh5 Nc6 3. Bc4 Nf6 4. Qxf7# 1-0";
    let comment = format!(
        "1. e4 {{\n{}[x \"y}} e5 2. Qh5 1-0",
        "[abc]\n".repeat(200_000)
    );
    let data = [
        game(1, mate),
        game(2, &comment),
        game(3, mate),
        game(4, mate),
    ]
    .concat();
    let game_3 = data
        .windows(12)
        .position(|w| w == b"[Event \"g3\"]")
        .unwrap() as u64;
    let game_4 = data
        .windows(12)
        .position(|w| w == b"[Event \"g4\"]")
        .unwrap() as u64;
    let path = dir.path().join("long-comment.pgn");
    std::fs::write(&path, &data).unwrap();
    let file = path.to_str().unwrap();
    let (whole, whole_err) = ok(&cqlq(&[EVERY_GAME, &[file]].concat()));
    assert_eq!(games_in(&whole), 4, "{whole}{whole_err}");
    // The premise: a raw cut at game 3 on the file resolves to game 4.
    let range = format!("{game_3}-{}", data.len());
    let (after_3, _) = ok(&cqlq(
        &[EVERY_GAME, &["--byte-range", &range, file]].concat(),
    ));
    assert_eq!(games_in(&after_3), 1, "{after_3}");
    let plan = cqlq(&["split", file, "--plan", "--shards", "2"]);
    assert!(
        plan.status.success(),
        "{}",
        String::from_utf8_lossy(&plan.stderr)
    );
    let plan: Vec<serde_json::Value> = String::from_utf8(plan.stdout)
        .unwrap()
        .lines()
        .map(|l| serde_json::from_str(l).unwrap())
        .collect();
    let starts: Vec<u64> = plan.iter().map(|s| s["start"].as_u64().unwrap()).collect();
    assert_eq!(starts, [0, game_4], "{plan:?}");
    let (mut joined, mut joined_err) = (String::new(), Vec::new());
    for shard in &plan {
        let range = format!("{}-{}", shard["start"], shard["end"]);
        let first = shard["first_game"].to_string();
        let args = [
            EVERY_GAME,
            &["--byte-range", &range, "--first-game-number", &first, file],
        ]
        .concat();
        let (out, err) = ok(&cqlq(&args));
        assert_eq!(games_in(&out), shard["games"].as_u64().unwrap(), "{shard}");
        joined.push_str(&out);
        joined_err.extend(bad_games(&err, file));
    }
    assert_eq!(joined, whole);
    assert_eq!(joined_err, bad_games(&whole_err, file));
}

/// `cqlq split FILE.pgn.zst --shards N -o DIR`: independent `.pgn.zst` shards whose text,
/// concatenated, is the file's, and whose manifest numbers their games as the whole file does.
#[test]
fn split_rewrites_a_compressed_file_into_whole_game_shards() {
    let dir = tempfile::tempdir().unwrap();
    let Some((path, data)) = test_file(dir.path()) else {
        return;
    };
    let zst = dir.path().join("mixed.pgn.zst");
    std::fs::write(&zst, zstd::encode_all(&data[..], 3).unwrap()).unwrap();
    let out_dir = dir.path().join("shards");
    let split = cqlq(&[
        "split",
        zst.to_str().unwrap(),
        "--shards",
        "4",
        "-o",
        out_dir.to_str().unwrap(),
    ]);
    assert!(
        split.status.success(),
        "{}",
        String::from_utf8_lossy(&split.stderr)
    );
    let manifest = std::fs::read_to_string(out_dir.join("mixed.shards.jsonl")).unwrap();
    let shards: Vec<serde_json::Value> = manifest
        .lines()
        .map(|l| serde_json::from_str(l).unwrap())
        .collect();
    // About a quarter of the compressed bytes each: 4 shards (the last may be cut short).
    assert!(shards.len() >= 3, "{manifest}");
    let (whole, _) = ok(&cqlq(&[EVERY_GAME, &[path.to_str().unwrap()]].concat()));
    let (mut text, mut joined) = (Vec::new(), String::new());
    for shard in &shards {
        let file = out_dir.join(shard["file"].as_str().unwrap());
        text.extend(zstd::decode_all(&std::fs::read(&file).unwrap()[..]).unwrap());
        let first = shard["first_game"].to_string();
        let args = [
            EVERY_GAME,
            &["--first-game-number", &first, file.to_str().unwrap()],
        ]
        .concat();
        let (out, _) = ok(&cqlq(&args));
        assert_eq!(games_in(&out), shard["games"].as_u64().unwrap());
        joined.push_str(&out);
    }
    assert_eq!(text, data);
    assert_eq!(joined, whole);
}

/// Compressed data cannot be cut by byte offsets: the refusal says what to do.
#[test]
fn a_byte_range_of_compressed_data_is_refused_with_advice() {
    let dir = tempfile::tempdir().unwrap();
    let zst = dir.path().join("g.pgn.zst");
    std::fs::write(
        &zst,
        zstd::encode_all(&b"[Event \"a\"]\n\n1. e4 *\n"[..], 3).unwrap(),
    )
    .unwrap();
    let out = cqlq(&[
        "-e",
        "initial",
        "--byte-range",
        "0-10",
        zst.to_str().unwrap(),
    ]);
    assert_eq!(out.status.code(), Some(2));
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(err.contains("cqlq split"), "{err}");
}
