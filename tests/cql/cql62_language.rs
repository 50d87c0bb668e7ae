//! CQL 6.2 language points found by comparing with the real CQL 6.2 (issue 19): the string
//! literal of `originalcomment`, direction ranges from 0, the value of a `move` filter that
//! matches no move, and cqlq's `move drop` for crazyhouse drops. Truth: CQL 6.2's pages (quoted
//! at each test), its recorded result, and the PGN text.

use crate::common;

/// The game of CQL 6.2's `originalcomment` page: `1. e4 {weakening f2} $6`.
const WEAKENING: &str = "[Event \"x\"]\n[Result \"*\"]\n\n1. e4 {weakening f2} $6 e5 *\n";

/// "If originalcomment is immediately followed by a string literal ... If the string literal
/// represents a NAG, then the filter matches when the designated NAG appeared. Otherwise, the
/// string literal is treated as an implicit search" — each of the page's examples matches
/// after 1. e4; a text that is not in the comment does not.
#[test]
fn originalcomment_with_a_string_searches_the_comment_or_its_nag() {
    let games = common::games_from("weakening", WEAKENING);
    for q in [
        "originalcomment \"kenin\"",
        "originalcomment \"$6\"",
        "originalcomment \"?!\"",
        "\"kening\" in originalcomment",
        "originalcomment ~~ \"f\\d\"",
        "ply == 1 and originalcomment \"weak\"",
    ] {
        assert_eq!(common::matched_games(q, &games), [true], "{q}");
    }
    for q in [
        "originalcomment \"eval\"",
        "originalcomment \"$2\"",
        "ply == 2 and originalcomment \"weak\"",
    ] {
        assert_eq!(common::matched_games(q, &games), [false], "{q}");
    }
}

/// CQL 6.2 matches 0 games of the CQL sample with `originalcomment "eval"` (issue 19; cqlq
/// read it as `originalcomment` then `"eval"` and matched every commented game, 219).
#[test]
fn originalcomment_eval_matches_no_game_of_the_sample() {
    let Some(pgn) = common::shared_file("data/cql-sample.pgn") else {
        return;
    };
    let games = common::replay_file(&pgn, usize::MAX);
    let matched = common::matched_games("originalcomment \"eval\"", &games);
    assert_eq!(matched.iter().filter(|&&m| m).count(), 0);
    // The commented games are still found without the literal.
    let commented = common::matched_games("originalcomment", &games);
    assert!(commented.iter().filter(|&&m| m).count() > 200);
}

/// A direction range starting at 0 includes the square itself (CQL 6.2's direction page:
/// "up 0 7 X" is X and the squares up to 7 above it), on any position.
#[test]
fn direction_range_from_zero_includes_the_square() {
    let games = common::games_from("start", "[Event \"x\"]\n\n1. e4 *\n");
    for q in [
        "up 0 7 c6 == [c6,c7,c8]",
        "northeast 0 2 a1 == [a1,b2,c3]",
        "down 0 1 e4 == [e4,e3]",
        "up 0 e4 == e4",
        "up 1 7 c6 == [c7,c8]",
        "diagonal 0 1 d4 == [d4,c3,e3,c5,e5]",
    ] {
        assert_eq!(common::matched_games(q, &games), [true], "{q}");
    }
}

/// At a game's first position there is no previous move: CQL 6.2 gives `move ... previous`
/// the empty set there (it does not match, but `~` of it is every square), so
/// `A & ~(move to . previous)` is every white piece. The same for a played move that is not
/// there (the last position) and for the dash's set.
#[test]
fn a_move_filter_that_matches_no_move_is_the_empty_set() {
    let games = common::games_from("short", "[Event \"x\"]\n\n1. e4 e5 *\n");
    for q in [
        "initial and A & ~(move to . previous) == A",
        "initial and #(move from . previous) == 0",
        "initial and not move to . previous",
        "terminal and #(move from .) == 0 and ~(move from .) == .",
        "terminal and A & ~(move to . from .) == A",
        "initial and (move to . previous | e2) == e2",
    ] {
        assert_eq!(common::matched_games(q, &games), [true], "{q}");
    }
    // Where a move is there, the value is its squares.
    assert_eq!(
        common::matched_games("ply == 1 and move to . previous == e4", &games),
        [true]
    );
}

