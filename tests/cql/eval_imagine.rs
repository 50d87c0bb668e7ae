//! The game-tree and move words of the IR (`virtualmainline`, `move primary`,
//! `move secondary`, `move comment`, `countmoves`, `currentmove`, `pieceid`,
//! `consecutivemoves`) and CQLi's imaginary positions (`move ... : F`, `legalposition`),
//! on games written here (expectations reasoned beside each) and on the CQL sample
//! (against shakmaty called directly, or the documentation's stated equivalences).

use crate::common;

use cqlq::eval::{Evaluator, GameContext, ReplayedGame, replay};
use cqlq::pgn::{GameRecord, read_game, split_games};
use cqlq::rules::standard::Standard;
use shakmaty::{Chess, Position as _};

type Game = (GameRecord, ReplayedGame<Standard>);

/// Reads and replays (with variations) every game of PGN text.
fn games_from_text(pgn: &str) -> Vec<Game> {
    read_games(pgn.as_bytes(), usize::MAX)
}

fn read_games(data: &[u8], max: usize) -> Vec<Game> {
    split_games(data)
        .take(max)
        .filter_map(|r| {
            let record = read_game(&data[r]).ok()?;
            let start = Standard::for_game(record.tag("FEN"), record.tag("Variant")).ok()?;
            let replayed = replay(&record, start, true);
            Some((record, replayed))
        })
        .collect()
}

/// The CQL sample's first `max` games, or none (test skipped) without `../shared`.
fn sample(max: usize) -> Vec<Game> {
    let Some(path) = common::shared_file("data/cql-sample.pgn") else {
        return Vec::new();
    };
    read_games(&std::fs::read(path).expect("pgn"), max)
}

/// The searched nodes where a query matched in one game, and the comments it made.
type Run = (Vec<u32>, Vec<(u32, String)>);

/// Per game, the searched nodes where `query` matches, and the comments it made.
fn run(query: &str, games: &[Game], variations: bool) -> Vec<Run> {
    let filter = common::compile(query);
    games
        .iter()
        .enumerate()
        .map(|(i, (record, replayed))| {
            let context = GameContext {
                record,
                replayed,
                number: i as u64 + 1,
                variations,
            };
            let ev = Evaluator::new(&context);
            let hits: Vec<u32> = ev
                .searched_nodes()
                .into_iter()
                .filter(|&at| ev.matches(&filter, at))
                .collect();
            (hits, ev.take_comments())
        })
        .collect()
}

/// The SAN of the move reaching each node where `query` matches in the first game ("" for
/// the start), in search order.
fn matched_moves(query: &str, games: &[Game]) -> Vec<String> {
    let (hits, _) = &run(query, &games[..1], true)[0];
    hits.iter()
        .map(|&n| games[0].0.nodes[n as usize].san.to_string())
        .collect()
}

/// 1. e4 (1. d4 d5) 1... e5 (1... c5 2. Nf3 (2. Nc3)) 2. Nf3
const TREE: &str = "[Event \"tree\"]\n[Result \"*\"]\n\n1. e4 (1. d4 d5) 1... e5 (1... c5 2. Nf3 (2. Nc3)) 2. Nf3 *\n";

/// CQL 6.2's `QPos::virtualmainline`: every White move on the path is a main continuation
/// (Black may leave the main line). Depth-first order: start, e4, e5, Nf3, c5, Nf3, Nc3,
/// d4, d5. 1.d4 and 2.Nc3 are White variations, so they and d5 (after 1.d4) are off it.
#[test]
fn virtualmainline_follows_white_main_moves() {
    let g = games_from_text(TREE);
    assert_eq!(
        matched_moves("virtualmainline", &g),
        ["", "e4", "e5", "Nf3", "c5", "Nf3"]
    );
}

/// `move primary` / `secondary` (CQL 6.2's MoveBase::match_move: a move's index among its
/// position's continuations, 0 = main).
#[test]
fn primary_and_secondary_moves() {
    let g = games_from_text(TREE);
    // From the start: e4 is primary, d4 secondary; after 1.e4: e5 primary, c5 secondary;
    // after 1...c5: Nf3 primary, Nc3 secondary.
    assert_eq!(matched_moves("move secondary", &g), ["", "e4", "c5"]);
    assert_eq!(
        matched_moves("move primary from d2", &g),
        Vec::<String>::new()
    );
    assert_eq!(matched_moves("move secondary from d2", &g), [""]);
    // The moves that reached a position by a variation.
    assert_eq!(
        matched_moves("move previous secondary", &g),
        ["c5", "Nc3", "d4"]
    );
    assert_eq!(
        matched_moves("move previous primary from g1", &g),
        ["Nf3", "Nf3"]
    );
}

/// `move comment X` evaluates X where each matching move leads (CQL 6.2's MoveBase), so the
/// comment goes after the move.
#[test]
fn move_comment_goes_after_the_move() {
    let g = games_from_text(TREE);
    let (hits, comments) = &run("initial move from d2 comment (\"queen pawn\")", &g, true)[0];
    assert_eq!(hits, &[0]);
    let d4 = g[0].0.nodes[0].children[1];
    assert_eq!(g[0].0.nodes[d4 as usize].san, "d4");
    assert_eq!(comments, &[(d4, "queen pawn".to_string())]);
}

