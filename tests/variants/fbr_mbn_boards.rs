//! MBN board identifiers (`C<1>`, `K<*>`, `<<1;1>>`), board transitions (`<2>mO`) and the
//! piece set after a swap modifier (`ww{^K}`), as seed 001 writes them: the pincher's crab
//! `pincher*={^A} C<1>|Crab|=<2>mO *C<1>=K` and switching's `excluderoyals` expansion
//! `@X=ww{^K}K`. No oracle reads MBN boards (Fairy-Stockfish's Betza has neither boards nor
//! swaps), so the truth is the seed's sentences beside hand-made positions, and for
//! `excluderoyals` the seed's own statement that the rule "will be transformed into" its
//! macro form: both must give the same legal moves.

use super::fbr_rules::{from, moves, pos};
use cqlq::rules::fairy::{FairyPos, MoveKind};
use cqlq::rules::fbr::chess_with_rules;
use cqlq::rules::fbr::mbn::mbn_piece_move_sets;

/// Seed 001's pincher example word for word, with a definition of the `A` its set `{^A}`
/// names (chess has no `A`; the seed's board does): an archbishop.
const CRAB: &str = "pincher*={^A} C<1>|Crab|=<2>mO *C<1>=K A|Archbishop|=B+N";

// The legal pinches, as `from-to` (`from` alone for a removal), sorted: `fbr_players::pinches`.
use super::fbr_players::pinches;

fn refusal(rules: &str) -> cqlq::rules::fbr::FbrError {
    match chess_with_rules(rules) {
        Ok(_) => panic!("`{rules}` was accepted"),
        Err(e) => e,
    }
}

#[test]
fn the_seeds_crab_pinches_an_adjacent_opposing_piece() {
    // "The crab can pinch any adjacent opposing piece" (`*C<1>=K`: its zone the king's
    // squares, on board 1, the only board), "relocated to a square of the pinching player's
    // choosing on that opponent's first rank": the d5 knight to any empty square of rank 8
    // but e8 (the king). "The optional piece set is restricting the pieces that can be
    // pinched": `{^A}` spares the archbishop on c5; the rook on d6 is not adjacent.
    let p = pos(CRAB, "4k3/8/3r4/2an4/3C4/8/8/K7 w - - 0 1");
    assert_eq!(
        pinches(&p),
        [
            "d5-a8", "d5-b8", "d5-c8", "d5-d8", "d5-f8", "d5-g8", "d5-h8"
        ]
    );
    // The crab's own movement `<2>mO` goes to board 2 (the zero leap `O`: the same square),
    // which a one-board game does not have: the crab has no move of its own.
    assert!(from(&p, "d4").is_empty(), "{:?}", from(&p, "d4"));
    // A full first rank: the pinched piece "is removed from play".
    let p = pos(CRAB, "rnbqkbnr/8/8/3p4/3C4/1K6/8/8 w - - 0 1");
    assert_eq!(pinches(&p), ["d5"]);
    // Word for word on chess the list is refused at the `A` of `{^A}` (column 12): a set's
    // letters must name pieces of the board, for every rule.
    let e = refusal("pincher*={^A} C<1>|Crab|=<2>mO *C<1>=K");
    assert_eq!(e.column, 12, "{e}");
    assert!(e.reason.contains("`A` names no piece"), "{e}");
}

#[test]
fn a_game_under_the_seeds_pincher_example_replays() {
    // `1. @@d5-b8` pinches the knight next to the crab to b8; after 1... Kf7 a black knight
    // stands on b8 (2 positions). The crab stepping as a king (`Ce5`) is a bad game: its
    // only movement goes to a board the game does not have.
    let pgn = "[Event \"pinch\"]\n[SetUp \"1\"]\n[FEN \"4k3/8/8/3n4/3C4/8/8/K7 w - - 0 1\"]\n\n1. @@d5-b8 Kf7 *\n\n\
               [Event \"crab steps\"]\n[SetUp \"1\"]\n[FEN \"4k3/8/8/3n4/3C4/8/8/K7 w - - 0 1\"]\n\n1. Ce5 *\n";
    let err = crate::common::rules_count_summary(CRAB, "nb8", pgn);
    assert!(
        err.contains("1 matched, 2 positions matched, 1 bad game"),
        "{err}"
    );
    assert!(err.contains("Ce5"), "the bad game names the move: {err}");
}

