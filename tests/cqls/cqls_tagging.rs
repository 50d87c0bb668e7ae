//! Tagging (`:forany NAME D`, `$NAME[sq]`, `:tagmatch NAME D`: the Scidb help's "CQL -
//! Tagging" and its four examples) and the match list's logical keywords over sub-match lists
//! (`:and :or :xor :cond :not`, "CQL - The match list"), against python-chess on real games
//! (`scripts/cqls_tagging_truth.py`, golden `tests/expected/cqls-tagging.tsv`, which also
//! holds the queries), and on games built here with the reasoning written beside them.

use crate::common;

use common::cqls::{START, matches_at, refused};

/// Real games against python-chess: for each query of the golden file and each of the first
/// 400 games of std-visible-5k, the main-line plies cqlq marks are those the script computed
/// from the help pages' definitions (empty: the game does not match).
#[test]
fn real_games_agree_with_python_chess() {
    let Some(pgn) = common::shared_file("data/std-visible-5k.pgn") else {
        return;
    };
    let golden = std::fs::read_to_string(
        std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/expected/cqls-tagging.tsv"),
    )
    .expect("golden file");
    let queries: Vec<(String, cqlq::ir::Node<shakmaty::Bitboard>)> = golden
        .lines()
        .filter_map(|l| l.strip_prefix("# query "))
        .map(|l| {
            let (_, text) = l.split_once(": ").expect("# query K: TEXT");
            (text.to_string(), common::cqls::compile_cqls(text))
        })
        .collect();
    assert_eq!(queries.len(), 15, "the golden file's queries");
    let games = common::replay_file(&pgn, 400);
    let mut compared = 0;
    let mut matched = vec![0usize; queries.len()];
    for line in golden.lines().filter(|l| !l.starts_with('#')) {
        let cols: Vec<&str> = line.split('\t').collect();
        if cols.get(1) == Some(&"skip") {
            continue;
        }
        let number: usize = cols[0].parse().expect("game number");
        let game = games[number - 1].as_ref().expect("game reads");
        for (k, (text, q)) in queries.iter().enumerate() {
            let want: Vec<u32> = cols[k + 1]
                .split(',')
                .filter(|s| !s.is_empty())
                .map(|s| s.parse().expect("ply"))
                .collect();
            let mut got = common::matching_plies(game, number as u64, q);
            got.sort_unstable();
            assert_eq!(got, want, "game {number}, query {}: {text}", k + 1);
            matched[k] += usize::from(!want.is_empty());
        }
        compared += 1;
    }
    assert_eq!(compared, 400, "all games compared");
    // Games matched per query (the help's knight-mate example matches none of these games).
    eprintln!("tagging: {compared} games, games matched per query {matched:?}");
    assert!(
        matched.iter().filter(|&&m| m > 0).count() >= 13,
        "{matched:?}"
    );
}

#[test]
fn a_tag_follows_its_piece_and_its_promotion() {
    // A white pawn on b7 promotes: 1. b8=Q+ Kh7 (plies 0, 1, 2).
    let fen = "7k/1P6/8/8/8/8/8/K7 w - - 0 1";
    let moves = "1. b8=Q+ Kh7";
    // `:forany x Q` admits the pawn: it becomes a white queen ("eventually matches").
    // At ply 0 it is still a pawn: `:tagmatch x P` holds there.
    assert!(matches_at(
        fen,
        moves,
        "(match :forany x Q (position :tagmatch x P))",
        0
    ));
    // At ply 1 the tagged piece is the queen on b8.
    assert!(matches_at(
        fen,
        moves,
        "(match :forany x Q (position $x[b8] :tagmatch x Q))",
        1
    ));
    assert!(!matches_at(
        fen,
        moves,
        "(match :forany x Q (position :tagmatch x P))",
        1
    ));
    // A tag over rooks has no mark in this game (no rook, no promotion to one): no match.
    assert!(!matches_at(
        fen,
        moves,
        "(match :forany x [Rr] (position $x))",
        0
    ));
    // `$x` alone: wherever the tagged piece is; the black king is also "the same piece" at
    // ply 2 after Kh7.
    assert!(matches_at(
        fen,
        moves,
        "(match :forany x k (position $x[h7]) (position $x[h8]))",
        2
    ));
}

