//! CQL queries on fairy boards (10x8 Capablanca, 10x10 Grand, 9x10 Xiangqi), end to end, on
//! the generated games in `../shared/data/variants/generated/` (read in place; skipped when
//! absent). The expected positions come from Fairy-Stockfish's recorded FEN of every ply
//! (`V.positions.jsonl.gz`, the first games of each set): the test reads the piece placement
//! itself and applies the meaning written next to each query (the designators of
//! `docs/fairy.md`, CQL's transforms on the variant's board, seed 003's pawn structure).

use std::collections::{BTreeSet, HashMap};
use std::io::Read;
use std::path::{Path, PathBuf};
use std::process::Command;

fn data() -> Option<PathBuf> {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("../shared/data/variants/generated");
    dir.exists().then_some(dir)
}

/// One recorded position: game (1-based, as cqlq numbers games), ply, FEN, check.
struct Recorded {
    game: u64,
    ply: u64,
    fen: String,
    check: bool,
    /// The squares of the pieces giving check.
    checkers: Vec<String>,
    /// White is to move.
    white: bool,
    /// The number of legal moves.
    legal: usize,
    /// The move played next, in UCI (`j9j10c`: a promotion to `c`), empty at the end.
    next: String,
}

fn recorded(dir: &Path, name: &str) -> Vec<Recorded> {
    let file = std::fs::File::open(dir.join(format!("{name}.positions.jsonl.gz"))).expect("gz");
    let mut text = String::new();
    flate2::read::GzDecoder::new(file)
        .read_to_string(&mut text)
        .expect("gunzip");
    text.lines()
        .map(|l| {
            let v: serde_json::Value = serde_json::from_str(l).expect("json");
            Recorded {
                game: v["game"].as_u64().expect("game") + 1,
                ply: v["ply"].as_u64().expect("ply"),
                fen: v["fen"].as_str().expect("fen").to_string(),
                check: v["in_check"].as_bool().unwrap_or(false),
                checkers: v["checkers"]
                    .as_array()
                    .map(|a| {
                        a.iter()
                            .filter_map(|s| s.as_str().map(str::to_string))
                            .collect()
                    })
                    .unwrap_or_default(),
                white: v["stm"] == "w",
                legal: v["legal"].as_array().map_or(0, Vec::len),
                next: v["next"].as_str().unwrap_or_default().to_string(),
            }
        })
        .collect()
}

/// The FEN's board: square name (`i1`, `a10`) → piece letter as written (`C`, `p`, `+P`).
fn board(fen: &str) -> HashMap<String, String> {
    let placement = fen.split([' ', '[']).next().unwrap_or("");
    let ranks: Vec<&str> = placement.split('/').collect();
    let mut out = HashMap::new();
    for (i, row) in ranks.iter().enumerate() {
        let rank = ranks.len() - i;
        let (mut file, mut digits, mut plus) = (0usize, String::new(), false);
        for c in row.chars() {
            if c.is_ascii_digit() {
                digits.push(c);
                continue;
            }
            file += digits.parse::<usize>().unwrap_or(0);
            digits.clear();
            if c == '+' {
                plus = true;
                continue;
            }
            let letter = if plus { format!("+{c}") } else { c.to_string() };
            plus = false;
            out.insert(format!("{}{rank}", (b'a' + file as u8) as char), letter);
            file += 1;
        }
    }
    out
}

/// The (game, ply) of the positions cqlq matches, and the FEN it writes for each, from
/// `--json` output, restricted to the recorded games.
fn matched(pgn: &Path, query: &str, games: u64) -> HashMap<(u64, u64), String> {
    let out = Command::new(env!("CARGO_BIN_EXE_cqlq"))
        .args(["-q", "--json", "-e", query])
        .arg(pgn)
        .output()
        .expect("run cqlq");
    assert!(
        out.status.code().is_some_and(|c| c < 2),
        "{query}: {}",
        String::from_utf8_lossy(&out.stderr)
    );
    String::from_utf8_lossy(&out.stdout)
        .lines()
        .map(|l| serde_json::from_str::<serde_json::Value>(l).expect("json line"))
        .filter(|v| v["game"].as_u64().is_some_and(|g| g <= games))
        .map(|v| {
            let key = (v["game"].as_u64().unwrap(), v["ply"].as_u64().unwrap());
            (key, v["fen"].as_str().unwrap_or_default().to_string())
        })
        .collect()
}

