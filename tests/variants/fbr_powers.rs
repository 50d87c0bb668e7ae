//! FBR's zone powers of prefixed pieces (`freezer`, `protector`, `burner`) on FIDE chess (the
//! bundled definition) plus the rule and its pieces. No oracle plays them (Fairy-Stockfish
//! and SjaakII have no freezing, protecting or burning pieces), so each position is hand-made
//! with seed 001's words and the reasoning beside the expectation.

use cqlq::rules::fairy::layer_end::Verdict;
use cqlq::rules::fbr::chess_with_rules;

use super::fbr_rules::{from, moves, on, play, pos};

/// The seed's Immobilizer: "freezer# I|Immobilizer|=mQ #I=cK" ("The Immobilizer is
/// freezing all the pieces being adjacent to his position").
const IMMOBILIZER: &str = "freezer# I|Immobilizer|=mQ #I=cK";

#[test]
fn a_frozen_piece_cannot_move() {
    // The black knight on e5 stands next to white's Immobilizer on d4: frozen, it has no
    // move; black's only moves are the king's (nothing attacks its squares: the
    // Immobilizer's `mQ` captures nothing).
    let fen = "4k3/8/8/4n3/3I4/8/8/4K3 b - - 0 1";
    let p = pos(IMMOBILIZER, fen);
    assert_eq!(moves(&p), ["e8d7", "e8d8", "e8e7", "e8f7", "e8f8"]);
    // The same pieces without the freezer rule: the knight has its 8 moves.
    assert_eq!(from(&pos("I|Immobilizer|=mQ", fen), "e5").len(), 8);
    // "Per default the piece sets includes all opponent pieces": the freezer's own side is
    // not frozen (white's pieces move; the Immobilizer goes along its queen lines).
    let white = pos(IMMOBILIZER, "4k3/8/8/4n3/3I4/8/8/4K3 w - - 0 1");
    assert!(from(&white, "d4").contains(&"a7".to_string()));
    // "The optional piece set is restricting the pieces which can be frozen": with `{B}` the
    // knight is free.
    let p = pos("freezer#{B} I|Immobilizer|=mQ #I=cK", fen);
    assert_eq!(from(&p, "e5").len(), 8);
}

#[test]
fn freezing_is_temporary_and_mutual_between_freezers() {
    // "He will be frozen when moving to a square which is adjacent to the opponent
    // Immobilizer, but simultaneously the opponent Immobilizer is frozen."
    let mut p = pos(IMMOBILIZER, "4k3/8/8/8/2i5/8/3I4/4K3 w - - 0 1");
    play(&mut p, "d2d3");
    assert!(from(&p, "c4").is_empty(), "black's Immobilizer is frozen");
    play(&mut p, "e8e7");
    assert!(from(&p, "d3").is_empty(), "white's Immobilizer is frozen");
    // "once the freezer moves away or is captured, the frozen piece regains its normal
    // powers": the black knight next to the white Immobilizer is free again once the
    // Immobilizer has gone (d4-a1).
    let mut p = pos(IMMOBILIZER, "4k3/8/8/4n3/3I4/8/8/4K3 w - - 0 1");
    play(&mut p, "d4a1");
    assert_eq!(from(&p, "e5").len(), 8);
}

#[test]
fn a_frozen_piece_gives_no_check() {
    // "A frozen piece cannot give check." The black queen on h4 (frozen by the Immobilizer
    // on g4) looks at the white king on e1 down the h4-e1 diagonal: no check, and the king
    // may step onto that diagonal (f2).
    let fen = "4k3/8/8/8/6Iq/8/8/4K3 w - - 0 1";
    let p = pos(IMMOBILIZER, fen);
    assert!(!p.layer_in_check(0));
    assert!(from(&p, "e1").contains(&"f2".to_string()));
    // Without the rule the queen checks.
    assert!(pos("I|Immobilizer|=mQ", fen).layer_in_check(0));
    // "checking: A frozen piece is still checking": in check, and f2 is not a king move;
    // the queen stays frozen (black to move: no queen move).
    let p = pos("freezer#=checking I|Immobilizer|=mQ #I=cK", fen);
    assert!(p.layer_in_check(0));
    assert!(!from(&p, "e1").contains(&"f2".to_string()));
    let black = pos(
        "freezer#=checking I|Immobilizer|=mQ #I=cK",
        "4k3/8/8/8/6Iq/8/8/4K3 b - - 0 1",
    );
    assert!(from(&black, "h4").is_empty());
}

