//! The one-pass search against the careful path, game by game.

use super::*;
use crate::run::{InputName, process_game};

/// A run of `cql` over one input, in `format`, as a program configures it (`api::RunQuery`).
fn config(cql: &str, format: Format) -> RunConfig {
    let program = crate::query::Program::from_text(cql, Some(crate::query::Dialect::Cql), false);
    let query = crate::api::RunQuery::new(std::sync::Arc::new(program.expect("parses")), "test");
    let params = crate::run::params::RunParams::default();
    (query.expect("compiles")).run_config(params, Vec::new(), format, Default::default())
}

/// The formats the one-pass search writes.
const FORMATS: [Format; 4] = [
    Format::Count,
    Format::GameNumbers,
    Format::Pgn,
    Format::Json,
];

/// The games the one-pass search must agree on: the CQL sample (real games, comments,
/// variations, NAGs) and messy input (faults of every kind, which it must leave to the
/// careful path); skipped when `../shared` is absent.
fn games() -> Option<Vec<u8>> {
    let shared = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../shared/data");
    let mut all = std::fs::read(shared.join("cql-sample.pgn")).ok()?;
    all.extend(std::fs::read(shared.join("messy.pgn")).ok()?);
    Some(all)
}

/// For each game, the one-pass search (when it decides) and the careful path give the
/// same match, matched positions and text; the careful path is the reference.
#[test]
fn one_pass_agrees_with_the_careful_path_game_by_game() {
    let Some(data) = games() else {
        eprintln!("../shared/data absent: skipped");
        return;
    };
    let mut decided = 0;
    let mut total = 0;
    // Compiled to closures (`eval::compiled`): every kind of node with a closure of its
    // own, and others inside them (evaluated by the evaluator).
    const COMPILED: [&str; 43] = [
        "max(#R #Q) == 2 and min(#r #q) == 0",
        "abs(#A - #a) >= 2 or stalemate",
        "not check and btm and #[Qq] == 2",
        "sidetomove == white and check",
        "#A == #a and #[Pp] < 14",
        "power A >= power a + 3",
        "k in (. attackedby Q) or K in (. attackedby q)",
        "#(~(. attackedby a)) > 40 and wtm",
        "#(a attacks K) == 2 or #(A & [Bb]) * 2 > #P % 3",
        "-#P < -7 and #p / 0 == 1 or movenumber > 60",
        "halfmoveclock > 15 and #R > #r",
        "#Q == #q and #(R & a-h1-4) != #(r & a-h5-8)",
        "Ka1 or Kh1 or { Kg1 Rf1 } or { Kg8 rf8 rh8 }",
        "initial or ply == 1 or mate or #(anydirection 2 K & a) >= 3",
        "if wtm then K attackedby q else k attackedby Q",
        "#(up 1 P & p) >= 2 and #(Q | R) > 1",
        "x = #A  x >= 14 and #a <= 5",
        "find (max(#R #Q) == 0 and #A > 3)",
        "find <-- #Q == 0",
        "find all (#[Qq] == 0) >= 30",
        // Loops over squares and pieces (their variable read through the evaluator).
        "ply > 100 or piece x in N { #(a attackedby x) >= 3 }",
        "not check and piece y in [RQ] { y attacks k }",
        "square all x in [Qq] { #(x attackedby A) >= 1 } and #[Qq] > 0",
        "(piece all x in [Bb] { #(x attacks .) < 7 }) and not (square y in a-h8 { y & P })",
        "square x in a-h1 { x in K or #(x attackedby a) >= 2 }",
        "wtm and piece x in [KQ] { #(x attackedby a) > #(x attackedby A) }",
        // A piece loop over squares some of which are empty (skipped: no piece).
        "piece x in a-h4 { #(x & _) == 1 or #(x attackedby a) >= 2 }",
        // Square loops decided in one evaluation (`eval::loops::selects_from`).
        "square all x in a { x attackedby a }",
        "btm and square x in [RQ] { x attacks k }",
        "square all y in [Qq] { y & a-h1-4 }",
        // `type`, `colortype`, and a body at the position before or after.
        "type e4 == 1 and colortype e5 == -1",
        "colortype d8 == type d1 or type [Qq] == 5",
        "parent : (Q attacks k) and child : check",
        "(parent : (#Q > #q)) or child : mate",
        // Directions, shades, the ply and the depth.
        "#(light [Bb]) == 2 or #(dark _) > 16 and P & down 1 p",
        "northeast 1 B & p or #(anydirection 2 K & a) >= 3 or horizontal 1 K & k",
        "depth == 0 and ply > 30 and #(light a) > #(dark a)",
        // Sets alone: a match when not empty.
        "P & down 1 p",
        "diagonal 1 k & Q",
        "~(. attackedby a) & k",
        "k attackedby N",
        "[Qq] attacks [Kk]",
        "dark [Bb]",
    ];
    for cql in [
        "check",
        "mate",
        "true",
        "ply > 30 and Q attacks k",
        "move legal count == 1",
        "x = #P if x > 6 then btm",
        "player white \"a\" or result 1-0",
        // Game filters first: a refused game's moves are not read.
        "result 1-0 and mate",
        "elo white > 2700 and elo black > 2700 and initial",
        "event ~~ \"Olympiad\" and check",
        "gamenumber == 10 and initial",
        "date ~~ \"^18\" and not result 0-1 and check",
        // Neighbours: the move played from the position, the one that reached it, the end.
        "mainline mate",
        "depth == 0 and ply == 30",
        "move from N capture q",
        "move previous capture Q",
        "move capture Q and not move capture [Qq] previous",
        "stalemate move previous promote [Qq]",
        "result 1/2-1/2 terminal not stalemate and ply > 10",
        "terminal ply < 40",
        "move to a-h7 previous from R",
        "move o-o-o or move enpassant",
        "x = move legal count move previous from [Pp] x > 30",
        // A body evaluated at the position before or after.
        "parent : check",
        "child : check",
        "child(1) : check",
        "parent : (Q attacks k) and move previous capture q",
        "not parent : check and check and child : mate",
        // A piece loop over squares.
        "piece x in N { #(a attackedby x) >= 3 }",
        "piece x in [RQ] { x attacks k }",
        // Comments and sort values, kept at the matched positions.
        "comment(\"seen\") mate",
        "check comment(\"check \" ply) or mate",
        "sort \"material\" #A + #a",
        "sort min \"ply\" ply check",
        // A forward `find` answered in one look at each position (not in JSON).
        "find mate",
        "find check",
        "find (ply > 60 and check)",
        "find move capture Q",
        // A backward `find`: from the body's first match on (JSON too).
        "find <-- check",
        "find <-- mate",
        "find <-- (ply > 60 and check)",
        "find <-- move capture Q",
        "find <-- move previous capture q",
        // A `line`, decided at the game's end (not in JSON).
        "line --> check --> check --> check",
        "line --> check{2,} --> mate",
        "line singlecolor --> check{3,}",
        "line --> move capture [RQrq] --> move capture [RQrq]",
        "line singlecolor --> move capture [Qq] --> check",
        "line <-- check <-- check",
        "line lastposition --> check --> not check",
        "line 3 10 --> true{2,} --> check",
        "line --> move previous capture q --> check{1,2}",
        "line primary --> check --> (parent : check)",
        // A counted `find`, decided at the game's end (not in JSON).
        "find all check >= 20",
        "find all check",
        "find 2 5 check",
        "3 < find all (ply > 40 and check)",
        "find all move capture Q == 1",
        "find all mate",
    ]
    .into_iter()
    .chain(COMPILED)
    {
        for format in FORMATS {
            let config = config(cql, format);
            let Some(mode) = one_pass_for(&config) else {
                // JSON writes a forward `find`'s matched positions: the careful path.
                assert!(
                    (cql.contains("find") && !cql.contains("<--") || cql.starts_with("line"))
                        && format == Format::Json,
                    "{cql}"
                );
                continue;
            };
            let compiled = compiled_for(&config, mode).is_some();
            assert!(compiled || !COMPILED.contains(&cql), "{cql}");
            let (d, t) = agreement(cql, &config, mode, &data);
            decided += d;
            total += t;
        }
    }
    // Most games are plain: the one-pass search decides them.
    assert!(decided * 2 > total, "{decided} of {total} decided");
}

