//! The last CQL 6.2 forms cqlq learnt (`position N`, `while (s ~~ re)`, `x =? S`, `find`
//! with a range given by variables, `makesquare "e4"` and inside transforms,
//! `currenttransform`, `pathdebug`, the mate words' set values), on small games written
//! here. Each expectation is reasoned next to it from CQL 6.2's documentation or its source
//! (`lamech/cql`: `GotoNode`, `StringIteratorNode`, `AssignSquareNode`, `Range`,
//! `MakeSquareNode`, `CurrentTransformNode`, `DihedralTransform::toString`,
//! `matefunction.h`).

use crate::common;

use common::{compile, games_from, matched_games, matching_plies};

/// `1. e4 f5 2. Qh5+ g6 3. Qxg6+ hxg6`: checks at plies 3 and 5 (after `2. Qh5+` the queen
/// hits e8 through f7, which `1... f5` emptied; after `3. Qxg6+` along g6-f7-e8).
const TWO_CHECKS: &str =
    "[Event \"two checks\"]\n[Result \"*\"]\n\n1. e4 f5 2. Qh5+ g6 3. Qxg6+ hxg6 *\n";

/// Black to move and mated: Ra8+ checks along the eighth rank; the king g6 guards g7 and h7,
/// the rook g8 (between it and h8): each flight is guarded exactly once and there is no
/// self-block, a pure mate (and a model mate: every white officer takes part).
const PURE_MATE: &str = "[Event \"pure\"]\n[FEN \"R6k/8/6K1/8/8/8/8/8 b - - 0 1\"]\n[SetUp \"1\"]\n[Result \"1-0\"]\n\n1-0\n";

/// The same mate with a white bishop on c4 guarding g8 a second time: not pure.
const IMPURE_MATE: &str = "[Event \"impure\"]\n[FEN \"R6k/8/6K1/8/2B5/8/8/8 b - - 0 1\"]\n[SetUp \"1\"]\n[Result \"1-0\"]\n\n1-0\n";

/// Kings only: White's on a1, Black's on a8; White to move.
const KINGS: &str = "[Event \"kings\"]\n[FEN \"k7/8/8/8/8/8/8/K7 w - - 0 1\"]\n[SetUp \"1\"]\n[Result \"*\"]\n\n*\n";

fn plies(query: &str, pgn: &str, name: &str) -> Vec<u32> {
    let games = games_from(name, pgn);
    let game = games[0].as_ref().expect("game replays");
    matching_plies(game, 1, &compile(query))
}

/// `position N` is the position whose `positionid` is N (CQL 6.2's `GotoNode` indexes the
/// game's positions by id); past the last position, or below 0, it does not match.
#[test]
fn position_by_id() {
    // In a game without variations the ids are the plies: position 0 is the start.
    assert_eq!(
        plies("(position 0) : initial", TWO_CHECKS, "pos0"),
        [0, 1, 2, 3, 4, 5, 6]
    );
    assert_eq!(plies("(position 3) : check", TWO_CHECKS, "pos3").len(), 7);
    assert_eq!(
        plies("(position 4) : check", TWO_CHECKS, "pos4"),
        Vec::<u32>::new()
    );
    // The identity of the definition: the position of my own id is me.
    assert_eq!(
        plies(
            "(position positionid) == currentposition",
            TWO_CHECKS,
            "posid"
        ),
        [0, 1, 2, 3, 4, 5, 6]
    );
    // The next id is the child on the main line: its ply is one more (not at the end).
    assert_eq!(
        plies(
            "((position (positionid + 1)) : ply) == ply + 1",
            TWO_CHECKS,
            "posnext"
        ),
        [0, 1, 2, 3, 4, 5]
    );
    // Out of range: 7 positions (ids 0..6).
    assert_eq!(plies("position 7", TWO_CHECKS, "pos7"), Vec::<u32>::new());
    assert_eq!(
        plies("position -1", TWO_CHECKS, "posneg"),
        Vec::<u32>::new()
    );
    // As a value kept in a variable (systematicmaneuver.cql's `x = position ...`).
    assert_eq!(
        plies(
            "x = position 5  (x : ply) == 5  x : check",
            TWO_CHECKS,
            "posvar"
        )
        .len(),
        7
    );
}

