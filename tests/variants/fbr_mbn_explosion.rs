//! MBN's predefined move `X`, the explosion `(!dcy{^P}OK)0*` (the MBN page's table of basic
//! pieces, restated in LeCodex's `mbn.js`), as the last leg of a piece's movement in an FBR
//! rule list (`fbr::mbn::explosion`, `fairy::explosion_move`): after the legs before it land,
//! every piece but pawns (`cy{^P}`: of either side), on the landing square (`O`: the mover
//! itself) and the eight squares around it (`K`), is removed.
//!
//! Truth: Fairy-Stockfish's atomic chess for `X` after a capture (seed 001's atomic expansion
//! `Q=mQ+(cQ--X)`; `tests/expected/mbn-explosion-fsf.txt`, written by
//! `scripts/mbn_explosion_fsf.py` with pyffish); hand-made positions for the seed's Fire Demon,
//! the reasoning beside each.

use cqlq::rules::fairy::FairyPos;
use cqlq::rules::fairy::layer_end::Verdict;
use cqlq::rules::fbr::chess_with_rules;
use cqlq::rules::fbr::mbn::mbn_piece_move_sets;

use super::common::rules_count_summary;
use super::fbr_rules::{from, on, play, pos};

/// Seed 001's expansion of `royal atomic{^P}` (its `atomic` section) on FIDE chess: no piece
/// but the king's moves and captures changed; the king only moves.
const ATOMIC_BY_X: &str = "royal=expose K=mK Q=mQ+(cQ--X) R=mR+(cR--X) B=mB+(cB--X) N=mN+(cN--X)";

/// The seed's burner example (`burner#={^A} :FD:|Fire Demon|=(mF4+msW4+([mK]--[mK]--K))--X
/// #:FD:=K`) as written, with the royal king and the piece `A` its set names (a set must
/// name pieces of the board).
const FIRE_DEMON: &str =
    "royal A|Any|=W burner#={^A} :FD:|Fire Demon|=(mF4+msW4+([mK]--[mK]--K))--X #:FD:=K";

fn board(p: &FairyPos) -> String {
    p.to_fen(false)
        .split(' ')
        .next()
        .unwrap_or_default()
        .to_string()
}

#[test]
fn x_after_a_capture_explodes_as_fairy_stockfishs_atomic_capture() {
    // Fairy-Stockfish's atomic: the capturer, the captured piece and every non-pawn next to
    // the capture square go. `cQ--X` reads the same: the queen captures, then `X` from its
    // square removes the non-pawns there (the queen) and around. Every recorded capture by a
    // queen, rook, bishop or knight (random atomic games) gives Fairy-Stockfish's board.
    let text = include_str!("../expected/mbn-explosion-fsf.txt");
    let v = chess_with_rules(ATOMIC_BY_X).unwrap_or_else(|e| panic!("{e}"));
    let mut checked = 0;
    for line in text.lines().filter(|l| !l.starts_with('#')) {
        let parts: Vec<&str> = line.split(" ; ").collect();
        let [fen, uci, want] = parts[..] else {
            panic!("bad line {line}");
        };
        // Castling and en passant do not bear on a piece's capture; the king here cannot
        // castle (`K=mK`).
        let f: Vec<&str> = fen.split(' ').collect();
        let fen = format!("{} {} - - 0 1", f[0], f[1]);
        let mut p = FairyPos::from_fen(v.clone(), &fen).expect("fen");
        play(&mut p, uci);
        assert_eq!(board(&p), want, "{fen} {uci}");
        checked += 1;
    }
    assert!(checked >= 200, "{checked}");
}

