//! MBN piece letters beyond one character: compound letters between colons (`:FD:`, `:KD:`;
//! seed 001's `<PieceLetter> ::= [A-Z] | ':' [A-Z] [A-Za-z0-9]? [A-Za-z0-9]? ':'`) in piece
//! definitions, piece sets, prefixed rules, FEN and SAN. No oracle has such letters
//! (Fairy-Stockfish and SjaakII name pieces with one character), so each expectation is
//! reasoned from the seed's and the MBN page's words beside it.

use cqlq::rules::fbr::chess_with_rules;

use super::common::rules_count_summary;
use super::fbr_rules::{from, moves, on, play, pos};

#[test]
fn a_compound_letter_names_a_piece_in_its_definition_fen_and_san() {
    // The MBN page: "Instead of a single piece letter, also a compound letter may be used,
    // enclosed inside colons"; the letter is "used in game notation for this piece", so its
    // SAN is `:KD:d3`. A knight-moving Disk piece `:KD:` on c1 (white, upper case) and one
    // on f8 (black: FEN's lower case, `:kd:`).
    let rules = ":KD:|Knight Disk|=N";
    let fen = "5:kd:1k/8/8/8/8/8/8/2:KD:1K3 w - - 0 1";
    let p = pos(rules, fen);
    // A knight's leaps from c1: a2 b3 d3 e2.
    assert_eq!(from(&p, "c1"), ["a2", "b3", "d3", "e2"]);
    assert_eq!(on(&p, "f8"), Some((1, ":KD:".to_string())));
    // The FEN is written back as read.
    assert_eq!(p.to_fen(false), fen);
    // SAN names the piece by its compound letter; a capture keeps its mark.
    let m = p.san_to_move(":KD:d3").unwrap();
    let mut q = p.clone();
    q.make(&m);
    assert_eq!(on(&q, "d3"), Some((0, ":KD:".to_string())));
    assert!(p.san_to_move(":KD:c3").is_err(), "not a knight's leap");
    // The MBN page: compound letters "are different only if the upper-case forms are
    // different" (`:Kd:` is `:KD:`), but `:X:` is not `X`: `:K:` names no piece here.
    assert!(p.san_to_move(":Kd:d3").is_ok());
    assert!(chess_with_rules(":Kd:=N royal{K:KD:}").is_ok());
    let e = chess_with_rules(":KD:=N royal{K:K:}").unwrap_err();
    assert!(e.reason.contains("`:K:` names no piece"), "{e}");
}

#[test]
fn a_game_with_a_compound_letter_piece_replays() {
    // An end-to-end PGN game: the Disk leaps c1-d3-e5 giving check to the king on d7, and
    // c4 checks the king on d6 again: two checks (black to move after each).
    let pgn = "[Event \"disk\"]\n[SetUp \"1\"]\n[FEN \"4k3/8/8/8/8/8/8/2:KD:1K3 w - - 0 1\"]\n\n\
               1. :KD:d3 Kd7 2. :KD:e5+ Kd6 3. :KD:c4+ *\n\n";
    let summary = rules_count_summary(":KD:|Knight Disk|=N", "check", pgn);
    assert!(summary.contains("2 positions matched"), "{summary}");
    assert!(summary.contains("0 bad games"), "{summary}");
    // A move the Disk cannot make is a bad game, not ignored.
    let bad = pgn.replace(":KD:e5+", ":KD:e4");
    let summary = rules_count_summary(":KD:|Knight Disk|=N", "check", &bad);
    assert!(summary.contains("1 bad game"), "{summary}");
}

#[test]
fn a_pawn_promotes_to_a_compound_letter_piece() {
    // A prefixed promotion rule with a compound result (the seed's Disk rules write
    // `+K==:KD:`): `+P==Q:QD:` lets the pawn become a queen or the queen-moving `:QD:`.
    // SAN writes the choice after `=` (`e8=:QD:`). From e8 the `:QD:` checks the king on a8
    // along the rank.
    let rules = ":QD:|Queen Disk|=Q +P==Q:QD:";
    let p = pos(rules, "k7/4P3/8/8/8/8/8/4K3 w - - 0 1");
    let m = p.san_to_move("e8=:QD:").unwrap();
    let mut q = p.clone();
    q.make(&m);
    assert_eq!(on(&q, "e8"), Some((0, ":QD:".to_string())));
    assert!(q.in_check(1));
    // Only the rule's two choices: e7-e8 is two moves.
    assert_eq!(from(&p, "e7").len(), 2, "{:?}", from(&p, "e7"));
    let pgn = "[Event \"mount\"]\n[SetUp \"1\"]\n[FEN \"k7/4P3/8/8/8/8/8/4K3 w - - 0 1\"]\n\n\
               1. e8=:QD:+ Kb7 *\n\n";
    let summary = rules_count_summary(rules, "check", pgn);
    assert!(summary.contains("1 position matched"), "{summary}");
    assert!(summary.contains("0 bad games"), "{summary}");
}

