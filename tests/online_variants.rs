//! Truth for the online variants: every main-line position of the oracle games, replayed by
//! cqlq under the rules its `[Variant]` tag names, agrees with what Fairy-Stockfish and
//! python-chess recorded for it.
//!
//! - `../shared/data/variants/generated/NAME.positions.jsonl.gz` (Fairy-Stockfish via pyffish,
//!   games 0..19): board and pockets, side to move, check, the legal moves (as a set of UCI
//!   moves; castling compared by side) and perft 1..3 (p3 absent when p2 > 20000).
//! - `../shared/data/variants/generated/NAME.pychess.jsonl.gz` (python-chess 1.11.2, games
//!   0..19): the whole FEN (en passant square: CQLi writes it after every double step,
//!   python-chess only when a capture is legal), check, mate, stalemate, variant end, legal
//!   move count, attacked squares per side, and the Polyglot key (python-chess hashes no
//!   pockets: equal where the pockets are empty).
//! - `tests/expected/online-lichess-NAME.pychess.jsonl.gz`: python-chess on the real lichess
//!   games of `../shared/data/variants/NAME.pgn`; `tests/expected/online-losers.*`:
//!   Fairy-Stockfish games of FICS Losers (no shared data exists for it). Both regenerated
//!   by `scripts/online_goldens.sh`.
//!
//! The default run computes perft(3) at every 25th position; the full run (about 15 s) is
//! `cargo test --test online_variants -- --ignored --nocapture`.

mod common;

use std::collections::{BTreeMap, BTreeSet};
use std::io::{BufRead, BufReader};
use std::path::{Path, PathBuf};

use cqlq::pgn::{read_game, split_games};
use cqlq::rules::online::Online;
use cqlq::rules::select::{GameRules, rules_for_game};
use cqlq::rules::standard::Standard;
use cqlq::rules::{MoveInfo, Position};
use serde_json::Value;
use shakmaty::{Bitboard, Square};

/// The generated sets with Fairy-Stockfish records; the second field says whether
/// python-chess records exist too.
const SETS: [(&str, bool); 10] = [
    ("3check", true),
    ("antichess", true),
    ("giveaway", false),
    ("atomic", true),
    ("crazyhouse", true),
    ("horde", true),
    ("kingofthehill", true),
    ("racingkings", true),
    ("chess", true),
    ("chess960", true),
];

/// JSON lines of a file (gzip when the name ends in `.gz`); `# Source` lines skipped.
fn json_lines(path: &Path) -> Vec<Value> {
    let file = std::fs::File::open(path).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
    let reader: Box<dyn BufRead> = if path.extension().is_some_and(|e| e == "gz") {
        Box::new(BufReader::new(flate2::read::GzDecoder::new(file)))
    } else {
        Box::new(BufReader::new(file))
    };
    reader
        .lines()
        .map(|l| l.expect("read line"))
        .filter(|l| !l.trim().is_empty() && !l.starts_with('#'))
        .map(|l| serde_json::from_str(&l).expect("json"))
        .collect()
}

/// Records keyed by (game, ply).
fn by_position(rows: Vec<Value>) -> BTreeMap<(u64, u64), Value> {
    rows.into_iter()
        .map(|r| ((r["game"].as_u64().unwrap(), r["ply"].as_u64().unwrap()), r))
        .collect()
}

fn expected(name: &str) -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("tests/expected")
        .join(name)
}

/// What the comparisons need of a position beyond the trait: perft.
trait Perft: Position<Set = Bitboard> {
    fn perft(&self, depth: u32) -> u64;
}

impl Perft for Standard {
    fn perft(&self, depth: u32) -> u64 {
        shakmaty::perft(self.chess(), depth)
    }
}

impl Perft for Online {
    fn perft(&self, depth: u32) -> u64 {
        let moves = self.moves();
        if depth <= 1 {
            return if depth == 0 { 1 } else { moves.len() as u64 };
        }
        moves
            .iter()
            .map(|&m| {
                let mut child = self.clone();
                child.play_move(m);
                child.perft(depth - 1)
            })
            .sum()
    }
}

/// A game's main line as SAN, with its start FEN and variant tag.
struct Game {
    variant: Option<String>,
    fen: Option<String>,
    sans: Vec<String>,
}