#[test]
fn the_seeds_atomic_expansion_is_read_as_written() {
    // The seed's text word for word (`@Q=Q+N`: its example's queen also leaps as a knight).
    let seed = "royal=expose @K @Q=Q+N @R @B @N K=mK Q=mQ+(cQ--X) R=mR+(cR--X) B=mB+(cB--X) \
                N=mN+(cN--X) P +P";
    let v = chess_with_rules(seed).unwrap_or_else(|e| panic!("{e}"));
    // The queen on d1 takes the knight on d5 (a queen's capture): it explodes with the
    // bishop on e6 (a non-pawn next to d5); the pawn on c6 stays.
    let mut p = FairyPos::from_fen(v, "4k3/8/2p1b3/3n4/8/8/8/3QK3 w - - 0 1").unwrap();
    play(&mut p, "d1d5");
    assert_eq!(board(&p), "4k3/8/2p5/8/8/8/8/4K3");
    // A pawn's capture (`P`, the board's pawn, no `X`) does not explode.
    let mut p = pos(seed, "4k3/8/8/2b5/1P6/8/8/4K3 w - - 0 1");
    play(&mut p, "b4c5");
    assert_eq!(on(&p, "c5"), Some((0, "P".to_string())));
}

#[test]
fn the_fire_demon_explodes_where_it_lands_with_every_piece_but_pawns_around() {
    // `(mF4+msW4+([mK]--[mK]--K))--X`: every movement of the Fire Demon ends in `X`. d4-e5
    // (one diagonal step of `mF4`) lands on e5; `X` removes the non-pawns of e5 (the Fire
    // Demon itself) and of d4 d5 d6 e4 e6 f4 f5 f6: the black rook on e6 and the white knight
    // on f4 (`cy`: friendly pieces too); the pawns d6 and f5 stay (`{^P}`).
    let fen = "7k/8/3pr3/5P2/3:FD:1N2/8/8/K7 w - - 0 1";
    let mut p = pos(FIRE_DEMON, fen);
    let m = p.san_to_move(":FD:e5").unwrap();
    p.make(&m);
    for gone in ["e5", "e6", "f4"] {
        assert_eq!(on(&p, gone), None, "{gone}");
    }
    assert_eq!(on(&p, "d6"), Some((1, "P".to_string())));
    assert_eq!(on(&p, "f5"), Some((0, "P".to_string())));
    assert_eq!(board(&p), "7k/8/3p4/5P2/8/8/8/K7");
    // A capture explodes too, after taking: the last king step `K` takes the bishop on e5,
    // then the Fire Demon and the rook on e6 go; the pawn on d6 stays.
    let mut p = pos(FIRE_DEMON, "7k/8/3pr3/4b3/3:FD:4/8/8/K7 w - - 0 1");
    let m = p.san_to_move(":FD:xe5").unwrap();
    p.make(&m);
    assert_eq!(board(&p), "7k/8/3p4/8/8/8/8/K7");
    // Black's Fire Demon explodes as white's (`X` is the same around every square): e5-d4
    // takes nothing and removes the white rook on c3, not the white pawn on e3.
    let mut p = pos(FIRE_DEMON, "7k/8/8/4:fd:3/8/2R1P3/8/K7 b - - 0 1");
    play(&mut p, "e5d4");
    assert_eq!(board(&p), "7k/8/8/8/8/4P3/8/K7");
}

#[test]
fn the_fire_demon_may_not_explode_its_own_king_and_wins_by_exploding_the_other() {
    // "Captures that result in the explosion of your own royal piece are illegal" (the
    // seed's atomic; `royal`: a move may not lose the mover's royal). With the white king on
    // f6, the Fire Demon on d4 may land on no square next to f6 (e5 e6 e7 f5 f7 g5 g6 g7),
    // and still lands elsewhere (c5, g4).
    let p = pos(FIRE_DEMON, "7k/8/5K2/8/3:FD:4/8/8/8 w - - 0 1");
    let demon = from(&p, "d4");
    for next_to_king in ["e5", "e6", "e7", "f5", "f7", "g5", "g6", "g7"] {
        assert!(!demon.contains(&next_to_king.to_string()), "{next_to_king}");
    }
    assert!(demon.contains(&"c5".to_string()) && demon.contains(&"g4".to_string()));
    // The black king on f6 next to e5: d4-e5 explodes it, and white wins ("When burning
    // royal piece the game is lost for the owner of this piece").
    let mut p = pos(FIRE_DEMON, "8/8/5k2/8/3:FD:4/8/8/K7 w - - 0 1");
    play(&mut p, "d4e5");
    assert_eq!(on(&p, "f6"), None);
    assert_eq!(p.game_end().map(|e| e.verdict), Some(Verdict::Win(0)));
}

