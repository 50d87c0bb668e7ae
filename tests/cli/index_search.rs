//! Issue 35, the search side of the index: each pruning rule gives the scan's answers (the
//! output with the index is, byte for byte, the output with `--no-index`) and rules games
//! out (counted by `IndexedSkips::open`, so that a rule that prunes nothing fails too).

use std::fs;
use std::path::Path;
use std::process::Command;

use crate::common::cqlq_in;
use cqlq::index::use_index::{IndexedSkips, Replays};

fn text(bytes: &[u8]) -> String {
    String::from_utf8_lossy(bytes).into_owned()
}

/// `common::THREE_GAMES` and a game with variations (`1. e4 (1. f3 e5 2. g4 Qh4#) 1... e5
/// 2. Nf3 (2. Qh5 Nc6 3. Bc4 Nf6 4. Qxf7#)`), written as `g.pgn` in `dir` and indexed.
fn four_games(dir: &Path) {
    let variations = "\n[Event \"variations\"]\n[Result \"*\"]\n\n\
1. e4 (1. f3 e5 2. g4 Qh4#) 1... e5 2. Nf3 (2. Qh5 Nc6 3. Bc4 Nf6 4. Qxf7#) *\n";
    let pgn = format!("{}{variations}", crate::common::THREE_GAMES);
    fs::write(dir.join("g.pgn"), pgn).unwrap();
    let out = cqlq_in(dir, &["index", "-q", "g.pgn"]);
    assert!(out.status.success(), "{}", text(&out.stderr));
}

/// A copy of `../shared/data/FILE` in `dir`, indexed; false when `../shared` is absent (the
/// test then has nothing to search).
pub(crate) fn copy_shared_indexed(dir: &Path, file: &str) -> bool {
    let Some(data) = crate::common::shared_file("data") else {
        return false;
    };
    fs::copy(data.join(file), dir.join(file)).unwrap();
    let out = cqlq_in(dir, &["index", "-q", file]);
    assert!(out.status.success(), "{}", text(&out.stderr));
    true
}

/// The game numbers `query` matches in `g.pgn` (`--gamenumbers`, with `extra` options), after
/// checking that the index changes no byte of the output and not the exit status.
fn game_numbers(dir: &Path, query: &str, extra: &[&str]) -> String {
    game_numbers_in(dir, "g.pgn", query, extra)
}

/// The game numbers `query` matches in `file` of `dir` (`--gamenumbers`, with `extra`
/// options), after checking that the index changes no byte of the output, nor of stderr,
/// nor the exit status.
pub(crate) fn game_numbers_in(dir: &Path, file: &str, query: &str, extra: &[&str]) -> String {
    let mut with_args = vec!["-q", "--gamenumbers"];
    with_args.extend_from_slice(extra);
    let mut without_args = with_args.clone();
    without_args.push("--no-index");
    for args in [&mut with_args, &mut without_args] {
        args.extend_from_slice(&["-e", query, file]);
    }
    let with = cqlq_in(dir, &with_args);
    let without = cqlq_in(dir, &without_args);
    assert_eq!(
        text(&with.stdout),
        text(&without.stdout),
        "{query} {extra:?}"
    );
    assert_eq!(text(&with.stderr), text(&without.stderr), "{query}");
    assert_eq!(
        with.status.code(),
        without.status.code(),
        "{query} {extra:?}"
    );
    text(&with.stdout)
}

/// The games of `g.pgn` the index lets `query` skip.
fn skipped(dir: &Path, query: &str) -> u64 {
    skipped_in(dir, "g.pgn", query)
}

/// The games of `file` in `dir` the index lets `query` skip.
pub(crate) fn skipped_in(dir: &Path, file: &str, query: &str) -> u64 {
    let filter = cqlq::query::Program::from_text(query, Some(cqlq::query::Dialect::Cql), false)
        .and_then(|prog| prog.lower::<shakmaty::Bitboard>(cqlq::squares::Geometry::STANDARD))
        .unwrap()
        .filter;
    let pgn = dir.join(file);
    IndexedSkips::open(
        &filter,
        [(pgn.as_path(), file.to_string())],
        u64::MAX,
        Replays::No,
    )
    .skipped_games
}

