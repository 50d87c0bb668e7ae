//! Issue 35: an index whose checks pass but whose contents lie (a game's place, length,
//! flags, counts, squares, tags, packed moves, the games' order, the string table: as a
//! hostile or buggy writer could make it, every CRC-32 written again) never makes a search
//! crash, hang or fail without a message. A doctored index is believed where its checks
//! pass (`docs/index.md`), so the answers may differ from the scan's; what is tested is that
//! every search ends, with an exit status and a message of its own, never a panic.

use std::fs;
use std::path::Path;
use std::process::{Command, Output};

use cqlq::index::format::{Index, decode, encode};
use shakmaty::san::SanPlus;
use shakmaty::{Chess, Move, Position as _};

/// A game of random legal moves from the standard start (`plies` at most), written as PGN:
/// one of the promotions (to any piece), en passant captures and castlings is played
/// whenever one is legal, a capture one time in three, so that every flag and count of the
/// index's summary is set somewhere.
fn random_game(number: usize, plies: usize, below: &mut impl FnMut(usize) -> usize) -> String {
    let mut pos = Chess::default();
    let mut movetext = String::new();
    for ply in 0..plies {
        let moves = pos.legal_moves();
        if moves.is_empty() {
            break;
        }
        let rare: Vec<&Move> = (moves.iter())
            .filter(|m| m.is_promotion() || m.is_en_passant() || m.is_castle())
            .collect();
        let captures: Vec<&Move> = moves.iter().filter(|m| m.is_capture()).collect();
        let m = if !rare.is_empty() {
            *rare[below(rare.len())]
        } else if !captures.is_empty() && below(3) == 0 {
            *captures[below(captures.len())]
        } else {
            moves[below(moves.len())]
        };
        if ply % 2 == 0 {
            movetext.push_str(&format!("{}. ", ply / 2 + 1));
        }
        movetext.push_str(&SanPlus::from_move_and_play_unchecked(&mut pos, m).to_string());
        movetext.push(' ');
    }
    format!(
        "[Event \"Random {number}\"]\n[White \"W{}\"]\n[Black \"B{}\"]\n[Result \"*\"]\n\n{movetext}*\n\n",
        number % 3,
        number % 4
    )
}

/// The games doctored indexes describe: random games, `common::THREE_GAMES`, a game with
/// variations, comments and NAGs, one from a `[FEN]` (searched always) and one with an
/// illegal move (searched always).
fn games() -> String {
    let mut below = crate::common::below_from(0x1D0C);
    let mut pgn = String::from(crate::common::THREE_GAMES);
    pgn.push_str(
        "\n[Event \"variations\"]\n[Result \"*\"]\n\n1. e4 {a comment} (1. f3 e5 2. g4 Qh4#) 1... \
         e5 $1 2. Nf3 (2. Qh5 Nc6 3. Bc4 Nf6 4. Qxf7#) *\n\n",
    );
    pgn.push_str("[Event \"set up\"]\n[FEN \"4k3/P7/8/8/8/8/8/4K3 w - - 0 1\"]\n[Result \"*\"]\n\n1. a8=Q+ Kd7 *\n\n");
    pgn.push_str("[Event \"illegal\"]\n[Result \"*\"]\n\n1. e4 e5 2. Ke3 *\n\n");
    for number in 0..24 {
        let plies = 20 + below(140);
        pgn.push_str(&random_game(number, plies, &mut below));
    }
    pgn
}

/// One lie written into `index` (drawn by `below`): a field of a game's entry changed, games
/// swapped, dropped or repeated, or a string of the table changed or dropped.
fn doctor(index: &mut Index, below: &mut impl FnMut(usize) -> usize) {
    let games = index.games.len();
    let g = below(games);
    let strings = index.strings.len();
    let mut wide = || -> u64 {
        match below(3) {
            0 => below(4) as u64,
            1 => below(100_000) as u64,
            _ => u64::MAX - below(4) as u64,
        }
    };
    let lie = wide() % 15;
    let (a, b, c) = (wide(), wide(), wide());
    let kind = below(7);
    match lie {
        12 => match below(3) {
            0 => index.games.swap(g, below(games)),
            1 if games > 1 => drop(index.games.remove(g)),
            _ => {
                let copy = index.games[g].clone();
                index.games.insert(below(games), copy);
            }
        },
        13 => match index.strings.get_mut(below(strings.max(1))) {
            Some(s) => *s = ["", "W1", "B2", "Random 7", "x\"y"][below(5)].to_string(),
            None => drop(index.strings.pop()),
        },
        field => {
            let entry = &mut index.games[g];
            let summary = &mut entry.summary;
            match field {
                0 => entry.offset = a,
                1 => {
                    let delta = a % 80;
                    entry.offset = match b % 2 {
                        0 => entry.offset.saturating_sub(delta),
                        _ => entry.offset + delta,
                    };
                }
                2 => entry.length = a as u32,
                3 => summary.flags ^= 1 << (a % 16),
                4 => {
                    summary.plies = a as u32;
                    summary.final_key = b;
                }
                5 => summary.fewest[kind] = (a % 12) as u8,
                6 => summary.most[kind] = (a % 12) as u8,
                7 => summary.ever_on[kind] ^= 1 << (a % 64),
                8 => {
                    summary.piece_lead = ((a % 40) as i8 - 20, (b % 40) as i8 - 20);
                    summary.power_lead = ((c % 200) as i16 - 100, (a % 200) as i16 - 100);
                }
                9 => {
                    summary.queens_gone = a as u32;
                    summary.last_long_castle = b as u32;
                    summary.checks = c as u32;
                    summary.check_run = a as u8;
                    summary.same_side_check_run = b as u8;
                }
                10 => {
                    let moves = &mut summary.moves;
                    let len = moves.len() as u64;
                    match c % 4 {
                        0 if len > 0 => moves[(a % len) as usize] = b as u8,
                        1 => moves.truncate((a % (len + 1)) as usize),
                        2 => moves.extend((0..1 + a % 6).map(|k| (b >> (8 * k)) as u8)),
                        _ => moves.clear(),
                    }
                }
                14 => {
                    let len = summary.keys.len() as u64;
                    if len > 0 {
                        summary.keys[(a % len) as usize] ^= 1 << (b % 8);
                    }
                }
                _ => {
                    let t = (a % summary.tags.len() as u64) as usize;
                    summary.tags[t] = (b % (strings as u64 + 3)) as u32;
                }
            }
        }
    }
}

