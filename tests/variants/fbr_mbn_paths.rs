//! MBN movements of several legs (`fairy::leg_paths`, `rules::fbr::mbn::chains`): the seed's
//! Fire Demon (`(mF4+msW4+([mK]--[mK]--K))`, seed 001's burner example), sequences of more
//! than two legs, `--`, optional legs `[...]`, riders inside a sequence, exact step counts
//! (`W03`), repeated complex riders (`(mfW-frF)0`) and the riders the engine's lines could not
//! mirror (`lR`, `D3`). No oracle has these pieces (pyffish 0.0.90 has no multi-leg Betza, and
//! Fairy-Stockfish has no Fire Demon), so each expectation is counted by hand beside it, from
//! the MBN page's grammar and Tenjiku shogi's published moves.

use cqlq::rules::fbr::chess_with_rules;

use super::common::rules_count_summary;
use super::fbr_mbn::{listed_from, rules_moves_from};
use super::fbr_rules::{from, pos};

/// The seed's Fire Demon without the burning `--X` after its move (`fbr_mbn_explosion`).
const FIRE_DEMON: &str = ":FD:|Fire Demon|=(mF4+msW4+([mK]--[mK]--K))";

#[test]
fn the_fire_demon_steps_up_to_three_times_as_a_king_and_slides_four() {
    // Tenjiku shogi's Fire Demon (H. G. Muller's Tenjiku page: "it could do three King steps
    // from where it stands ... as it can alter direction between steps, it can move around
    // obstacles"): `[mK]--[mK]--K` is one, two or three king steps, each but the last to an
    // empty square. On an empty board from d4 that is every square within three king steps:
    // a1-g7 but d4, 48 squares; `mF4` adds h8 (four diagonal steps) and `msW4` h4 (four
    // sideways); every other slide square is within three steps. 50.
    let p = pos(FIRE_DEMON, "k7/8/8/8/3:FD:4/8/8/7K w - - 0 1");
    let demon = from(&p, "d4");
    assert_eq!(demon.len(), 50, "{demon:?}");
    assert!(demon.contains(&"h8".to_string()) && demon.contains(&"h4".to_string()));
    assert!(
        !demon.contains(&"h5".to_string()),
        "h5 is four steps away and no slide"
    );
}

#[test]
fn the_fire_demon_goes_round_a_wall_and_stops_at_its_first_capture() {
    // White pawns c4 d4 e4 wall in the Fire Demon on d3 to the north. d5 (two ranks up) needs
    // a first step onto rank 4, or three steps ending two files off: the black rook there is
    // safe. The black pawn on b4 is taken round the wall (c3, then b4), and the demon stops
    // there ("it has to stop at the first capture"): a5, three steps away, needs a path
    // through c4 (white's) or through b4 (a capture ends the move), so it is no move.
    let walled = "k7/8/8/3r4/1pPPP3/3:FD:4/8/7K w - - 0 1";
    let demon = from(&pos(FIRE_DEMON, walled), "d3");
    assert!(demon.contains(&"b4".to_string()), "{demon:?}");
    // c5 needs a step onto rank 4 first (c4 d4 e4 white's, b4 a capture) as d5 does.
    for unreachable in ["a5", "d5", "d6", "c5"] {
        assert!(!demon.contains(&unreachable.to_string()), "{unreachable}");
    }
    // e5 is reached round the wall's east end: e3, f4, e5.
    assert!(demon.contains(&"e5".to_string()), "{demon:?}");
    // Without the pawn on b4, a5 is reached c3-b4-a5 (and b4 is a plain move).
    let open = "k7/8/8/3r4/2PPP3/3:FD:4/8/7K w - - 0 1";
    let demon = from(&pos(FIRE_DEMON, open), "d3");
    assert!(demon.contains(&"a5".to_string()), "{demon:?}");
    assert!(!demon.contains(&"d5".to_string()));
}

#[test]
fn a_fire_demon_game_replays_from_pgn() {
    // The demon on d2 behind its pawns c3 d3 e3: 1. :FD:b4 is only its area move (c2, b3,
    // b4: the diagonal d2-c3 is blocked). After 1... Kd8 2. :FD:b5 the black king on d8 is
    // three king steps away over empty squares (c6, c7, d8): check, and every square it
    // could go to (c8 c7 d7 e7 e8) is within three steps too: mate. `check` matches once.
    let pgn = "[Event \"demon\"]\n[SetUp \"1\"]\n\
               [FEN \"4k3/8/8/8/8/2PPP3/3:FD:4/4K3 w - - 0 1\"]\n\n\
               1. :FD:b4 Kd8 2. :FD:b5# *\n\n";
    let summary = rules_count_summary(FIRE_DEMON, "check", pgn);
    assert!(summary.contains("1 position matched"), "{summary}");
    assert!(summary.contains("0 bad games"), "{summary}");
    let summary = rules_count_summary(FIRE_DEMON, "mate", pgn);
    assert!(summary.contains("1 position matched"), "{summary}");
    // a5 (three diagonal steps d2-c3-b4-a5) crosses the pawn on c3: a bad game, not ignored.
    let bad = pgn.replace(":FD:b4 Kd8 2. :FD:b5#", ":FD:a5");
    let summary = rules_count_summary(FIRE_DEMON, "check", &bad);
    assert!(summary.contains("1 bad game"), "{summary}");
}