fn pgn_games(path: &Path, max: usize) -> Vec<Game> {
    let data = std::fs::read(path).expect("read pgn");
    split_games(&data)
        .take(max)
        .map(|r| {
            let record = read_game(&data[r]).expect("readable game");
            Game {
                variant: record.tag("Variant").map(str::to_string),
                fen: record.tag("FEN").map(str::to_string),
                sans: record
                    .mainline()
                    .iter()
                    .skip(1)
                    .map(|&i| record.nodes[i as usize].san.clone())
                    .collect(),
            }
        })
        .collect()
}

/// The positions of a game's main line (ply 0 first), or the first unplayable move.
fn positions<P: Position>(start: P, sans: &[String]) -> Result<Vec<P>, String> {
    let mut out = vec![start];
    for (ply, san) in sans.iter().enumerate() {
        let mut next = out.last().unwrap().clone();
        next.play_san(san)
            .map_err(|e| format!("ply {}: {e}", ply + 1))?;
        out.push(next);
    }
    Ok(out)
}

/// Mismatches by kind, with the first few examples.
#[derive(Default)]
struct Tally {
    compared: BTreeMap<&'static str, u64>,
    wrong: BTreeMap<&'static str, Vec<String>>,
}

impl Tally {
    fn check(&mut self, what: &'static str, ok: bool, example: impl FnOnce() -> String) {
        *self.compared.entry(what).or_default() += 1;
        if !ok {
            self.wrong.entry(what).or_default().push(example());
        }
    }

    fn report_and_assert(&self, label: &str) {
        let counts: Vec<String> = self
            .compared
            .iter()
            .map(|(k, n)| {
                let bad = self.wrong.get(k).map_or(0, Vec::len);
                format!("{k} {}/{n}", n - bad as u64)
            })
            .collect();
        eprintln!("{label}: {}", counts.join(", "));
        for (k, examples) in &self.wrong {
            for e in examples.iter().take(3) {
                eprintln!("  {k} differs: {e}");
            }
        }
        assert!(self.wrong.is_empty(), "{label}: disagreements above");
    }
}

fn sq(s: &str) -> Square {
    s.parse().unwrap_or_else(|_| panic!("square {s}"))
}

fn one(set: Bitboard) -> Option<Square> {
    set.single_square()
}

/// Our legal moves as UCI, castling written `O-O`/`O-O-O`.
fn our_uci(moves: &[MoveInfo<Bitboard>]) -> BTreeSet<String> {
    let role = |t: u8| ['p', 'n', 'b', 'r', 'q', 'k'][t as usize];
    moves
        .iter()
        .map(|m| {
            if let Some(king_side) = m.castle {
                return if king_side { "O-O" } else { "O-O-O" }.to_string();
            }
            let to = one(m.to).unwrap();
            match one(m.from) {
                None => format!("{}@{to}", role(m.mover).to_ascii_uppercase()),
                Some(from) => {
                    let promo = m.promotion.map(role).map(String::from).unwrap_or_default();
                    format!("{from}{to}{promo}")
                }
            }
        })
        .collect()
}

/// The oracle's UCI moves in the same form: a king moving two files or onto its own rook
/// castles.
fn oracle_uci<P: Position<Set = Bitboard>>(pos: &P, legal: &Value) -> BTreeSet<String> {
    legal
        .as_array()
        .unwrap()
        .iter()
        .map(|m| {
            let m = m.as_str().unwrap();
            if m.contains('@') || m.len() < 4 {
                return m.to_string();
            }
            let (from, to) = (sq(&m[0..2]), sq(&m[2..4]));
            let mover = pos.piece_at(Bitboard::from_square(from));
            let target = pos.piece_at(Bitboard::from_square(to));
            let king = |p: Option<(cqlq::ir::Color, u8)>| p.is_some_and(|(_, t)| t == 5);
            let own_rook = target.is_some_and(|(c, t)| Some(c) == mover.map(|p| p.0) && t == 3);
            let files = (from.file() as i32 - to.file() as i32).abs();
            if king(mover) && from.rank() == to.rank() && (own_rook || files == 2) && m.len() == 4 {
                if to.file() > from.file() {
                    "O-O"
                } else {
                    "O-O-O"
                }
                .to_string()
            } else {
                m.to_string()
            }
        })
        .collect()
}

/// The union of the squares attacked by one side's pieces.
fn attacked_by<P: Position<Set = Bitboard>>(pos: &P, white: bool) -> BTreeSet<String> {
    let mut set = Bitboard::EMPTY;
    for s in pos.occupied() {
        let here = Bitboard::from_square(s);
        if pos
            .piece_at(here)
            .is_some_and(|(c, _)| (c == cqlq::ir::Color::White) == white)
        {
            set |= pos.attacks_from(here);
        }
    }
    set.into_iter().map(|s| s.to_string()).collect()
}