/// Checks that `query` matches exactly the recorded positions where `want` holds, and that
/// the FEN cqlq writes for each is Fairy-Stockfish's. Returns the number of matches.
fn agrees(
    dir: &Path,
    name: &str,
    query: &str,
    want: impl Fn(&Recorded, &HashMap<String, String>) -> bool,
) -> usize {
    let positions = recorded(dir, name);
    let games = positions.iter().map(|p| p.game).max().unwrap_or(0);
    let got = matched(&dir.join(format!("{name}.pgn")), query, games);
    let expected: BTreeSet<(u64, u64)> = positions
        .iter()
        .filter(|p| want(p, &board(&p.fen)))
        .map(|p| (p.game, p.ply))
        .collect();
    let got_keys: BTreeSet<(u64, u64)> = got.keys().copied().collect();
    let missing: Vec<_> = expected.difference(&got_keys).take(5).collect();
    let extra: Vec<_> = got_keys.difference(&expected).take(5).collect();
    assert!(
        missing.is_empty() && extra.is_empty(),
        "{name} `{query}`: {} expected, {} matched; missing {missing:?}, extra {extra:?}",
        expected.len(),
        got_keys.len()
    );
    // Placement with holdings, side, castling, en passant (the clocks are compared where they
    // agree, in tests/variants/fairy_fen.rs).
    let first4 = |f: &str| f.split(' ').take(4).collect::<Vec<_>>().join(" ");
    for p in positions
        .iter()
        .filter(|p| got.contains_key(&(p.game, p.ply)))
    {
        let ours = &got[&(p.game, p.ply)];
        assert_eq!(
            first4(ours),
            first4(&p.fen),
            "{name} game {} ply {}: FEN",
            p.game,
            p.ply
        );
    }
    eprintln!("{name} `{query}`: {} positions", expected.len());
    expected.len()
}

fn is(b: &HashMap<String, String>, square: &str, letters: &[&str]) -> bool {
    b.get(square).is_some_and(|l| letters.contains(&l.as_str()))
}

fn count(b: &HashMap<String, String>, letter: &str) -> usize {
    b.values().filter(|l| *l == letter).count()
}

#[test]
fn capablanca_fairy_letters_squares_type_and_power() {
    let Some(dir) = data() else {
        crate::common::skip("generated data absent");
        return;
    };
    let d = &dir;
    // `[=Cc]i1`: a chancellor of either colour on i1 (Capablanca's FEN letter C).
    assert!(agrees(d, "capablanca", "[=Cc]i1", |_, b| is(b, "i1", &["C", "c"])) > 0);
    // `[=A]`: a white archbishop somewhere (not CQL's `A`, any white piece).
    agrees(d, "capablanca", "[=A]", |_, b| count(b, "A") > 0);
    // `colortype`: P N B R Q K are 1..6; Capablanca's archbishop and chancellor take the next
    // types in definition order (7, 8); black is negative.
    agrees(d, "capablanca", "colortype [i1] == -8", |_, b| {
        is(b, "i1", &["c"])
    });
    // `typename`/`piecename` of a fairy piece: its FEN letter (upper case for typename).
    agrees(d, "capablanca", "typename [i1] == \"C\"", |_, b| {
        is(b, "i1", &["C", "c"])
    });
    agrees(d, "capablanca", "piecename [i1] == \"c\"", |_, b| {
        is(b, "i1", &["c"])
    });
    // `power`: the definition's Value / 100, rounded: the archbishop's 825 gives 8.
    agrees(d, "capablanca", "power [=A] == 8", |_, b| {
        count(b, "A") == 1
    });
    // The chancellor's 875 gives 9: both chancellors on the board make 18.
    agrees(d, "capablanca", "power [=Cc] == 18", |_, b| {
        count(b, "C") + count(b, "c") == 2
    });
    // `rotate90` on 10x8: only the half turn maps the board onto itself, so the images of
    // a1 are a1 and j8.
    agrees(d, "capablanca", "rotate90 Ra1", |_, b| {
        is(b, "a1", &["R"]) || is(b, "j8", &["R"])
    });
    // `flipvertical` mirrors the a-file onto the j-file on 10 files.
    agrees(d, "capablanca", "flipvertical Rj1", |_, b| {
        is(b, "a1", &["R"]) || is(b, "j1", &["R"])
    });
}

