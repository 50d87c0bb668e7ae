//! CQL 6.2's `path`, dash targets, `from` / `to` alone and the path status filters, on short
//! games written for them. Each expectation is reasoned next to it from CQL 6.2's sources
//! (`path-compute.cpp`, `pathnode.cpp`, `focus.cpp`, `qmove.cpp`, `dashnode.cpp`) or its
//! documentation; the official examples are checked against the real CQL 6.2 in
//! `tests/cql/cql62_reference.rs`.

use crate::common;

use cqlq::eval::{Evaluator, GameContext, replay};
use cqlq::pgn::read_game;
use cqlq::rules::standard::Standard;

/// Scholar's mate: plies 0 (start) to 7 (mate); 4. Qxf7# is played from ply 6.
const SCHOLAR: &str = "[Event \"t\"]\n\n1. e4 e5 2. Bc4 Nc6 3. Qh5 Nf6 4. Qxf7# 1-0\n";
/// White castles king-side at its fourth move, from ply 6.
const CASTLE: &str = "[Event \"t\"]\n\n1. e4 e5 2. Nf3 Nc6 3. Bc4 Bc5 4. O-O Nf6 *\n";

/// The plies (main line, 0 = start) where `query` matches, and the comments made there.
fn run(pgn: &str, query: &str) -> (Vec<u32>, Vec<String>) {
    let record = read_game(pgn.as_bytes()).expect("game");
    let start = Standard::for_game(None, None).expect("start");
    let replayed = replay(&record, start, false);
    let context = GameContext {
        record: &record,
        replayed: &replayed,
        number: 1,
        variations: false,
    };
    let filter = common::compile(query);
    let ev = Evaluator::new(&context);
    let matched = ev
        .searched_nodes()
        .into_iter()
        .filter(|&at| ev.matches(&filter, at))
        .map(|at| replayed.nodes[at as usize].as_ref().expect("reached").ply)
        .collect();
    let comments = ev.take_comments().into_iter().map(|(_, t)| t).collect();
    (matched, comments)
}

fn plies(pgn: &str, query: &str) -> Vec<u32> {
    run(pgn, query).0
}

/// A dash plays one move; the filter after it is tested where the move arrives: only
/// 4. Qxf7# (from ply 6) gives check. Outside a path, `--(check)` says the same.
#[test]
fn a_dash_then_a_filter() {
    assert_eq!(plies(SCHOLAR, "path -- check"), vec![6]);
    assert_eq!(plies(SCHOLAR, "--(check)"), vec![6]);
    assert_eq!(plies(SCHOLAR, "path -- mate"), vec![6]);
}

/// `X[x]Y`: a capture by a piece on X of a piece on Y; `X--Y` admits captures too
/// (`QMove::validMove` with a non-capture dash only checks the squares).
#[test]
fn capture_dashes() {
    assert_eq!(plies(SCHOLAR, "path Q[x]p"), vec![6]);
    assert_eq!(plies(SCHOLAR, "path Q--f7"), vec![6]);
    assert_eq!(plies(SCHOLAR, "path Q[x]f6"), Vec::<u32>::new());
}

/// The value is the longest match: `(-- --)+` takes an even number of moves, 6 of the 7
/// left at ply 0, 6 of 6 at ply 1, 4 of 5 at ply 2.
#[test]
fn the_longest_match_is_the_value() {
    assert_eq!(plies(SCHOLAR, "(path (-- --)+) == 6"), vec![0, 1]);
    assert_eq!(plies(SCHOLAR, "(path (-- --)+) == 4"), vec![2, 3]);
}

/// A path of no move never matches (`PathNode::compute`: "we do not allow matches at the
/// start"): `(--)*` fails only at the last position, which has no move.
#[test]
fn no_empty_paths() {
    assert_eq!(plies(SCHOLAR, "path (--)*"), vec![0, 1, 2, 3, 4, 5, 6]);
}

/// `firstmatch` stops at the first path found; fewer repetitions are tried first, so it is
/// one move long. `nestban`: positions inside an earlier match cannot start one, so only
/// ply 0 (whose path covers the game) matches.
#[test]
fn firstmatch_and_nestban() {
    assert_eq!(
        plies(SCHOLAR, "(path firstmatch (--)+) == 1"),
        vec![0, 1, 2, 3, 4, 5, 6]
    );
    assert_eq!(plies(SCHOLAR, "path nestban (--)+"), vec![0]);
}

/// `max F`: the value is the best F at a path's end; the last position is ply 7.
#[test]
fn max_is_the_best_value_at_the_end() {
    assert_eq!(
        plies(SCHOLAR, "(path max ply (--)+) == 7"),
        vec![0, 1, 2, 3, 4, 5, 6]
    );
}

