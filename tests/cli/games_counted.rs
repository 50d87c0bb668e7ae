//! Every game counted (issue 32, row 10): a game is read, or reported by its number; a zero
//! byte, a tag section cut short, or bytes after the last compressed member lose no other game.
//!
//! Truth: each game here is the scholar's mate (1.e4 e5 2.Qh5 Nc6 3.Bc4 Nf6 4.Qxf7#), which
//! ends in mate, so `mate` matches every game read to its end; a game cut before 4.Qxf7#
//! does not match.

use std::io::Write;
use std::path::{Path, PathBuf};
use std::process::Output;

use crate::common::cqlq;

/// Game `n`: the scholar's mate, with `before_mate` written just before `4. Qxf7#`.
fn game(n: usize, before_mate: &str) -> String {
    format!(
        "[Event \"g{n}\"]\n[White \"w\"]\n[Black \"b\"]\n[Result \"1-0\"]\n\n\
         1. e4 e5 2. Qh5 Nc6 3. Bc4 Nf6 {before_mate}4. Qxf7# 1-0\n\n"
    )
}

/// Games 1..=n, game `odd` with `before_mate` in it.
fn games(n: usize, odd: usize, before_mate: &str) -> String {
    (1..=n)
        .map(|i| game(i, if i == odd { before_mate } else { "" }))
        .collect()
}

fn write(dir: &Path, name: &str, data: &[u8]) -> PathBuf {
    let path = dir.join(name);
    std::fs::write(&path, data).unwrap();
    path
}

fn count_mates(path: &Path) -> Output {
    cqlq(&["--count", "-e", "mate", path.to_str().unwrap()])
}

fn text(bytes: &[u8]) -> String {
    String::from_utf8_lossy(bytes).into_owned()
}

#[test]
fn a_zero_byte_in_the_first_4_kib_costs_only_its_game() {
    // Game 2 of 100 (in the first 4 KiB) has a zero byte between two moves: it is read up
    // to there and reported by number; the 99 others match.
    let dir = tempfile::tempdir().unwrap();
    let path = write(dir.path(), "nul.pgn", games(100, 2, "\0 ").as_bytes());
    let out = count_mates(&path);
    let err = text(&out.stderr);
    assert_eq!(text(&out.stdout), "99\n", "{err}");
    assert!(err.contains("nul.pgn: game 2 "), "{err}");
    assert!(
        err.contains("100 games read") && err.contains("1 bad game"),
        "{err}"
    );
}

#[test]
fn a_tag_section_cut_short_is_reported_and_the_next_game_read() {
    // Game 2's tags end with no movetext: (a) a complete tag line, (b) a tag line cut inside
    // its value, (c) one without its `]`; game 3 follows. Game 2 is reported by number; games
    // 1 and 3 match; three games are read.
    let dir = tempfile::tempdir().unwrap();
    for (i, cut) in [
        "[Event \"cut\"]\n[Site \"s\"]\n\n",
        "[Event \"cut\n",
        "[Event \"cut\"\n\n",
    ]
    .into_iter()
    .enumerate()
    {
        let data = format!("{}{cut}{}", game(1, ""), game(3, ""));
        let path = write(dir.path(), &format!("cut{i}.pgn"), data.as_bytes());
        let out = count_mates(&path);
        let err = text(&out.stderr);
        assert_eq!(text(&out.stdout), "2\n", "{cut:?}: {err}");
        assert!(
            err.contains(&format!("cut{i}.pgn: game 2 ")),
            "{cut:?}: {err}"
        );
        assert!(
            err.contains("3 games read") && err.contains("1 bad game"),
            "{cut:?}: {err}"
        );
    }
}

fn gzip(data: &[u8]) -> Vec<u8> {
    let mut e = flate2::write::GzEncoder::new(Vec::new(), flate2::Compression::default());
    e.write_all(data).unwrap();
    e.finish().unwrap()
}

fn bzip2(data: &[u8]) -> Vec<u8> {
    let mut e = bzip2::write::BzEncoder::new(Vec::new(), bzip2::Compression::fast());
    e.write_all(data).unwrap();
    e.finish().unwrap()
}

/// A compressor: (file ending, what it packs with, its name in messages).
type Packer = (&'static str, fn(&[u8]) -> Vec<u8>, &'static str);

fn zstd(data: &[u8]) -> Vec<u8> {
    zstd::encode_all(data, 3).unwrap()
}

#[test]
fn every_compressed_member_is_read_and_trailing_bytes_reported_by_offset() {
    // 100 games in two members (50 + 50), and 4 in two (under the 4 KiB cqlq looks at first),
    // of gzip, zstd and bzip2, then (a) nothing, (b) 7 bytes that are not compressed data.
    // Every game is searched (all mates); the trailing bytes are an error naming their
    // offset (the members' length), exit 2, so no count is written.
    let dir = tempfile::tempdir().unwrap();
    let packers: [Packer; 3] = [
        ("gz", gzip, "gzip"),
        ("zst", zstd, "zstd"),
        ("bz2", bzip2, "bzip2"),
    ];
    for (n, half) in [(100, 50), (4, 2)] {
        let all = games(n, 0, "");
        let cut = games(half, 0, "").len();
        for (ext, pack, what) in packers {
            let members = [pack(&all.as_bytes()[..cut]), pack(&all.as_bytes()[cut..])].concat();
            let path = write(dir.path(), &format!("two{n}.pgn.{ext}"), &members);
            let out = count_mates(&path);
            let err = text(&out.stderr);
            assert_eq!(text(&out.stdout), format!("{n}\n"), "{ext}: {err}");
            assert_eq!(out.status.code(), Some(0), "{ext}: {err}");
            let junk = [members.clone(), b"GARBAGE".to_vec()].concat();
            let path = write(dir.path(), &format!("junk{n}.pgn.{ext}"), &junk);
            let out = count_mates(&path);
            let err = text(&out.stderr);
            // A run that ends with exit 2 writes no count (issue 36: nothing on stdout when
            // the run fails); the summary still says every game was read and matched.
            assert_eq!(text(&out.stdout), "", "{ext}: {err}");
            assert!(
                err.contains(&format!("{n} games read, {n} matched")),
                "{ext}: {err}"
            );
            let said = format!(
                "trailing data at byte {} after the last {what} member",
                members.len()
            );
            assert!(err.contains(&said), "{ext}: {err}");
            assert_eq!(out.status.code(), Some(2), "{ext}: {err}");
        }
    }
}
