//! MBN castling definitions (`O-O<*>=[*]isR[g]=isR[f]`), board identifiers on prefixed
//! promotion rules (`+P<*>`) and the macro `@P=P`: seed 001's Alice "double board
//! description" (its line 34),
//!
//!     royal alice K<*> Q<*>=R+N R<*> B<*> N<*> P<*> +P<*> O-O<*>=[*]isR[g]=isR[f] O-O-O<*>=[*]isR[c]=isR[d]
//!
//! which, the seed says, gives the rules of `royal alice K Q=R+N R B N P +P` ("the rules of
//! Alice Chess can be applied to a single board description"). Truth: that plain rule list
//! (same legal moves, same PGN replay), python-chess for the standard castling definitions on
//! the standard board (`tests/expected/fbr-castling-pychess.txt`, `scripts/fbr_castling_pychess.py`),
//! and hand-made positions with the reasoning beside them for another castling.

use cqlq::rules::fairy::MoveKind;
use cqlq::rules::fbr::chess_with_rules;

use super::fbr_rules::{moves, on, play, pos};

/// Seed 001, line 34, word for word.
const SEED_ALICE: &str = "royal alice K<*> Q<*>=R+N R<*> B<*> N<*> P<*> +P<*> O-O<*>=[*]isR[g]=isR[f] O-O-O<*>=[*]isR[c]=isR[d]";

/// The single board description the seed gives the same rules as.
const PLAIN_ALICE: &str = "royal alice K Q=R+N R B N P +P";

/// The standard board's castlings written as definitions.
const STANDARD: &str = "royal K Q R B N P +P O-O=[*]isR[g]=isR[f] O-O-O=[*]isR[c]=isR[d]";

const PYCHESS: &str = include_str!("../expected/fbr-castling-pychess.txt");

/// The oracle's positions and legal moves.
fn pychess_cases() -> Vec<(&'static str, Vec<&'static str>)> {
    PYCHESS
        .lines()
        .filter(|l| !l.starts_with('#') && !l.is_empty())
        .map(|l| {
            let (fen, list) = l.split_once('\t').expect("fen<TAB>moves");
            (fen, list.split(' ').collect())
        })
        .collect()
}

#[test]
fn standard_castling_definitions_give_python_chesss_moves() {
    // python-chess: castling (e1g1, e1c1, e8g8, e8c8) where FIDE allows it, none out of,
    // through or into check, none blocked or without the right; every other move as FIDE.
    let cases = pychess_cases();
    assert_eq!(cases.len(), 11);
    for (fen, expected) in cases {
        for rules in [STANDARD, "royal K Q R B N P +P"] {
            let p = pos(rules, fen);
            assert_eq!(moves(&p), expected, "{rules}: {fen}");
        }
    }
}

#[test]
fn a_standard_castling_definition_replays_games_as_chess() {
    // Both castlings played; the same game under the plain rule list. `6. O-O-O` after the
    // definitions of O-O alone is a bad move: the list is the complete castling set.
    let game = "[Event \"castling\"]\n\n1. e4 e5 2. Nf3 Nc6 3. Bc4 Bc5 4. O-O d6 5. d3 Be6 \
                6. Be3 Qd7 7. Nc3 O-O-O *\n";
    for rules in [STANDARD, "royal"] {
        let summary = crate::common::rules_count_summary(rules, "true", game);
        assert!(
            summary.contains("15 positions matched"),
            "{rules}: {summary}"
        );
        assert!(summary.contains("0 bad games"), "{rules}: {summary}");
    }
    let short_only = "royal O-O=[*]isR[g]=isR[f]";
    let summary = crate::common::rules_count_summary(short_only, "true", game);
    assert!(summary.contains("1 bad game"), "{summary}");
    assert!(summary.contains("O-O-O"), "{summary}");
}

#[test]
fn the_seeds_double_board_description_is_single_board_alice() {
    // The seed's line 34 and `royal alice K Q=R+N R B N P +P`: the same legal moves on the
    // oracle's castling positions and along a game whose moves change boards (1. e4: the
    // pawn lands on board B, ... 4. O-O: king and rook on board A castle over board A's
    // emptied f1 and g1 and land on board B), each ply compared.
    for (fen, _) in pychess_cases() {
        assert_eq!(
            moves(&pos(SEED_ALICE, fen)),
            moves(&pos(PLAIN_ALICE, fen)),
            "{fen}"
        );
    }
    let start = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";
    for game in [
        // 4. O-O O-O: king and rook castle on board A over its emptied f1, g1 (f8, g8) and
        // land on board B, where nothing attacks g1 (g8).
        "e2e4 e7e5 g1f3 g8f6 f1e2 f8e7 e1g1 e8g8 d2d4 d7d5 b1c3 b8c6 c1f4 c8f5 d1d2 d8d7",
        // 6. O-O-O O-O-O: board A's b1, c1, d1 (b8, c8, d8) emptied by the pieces gone to
        // board B.
        "d2d4 d7d5 b1c3 b8c6 c1f4 c8f5 d1d2 d8d7 e1c1 e8c8 e2e4 e7e5",
    ] {
        let mut seed = pos(SEED_ALICE, start);
        let mut plain = pos(PLAIN_ALICE, start);
        for m in game.split(' ') {
            assert_eq!(moves(&seed), moves(&plain), "before {m}");
            play(&mut seed, m);
            play(&mut plain, m);
        }
        assert_eq!(moves(&seed), moves(&plain));
    }
}

