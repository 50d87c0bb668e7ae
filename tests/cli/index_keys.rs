//! Issue 35, positions' Zobrist keys in the index (`cqlq index --keys`): a `zobristkey`
//! query and an exact `fen` give the scan's answers with the index, and skip the games whose
//! key filter holds none of the position's keys (counted by `IndexedSkips::open`, so a
//! condition that prunes nothing fails too). The keys asked are the Polyglot book format's
//! published examples (its "Random64" page: the start 463b96181691fc9c, after `1. e4 d5 2.
//! e5 f5` 22a48b5a8e47ff78, after `3. Ke2 Kf7` 00fdd303c946bdd9, after `1. a4 b5 2. h4 b4
//! 3. c4 bxc3 4. Ra3` 5c3f9b829b279560), and on real games the key python-chess gives.

use std::fs;
use std::path::Path;

use crate::common::cqlq_in;
use crate::index_search::{assert_answers_as_the_scan, game_numbers_in, skipped_in};

fn text(bytes: &[u8]) -> String {
    String::from_utf8_lossy(bytes).into_owned()
}

/// Four games written as `g.pgn` in `dir`, indexed with `index_args`: the Polyglot page's
/// two move sequences, a game reaching none of their positions, and one reaching
/// `1. e4 d5 2. e5 f5` only in a variation.
fn four_games(dir: &Path, index_args: &[&str]) {
    let pgn = "[Event \"polyglot 1\"]\n[Result \"*\"]\n\n1. e4 d5 2. e5 f5 3. Ke2 Kf7 *\n\n\
[Event \"polyglot 2\"]\n[Result \"*\"]\n\n1. a4 b5 2. h4 b4 3. c4 bxc3 4. Ra3 *\n\n\
[Event \"neither\"]\n[Result \"*\"]\n\n1. d4 d5 2. c4 e6 *\n\n\
[Event \"variation\"]\n[Result \"*\"]\n\n1. d4 (1. e4 d5 2. e5 f5) 1... Nf6 *\n";
    fs::write(dir.join("g.pgn"), pgn).unwrap();
    let mut args = vec!["index", "-q"];
    args.extend_from_slice(index_args);
    args.push("g.pgn");
    let out = cqlq_in(dir, &args);
    assert!(out.status.success(), "{}", text(&out.stderr));
}

/// The position after `1. e4 d5 2. e5 f5` (en passant on f6 hashed: the e5 pawn beside).
const EP_KEY: &str = "22a48b5a8e47ff78";
/// Its placement.
const EP_PLACEMENT: &str = "rnbqkbnr/ppp1p1pp/8/3pPp2/8/8/PPPP1PPP/RNBQKBNR";

