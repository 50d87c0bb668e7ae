//! Inputs (issue 7, item 2): zstd, gzip and bzip2 files streamed without unpacking, standard
//! input plain and compressed, several files and folders with game numbers continuing across
//! them, corrupt compressed data, folders without games.
//!
//! Truth: testdata/themes.pgn has 7 games, of which `mate` matches games 1 (6.Nd6#) and 4
//! (Fool's mate) only (`pipes::gamenumbers_prints_one_number_per_matched_game`); the other
//! collections are written here, every game a Fool's mate (so every game matches `mate`).
//! Compressed files are made here with the crates, from those texts.

use crate::common::stderr;
use std::io::Write;
use std::path::{Path, PathBuf};
use std::process::Output;

/// testdata/themes.pgn's text.
fn themes() -> Vec<u8> {
    std::fs::read(concat!(env!("CARGO_MANIFEST_DIR"), "/testdata/themes.pgn")).unwrap()
}

/// `games` Fool's mates, told apart by their Round tag: each matches `mate`.
fn fools_mates(games: usize) -> Vec<u8> {
    let mut pgn = String::new();
    for n in 1..=games {
        pgn.push_str(&format!(
            "[Event \"inputs\"]\n[Round \"{n}\"]\n[White \"Fool\"]\n[Black \"B\"]\n\
             [Result \"0-1\"]\n\n1. f3 e5 2. g4 Qh4# 0-1\n\n"
        ));
    }
    pgn.into_bytes()
}

fn zstd(data: &[u8]) -> Vec<u8> {
    zstd::encode_all(data, 3).unwrap()
}

fn gzip(data: &[u8]) -> Vec<u8> {
    let mut e = flate2::write::GzEncoder::new(Vec::new(), flate2::Compression::default());
    e.write_all(data).unwrap();
    e.finish().unwrap()
}

/// bzip2 with its smallest blocks (100 kB), so a cut file still has whole blocks before it.
fn bzip2(data: &[u8]) -> Vec<u8> {
    let mut e = bzip2::write::BzEncoder::new(Vec::new(), bzip2::Compression::new(1));
    e.write_all(data).unwrap();
    e.finish().unwrap()
}

/// A fresh temporary folder.
fn folder() -> tempfile::TempDir {
    tempfile::tempdir().unwrap()
}

fn write(dir: &Path, name: &str, data: &[u8]) -> PathBuf {
    let path = dir.join(name);
    std::fs::write(&path, data).unwrap();
    path
}

fn run(args: &[&str]) -> Output {
    crate::common::cqlq(args)
}

/// Runs cqlq with `stdin` as standard input.
fn run_stdin(args: &[&str], stdin: &[u8]) -> Output {
    crate::common::cqlq_fed(None, args, stdin)
}

fn stdout(out: &Output) -> String {
    String::from_utf8_lossy(&out.stdout).into_owned()
}

/// The numbers `first..=last`, one a line, as `--gamenumbers` prints them.
fn numbers(range: std::ops::RangeInclusive<u64>) -> String {
    range.map(|n| format!("{n}\n")).collect()
}

type Compressor = fn(&[u8]) -> Vec<u8>;
const KINDS: [(&str, Compressor); 3] = [("zst", zstd), ("gz", gzip), ("bz2", bzip2)];

/// Each compression: the matched games are themes.pgn's 1 and 4, and the whole annotated
/// output is byte for byte the plain file's (same games, numbers and marks).
#[test]
fn each_compression_reads_as_the_plain_file() {
    let dir = folder();
    let plain = write(dir.path(), "themes.pgn", &themes());
    let plain_out = run(&["-e", "mate", plain.to_str().unwrap()]);
    assert_eq!(plain_out.status.code(), Some(0));
    for (ext, compress) in KINDS {
        let file = write(
            dir.path(),
            &format!("themes.pgn.{ext}"),
            &compress(&themes()),
        );
        let file = file.to_str().unwrap();
        let out = run(&["--gamenumbers", "-e", "mate", file]);
        assert_eq!(stdout(&out), "1\n4\n", "{ext}: {}", stderr(&out));
        assert_eq!(out.status.code(), Some(0));
        let out = run(&["-e", "mate", file]);
        assert_eq!(stdout(&out), stdout(&plain_out), "{ext}");
    }
}