/// Game 1 of THREE_GAMES after 1. e4 e5 2. Bc4 Nc6 3. Qh5, which game 4's variation
/// 2. Qh5 Nc6 3. Bc4 reaches too.
const AFTER_QH5: &str = "r1bqkbnr/pppp1ppp/2n5/4p2Q/2B1P3/8/PPPP1PPP/RNB1K1NR";
/// The fool's mate of game 2 (1. f3 e5 2. g4 Qh4#), also game 4's first variation.
const FOOLS_MATE: &str = "rnb1kbnr/pppp1ppp/8/4p3/6Pq/5P2/PPPPP2P/RNBQKBNR";
/// The standard start.
const START: &str = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR";

/// `fen` placements (rule: each listed piece stood on its square, as many pieces of its kinds
/// as squares, at most 64 less the empty squares on the board): the positions reached are
/// found in the games the moves say, with and without the index, main line and variations;
/// the games that never reach them are skipped.
#[test]
fn fen_placements_answer_as_the_scan_and_skip_games() {
    let scratch = crate::common::scratch("index", "fen");
    let dir = scratch.path();
    four_games(dir);
    let fen = |placement: &str| format!("fen \"{placement}\"");
    // Every game starts from the start position: nothing to skip.
    assert_eq!(game_numbers(dir, &fen(START), &[]), "1\n2\n3\n4\n");
    assert_eq!(skipped(dir, &fen(START)), 0);
    // Game 1's main line; game 4 only in a variation (searched with --variations).
    assert_eq!(game_numbers(dir, &fen(AFTER_QH5), &[]), "1\n");
    assert_eq!(
        game_numbers(dir, &fen(AFTER_QH5), &["--variations"]),
        "1\n4\n"
    );
    // Games 2 and 3 never have a white queen on h5 with a black knight on c6: skipped.
    assert_eq!(skipped(dir, &fen(AFTER_QH5)), 2);
    assert_eq!(game_numbers(dir, &fen(FOOLS_MATE), &[]), "2\n");
    assert_eq!(
        game_numbers(dir, &fen(FOOLS_MATE), &["--variations"]),
        "2\n4\n"
    );
    // Games 1 and 3: no black queen on h4.
    assert_eq!(skipped(dir, &fen(FOOLS_MATE)), 2);
    // A board of 64 empty squares holds no piece: never, and every game is skipped.
    assert_eq!(game_numbers(dir, &fen("8/8/8/8/8/8/8/8"), &[]), "");
    assert_eq!(skipped(dir, &fen("8/8/8/8/8/8/8/8")), 4);
    // Nine white pawns never stand on a board. Game 2 (1. f3, 2. g4) never has one on e4;
    // games 1, 3 and 4 had white pawns on e4 and on the whole second rank, never nine at
    // once: the count rule alone skips them.
    let nine_pawns = "8/8/8/8/4P3/8/PPPPPPPP/8";
    assert_eq!(game_numbers(dir, &fen(nine_pawns), &["--variations"]), "");
    assert_eq!(skipped(dir, &fen(nine_pawns)), 4);
}

/// Seven games, written so that `mate` and `move o-o` keep some and skip others: mates in
/// games 1 (the fool's mate), 3 (a set-up start, `Ra8#`: searched always) and 7 (the
/// scholar's mate); game 4 castles king-side; game 5 has an illegal move (`2. Ke3`, two
/// squares: searched always, a bad game); games 2, 4, 6 have no mate, games 1, 2, 6, 7 no
/// castling.
pub(crate) const SEVEN_GAMES: &str = "[Event \"one\"]\n\n1. f3 e5 2. g4 Qh4# 0-1\n\n\
[Event \"two\"]\n\n1. e4 e5 2. Nf3 Nc6 *\n\n\
[Event \"three\"]\n[SetUp \"1\"]\n[FEN \"6k1/5ppp/8/8/8/8/8/R5K1 w - - 0 1\"]\n\n1. Ra8# 1-0\n\n\
[Event \"four\"]\n\n1. e4 e5 2. Nf3 Nc6 3. Bc4 Bc5 4. O-O *\n\n\
[Event \"five\"]\n\n1. e4 e5 2. Ke3 *\n\n\
[Event \"six\"]\n\n1. c4 c5 *\n\n\
[Event \"seven\"]\n\n1. e4 e5 2. Bc4 Nc6 3. Qh5 Nf6 4. Qxf7# 1-0\n";

