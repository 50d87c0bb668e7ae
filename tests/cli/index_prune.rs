//! Issue 35, the pruning rules for the filters that look at other positions and for numbers
//! the summary bounds (`index::prune`: `find`, `line`, `idealmate` / `modelmate` /
//! `puremate`, a transform's placements, counts on part of the board and their arithmetic,
//! the kings never side by side, `initial` with what is false at the standard start, a
//! tag's regular expression, `ply` and `movenumber` within the main line's length, `file`
//! and `rank` among the squares stood on, material leads, sets a step apart, a `move`'s
//! sets, the kinds it captures and the piece it brings to its target, `type` and
//! `colortype` on a square, a king attacked as a check, `if` / `else`, the ply of a
//! `terminal` position, a variable read where
//! it was set, two material comparisons bounding a lead). Each query prints
//! the same bytes, stderr and exit status with the index and with `--no-index` (the scan
//! is the truth); on written games the game numbers are the ones the moves say, and the
//! games the rule rules out are skipped (counted by `IndexedSkips::open`, so a rule that
//! prunes nothing fails too).

use std::fs;
use std::path::Path;

use crate::common::cqlq_in;

use super::index_search::{
    copy_shared_indexed, game_numbers_in as game_numbers, skipped_in as skipped,
};

fn text(bytes: &[u8]) -> String {
    String::from_utf8_lossy(bytes).into_owned()
}

/// Five written games (moves checked with python-chess 1.11.2, the oracle's library):
/// 1. black promotes to a bishop on c1 (dark) beside its f8 bishop (dark): two black bishops
///    on dark squares after 5...c1=B; Event "Spring Open".
/// 2. a Ruy Lopez opening, no check; Event "Autumn Cup".
/// 3. the fool's mate (2...Qh4#); Event "Spring Open".
/// 4. 1. e4 e5 with the fool's mate in a variation (1. f3 e5 2. g4 Qh4#); no Event.
/// 5. a set-up start, black to move (searched always: the index knows nothing of it).
const GAMES: &str = "[Event \"Spring Open\"]\n[Result \"*\"]\n\n\
1. d3 b5 2. Bf4 b4 3. h4 b3 4. h5 bxc2 5. h6 c1=B 6. Qxc1 *\n\n\
[Event \"Autumn Cup\"]\n[Result \"*\"]\n\n1. e4 e5 2. Nf3 Nc6 3. Bb5 a6 *\n\n\
[Event \"Spring Open\"]\n[Result \"0-1\"]\n\n1. f3 e5 2. g4 Qh4# 0-1\n\n\
[Result \"*\"]\n\n1. e4 (1. f3 e5 2. g4 Qh4#) 1... e5 *\n\n\
[Event \"set up\"]\n[SetUp \"1\"]\n[FEN \"4k3/8/8/8/8/8/4P3/4K3 b - - 0 1\"]\n[Result \"*\"]\n\n\
1... Kd7 2. e4 *\n";

/// The standard start as a `fen` placement.
const START: &str = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR";