#[test]
fn a_frozen_king_under_attack_is_checkmated() {
    // "if the opposing King is the piece being frozen, the King is checkmated if any other
    // piece attacks it and the opponent is unable to capture the attacking piece or
    // interpose a piece": the black king on h8, frozen by the Immobilizer on g7, is checked
    // by the rook on a8 and black has nothing else: mate, white wins.
    let fen = "R6k/6I1/8/8/8/8/8/4K3 b - - 0 1";
    let p = pos(IMMOBILIZER, fen);
    assert!(p.layer_in_check(1));
    assert!(p.legal_moves().is_empty());
    assert_eq!(p.game_end().map(|e| e.verdict), Some(Verdict::Win(0)));
    // Without the rule the king escapes to h7 or takes the Immobilizer (which captures
    // nothing, so attacks nothing).
    assert_eq!(moves(&pos("I|Immobilizer|=mQ", fen)), ["h8g7", "h8h7"]);
}

#[test]
fn freezer_attributes() {
    // The black knight on e5 is frozen by the Immobilizer on d4; a white pawn stands on f3
    // (a knight capture) and the knight's other 7 squares are empty.
    let fen = "4k3/8/8/4n3/3I4/5P2/8/4K3 b - - 0 1";
    // "capture: Only capturing is not possible for the frozen piece, but it can make normal
    // moves (without capturing)": 7 moves, not f3.
    let p = pos("freezer#=capture I|Immobilizer|=mQ #I=cK", fen);
    let knight = from(&p, "e5");
    assert_eq!(knight.len(), 7);
    assert!(!knight.contains(&"f3".to_string()));
    // "move: It is allowed to make capturing moves, only move-only is not possible": f3 only.
    let p = pos("freezer#=move I|Immobilizer|=mQ #I=cK", fen);
    assert_eq!(from(&p, "e5"), ["f3"]);
    // "attackers(N): Defines the number of pieces required to freeze opponent pieces": with
    // (2) one Immobilizer freezes nothing; a second one next to the knight (f6) does.
    let rules = "freezer#=attackers(2) I|Immobilizer|=mQ #I=cK";
    assert_eq!(from(&pos(rules, fen), "e5").len(), 8);
    let two = "4k3/8/5I2/4n3/3I4/5P2/8/4K3 b - - 0 1";
    assert!(from(&pos(rules, two), "e5").is_empty());
    // Refused by name: `single` without its piece set (`suicide`: `fbr_royal`).
    let rules = "freezer#=single I|Immobilizer|=mQ #I=cK";
    let e = chess_with_rules(rules).expect_err(rules).to_string();
    assert!(e.contains("single"), "{rules}: {e}");
}

/// The seed's Shield: "S=mQ *S=cK ... The protector (S) is protecting any friendly piece
/// adjacent to the protector."
const SHIELD: &str = "protector* S|Shield|=mQ *S=cK";

#[test]
fn a_protected_piece_cannot_be_captured_or_checked() {
    // "a protected piece cannot be captured": the white knight on e4 stands next to the
    // Shield on d3; the black rook on e8 may not take it.
    let fen = "4r1k1/8/8/8/4N3/3S4/8/K7 b - - 0 1";
    let p = pos(SHIELD, fen);
    assert!(!from(&p, "e8").contains(&"e4".to_string()));
    assert!(from(&pos("S|Shield|=mQ", fen), "e8").contains(&"e4".to_string()));
    // "A protected piece cannot be checked": the white king on a1, next to the Shield on
    // b2, is not in check from the rook on a8. "once the protector moves away ... the
    // protected piece regains its normal vulnerability": the Shield may only go where the
    // king stays covered: a2 and b1 (next to a1) or a3 (between rook and king).
    let p = pos(SHIELD, "r3k3/8/8/8/8/8/1S6/K7 w - - 0 1");
    assert!(!p.layer_in_check(0));
    assert_eq!(from(&p, "b2"), ["a2", "a3", "b1"]);
    assert!(pos("S|Shield|=mQ", "r3k3/8/8/8/8/8/1S6/K7 w - - 0 1").layer_in_check(0));
}

#[test]
fn freezer_and_protector_act_in_the_order_of_their_sequence_numbers() {
    // "protector*<2> freezer#<1>: In this case the protector is not protecting when frozen."
    // The black Immobilizer on c2 freezes the white Shield on d3; the knight on e4 next to
    // the Shield is then unprotected and the rook on e8 takes it.
    let fen = "4r1k1/8/8/8/4N3/3S4/2i5/K7 b - - 0 1";
    let pieces = "I|Immobilizer|=mQ #I=cK S|Shield|=mQ *S=cK";
    let p = pos(&format!("protector*<2> freezer#<1> {pieces}"), fen);
    assert!(from(&p, "e8").contains(&"e4".to_string()));
    // "protector*<1> freezer#<2> ... a protected piece is still protecting, even if frozen,
    // because it has a higher priority."
    let p = pos(&format!("protector*<1> freezer#<2> {pieces}"), fen);
    assert!(!from(&p, "e8").contains(&"e4".to_string()));
    // Without sequence numbers the order is not said: refused.
    let e = chess_with_rules(&format!("protector* freezer# {pieces}"))
        .expect_err("no sequence numbers")
        .to_string();
    assert!(e.contains("sequence numbers"), "{e}");
}