#[test]
fn the_fire_demons_burning_zone_still_burns_pieces_landing_next_to_it() {
    // The seed's `#:FD:=K` under `burner#`: "The Fire Demon is burning opposing pieces that
    // land on adjacent squares": the black rook d1-d3 lands next to the Fire Demon on d4 and
    // is removed, while the Fire Demon (which did not move) stays.
    let mut p = pos(FIRE_DEMON, "k7/8/8/8/3:FD:4/8/8/K2r4 b - - 0 1");
    play(&mut p, "d1d3");
    assert_eq!(on(&p, "d3"), None);
    assert_eq!(on(&p, "d4"), Some((0, ":FD:".to_string())));
}

#[test]
fn a_fire_demon_game_replays_from_pgn() {
    // 1. :FD:e5 explodes the Fire Demon with the black rook on e6: from then on black has
    // no rook (4 of the 5 positions). 2. :FD:e6 is then no move: a bad game.
    let pgn = "[Event \"fire\"]\n[SetUp \"1\"]\n[FEN \"7k/8/4r3/8/3:FD:4/8/8/K7 w - - 0 1\"]\n\n\
               1. :FD:e5 Kg8 2. Kb2 Kf8 *\n\n";
    let summary = rules_count_summary(FIRE_DEMON, "#r == 0", pgn);
    assert!(summary.contains("4 positions matched"), "{summary}");
    assert!(summary.contains("0 bad games"), "{summary}");
    let bad = pgn.replace("2. Kb2", "2. :FD:e6");
    let summary = rules_count_summary(FIRE_DEMON, "#r == 0", &bad);
    assert!(summary.contains("1 bad game"), "{summary}");
}

#[test]
fn x_where_cqlq_does_not_evaluate_it_is_refused_at_its_column() {
    // Each refusal names `X` at the column of the form cqlq does not evaluate.
    let x = |rules: &str| rules.rfind('X').unwrap() + 1;
    for (rules, column, words) in [
        // No movement before it: nothing lands, nothing explodes.
        ("Q=X", 3, "needs a movement before it"),
        ("Q=Q+X", 5, "needs a movement before it"),
        ("Q=X-W", 3, "needs a movement before it"),
        ("Q=[X]--Q", 4, "needs a movement before it"),
        // A leg after it, a repeat of it, two of them.
        ("Q=cQ--X--W", 10, "a leg after the predefined move `X`"),
        ("Q=(cQ--X)0", 3, "inside a repeated complex rider"),
        ("Q=cQ--X--X", 10, "twice"),
        // Captures exploding on some movements and not on others.
        ("Q=Q+(cN--X)", 10, "on some movements and not on others"),
        // After a swap.
        ("Q=wQ--X", 7, "after a swap"),
        // In a prefixed definition (a zone), not a piece's movement.
        (
            "royal A|Any|=W burner#={^A} :FD:=K #:FD:=K--X",
            0,
            "in a piece's movement",
        ),
        // `promotion=stack` counts captured pieces as the start position less the board.
        (
            "promotion=stack Q=mQ+(cQ--X)",
            1,
            "`promotion=stack` beside",
        ),
    ] {
        let column = if column == 0 { x(rules) } else { column };
        let e = chess_with_rules(rules).unwrap_err();
        assert_eq!(e.column, column, "{rules}: {e}");
        assert!(e.reason.contains(words), "{rules}: {e}");
    }
    // A definitions file's `MBN:` line (no rule layers to apply it).
    let e = mbn_piece_move_sets("cQ--X").unwrap_err();
    assert_eq!(e.column, 5, "{e}");
    assert!(e.reason.contains("in a piece's movement"), "{e}");
}
