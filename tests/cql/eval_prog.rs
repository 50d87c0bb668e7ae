//! CQL's programming words (`while`, `loop`, `assert`, `equal`, `sqrt`, `try`, dictionaries,
//! `persistent`, the positional intersection, counting transforms, computed directions):
//! against expectations reasoned from the CQL documentation beside each test. The official
//! examples that use them are compared with the real CQL 6.2 in `tests/cql/cql62_reference.rs`.

use crate::common;

use cqlq::eval::{Carried, Evaluator, GameContext, ReplayedGame, carried_globals, replay};
use cqlq::ir::Node;
use cqlq::pgn::{GameRecord, read_game, split_games};
use cqlq::rules::standard::Standard;
use shakmaty::Bitboard;

type Game = (GameRecord, ReplayedGame<Standard>);

fn games_of(data: &[u8], variations: bool) -> Vec<Option<Game>> {
    split_games(data)
        .map(|r| {
            let record = read_game(&data[r]).ok()?;
            let start = Standard::for_game(record.tag("FEN"), record.tag("Variant")).ok()?;
            let replayed = replay(&record, start, variations);
            Some((record, replayed))
        })
        .collect()
}

/// The matched positions of each game, the games evaluated in order with what a query
/// carries (persistent variables, dictionaries) passed from one to the next, as `cqlq`'s run
/// does. `result` restricts the games to one result (the `result` header parameter).
fn run(
    filter: &Node<Bitboard>,
    games: &[Option<Game>],
    variations: bool,
    result: Option<&str>,
) -> Vec<Vec<u32>> {
    let mut carried = carried_globals(filter).map(Carried::new);
    games
        .iter()
        .enumerate()
        .map(|(i, g)| {
            let Some((record, replayed)) = g else {
                return Vec::new();
            };
            let context = GameContext {
                record,
                replayed,
                number: i as u64 + 1,
                variations,
            };
            let ev = Evaluator::new(&context);
            if let Some(c) = carried.take() {
                ev.resume(c);
            }
            let wanted = result.is_none_or(|r| record.tag("Result").map(str::trim) == Some(r));
            let hits = if wanted {
                ev.searched_nodes()
                    .into_iter()
                    .filter(|&at| ev.matches(filter, at))
                    .collect()
            } else {
                Vec::new()
            };
            if let Some(g) = carried_globals(filter) {
                carried = Some(ev.suspend(g));
            }
            hits
        })
        .collect()
}

/// Matches of `query` on the PGN text, main line only.
fn on(pgn: &str, query: &str, variations: bool) -> Vec<Vec<u32>> {
    let games = games_of(pgn.as_bytes(), variations);
    run(&common::compile(query), &games, variations, None)
}

/// The plies (main line) or record nodes where `query` matches in the one game of `pgn`.
fn nodes(pgn: &str, query: &str, variations: bool) -> Vec<u32> {
    on(pgn, query, variations).remove(0)
}

const OPENING: &str = "[Event \"t\"]\n[Result \"*\"]\n\n1. e4 e5 2. Nf3 Nc6 *\n";

#[test]
fn while_counts() {
    let q = "x = 0 while (x < 5) x += 1 x == 5";
    assert_eq!(nodes(OPENING, q, false), vec![0, 1, 2, 3, 4]);
    // The test fails at once: the body never runs, `while` still matches.
    assert_eq!(
        nodes(OPENING, "x = 7 while (x < 5) x += 1 x == 7", false).len(),
        5
    );
}

/// `loop body` repeats the body until it fails and matches when it matched once
/// (gadycosteff.com/cql/loop.html); assignments made by the failing round stay.
#[test]
fn loop_repeats_until_failure() {
    let q = "x = 0 loop {x += 1 x < 3} x == 3";
    assert_eq!(nodes(OPENING, q, false).len(), 5);
    // A body that fails at once: `loop` does not match.
    assert!(nodes(OPENING, "loop false", false).is_empty());
}

/// `sqrt` is the integer square root (CQL's numeric functions are integer-valued).
#[test]
fn sqrt_is_the_integer_root() {
    assert_eq!(
        nodes(OPENING, "sqrt 16 == 4 sqrt 17 == 4 sqrt 0 == 0", false).len(),
        5
    );
    assert!(nodes(OPENING, "sqrt (0 - 4)", false).is_empty());
}

/// `equal(x y)`: both values equal (CQL 6.2's `GenericEqualNode` compares the values).
#[test]
fn equal_compares_values() {
    assert_eq!(nodes(OPENING, "equal(3 1 + 2)", false).len(), 5);
    assert_eq!(nodes(OPENING, "equal(\"ab\" \"ab\")", false).len(), 5);
    assert!(nodes(OPENING, "equal(3 4)", false).is_empty());
    // Pawn e2 is there only at the start.
    assert_eq!(nodes(OPENING, "equal(Pe2 e2)", false), vec![0]);
}

/// The documentation's example of the positional intersection (gadycosteff.com/cql/
/// intersection.html): after 1. e4 e5, the initial position and the current one have the
/// same contents on the 60 squares `~[e2,e4,e7,e5]`.
#[test]
fn positional_intersection_is_the_documented_square_set() {
    let q = "(initialposition & currentposition) == ~[e2,e4,e7,e5]";
    assert_eq!(nodes(OPENING, q, false), vec![2]);
    // A position against itself: every square.
    assert_eq!(nodes(OPENING, "(parent & parent) == .", false).len(), 4);
}