/// `countmoves --` counts the moves played from the position (2 at the start of TREE);
/// `countmoves legal --` the legal moves (20 at the standard start, a chess fact).
#[test]
fn countmoves_counts_dash_moves() {
    let g = games_from_text(TREE);
    assert_eq!(matched_moves("initial countmoves -- == 2", &g), [""]);
    assert_eq!(
        matched_moves("countmoves legal -- == 20", &g),
        ["", "e4", "d4"]
    );
    // Knight moves from the start: Na3 Nc3 Nf3 Nh3.
    assert_eq!(matched_moves("initial countmoves legal N-- == 4", &g), [""]);
    // After 1.e4 e5 White's king can go to e2 only; after 1...c5 too.
    assert_eq!(
        matched_moves("wtm countmoves legal K-- == 1", &g),
        ["e5", "c5", "d5"]
    );
}

/// `currentmove X--Y` is `move previous from X to Y` (features.md: "same as previous for a
/// -- filter"), on the CQL sample with its variations.
#[test]
fn currentmove_is_move_previous() {
    let g = sample(60);
    if g.is_empty() {
        return;
    }
    let hits = |q: &str| -> Vec<Vec<u32>> { run(q, &g, true).into_iter().map(|r| r.0).collect() };
    assert_eq!(
        hits("currentmove N--f3"),
        hits("move previous from N to f3")
    );
    assert_eq!(hits("currentmove [x]"), hits("move previous capture [Aa]"));
    assert_eq!(hits("currentmove R--"), hits("move previous from R"));
    assert!(hits("currentmove N--f3").iter().any(|v| !v.is_empty()));
}

/// `pieceid` follows a piece: the pawn on e2 at the start is the one on e4 after 1.e4; two
/// pieces have different numbers; an empty square has none.
#[test]
fn pieceid_follows_the_piece() {
    let g = games_from_text(TREE);
    assert_eq!(
        matched_moves("initial pieceid e2 == child : pieceid e4", &g),
        [""]
    );
    assert_eq!(
        matched_moves("initial pieceid e2 == pieceid d2", &g),
        Vec::<String>::new()
    );
    assert_eq!(
        matched_moves("initial pieceid e4", &g),
        Vec::<String>::new()
    );
}

/// Two lines from the start: 1.d4 d5 2.Nf3 Nf6 3.g3 and 1.c4 d5 2.Nf3 Nf6 3.g3. The
/// moves after the common ancestor (the start) agree from d5 to g3: 4 moves, so only the
/// two last positions have a partner at 4. At 3: each line's Nf6 (with the other's Nf6 or
/// g3) and each g3 (with the other's Nf6). Search order: main line first.
#[test]
fn consecutivemoves_longest_common_run() {
    let g = games_from_text(
        "[Event \"c\"]\n[Result \"*\"]\n\n1. d4 (1. c4 d5 2. Nf3 Nf6 3. g3) 1... d5 2. Nf3 Nf6 3. g3 *\n",
    );
    assert_eq!(
        matched_moves("echo (s t) consecutivemoves quiet (s t) == 4", &g),
        ["g3", "g3"]
    );
    assert_eq!(
        matched_moves("echo (s t) consecutivemoves quiet (s t) == 3", &g),
        ["Nf6", "g3", "Nf6", "g3"]
    );
    assert_eq!(
        matched_moves("echo (s t) consecutivemoves quiet 5 100 (s t)", &g),
        Vec::<String>::new()
    );
    // Unless quiet, the run's moves are commented s-move[i] / t-move[i] (CQL 6.2's
    // ConsecutiveMovesNode::makeComments).
    let (_, comments) = &run(
        "lastposition : echo (s t) consecutivemoves (s t) == 4",
        &g,
        true,
    )[0];
    let texts: Vec<&str> = comments.iter().map(|(_, t)| t.as_str()).collect();
    for i in 1..=4 {
        assert!(
            texts.contains(&format!("s-move[{i}]").as_str()),
            "{texts:?}"
        );
        assert!(
            texts.contains(&format!("t-move[{i}]").as_str()),
            "{texts:?}"
        );
    }
}

/// CQL's positional intersection (its `&` page: after 1.e4 e5 the start and the position
/// differ on e2, e4, e7, e5 only) and `distance` of positions (its distance page: the moves
/// from the latest common ancestor to each).
#[test]
fn positional_intersection_and_distance() {
    let g = games_from_text(TREE);
    // At the position after 1.e4 e5 (main line), compared with the start.
    assert_eq!(
        matched_moves(
            "x = initialposition  #(x & currentposition) == 60 ~(x & currentposition) == [e2,e4,e7,e5]",
            &g
        ),
        ["e5"]
    );
    // From the main line's end (1.e4 e5 2.Nf3): 2.Nf3 and 2.Nc3 of the 1...c5 line are 2
    // moves each from their latest common ancestor (after 1.e4), so 4 apart; 1.d4 is 3 + 1
    // apart through the start, 1.d4 d5 3 + 2.
    assert_eq!(
        matched_moves("x = lastposition  distance(x currentposition) == 4", &g),
        ["Nf3", "Nc3", "d4"]
    );
    assert_eq!(
        matched_moves("x = lastposition  distance(currentposition x) == 5", &g),
        ["d5"]
    );
    assert_eq!(
        matched_moves("distance(currentposition currentposition) == 0", &g).len(),
        9
    );
}