/// For each game of `data`, the one-pass search of `cql` (in `mode`, its filter compiled when it can
/// be, as a run does) and the careful path give the same match, matched positions, text and
/// sort value; the careful path is the reference. The games decided, and the games.
fn agreement(cql: &str, config: &RunConfig, mode: OnePass, data: &[u8]) -> (usize, usize) {
    let compiled = compiled_for(config, mode);
    let modes = (mode, compiled.as_ref());
    let name = InputName {
        name: "test".into(),
        decompressed: false,
    };
    let (mut decided, mut total) = (0, 0);
    let mut worker = crate::run::workers::WorkerState::default();
    for (k, range) in crate::pgn::split_games(data).enumerate() {
        let (slice, number) = (&data[range.clone()], k as u64 + 1);
        let game = (slice, &crate::pgn::ReadSoFar::NOTHING);
        let careful = process_game(config, game, number, 0, &name, None, &worker.eval);
        total += 1;
        let fast = match search(config, modes, slice, number, &mut worker) {
            Ok(fast) => fast,
            Err(stopped) => {
                resumed_as_from_byte_0(config, slice, number, &stopped, &careful, &mut worker);
                worker.scratch.give_back(stopped.tokens);
                continue;
            }
        };
        decided += 1;
        let what = format!("{cql} {:?}, game {number}", config.format);
        assert_eq!(fast.matched, careful.matched, "{what}");
        assert_eq!(fast.matched_positions, careful.matched_positions, "{what}");
        assert_eq!(fast.text, careful.text, "{what}");
        assert_eq!(
            format!("{:?}", fast.sort),
            format!("{:?}", careful.sort),
            "{what}"
        );
        assert!(careful.error.is_none(), "{what}: a bad game was decided");
    }
    (decided, total)
}

