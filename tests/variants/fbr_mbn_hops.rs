//! MBN hops, leaps and visits (`p`, `pp`, `g`, `gg`, `j`, `jj`, `jy`: `rules::fbr::mbn::hops`,
//! `fairy::leg_hops`). Where Fairy-Stockfish's Betza says the same (`p`, and the cannon
//! written with visits `jy`), every legal move is compared with pyffish's on positions with
//! white and black to move, kings in check from a hopper, and random games replayed by SAN
//! (`tests/expected/mbn-hop-fsf.txt`, written by `scripts/mbn_hop_fsf.py`). Fairy-Stockfish's
//! `g` is Betza's grasshopper and its `j` skips a slider's first square, neither the MBN
//! page's; the page's leaping sliders `gR`, `gB`, `gQ` are its leapers on a 4x4 board. It has
//! no `pp`, `gg` or one-side visits: those are hand-made positions with the page's sentence
//! (LeCodex's `mbn.js` restates the MBN page's modifier table) beside each.

use cqlq::rules::fairy::{FairyPos, load_variants};
use cqlq::rules::fbr::chess_with_rules;
use cqlq::rules::fbr::mbn::{MbnError, mbn_move_sets};

use super::common::rules_count_summary;
use super::fbr_mbn::{listed_from, moves_from, rules_moves_from};

fn rules_pos(mbn: &str, fen: &str) -> FairyPos {
    let v = chess_with_rules(&format!("A={mbn}")).unwrap_or_else(|e| panic!("{mbn}: {e}"));
    FairyPos::from_fen(v, fen).unwrap_or_else(|e| panic!("{fen}: {e:?}"))
}

#[test]
fn hoppers_move_as_fairy_stockfish_moves_their_betza_twins() {
    let text = include_str!("../expected/mbn-hop-fsf.txt");
    assert!(text.starts_with("# Source: Fairy-Stockfish"));
    let (mut pieces, mut checks) = (0, 0);
    for line in text.lines().filter(|l| !l.starts_with('#')) {
        let f: Vec<&str> = line.split('\t').collect();
        let (kind, mbn, betza, fen) = (f[0], f[1], f[2], f[3]);
        let want: Vec<String> = f[4].split_whitespace().map(String::from).collect();
        match kind {
            "moves" => {
                // The script's piece stands on d4 (white to move) or d5 (black).
                let from = if fen.contains(" w ") { "d4" } else { "d5" };
                let got = rules_moves_from(mbn, fen, from);
                assert_eq!(got, want, "--rules A={mbn} (Betza {betza}) on {fen}");
                // A definitions file's `MBN:` line knows kings, pawns, knights and rooks.
                if !fen
                    .split(' ')
                    .next()
                    .unwrap()
                    .contains(['q', 'Q', 'b', 'B'])
                {
                    let got = moves_from(mbn, fen, from);
                    assert_eq!(got, want, "MBN: {mbn} (Betza {betza}) on {fen}");
                }
                pieces += 1;
            }
            "all" => {
                let v = chess_with_rules(&format!("A={mbn}")).unwrap();
                let got = listed_from(v, fen, "");
                assert_eq!(got, want, "--rules A={mbn} (Betza {betza}) on {fen}");
                checks += 1;
            }
            _ => {}
        }
    }
    assert_eq!((pieces, checks), (11 * 8, 11 * 8));
}

/// A SjaakII definition of a 4x4 board: kings, knights, bishops, rooks and `A` = `mbn`.
fn small_board(mbn: &str) -> String {
    format!(
        "Variant: MBN small\nBoard: 4x4\nFEN: \"4/1K2/3k/A3 w - - 0 1\"\n\n\
         Piece: King\nMove: leap (1,0)|(1,1)\nSymbol: \"K\", \"K,k\"\nFlags: royal\n\n\
         Piece: Knight\nMove: leap (2,1)\nSymbol: \"N\", \"N,n\"\n\n\
         Piece: Bishop\nMove: slide (D,A)\nSymbol: \"B\", \"B,b\"\n\n\
         Piece: Rook\nMove: slide (H,V)\nSymbol: \"R\", \"R,r\"\n\n\
         Piece: Test\nMBN: {mbn}\nSymbol: \"A\", \"A,a\"\n"
    )
}

