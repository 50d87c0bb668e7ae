//! CQL queries over infinite chess (ICN) through the `cqlq` binary, with expectations taken
//! from the ICN README's example game (seed 002: its `+`/`#` marks and stated positions), the
//! infinitechess.org variant start positions, and reasoning written next to each test.

use std::collections::BTreeSet;
use std::path::{Path, PathBuf};

use crate::common;
use common::icn::{cqlq, icn_dir, matches};

/// Games 4 and 5 of `readme-examples.icn` are the README's game in long and compact form
/// (22 plies); game 1 is the piece-list example, 2 the classical start, 3 the classical
/// position after `4,2>4,4`, 6 the README's position before the last move.
fn both_games(plies: &[u64]) -> BTreeSet<(u64, u64)> {
    plies.iter().flat_map(|&p| [(4, p), (5, p)]).collect()
}

fn write(dir: &tempfile::TempDir, name: &str, text: &str) -> PathBuf {
    let p = dir.path().join(name);
    std::fs::write(&p, text).unwrap();
    p
}

#[test]
fn check_and_mate_follow_the_readme_marks() {
    let Some(d) = icn_dir() else { return };
    let f = d.join("readme-examples.icn");
    // The README marks 5... b-4,4>2,-2 + (ply 10), 9. Q1,7>7,13 + (ply 17),
    // 10. Q7,13x7,7 + (ply 19) and 11... q0,4>4,4 # (ply 22); no other move checks.
    assert_eq!(matches("check", &f), both_games(&[10, 17, 19, 22]));
    assert_eq!(matches("mate", &f), both_games(&[22]));
    assert!(matches("stalemate", &f).is_empty());
    // The side to move is in check exactly there: `k attackedby A` after White's checking
    // moves (plies 17, 19), `K attackedby a` after Black's (10, 22).
    assert_eq!(matches("btm k attackedby A", &f), both_games(&[17, 19]));
    assert_eq!(matches("wtm K attackedby a", &f), both_games(&[10, 22]));
}

#[test]
fn mate_prints_the_readme_position_with_the_last_move_played() {
    let Some(d) = icn_dir() else { return };
    let f = d.join("readme-examples.icn");
    let (_, out, _) = cqlq(&["--fen"], "mate", &f);
    let lines: Vec<&str> = out.lines().collect();
    assert_eq!(lines.len(), 2, "{out}");
    // The README's position before the last move (game 6) with 0,4>4,4 played: the queen
    // moves from 0,4 to 4,4, White to move, the en passant square gone, the halfmove counter
    // 1 (a quiet queen move), fullmove 12.
    let before = "b 8,3 0/100 11 (8|1) {\"slideLimit\":100} b3,8|r6,8|p5,7+|p6,7+|k7,7|p8,7+|p4,6|n6,6|q0,4|P8,4|P1,2+|P2,2+|P3,2+|K4,2|P5,2+|P6,2+|P7,2+|R1,1+|N2,1|B3,1|Q4,1|B6,1|N7,1|R8,1+|b2,-2";
    let after = before
        .replace("b 8,3 0/100 11", "w 1/100 12")
        .replace("n6,6|q0,4|P8,4", "n6,6|q4,4|P8,4");
    assert_eq!(lines[1], after);
}

#[test]
fn coordinate_designators() {
    let Some(d) = icn_dir() else { return };
    let f = d.join("readme-examples.icn");
    // The black queen has x <= 0 in the piece-list example (q-2,-9) and from 8... q4,8>0,4
    // (ply 16) until 11... q0,4>4,4 (ply 22), which is also game 6's position.
    let mut q_west = both_games(&[16, 17, 18, 19, 20, 21]);
    q_west.extend([(1, 0), (6, 0)]);
    assert_eq!(matches("q[..0,*]", &f), q_west);
    // The same with a union of rectangles (x <= 0, or y in 100.. which no queen reaches).
    assert_eq!(matches("q[..0,*;*,100..]", &f), q_west);
    // 3,4 is empty in the classical start (game 2) and holds the white king in game 1.
    let empty = matches("_[3,4]", &f);
    assert!(empty.contains(&(2, 0)) && !empty.contains(&(1, 0)));
    // The white king stays within -5..5 x 0..8 in every position: 5,1 then 4,2 in the game,
    // 3,4 in the piece list: 1 + 1 + 1 + 23 + 23 + 1 positions.
    assert_eq!(matches("K[-5..5,0..8]", &f).len(), 50);
    // Square names keep their classical meaning: e1 is 5,1.
    assert_eq!(matches("Ke1", &f), matches("K[5,1]", &f));
}

#[test]
fn transforms_are_affine_maps_of_the_plane() {
    let Some(d) = icn_dir() else { return };
    let f = d.join("readme-examples.icn");
    let union = |a: &str, b: &str| {
        let mut s = matches(a, &f);
        s.extend(matches(b, &f));
        s
    };
    // flipcolor swaps colours and maps y to 9 - y; `*` is invariant.
    assert_eq!(
        matches("flipcolor q[..0,*]", &f),
        union("q[..0,*]", "Q[..0,*]")
    );
    // flipvertical maps x to 9 - x: ..0 becomes 9.. .
    assert_eq!(
        matches("flipvertical q[..0,*]", &f),
        union("q[..0,*]", "q[9..,*]")
    );
    // fliphorizontal maps y to 9 - y: 13.. becomes ..-4.
    assert_eq!(
        matches("fliphorizontal Q[*,13..]", &f),
        union("Q[*,13..]", "Q[*,..-4]")
    );
    // shifthorizontal moves a bounded square by -7..7 files: the white king on 4,2 or 5,1
    // is found by `K[1,2]` shifted 3 files, or `K[1,1]` shifted 4.
    assert_eq!(
        matches("shifthorizontal K[1,1..2]", &f),
        matches("K[-6..8,1..2]", &f)
    );
}