/// The careful path reading on from where the one-pass search stopped (`stopped`) gives
/// what it gives reading game `number` from its first byte (`careful`): the same text,
/// match, sort value, fault message (its byte offset too) and encoding.
fn resumed_as_from_byte_0(
    config: &RunConfig,
    slice: &[u8],
    number: u64,
    stopped: &super::Stopped,
    careful: &GameOutput,
    worker: &mut crate::run::workers::WorkerState,
) {
    let name = InputName {
        name: "test".into(),
        decompressed: false,
    };
    let game = (slice, &worker.scratch.so_far(stopped));
    let resumed = process_game(config, game, number, 0, &name, None, &worker.eval);
    let shown = |o: &GameOutput| {
        let o = (&o.text, o.matched, o.matched_positions, &o.error, &o.sort);
        format!("{o:?}")
    };
    let what = format!("{:?} {:?} game {number}", stopped.why, config.format);
    assert_eq!(shown(&resumed), shown(careful), "{what}");
    assert_eq!(resumed.encoding, careful.encoding, "{what}");
    assert_eq!(resumed.split_key, careful.split_key, "{what}");
}

/// The first `count` games of `std-visible-5k.pgn` (in `shared`) in the shape of a lichess
/// database dump, as `make-lichess-like.py` there writes them (lichess's extra tags, `N...`
/// before each Black move, a clock comment `{ [%clk 0:02:59] }` after every move), their
/// `[Variant "Standard"]` tag spelt, game after game, as `variants` says; None when python3
/// cannot run the script.
fn lichess_shaped(shared: &std::path::Path, count: usize, variants: &[&str]) -> Option<Vec<u8>> {
    let out = tempfile::NamedTempFile::new().ok()?;
    let ran = std::process::Command::new("python3")
        .arg(shared.join("make-lichess-like.py"))
        .arg(shared.join("std-visible-5k.pgn"))
        .arg(out.path())
        .status();
    if !ran.is_ok_and(|status| status.success()) {
        return None;
    }
    let pgn = std::fs::read(out.path()).ok()?;
    let mut shaped = Vec::new();
    for (k, range) in crate::pgn::split_games(&pgn).take(count).enumerate() {
        let tag = format!("[Variant \"{}\"]", variants[k % variants.len()]);
        let game = String::from_utf8_lossy(&pgn[range]).replace("[Variant \"Standard\"]", &tag);
        shaped.extend_from_slice(game.as_bytes());
        shaped.extend_from_slice(b"\n\n");
    }
    Some(shaped)
}

/// Queries of each kind the one-pass search runs: position-local, reading a neighbour,
/// adding comments or sort values, `find`, `find <--`, `line`, counted `find`.
const KINDS: [&str; 14] = [
    "check",
    "mate",
    "true",
    "ply > 30 and Q attacks k",
    "move previous capture Q",
    "parent : check and child : check",
    "comment(\"seen\") mate",
    "sort \"material\" #A + #a",
    "find check",
    "find <-- mate",
    "line --> check --> check",
    "find all check >= 10",
    "x = #P if x > 6 then btm",
    "player white \"a\" or result 1-0",
];