fn names(v: &Value) -> BTreeSet<String> {
    v.as_array()
        .unwrap()
        .iter()
        .map(|s| s.as_str().unwrap().to_string())
        .collect()
}

/// A FEN's fields with the crazyhouse pocket's letters sorted: CQLi (seed 003, `[PNpb]`)
/// and shakmaty list pocket pieces pawn first, python-chess and Fairy-Stockfish queen first.
fn fen_fields(fen: &str) -> Vec<String> {
    let mut fields: Vec<String> = fen.split(' ').map(str::to_string).collect();
    if let Some(open) = fields[0].find('[') {
        let mut pocket: Vec<char> = fields[0][open + 1..]
            .trim_end_matches(']')
            .chars()
            .collect();
        pocket.sort_unstable();
        let board = fields[0][..open].to_string();
        fields[0] = format!("{board}[{}]", pocket.into_iter().collect::<String>());
    }
    fields
}

/// python-chess's FEN against ours: equal, but for an en passant square python-chess leaves
/// out when no capture is legal and, in Crazyhouse, the halfmove clock after a pawn drop
/// (python-chess counts on; Fairy-Stockfish, shakmaty and lichess reset it, and
/// `against_fsf` checks that).
fn same_fen(ours: &str, theirs: &str) -> bool {
    let (a, b) = (fen_fields(ours), fen_fields(theirs));
    let crazyhouse = a[0].contains('[');
    let clock = a.len() - 2;
    a.len() == b.len()
        && a.iter()
            .zip(&b)
            .enumerate()
            .all(|(i, (x, y))| x == y || (i == 3 && y == "-") || (crazyhouse && i == clock))
}

/// Compares one position with a Fairy-Stockfish record.
fn against_fsf<P: Perft>(t: &mut Tally, pos: &P, row: &Value, perft3: bool, at: &str) {
    let fen = pos.fen(true);
    let theirs = row["fen"].as_str().unwrap();
    // Board with pockets, side to move, halfmove clock and move number (Fairy-Stockfish writes
    // Shredder castling letters for Chess960 and en passant squares only when legal).
    let head = |f: &str| {
        let v = fen_fields(f);
        [&v[..2], &v[v.len() - 2..]].concat()
    };
    t.check("fsf fen", head(&fen) == head(theirs), || {
        format!("{at}: {fen} vs {theirs}")
    });
    t.check(
        "fsf check",
        pos.is_check() == row["in_check"].as_bool().unwrap(),
        || format!("{at}: {fen} ours {}", pos.is_check()),
    );
    let ours = our_uci(&pos.legal_moves());
    let oracle = oracle_uci(pos, &row["legal"]);
    t.check("fsf legal moves", ours == oracle, || {
        let extra: Vec<_> = ours.difference(&oracle).collect();
        let missing: Vec<_> = oracle.difference(&ours).collect();
        format!("{at}: {fen} extra {extra:?} missing {missing:?}")
    });
    let perft = row["perft"].as_array().unwrap();
    for (depth, expected) in perft.iter().enumerate().take(if perft3 { 3 } else { 2 }) {
        if let Some(n) = expected.as_u64() {
            let got = pos.perft(depth as u32 + 1);
            t.check("fsf perft", got == n, || {
                format!("{at}: {fen} depth {} ours {got} theirs {n}", depth + 1)
            });
        }
    }
}

/// Compares one position with a python-chess record.
fn against_pychess<P: Position<Set = Bitboard>>(t: &mut Tally, pos: &P, row: &Value, at: &str) {
    let fen = pos.fen(true);
    let theirs = row["fen"].as_str().unwrap();
    t.check("py fen", same_fen(&fen, theirs), || {
        format!("{at}: {fen} vs {theirs}")
    });
    let flags = [
        ("py check", pos.is_check(), "is_check"),
        ("py mate", pos.is_mate(), "is_checkmate"),
        ("py stalemate", pos.is_stalemate(), "is_stalemate"),
        ("py variant end", pos.is_variant_end(), "is_variant_end"),
    ];
    // Standard chess records have no `is_variant_end` (false there).
    for (what, ours, key) in flags {
        let theirs = row.get(key).map_or(Some(false), Value::as_bool).unwrap();
        t.check(what, ours == theirs, || format!("{at}: {fen} ours {ours}"));
    }
    let count = pos.legal_moves().len() as u64;
    t.check(
        "py legal count",
        count == row["legal_moves"].as_u64().unwrap(),
        || format!("{at}: {fen} ours {count}"),
    );
    if let Some(white) = row.get("attacked_by_white") {
        t.check(
            "py attacked squares",
            attacked_by(pos, true) == names(white)
                && attacked_by(pos, false) == names(&row["attacked_by_black"]),
            || format!("{at}: {fen}"),
        );
    }
    // python-chess hashes no pockets: the keys agree where the pockets are empty.
    let empty_pockets = !fen.contains('[') || fen.contains("[]");
    if empty_pockets {
        let key = format!("{:016x}", pos.zobrist());
        t.check(
            "py polyglot key",
            key == row["polyglot"].as_str().unwrap(),
            || format!("{at}: {fen} ours {key}"),
        );
    }
}