/// Runs cqlq in `dir` with `args` (the index used) and with `args` and `--no-index`, and
/// asserts the two answer alike: the same output bytes, messages and exit status.
pub(crate) fn assert_answers_as_the_scan(dir: &Path, args: &[&str], what: &str) {
    let mut without = args.to_vec();
    without.push("--no-index");
    let (a, b) = (cqlq_in(dir, args), cqlq_in(dir, &without));
    assert!(a.stdout == b.stdout, "{what}");
    assert_eq!(text(&a.stderr), text(&b.stderr), "{what}");
    assert_eq!(a.status.code(), b.status.code(), "{what}");
}

/// Survivors read again from the index a block at a time (what a search does when they
/// would take more than `use_index::HELD_BYTES`; a debug build reads another limit from
/// `CQLQ_TEST_HELD_BYTES`: 0 reads every file's again, 20,000 bytes drops those held
/// part-way) print the scan's bytes, stdout, stderr and exit status: real games
/// (`../shared/data/std-visible-5k.pgn`, two blocks of the index), plain, zstd-compressed
/// (the index's blocks end inside the stream's chunks) and a shard of the plain file, in
/// `--count` (packed moves replayed), `--gamenumbers`, PGN, and with `--limit`.
#[test]
fn survivors_read_again_block_by_block_answer_as_the_scan() {
    let Some(source) = crate::common::shared_file("data/std-visible-5k.pgn") else {
        eprintln!("skipped: ../shared/data/std-visible-5k.pgn is absent");
        return;
    };
    let scratch = crate::common::scratch("index", "reread");
    let dir = scratch.path();
    let pgn = fs::read(source).unwrap();
    crate::index_zst::both_indexed(dir, "r.pgn", &pgn);
    let shard = format!("{}-{}", pgn.len() / 3, 2 * pgn.len() / 3);
    let run = |held: &str, args: &[&str]| {
        Command::new(env!("CARGO_BIN_EXE_cqlq"))
            .current_dir(dir)
            .env("CQLQ_TEST_HELD_BYTES", held)
            .args(args)
            .output()
            .unwrap()
    };
    for query in ["check", "mate", "move o-o-o and #[Qq] == 0"] {
        for format in [&["--count"][..], &["--gamenumbers"], &[], &["--limit", "7"]] {
            for input in [
                &["r.pgn"][..],
                &["r.pgn.zst"],
                &["--byte-range", &shard, "r.pgn"],
            ] {
                let mut args = vec!["-q", "-e", query];
                args.extend_from_slice(format);
                args.extend_from_slice(input);
                let scan = run("0", &[&["--no-index"][..], &args].concat());
                for held in ["0", "20000"] {
                    let what = format!("{args:?} with CQLQ_TEST_HELD_BYTES={held}");
                    let read_again = run(held, &args);
                    assert!(read_again.stdout == scan.stdout, "{what}");
                    assert_eq!(text(&read_again.stderr), text(&scan.stderr), "{what}");
                    assert_eq!(read_again.status.code(), scan.status.code(), "{what}");
                }
            }
        }
    }
}

/// A damaged part of an index whose survivors are too many to hold (read again in the
/// search: `CQLQ_TEST_HELD_BYTES=0`) is found when the index is opened, as when they are
/// held: the index is not used (a line says so) and the file is scanned, the same bytes as
/// `--no-index`. The damage: a byte of the second block's packed moves changed, its CRC-32
/// not written again (`docs/index.md`, "The file": a 96-byte header, then per block an
/// 80-byte header, its game count and each section's length and CRC-32, then its nine
/// sections, the moves sixth).
#[test]
fn a_damaged_index_read_again_is_not_used() {
    let scratch = crate::common::scratch("index", "reread-damaged");
    let dir = scratch.path();
    // 5,100 games: two blocks of the index.
    fs::write(dir.join("g.pgn"), crate::common::THREE_GAMES.repeat(1_700)).unwrap();
    let out = cqlq_in(dir, &["index", "-q", "g.pgn"]);
    assert!(out.status.success(), "{}", text(&out.stderr));
    let path = dir.join("g.pgn.cqlqi");
    let mut index = fs::read(&path).unwrap();
    let u32_at = |bytes: &[u8], at: usize| {
        u32::from_le_bytes(bytes[at..at + 4].try_into().unwrap()) as usize
    };
    let lens = |bytes: &[u8], block: usize| {
        (0..9)
            .map(|i| u32_at(bytes, block + 4 + 8 * i))
            .collect::<Vec<_>>()
    };
    let second = 96 + 80 + lens(&index, 96).iter().sum::<usize>();
    assert_eq!(u32_at(&index, second), 5_100 - 4_096);
    let second_lens = lens(&index, second);
    let moves = second + 80 + second_lens[..5].iter().sum::<usize>();
    index[moves + second_lens[5] / 2] ^= 0x55;
    fs::write(&path, &index).unwrap();
    let run = |args: &[&str]| {
        Command::new(env!("CARGO_BIN_EXE_cqlq"))
            .current_dir(dir)
            .env("CQLQ_TEST_HELD_BYTES", "0")
            .args(args)
            .output()
            .unwrap()
    };
    let used = run(&["-q", "--count", "-e", "check", "g.pgn"]);
    let scan = run(&["-q", "--count", "-e", "check", "--no-index", "g.pgn"]);
    let told = text(&used.stderr);
    assert!(
        told.contains("g.pgn.cqlqi: not used") && told.contains("damaged"),
        "{told}"
    );
    assert_eq!(
        (used.stdout, used.status.code()),
        (scan.stdout, scan.status.code())
    );
}