/// Each rule on the written games: the game numbers the moves say (with and without the
/// index, stdout, stderr and exit status equal) and the games skipped.
#[test]
fn new_rules_answer_as_the_moves_say_and_skip_games() {
    let initial_not_start = format!("initial and not fen \"{START}\"");
    written_games_answer(
        "prune-written",
        GAMES,
        &[
            // Only game 1 promotes to a bishop: the others can hold one black bishop a shade.
            ("#(dark b) == 2", "1\n", 3),
            ("#(dark b) >= 2 or #(light b) > 1", "1\n", 3),
            // One white bishop on a dark square at the start of every game but the set-up one.
            ("#(dark B) == 1", "1\n2\n3\n4\n", 0),
            // A mate below the position on the main line: game 3 (game 4's is in a variation,
            // so its summary admits it).
            ("find mate", "3\n", 2),
            ("find <-- mate", "3\n", 2),
            ("find 1 5 mate", "3\n", 2),
            // A count range that admits 0 needs no mate: every game with none below its start.
            ("find 0 0 mate", "1\n2\n4\n5\n", 0),
            // The fool's mate: 2...Qh4# after 2. g4, no check before it.
            ("line --> not check --> mate", "3\n", 2),
            ("line --> not check --> check* --> mate", "3\n", 2),
            ("line --> not check --> stalemate* --> mate", "3\n", 2),
            // Every mate kind is a mate (which kinds the fool's mate is: the scan says).
            ("puremate", "?", 2),
            ("idealmate or modelmate", "?", 2),
            // Kings never stand side by side; a square holds one piece.
            ("horizontal 1 K & k", "", 4),
            ("anydirection 0 1 k & K", "", 4),
            ("K & k", "", 4),
            // Game 5's start is not the standard one, and black moves first there.
            (initial_not_start.as_str(), "5\n", 4),
            ("initial and btm", "5\n", 4),
            ("initial and wtm and Pe2", "1\n2\n3\n4\n", 0),
            ("initial and fen \"8/8/8/8/8/8/8/8\"", "", 4),
            // A tag's regular expression: the Event tag present and matched.
            ("event ~~ \"Open$\"", "1\n3\n", 2),
            ("event ~~ \"^[AS]\" and check", "3\n", 3),
            // A transform's placements: game 2's Bb5 (shift: the bishop on b5 with the
            // knight on c6 beside it; flip: a black pawn on a6 or a mirror of it).
            // Games 1, 3, 4 never have a white bishop where a black knight or pawn could stand
            // beside it so.
            ("shift { Bb5 nc6 }", "2\n", 3),
            ("flip { pa6 Bb5 }", "2\n", 3),
            // Counts in game 1: 4...bxc2 leaves 15 white pieces to 16 black, 5...c1=B makes
            // black's power 41 to white's 38, 6. Qxc1 evens it; no other game captures.
            ("abs(#A - #a) >= 5", "", 4),
            ("#a - #A == 1", "1\n", 3),
            ("power a >= power A + 3", "1\n", 3),
            ("power A >= power a + 8", "", 4),
            // Black keeps two rooks and a queen everywhere.
            ("max(#R #Q) == 2 and min(#r #q) == 0", "", 4),
            // Plies: game 1's main line has 11, game 2's 6, game 3's 4; game 4's is 2 long but
            // its variation reaches ply 4 (a game with variations may go deeper: never ruled
            // out); game 5 is searched always. The full-move number at ply p is p / 2 + 1, so
            // game 1 reaches move 6 (plies 10 and 11), game 2 move 4, game 3 move 3.
            ("ply >= 5", "1\n2\n", 1),
            ("ply > 11", "", 3),
            ("movenumber >= 4", "1\n2\n", 1),
            ("movenumber == 6", "1\n", 2),
            ("movenumber > 6", "", 3),
            ("ply + 2 * movenumber > 20", "1\n", 2),
            // Game 3's mate is at ply 4; game 4's, at ply 4 of its variation, is found with
            // `--variations` (the loop's second search, which the index must not change).
            ("ply >= 4 and mate", "3\n", 2),
            // Files and ranks (1-8) of the squares a kind stood on: the white queen leaves the
            // d-file only in game 1 (6. Qxc1); the black queen reaches h4 only in game 3 (and
            // in game 4's variation: never ruled out, found with `--variations`). A set of
            // more than one square has no file: game 1's black bishop on c1 stands beside
            // the two others (admitted, no match).
            ("file Q == 3", "1\n", 3),
            ("file Q == 4", "1\n2\n3\n4\n", 0),
            ("rank q == 4", "3\n", 2),
            ("8 == file q and mate", "3\n", 2),
            ("rank b == 1", "", 3),
            // Leads (white's less black's): in game 1 4...bxc2 puts white a piece and a pawn
            // behind, 5...c1=B a piece and three pawns' power (38 to 41), 6. Qxc1 evens both;
            // the other games take nothing. So white is never ahead anywhere: each side's
            // counts alone (white 15-16 pieces, black 15-16) would admit game 1. Game 5's
            // white king and pawn stand against a bare king.
            ("#A > #a", "5\n", 4),
            ("power A - power a >= 1", "5\n", 4),
            ("power A < power a - 2", "1\n", 3),
            ("abs(#a - #A) == 1 and power a == power A + 3", "1\n", 3),
            ("power A + 3 <= power a", "1\n", 3),
            // Sets a step apart: the black king only ever on e8, the white queen on d1 and c1
            // (game 1), never diagonally beside it; game 2's bishop on b5 beside the pawn on
            // a6, the only white bishop ever beside a black pawn; in game 1 the pawn on c2
            // (4...bxc2) stands beside the queen on d1. A count of 0 needs no such square.
            ("diagonal 1 k & Q", "", 4),
            ("diagonal 1 B & p", "2\n", 3),
            ("#(anydirection 1 Q & p) >= 1", "1\n", 3),
            ("0 < #(anydirection 1 Q & p)", "1\n", 3),
            ("#(anydirection 1 Q & p) == 0", "1\n2\n3\n4\n5\n", 0),
            // A capture of a piece set's kinds: that kind numbers fewer after it. Only game 1
            // captures (4...bxc2 takes a white pawn, 6. Qxc1 the promoted black bishop); no
            // white bishop is ever taken, though game 1 has captures.
            ("move capture B", "", 4),
            ("move capture b", "1\n", 3),
            ("move previous capture P", "1\n", 3),
            ("move from Q capture [Bb]", "1\n", 3),
            // A capture's mover stands, after it, where the piece it took stood: game 1's white
            // queen only ever stands on d1 and c1, where no black pawn stood (4...bxc2 brings a
            // pawn to c2, 5...c1=B a bishop to c1), though game 1 takes a black pawn (its
            // b-pawn, promoted, numbers one fewer).
            ("move from Q capture p", "", 4),
            ("move previous from Q to c1 capture b", "1\n", 3),
            ("move to b", "1\n", 0),
            // The piece a move brings stands on its target after it: game 2's 3. Bb5 is the only
            // white bishop ever on b5, game 1's 6. Qxc1 the only white queen on c1; game 1's
            // 5...c1=B brings a bishop where the pawn moved to (no black pawn ever stands on c1:
            // what a pawn promotes to counts); no rook or king moves in any game.
            ("move from B to b5", "2\n", 3),
            ("move previous from Q to c1", "1\n", 3),
            ("move from p to c1", "1\n", 3),
            ("move from R to a-h7", "", 4),
            ("move from K to g1", "", 4),
            // `type` and `colortype` on a square: a pawn on e4 in games 2 and 4 (1. e4) and in
            // game 5 (2. e4); a black pawn on e5 in games 2 to 4, on b5 only in game 1; game 2's
            // bishop on b5 (3, above 2). An empty square's 0 passes `<= 0`: no condition.
            ("type e4 == 1", "2\n4\n5\n", 2),
            ("colortype e5 == -1", "2\n3\n4\n", 1),
            ("-1 == colortype b5", "1\n", 3),
            ("colortype b5 > 2", "2\n", 3),
            ("type b5 <= 0", "1\n2\n3\n4\n5\n", 0),
            // A king attacked by the other side's pieces is a check: games 1 and 2 have none;
            // game 3's 2...Qh4# attacks the white king (game 4's is in a variation). A queen
            // beside the black king is no check: no condition beyond the pieces.
            ("k attackedby Q", "", 2),
            ("K attackedby q", "3\n", 2),
            ("[RQ] attacks k", "", 2),
            ("Q attackedby k", "", 0),
            // So is a king among the squares the other side attacks (`k in Y`: the king's one
            // square in Y). A set that may be empty is in any set: game 5 has no queen, no game
            // a black king on h1.
            ("k in (. attackedby Q)", "", 2),
            ("K in (. attackedby q)", "3\n", 2),
            ("Q & (. attacks k)", "", 2),
            ("Q in (. attackedby k)", "5\n", 0),
            ("kh1 in (. attackedby Q)", "1\n2\n3\n4\n5\n", 0),
            // A ray from the other side's sliders to a king along their own lines is a check
            // (game 3's queen on h4 to e1 over the squares f3 and g4 left); a rook's ray in
            // every direction may be diagonal, no attack: no condition.
            ("ray (Q k)", "", 2),
            ("ray (q K)", "3\n", 2),
            ("ray orthogonal (R k)", "", 2),
            ("xray (A k)", "", 2),
            ("ray (R k)", "?", 0),
            // `if C then A else B` matches through A or B; without `else`, a failed C matches.
            ("if wtm then K attackedby q else k attackedby Q", "3\n", 2),
            ("if btm then k attackedby Q", "1\n2\n3\n4\n5\n", 0),
            // At a position with no move after it (`terminal`) the ply is the main line's
            // length: game 1 ends at ply 11, game 2 at 6, game 3 at 4; game 4's variation may
            // end anywhere (never ruled out); game 5 is searched always. The full-move number
            // there: 6, 4, 3.
            ("terminal and ply < 5", "3\n4\n5\n", 2),
            ("terminal movenumber == 4", "2\n", 2),
            // A variable read where it was set is its value: `x = #a - #A  x == 1` is game 1's
            // lead above; `x = 20` sets x again (every position then has x > 17); an operand
            // that may set variables itself (`(x = ply or true)`) ends the reading: no
            // condition, and no game reaches ply 20.
            ("x = #a - #A  x == 1", "1\n", 3),
            ("x = power A  y = power a  y >= x + 3", "1\n", 3),
            ("{x = #A  x > #a}", "5\n", 4),
            ("x = #A  x = 20  x > 17", "1\n2\n3\n4\n5\n", 0),
            ("x = #A  (x = ply or true)  x >= 20", "", 0),
            // Two material comparisons bound a lead: white's pieces less black's is -1 after
            // game 1's 4...bxc2 and 0 in every other position of games 1 to 4, so none has
            // white 16 and black at most 15 (lead 1 or more); black's counts alone rule out
            // games 2 to 4 (their black never numbers under 16), the lead game 1. Black 16 and
            // white 15 (lead -1) is game 1 after 4...bxc2.
            ("#A >= 16 and #a <= 15", "", 4),
            ("#A > 15 and #a < 16", "", 4),
            ("x = #A  x >= 16 and #a <= 15", "", 4),
            ("#a >= 16 and #A <= 15", "1\n", 3),
            ("#a == 16 and #A == 15", "1\n", 3),
        ],
    );
}