#[test]
fn three_legs_mirror_for_black_and_double_hyphens_chain_as_single_ones() {
    // Seed 001's `mirror`: black's forward is white's backward, in each leg. `mfW-mfW-fF` for
    // black on d5: d4, d3 (both empty), then c2 or e2.
    let black = "k7/8/8/3a4/8/8/8/7K b - - 0 1";
    assert_eq!(
        rules_moves_from("mfW-mfW-fF", black, "d5"),
        ["d5c2", "d5e2"]
    );
    // `--` chains legs as `-` does: `mW--F` is `mW-F`'s 12 squares (`fbr_mbn_legs`).
    let empty = "k7/8/8/8/3A4/8/8/7K w - - 0 1";
    assert_eq!(
        rules_moves_from("mW--F", empty, "d4"),
        rules_moves_from("mW-F", empty, "d4")
    );
    assert_eq!(rules_moves_from("mW--F", empty, "d4").len(), 12);
    // An optional leg: `[mW]-F` is `F` or `mW-F`: c3 c5 e3 e5 and the 12, 16 squares.
    assert_eq!(rules_moves_from("[mW]-F", empty, "d4").len(), 16);
}

#[test]
fn a_rider_inside_a_sequence_slides_from_the_first_legs_square() {
    // `mF-R`: a ferz step to an empty square, then a rook line from there (white's
    // directions). From d4 on an empty board the first squares are c3 c5 e3 e5 and the lines
    // cover files c and e and ranks 3 and 5 whole: 16 + 16 - 4 crossings = 28.
    let empty = "k7/8/8/8/3A4/8/8/7K w - - 0 1";
    assert_eq!(rules_moves_from("mF-R", empty, "d4").len(), 28);
    // A black pawn on c7 ends the line up file c there (a capture); c8 is gone.
    let got = rules_moves_from("mF-R", "k7/2p5/8/8/3A4/8/8/7K w - - 0 1", "d4");
    assert!(got.contains(&"d4c7".to_string()) && !got.contains(&"d4c8".to_string()));
}

#[test]
fn an_exact_step_count_lands_only_at_its_count() {
    // The MBN page: `0n` is exactly n steps (its pawn's double step `[1-2]mefW02`). `W03`
    // from d4: d7 d1 a4 g4, over empty squares.
    let empty = "k7/8/8/8/3A4/8/8/7K w - - 0 1";
    assert_eq!(
        rules_moves_from("W03", empty, "d4"),
        ["d4a4", "d4d1", "d4d7", "d4g4"]
    );
    // A pawn on d5 blocks the line to d7; one on d7 is captured there.
    assert_eq!(
        rules_moves_from("W03", "k7/8/8/3p4/3A4/8/8/7K w - - 0 1", "d4"),
        ["d4a4", "d4d1", "d4g4"]
    );
    assert!(
        rules_moves_from("W03", "k7/3p4/8/8/3A4/8/8/7K w - - 0 1", "d4")
            .contains(&"d4d7".to_string())
    );
}

#[test]
fn a_complex_rider_repeats_its_sequence_along_the_same_vectors() {
    // `(mfW-frF)0`: a lame knight leap (forward step, then forward-right diagonal) repeated
    // as a nightrider repeats its leap: from a1 over a2 to b3, over b4 to c5, over c6 to d7.
    let a1 = "k7/8/8/8/8/8/8/A6K w - - 0 1";
    assert_eq!(
        rules_moves_from("(mfW-frF)0", a1, "a1"),
        ["a1b3", "a1c5", "a1d7"]
    );
    // `n`: up to n times; `0n`: exactly n times.
    assert_eq!(rules_moves_from("(mfW-frF)2", a1, "a1"), ["a1b3", "a1c5"]);
    assert_eq!(rules_moves_from("(mfW-frF)02", a1, "a1"), ["a1c5"]);
    // A piece on b4 (the second round's first square) stops it after b3; a black pawn on c5
    // is captured and ends the ride.
    assert_eq!(
        rules_moves_from("(mfW-frF)0", "k7/8/8/8/1P6/8/8/A6K w - - 0 1", "a1"),
        ["a1b3"]
    );
    assert_eq!(
        rules_moves_from("(mfW-frF)0", "k7/8/8/2p5/8/8/8/A6K w - - 0 1", "a1"),
        ["a1b3", "a1c5"]
    );
}

#[test]
fn riders_the_engines_lines_could_not_mirror_are_paths() {
    // `lR`: a rook going left only. Seed 001's `mirror` (at the horizontal bisector) keeps
    // left as the lower files for black too: white's from d4 a4 b4 c4, black's from d5 a5
    // b5 c5.
    assert_eq!(
        rules_moves_from("lR", "k7/8/8/8/3A4/8/8/7K w - - 0 1", "d4"),
        ["d4a4", "d4b4", "d4c4"]
    );
    let v = chess_with_rules("A=lR").unwrap();
    assert_eq!(
        listed_from(v, "k7/8/8/3a4/8/8/8/7K b - - 0 1", "d5"),
        ["d5a5", "d5b5", "d5c5"]
    );
    // `D3`: up to three dabbaba leaps along a line: from a1 a3 a5 a7 c1 e1 g1.
    assert_eq!(
        rules_moves_from("D3", "k7/8/8/8/8/8/8/A6K w - - 0 1", "a1"),
        ["a1a3", "a1a5", "a1a7", "a1c1", "a1e1", "a1g1"]
    );
}