/// A search through the index holds no more memory for more games: under a data limit
/// (`RLIMIT_DATA`: the heap and every private writable mapping, not the mapped PGN) of 24
/// MiB, `--count` of a move over 800,000 short games, every one a survivor with its packed
/// moves (34 MiB of survivors if all were held: the search held them all before, and
/// needed between 32 and 40 MiB; now 12), answers as the scan under the same limit. The
/// truth: the file is 800,000 copies of one game that plays the move.
#[test]
fn a_search_through_the_index_holds_memory_flat_in_the_games() {
    let scratch = crate::common::scratch("index", "flat");
    let dir = scratch.path();
    let game = "[White \"A\"]\n[Black \"B\"]\n[Result \"*\"]\n\n1. e4 e5 2. Nf3 *\n\n";
    fs::write(dir.join("g.pgn"), game.repeat(800_000)).unwrap();
    let out = cqlq_in(dir, &["index", "-q", "g.pgn"]);
    assert!(out.status.success(), "{}", text(&out.stderr));
    let limited = |args: &[&str]| crate::common::cqlq_in_data_limit(dir, args, 24 << 20);
    let query = ["-j1", "-q", "--count", "-e", "move to f3"];
    let scan = limited(&[&query[..], &["--no-index", "g.pgn"]].concat());
    assert_eq!(
        (text(&scan.stdout).trim(), scan.status.code()),
        ("800000", Some(0))
    );
    let indexed = limited(&[&query[..], &["g.pgn"]].concat());
    assert_eq!(
        (text(&indexed.stdout).trim(), indexed.status.code()),
        ("800000", Some(0)),
        "{}",
        text(&indexed.stderr)
    );
    // Too many to hold, the survivors come a block of the index (4,096 games) at a time;
    // an index cut short in place after it was opened (the same file, as a writer that
    // does not replace it leaves it) is an error naming it, not games lost in silence.
    let filter = cqlq::query::Program::from_text("true", Some(cqlq::query::Dialect::Cql), false)
        .and_then(|prog| prog.lower::<shakmaty::Bitboard>(cqlq::squares::Geometry::STANDARD))
        .unwrap()
        .filter;
    let pgn = dir.join("g.pgn");
    let opened = IndexedSkips::open(
        &filter,
        [(pgn.as_path(), "g.pgn".to_string())],
        u64::MAX,
        Replays::Always,
    );
    let skips = opened.skips.expect("the index is used");
    let mut blocks = skips.input("g.pgn").unwrap().survivor_blocks();
    let first = blocks.next().unwrap().unwrap();
    assert_eq!(
        (first.survivors.len(), first.survivors[4095].position),
        (4096, 4095)
    );
    let index = fs::OpenOptions::new()
        .write(true)
        .open(dir.join("g.pgn.cqlqi"))
        .unwrap();
    index.set_len(index.metadata().unwrap().len() / 2).unwrap();
    let rest: Vec<_> = blocks.collect();
    let last = rest.last().unwrap().as_ref().map(|b| b.survivors.len());
    let why = last.expect_err("an error after the cut").to_string();
    assert!(
        why.contains("g.pgn.cqlqi: the index changed while it was read"),
        "{why}"
    );
    assert!(rest[..rest.len() - 1].iter().all(Result::is_ok));
}