#[test]
fn two_tags_never_share_a_mark() {
    // Only one white rook: two tags over white rooks have no binding, even for a list that
    // one rook satisfies for both.
    let fen = "4k3/8/8/8/8/8/8/R3K3 w - - 0 1";
    assert!(!matches_at(
        fen,
        "1. Ra2",
        "(match :forany a R :forany b R (position $a[a1]) (position $b[a2]))",
        0
    ));
    // With one tag the same piece stands on a1 and later on a2.
    assert!(matches_at(
        fen,
        "1. Ra2",
        "(match :forany a R (position $a[a1]) (position $a[a2]))",
        0
    ));
    // Two rooks: the a1 rook and the h1 rook are two marks.
    assert!(matches_at(
        "4k3/8/8/8/8/8/8/R3K2R w - - 0 1",
        "1. Ra2",
        "(match :forany a R :forany b R (position $a[a2]) (position $b[h1]))",
        1
    ));
}

#[test]
fn a_captured_tagged_piece_is_nowhere() {
    // 1. Rxa8: the black rook (the tag's piece) is captured; `$x` no longer matches.
    let fen = "r3k3/8/8/8/8/8/8/R3K3 w - - 0 1";
    let q = "(match :forany x r (position $x))";
    assert!(matches_at(fen, "1. Rxa8+", q, 0));
    assert!(!matches_at(fen, "1. Rxa8+", q, 1));
    // Its capture: the next move goes to its square (`:moveto $x`).
    assert!(matches_at(
        fen,
        "1. Rxa8+",
        "(match :forany x r (position :moveto $x))",
        0
    ));
}

#[test]
fn the_help_rules_are_enforced() {
    // "At most two tags may be contained inside a match list."
    assert!(
        refused("(match :forany a R :forany b R :forany c R (position $a))")
            .contains("at most two tags")
    );
    // "Tags may not be used in a matchlist if a :relation occurs in a position list".
    assert!(refused("(match :forany a R (position $a :relation ()))").contains(":relation"));
    // Unknown tags, in `$` and in :tagmatch.
    assert!(refused("(match (position $foo))").contains("'foo' is not a tag"));
    assert!(refused("(match :forany a R (position :tagmatch b P))").contains("'b' is not a tag"));
    // :forany belongs in the match list.
    assert!(refused("(position :forany a R)").contains(":forany"));
    // A tag has no piece type: keywords reading types refuse it.
    assert!(refused("(match :forany a P (position :promote $a))").contains("$a"));
    assert!(refused("(match :forany a R :forany a Q (position $a))").contains("twice"));
}

#[test]
fn match_level_logic_over_sub_match_lists() {
    // 1. f3 e5 2. g4 Qh4#: a mate at ply 4, checks at ply 4 only.
    let moves = "1. f3 e5 2. g4 Qh4#";
    // :or: the game has a mate or a stalemate; the mate is marked.
    let or = "(match :or ((match (position :mate)) (match (position :stalemate))))";
    assert!(matches_at(START, moves, or, 4));
    assert!(!matches_at(START, moves, or, 3));
    // A (position ...) directly in the list stands for (match (position ...)).
    assert!(matches_at(
        START,
        moves,
        "(match :or ((position :mate) (position :stalemate)))",
        4
    ));
    // :and over two lists: each holds somewhere (not at the same position): a check
    // somewhere (ply 4) and a position with Black to move somewhere (ply 1).
    let and = "(match :and ((position :check) (position :btm :piececount p 8)))";
    assert!(matches_at(START, moves, and, 1));
    assert!(matches_at(START, moves, and, 4));
    // :not (match M): M marks no position; with a position list beside it, its positions.
    assert!(matches_at(
        START,
        moves,
        "(match :not (match (position :stalemate)) (position :mate))",
        4
    ));
    assert!(!matches_at(
        START,
        moves,
        "(match :not (match (position :check)) (position :mate))",
        4
    ));
    // `(match ... :not)`: "match if the containing match list would not match without the
    // :not" — there is no stalemate, so the list fails, and with :not matches (marking the
    // first position); there is a check, so `(position :check)` with :not fails.
    assert!(matches_at(
        START,
        moves,
        "(match (position :stalemate) :not)",
        0
    ));
    assert!(!matches_at(
        START,
        moves,
        "(match (position :check) :not)",
        0
    ));
    assert!(!matches_at(
        START,
        moves,
        "(match (position :check) :not)",
        4
    ));
    // :cond: the first clause holding decides; here no clause holds and there is no default.
    assert!(!matches_at(
        START,
        moves,
        "(match :cond (match (position :stalemate)) (match (position :mate)))",
        4
    ));
    // The default (odd last list) is taken.
    assert!(matches_at(
        START,
        moves,
        "(match :cond (match (position :stalemate)) (match (position :wtm)) (match (position :mate)))",
        4
    ));
}