/// A burner whose zone is the adjacent squares (the seed's Fire Demon: "#:FD:=K ... is
/// burning opposing pieces that land on adjacent squares"; here a one-letter `F` moving as a
/// queen: `fbr_mbn_more` plays the seed's `:FD:` with its compound letter).
const FIRE: &str = "burner# F|Fire|=mQ #F=cK";

#[test]
fn a_piece_stopping_in_a_burning_zone_is_removed() {
    // "Any opposing piece stopping inside the burning zone is removed from the board": the
    // black knight f7-e5 lands next to the burner on d4 and is gone.
    let fen = "4k3/5n2/8/8/3F4/8/8/4K3 b - - 0 1";
    let mut p = pos(FIRE, fen);
    play(&mut p, "f7e5");
    assert_eq!(on(&p, "e5"), None);
    let mut q = pos("F|Fire|=mQ", fen);
    play(&mut q, "f7e5");
    assert_eq!(on(&q, "e5"), Some((1, "N".to_string())));
    // "(after making its capture, if any)": the knight takes the pawn on e5 and burns too.
    let mut p = pos(FIRE, "4k3/5n2/8/4P3/3F4/8/8/4K3 b - - 0 1");
    play(&mut p, "f7e5");
    assert_eq!(on(&p, "e5"), None);
    // A square outside the zone (g5) keeps the knight.
    let mut p = pos(FIRE, fen);
    play(&mut p, "f7g5");
    assert_eq!(on(&p, "g5"), Some((1, "N".to_string())));
    // Only opposing pieces burn: white's own king steps next to its burner (e3-e4) and
    // stays.
    let mut p = pos(FIRE, "4k3/8/8/8/3F4/4K3/8/8 w - - 0 1");
    play(&mut p, "e3e4");
    assert_eq!(on(&p, "e4"), Some((0, "K".to_string())));
    // "The optional piece set is restricting the pieces that can be burnt": `{B}` spares
    // the knight.
    let mut p = pos("burner#{B} F|Fire|=mQ #F=cK", fen);
    play(&mut p, "f7e5");
    assert_eq!(on(&p, "e5"), Some((1, "N".to_string())));
}

#[test]
fn a_royal_may_not_burn() {
    // "When burning royal piece the game is lost for the owner of this piece": a king
    // stepping into the zone would lose itself, which the royal rule forbids as it forbids
    // stepping into check. The black king on e6 may not go to d5 or e5 (next to d4).
    let p = pos(FIRE, "8/8/4k3/8/3F4/8/8/4K3 b - - 0 1");
    let king = from(&p, "e6");
    assert!(!king.contains(&"d5".to_string()) && !king.contains(&"e5".to_string()));
    assert!(king.contains(&"f5".to_string()));
    let free = from(&pos("F|Fire|=mQ", "8/8/4k3/8/3F4/8/8/4K3 b - - 0 1"), "e6");
    assert!(free.contains(&"d5".to_string()));
}

#[test]
fn prefixed_definitions_need_their_rule() {
    // A prefixed definition whose prefix no freezer, protector or burner names is refused
    // by name; so is a power rule without its prefix or without a prefixed piece.
    for (rules, what) in [
        ("I=mQ #I=cK", "prefixed piece definition"),
        ("freezer I=mQ #I=cK", "prefix letter"),
        ("freezer# I=mQ", "prefixed piece definition"),
        ("freezer# I=mQ #I=mW-F", "MBN zone"),
    ] {
        let e = chess_with_rules(rules).expect_err(rules).to_string();
        assert!(e.contains(what), "{rules}: {e}");
    }
}

/// The seed's Bodyguard word for word (with its name): "stymizer* G=K2 *G=cK ... the squares
/// immediately surrounding the Bodyguard (G)"; its own movement `K2` (the queen's lines up
/// to two squares) is checked against Fairy-Stockfish in `fbr_mbn`.
const BODYGUARD: &str = "stymizer* G|Bodyguard|=K2 *G=cK";