/// A run's stdout and its summary line (stderr's last line, its time and speed cut off),
/// after checking that the index changes neither, nor the other stderr lines, nor the
/// exit status.
pub(crate) fn with_and_without(dir: &Path, args: &[&str]) -> (String, String) {
    let run = |no_index: bool| {
        let mut all = vec!["-e"];
        all.extend_from_slice(args);
        if no_index {
            all.insert(0, "--no-index");
        }
        let out = cqlq_in(dir, &all);
        let stderr = text(&out.stderr);
        let summary = stderr.lines().last().unwrap_or("").to_string();
        // "..., 1 bad game, 0.00 s, 5247 games/s": the time and speed cut off.
        let timed = summary
            .find(" bad game")
            .and_then(|at| summary[at..].find(", ").map(|c| at + c));
        let summary = summary[..timed.unwrap_or(summary.len())].to_string();
        let told: Vec<String> = stderr.lines().map(str::to_string).collect();
        let told = told[..told.len().saturating_sub(1)].to_vec();
        (text(&out.stdout), summary, told, out.status.code())
    };
    let (with, without) = (run(false), run(true));
    assert_eq!(with, without, "{args:?}: the index changed the run");
    (with.0, with.1)
}

/// The survivor path (the index's game slices searched, no split of the file): game
/// numbers, `--count`, the summary line (games read = every game), `--limit`, the first
/// and the last game kept or skipped, games searched always between kept ones, and several
/// inputs (numbers continue from one to the next, through a file without an index). The
/// truth is the moves (the numbers of `SEVEN_GAMES`' comment) and the scan's bytes.
#[test]
fn the_games_an_index_leaves_are_numbered_and_counted_as_the_scan() {
    let scratch = crate::common::scratch("index", "survivors");
    let dir = scratch.path();
    fs::write(dir.join("g.pgn"), SEVEN_GAMES).unwrap();
    fs::write(dir.join("h.pgn"), SEVEN_GAMES).unwrap();
    let out = cqlq_in(dir, &["index", "-q", "g.pgn"]);
    assert!(out.status.success(), "{}", text(&out.stderr));
    // Games 2, 4, 6 have no mate; 1, 2, 6, 7 no castling (3 and 5 are searched always).
    let pgn = dir.join("g.pgn");
    let skipped = |query: &str| {
        let filter = cqlq::query::Program::from_text(query, Some(cqlq::query::Dialect::Cql), false)
            .and_then(|prog| prog.lower::<shakmaty::Bitboard>(cqlq::squares::Geometry::STANDARD))
            .unwrap()
            .filter;
        IndexedSkips::open(
            &filter,
            [(pgn.as_path(), "g.pgn".to_string())],
            u64::MAX,
            Replays::No,
        )
        .skipped_games
    };
    assert_eq!(skipped("mate"), 3);
    assert_eq!(skipped("move o-o"), 4);
    let (numbers, summary) = with_and_without(dir, &["mate", "--gamenumbers", "g.pgn"]);
    assert_eq!(numbers, "1\n3\n7\n");
    assert_eq!(
        summary,
        "cqlq: 7 games read, 3 matched, 3 positions matched, 1 bad game"
    );
    let (count, _) = with_and_without(dir, &["mate", "--count", "g.pgn"]);
    assert_eq!(count.trim(), "3");
    // The first and the last game skipped: still read, as the scan reads them.
    let (numbers, summary) = with_and_without(dir, &["move o-o", "--gamenumbers", "g.pgn"]);
    assert_eq!(numbers, "4\n");
    assert_eq!(
        summary,
        "cqlq: 7 games read, 1 matched, 1 position matched, 1 bad game"
    );
    // The second match (game 3) stops the run: games 1 to 3 read.
    let (numbers, _) = with_and_without(dir, &["mate", "--limit", "2", "--gamenumbers", "g.pgn"]);
    assert_eq!(numbers, "1\n3\n");
    // Numbers go on from input to input, through h.pgn (no index: scanned).
    let (numbers, summary) =
        with_and_without(dir, &["mate", "--gamenumbers", "g.pgn", "h.pgn", "g.pgn"]);
    assert_eq!(numbers, "1\n3\n7\n8\n10\n14\n15\n17\n21\n");
    assert_eq!(
        summary,
        "cqlq: 21 games read, 9 matched, 9 positions matched, 3 bad games"
    );
    // Matched games are written as the scan writes them (PGN with the CQL comments).
    let (pgn_out, _) = with_and_without(dir, &["move o-o", "g.pgn"]);
    assert!(pgn_out.contains("[Event \"four\"]"), "{pgn_out}");
}