/// With variations, CQL 6.2 numbers positions depth first, each main continuation first
/// (`QPos::visitRoot`): in `1. e4 (1. d4 d5) 1... e5 2. Nf3` the main line has ids 0-3 (its
/// plies) and the variation 4-5, although it comes first in the text. Without variations
/// only the main line is numbered, so `position 4` does not exist there.
#[test]
fn position_ids_follow_cql_with_variations() {
    let dir = tempfile::tempdir().expect("tempdir");
    let path = dir.path().join("v.pgn");
    std::fs::write(
        &path,
        "[Event \"v\"]\n[Result \"*\"]\n\n1. e4 (1. d4 d5) 1... e5 2. Nf3 *\n",
    )
    .expect("write");
    let count = |query: &str, variations: bool| {
        let games = common::replay_file_with(&path, 1, variations);
        let game = games[0].as_ref().expect("replays");
        common::matching_count(game, 1, &compile(query), variations)
    };
    // Main line: the id is the ply (4 positions), with or without variations.
    assert_eq!(count("{mainline} {positionid == ply}", false), 4);
    assert_eq!(count("{mainline} {positionid == ply}", true), 4);
    // The variation's positions: 1. d4 is id 4, 1... d5 id 5.
    assert_eq!(count("{variation} {ply == 1} {positionid == 4}", true), 1);
    assert_eq!(count("{variation} {ply == 2} {positionid == 5}", true), 1);
    // `position 4` is 1. d4 with variations, and nothing without.
    assert_eq!(
        count("(position 4) : {variation} (position 4) : {ply == 1}", true),
        6
    );
    assert_eq!(count("position 4", false), 0);
    assert_eq!(count("(position 3) : {ply == 3}", false), 4);
}

/// `while (s ~~ re) body` runs the body once per successive match of re in s, with `\0`,
/// `\1`, ... set to that match; it matches whenever s does (CQL 6.2's `StringIteratorNode`).
#[test]
fn regex_while_iterates_matches() {
    let games = games_from("rewhile", TWO_CHECKS);
    // Each letter in turn: babson2.cql's `while ("RBNQ" ~~ ".")`.
    let q = "t = \"\" while (\"RBNQ\" ~~ \".\") t += \\0 + \"-\"  t == \"R-B-N-Q-\"";
    assert_eq!(matched_games(q, &games), [true]);
    // Non-overlapping matches, left to right: "12", "345", "6".
    let q = "hits = 0 while (\"a12b345c6\" ~~ \"[0-9]+\") hits += 1  hits == 3";
    assert_eq!(matched_games(q, &games), [true]);
    // Groups: each match's \1 and \2.
    let q = "t = \"\" while (\"x=1,y=2\" ~~ \"([a-z])=([0-9])\") t += \\2 + \\1  t == \"1x2y\"";
    assert_eq!(matched_games(q, &games), [true]);
    // No match of the pattern: the body never runs, the filter still matches.
    let q = "hits = 0 while (\"abc\" ~~ \"z\") hits += 1  hits == 0";
    assert_eq!(matched_games(q, &games), [true]);
    // A body that fails does not stop the iteration (CQL ignores the body's result).
    let q = "hits = 0 while (\"aaa\" ~~ \"a\") {hits += 1 false}  hits == 3";
    assert_eq!(matched_games(q, &games), [true]);
    // The game has no Site tag: `site` does not match, nor does the loop.
    assert_eq!(matched_games("while (site ~~ \".\") true", &games), [false]);
}

/// `x =? S` binds x only when S has a square (CQL 6.2's conditional `AssignSquareNode`:
/// "if(isConditional&&mask.empty())return false"); `x = S` always binds.
#[test]
fn conditional_set_assignment() {
    let games = games_from("assignif", KINGS);
    assert_eq!(matched_games("x =? Q", &games), [false]);
    assert_eq!(matched_games("x = Q", &games), [true]);
    assert_eq!(matched_games("x =? K  x == a1", &games), [true]);
    // A failed `=?` leaves the old value.
    assert_eq!(
        matched_games("x = K  not (x =? Q)  x == a1", &games),
        [true]
    );
    assert_eq!(matched_games("x = k  x =? K  x == a1", &games), [true]);
}

/// A `find` whose bounds are read when it runs is not a counted `find` of fixed range, which
/// the one-pass search decides at the game's end from the count alone: the bounds are
/// variables that may change from position to position.
#[test]
fn read_bounds_are_no_fixed_count() {
    let cqlq::ir::Node::And(parts) = compile("v = 2 find v check") else {
        panic!("a query of two filters");
    };
    assert!(matches!(parts[1], cqlq::ir::Node::Find(_)));
    assert!(cqlq::eval::CountedFind::of(&parts[1]).is_none());
    // The same find with a fixed range is one.
    let fixed = compile("find 2 check");
    assert!(cqlq::eval::CountedFind::of(&fixed).is_some());
}