/// The study of the CQL sample that starts in check (issue 19) is the one game on which
/// `A & ~(move to . previous)` differed: now every game's first position has all its white
/// pieces there, as in CQL 6.2.
#[test]
fn every_sample_game_starts_with_all_its_white_pieces_outside_the_previous_move() {
    let Some(pgn) = common::shared_file("data/cql-sample.pgn") else {
        return;
    };
    let games = common::replay_file(&pgn, usize::MAX);
    let q = "initial and A & ~(move to . previous) == A";
    let matched = common::matched_games(q, &games);
    let read = games.iter().filter(|g| g.is_some()).count();
    assert_eq!(matched.iter().filter(|&&m| m).count(), read);
}

/// The main-line moves of each game of `pgn`, read from the text (comments and variations
/// left out, move numbers and results dropped).
fn main_line_moves(pgn: &str) -> Vec<Vec<String>> {
    pgn.split("[Event ")
        .skip(1)
        .map(|game| {
            let movetext: String = game
                .lines()
                .skip(1) // the rest of the `[Event` line
                .filter(|l| !l.starts_with('['))
                .collect::<Vec<_>>()
                .join(" ");
            let (mut main, mut depth, mut in_comment) = (String::new(), 0, false);
            for c in movetext.chars() {
                match c {
                    '{' if depth == 0 && !in_comment => in_comment = true,
                    '}' if in_comment => in_comment = false,
                    '(' if !in_comment => depth += 1,
                    ')' if !in_comment => depth -= 1,
                    _ if !in_comment && depth == 0 => main.push(c),
                    _ => {}
                }
            }
            main.split_whitespace()
                .map(|t| t.rsplit('.').next().unwrap().to_string())
                .filter(|t| !t.is_empty() && !t.starts_with('$'))
                .filter(|t| !matches!(t.as_str(), "1-0" | "0-1" | "1/2-1/2" | "*"))
                .collect()
        })
        .collect()
}

/// cqlq's `move drop P` (README, "Variants"): a drop of a piece P admits. On the real
/// crazyhouse games, the positions reached by a drop are the drops written in the PGN
/// (`N@f3`, SAN's drop notation), all of them and White's knight drops alone.
#[test]
fn move_drop_finds_the_drops_written_in_crazyhouse_games() {
    let Some(pgn) = common::shared_file("data/variants/crazyhouse.pgn") else {
        return;
    };
    let text = std::fs::read_to_string(&pgn).expect("crazyhouse games");
    let moves = main_line_moves(&text);
    let drops: usize = moves
        .iter()
        .map(|g| g.iter().filter(|m| m.contains('@')).count())
        .sum();
    let white_knight_drops: usize = moves
        .iter()
        .map(|g| g.iter().step_by(2).filter(|m| m.starts_with("N@")).count())
        .sum();
    assert!(
        drops > 1000 && white_knight_drops > 50,
        "{drops} {white_knight_drops}"
    );
    // Through the binary: crazyhouse games replay by their `[Variant]` tag there.
    let pgn = pgn.to_str().unwrap().to_string();
    let positions = |q: &str| -> usize {
        let out = common::cqlq(&["-q", "--json", "-e", q, &pgn]);
        assert!(
            out.stderr.is_empty(),
            "{}",
            String::from_utf8_lossy(&out.stderr)
        );
        common::json_lines(&out.stdout).len()
    };
    assert_eq!(positions("move previous drop [Aa]"), drops);
    assert_eq!(positions("move previous drop N"), white_knight_drops);
    // The square dropped on is the move's `to`; a drop has no `from` square.
    assert_eq!(positions("move previous drop [Aa] to ."), drops);
    assert_eq!(positions("move previous drop [Aa] from ."), 0);
}