/// `path` and its dashes, `piece` / `square` loops, `sort`, `echo`, `secondary` and
/// `variation` on the written games (`prune/path.rs`): the game numbers the moves say, with
/// and without the index and `--variations` (the scan's bytes), and the games skipped.
/// Game 1 is the only one to capture or promote (4...bxc2, 5...c1=B, 6. Qxc1), game 3 the
/// only one with a mate on its main line (game 4's, in a variation, is found with
/// `--variations`: its summary admits it), game 4 the only one with a variation; game 5 is
/// searched always.
#[test]
fn paths_loops_and_sorts_need_what_their_matches_consumed() {
    written_games_answer(
        "prune-paths",
        GAMES,
        &[
            // A dash promoting: game 1's bishop; no queen anywhere.
            ("path --=B", "1\n", 3),
            ("path --=Q", "", 4),
            // A promotion named by a string admits any promotion: game 1's is searched.
            ("path --=\"B\"", "1\n", 3),
            ("path --=\"Q\"", "", 3),
            // A capture with its sides: 6. Qxc1 takes the promoted bishop.
            ("path Q[x]b", "1\n", 3),
            // A chain repeated: from ply 1 of game 3, 1...e5 2. g4, then 2...Qh4#.
            ("path (-- --)+ --(mate)", "3\n", 2),
            // A dash whose target is a mate, after one or more moves.
            ("path (--)+ --(mate)", "3\n", 2),
            // A repetition that may run no time needs nothing of its constituent.
            ("path (--=Q)* --(mate)", "3\n", 2),
            // A capturing dash: game 1's two captures.
            ("path (--)* [x]", "1\n", 3),
            // A legal dash looks at moves not played (after 5. h6 black may play c1=Q, game 1):
            // no condition.
            ("legal --=Q", "1\n", 0),
            // Through a piece loop (a black pawn of the position whose next move promotes it to a
            // bishop: c2-c1), a square loop (the square it leaves, on the second rank) and a sort
            // (its value the path's).
            ("piece x in p { path x--=b }", "1\n", 3),
            ("square x in a-h2 { path x--=b }", "1\n", 3),
            ("sort \"n\" (path (--)* --=B)", "1\n", 3),
            // Reached by a move that is not its position's first: only in a variation, searched
            // with `--variations` (game 4).
            ("secondary", "", 3),
            // So is one off the main line (`variation`); `echo`'s body matches at some searched
            // position: game 3's mate (game 4's with `--variations`).
            ("variation", "", 3),
            ("echo (s t) mate", "3\n", 2),
            ("echo (s t) { variation t:check }", "", 3),
            // Words that only read the tree (`pieceid`, `virtualmainline`, `position N`,
            // `distance`, `child(n)`, below `primary`, the positional `&`, `consecutivemoves`)
            // or bind a variable (`piece x = S`, `x =? S`) leave the query's other conditions
            // to rule games out: game 3's mate, white's king on e1 at ply 4.
            ("mate and pieceid Ke1 > 0", "3\n", 2),
            ("mate and virtualmainline", "3\n", 2),
            ("mate and (position 0) : initial", "3\n", 2),
            (
                "mate and distance(position 0 currentposition) == 4",
                "3\n",
                2,
            ),
            ("mate and parent : (child(0 * 1) : mate)", "3\n", 2),
            ("{piece x = Ke1 mate}", "3\n", 2),
            ("mate and x =? Q", "3\n", 2),
            // `primary`: 2...Qh4# is its position's first continuation; the positional `&`:
            // four moves from the start leave at least 56 squares as they were there;
            // `consecutivemoves`: on the main line every other position is an ancestor of the
            // mate's, where it has no value, so `not` matches.
            ("mate and primary", "3\n", 2),
            ("mate and #((position 0) & currentposition) > 20", "3\n", 2),
            ("mate and echo (s t) not consecutivemoves (s t)", "3\n", 2),
        ],
    );
}

