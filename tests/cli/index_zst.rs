//! Issue 35, item 1: `cqlq index games.pgn.zst` writes `games.pgn.zst.cqlqi`, whose games
//! lie in the decompressed text, and searches of the compressed file use it. The truth is
//! the plain file's index (the games are the text's, so the blocks are the same bytes), the
//! scan's (`--no-index`) output, the games' moves, and a doctored index believed.

use std::fs;
use std::path::Path;

use crate::common::cqlq_in;
use crate::index_search::{SEVEN_GAMES, assert_answers_as_the_scan, with_and_without};
use cqlq::index::format::{HEADER_BYTES, Text, decode, encode};

fn text(bytes: &[u8]) -> String {
    String::from_utf8_lossy(bytes).into_owned()
}

/// Writes `pgn` as `dir/NAME` (plain) and `dir/NAME.zst`, and indexes both.
pub(crate) fn both_indexed(dir: &Path, name: &str, pgn: &[u8]) {
    fs::write(dir.join(name), pgn).unwrap();
    fs::write(
        dir.join(format!("{name}.zst")),
        zstd::encode_all(pgn, 3).unwrap(),
    )
    .unwrap();
    for file in [name.to_string(), format!("{name}.zst")] {
        let out = cqlq_in(dir, &["index", "-q", &file]);
        assert!(out.status.success(), "{file}: {}", text(&out.stderr));
    }
}

/// The index of `g.pgn.zst` holds the games of its text: after the header, the bytes of
/// the plain file's index (the same games, cut and summarised alike); its header names the
/// decompressed text's length; its identity is the compressed file's.
#[test]
fn a_zstd_file_is_indexed_as_its_text() {
    let scratch = crate::common::scratch("index", "zst-build");
    let dir = scratch.path();
    both_indexed(dir, "g.pgn", SEVEN_GAMES.as_bytes());
    let plain = fs::read(dir.join("g.pgn.cqlqi")).unwrap();
    let packed = fs::read(dir.join("g.pgn.zst.cqlqi")).unwrap();
    assert_eq!(plain[HEADER_BYTES..], packed[HEADER_BYTES..]);
    let index = decode(&packed).unwrap();
    assert_eq!(index.games.len(), 7);
    let size = SEVEN_GAMES.len() as u64;
    assert_eq!(index.text, Text::Zstd { size });
    let compressed = fs::metadata(dir.join("g.pgn.zst")).unwrap().len();
    assert_eq!(index.source.size, compressed);
    assert_eq!(decode(&plain).unwrap().text, Text::Plain);
    let stats = text(&cqlq_in(dir, &["index", "--stats", "g.pgn.zst"]).stdout);
    assert!(stats.contains("(matches the file)"), "{stats}");
    assert!(
        stats.contains(&format!("of its {size} decompressed bytes")),
        "{stats}"
    );
    // Cut short, the compressed file cannot be read to its end: no index is made.
    let cut = fs::read(dir.join("g.pgn.zst")).unwrap();
    fs::write(dir.join("cut.pgn.zst"), &cut[..cut.len() - 5]).unwrap();
    let out = cqlq_in(dir, &["index", "-q", "cut.pgn.zst"]);
    assert_eq!(out.status.code(), Some(2), "{}", text(&out.stderr));
    assert!(
        text(&out.stderr).contains("cut.pgn.zst"),
        "{}",
        text(&out.stderr)
    );
    assert!(!dir.join("cut.pgn.zst.cqlqi").exists());
}