/// The magic number decides, not the name: a `.pgn` that is really gzip (or zstd) is read.
#[test]
fn compressed_data_under_a_plain_name_is_still_read() {
    let dir = folder();
    for (ext, compress) in KINDS {
        let file = write(
            dir.path(),
            &format!("really-{ext}.pgn"),
            &compress(&themes()),
        );
        let out = run(&["--gamenumbers", "-e", "mate", file.to_str().unwrap()]);
        assert_eq!(stdout(&out), "1\n4\n", "{ext}: {}", stderr(&out));
    }
}

/// A `.zst` (`.gz`, `.bz2`) holding plain text is refused, naming the file and the format.
#[test]
fn a_compressed_name_on_plain_data_says_so() {
    let dir = folder();
    for (ext, name) in [("zst", "zstd"), ("gz", "gzip"), ("bz2", "bzip2")] {
        let file = write(dir.path(), &format!("fake.pgn.{ext}"), &themes());
        let out = run(&["-e", "mate", file.to_str().unwrap()]);
        assert_eq!(out.status.code(), Some(2));
        let err = stderr(&out);
        assert!(err.contains(&format!("fake.pgn.{ext}")), "{err}");
        assert!(err.contains(&format!("is not {name} data")), "{err}");
    }
}

/// Standard input, plain and in each compression (recognised by its first bytes).
#[test]
fn standard_input_plain_and_compressed() {
    let out = run_stdin(&["--gamenumbers", "-e", "mate", "-"], &themes());
    assert_eq!(stdout(&out), "1\n4\n", "{}", stderr(&out));
    for (ext, compress) in KINDS {
        let out = run_stdin(&["--gamenumbers", "-e", "mate"], &compress(&themes()));
        assert_eq!(stdout(&out), "1\n4\n", "{ext}: {}", stderr(&out));
        assert_eq!(out.status.code(), Some(0));
    }
}

/// Several inputs of every kind: numbers go on from one to the next (themes: 7 games,
/// matches 1 and 4; then 3 Fool's mates: 8, 9, 10; then themes again: 11 and 14).
#[test]
fn game_numbers_continue_across_inputs() {
    let dir = folder();
    let a = write(dir.path(), "a.pgn.gz", &gzip(&themes()));
    let b = write(dir.path(), "b.pgn", &fools_mates(3));
    let c = write(dir.path(), "c.pgn.zst", &zstd(&themes()));
    let args = ["--gamenumbers", "-e", "mate"];
    let files = [
        a.to_str().unwrap(),
        b.to_str().unwrap(),
        c.to_str().unwrap(),
    ];
    let out = run(&[&args[..], &files[..]].concat());
    assert_eq!(stdout(&out), "1\n4\n8\n9\n10\n11\n14\n", "{}", stderr(&out));
    // With standard input (bzip2) between two files.
    let out = run_stdin(
        &[&args[..], &[files[1], "-", files[1]][..]].concat(),
        &bzip2(&themes()),
    );
    assert_eq!(
        stdout(&out),
        "1\n2\n3\n4\n7\n11\n12\n13\n",
        "{}",
        stderr(&out)
    );
    // The `{Game number N}` comments carry the same numbers.
    let out = run(&["-e", "mate", files[1], files[2]]);
    let text = stdout(&out);
    for n in [1, 2, 3, 4, 7] {
        assert!(text.contains(&format!("{{Game number {n}}}")), "{text}");
    }
    assert!(!text.contains("{Game number 5}"), "{text}");
}

/// A folder stands for its game files, sorted by name, not its subfolders or other files:
/// "1-first.pgn.bz2" (3 Fool's mates: 1 2 3), "2-second.pgn" (themes: 4 and 7), "3.pgn.zst"
/// (2 Fool's mates: 11 12); "notes.txt", ".hidden.pgn" and "sub/x.pgn" are not read.
#[test]
fn a_folder_is_its_game_files_in_name_order() {
    let dir = folder();
    write(dir.path(), "3.pgn.zst", &zstd(&fools_mates(2)));
    write(dir.path(), "2-second.pgn", &themes());
    write(dir.path(), "1-first.pgn.bz2", &bzip2(&fools_mates(3)));
    write(dir.path(), "notes.txt", &fools_mates(5));
    write(dir.path(), ".hidden.pgn", &fools_mates(5));
    std::fs::create_dir(dir.path().join("sub")).unwrap();
    write(&dir.path().join("sub"), "x.pgn", &fools_mates(5));
    let d = dir.path().to_str().unwrap();
    let out = run(&["--gamenumbers", "-e", "mate", d]);
    assert_eq!(stdout(&out), "1\n2\n3\n4\n7\n11\n12\n", "{}", stderr(&out));
    assert_eq!(out.status.code(), Some(0));
    // `lastgamenumber` counts the folder's games, the compressed ones too: 3 + 7 + 2.
    let out = run(&["--gamenumbers", "-e", "gamenumber == lastgamenumber", d]);
    assert_eq!(stdout(&out), "12\n", "{}", stderr(&out));
}