/// Two written games (moves checked with python-chess 1.11.2): 1. 3. exd6 takes the pawn on
/// d5 en passant, and no white pawn ever stands where a black pawn stood (rank 2, e4, e5, d6
/// against rank 7, a6, d5); 2. the a-pawn takes on b5, a6, b7 (a bishop) and a8 (a rook),
/// promoting to a queen there: no white pawn ever stands on a8.
const CAPTURES: &str = "[Result \"*\"]\n\n1. e4 a6 2. e5 d5 3. exd6 *\n\n\
[Result \"*\"]\n\n1. a4 b5 2. axb5 a6 3. bxa6 Bb7 4. axb7 Nc6 5. bxa8=Q *\n";

/// A capture's mover on the square of the piece it took (`prune/standing.rs`), but for en
/// passant (the pawn taken stands beside the target), and as what a pawn promotes to: the
/// game numbers the moves say, with and without the index, and the games skipped.
#[test]
fn a_capture_needs_its_mover_where_the_piece_taken_stood() {
    written_games_answer(
        "prune-captures",
        CAPTURES,
        &[
            // Game 1 only through en passant; game 2's axb5 and bxa6.
            ("move from P capture p", "1\n2\n", 0),
            ("move from P capture p to d6", "1\n", 1),
            // 5. bxa8=Q: the pawn stands on a8 as a queen; 4. axb7 takes the bishop on b7.
            ("move from P capture r", "2\n", 1),
            ("move from P to a-h8 capture [rn]", "2\n", 1),
            ("move from P capture b", "2\n", 1),
            // No knight moves: both games take black pawns, never with a knight.
            ("move from N capture p", "", 2),
            ("move previous from [NK] capture [pb]", "", 2),
        ],
    );
}