#[test]
fn leaping_sliders_move_as_fairy_stockfishs_leapers_on_a_small_board() {
    // On a 4x4 board the MBN page's leaping rook `gR` reaches what the leapers W, D and H
    // together do, the leaping bishop `gB` F, A and G: every square of its lines, whatever
    // stands between (Fairy-Stockfish's leapers, `small` rows of `mbn-hop-fsf.txt`).
    let text = include_str!("../expected/mbn-hop-fsf.txt");
    let mut rows = 0;
    for line in text.lines().filter(|l| l.starts_with("small\t")) {
        let f: Vec<&str> = line.split('\t').collect();
        let (mbn, betza, fen) = (f[1], f[2], f[3]);
        let want: Vec<String> = f[4].split_whitespace().map(String::from).collect();
        let from = if fen.contains(" w ") { "a1" } else { "a4" };
        let v = load_variants("small.txt", &small_board(mbn))
            .unwrap_or_else(|e| panic!("{mbn}: {e}"))
            .remove(0);
        assert_eq!(
            listed_from(v, fen, from),
            want,
            "{mbn} (Betza {betza}) on {fen}"
        );
        rows += 1;
    }
    assert_eq!(rows, 3 * 4);
}

#[test]
fn fairy_stockfishs_hopper_games_replay_by_san_with_their_checks_and_end() {
    let text = include_str!("../expected/mbn-hop-fsf.txt");
    let mut games = 0;
    for line in text.lines().filter(|l| l.starts_with("game\t")) {
        let f: Vec<&str> = line.split('\t').collect();
        let (mbn, start, sans, checks, end) = (f[1], f[3], f[4], f[5], f[6]);
        let mut p = rules_pos(mbn, start);
        let mut in_check = 0;
        for san in sans.split_whitespace() {
            let m = p
                .san_to_move(san)
                .unwrap_or_else(|e| panic!("{mbn}: {san}: {e}"));
            p.make(&m);
            in_check += usize::from(p.in_check(p.turn));
        }
        assert_eq!(in_check.to_string(), checks, "{mbn}: {sans}");
        assert_eq!(p.to_fen(true), end, "{mbn}: {sans}");
        games += 1;
    }
    assert_eq!(games, 3);
}

#[test]
fn a_cannon_game_replays_from_pgn_under_rules() {
    // The first game of `mbn-hop-fsf.txt` (Fairy-Stockfish's random cannon game, one check)
    // through the command line: every move read, one position in check.
    let text = include_str!("../expected/mbn-hop-fsf.txt");
    let line = text.lines().find(|l| l.starts_with("game\t")).unwrap();
    let f: Vec<&str> = line.split('\t').collect();
    let (mbn, start, sans) = (f[1], f[3], f[4]);
    let mut movetext = String::new();
    for (i, san) in sans.split_whitespace().enumerate() {
        if i % 2 == 0 {
            movetext.push_str(&format!("{}. ", i / 2 + 1));
        }
        movetext.push_str(san);
        movetext.push(' ');
    }
    let pgn = format!("[Event \"cannon\"]\n[SetUp \"1\"]\n[FEN \"{start}\"]\n\n{movetext}*\n\n");
    let rules = format!("A={mbn}");
    let summary = rules_count_summary(&rules, "check", &pgn);
    assert!(summary.contains("1 position matched"), "{summary}");
    assert!(summary.contains("0 bad games"), "{summary}");
    // A hop over two pieces is no cannon move: with a second white pawn on b3 the first
    // move `Axb7` (b1 over b2 to b7) is illegal, and the game is bad, not read in part.
    let two_screens = pgn.replace("/8/PPPPPPPP/", "/1P6/PPPPPPPP/");
    let summary = rules_count_summary(&rules, "check", &two_screens);
    assert!(summary.contains("1 bad game"), "{summary}");
}