/// `find v F`, `find 1 v F`: the range's bounds are read from the variables when `find`
/// runs (CQL 6.2's `Range` with `NumericVariable` bounds), so they agree with the same
/// constants.
#[test]
fn find_with_variable_range() {
    // From plies 0-3 two checks lie ahead (plies 3 and 5), from 4-5 one, from 6 none.
    assert_eq!(plies("v = 2 find v check", TWO_CHECKS, "fv2"), [0, 1, 2, 3]);
    assert_eq!(plies("v = 1 find v check", TWO_CHECKS, "fv1"), [4, 5]);
    assert_eq!(plies("v = 0 w = 0 find v w check", TWO_CHECKS, "fvw"), [6]);
    assert_eq!(
        plies("w = 2 find 1 w check", TWO_CHECKS, "f1w"),
        [0, 1, 2, 3, 4, 5]
    );
    // Backward: checks at or before the position.
    assert_eq!(plies("v = 2 find <-- v check", TWO_CHECKS, "fback"), [5, 6]);
    // quiet is accepted; the value is the count.
    assert_eq!(
        plies("v = 1 (find quiet v 2 check) == 2", TWO_CHECKS, "fq"),
        [0, 1, 2, 3]
    );
    // The same as the constant range everywhere on the sample's first games.
    let Some(path) = common::shared_file("data/cql-sample.pgn") else {
        return;
    };
    let games = common::replay_file(&path, 40);
    for (k, (a, b)) in [
        ("v = 2 find v check", "find 2 check"),
        (
            "v = 1 w = 3 find <-- v w move capture .",
            "find <-- 1 3 move capture .",
        ),
    ]
    .into_iter()
    .enumerate()
    {
        let (fa, fb) = (compile(a), compile(b));
        for (i, g) in games.iter().enumerate() {
            let Some(g) = g else { continue };
            let n = i as u64 + 1;
            assert_eq!(
                matching_plies(g, n, &fa),
                matching_plies(g, n, &fb),
                "pair {k}, game {n}"
            );
        }
    }
}

/// `makesquare "e4"` is the named square, the empty set for any other string; inside a
/// transform `makesquare` makes the same square in every image (CQL 6.2's `MakeSquareNode`
/// has no `transform_members`: only its arguments are transformed).
#[test]
fn makesquare_forms() {
    let games = games_from("makesquare", KINGS);
    assert_eq!(matched_games("makesquare \"a1\" == a1", &games), [true]);
    assert_eq!(matched_games("K & makesquare \"a1\"", &games), [true]);
    assert_eq!(
        matched_games("s = \"a\" + \"8\"  k & makesquare s", &games),
        [true]
    );
    assert_eq!(matched_games("#makesquare \"i9\" == 0", &games), [true]);
    assert_eq!(matched_games("#makesquare \"a11\" == 0", &games), [true]);
    assert_eq!(matched_games("makesquare \"h1\"", &games), [true]);
    // White's king is on a1. The literal a1 moves to h1 in the mirrored image, so
    // `flipvertical {K & h1}` matches through that image; makesquare(8 1) stays h1 in
    // every image, so nothing matches.
    assert_eq!(matched_games("flipvertical {K & h1}", &games), [true]);
    assert_eq!(
        matched_games("flipvertical {K & makesquare(8 1)}", &games),
        [false]
    );
    assert_eq!(
        matched_games("flipvertical {K & makesquare(1 1)}", &games),
        [true]
    );
}

/// `currenttransform` is the name of the image being evaluated: `<>` untransformed, else
/// the names of `DihedralTransform::toString` (`reflect_v` mirrors the files: its
/// `reflectx`), and `invertcolor reflect_h` for `flipcolor` (CQL 6.2's `ColorTransform`
/// composed with the horizontal flip, the colour swap named first).
#[test]
fn current_transform_names() {
    let games = games_from("curtrans", KINGS);
    assert_eq!(matched_games("currenttransform == \"<>\"", &games), [true]);
    // The only image in which `Kh1` holds (White's king is on a1) is the file mirror.
    assert_eq!(
        matched_games(
            "flipvertical {Kh1 currenttransform == \"<reflect_v>\"}",
            &games
        ),
        [true]
    );
    assert_eq!(
        matched_games("flipvertical {Kh1 currenttransform == \"<>\"}", &games),
        [false]
    );
    // Quarter turns, named as CQL does: clockwise90 (mirror the files, then swap file and
    // rank) takes a1 to a8 and h1 to a1, so `Kh1`'s image is `Ka1` there;
    // counterclockwise90 takes a8 to a1; rotate180 takes h8 to a1.
    assert_eq!(
        matched_games(
            "rotate90 {Kh1 currenttransform == \"<clockwise90>\"}",
            &games
        ),
        [true]
    );
    assert_eq!(
        matched_games("rotate90 {Kh8 currenttransform == \"<rotate180>\"}", &games),
        [true]
    );
    assert_eq!(
        matched_games(
            "rotate90 {Ka8 currenttransform == \"<counterclockwise90>\"}",
            &games
        ),
        [true]
    );
    // flipcolor: White is to move, so only the colour-swapped image of `btm ka8` can hold
    // (it reads `wtm Ka1`, true); there the name is CQL's flipcolor transform.
    assert_eq!(
        matched_games(
            "flipcolor {btm ka8 currenttransform == \"<invertcolor reflect_h>\"}",
            &games
        ),
        [true]
    );
    assert_eq!(
        matched_games("flipcolor {btm currenttransform == \"<>\"}", &games),
        [false]
    );
}