#[test]
fn a_transition_to_a_board_the_game_lacks_gives_no_move() {
    // On one board every transition that leaves board 1 reaches nothing, so the partial move
    // after it gives no move and the others stay: `<2>mK+W` is a wazir (d3 d5 c4 e4).
    let wazir = ["c4", "d3", "d5", "e4"];
    for movement in [
        "<2>mK+W",
        "W+<+1>mK",
        "<-1>K+W",
        "<+>mK+W",
        "<2,3>mK+W",
        "<<2>>K+W",
    ] {
        let p = pos(
            &format!("X|Xiphos|={movement}"),
            "k7/8/8/8/3X4/8/8/K7 w - - 0 1",
        );
        assert_eq!(from(&p, "d4"), wazir, "{movement}");
    }
    // A sequence as the seed's Alice moves write it (`aK--<+>mO`) on one board: its last leg
    // goes to another board, so the whole sequence gives no move; beside a wazir only the
    // wazir moves remain.
    let p = pos("X=W+(mK--<+>mO)", "k7/8/8/8/3X4/8/8/K7 w - - 0 1");
    assert_eq!(from(&p, "d4"), wazir);
}

#[test]
fn transitions_that_may_stay_on_the_board_are_refused_at_their_column() {
    // `X=` puts the movement at column 3. An unsigned 0 or 1 reads as relative (`<1>`: one
    // board on) or absolute (board 1); `+0` and a list holding 1 may stay on board 1.
    for (rules, column, words) in [
        ("X=<1>mK", 3, "own board"),
        ("X=W+<0>mK", 5, "own board"),
        ("X=<+0>mK", 3, "own board"),
        ("X=<1,2>mK", 3, "own board"),
        ("X=<x>mK", 3, "no MBN board transition"),
        ("X=mO", 4, "zero leap"),
        ("X=m<2>O", 4, "board transition anywhere but at the start"),
    ] {
        let e = refusal(rules);
        assert_eq!(e.column, column, "{rules}: {e}");
        assert!(e.reason.contains(words), "{rules}: {e}");
    }
    // A definitions file's `MBN:` line does not know the boards a `Rules:` line may add.
    let e = mbn_piece_move_sets("W+<2>mO").unwrap_err();
    assert_eq!(e.column, 3, "{e}");
    assert!(e.reason.contains("`MBN:` line"), "{e}");
}

#[test]
fn board_identifiers_name_the_boards_a_definition_holds_on() {
    // One board: board 1, row 1. `<1>`, `<*>`, the doubled `<<1>>` and the 4D `<<1;1>>`,
    // `<<1>;<1>>` all name it: the crab is defined on it and steps as a king.
    for id in [
        "<1>",
        "<*>",
        "<<1>>",
        "<<*>>",
        "<<1;1>>",
        "<<1>;<1>>",
        "<<*;*>>",
    ] {
        let p = pos(&format!("C{id}=K"), "k7/8/8/8/3C4/8/8/K7 w - - 0 1");
        assert_eq!(from(&p, "d4").len(), 8, "{id}");
    }
    // A board or row the game lacks: the piece so defined would stand nowhere; refused at
    // the `<` (column 2 after `C`).
    for (rules, words) in [
        ("C<2>=K", "names board 2"),
        ("C<1,2>=K", "names board 2"),
        ("C<0>=K", "names board 0"),
        ("C<<1;2>>=K", "row 2"),
        ("C<<2>;<1>>=K", "names board 2"),
        ("C<a>=K", "no board number list"),
    ] {
        let e = refusal(rules);
        assert_eq!(e.column, 2, "{rules}: {e}");
        assert!(e.reason.contains(words), "{rules}: {e}");
    }
    // The prefixed zone's identifier too (`*C<2>=K`: its `<` at column 16).
    let e = refusal("pincher* C=K *C<2>=K");
    assert_eq!(e.column, 16, "{e}");
    assert!(e.reason.contains("names board 2"), "{e}");
    // A sequence number stays a prefixed promotion rule's (`+P<1>==Q`).
    assert!(chess_with_rules("+P<1>==Q").is_ok());
}

#[test]
fn under_alice_an_identifier_names_every_board_and_a_transition_is_refused() {
    // `alice` plays two boards, `alice=3D` three, `alice=4D` four (the seed's "multi-board
    // representation"): an identifier naming all of them is the plain definition.
    for rules in [
        "alice N<*>=N",
        "alice N<1,2>=N",
        "alice=3D N<*>=N",
        "alice=3D N<1,2,3>=N",
        "alice=4D N<1,2,3,4>=N",
    ] {
        assert!(chess_with_rules(rules).is_ok(), "{rules}");
    }
    for (rules, column, words) in [
        // A movement for some boards only: the engine plays one movement per piece.
        ("alice=3D N<1>=N", 11, "leaves out board 2"),
        ("alice N<3>=N", 8, "names board 3"),
        ("alice=3D N<4>=N", 11, "names board 4"),
        // "a move must be legal on the board where it is played": the rule itself moves
        // pieces between boards; a transition beside it is not read.
        ("alice=3D N=N+<2>mO", 14, "beside `alice`"),
    ] {
        let e = refusal(rules);
        assert_eq!(e.column, column, "{rules}: {e}");
        assert!(e.reason.contains(words), "{rules}: {e}");
    }
}