#[test]
fn the_seeds_double_board_description_replays_alice_games() {
    // A game replays under the seed's line 34 as under the plain single board description:
    // each move lands on the other board; 4. O-O castles on board A (its f1 and g1 emptied
    // by 2. Nf3 and 3. Be2, whose pieces landed on board B) onto board B's vacant g1 and f1.
    // (With 3. Bc4 Bc5 instead, 4. O-O is no move under both: board B's bishop on c5 attacks
    // g1 over B's empty d4, e3, f2.)
    let game = "[Event \"alice\"]\n\n1. e4 e5 2. Nf3 Nf6 3. Be2 Be7 4. O-O O-O 5. d4 d5 *\n";
    let a = crate::common::rules_count_summary(SEED_ALICE, "true", game);
    let b = crate::common::rules_count_summary(PLAIN_ALICE, "true", game);
    for s in [&a, &b] {
        assert!(s.contains("11 positions matched"), "{s}");
        assert!(s.contains("0 bad games"), "{s}");
    }
    // A castling through a piece on its board is no move under both: 1. O-O at the start.
    for rules in [SEED_ALICE, PLAIN_ALICE] {
        let s = crate::common::rules_count_summary(rules, "true", "[Event \"x\"]\n\n1. O-O *\n");
        assert!(s.contains("1 bad game"), "{rules}: {s}");
    }
}

#[test]
fn a_long_castling_to_the_b_file_lands_the_rook_on_c() {
    // Hand-made: `O-O-O=[*]isR[b]=isR[c]`: the king slides from e1 along its rank to the b
    // file, the rook from a1 to the c file, next to it on the inside (the engine's castling
    // lands it there, as the definition asks). The king crosses d1 and c1 and lands on b1:
    // none may be attacked, every square between them empty, both unmoved.
    let rules = "royal O-O=[*]isR[g]=isR[f] O-O-O=[*]isR[b]=isR[c]";
    let mut p = pos(rules, "4k3/8/8/8/8/8/8/R3K2R w KQ - 0 1");
    let king: Vec<String> = moves(&p)
        .into_iter()
        .filter(|m| m.starts_with("e1"))
        .collect();
    // Steps d1 d2 e2 f1 f2, castlings g1 and b1 (not c1 any more).
    assert_eq!(
        king,
        ["e1b1", "e1d1", "e1d2", "e1e2", "e1f1", "e1f2", "e1g1"]
    );
    let castle = p
        .legal_moves()
        .into_iter()
        .filter(|m| crate::common::fairy_square_name(m.to) == "b1")
        .find(|m| crate::common::fairy_square_name(m.from) == "e1")
        .expect("e1b1");
    assert!(matches!(castle.kind, MoveKind::Castle(..)));
    play(&mut p, "e1b1");
    assert_eq!(on(&p, "b1"), Some((0, "K".to_string())));
    assert_eq!(on(&p, "c1"), Some((0, "R".to_string())));
    assert_eq!(on(&p, "a1"), None);
    // Black's mirrored (files kept): e8-b8, a8-c8.
    let mut p = pos(rules, "r3k3/8/8/8/8/8/8/4K3 b q - 0 1");
    play(&mut p, "e8b8");
    assert_eq!(on(&p, "c8"), Some((1, "R".to_string())));
    // A black rook on c8 attacks c1, which the king crosses; one on b8 attacks its landing:
    // no castling to b1 either way; a rook on a8 attacks neither (a1 is the rook's).
    for (fen, castles) in [
        ("2r1k3/8/8/8/8/8/8/R3K3 w Q - 0 1", false),
        ("1r2k3/8/8/8/8/8/8/R3K3 w Q - 0 1", false),
        ("r3k3/8/8/8/8/8/8/R3K3 w Q - 0 1", true),
    ] {
        let p = pos(rules, fen);
        assert_eq!(moves(&p).contains(&"e1b1".to_string()), castles, "{fen}");
    }
    // A knight on b1 or c1 blocks it (the king's or the rook's way).
    for fen in [
        "4k3/8/8/8/8/8/8/RN2K3 w Q - 0 1",
        "4k3/8/8/8/8/8/8/R1N1K3 w Q - 0 1",
    ] {
        assert!(
            !moves(&pos(rules, fen)).contains(&"e1b1".to_string()),
            "{fen}"
        );
    }
}