/// Writes `byte` over the packed moves' byte `at` of game `game` (0 for the first) in the
/// index `dir/name` (a file of one block: `docs/index.md`, "The file"), and the CRC-32s of its
/// sections and of its block header again, so that the search believes the index.
fn doctor_packed_move(dir: &Path, name: &str, (game, at): (usize, usize), byte: u8) {
    doctor_packed_move_sealed(dir, name, (game, at), byte, true);
}

/// [`doctor_packed_move`], the CRC-32s written again only when `reseal`.
fn doctor_packed_move_sealed(
    dir: &Path,
    name: &str,
    (game, at): (usize, usize),
    byte: u8,
    reseal: bool,
) {
    use cqlq::index::format::{BLOCK_HEADER_BYTES, HEADER_BYTES, SECTIONS, crc32};
    let path = dir.join(name);
    let mut bytes = fs::read(&path).unwrap();
    let start = {
        let mut records = cqlq::index::reader::records(&bytes).unwrap();
        assert!(records.count() <= 4096, "one block");
        let mut start = 0;
        for _ in 0..=game {
            let record = records.next_record().unwrap().unwrap();
            start = record.moves.as_ptr() as usize - bytes.as_ptr() as usize;
        }
        start
    };
    bytes[start + at] = byte;
    if !reseal {
        fs::write(&path, bytes).unwrap();
        return;
    }
    // The block header: its games (u32), per section its length and CRC-32 (u32 each),
    // then its own CRC-32; the sections follow it.
    let head = HEADER_BYTES;
    let mut section = head + BLOCK_HEADER_BYTES;
    for i in 0..SECTIONS {
        let entry = head + 4 + 8 * i;
        let len = u32::from_le_bytes(bytes[entry..entry + 4].try_into().unwrap()) as usize;
        let sum = crc32(&bytes[section..section + len]);
        bytes[entry + 4..entry + 8].copy_from_slice(&sum.to_le_bytes());
        section += len;
    }
    let body_end = head + BLOCK_HEADER_BYTES - 4;
    let sum = crc32(&bytes[head..body_end]);
    bytes[body_end..body_end + 4].copy_from_slice(&sum.to_le_bytes());
    fs::write(&path, bytes).unwrap();
}