#[test]
fn a_demotion_rule_names_a_compound_letter() {
    // The seed's `-:QD:==Q` ("the promoted Queen ... will demote to a Queen") under
    // `swap=demote` ("After piece swap the opposing piece will be demoted instantly by one
    // rank", the seed's `swap=demote Q=mQ+wQ -Q==R`): white's queen on d1 swaps with the
    // black `:QD:` on d5, which lands on d1 demoted to a queen; the white queen stands on d5.
    let rules = "swap=demote Q=mQ+wQ :QD:|Queen Disk|=Q -:QD:==Q";
    let mut p = pos(rules, "4k3/8/8/3:qd:4/8/8/8/3QK3 w - - 0 1");
    play(&mut p, "d1d5");
    assert_eq!(on(&p, "d5"), Some((0, "Q".to_string())));
    assert_eq!(on(&p, "d1"), Some((1, "Q".to_string())));
}

/// The seed's burner example with the Fire Demon's movement written short (`mF4+msW4`; the
/// seed's full movement: `fbr_mbn_explosion`) and `A` defined, since the set `{^A}` must name
/// a piece of the board.
const FIRE_DEMON: &str = "royal A|Any|=W burner#={^A} :FD:|Fire Demon|=mF4+msW4 #:FD:=K";

#[test]
fn the_fire_demon_burns_pieces_landing_next_to_it() {
    // "The Fire Demon is burning opposing pieces that land on adjacent squares": the black
    // rook d8-d5 lands next to the Fire Demon on d4 and is removed.
    let mut p = pos(FIRE_DEMON, "k7/8/8/8/3:FD:4/8/8/K2r4 b - - 0 1");
    play(&mut p, "d1d3");
    assert_eq!(on(&p, "d3"), None);
    // "The optional piece set is restricting the pieces that can be burnt": `{^A}` spares
    // an `A` (a1-b1 is not next to d4; the `A` on c6 steps to c5, next to d4, and stays).
    let mut p = pos(FIRE_DEMON, "k7/8/2a5/8/3:FD:4/8/8/K7 b - - 0 1");
    play(&mut p, "c6c5");
    assert_eq!(on(&p, "c5"), Some((1, "A".to_string())));
    // The Fire Demon moves as `mF4+msW4`: up to four diagonal steps and four sideways ones,
    // capturing nothing: e5-h8 (4), c5-a7 (3), e3-g1 (3), c3 b2 (2: its own king on a1),
    // c4-a4 (3), e4-g4 (3: the rook on h4 is not taken).
    let p = pos(FIRE_DEMON, "k7/8/8/8/3:FD:3r/8/8/K7 w - - 0 1");
    let demon = from(&p, "d4");
    assert_eq!(demon.len(), 4 + 3 + 3 + 2 + 3 + 3, "{demon:?}");
    assert!(!demon.contains(&"h4".to_string()));
    assert!(moves(&p).iter().all(|m| !m.ends_with("h4")));
}

#[test]
fn what_the_seeds_compound_letter_examples_still_need_is_refused_at_its_column() {
    // (The seed's Fire Demon `(mF4+msW4+([mK]--[mK]--K))--X` is read whole: `fbr_mbn_paths`,
    // `fbr_mbn_explosion`.)
    // The Disk example's `K=acc?{D}:K:` and `:KD:=:K:` are read now (the board's movement of
    // `K`: `fbr_disk_swap`). Still refused: `:M:` on a board without an `M` (FIDE chess: no
    // movement the board gives `M`), at its column (col 20 of the rules), and a compound
    // piece of the list as a movement (`:KD:`).
    let e = chess_with_rules("D|Disk|=K M=acc?{D}:M:").unwrap_err();
    assert_eq!(e.column, 20, "{e}");
    assert!(e.reason.contains("this board has no piece `M`"), "{e}");
    let e = chess_with_rules("D|Disk|=K :KD:=K :QD:=:KD:").unwrap_err();
    assert_eq!(e.column, 23, "{e}");
    assert!(e.reason.contains("a piece of the list itself"), "{e}");
}

#[test]
fn the_seeds_other_unread_forms_are_refused_by_what_they_are() {
    // Each form the seed's examples write that cqlq does not evaluate is named for what it
    // is (never read in part, never "expected a rule name").
    // (The pincher's crab `C<1>|Crab|=<2>mO` is read now: `fbr_mbn_boards`; the Fire Demon's `X`
    // is evaluated: `fbr_mbn_explosion`.) The freezer's Basilisk on board 3 (`B<3>`): a
    // one-board game has no board 3, so the piece so defined would stand nowhere.
    let rules = "freezer# B<3>|Basilisk|=fK+mbW #B=<+1>cO";
    let e = chess_with_rules(rules).unwrap_err();
    assert_eq!(e.column, 11, "{rules}: {e}");
    assert!(e.reason.contains("names board 3"), "{rules}: {e}");
}