#[test]
fn a_prefixed_promotion_rules_board_identifier_names_every_board() {
    // `+P<*>` is `+P` on one board (every board is board 1): a pawn on b7 promotes to the
    // board's four pieces.
    let fen = "4k3/1P6/8/8/8/8/8/4K3 w - - 0 1";
    assert_eq!(moves(&pos("+P<*>", fen)), moves(&pos("+P", fen)));
    assert_eq!(moves(&pos("+P<1>==Q", fen)), moves(&pos("+P==Q", fen)));
    // Under `alice` `<1,2>` names both boards, as `<*>`.
    assert_eq!(
        moves(&pos("royal alice +P<1,2>", fen)),
        moves(&pos("royal alice +P", fen))
    );
}

#[test]
fn a_macro_whose_body_is_its_own_letter_is_the_letters_movement() {
    // Seed 001's 3D/4D Alice write `@P=P`, the macro holding the pawn's own movement: read as
    // `@P`. `P=PN` with it: the board's pawn plus the knight's leaps. From d4 on an empty
    // board: d5 and the eight knight squares, nine moves.
    let fen = "4k3/8/8/8/3P4/8/8/4K3 w - - 0 1";
    let with = pos("royal @P=P P=PN", fen);
    assert_eq!(moves(&with), moves(&pos("royal @P P=PN", fen)));
    let pawn = moves(&with)
        .into_iter()
        .filter(|m| m.starts_with("d4"))
        .count();
    assert_eq!(pawn, 9);
    // `@K=K @Q=R+N ... @P=P` of the 3D expansion with plain definitions reads.
    assert!(chess_with_rules("royal @K=K @Q=R+N @R=R @B=B @N=N @P=P K Q R B N P").is_ok());
}

/// The column of `needle` in `rules` (1-based).
fn col(rules: &str, needle: &str) -> usize {
    rules.find(needle).unwrap_or_else(|| panic!("{needle}")) + 1
}

#[test]
fn castlings_and_identifiers_cqlq_cannot_hold_are_refused_at_their_column() {
    let seed_3d = "royal alice=3D O-O<*>=[*]isR[g]--<+>mO=isR[f]--<+>mO";
    for (rules, column, words) in [
        // The engine lands the partner next to the king, on the inside (f for g).
        ("royal O-O=[*]isR[g]=isR[e]", 25, "next to the king"),
        // The king moving away from its partner.
        ("royal O-O=[*]isR[c]=isR[d]", 18, "toward its partner"),
        // Out of check: the board's castling never is.
        ("royal O-O=isR[g]=isR[f]", 11, "`[*]`"),
        ("royal O-O=[*]iR[g]=isR[f]", 14, "other than `isR"),
        ("royal O-O=[*]isR[g]=[*]isR[f]", 21, "condition"),
        (
            "royal O-O=[*]isR[g]=isR[f] O-O=[*]isR[g]=isR[f]",
            28,
            "defined twice",
        ),
        // The seed's 3D expansion: a board transition after the landing.
        (seed_3d, col(seed_3d, "--"), "move sequence"),
        // A board identifier leaving out board 2 under `alice`, naming board 2 on one board.
        (
            "royal alice O-O<1>=[*]isR[g]=isR[f]",
            16,
            "leaves out board 2",
        ),
        ("royal +P<1,2>", 9, "names board 2"),
        ("royal alice +P<1,2,3>", 15, "names board 3"),
        // No castling on the board (`!royal` takes the royal's castlings away).
        ("!royal O-O=[*]isR[g]=isR[f]", 8, "no castling of that side"),
        ("royal O-O=[*]isR[z]=isR[f]", 18, "off this board"),
        // Black's files mirrored: which castling a mirrored `[g]` names is unsaid.
        (
            "royal mirror=horizontal O-O=[*]isR[g]=isR[f]",
            25,
            "mirror=horizontal",
        ),
    ] {
        let e = chess_with_rules(rules).unwrap_err();
        assert_eq!(e.column, column, "{rules}: {e}");
        assert!(e.reason.contains(words), "{rules}: {e}");
    }
}

#[test]
fn castling_definitions_beside_three_and_four_boards_are_the_boards_castling() {
    // The seed's 3D/4D expansions write the same castlings followed by a transition
    // (`--<+>mO`, refused below); the definitions without it name the board's castlings there
    // too: the same moves as without them (board 1 of the wide board, both sides castling
    // onto another board).
    let fen = "16/16/16/16/16/16/16/16/r3k2r8/16/16/16/16/16/16/R3K2R8 w KQkq - 0 1";
    let defs = "O-O<*>=[*]isR[g]=isR[f] O-O-O<*>=[*]isR[c]=isR[d]";
    for alice in ["alice=3D", "alice=4D"] {
        let plain = moves(&pos(&format!("royal {alice}"), fen));
        assert!(plain.contains(&"e1o1".to_string()), "{alice}: {plain:?}");
        assert_eq!(
            moves(&pos(&format!("royal {alice} {defs}"), fen)),
            plain,
            "{alice}"
        );
        let black = fen.replace(" w ", " b ");
        assert_eq!(
            moves(&pos(&format!("royal {alice} {defs}"), &black)),
            moves(&pos(&format!("royal {alice}"), &black)),
            "{alice}"
        );
    }
}