#[test]
fn a_stymied_piece_moves_one_leg_at_a_time_in_the_zone() {
    // "An enemy piece can only move one leg at a time so long its movement occurs on the
    // squares immediately surrounding the Bodyguard": a slide is a sequence of one-square
    // legs, and a leg may not start on a square next to the black Bodyguard on e5. The
    // rook on d1 goes up to d4 (next to e5) and no further; along rank 1 nothing is near.
    let fen = "7k/8/8/4g3/8/2B5/8/3R3K w - - 0 1";
    let p = pos(BODYGUARD, fen);
    assert_eq!(
        from(&p, "d1"),
        ["a1", "b1", "c1", "d2", "d3", "d4", "e1", "f1", "g1"]
    );
    // The seed's string without the name reads the same.
    let seed = pos("stymizer* G=K2 *G=cK", fen);
    assert_eq!(from(&seed, "d1"), from(&p, "d1"));
    // "a Bishop can move only one square in diagonal direction": the bishop on c3 reaches d4
    // but not e5 (the Bodyguard itself, one more leg from d4).
    assert_eq!(from(&p, "c3"), ["a1", "a5", "b2", "b4", "d2", "d4", "e1"]);
    // Without the rule both go on.
    let free = pos("G|Bodyguard|=K2", fen);
    assert!(from(&free, "d1").contains(&"d8".to_string()));
    assert!(from(&free, "c3").contains(&"e5".to_string()));
    // A pawn's double step is two legs: e3 is next to the Bodyguard on f4, so e2-e4 is out.
    let fen = "7k/8/8/8/5g2/8/4P3/7K w - - 0 1";
    assert_eq!(from(&pos(BODYGUARD, fen), "e2"), ["e3"]);
    assert_eq!(from(&pos("G|Bodyguard|=K2", fen), "e2"), ["e3", "e4"]);
    // A piece leaving the zone goes on: the bishop on f4 (next to e5) slides to h2, c1 and
    // h6, its later legs starting outside the zone.
    let p = pos(BODYGUARD, "7k/8/8/4g3/5B2/8/8/K7 w - - 0 1");
    let bishop = from(&p, "f4");
    for far in ["c1", "h2", "h6"] {
        assert!(bishop.contains(&far.to_string()), "{far}: {bishop:?}");
    }
    // Only enemy pieces are stymied: black's own queen on e6 (next to its Bodyguard) goes
    // on to a2.
    let p = pos(BODYGUARD, "7k/8/4q3/4g3/8/8/8/K7 b - - 0 1");
    assert!(from(&p, "e6").contains(&"a2".to_string()));
}

#[test]
fn the_seeds_superpawn_is_frozen_by_two_pawns() {
    // "freezer{S}*=(2) S|Superpawn|=K P|Pawn|=mW+cF *P=cW: Any Superpawn will be frozen if
    // at least two opposing Pawns are orthogonally adjacent to this Superpawn." (The seed
    // writes the prefix after the piece set and the count as a nameless attribute.)
    let rules = "freezer{S}*=(2) S|Superpawn|=K P|Pawn|=mW+cF *P=cW";
    // The white Superpawn on d4 with black pawns on d5 and c4: frozen (no move from d4).
    let p = pos(rules, "4k3/8/8/3p4/2pS4/8/8/4K3 w - - 0 1");
    assert!(from(&p, "d4").is_empty());
    // One pawn (d5) is not enough.
    let p = pos(rules, "4k3/8/8/3p4/3S4/8/8/4K3 w - - 0 1");
    assert!(!from(&p, "d4").is_empty());
    // Diagonal pawns (c5, e5) are not orthogonally adjacent: free.
    let p = pos(rules, "4k3/8/8/2p1p3/3S4/8/8/4K3 w - - 0 1");
    assert!(!from(&p, "d4").is_empty());
    // Only the set is frozen: the white king on e1 between two pawns moves.
    let p = pos(rules, "4k3/8/8/8/8/8/4p3/3pK3 w - - 0 1");
    assert!(!from(&p, "e1").is_empty());
    // The seed's `burner#={^A}` form: a piece set after `=`; a nameless attribute on a rule
    // that takes none is refused.
    let mut p = pos(
        "burner#={B} F|Fire|=mQ #F=cK",
        "4k3/5n2/8/8/3F4/8/8/4K3 b - - 0 1",
    );
    play(&mut p, "f7e5");
    assert_eq!(on(&p, "e5"), Some((1, "N".to_string())));
    let e = chess_with_rules("warp=(3)")
        .expect_err("warp=(3)")
        .to_string();
    assert!(e.contains("nameless"), "{e}");
}
