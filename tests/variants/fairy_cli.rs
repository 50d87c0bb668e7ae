//! End to end: cqlq on the generated fairy PGNs (`../shared/data/variants/generated/`, read in
//! place). Expectations come from the oracle files next to them (Fairy-Stockfish via pyffish):
//! `-e mate --count` equals the games `games.jsonl` marks as ended by checkmate, and the
//! board field of every oracle final position of such a game (`positions.jsonl.gz`, ply equal
//! to the game's length) is among the `--fen -e mate` lines.

use std::io::Read;
use std::path::{Path, PathBuf};
use std::process::Command;

fn data() -> Option<PathBuf> {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("../shared/data/variants/generated");
    dir.exists().then_some(dir)
}

fn cqlq(args: &[&str]) -> (String, i32) {
    let out = Command::new(env!("CARGO_BIN_EXE_cqlq"))
        .args(args)
        .output()
        .expect("run cqlq");
    (
        String::from_utf8_lossy(&out.stdout).into_owned(),
        out.status.code().unwrap_or(-1),
    )
}

fn oracle_games(dir: &Path, name: &str) -> Vec<serde_json::Value> {
    std::fs::read_to_string(dir.join(format!("{name}.games.jsonl")))
        .expect("games.jsonl")
        .lines()
        .map(|l| serde_json::from_str(l).expect("json"))
        .collect()
}

#[test]
fn mate_count_equals_oracle_checkmates() {
    let Some(dir) = data() else {
        crate::common::skip("generated data absent");
        return;
    };
    for name in [
        "capablanca",
        "gothic",
        "shatranj",
        "makruk",
        "courier",
        "xiangqi",
        "shogi",
        "seirawan",
        "grand",
    ] {
        let want = oracle_games(&dir, name)
            .iter()
            .filter(|g| g["termination"] == "checkmate")
            .count();
        let pgn = dir.join(format!("{name}.pgn"));
        let (out, code) = cqlq(&["-q", "--count", "-e", "mate", pgn.to_str().unwrap()]);
        assert_eq!(code, 0, "{name}: exit status");
        assert_eq!(out.trim(), want.to_string(), "{name}: mates");
    }
}

/// The sets whose FEN dialect (Fairy-Stockfish's) cqlq writes alike in the board field.
#[test]
fn fen_of_mates_contains_oracle_final_positions() {
    let Some(dir) = data() else {
        crate::common::skip("generated data absent");
        return;
    };
    for name in ["capablanca", "gothic", "shatranj", "makruk", "courier"] {
        let games = oracle_games(&dir, name);
        let mut text = String::new();
        let file = std::fs::File::open(dir.join(format!("{name}.positions.jsonl.gz"))).unwrap();
        flate2::read::GzDecoder::new(file)
            .read_to_string(&mut text)
            .expect("gz");
        let pgn = dir.join(format!("{name}.pgn"));
        let (out, _) = cqlq(&["-q", "--fen", "-e", "mate", pgn.to_str().unwrap()]);
        let got: Vec<&str> = out.lines().filter_map(|l| l.split(' ').next()).collect();
        let mut checked = 0;
        for line in text.lines() {
            let p: serde_json::Value = serde_json::from_str(line).unwrap();
            let g = &games[p["game"].as_u64().unwrap() as usize];
            let plies = g["uci"].as_array().unwrap().len() as u64;
            if g["termination"] == "checkmate" && p["ply"].as_u64() == Some(plies) {
                let board = p["fen"].as_str().unwrap().split(' ').next().unwrap();
                assert!(got.contains(&board), "{name} game {}: {board}", p["game"]);
                checked += 1;
            }
        }
        assert!(checked > 0, "{name}: no final position in the oracle");
    }
}

/// A definitions file with a fault: file, line and reason on stderr, exit status 2.
#[test]
fn bad_variants_file_is_reported() {
    let scratch = crate::common::scratch("fairy", "bad-variants");
    let path = scratch.path().join("bad-variants.txt");
    std::fs::write(&path, "Variant: Broken\nBoard: 0x0\n").unwrap();
    let out = Command::new(env!("CARGO_BIN_EXE_cqlq"))
        .args(["--variants", path.to_str().unwrap(), "-e", "check", "-"])
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(2));
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(err.contains(path.to_str().unwrap()), "{err}");
}

/// Squares past h8 on the 10x8 Capablanca board: games with a white rook on i1 at some
/// position, and with a black piece on files i..j, as counted from Fairy-Stockfish's FENs of
/// every ply (`tests/expected/capablanca-squares.txt`, `scripts/fairy_square_counts.py`).
/// The 8x8 board refuses `i1`, so `--variant` (or `--variants`) is given.
#[test]
fn squares_past_h8_on_capablanca_agree_with_fairy_stockfish() {
    let Some(dir) = data() else {
        crate::common::skip("generated data absent");
        return;
    };
    let golden = include_str!("../expected/capablanca-squares.txt");
    let want = |key: &str| {
        golden
            .lines()
            .find_map(|l| l.strip_prefix(key)?.strip_prefix('\t'))
            .expect("golden line")
            .to_string()
    };
    let pgn = dir.join("capablanca.pgn");
    let pgn = pgn.to_str().unwrap();
    let files_i_j = "a[i1,i2,i3,i4,i5,i6,i7,i8,j1,j2,j3,j4,j5,j6,j7,j8]";
    for (query, key) in [("Ri1", "Ri1"), (files_i_j, "a[i1..j8]")] {
        let (out, code) = cqlq(&["-q", "--count", "--variant", "capablanca", "-e", query, pgn]);
        assert_eq!(code, 0, "{query}");
        assert_eq!(out.trim(), want(key), "{query}");
    }
}