/// Replays `games` under their tags' rules, comparing each position with the records.
fn compare_games(
    t: &mut Tally,
    label: &str,
    games: &[Game],
    fsf: &BTreeMap<(u64, u64), Value>,
    py: &BTreeMap<(u64, u64), Value>,
    perft3_every: usize,
) {
    fn run<P: Perft>(
        t: &mut Tally,
        at: &str,
        start: P,
        game: (u64, &Game),
        fsf: &BTreeMap<(u64, u64), Value>,
        py: &BTreeMap<(u64, u64), Value>,
        perft3_every: usize,
    ) {
        let replayed = positions(start, &game.1.sans);
        t.check("games replayed", replayed.is_ok(), || {
            format!("{at}: {}", replayed.as_ref().err().unwrap())
        });
        for (ply, pos) in replayed.unwrap_or_default().iter().enumerate() {
            let key = (game.0, ply as u64);
            let here = format!("{at} ply {ply}");
            if let Some(row) = fsf.get(&key) {
                let sample =
                    perft3_every > 0 && (game.0 as usize * 7 + ply).is_multiple_of(perft3_every);
                against_fsf(t, pos, row, sample, &here);
            }
            if let Some(row) = py.get(&key) {
                against_pychess(t, pos, row, &here);
            }
        }
    }
    for (g, game) in games.iter().enumerate() {
        let at = format!("{label} game {g}");
        let key = (g as u64, game);
        let fen = game.fen.as_deref();
        match rules_for_game(game.variant.as_deref(), None) {
            Ok(GameRules::Standard { chess960 }) => {
                let start = Standard::from_start(fen, chess960).expect("start position");
                run(t, &at, start, key, fsf, py, perft3_every);
            }
            Ok(GameRules::Online(v)) => {
                let start = Online::for_game(v, fen).expect("start position");
                run(t, &at, start, key, fsf, py, perft3_every);
            }
            Err(e) => t.check("games replayed", false, || format!("{at}: {e}")),
        }
    }
}

fn generated_sets(perft3_every: usize) {
    let Some(dir) = common::shared_file("data/variants/generated") else {
        return;
    };
    let mut all = Tally::default();
    for (name, has_py) in SETS {
        let mut t = Tally::default();
        let fsf = by_position(json_lines(&dir.join(format!("{name}.positions.jsonl.gz"))));
        let py = if has_py {
            by_position(json_lines(&dir.join(format!("{name}.pychess.jsonl.gz"))))
        } else {
            BTreeMap::new()
        };
        let games = pgn_games(&dir.join(format!("{name}.pgn")), 20);
        compare_games(&mut t, name, &games, &fsf, &py, perft3_every);
        // The other 180 games of each set: replayed to the end without a fault.
        for (g, game) in pgn_games(&dir.join(format!("{name}.pgn")), 200)
            .iter()
            .enumerate()
            .skip(20)
        {
            let ok = replays(game);
            t.check("games replayed", ok.is_ok(), || {
                format!("{name} game {g}: {}", ok.unwrap_err())
            });
        }
        t.report_and_assert(name);
        for (k, n) in t.compared {
            *all.compared.entry(k).or_default() += n;
        }
    }
    all.report_and_assert("all generated sets");
}

/// Whether a game replays to its end under its tag's rules.
fn replays(game: &Game) -> Result<(), String> {
    let fen = game.fen.as_deref();
    match rules_for_game(game.variant.as_deref(), None).map_err(|e| e.to_string())? {
        GameRules::Standard { chess960 } => {
            let start = Standard::from_start(fen, chess960).map_err(|e| e.to_string())?;
            positions(start, &game.sans).map(|_| ())
        }
        GameRules::Online(v) => {
            let start = Online::for_game(v, fen).map_err(|e| e.to_string())?;
            positions(start, &game.sans).map(|_| ())
        }
    }
}