/// Searches of an indexed `.pgn.zst` give the scan's output, summary and stderr (game 5's
/// illegal move reported at its decompressed byte), the game numbers the moves give
/// (mates in games 1, 3 and 7; game 4 castles), and skip games; a doctored index (game 7's
/// mate flag cleared) is believed, so the search read it.
#[test]
fn a_zstd_search_uses_its_index() {
    let scratch = crate::common::scratch("index", "zst-search");
    let dir = scratch.path();
    both_indexed(dir, "g.pgn", SEVEN_GAMES.as_bytes());
    let (numbers, summary) = with_and_without(dir, &["mate", "--gamenumbers", "g.pgn.zst"]);
    assert_eq!(numbers, "1\n3\n7\n");
    assert_eq!(
        summary,
        "cqlq: 7 games read, 3 matched, 3 positions matched, 1 bad game"
    );
    let (numbers, _) = with_and_without(dir, &["move o-o", "--gamenumbers", "g.pgn.zst"]);
    assert_eq!(numbers, "4\n");
    let (count, _) = with_and_without(dir, &["mate", "--count", "g.pgn.zst"]);
    assert_eq!(count.trim(), "3");
    let (numbers, _) =
        with_and_without(dir, &["mate", "--limit", "2", "--gamenumbers", "g.pgn.zst"]);
    assert_eq!(numbers, "1\n3\n");
    // Numbers run on through a plain indexed file and the compressed one.
    let (numbers, _) = with_and_without(dir, &["mate", "--gamenumbers", "g.pgn", "g.pgn.zst"]);
    assert_eq!(numbers, "1\n3\n7\n8\n10\n14\n");
    for format in [&["--json"][..], &[]] {
        let mut args = vec!["move o-o"];
        args.extend_from_slice(format);
        args.push("g.pgn.zst");
        let (out, _) = with_and_without(dir, &args);
        assert!(out.contains("four"), "{out}");
    }
    // Doctored: game 7's mate flag cleared; the compressed file's identity kept.
    let path = dir.join("g.pgn.zst.cqlqi");
    let mut index = decode(&fs::read(&path).unwrap()).unwrap();
    index.games[6].summary.flags &= !cqlq::index::summary::MATE;
    fs::write(&path, encode(&index)).unwrap();
    let with = cqlq_in(dir, &["-q", "--gamenumbers", "-e", "mate", "g.pgn.zst"]);
    assert_eq!(text(&with.stdout), "1\n3\n");
    let without = cqlq_in(
        dir,
        &[
            "-q",
            "--no-index",
            "--gamenumbers",
            "-e",
            "mate",
            "g.pgn.zst",
        ],
    );
    assert_eq!(text(&without.stdout), "1\n3\n7\n");
}

/// A compressed file changed after its index was made is scanned, with a line saying why;
/// a plain file's index beside a compressed file (or the other way) is never used.
#[test]
fn a_stale_or_foreign_zstd_index_is_not_used() {
    let scratch = crate::common::scratch("index", "zst-stale");
    let dir = scratch.path();
    both_indexed(dir, "g.pgn", SEVEN_GAMES.as_bytes());
    let grown = format!("{SEVEN_GAMES}\n[Event \"eight\"]\n\n1. f3 e5 2. g4 Qh4# 0-1\n");
    fs::write(
        dir.join("g.pgn.zst"),
        zstd::encode_all(grown.as_bytes(), 3).unwrap(),
    )
    .unwrap();
    let out = cqlq_in(dir, &["-q", "--gamenumbers", "-e", "mate", "g.pgn.zst"]);
    assert_eq!(text(&out.stdout), "1\n3\n7\n8\n");
    assert!(
        text(&out.stderr).contains("not used"),
        "{}",
        text(&out.stderr)
    );
    // An index of the compressed file whose header says its games count the file's own
    // bytes (plain), with two games only: not used (a compressed file is searched through
    // an index of its decompressed text only).
    let foreign = zstd::encode_all(SEVEN_GAMES.as_bytes(), 3).unwrap();
    fs::write(dir.join("h.pgn.zst"), &foreign).unwrap();
    let out = cqlq_in(dir, &["index", "-q", "h.pgn.zst"]);
    assert!(out.status.success());
    let mut index = decode(&fs::read(dir.join("h.pgn.zst.cqlqi")).unwrap()).unwrap();
    index.text = Text::Plain;
    index.games.truncate(2);
    fs::write(dir.join("h.pgn.zst.cqlqi"), encode(&index)).unwrap();
    let (numbers, _) = with_and_without(dir, &["mate", "--gamenumbers", "h.pgn.zst"]);
    assert_eq!(numbers, "1\n3\n7\n");
}

/// On real games (`../shared/data/std-visible-5k.pgn` compressed), the indexed compressed
/// file prints what the scan prints, stdout and stderr, for selective and unselective
/// queries, in `--count`, `--gamenumbers`, JSON and PGN.
#[test]
fn a_zstd_file_of_real_games_answers_as_the_scan() {
    let Some(source) = crate::common::shared_file("data/std-visible-5k.pgn") else {
        eprintln!("skipped: ../shared/data/std-visible-5k.pgn is absent");
        return;
    };
    let scratch = crate::common::scratch("index", "zst-real");
    let dir = scratch.path();
    both_indexed(dir, "r.pgn", &fs::read(source).unwrap());
    for query in [
        "mate",
        "move promote [RBN]",
        "check",
        "move o-o-o and #[Qq] == 0",
    ] {
        for format in [&["--count"][..], &["--gamenumbers"], &["--json"], &[]] {
            let mut with = vec!["-q"];
            with.extend_from_slice(format);
            with.extend_from_slice(&["-e", query, "r.pgn.zst"]);
            assert_answers_as_the_scan(dir, &with, &format!("{query} {format:?}"));
        }
    }
}