/// Indexes `games` (written PGN) in a scratch folder named `name`, then searches each query
/// of `table` with and without the index (stdout, stderr and exit status equal, with and
/// without `--variations`): the game numbers the moves say ("?": not asserted) and the
/// games the index skipped.
fn written_games_answer(name: &str, games: &str, table: &[(&str, &str, u64)]) {
    let scratch = crate::common::scratch("index", name);
    let dir = scratch.path();
    fs::write(dir.join("g.pgn"), games).unwrap();
    let out = cqlq_in(dir, &["index", "-q", "g.pgn"]);
    assert!(out.status.success(), "{}", text(&out.stderr));
    for &(query, games, skips) in table {
        let found = game_numbers(dir, "g.pgn", query, &[]);
        if games != "?" {
            assert_eq!(found, games, "{query}");
        }
        assert_eq!(skipped(dir, "g.pgn", query), skips, "{query}: skipped");
        game_numbers(dir, "g.pgn", query, &["--variations"]);
    }
}

/// The probes these rules are for, and their general forms, on real games
/// (`../shared/data/std-visible-5k.pgn`, and `cql-sample.pgn`: studies with variations and
/// set-up starts, with and without `--variations`): byte for byte the scan's, and the
/// selective ones skip games.
#[test]
fn new_rules_on_real_games_answer_as_the_scan() {
    let Some(data) = crate::common::shared_file("data") else {
        return;
    };
    let scratch = crate::common::scratch("index", "prune-real");
    let dir = scratch.path();
    for file in ["std-visible-5k.pgn", "cql-sample.pgn"] {
        fs::copy(data.join(file), dir.join(file)).unwrap();
        let out = cqlq_in(dir, &["index", "-q", file]);
        assert!(out.status.success(), "{}", text(&out.stderr));
    }
    let initial_not_start = format!("initial and not fen \"{START}\"");
    // (query, whether it skips games of std-visible-5k)
    let queries = [
        ("find mate", true),
        ("find all check >= 20", true),
        ("find <-- check", true),
        ("line --> check{2,} --> mate", true),
        ("line --> check --> check --> check", true),
        ("line singlecolor --> check{3,}", true),
        (
            "line --> move capture [RQrq] --> move capture [RQrq]",
            false,
        ),
        ("line --> check* --> mate", true),
        ("line --> move capture . --> check+ --> mate", true),
        ("idealmate", true),
        ("modelmate", true),
        ("puremate", true),
        ("flip { Qd1 kd8 }", false),
        ("rotate90 { Qd4 kd8 }", false),
        ("flip { Ka1 Rb1 }", true),
        ("shift { Ra1 Rb1 }", false),
        ("#(dark b) == 2", true),
        ("#(light [Bb]) == 2", false),
        ("#(dark [Bb]) >= 3", true),
        ("horizontal 1 K & k", true),
        ("horizontal 2 K & k", false),
        ("abs(#A - #a) >= 5", true),
        ("power A >= power a + 9", true),
        ("#A - #a > 6 or #a - #A > 6", true),
        ("max(#R #Q) == 2 and min(#r #q) == 0", true),
        (&initial_not_start, true),
        ("event ~~ \"Olympiad\" and check", true),
        ("ply > 150", true),
        ("movenumber >= 60 and #[Qq] == 0", true),
        ("date ~~ \"^19[0-8]\"", true),
        ("file K == 1", true),
        ("rank k == 1", true),
        ("rank K - rank k > 4", false),
        ("file [Qq] == 1 and rank [Qq] >= 7", true),
        ("abs(power A - power a) >= 9", true),
        ("terminal and abs(power A - power a) >= 9", true),
        ("#A - #a >= 4 or #a >= #A + 4", true),
        ("diagonal 1 k & Q", true),
        ("#(anydirection 2 K & a) >= 3", true),
        ("up 1 P & p", false),
        ("#(horizontal 1 7 R & r) > 1", false),
        ("move from N capture q", true),
        ("move capture [RQ] from [nb]", true),
        ("move from P capture r", true),
        ("move from [Pp] capture [Pp] to d-e5", false),
        ("move previous from Q capture [RrBb] to a-h1", true),
        ("move previous capture Q", true),
        ("terminal ply < 40", true),
        ("move from R to a-h7", true),
        ("move from K to g1", true),
        ("move from p to a-h1", true),
        ("move previous from Q to c1", true),
        ("type e4 == 1 and colortype e5 == -1", true),
        ("colortype d4 == -5", true),
        ("3 < colortype (a-h8 & A)", true),
        ("k attackedby Q", true),
        ("if wtm then K attackedby q else k attackedby Q", true),
        ("find all (k attackedby [RQ]) >= 3", true),
        ("k in (. attackedby Q)", true),
        ("find all (K & (. attackedby r)) >= 2", true),
        ("ray (Q k)", true),
        ("ray orthogonal ([RQ] k)", true),
        ("terminal and movenumber <= 20 and mate", true),
        ("x = #A  x >= 14 and #a <= 5", true),
        ("#A >= 14 and #a <= 5", true),
        ("power A >= 30 and power a <= 12", true),
        ("#a >= 12 and #A < 8 and power A > power a", true),
        ("x = power A  y = power a  x > y + 9", true),
        // Every kind of node a variable's value or its readers may hold (`prune/assigned.rs`,
        // `pure`): abs and arithmetic, negation, max and min, a union and an intersection of
        // designators, side to move, check, ply, movenumber, not, or. Those whose
        // substituted form is a rule above skip games (the scan is the truth for every one).
        ("x = abs(#A - #a)  x >= 5", true),
        ("x = -#a  x > -4", true),
        ("x = max(#R #Q)  y = min(#r #q)  x == 2 and y == 0", true),
        ("x = [Qq] | [Rr]  #x == 0", false),
        ("x = Q & d1  #x == 0 and wtm", false),
        ("x = ply  x > 150 and check", true),
        ("x = movenumber  x >= 60 and not #[Qq] > 0", true),
        ("x = #A  x >= 14 or x <= 2", false),
    ];
    for (query, skips) in queries {
        game_numbers(dir, "std-visible-5k.pgn", query, &[]);
        if skips {
            assert!(
                skipped(dir, "std-visible-5k.pgn", query) > 0,
                "{query}: nothing skipped"
            );
        }
        for extra in [&[][..], &["--variations"][..]] {
            game_numbers(dir, "cql-sample.pgn", query, extra);
        }
    }
    // The whole output (PGN with its comments) too, for a few.
    for query in ["find mate", "line --> check{2,} --> mate", "#(dark b) == 2"] {
        let with = cqlq_in(dir, &["-q", "-e", query, "std-visible-5k.pgn"]);
        let without = cqlq_in(
            dir,
            &["-q", "--no-index", "-e", query, "std-visible-5k.pgn"],
        );
        assert_eq!(text(&with.stdout), text(&without.stdout), "{query}");
        assert_eq!(with.status.code(), without.status.code(), "{query}");
    }
    assert!(Path::new(&dir.join("std-visible-5k.pgn.cqlqi")).exists());
}