/// Fairy-Stockfish and python-chess on the generated sets; perft(3) sampled.
#[test]
fn generated_sets_agree_with_the_oracles() {
    generated_sets(25);
}

/// The same with perft(3) at every position.
/// Run: `cargo test --test online_variants -- --ignored --nocapture`.
#[test]
#[ignore]
fn generated_sets_agree_with_the_oracles_full_perft() {
    generated_sets(1);
}

/// python-chess on every position of the real lichess games (antichess, atomic, crazyhouse,
/// horde).
#[test]
fn lichess_games_agree_with_python_chess() {
    let Some(dir) = common::shared_file("data/variants") else {
        return;
    };
    let mut t = Tally::default();
    for name in ["antichess", "atomic", "crazyhouse", "horde"] {
        let py = by_position(json_lines(&expected(&format!(
            "online-lichess-{name}.pychess.jsonl.gz"
        ))));
        let games = pgn_games(&dir.join(format!("{name}.pgn")), usize::MAX);
        compare_games(&mut t, name, &games, &BTreeMap::new(), &py, 0);
    }
    t.report_and_assert("lichess games");
}

/// Fairy-Stockfish's Losers (FICS rules): games replayed from their SAN, positions and perft
/// compared.
#[test]
fn losers_agrees_with_fairy_stockfish() {
    let games: Vec<Game> = json_lines(&expected("online-losers.games.jsonl"))
        .iter()
        .map(|g| Game {
            variant: Some("Losers".to_string()),
            fen: g["start_fen"].as_str().map(str::to_string),
            sans: g["san"]
                .as_array()
                .unwrap()
                .iter()
                .map(|s| s.as_str().unwrap().to_string())
                .collect(),
        })
        .collect();
    let fsf = by_position(json_lines(&expected("online-losers.positions.jsonl.gz")));
    let mut t = Tally::default();
    compare_games(&mut t, "losers", &games, &fsf, &BTreeMap::new(), 5);
    t.report_and_assert("losers");
}

/// The oracle's terminations of a generated set, by kind (`checkmate`, `stalemate/no moves`,
/// `variant end`, ...), from `NAME.games.jsonl`.
fn terminations(dir: &Path, name: &str) -> BTreeMap<String, u64> {
    let mut counts = BTreeMap::new();
    for game in json_lines(&dir.join(format!("{name}.games.jsonl"))) {
        *counts
            .entry(game["termination"].as_str().unwrap().to_string())
            .or_default() += 1;
    }
    counts
}

/// The number `cqlq --count -e QUERY FILE` prints, with its stderr.
fn cli_count(query: &str, file: &Path, extra: &[&str]) -> (u64, String) {
    let mut args = vec!["--count", "-e", query];
    args.extend_from_slice(extra);
    args.push(file.to_str().unwrap());
    let out = common::cqlq(&args);
    let stdout = String::from_utf8_lossy(&out.stdout);
    let count = stdout.trim().parse().unwrap_or_else(|_| panic!("{stdout}"));
    (count, String::from_utf8_lossy(&out.stderr).to_string())
}

/// `mate` and `stalemate` through the binary over the generated games. A game ends at its
/// first position without legal moves, so a game matches `mate` exactly when the oracle ended
/// it by checkmate, and `stalemate` exactly when it ended with no moves, no check and no
/// variant goal (the oracle's `stalemate/no moves`). One rule on top, python-chess's: a goal
/// reached with the king in check is a mate too, which in these sets happens only in
/// Three-check (the third check): there every `variant end` game is a mate.
#[test]
fn cli_mate_and_stalemate_counts_follow_the_oracle_terminations() {
    let Some(dir) = common::shared_file("data/variants/generated") else {
        return;
    };
    for name in [
        "crazyhouse",
        "atomic",
        "antichess",
        "giveaway",
        "kingofthehill",
        "3check",
        "horde",
        "racingkings",
    ] {
        let ends = terminations(&dir, name);
        let of = |k: &str| ends.get(k).copied().unwrap_or(0);
        let third_checks = if name == "3check" {
            of("variant end")
        } else {
            0
        };
        let pgn = dir.join(format!("{name}.pgn"));
        let (mates, stderr) = cli_count("mate", &pgn, &[]);
        assert!(stderr.contains("0 bad games"), "{name}: {stderr}");
        assert_eq!(mates, of("checkmate") + third_checks, "{name} mate");
        let (stalemates, _) = cli_count("stalemate", &pgn, &[]);
        assert_eq!(stalemates, of("stalemate/no moves"), "{name} stalemate");
    }
}