/// `focus Q`: only the white queen's moves are steps; the first must be played from the
/// start (`getFocusedChildMoves`), later ones skip other moves. From ply 4 the queen plays
/// 3. Qh5 then 4. Qxf7#: two focused moves; from ply 2 the first move is the bishop's.
#[test]
fn focus_skips_other_pieces_moves() {
    assert_eq!(plies(SCHOLAR, "(path focus Q -- --) == 2"), vec![4]);
    // pathcountunfocused counts the moves not in focus: 1 (3... Nf6). The official example
    // clearance-delayed.cql sorts by it "the number of moves by pieces other than V and E".
    assert_eq!(
        plies(SCHOLAR, "path focus Q -- -- pathcountunfocused == 1"),
        vec![4]
    );
}

/// Castling is admitted by the rook's squares as well as the king's (`QMove::smartFrom`):
/// `Rh1--f1` and `Ke1--g1` both match before 4. O-O; `to` alone after castling is the king's
/// and the rook's destinations (`smartTo` with every square admitted).
#[test]
fn castling_by_king_or_rook() {
    assert_eq!(plies(CASTLE, "path Rh1--f1"), vec![6]);
    assert_eq!(plies(CASTLE, "path Ke1--g1"), vec![6]);
    assert_eq!(plies(CASTLE, "--(#to == 2)"), vec![6]);
    assert_eq!(plies(CASTLE, "--(castle)"), vec![6]);
    assert_eq!(plies(CASTLE, "--(o-o-o)"), Vec::<u32>::new());
}

/// A focused path's castling move is in focus by its king or its rook; CQL 6.2
/// (`PathNode::computeDashConFocused`) takes the squares of the one not focused out of the
/// dash's sides, and those sides are what `from` / `to` in the dash's target read
/// (`DashCon::setOwnedMasks`). So with the rook h1 focused, `to` after 4. O-O is f1 alone and
/// `from` h1 alone (unfocused, `to` is both destinations); with the king focused, `to` is g1.
/// The official followpath.cql depends on it: its dictionary of the rook's squares began
/// with `to` after 7... O-O, and CQL 6.2 matched games 851, 1534 and 1702 of the master
/// games only with `to` = f8 there.
#[test]
fn focused_castling_reads_the_focused_piece() {
    assert_eq!(plies(CASTLE, "path focus Rh1 --(#to == 1)"), vec![6]);
    assert_eq!(plies(CASTLE, "path focus Rh1 --(to & f1)"), vec![6]);
    assert_eq!(
        plies(CASTLE, "path focus Rh1 --({#from == 1 from & h1})"),
        vec![6]
    );
    assert_eq!(
        plies(CASTLE, "path focus Ke1 --({#to == 1 to & g1})"),
        vec![6]
    );
    assert_eq!(plies(CASTLE, "path --(#to == 2)"), vec![6]);
    // The unfocused king's squares do not admit the move; the rook's do.
    assert_eq!(plies(CASTLE, "path focus Rh1 e1--g1"), Vec::<u32>::new());
    assert_eq!(plies(CASTLE, "path focus Rh1 h1--f1"), vec![6]);
}

/// `legal --(o-o)`: castling is legal at ply 6 (and at ply 8? no: White has castled).
#[test]
fn legal_dash_with_move_words() {
    assert_eq!(plies(CASTLE, "legal --(o-o)"), vec![6]);
}

/// The path status filters outside a path read the last path that matched (`pathcount`
/// is its length, `pathstart` its start).
#[test]
fn status_after_a_path() {
    assert_eq!(plies(SCHOLAR, "{path -- check} pathcount == 1"), vec![6]);
    assert_eq!(
        plies(SCHOLAR, "{path -- -- check} pathstart == currentposition"),
        vec![5]
    );
}

/// The comments CQL 6.2 writes (`PathNode::notate`, `QPos::idString`): ply 6 is
/// "move 4(wtm)", ply 7 "move 4(btm)".
#[test]
fn start_and_end_comments() {
    let (_, comments) = run(SCHOLAR, "path -- check");
    assert_eq!(
        comments,
        vec![
            "End path of length 1 that starts at move 4(wtm)".to_string(),
            "Start path that ends at move 4(btm)".to_string(),
        ]
    );
    let (_, quiet) = run(SCHOLAR, "path quiet -- check");
    assert!(quiet.is_empty());
    let (_, titled) = run(SCHOLAR, "path quiet verbose title \"T\" -- check");
    assert_eq!(titled, vec!["T".to_string(), "T: move 1 of 1".to_string()]);
}

/// `piece x = S` binds the piece, which x then follows: the queen on d1 stands on h5 at
/// ply 5.
#[test]
fn piece_assignment_follows_the_piece() {
    assert_eq!(
        plies(SCHOLAR, "initial piece x = Qd1 find (x & h5)"),
        vec![0]
    );
}

/// What cqlq does not evaluate is refused by name, never matched as nothing.
#[test]
fn refusals_name_what_is_missing() {
    let q = "legal --(check)";
    let Err(e) = cqlq::query::Program::from_text(q, Some(cqlq::query::Dialect::Cql), false)
        .and_then(|prog| prog.lower::<shakmaty::Bitboard>(cqlq::squares::Geometry::STANDARD))
    else {
        panic!("{q} compiled");
    };
    assert!(
        e.message.contains("does not evaluate"),
        "{q}: {}",
        e.message
    );
}