#[test]
fn grand_two_digit_ranks_and_shifts() {
    let Some(dir) = data() else {
        crate::common::skip("generated data absent");
        return;
    };
    let d = &dir;
    // Rank 10 squares, and the corner range `[a1-j2]` written both ways.
    agrees(d, "grand", "r[a10,j10]", |_, b| {
        is(b, "a10", &["r"]) || is(b, "j10", &["r"])
    });
    let files = "abcdefghij".chars();
    let low_rank_queen = |b: &HashMap<String, String>| {
        files
            .clone()
            .any(|f| is(b, &format!("{f}1"), &["Q"]) || is(b, &format!("{f}2"), &["Q"]))
    };
    agrees(d, "grand", "Q[a1-j2]", |_, b| low_rank_queen(b));
    agrees(d, "grand", "Qa-j1-2", |_, b| low_rank_queen(b));
    // `shifthorizontal Kf1`: a white king anywhere on the first rank (Grand's king starts on
    // e2).
    agrees(d, "grand", "shifthorizontal Kf1", |_, b| {
        files.clone().any(|f| is(b, &format!("{f}1"), &["K"]))
    });
    // `move promote`: the next move promotes to an archbishop or a marshal (UCI suffix `a`,
    // `c`; Grand promotes only to pieces already captured, so these are rare).
    let n = agrees(d, "grand", "move promote [=AaCc]", |p, _| {
        p.next.ends_with(['a', 'c'])
    });
    assert!(n > 0);
    // Grand's marshal is `C` in Fairy-Stockfish's FEN: both colours on the tenth rank.
    agrees(d, "grand", "[=Cc]a-j10", |_, b| {
        files.clone().any(|f| is(b, &format!("{f}10"), &["C", "c"]))
    });
}

/// Seed 003's passed pawns (no enemy pawn ahead on the same or an adjacent file), with every
/// soldier as a pawn (Fairy-Stockfish writes crossed soldiers `P` too).
fn passed_soldiers(b: &HashMap<String, String>) -> usize {
    let at = |letter: &str| -> Vec<(i32, i32)> {
        b.iter()
            .filter(|(_, l)| *l == letter)
            .map(|(sq, _)| {
                let f = i32::from(sq.as_bytes()[0] - b'a');
                (f, sq[1..].parse::<i32>().unwrap())
            })
            .collect()
    };
    let (white, black) = (at("P"), at("p"));
    let passed = |ours: &[(i32, i32)], theirs: &[(i32, i32)], up: bool| {
        ours.iter()
            .filter(|(f, r)| {
                !theirs
                    .iter()
                    .any(|(g, s)| (g - f).abs() <= 1 && if up { s > r } else { s < r })
            })
            .count()
    };
    passed(&white, &black, true) + passed(&black, &white, false)
}

#[test]
fn xiangqi_letters_check_transforms_and_soldiers() {
    let Some(dir) = data() else {
        crate::common::skip("generated data absent");
        return;
    };
    let d = &dir;
    // The horse is `N` in Fairy-Stockfish's FEN and `H` in its SAN: both name it.
    agrees(d, "xiangqi", "[=H]", |_, b| count(b, "N") > 0);
    agrees(d, "xiangqi", "N", |_, b| count(b, "N") > 0);
    // The advisor is FEN `A`: `[=a]e9` is a black advisor on e9 (the palace centre).
    agrees(d, "xiangqi", "[=a]e9", |_, b| is(b, "e9", &["a"]));
    agrees(d, "xiangqi", "check", |p, _| p.check);
    // `flipvertical` on 9 files: a1 and i1.
    agrees(d, "xiangqi", "flipvertical Ra1", |_, b| {
        is(b, "a1", &["R"]) || is(b, "i1", &["R"])
    });
    // Rank 10: the black chariot at home.
    agrees(d, "xiangqi", "r[a10,i10]", |_, b| {
        is(b, "a10", &["r"]) || is(b, "i10", &["r"])
    });
    // Pawn structure over soldiers, crossed or not.
    for n in [0, 3, 6] {
        agrees(d, "xiangqi", &format!("#passedpawns == {n}"), |_, b| {
            passed_soldiers(b) == n
        });
    }
}