/// The real lichess crazyhouse games: `mate` matches the games python-chess marks as mated at
/// their last position (from the recorded golden file).
#[test]
fn cli_mate_on_lichess_crazyhouse_follows_python_chess() {
    let Some(dir) = common::shared_file("data/variants") else {
        return;
    };
    let rows = json_lines(&expected("online-lichess-crazyhouse.pychess.jsonl.gz"));
    let mated: BTreeSet<u64> = rows
        .iter()
        .filter(|r| r["is_checkmate"].as_bool().unwrap())
        .map(|r| r["game"].as_u64().unwrap())
        .collect();
    let (count, stderr) = cli_count("mate", &dir.join("crazyhouse.pgn"), &[]);
    assert!(stderr.contains("0 bad games"), "{stderr}");
    assert_eq!(count, mated.len() as u64);
}

/// `--variant` gives untagged games their rules; a game's own tag wins; an unknown tag makes
/// the game a bad game with a clear reason, never a standard-chess replay.
#[test]
fn cli_variant_option_and_unknown_variants() {
    // 1. e4 d5 2. exd5 Qxd5 3. P@e4: a pawn drop, legal in Crazyhouse only.
    let moves = "1. e4 d5 2. exd5 Qxd5 3. P@e4 Qa5 *\n";
    let dir = tempfile::tempdir().unwrap();
    let untagged = dir.path().join("untagged.pgn");
    std::fs::write(&untagged, format!("[Event \"x\"]\n\n{moves}")).unwrap();
    let (count, stderr) = cli_count("ply == 6", &untagged, &[]);
    assert_eq!(count, 0, "standard chess cannot drop: {stderr}");
    assert!(stderr.contains("1 bad game"), "{stderr}");
    let (count, stderr) = cli_count("ply == 6", &untagged, &["--variant", "zh"]);
    assert_eq!(count, 1, "{stderr}");

    let tagged = dir.path().join("tagged.pgn");
    std::fs::write(&tagged, format!("[Variant \"Standard\"]\n\n{moves}")).unwrap();
    let (count, _) = cli_count("ply == 6", &tagged, &["--variant", "crazyhouse"]);
    assert_eq!(count, 0, "the tag wins over --variant");

    let unknown = dir.path().join("unknown.pgn");
    std::fs::write(&unknown, "[Variant \"Bughouse\"]\n\n1. e4 e5 *\n").unwrap();
    let (count, stderr) = cli_count("true", &unknown, &[]);
    assert_eq!(count, 0);
    assert!(stderr.contains("unknown variant \"Bughouse\""), "{stderr}");

    let out = common::cqlq(&[
        "--variant",
        "bughouse",
        "-e",
        "true",
        untagged.to_str().unwrap(),
    ]);
    assert_eq!(out.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&out.stderr).contains("unknown variant \"bughouse\""));
}

/// `--fen` over Crazyhouse games writes pockets: every mate Fairy-Stockfish recorded among
/// games 0..19 (no legal move, in check) is among cqlq's `--fen -e mate` lines, pockets and all.
#[test]
fn cli_fen_output_has_pockets() {
    let Some(dir) = common::shared_file("data/variants/generated") else {
        return;
    };
    let out = common::cqlq(&[
        "--fen",
        "-q",
        "-e",
        "mate",
        dir.join("crazyhouse.pgn").to_str().unwrap(),
    ]);
    let ours: BTreeSet<Vec<String>> = String::from_utf8_lossy(&out.stdout)
        .lines()
        .map(|l| fen_fields(l)[..2].to_vec())
        .collect();
    let mates: Vec<Vec<String>> = json_lines(&dir.join("crazyhouse.positions.jsonl.gz"))
        .iter()
        .filter(|r| r["in_check"].as_bool().unwrap() && r["legal"].as_array().unwrap().is_empty())
        .map(|r| fen_fields(r["fen"].as_str().unwrap())[..2].to_vec())
        .collect();
    assert!(!mates.is_empty());
    for mate in &mates {
        assert!(mate[0].contains('['), "{mate:?}");
        assert!(ours.contains(mate), "{mate:?} not in cqlq's output");
    }
}