/// The forms of the rules on what stands on a set's squares and on a king attacked (`move
/// from X to Y`, `type` / `colortype` compared, `X attacks Y`, `k in (. attackedby X)`, a
/// two-set `ray` or `xray`, `if`)
/// with operands drawn at random (a seeded generator: the same queries every run), on real
/// games (`std-visible-5k.pgn`; `messy.pgn`, with variations and set-up starts, with and
/// without `--variations`): the game numbers, stderr and exit status with the index are the
/// scan's, whatever the pieces, squares, comparisons and numbers.
#[test]
fn random_operands_of_the_square_and_attack_rules_answer_as_the_scan() {
    let scratch = crate::common::scratch("index", "prune-random");
    let dir = scratch.path();
    let files = ["std-visible-5k.pgn", "messy.pgn"];
    if !files.iter().all(|file| copy_shared_indexed(dir, file)) {
        return;
    }
    let mut below = crate::common::below_from(0x2545_f491_4f6c_dd1d);
    const PIECES: &[&str] = &[
        "K", "Q", "R", "B", "N", "P", "k", "q", "r", "b", "n", "p", "[RQ]", "[Pp]", "[Kk]", "[qn]",
        "A", "a", ".", "Nc3", "pd5", "K[g1,c1]",
    ];
    const SQUARES: &[&str] = &["e4", "h8", "a-h7", "a-h1", "f1-8", "_", "e1", "dark ."];
    const OPS: &[&str] = &["==", "!=", "<", "<=", ">", ">="];
    for _ in 0..60 {
        let piece = |below: &mut dyn FnMut(usize) -> usize| PIECES[below(PIECES.len())];
        let square = |below: &mut dyn FnMut(usize) -> usize| match below(3) {
            0 => PIECES[below(PIECES.len())],
            _ => SQUARES[below(SQUARES.len())],
        };
        let query = match below(6) {
            0 => {
                let previous = ["", "previous "][below(2)];
                let from = piece(&mut below);
                format!("move {previous}from {from} to {}", square(&mut below))
            }
            1 => {
                let word = ["type", "colortype"][below(2)];
                let (x, op) = (square(&mut below), OPS[below(OPS.len())]);
                let n = below(13) as i64 - 6;
                match below(2) {
                    0 => format!("{word} {x} {op} {n}"),
                    _ => format!("{n} {op} {word} {x}"),
                }
            }
            2 => {
                let word = ["attacks", "attackedby"][below(2)];
                format!("{} {word} {}", piece(&mut below), piece(&mut below))
            }
            3 => {
                let word = ["attacks", "attackedby"][below(2)];
                format!("{} in (. {word} {})", piece(&mut below), piece(&mut below))
            }
            4 => {
                let word = ["ray", "ray orthogonal", "ray diagonal", "xray"][below(4)];
                format!("{word} ({} {})", piece(&mut below), piece(&mut below))
            }
            _ => {
                let side = ["wtm", "btm", "check"][below(3)];
                let (a, b) = (piece(&mut below), piece(&mut below));
                let (c, d) = (piece(&mut below), piece(&mut below));
                format!("if {side} then {a} attackedby {b} else {c} attacks {d}")
            }
        };
        game_numbers(dir, files[0], &query, &[]);
        for extra in [&[][..], &["--variations"][..]] {
            game_numbers(dir, files[1], &query, extra);
        }
    }
}