/// An empty folder, or one without game files, is an error that says so (exit 2).
#[test]
fn a_folder_without_games_says_so() {
    let empty = folder();
    let other = folder();
    write(other.path(), "notes.txt", b"not games");
    for dir in [empty.path(), other.path()] {
        let out = run(&["-e", "mate", dir.to_str().unwrap()]);
        assert_eq!(out.status.code(), Some(2));
        let err = stderr(&out);
        assert!(err.contains(dir.to_str().unwrap()), "{err}");
        assert!(err.contains("holds no game files"), "{err}");
    }
}

/// A truncated `.zst` (and `.gz`, `.bz2`): the complete games before the cut are searched
/// (numbers 1, 2, ... in order, each game a Fool's mate), then an error names the file and
/// the decompressed byte, and the exit status is 2.
#[test]
fn a_truncated_compressed_file_gives_the_games_before_and_an_error() {
    let dir = folder();
    let games = 3000;
    let text = fools_mates(games);
    for (ext, compress) in KINDS {
        let whole = compress(&text);
        let name = format!("cut.pgn.{ext}");
        let file = write(dir.path(), &name, &whole[..whole.len() * 2 / 3]);
        let out = run(&["--gamenumbers", "-e", "mate", file.to_str().unwrap()]);
        let err = stderr(&out);
        assert_eq!(out.status.code(), Some(2), "{ext}: {err}");
        assert!(err.contains(&name), "{err}");
        assert!(err.contains("decompressed byte"), "{err}");
        let found = stdout(&out);
        let k = found.lines().count() as u64;
        assert!(k > 0 && k < games as u64, "{ext}: {k} games before the cut");
        assert_eq!(found, numbers(1..=k), "{ext}");
    }
}

/// A stream longer than one read-ahead chunk (4 MiB): 50,000 Fool's mates (about 5 MB),
/// compressed and on standard input, are numbered 1 to 50,000 without a gap, as the plain
/// file is: games split between chunks are read whole.
#[test]
fn a_stream_longer_than_a_chunk_loses_no_game() {
    let games = 50_000;
    let text = fools_mates(games);
    assert!(text.len() > 4 << 20);
    let dir = folder();
    let file = write(dir.path(), "many.pgn.zst", &zstd(&text));
    let expected = numbers(1..=games as u64);
    let out = run(&["--gamenumbers", "-e", "mate", file.to_str().unwrap()]);
    assert_eq!(stdout(&out), expected, "{}", stderr(&out));
    let out = run_stdin(&["--gamenumbers", "-e", "mate"], &text);
    assert_eq!(stdout(&out), expected, "{}", stderr(&out));
}

/// Byte offsets of a compressed input are in the decompressed stream, and messages say so:
/// the illegal 1...Ke7 of game 2, whose text starts right after game 1's.
#[test]
fn bad_game_offsets_in_a_compressed_input_are_decompressed_bytes() {
    let mut text = fools_mates(1);
    let first = text.len();
    text.extend_from_slice(b"[Event \"bad\"]\n\n1. e4 Ke7 2. Qxf7 *\n\n");
    let dir = folder();
    let file = write(dir.path(), "bad.pgn.gz", &gzip(&text));
    let out = run(&["--gamenumbers", "-e", "mate", file.to_str().unwrap()]);
    let err = stderr(&out);
    assert_eq!(stdout(&out), "1\n", "{err}");
    assert!(
        err.contains(&format!("bad.pgn.gz: game 2 (decompressed byte {first})")),
        "{err}"
    );
}