/// `zobristkey == K` and the exact `fen` of K's placement find the games the moves say
/// (main line, and with `--variations` the variation), as the scan finds them, and the
/// index with keys skips the games that never reach the position; without keys nothing
/// is skipped for `zobristkey` (no other condition), and a key spelt otherwise than
/// `zobristkey` writes it (upper case) matches nothing and rules nothing out.
#[test]
fn a_position_key_finds_the_games_and_skips_the_others() {
    let scratch = crate::common::scratch("index", "keys");
    let dir = scratch.path();
    four_games(dir, &["--keys"]);
    let key = |k: &str| format!("zobristkey == \"{k}\"");
    let numbers = |query: &str, extra: &[&str]| game_numbers_in(dir, "g.pgn", query, extra);
    let skipped = |query: &str| skipped_in(dir, "g.pgn", query);
    assert_eq!(numbers(&key(EP_KEY), &[]), "1\n");
    assert_eq!(numbers(&key(EP_KEY), &["--variations"]), "1\n4\n");
    assert_eq!(skipped(&key(EP_KEY)), 2);
    let fen = format!("fen \"{EP_PLACEMENT}\"");
    assert_eq!(numbers(&fen, &[]), "1\n");
    assert_eq!(numbers(&fen, &["--variations"]), "1\n4\n");
    assert_eq!(skipped(&fen), 2);
    assert_eq!(numbers(&key("00fdd303c946bdd9"), &[]), "1\n");
    assert_eq!(skipped(&key("00fdd303c946bdd9")), 3);
    assert_eq!(numbers(&key("5c3f9b829b279560"), &[]), "2\n");
    assert_eq!(skipped(&key("5c3f9b829b279560")), 3);
    let either = format!("{} or {}", key(EP_KEY), key("5c3f9b829b279560"));
    assert_eq!(numbers(&either, &[]), "1\n2\n");
    assert_eq!(skipped(&either), 1);
    let start = key("463b96181691fc9c");
    assert_eq!(numbers(&start, &[]), "1\n2\n3\n4\n");
    assert_eq!(skipped(&start), 0);
    let upper = key(&EP_KEY.to_uppercase());
    assert_eq!(numbers(&upper, &[]), "");
    assert_eq!(skipped(&upper), 0);
    // The same file indexed without keys: the same answers, nothing skipped by the key.
    four_games(dir, &[]);
    assert_eq!(numbers(&key(EP_KEY), &["--variations"]), "1\n4\n");
    assert_eq!(skipped(&key(EP_KEY)), 0);
    // Indexed again with keys over an index without them: every game read again (an
    // index grown from one without keys would hold none for the old games).
    let out = cqlq_in(dir, &["index", "--keys", "g.pgn"]);
    assert!(
        text(&out.stderr).contains("(4 read, 0 kept"),
        "{}",
        text(&out.stderr)
    );
    assert_eq!(skipped(&key(EP_KEY)), 2);
    let stats = cqlq_in(dir, &["index", "--stats", "g.pgn"]);
    assert!(text(&stats.stdout).contains("positions' keys: a filter a game"));
}

/// On real games (`std-visible-5k.pgn` indexed with `--keys`), exact positions give the
/// scan's bytes in PGN, `--count` and `--gamenumbers`: the position after 30 plies of the
/// 1,000th game python-chess (the oracles' library) reads, and its key
/// (`r2q1rk1/p3b1pp/np2p3/3pPp2/3B1P2/4N3/PPPQ2PP/R4RK1`, 35e903e9ffcc10b9), the Polyglot
/// page's key after `1. e4` and the Ruy Lopez after `3. Bb5` (many games), a `fen` and
/// `zobristkey` together; the rare ones skip at least 99 % of the games (the filters' false "may hold"s, about one in 2,000 a candidate key, leave a few more).
#[test]
fn position_keys_answer_as_the_scan_on_real_games() {
    let Some(source) = crate::common::shared_file("data/std-visible-5k.pgn") else {
        return;
    };
    let scratch = crate::common::scratch("index", "keys-real");
    let dir = scratch.path();
    fs::copy(&source, dir.join("r.pgn")).unwrap();
    let out = cqlq_in(dir, &["index", "-q", "--keys", "r.pgn"]);
    assert!(out.status.success(), "{}", text(&out.stderr));
    let rare = [
        "fen \"r2q1rk1/p3b1pp/np2p3/3pPp2/3B1P2/4N3/PPPQ2PP/R4RK1\"",
        "zobristkey == \"35e903e9ffcc10b9\"",
        "zobristkey == \"35e903e9ffcc10b9\" and fen \"r2q1rk1/p3b1pp/np2p3/3pPp2/3B1P2/4N3/PPPQ2PP/R4RK1\"",
    ];
    let common = [
        "zobristkey == \"823c9b50fd114196\"",
        "fen \"r1bqkbnr/pppp1ppp/2n5/1B2p3/4P3/5N2/PPPP1PPP/RNBQK2R\"",
    ];
    for query in rare.iter().chain(&common) {
        let numbers = game_numbers_in(dir, "r.pgn", query, &[]);
        assert!(!numbers.is_empty(), "{query}: nothing matched");
        if rare.contains(query) {
            let skipped = skipped_in(dir, "r.pgn", query);
            assert!(skipped >= 4_950, "{query}: {skipped} skipped");
        }
        for format in [&["--count"][..], &[]] {
            let mut with = vec!["-q"];
            with.extend_from_slice(format);
            with.extend_from_slice(&["-e", query, "r.pgn"]);
            assert_answers_as_the_scan(dir, &with, &format!("{query} {format:?}"));
        }
    }
}