/// Lichess games carry a `[Variant "Standard"]` tag, a clock comment after every move and
/// `N...` before Black's moves; Chess960 games (`chess960.pgn`: `[Variant "fischerandom"]`,
/// `"chess 960"`, eval comments after every move) a tag naming Chess960. A tag naming
/// standard chess or Chess960 is what the careful path plays by (`rules::select`), so every
/// such game is decided by the one-pass search (none read a second time by the careful
/// path: the run uses the output `search` gives), in every format, with the careful path's
/// output. Skipped when `../shared` is absent.
#[test]
fn lichess_and_chess960_games_stay_on_the_one_pass_path() {
    let shared = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../shared/data");
    // The spellings of standard chess that `rules::select` knows, lichess's first.
    let standard = ["Standard", "chess", "From Position", "normal", " standard "];
    let (Some(lichess), Ok(chess960)) = (
        lichess_shaped(&shared, 60, &standard),
        std::fs::read(shared.join("chess960.pgn")),
    ) else {
        eprintln!("../shared/data (or python3 to run its make-lichess-like.py) absent: skipped");
        return;
    };
    assert_eq!(crate::pgn::split_games(&lichess).count(), 60);
    // The first games of chess960.pgn, then some of its `"chess 960"` ones (from its 40th).
    let some_960: Vec<u8> = crate::pgn::split_games(&chess960)
        .enumerate()
        .filter(|(k, _)| *k < 20 || (40..60).contains(k))
        .flat_map(|(_, range)| [&chess960[range], b"\n\n"].concat())
        .collect();
    assert!(some_960.windows(9).any(|w| w == b"chess 960"));
    for cql in KINDS {
        for format in FORMATS {
            let config = config(cql, format);
            let Some(mode) = one_pass_for(&config) else {
                // JSON writes a forward `find`'s or a `line`'s matched positions.
                assert!(format == Format::Json, "{cql}");
                continue;
            };
            for data in [&lichess, &some_960] {
                let (decided, total) = agreement(cql, &config, mode, data);
                assert_eq!(decided, total, "{cql} {format:?}");
            }
        }
    }
}

/// A `[Variant]` tag naming another variant (an online one, or a name `rules::select` does
/// not know, which the careful path looks up among the fairy definitions) is the careful
/// path's; an empty one is no tag (`rules_for_game`), so the game is standard chess.
#[test]
fn a_tag_naming_another_variant_goes_to_the_careful_path() {
    let game = |variant: &str| {
        format!(
            "[White \"a\"]\n[Variant \"{variant}\"]\n\n1. e4 e5 2. Qh5 Nc6 3. Bc4 Nf6 4. Qxf7# 1-0\n\n"
        )
    };
    let config = config("mate", Format::Count);
    let mode = one_pass_for(&config).expect("one pass");
    let mut worker = crate::run::workers::WorkerState::default();
    for variant in [
        "Crazyhouse",
        "Atomic",
        "Three-check",
        "Antichess",
        "Horde",
        "capablanca",
        "nonsense",
    ] {
        let text = game(variant);
        let fast = search(&config, (mode, None), text.as_bytes(), 1, &mut worker);
        assert!(fast.is_err(), "{variant}");
    }
    for variant in ["Standard", "Chess960", "", "  "] {
        let text = game(variant);
        let decided = agreement("mate", &config, mode, text.as_bytes());
        assert_eq!(decided, (1, 1), "{variant}");
        let fast = search(&config, (mode, None), text.as_bytes(), 1, &mut worker);
        assert_eq!(fast.ok().map(|f| f.matched_positions), Some(1), "{variant}");
    }
}

/// Each reason the one-pass search gives up is named (`GaveUp`, the trace of debug builds):
/// a tag value that is not UTF-8 and castling with zeros are outside `pgn::plain`'s subset
/// (its module doc), `Ke3` from e1 is no legal move, `Atomic` another variant, a FEN of
/// seven ranks no position; a matched game in `--fen` is written by the careful path.
#[test]
fn each_give_up_names_its_reason() {
    let mate = "[White \"a\"]\n\n1. e4 e5 2. Qh5 Nc6 3. Bc4 Nf6 4. Qxf7# 1-0\n\n";
    let count = |text: &'static [u8], why| (text, Format::Count, Err(why));
    let cases: [(&[u8], Format, Result<u64, GaveUp>); 7] = [
        count(b"[White \"Gy\xf6rgy\"]\n\n1. e4 e5 1-0\n\n", GaveUp::Tags),
        count(
            b"[White \"a\"]\n\n1. e4 e5 2. Nf3 Nc6 3. Bc4 Bc5 4. 0-0 *\n\n",
            GaveUp::Moves,
        ),
        count(b"[White \"a\"]\n\n1. e4 e5 2. Ke3 *\n\n", GaveUp::Moves),
        count(b"[Variant \"Atomic\"]\n\n1. e4 e5 *\n\n", GaveUp::Variant),
        count(b"[FEN \"8/8/8/8/8/8/8 w - - 0 1\"]\n\n*\n\n", GaveUp::Fen),
        (mate.as_bytes(), Format::Fen, Err(GaveUp::Output)),
        (mate.as_bytes(), Format::Count, Ok(1)),
    ];
    let mut worker = crate::run::workers::WorkerState::default();
    for (text, format, expected) in cases {
        let config = config("mate", format);
        let mode = one_pass_for(&config).expect("one pass");
        let found = search_from(&config, (mode, None), (text, None), 1, &mut worker);
        let shown = String::from_utf8_lossy(text);
        let found = found.map(|f| f.matched_positions).map_err(|s| s.why);
        assert_eq!(found, expected, "{shown}");
    }
}