/// The problemists' mate words are set filters: the squares of the pieces taking part
/// (CQL 6.2's `flipcolor {cql_PureMate() cql_Participants()}`), empty when the position is
/// no such mate. In [`PURE_MATE`] White's rook checks, White's king guards g7 and h7, and
/// Black's king is mated: those three squares.
#[test]
fn mate_words_are_participant_sets() {
    let pure = games_from("puremate", PURE_MATE);
    assert_eq!(matched_games("puremate == a8 | g6 | h8", &pure), [true]);
    assert_eq!(matched_games("#puremate == 3", &pure), [true]);
    assert_eq!(matched_games("A & puremate == a8 | g6", &pure), [true]);
    // Every white officer (the rook) takes part: a model mate, with the same participants.
    assert_eq!(matched_games("modelmate == a8 | g6 | h8", &pure), [true]);
    let impure = games_from("impuremate", IMPURE_MATE);
    assert_eq!(matched_games("mate", &impure), [true]);
    assert_eq!(matched_games("puremate", &impure), [false]);
    assert_eq!(matched_games("#puremate == 0", &impure), [true]);
    // Not a mate at all: the empty set.
    let kings = games_from("nomate", KINGS);
    assert_eq!(
        matched_games("#idealmate == 0 not puremate", &kings),
        [true]
    );
}

/// `pathdebug` is accepted, always matches and reports on stderr (CQL 6.2's
/// `PathDebugNode` prints the path's state and returns true).
#[test]
fn pathdebug_matches_and_reports() {
    let dir = tempfile::tempdir().expect("tempdir");
    let pgn = dir.path().join("g.pgn");
    std::fs::write(&pgn, TWO_CHECKS).expect("write");
    let out = common::cqlq(&["-e", "check pathdebug", pgn.to_str().expect("utf-8")]);
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(out.status.success(), "{stderr}");
    assert_eq!(stderr.matches("PathDebug:").count(), 2, "{stderr}");
    let stdout = String::from_utf8_lossy(&out.stdout);
    assert_eq!(stdout.matches("{CQL}").count(), 2, "{stdout}");
}

/// CQL 6.2's `line` (its `FutureNode` / `PastNode` on `SequenceBase`) writes no comment of
/// its own, unlike `path` (`{Start path ...}` / `{End path ...}`): the matched positions
/// get only `{CQL}`.
#[test]
fn line_adds_no_comment_of_its_own() {
    let dir = tempfile::tempdir().expect("tempdir");
    let pgn = dir.path().join("g.pgn");
    std::fs::write(&pgn, TWO_CHECKS).expect("write");
    // From ply 2: a position, then the check at ply 3.
    let out = common::cqlq(&[
        "-e",
        "line --> true --> check",
        pgn.to_str().expect("utf-8"),
    ]);
    let stdout = String::from_utf8_lossy(&out.stdout);
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    assert_eq!(stdout.matches("{CQL}").count(), 2, "{stdout}");
    assert!(!stdout.contains("Start"), "{stdout}");
    assert!(!stdout.contains("End"), "{stdout}");
}

/// These forms were one IR family (`WordFilter`, whole-node `Reads::Other`), as `hhdb cooked`
/// was (`HhdbWord`), and now live in their concepts' families (the game tree, strings, the
/// program, `path`): each still reads as a family of its own
/// ([`cqlq::ir::walk::Reads::Other`]), so the one-pass plan takes none of them. The reasoning:
/// the fold moves variants between boxed families only, and what the runs decide must not
/// change with it. An index skips games for those that only read the game's tree or bind a
/// variable (`position N`, `x =? S`: `index::prune::prunable`, docs/index.md), never for
/// those that act on games they do not match (`pathdebug` prints) or are refused there by
/// name (`while (s ~~ re)`, `hhdb cooked`).
#[test]
fn folded_words_keep_their_classification() {
    use cqlq::ir::walk::{Reads, any_node};
    for (query, prunable) in [
        ("position 0", true),
        ("while (\"ab\" ~~ \"a\") true", false),
        ("x =? a1", true),
        ("pathdebug", false),
        ("hhdb cooked", false),
    ] {
        let filter = compile(query);
        assert!(
            any_node(&filter, |n| n.reads() == Reads::Other),
            "{query}: {filter:?}"
        );
        assert_eq!(
            cqlq::index::prune::prunable(&filter),
            prunable,
            "{query}: whether an index may skip games for it"
        );
    }
}