#[test]
fn pp_hops_over_one_or_more_hurdles() {
    // "When doubled (pp) it must hop over any number of hurdles (but at least one)." White
    // pawns d5 b4 h4 d2, black pawns d6 f4. From d4 along the file up: d5 is the first
    // hurdle; d6 (black) is a landing square (a capture) and a second hurdle; d7, d8 lie past
    // both. `p` stops at d6 ("any single hurdle"). Left: past b4, a4. Right: past f4, g4 (h4
    // is white's own). Down: past d2, d1.
    let fen = "k7/8/3p4/3P4/1P1A1p1P/8/3P4/7K w - - 0 1";
    assert_eq!(
        rules_moves_from("ppR", fen, "d4"),
        ["d4a4", "d4d1", "d4d6", "d4d7", "d4d8", "d4g4"]
    );
    assert_eq!(
        rules_moves_from("pR", fen, "d4"),
        ["d4a4", "d4d1", "d4d6", "d4g4"]
    );
    // A king behind two pieces is in check from `ppR`, not from `pR` (two hurdles).
    let behind_two = "4k3/4p3/8/8/4P3/8/8/K3A3 b - - 0 1";
    assert!(rules_pos("ppR", behind_two).in_check(1));
    assert!(!rules_pos("pR", behind_two).in_check(1));
}

#[test]
fn a_pp_game_replays_from_pgn() {
    // White's `ppR` on a1, its knight on c1; white pawn e4, black pawn e7, black king e8.
    // 1. Ae1+: along rank 1 over the knight on c1 (one hurdle) to e1; from there the e-file
    // holds e4 and e7 (two hurdles) and then the king: check ("any number of hurdles (but
    // at least one)"). 1... Kd8 steps off the file. Under `pR` the same move is legal (one
    // hurdle) but gives no check: past e7, its second piece, a cannon's line ends.
    let pgn = "[Event \"pp\"]\n[SetUp \"1\"]\n[FEN \"4k3/4p3/8/8/4P3/8/8/A1N4K w - - 0 1\"]\n\n\
               1. Ae1+ Kd8 *\n\n";
    let summary = rules_count_summary("A=ppR", "check", pgn);
    assert!(summary.contains("1 position matched"), "{summary}");
    assert!(summary.contains("0 bad games"), "{summary}");
    let summary = rules_count_summary("A=pR", "check", pgn);
    assert!(summary.contains(", 0 positions matched"), "{summary}");
    assert!(summary.contains("0 bad games"), "{summary}");
}

#[test]
fn g_leaps_along_its_lines_over_anything_and_gg_over_friends_only() {
    // "g: Defines a leaping slider. This means it moves like the given slider, but it is
    // jumping (leaping) instead of sliding. When doubled (gg) then it can leap over friendly
    // pieces, but not over enemy pieces." From d4, white pawns b4 h4 d2, black pawns d6 f4:
    // `gR` reaches every square of its lines but its own side's: d5 d6 (x) d7 d8, c4 a4,
    // e4 f4 (x) g4, d3 d1.
    let fen = "k7/8/3p4/8/1P1A1p1P/8/3P4/7K w - - 0 1";
    assert_eq!(
        rules_moves_from("gR", fen, "d4"),
        [
            "d4a4", "d4c4", "d4d1", "d4d3", "d4d5", "d4d6", "d4d7", "d4d8", "d4e4", "d4f4", "d4g4"
        ]
    );
    // `ggR`: over b4 and d2 (white's), not over d6 or f4 (black's: taken, and the line
    // ends there).
    assert_eq!(
        rules_moves_from("ggR", fen, "d4"),
        [
            "d4a4", "d4c4", "d4d1", "d4d3", "d4d5", "d4d6", "d4e4", "d4f4"
        ]
    );
    // Black's `gR` on d5 of the mirrored position reaches the mirrored squares.
    let black = "7k/3p4/8/1p1a1P1p/8/3P4/8/K7 b - - 0 1";
    assert_eq!(
        rules_moves_from("gR", black, "d5"),
        [
            "d5a5", "d5c5", "d5d1", "d5d2", "d5d3", "d5d4", "d5d6", "d5d8", "d5e5", "d5f5", "d5g5"
        ]
    );
    // `gB` on a1: the long diagonal holds b2 (white pawn), c3 (white knight) and e5 (black
    // pawn); it lands on d4, e5 (x), f6, g7, h8.
    let diagonal = "k7/8/8/4p3/8/2N5/1P6/A6K w - - 0 1";
    assert_eq!(
        rules_moves_from("gB", diagonal, "a1"),
        ["a1d4", "a1e5", "a1f6", "a1g7", "a1h8"]
    );
    // A king on its line is in check whatever stands between.
    assert!(rules_pos("gR", "4k3/4p3/4n3/8/4P3/8/8/K3A3 b - - 0 1").in_check(1));
}