/// The searches run over each doctored index: each reads other parts of it (the flags, the
/// counts, the squares, the tags, the plies) and replays the packed moves or reads the text,
/// in each output format.
const SEARCHES: [&[&str]; 8] = [
    &["--count", "-e", "mate"],
    &["--variations", "--gamenumbers", "-e", "check and #q == 0"],
    &["--gamenumbers", "-e", AFTER_E4_E5],
    &["--gamenumbers", "-e", "move promote [QN]"],
    &["-e", "#Q == 0 and check"],
    &["--json", "-e", "move from R to a-h7"],
    &["--gamenumbers", "-e", "player white \"W1\""],
    &["--count", "-e", "ply > 30 and #[Qq] == 2"],
];

/// An exact position (1. e4 e5), which a search reads the positions' keys for when the index
/// holds them (`cqlq index --keys`).
const AFTER_E4_E5: &str = "fen \"rnbqkbnr/pppp1ppp/8/4p3/4P3/8/PPPP1PPP/RNBQKBNR w KQkq - 0 2\"";

/// Runs `cqlq -q ARGS g.pgn` in `dir`, killed after 60 s (a hang fails the test).
fn search(dir: &Path, args: &[&str]) -> Output {
    Command::new("timeout")
        .args(["-s", "KILL", "60", env!("CARGO_BIN_EXE_cqlq"), "-q"])
        .args(args)
        .arg("g.pgn")
        .current_dir(dir)
        .output()
        .expect("run cqlq under timeout")
}

/// Sixty doctored indexes of 31 games, half of them holding the positions' keys (see
/// [`doctor`]: one to three lies each, drawn from a fixed seed, every CRC-32 written again by
/// the index's own encoder), each searched eight ways ([`SEARCHES`]): every search ends with
/// an exit status the README names (0 a game matched, 1 none, 2 trouble), never a panic's
/// message or a signal (the timeout's KILL included). The undoctored indexes first give the
/// scan's output, so the searches do read what is doctored.
#[test]
fn doctored_indexes_never_crash_a_search() {
    let scratch = crate::common::scratch("index", "doctored");
    let dir = scratch.path();
    fs::write(dir.join("g.pgn"), games()).unwrap();
    let mut indexes = Vec::new();
    for keys in [&[][..], &["--keys"]] {
        let mut args = vec!["index", "-q"];
        args.extend_from_slice(keys);
        args.push("g.pgn");
        let built = crate::common::cqlq_in(dir, &args);
        assert!(built.status.success(), "{}", crate::common::stderr(&built));
        let bytes = fs::read(dir.join("g.pgn.cqlqi")).unwrap();
        let index = decode(&bytes).expect("the built index reads");
        assert_eq!(encode(&index), bytes, "decode and encode are inverse");
        for args in SEARCHES {
            let with = search(dir, args);
            let mut without_args = args.to_vec();
            without_args.push("--no-index");
            let without = search(dir, &without_args);
            assert_eq!(with.stdout, without.stdout, "{args:?}");
            assert!(with.status.code().is_some_and(|c| c <= 1), "{args:?}");
        }
        indexes.push(index);
    }
    let mut below = crate::common::below_from(0xD0C7);
    for case in 0..60 {
        let mut doctored = indexes[case % 2].clone();
        let lies = 1 + below(3);
        for _ in 0..lies {
            doctor(&mut doctored, &mut below);
        }
        fs::write(dir.join("g.pgn.cqlqi"), encode(&doctored)).unwrap();
        for args in SEARCHES {
            let out = search(dir, args);
            let err = crate::common::stderr(&out);
            assert!(
                out.status.code().is_some_and(|c| c <= 2) && !err.contains("panicked"),
                "case {case}, {args:?}: status {:?}\n{err}",
                out.status
            );
        }
    }
}