/// Positions compare in depth-first order with each main continuation's subtree first (as
/// CQL 6.2 orders them: underpromotionecho.cql's `source<target` agrees with CQL 6.2 only
/// so): the end of the main line (after 2.Nf3) comes before the variations that branch off
/// earlier.
#[test]
fn positions_compare_main_line_first() {
    let g = games_from_text(TREE);
    // lastposition is the main line's end; the positions after it in that order are the
    // 1...c5 line and the 1.d4 line.
    assert_eq!(
        matched_moves("currentposition > lastposition", &g),
        ["c5", "Nf3", "Nc3", "d4", "d5"]
    );
}

/// Whether some legal move of `pos` satisfies `f` (shakmaty called directly).
fn some_move(pos: &Chess, f: impl Fn(&Chess) -> bool) -> bool {
    pos.legal_moves().iter().any(|m| {
        let mut after = pos.clone();
        after.play_unchecked(*m);
        f(&after)
    })
}

/// CQLi's speculative move: `move legal : mate` matches where a mate in one exists, `move
/// legal all : check` where every legal move checks; compared with shakmaty on every
/// main-line position of the CQL sample.
#[test]
fn speculative_moves_agree_with_shakmaty() {
    let g = sample(120);
    if g.is_empty() {
        return;
    }
    let mates = run("move legal : mate", &g, false);
    let all_check = run("move legal all : check", &g, false);
    let to_e = run("move legal to e1-8 : check", &g, false);
    let (mut positions, mut mate_hits) = (0, 0);
    for (k, (record, _)) in g.iter().enumerate() {
        let mut pos: Chess = match record.tag("FEN") {
            None => Chess::default(),
            Some(fen) => {
                let Ok(fen) = fen.parse::<shakmaty::fen::Fen>() else {
                    continue;
                };
                let Ok(pos) = fen.into_position(shakmaty::CastlingMode::Standard) else {
                    continue;
                };
                pos
            }
        };
        for (i, at) in record.mainline().into_iter().enumerate() {
            if i > 0 {
                let text = &record.nodes[at as usize].san;
                let Ok(san) = text.parse::<shakmaty::san::SanPlus>() else {
                    break;
                };
                let Ok(m) = san.san.to_move(&pos) else {
                    break;
                };
                pos.play_unchecked(m);
            }
            positions += 1;
            let want_mate = some_move(&pos, |p| p.is_checkmate());
            mate_hits += usize::from(want_mate);
            assert_eq!(mates[k].0.contains(&at), want_mate, "game {k} node {at}");
            let moves = pos.legal_moves();
            let want_all = !moves.is_empty()
                && moves.iter().all(|m| {
                    let mut after = pos.clone();
                    after.play_unchecked(*m);
                    after.is_check()
                });
            assert_eq!(all_check[k].0.contains(&at), want_all, "game {k} node {at}");
            let want_e = moves.iter().any(|m| {
                let mut after = pos.clone();
                after.play_unchecked(*m);
                m.to().file() == shakmaty::File::E && after.is_check()
            });
            assert_eq!(to_e[k].0.contains(&at), want_e, "game {k} node {at}");
        }
    }
    assert!(positions > 1000 && mate_hits > 0, "{positions} {mate_hits}");
}

/// `legalposition` holds at every position of real games, and a pseudo-legal move leads
/// to a legal position exactly when it is legal (on these games).
#[test]
fn legalposition_separates_legal_from_pseudolegal() {
    let g = sample(60);
    if g.is_empty() {
        return;
    }
    let all = run("true", &g, true);
    assert_eq!(run("legalposition", &g, true), all);
    // For every square s: some legal move from s exactly when some pseudo-legal move from s
    // leads to a legal position.
    let q = "square all s in . { if move legal from s then move pseudolegal from s : legalposition \
             else not (move pseudolegal from s : legalposition) }";
    assert_eq!(run(q, &g, true), all);
}

/// Words still refused say so by name.
#[test]
fn refused_words_are_named() {
    for (q, word) in [
        ("currentmutation", "currentmutation"),
        ("imagine (true)", "imagine"),
        ("saveposition", "saveposition"),
    ] {
        let e = cqlq::query::Program::from_text(q, Some(cqlq::query::Dialect::Cql), false)
            .and_then(|prog| prog.lower::<shakmaty::Bitboard>(cqlq::squares::Geometry::STANDARD))
            .err()
            .unwrap_or_else(|| panic!("{q} accepted"));
        let text = e.render("<test>", q);
        assert!(
            text.contains("does not evaluate") && text.contains(word),
            "{text}"
        );
    }
}