#[test]
fn a_g_game_replays_from_pgn() {
    // White's `gQ` on d1 behind its own pawn d2; black pawn d7, black king e8. 1. Axd7+
    // leaps over d2 along the file and takes on d7, next to the king on its diagonal:
    // check. 1... Kxd7: nothing of white's guards d7.
    let pgn = "[Event \"g\"]\n[SetUp \"1\"]\n[FEN \"4k3/3p4/8/8/8/8/3P4/3AK3 w - - 0 1\"]\n\n\
               1. Axd7+ Kxd7 *\n\n";
    let summary = rules_count_summary("A=gQ", "check", pgn);
    assert!(summary.contains("1 position matched"), "{summary}");
    assert!(summary.contains("0 bad games"), "{summary}");
    // A plain queen could not get there (d2 blocks): the same game is bad under `A=Q`.
    let summary = rules_count_summary("A=Q", "check", pgn);
    assert!(summary.contains("1 bad game"), "{summary}");
}

/// The cannon written with visits of `j`, `jj` or `jy` screens.
fn cannon(visit: &str) -> String {
    format!("mR+({visit}fR-cfR)+({visit}bR-cbR)+({visit}lR-clR)+({visit}rR-crR)")
}

#[test]
fn j_visits_an_enemy_piece_jj_a_friendly_one_jy_either() {
    // "j ... means: move to any opponent piece, but without capturing (visit a piece). Either
    // a succeeding leg is required for the destination square ... When doubled (jj) any
    // friendly piece will be visited, but no enemy pieces. And if suffixed with a y (jy) then
    // any piece (friendly or enemy) may be visited." The cannon's capture as a visit of the
    // first piece on a line, then a capture further along it. From d4: up, d6 (black) then
    // the rook d7; left, b4 (white) then the knight a4; right, f4 (black) then the queen g4;
    // down, d2 (white) then the bishop d1. Moves: d5 c4 e4 d3.
    let fen = "k7/3r4/1p1p4/8/nP1A1pq1/8/1P1P1N2/b2b3K w - - 0 1";
    let quiet = ["d4c4", "d4d3", "d4d5", "d4e4"];
    let with = |caps: &[&str]| {
        let mut all: Vec<String> = quiet.iter().chain(caps).map(|s| s.to_string()).collect();
        all.sort();
        all
    };
    assert_eq!(
        rules_moves_from(&cannon("j"), fen, "d4"),
        with(&["d4d7", "d4g4"])
    );
    assert_eq!(
        rules_moves_from(&cannon("jj"), fen, "d4"),
        with(&["d4a4", "d4d1"])
    );
    assert_eq!(
        rules_moves_from(&cannon("jy"), fen, "d4"),
        with(&["d4a4", "d4d1", "d4d7", "d4g4"])
    );
    // A leaper visits the square it leaps to: `jyfW-cfW` steps onto the piece in front
    // (either side's) and captures the one in front of that, only there.
    assert_eq!(
        rules_moves_from("jyfW-cfW", "k7/8/3p4/3P4/3A4/8/8/7K w - - 0 1", "d4"),
        ["d4d6"]
    );
    let nothing: [&str; 0] = [];
    assert_eq!(
        rules_moves_from("jyfW-cfW", "k7/8/8/3P4/3A4/8/8/7K w - - 0 1", "d4"),
        nothing,
        "d6 empty: the capture leg has no victim"
    );
    // A visit goes on in any direction the next leg has: `jyR-mR` visits the first piece of
    // a rook line and moves on as a rook from there. From a1 with a white pawn on a3 (the
    // only piece on its lines): a3, then a4..a8, b3..h3 and back down a2 (a1 is the square
    // it left, empty then, but a move never ends where it started).
    let turn = rules_moves_from("jyR-mR", "7k/8/8/8/8/P7/7K/A7 w - - 0 1", "a1");
    assert_eq!(
        turn,
        [
            "a1a2", "a1a4", "a1a5", "a1a6", "a1a7", "a1a8", "a1b3", "a1c3", "a1d3", "a1e3", "a1f3",
            "a1g3", "a1h3"
        ]
    );
}