/// `T count F`: the number of images that match. At the start, `flipvertical count Pa2`
/// has images Pa2 and Ph2, both there; `flipvertical count Ke1`: Ke1 and Kd1, one there.
#[test]
fn counting_transforms() {
    assert_eq!(
        nodes(OPENING, "flipvertical count Pa2 == 2", false),
        vec![0, 1, 2, 3, 4]
    );
    assert_eq!(
        nodes(OPENING, "flipvertical count Ke1 == 1", false).len(),
        5
    );
    // rotate90: Ra1 and its images a8, h8, h1 hold rooks at the start: 4 (White's on rank 1
    // for a1 and h1 only, so count the rook squares with [Rr]).
    assert_eq!(nodes(OPENING, "rotate90 count [Rr]a1 == 4", false).len(), 5);
}

/// `up N X` with N computed: X moved N squares up (`up 2 e2` is e4 as for a literal 2).
#[test]
fn directions_with_computed_distances() {
    assert_eq!(nodes(OPENING, "d = 2 (up d e2) == e4", false).len(), 5);
    assert_eq!(nodes(OPENING, "d = 2 (right d a1) == c1", false).len(), 5);
}

/// `child(n)` with a computed index is `child(n)` with that number.
#[test]
fn child_with_a_computed_index() {
    assert_eq!(
        nodes(OPENING, "idx = 0 child(idx) : ply == 1", false),
        vec![0]
    );
}

/// `try` is CQL 6.2's `notransform 1 == find <-- quiet all {btm secondary}`: a position
/// in a variation whose first move is White's (a try), reached by Black to move.
/// `secondary`: the move that led here starts a variation; `primary`: it is a main move.
#[test]
fn try_primary_secondary() {
    let pgn = "[Result \"*\"]\n\n1. e4 (1. d4 d5 2. c4) e5 *\n";
    // Record nodes in movetext order: 0 start, 1 e4, 2 d4, 3 d5, 4 c4, 5 e5.
    let trying = nodes(pgn, "try", true);
    assert_eq!(trying, vec![2, 3, 4]);
    assert_eq!(nodes(pgn, "secondary", true), vec![2]);
    let mut primary = nodes(pgn, "primary", true);
    primary.sort();
    assert_eq!(primary, vec![1, 3, 4, 5]);
}

/// Dictionaries: `D[k] = v` stores, `D[k]` reads (no match when absent), `unbind D[k]`
/// removes, `#D` counts (gadycosteff.com/cql/dictionary.html); a `local` dictionary is
/// emptied only when a game starts (CQL 6.2's `Environment::reset`).
#[test]
fn dictionary_entries() {
    // The entries stay for the rest of the game: at ply p, the keys 0..=p.
    let q = "local dictionary D D[ply] = ply * 10 D[ply] == ply * 10 #D == ply + 1";
    assert_eq!(nodes(OPENING, q, false).len(), 5);
    let q = "local dictionary D D[\"a\"] = 1 unbind D[\"a\"] not D[\"a\"] #D == 0";
    assert_eq!(nodes(OPENING, q, false).len(), 5);
}

/// A dictionary not declared `local` keeps its entries from game to game (CQL 6.2 runs
/// such queries single-threaded for that reason); a `local` one starts empty in each game.
#[test]
fn dictionaries_persist_across_games_unless_local() {
    let two = format!("{OPENING}\n{OPENING}");
    let q = "dictionary Seen initial not Seen[\"start\"] Seen[\"start\"] = 1";
    let hits = on(&two, q, false);
    assert_eq!((hits[0].len(), hits[1].len()), (1, 0));
    let q = "local dictionary Seen initial not Seen[\"start\"] Seen[\"start\"] = 1";
    let hits = on(&two, q, false);
    assert_eq!((hits[0].len(), hits[1].len()), (1, 1));
}

/// Persistent variables start at 0 and keep their value across games: counting positions
/// over two games of 5 positions each ends at 10 (gadycosteff.com/cql/persistent.html).
#[test]
fn persistent_counts_across_games() {
    let two = format!("{OPENING}\n{OPENING}");
    let hits = on(&two, "persistent Total += 1 Total == 7", false);
    // Total reaches 7 at the second position of the second game.
    assert_eq!((hits[0].len(), hits[1].clone()), (0, vec![1]));
}

/// The binary prints the persistent values after the run, as CQL 6.2 does (`Name: value`;
/// strings quoted; `persistent quiet` not printed), and evaluates games in input order: on
/// stderr, as the results go to stdout (issue 36: stdout holds only the results).
#[test]
fn cli_prints_persistent_values() {
    let scratch = common::scratch("prog", "persistent");
    let pgn = scratch.path().join("two.pgn");
    std::fs::write(&pgn, format!("{OPENING}\n{OPENING}")).unwrap();
    let out = common::cqlq(&[
        "-e",
        "persistent Positions += 1 if initial persistent Games += 1 persistent quiet Hidden = 1 \
         persistent Text = \"x\" false",
        pgn.to_str().unwrap(),
    ]);
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(
        stderr.contains("Positions: 10\nGames: 2\nText: \"x\"\n"),
        "{out:?}"
    );
    assert_eq!(String::from_utf8_lossy(&out.stdout), "", "{out:?}");
}

/// `assert F` stops the run with an error when F fails.
#[test]
fn cli_assert_stops_the_run() {
    let scratch = common::scratch("prog", "assert");
    let pgn = scratch.path().join("one.pgn");
    std::fs::write(&pgn, OPENING).unwrap();
    let out = common::cqlq(&["-e", "assert ply < 3", pgn.to_str().unwrap()]);
    assert_eq!(out.status.code(), Some(2), "{out:?}");
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(
        stderr.contains("assert") && stderr.contains("ply < 3"),
        "{stderr}"
    );
    let ok = common::cqlq(&["-e", "assert ply < 9", pgn.to_str().unwrap()]);
    assert_eq!(ok.status.code(), Some(0), "{ok:?}");
}