/// The search replays the games' main lines from the index's packed moves (issue 35, item
/// 4), and checks each move. Game 1 (1. e4 e5 2. Bc4 Nc6 3. Qh5 Nf6 4. Qxf7#) packs to
/// `C4 44 5A 93 30 27 E4 F0 35` (`docs/index.md`, "Packed moves": 1. e4 is white's 13th
/// square a1 first, e2, a double step, code 4; 4. Qxf7 is `F0` and the square f7, 53).
/// Doctored in the index to 1. e3 (`C0`, a single step: legal, and the rest stays legal),
/// `ply == 1 and not Pe4` (no condition: every game searched) matches game 1 as well as
/// game 2 (1. f3): the search played the packed moves, not the text. With 4. Qxf7 doctored
/// to a queen's move from h5 to f6 (45: off its lines, not legal), the search reads game 1's
/// text and finds its mate, as the scan does; bytes no move fits likewise. Mutation check
/// (2026-11-28): `Standard::play_if_legal` playing the move without asking `is_legal`
/// (the queen takes the knight on f6: no mate) makes the `mate` answer "2" alone.
#[test]
fn the_search_replays_packed_moves_and_reads_the_text_where_one_is_illegal() {
    let scratch = crate::common::scratch("index", "replay");
    let dir = scratch.path();
    four_games(dir);
    let numbers = |query: &str, extra: &[&str]| {
        let mut args = vec!["-q", "--gamenumbers", "-e", query, "g.pgn"];
        args.extend_from_slice(extra);
        let out = cqlq_in(dir, &args);
        assert!(out.status.success(), "{}", text(&out.stderr));
        assert_eq!(text(&out.stderr), "", "{query} {extra:?}");
        text(&out.stdout)
    };
    let moved = "ply == 1 and not Pe4";
    assert_eq!(numbers(moved, &["--no-index"]), "2\n");
    assert_eq!(numbers(moved, &[]), "2\n");
    doctor_packed_move(dir, "g.pgn.cqlqi", (0, 0), 0xC4);
    assert_eq!(numbers(moved, &[]), "2\n", "the index as written");
    doctor_packed_move(dir, "g.pgn.cqlqi", (0, 0), 0xC0);
    assert_eq!(numbers(moved, &[]), "1\n2\n", "1. e3 played from the index");
    assert_eq!(numbers(moved, &["--no-index"]), "2\n");
    doctor_packed_move(dir, "g.pgn.cqlqi", (0, 0), 0xC4);
    assert_eq!(numbers("mate", &["--no-index"]), "1\n2\n");
    assert_eq!(numbers("mate", &[]), "1\n2\n");
    doctor_packed_move(dir, "g.pgn.cqlqi", (0, 8), 45);
    assert_eq!(
        numbers("mate", &[]),
        "1\n2\n",
        "an illegal packed move: the text read"
    );
    // Bytes no move fits (the 16th of white's squares is h2's pawn; code 15, a capture
    // toward the h-file, leaves the board): the text read too.
    doctor_packed_move(dir, "g.pgn.cqlqi", (0, 0), 0xFF);
    assert_eq!(
        numbers("mate", &[]),
        "1\n2\n",
        "bytes no move fits: the text read"
    );
    // A packed move changed under the moves column's CRC-32 (1. e3 again, not re-sealed):
    // the index is not used, a line says why, and the file is scanned.
    doctor_packed_move(dir, "g.pgn.cqlqi", (0, 0), 0xC4);
    doctor_packed_move_sealed(dir, "g.pgn.cqlqi", (0, 0), 0xC0, false);
    let out = cqlq_in(dir, &["-q", "--gamenumbers", "-e", moved, "g.pgn"]);
    assert!(out.status.success(), "{}", text(&out.stderr));
    assert_eq!(text(&out.stdout), "2\n", "a damaged moves column: scanned");
    assert!(
        text(&out.stderr).contains("not used") && text(&out.stderr).contains("damaged"),
        "{}",
        text(&out.stderr)
    );
}

/// On real games (`../shared/data/std-visible-5k.pgn`; and `cql-sample.pgn` and
/// `messy.pgn`, whose games have comments, NAGs, variations and faults), the queries the
/// packed replay answers (`true`, `check`, `mate`, a selective one, a `find`, one reading
/// the move played and the position before) print with the index what the scan prints,
/// byte for byte and stderr too: `--count`, `--gamenumbers`, PGN and JSON. In PGN and
/// JSON a matched game replayed from its packed moves is written from its text's tokens
/// read after the search, and the queries matching few games and most games take both
/// orders (`one_pass::MatchRate`: packed moves first while few of a worker's games match).
#[test]
fn the_packed_replay_answers_as_the_scan_on_real_games() {
    let queries = [
        "true",
        "check",
        "mate",
        "move o-o-o and #[Qq] == 0",
        "find mate",
        "move previous capture q and check",
        "#P == 8 and ply > 60",
    ];
    for file in ["std-visible-5k.pgn", "cql-sample.pgn", "messy.pgn"] {
        let Some(source) = crate::common::shared_file(&format!("data/{file}")) else {
            return;
        };
        let scratch = crate::common::scratch("index", "replay-real");
        let dir = scratch.path();
        fs::copy(&source, dir.join("r.pgn")).unwrap();
        let out = cqlq_in(dir, &["index", "-q", "r.pgn"]);
        assert!(out.status.success(), "{}", text(&out.stderr));
        for query in queries {
            let numbers = game_numbers_in(dir, "r.pgn", query, &[]);
            assert!(!numbers.is_empty(), "{file}: {query}: nothing matched");
            for format in [&["--count"][..], &[], &["--json"]] {
                let mut with = vec!["-q"];
                with.extend_from_slice(format);
                with.extend_from_slice(&["-e", query, "r.pgn"]);
                assert_answers_as_the_scan(dir, &with, &format!("{file}: {query} {format:?}"));
            }
        }
    }
}