#[test]
fn a_jj_game_replays_from_pgn() {
    // The `jj` cannon on e1 behind its own pawn e2; black pawn e7, black king e8. 1. Axe7
    // visits e2 (its own piece) and takes on e7 further up the file. From e7 it gives no
    // check: the king on e8 is the first piece of its line, an enemy, which `jj` does not
    // visit, and `mR` only moves. 1... Kxe7: nothing of white's guards e7.
    let pgn = "[Event \"jj\"]\n[SetUp \"1\"]\n[FEN \"4k3/4p3/8/8/8/8/4P3/K3A3 w - - 0 1\"]\n\n\
               1. Axe7 Kxe7 *\n\n";
    let rules = format!("A={}", cannon("jj"));
    let summary = rules_count_summary(&rules, "check", pgn);
    assert!(summary.contains(", 0 positions matched"), "{summary}");
    assert!(summary.contains("0 bad games"), "{summary}");
    // With `j` (enemy pieces only) the own pawn on e2 is no screen: a bad game.
    let rules = format!("A={}", cannon("j"));
    let summary = rules_count_summary(&rules, "check", pgn);
    assert!(summary.contains("1 bad game"), "{summary}");
}

#[test]
fn a_hop_rides_the_leap_points_of_a_longer_atom() {
    // "the hurdle can be anywhere in the path": a nightrider's path is its knight-leap points.
    // `pN0` from d4: the black pawn on f5 (one knight leap) is the hurdle of the (2,1) line,
    // h6 the next point: the one landing square (every other line is empty: no hurdle).
    // Fairy-Stockfish (pyffish 0.0.90) lists no move for `pN0` or `pNN`, so counted here.
    let fen = "k7/7p/8/5p2/3A4/8/8/7K w - - 0 1";
    assert_eq!(rules_moves_from("pN0", fen, "d4"), ["d4h6"]);
    // A limited hop: `pW3` lands at most three squares away (hurdles counted): the FSF rows.
    assert_eq!(
        rules_moves_from("pW2", "k7/8/8/3p4/3A4/8/8/7K w - - 0 1", "d4"),
        ["d4d6"]
    );
}

fn fault(text: &str) -> MbnError {
    mbn_move_sets(text).map(|_| ()).unwrap_err()
}

#[test]
fn hop_forms_cqlq_does_not_evaluate_are_refused_at_their_column() {
    let cases = [
        ("mR+pN", 4, "on a leap"),
        ("gK", 1, "on a leap"),
        ("p{P}R", 2, "piece set after `p`"),
        ("pp?R", 3, "optional mark `?` after `pp`"),
        ("jyR", 1, "ends the movement"),
        ("mR+jR", 4, "ends the movement"),
        ("mjR-cR", 2, "beside `m`"),
        ("pgR", 2, "two hop, leap or visit modifiers"),
        ("mR+ccpR", 6, "friendly capture"),
    ];
    for (text, column, words) in cases {
        let e = fault(text);
        assert_eq!(e.column, column, "{text}: {e}");
        assert!(e.reason.contains(words), "{text}: {e}");
    }
    // A swap with a hop, in a rule list (where swaps are read): at the `p` (column 10).
    let e = chess_with_rules("royal A=wpR").map(|_| ()).unwrap_err();
    assert_eq!(e.column, 10, "{e}");
    assert!(e.reason.contains("beside a swap"), "{e}");
    // Outside a piece's movement (a zone) the modifiers are refused by name.
    let e = chess_with_rules("freezer# #Q=pR").map(|_| ()).unwrap_err();
    assert!(e.reason.contains("modifier `p` (hop)"), "{e}");
}