/// Seed 001, switching=excluderoyals: "Switching with the King is not permitted. So we have
/// this transformation".
const EXCLUDE_ROYALS: &str = "royal switching=excluderoyals K Q=QN R B N P +P";
const EXCLUDE_ROYALS_MACROS: &str =
    "royal @K @Q=QN @R @B @N @P @X=ww{^K}K K Q=QX R=RX B=BX N=NX P=PX +P";

/// The start, a middle game with pieces side by side, the king among its own pieces, a king
/// in check beside a rook, a pawn beside a rook on the seventh, an Italian opening.
const FENS: [&str; 6] = [
    "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
    "r3k3/8/8/3pP3/3N4/2B5/8/4K3 w - - 0 1",
    "4k3/8/8/8/8/8/3PPP2/3QKB2 w - - 0 1",
    "4r1k1/8/8/8/8/8/8/3RK3 w - - 0 1",
    "R7/1P6/7k/8/8/8/8/4K3 w - - 0 1",
    "r1bqk2r/pppp1ppp/2n2n2/2b1p3/2B1P3/2N2N2/PPPP1PPP/R1BQK2R w KQkq - 4 5",
];

fn switches(p: &FairyPos) -> Vec<String> {
    let mut v: Vec<String> = p
        .legal_moves()
        .iter()
        .filter(|m| matches!(m.kind, MoveKind::Swap(_)))
        .map(|m| {
            let name = |s: u8| format!("{}{}", (b'a' + s % 16) as char, s / 16 + 1);
            format!("{}{}", name(m.from), name(m.to))
        })
        .collect();
    v.sort();
    v
}

#[test]
fn the_seeds_excluderoyals_expansion_is_switching_excluderoyals() {
    // The rule and its macro form have the same legal moves, white and black to move.
    for fen in FENS {
        for side in [" w ", " b "] {
            let fen = fen.replacen(" w ", side, 1);
            let expanded = moves(&pos(EXCLUDE_ROYALS_MACROS, &fen));
            assert_eq!(expanded, moves(&pos(EXCLUDE_ROYALS, &fen)), "{fen}");
        }
    }
    // By hand: king e1 among queen d1, bishop f1 and pawns d2 e2 f2. No switch with the
    // king ("Switching with the King is not permitted": `{^K}`), and the king, written `K`
    // without `X`, switches with nothing; the others switch with their friendly neighbours.
    let p = pos(EXCLUDE_ROYALS_MACROS, FENS[2]);
    let found = switches(&p);
    assert!(found.iter().all(|m| !m.contains("e1")), "{found:?}");
    for m in ["d1d2", "d1e2", "f1e2", "f1f2"] {
        assert!(found.contains(&m.to_string()), "{m}: {found:?}");
    }
    // Without the set (`@X=wwK`, the plain switching form) the king's neighbours switch with
    // it too.
    let plain = pos(
        "royal @K @Q=QN @R @B @N @P @X=wwK K Q=QX R=RX B=BX N=NX P=PX +P",
        FENS[2],
    );
    assert!(switches(&plain).contains(&"d1e1".to_string()));
}

#[test]
fn a_swap_set_restricts_the_partners_and_names_board_pieces() {
    // `Q=Q+ww{R}K`: the queen on d1 switches with the rook beside it (c1), not with the
    // knight (e2) or the king (e1).
    let p = pos("Q=Q+ww{R}K", "4k3/8/8/8/8/8/4N3/2RQK3 w - - 0 1");
    assert_eq!(switches(&p), ["d1c1"]);
    // `w{^P}`: an enemy neighbour but a pawn (the d2 pawn stays, the e2 knight swaps).
    let p = pos("Q=Q+w{^P}K", "4k3/8/8/8/8/8/3pn3/3Q3K w - - 0 1");
    assert_eq!(switches(&p), ["d1e2"]);
    // A letter naming no piece of the board is refused at its column (`J`: column 8).
    let e = refusal("Q=Q+ww{J}K");
    assert_eq!(e.column, 8, "{e}");
    assert!(e.reason.contains("`J` names no piece"), "{e}");
}
