//! Issue 35, the plies rule (`index::prune::plies`): `move o-o-o and #[Qq] == 0` matches only
//! at a position without queens that a queen-side castling leaves or reaches, so a game whose
//! first position without queens comes after its last queen-side castling is skipped (the
//! summary's `queens_gone` and `last_long_castle`). Each query prints the same bytes, stderr
//! and exit status with the index and with `--no-index` (the scan is the truth); on written
//! games the game numbers are the ones the moves say and the games the rule rules out are
//! skipped (counted by `IndexedSkips::open`).

use std::fs;

use crate::common::cqlq_in;

use super::index_search::{
    assert_answers_as_the_scan, copy_shared_indexed, game_numbers_in as game_numbers,
    skipped_in as skipped,
};

fn text(bytes: &[u8]) -> String {
    String::from_utf8_lossy(bytes).into_owned()
}

/// Four written games (moves checked with python-chess 1.11.2, the oracle's library; plies
/// count positions from the start, 0):
/// 1. black castles queen-side (6...O-O-O, from ply 11) with the queens on; they go at
///    8...Nxd4 (ply 16): no position without queens castles.
/// 2. the queens go at 5...Kxd8 (ply 10) and white castles queen-side at once (6. O-O-O+,
///    from ply 10): the first position without queens is the one castled from.
/// 3. game 2 with 6. O-O-O+ only in a variation (the main line plays 6. Bd2).
/// 4. both castle queen-side (5. O-O-O O-O-O) and no queen is taken.
const GAMES: &str = "[Event \"one\"]\n[Result \"*\"]\n\n\
1. e4 d5 2. exd5 Qxd5 3. Nc3 Qd6 4. d4 Nc6 5. Nf3 Bg4 6. Be2 O-O-O 7. Bf4 Qxd4 8. Qxd4 \
Nxd4 9. Nxd4 Rxd4 *\n\n\
[Event \"two\"]\n[Result \"*\"]\n\n\
1. d4 e5 2. dxe5 d6 3. Nc3 dxe5 4. Bg5 f6 5. Qxd8+ Kxd8 6. O-O-O+ Bd7 *\n\n\
[Event \"three\"]\n[Result \"*\"]\n\n\
1. d4 e5 2. dxe5 d6 3. Nc3 dxe5 4. Bg5 f6 5. Qxd8+ Kxd8 6. Bd2 (6. O-O-O+ Bd7) 6... Bd6 *\n\n\
[Event \"four\"]\n[Result \"*\"]\n\n\
1. d4 d5 2. Nc3 Nc6 3. Bf4 Bf5 4. Qd2 Qd7 5. O-O-O O-O-O *\n";

/// On the written games: the game numbers the moves say, with and without the index (and
/// with `--variations`, game 3's castling counted), and the games skipped: game 4 by its
/// counts (queens always on), game 1 by the rule alone (its flags and counts admit it).
#[test]
fn a_long_castle_without_queens_is_found_and_the_others_skipped() {
    let scratch = crate::common::scratch("index", "plies-written");
    let dir = scratch.path();
    fs::write(dir.join("g.pgn"), GAMES).unwrap();
    let out = cqlq_in(dir, &["index", "-q", "g.pgn"]);
    assert!(out.status.success(), "{}", text(&out.stderr));
    for (query, games, with_variations, skips) in [
        ("move o-o-o and #[Qq] == 0", "2\n", "2\n3\n", 2),
        ("#[Qq] == 0 and move o-o-o", "2\n", "2\n3\n", 2),
        ("move o-o-o and #Q == 0 and #q < 1", "2\n", "2\n3\n", 2),
        ("move previous o-o-o and #[Qq] <= 0", "2\n", "2\n3\n", 2),
        ("move o-o-o and #[QqRr] == 0", "", "", 4),
        // The castling at another position than the count's: no plies rule (game 1's
        // castling comes before its queens go; `find <--` looks back to it).
        ("(find <-- move o-o-o) and #[Qq] == 0", "1\n2\n", "?", 1),
        // A castling of either side, or a count that leaves a queen: no plies rule.
        ("move castle and #[Qq] == 0", "2\n", "2\n3\n", 1),
        ("move o-o-o and #Q == 0", "2\n", "2\n3\n", 1),
    ] {
        assert_eq!(game_numbers(dir, "g.pgn", query, &[]), games, "{query}");
        let found = game_numbers(dir, "g.pgn", query, &["--variations"]);
        if with_variations != "?" {
            assert_eq!(found, with_variations, "{query} --variations");
        }
        assert_eq!(skipped(dir, "g.pgn", query), skips, "{query}: skipped");
        let args = ["-q", "-e", query, "g.pgn"];
        assert_answers_as_the_scan(dir, &args, query);
    }
}

/// On real games (`../shared/data/std-visible-5k.pgn`): byte for byte the scan's (PGN with
/// the matched positions' comments), and the rule skips games that its flags and counts
/// alone (the same query with the castling looked for by `find`) admit.
#[test]
fn a_long_castle_without_queens_answers_as_the_scan_on_real_games() {
    let scratch = crate::common::scratch("index", "plies-real");
    let dir = scratch.path();
    let file = "std-visible-5k.pgn";
    if !copy_shared_indexed(dir, file) {
        return;
    }
    for query in [
        "move o-o-o and #[Qq] == 0",
        "move previous o-o-o and #[QqRr] == 0",
        "#Q == 0 and #q == 0 and move o-o-o",
        "(find move o-o-o) and #[Qq] == 0",
    ] {
        assert_answers_as_the_scan(dir, &["-q", "-e", query, file], query);
        game_numbers(dir, file, query, &[]);
    }
    let by_rule = skipped(dir, file, "move o-o-o and #[Qq] == 0");
    let by_flags = skipped(dir, file, "(find move o-o-o) and #[Qq] == 0");
    assert!(
        by_rule > by_flags,
        "{by_rule} skipped, {by_flags} by the flags"
    );
}