fn run(args: &[&str]) -> (String, String, i32) {
    let out = Command::new(env!("CARGO_BIN_EXE_cqlq"))
        .args(args)
        .output()
        .expect("run cqlq");
    (
        String::from_utf8_lossy(&out.stdout).into_owned(),
        String::from_utf8_lossy(&out.stderr).into_owned(),
        out.status.code().unwrap_or(-1),
    )
}

/// A query naming what a board lacks is refused for that board's games, once, naming the
/// variant; games of other boards are searched.
#[test]
fn refusals_are_told_once_per_board() {
    let Some(dir) = data() else {
        crate::common::skip("generated data absent");
        return;
    };
    let capa = dir.join("capablanca.pgn");
    let chess = dir.join("chess.pgn");
    let (capa, chess) = (capa.to_str().unwrap(), chess.to_str().unwrap());
    // `i10` is off the 10x8 board: every game skipped, exit 2, and no count (a failed run
    // writes none, issue 36).
    let (out, err, code) = run(&["--count", "-e", "Ri10", capa]);
    assert_eq!((out.trim(), code), ("", 2), "{err}");
    assert_eq!(
        err.matches("cannot run on Capablanca (10x8)").count(),
        1,
        "{err}"
    );
    assert!(
        err.contains("square i10 is off the board (10 files, 8 ranks)"),
        "{err}"
    );
    // A letter the variant lacks: named with the variant's letters.
    let (_, err, code) = run(&["--count", "-e", "[=H]", capa]);
    assert_eq!(code, 2);
    assert!(
        err.contains("Capablanca (10x8) has no piece written 'H'"),
        "{err}"
    );
    // Mixed inputs: standard games skipped (told once), Capablanca games searched; the
    // expected count is the oracle's positions with a chancellor anywhere, so at least one
    // game matches and the exit status is 0.
    let (_, err, code) = run(&["--count", "-e", "[=C]", chess, capa]);
    assert_eq!(code, 0, "{err}");
    assert_eq!(
        err.matches("cannot run on standard chess").count(),
        1,
        "{err}"
    );
    // On standard chess, `[=N]` is `N`.
    let (a, _, _) = run(&["--count", "-e", "[=n]f6", chess]);
    let (b, _, _) = run(&["--count", "-e", "nf6", chess]);
    assert_eq!(a, b);
}

fn example(name: &str) -> String {
    let path = Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("queries/fairy")
        .join(name);
    std::fs::read_to_string(path).expect("example query")
}

/// The examples in `queries/fairy/`, against the oracle's checkers and legal moves.
#[test]
fn fairy_example_queries() {
    let Some(dir) = data() else {
        crate::common::skip("generated data absent");
        return;
    };
    // A check by a cannon: one of the checking pieces is the other side's cannon.
    let n = agrees(&dir, "xiangqi", &example("cannon-check.cql"), |p, b| {
        let cannon = if p.white { "c" } else { "C" };
        p.check && p.checkers.iter().any(|sq| is(b, sq, &[cannon]))
    });
    assert!(n > 0);
    // A mate with an archbishop among the checking pieces (mate: check, no legal move).
    agrees(
        &dir,
        "capablanca",
        &example("archbishop-mate.cql"),
        |p, b| {
            let archbishop = if p.white { "a" } else { "A" };
            p.check && p.legal == 0 && p.checkers.iter().any(|sq| is(b, sq, &[archbishop]))
        },
    );
}