#[test]
fn power_values_of_fairy_pieces() {
    let Some(d) = icn_dir() else { return };
    let f = d.join("infinitechess-variants.icn");
    // Classical (game 1): 8 pawns, 2 rooks (5), 2 knights (3), 2 bishops (3), a queen (9).
    assert!(matches("power A == 39", &f).contains(&(1, 0)));
    // Standarch (game 3): 22 white pawns (P0..9,2; P0,1; P9,1; P0,0; P9,0; six on y = -1;
    // two on y = -2), 2 rooks, 2 knights, 2 bishops, a queen, an archbishop (7) and a
    // chancellor (8): 22 + 10 + 6 + 6 + 9 + 7 + 8 = 68.
    let standarch = matches("power A == 68", &f);
    assert!(standarch.contains(&(3, 0)), "{standarch:?}");
    assert!(!standarch.contains(&(1, 0)));
}

#[test]
fn exact_attacks_on_an_unbounded_board_and_refusals() {
    let dir = tempfile::tempdir().unwrap();
    // No slideLimit: the rook attacks an infinite ray, yet `k attackedby R` is exact (the
    // king's one square is tested), and the rook's move to 5,9 puts it on the king's file.
    let g = write(&dir, "g.icn", "w K0,0|k5,5|R1,9\n1,9>5,9+|5,5>4,4\n");
    assert_eq!(matches("k attackedby R", &g), BTreeSet::from([(1, 1)]));
    assert_eq!(matches("R attacks k", &g), BTreeSet::from([(1, 1)]));
    // currentfen is an ICN string: the rook is on 5,9 after ply 1 and after ply 2.
    assert_eq!(matches("currentfen ~~ \"R5,9\"", &g).len(), 2);
    // Questions without an exact answer withdraw the game, naming why.
    let (_, out, err) = cqlq(&[], ". attackedby R", &g);
    assert!(out.is_empty());
    assert!(err.contains("attacks infinitely many squares"), "{err}");
    let (_, _, err) = cqlq(&[], "#_ > 3", &g);
    assert!(err.contains("co-finite"), "{err}");
    let (_, _, err) = cqlq(&[], "move legal to [1,1]", &g);
    assert!(err.contains("slide without end"), "{err}");
    // Filters that need a bounded board, and regions neither finite nor co-finite, are
    // refused before any game is read.
    let (code, _, err) = cqlq(&[], "ray (R k)", &g);
    assert_eq!(code, Some(2));
    assert!(err.contains("does not evaluate ray"), "{err}");
    let (_, _, err) = cqlq(&[], "_[0..,*]", &g);
    assert!(err.contains("neither finite nor co-finite"), "{err}");
}

#[test]
fn matched_games_are_written_as_icn_that_reads_back() {
    let Some(d) = icn_dir() else { return };
    let f = d.join("readme-examples.icn");
    let (_, out, _) = cqlq(&[], "mate", &f);
    let games = cqlq::rules::infinite::icn_to_games(&out).unwrap();
    assert_eq!(games.len(), 2);
    for g in &games {
        // The game replays legally and its last move carries the match comment.
        assert_eq!(g.replay().unwrap().len(), 22);
        assert_eq!(g.moves[21].comment.as_deref(), Some("CQL"));
    }
}

#[test]
fn example_queries_in_queries_infinite() {
    let Some(d) = icn_dir() else { return };
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("queries/infinite");
    let text = |name: &str| std::fs::read_to_string(root.join(name)).unwrap();
    let f = d.join("readme-examples.icn");
    // The README game's checks from outside 1..8 x 1..8: the bishop on 2,-2 (ply 10) and the
    // queen on 7,13 (ply 17); the checks from 7,7 and 4,4 are from inside.
    assert_eq!(
        matches(&text("check-from-outside.cql"), &f),
        both_games(&[10, 17])
    );
    // No queen of the README game leaves -1000..1000.
    assert!(matches(&text("far-queen.cql"), &f).is_empty());
    // A ladder mate at 20,20: the rook on 10,20 checks along rank 20, the rooks on ranks 19
    // and 21 cover the king's other squares; and the same with colours swapped.
    let dir = tempfile::tempdir().unwrap();
    let ladder = write(
        &dir,
        "ladder.icn",
        "b K0,0|k20,20|R10,20|R1,19|R1,21\n\nw k0,0|K20,20|r10,20|r1,19|r1,21\n\nb K0,0|k5,5|R1,5|R1,4|R1,6\n",
    );
    assert_eq!(
        matches(&text("mate-outside.cql"), &ladder),
        BTreeSet::from([(1, 0), (2, 0)])
    );
    // Every example runs on the site's games and variants without a refusal.
    for entry in std::fs::read_dir(&root).unwrap() {
        let q = entry.unwrap().path();
        for file in ["random-legal-games.icn", "infinitechess-variants.icn"] {
            let (code, _, err) = cqlq(&[], &std::fs::read_to_string(&q).unwrap(), &d.join(file));
            assert!(
                matches!(code, Some(0 | 1)) && err.is_empty(),
                "{q:?} {file}: {err}"
            );
        }
    }
}
