//! Seed 001's rules that act for the players: `musketeer` (Musketeer Chess: two extra pieces
//! gated in behind first-rank pieces), `swapping` (Swap Chess's swap sequences) and
//! `pincher` (seed 001's text, hand-made positions). Musketeer's truths: Musketeer-Stockfish's perft of positions after
//! the selection and placement phase (fsmosca/musketeer-chess's `Perft/` tables, perft 4 of
//! its `lc******/.../LC****** w KQkq - 0 1` positions), SjaakII's `Musketeer` definition for
//! the ten pieces' movements, and hand-made positions for the official rules' words
//! (musketeerchess.net, restated by fsmosca's rules page and Game Courier's preset), quoted
//! beside each.

use cqlq::rules::Position;
use cqlq::rules::fairy::{FMove, FairyPos, MoveKind, RankBase, load_variants};
use cqlq::rules::fbr::chess_with_rules;

use super::fbr_rules::moves;

fn pos(rules: &str, fen: &str) -> FairyPos {
    let v = chess_with_rules(rules).unwrap_or_else(|e| panic!("{rules}: {e}"));
    FairyPos::from_fen(v, fen).unwrap_or_else(|e| panic!("{fen}: {e}"))
}

fn fen_error(fen: &str) -> String {
    let v = chess_with_rules("musketeer").expect("musketeer");
    match FairyPos::from_fen(v, fen) {
        Ok(_) => panic!("{fen} was read"),
        Err(e) => e.to_string(),
    }
}

fn san(p: &mut FairyPos, text: &str) -> FMove {
    let m = p
        .san_to_move(text)
        .unwrap_or_else(|e| panic!("{text}: {e} in {}", p.to_fen(true)));
    p.make(&m);
    m
}

/// The legal moves of the piece on `from` (`"b1"`), as UCI with the gated piece's letter.
fn moves_from(p: &FairyPos, from: &str) -> Vec<String> {
    moves(p)
        .into_iter()
        .filter(|m| m.starts_with(from))
        .collect()
}

/// Musketeer-Stockfish's perft 4 (fsmosca/musketeer-chess, `Perft/<pair>/*.csv`; its XBoard
/// FEN with a gate row above and below the board), two or three positions per piece pair,
/// every piece in at least one pair.
const PERFT4: [(&str, u64); 16] = [
    (
        "lc******/rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR/LC****** w KQkq - 0 1",
        195507,
    ),
    (
        "hf******/rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR/HF****** w KQkq - 0 1",
        197285,
    ),
    (
        "fh******/rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR/HF****** w KQkq - 0 1",
        199063,
    ),
    (
        "*h****f*/rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR/HF****** w KQkq - 0 1",
        199067,
    ),
    (
        "*a**c***/rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR/C*****A* w KQkq - 0 1",
        195507,
    ),
    (
        "ca******/rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR/*C****A* w KQkq - 0 1",
        194621,
    ),
    (
        "*c****a*/rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR/AC****** w KQkq - 0 1",
        194625,
    ),
    (
        "de******/rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR/DE****** w KQkq - 0 1",
        197283,
    ),
    (
        "ed******/rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR/DE****** w KQkq - 0 1",
        196395,
    ),
    (
        "******ed/rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR/D****E** w KQkq - 0 1",
        197283,
    ),
    (
        "ms******/rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR/MS****** w KQkq - 0 1",
        197285,
    ),
    (
        "sm******/rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR/MS****** w KQkq - 0 1",
        196395,
    ),
    (
        "******sm/rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR/M****S** w KQkq - 0 1",
        197285,
    ),
    (
        "lu******/rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR/LU****** w KQkq - 0 1",
        199067,
    ),
    (
        "ul******/rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR/LU****** w KQkq - 0 1",
        197279,
    ),
    (
        "******ul/rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR/L****U** w KQkq - 0 1",
        198175,
    ),
];

#[test]
fn musketeer_perft_agrees_with_musketeer_stockfish() {
    for (fen, want) in PERFT4 {
        let p = pos("musketeer", fen);
        assert_eq!(p.perft(4), want, "{fen}");
        // The same position in Musketeer-Stockfish's other FEN form (the gates in brackets,
        // as cqlq writes it) counts the same.
        let written = p.to_fen(true);
        assert!(written.contains('['), "{written}");
        assert_eq!(pos("musketeer", &written).perft(4), want, "{written}");
    }
}

#[test]
fn musketeer_pieces_move_as_sjaakiis_musketeer_defines_them() {
    // SjaakII's `Musketeer` variant (../shared/variants/sjaak/variants.txt) defines the ten
    // pieces in its own terms (`leap`, `aleap`, `step`, `slide`); each piece alone with the
    // two kings, on a central square and next to the edge, must reach the same squares.
    let Some(file) = crate::common::shared_file("variants/sjaak/variants.txt") else {
        return;
    };
    let text = std::fs::read_to_string(&file).expect("variants.txt");
    let all = load_variants("variants.txt", &text).expect("SjaakII's variants load");
    let sjaak = all
        .iter()
        .find(|v| v.def.name == "musketeer")
        .expect("SjaakII has Musketeer")
        .clone();
    let ours = chess_with_rules("musketeer").expect("musketeer");
    let targets = |v: &std::sync::Arc<cqlq::rules::fairy::Variant>, fen: &str, from: usize| {
        let p = FairyPos::from_fen(v.clone(), fen).unwrap_or_else(|e| panic!("{fen}: {e}"));
        let mut t: Vec<u8> = p
            .legal_moves()
            .iter()
            .filter(|m| m.from as usize == from && m.kind == MoveKind::Normal)
            .map(|m| m.to)
            .collect();
        t.sort();
        t
    };
    let mut compared = 0;
    for letter in "LCUDMAEHFS".chars() {
        for (row, square, black) in [
            ("3X4", 3 * 16 + 3, false),
            ("X7", 3 * 16, false),
            ("3x4", 3 * 16 + 3, true),
        ] {
            let row = row.replace(
                ['X', 'x'],
                &if black {
                    letter.to_ascii_lowercase().to_string()
                } else {
                    letter.to_string()
                },
            );
            // Black pieces move with black to move; a white pawn on b6 gives captures.
            let fen = format!(
                "4k3/8/1P6/8/{row}/8/8/4K3 {} - - 0 1",
                if black { "b" } else { "w" }
            );
            let ours_fen = fen.replacen("4K3 ", "4K3[L-C-l-c-] ", 1);
            let want = targets(&sjaak, &fen, square);
            assert!(!want.is_empty(), "{letter} in {fen}");
            assert_eq!(targets(&ours, &ours_fen, square), want, "{letter} in {fen}");
            compared += 1;
        }
    }
    assert_eq!(compared, 30);
}

/// The position after the placement phase of fsmosca's example game: Leopards behind b1 and
/// g8, Cannons behind d1 and f8.
const PLACED: &str = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR[LbCdlgcf] w KQkq - 0 1";

#[test]
fn a_first_move_from_a_gate_square_always_gates() {
    // "When the original piece on the back rank makes its first move, the piece behind it
    // moves to the vacated space" (Game Courier), as Musketeer-Stockfish plays it (no move
    // from a gate square without its gate): the knight on b1 has only its two gating moves.
    let mut p = pos("musketeer", PLACED);
    assert_eq!(moves_from(&p, "b1"), ["b1a3l", "b1c3l"]);
    assert_eq!(moves_from(&p, "g1"), ["g1f3", "g1h3"], "no gate behind g1");
    // SAN need not name the gate (fsmosca writes `Nc3/L`; both read).
    let m = san(&mut p, "Nc3");
    assert_eq!(m.gate.map(|(_, s)| s), Some(1), "the Leopard enters on b1");
    assert_eq!(
        p.to_fen(true),
        "rnbqkbnr/pppppppp/8/8/8/2N5/PPPPPPPP/RLBQKBNR[L-Cdlgcf] b KQkq - 1 1"
    );
    san(&mut p, "Nf6/L");
    assert_eq!(
        p.to_fen(true),
        "rnbqkblr/pppppppp/5n2/8/8/2N5/PPPPPPPP/RLBQKBNR[L-Cdl-cf] w KQkq - 2 2"
    );
    // The Cannon waits behind d1: only its own letter names that gate.
    let q = pos("musketeer", PLACED);
    assert!(q.san_to_move("Nc3/C").is_err());
    assert!(q.san_to_move("Nc3/L").is_ok());
}

#[test]
fn a_gate_whose_piece_is_captured_is_lost() {
    // "If the square in front of a musketeer is captured before that musketeer enters the
    // game, then that musketeer is also captured" (fsmosca: "White loses the right to gate
    // its cannon"): the bishop takes the knight on b1; the Leopard behind it is gone, and the
    // rook retaking on b1 brings nothing in.
    let mut p = pos(
        "musketeer",
        "rn1qkbnr/ppp1pppp/8/8/8/3b4/PP1PPPPP/RNBQKBNR[LbCdlgcf] b KQkq - 0 1",
    );
    san(&mut p, "Bxb1");
    assert!(p.to_fen(true).contains("[L-Cdlgcf]"), "{}", p.to_fen(true));
    let m = san(&mut p, "Rxb1");
    assert_eq!(m.gate, None);
}

#[test]
fn a_king_leaving_check_gates_only_by_taking_the_checker() {
    // "The king cannot gate if in check except if that king captures the attacker"
    // (fsmosca's rules page, image 8 and image 11): a Leopard waits behind e1. The queen on
    // f2 checks; the king may take it (gating) or step to d2 (the gate is lost).
    let fen = "rnb1kbnr/pppp1ppp/8/4p3/8/3P4/PPP1PqPP/RNBQKBNR[LeCblgcf] w KQkq - 0 1";
    let p = pos("musketeer", fen);
    assert_eq!(moves_from(&p, "e1"), ["e1d2", "e1f2l"]);
    let mut q = p.clone();
    san(&mut q, "Kd2");
    assert!(q.to_fen(true).contains("[L-Cb"), "{}", q.to_fen(true));
    assert_eq!(q.piece(4), None, "nothing entered on e1");
    let mut r = p.clone();
    san(&mut r, "Kxf2");
    assert!(r.piece(4).is_some(), "the Leopard entered on e1");
}

#[test]
fn castling_gates_on_the_kings_or_the_rooks_square() {
    // fsmosca's "Castle gating move": `O-O/L` brings the piece behind the king (or the rook)
    // onto the square it leaves.
    for (gate, square) in [("e", 4usize), ("h", 7)] {
        let fen = format!("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQK2R[L{gate}Cblgcf] w KQkq - 0 1");
        let mut p = pos("musketeer", &fen);
        let m = san(&mut p, "O-O");
        assert!(matches!(m.kind, MoveKind::Castle(..)));
        assert_eq!(m.gate.map(|(_, s)| usize::from(s)), Some(square), "{fen}");
        let leopard = p
            .piece(square)
            .map(|(c, t)| (c, p.v.kinds[t].def.symbols[0].clone()));
        assert_eq!(leopard, Some((0, "L".to_string())), "{fen}");
    }
}

#[test]
fn pawns_promote_to_the_selected_pieces_too() {
    // "A pawn can promote to either N, B, R, Q, 1st selected piece or 2nd selected piece"
    // (fsmosca's rules, G.2): with Leopard and Cannon selected (both gates used), b8=L and
    // b8=C, no other Musketeer piece.
    let p = pos("musketeer", "8/1P2k3/8/8/8/8/8/4K3[L-C-l-c-] w - - 0 1");
    assert_eq!(
        moves_from(&p, "b7"),
        ["b7b8b", "b7b8c", "b7b8l", "b7b8n", "b7b8q", "b7b8r"]
    );
}

#[test]
fn a_musketeer_fen_must_hold_the_gates() {
    // Without the selection and the gates a game is not Musketeer Chess; the selection and
    // placement moves (`L`, `L@b0`) are not read, so such a position is refused by name.
    let e = fen_error("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1");
    assert!(e.contains("holds no gates"), "{e}");
    let e = fen_error("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR[L?C?l?c?] w KQkq - 0 1");
    assert!(e.contains("not placed"), "{e}");
    // "It is not allowed to drop a musketeer piece at column e and another at column a or h".
    let e = fen_error("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR[LeChlgcf] w KQkq - 0 1");
    assert!(e.contains("castling partner"), "{e}");
    let e = fen_error("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/R1BQKBNR[LbCdlgcf] w KQkq - 0 1");
    assert!(e.contains("behind no piece"), "{e}");
    let e = fen_error("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR[QbCdqgcf] w KQkq - 0 1");
    assert!(e.contains("not a Musketeer piece"), "{e}");
}

#[test]
fn musketeer_refusals_name_what_is_missing() {
    for (rules, says) in [
        ("musketeer gating", "beside `musketeer`"),
        ("musketeer{L}", "takes no piece set"),
        ("L=K musketeer", "needs the letter `L`"),
    ] {
        let e = match chess_with_rules(rules) {
            Ok(_) => panic!("`{rules}` was accepted"),
            Err(e) => e.to_string(),
        };
        assert!(e.contains(says), "{rules}: {e}");
    }
    // The seed's spelling `muskeeter` is the same rule.
    assert!(chess_with_rules("muskeeter").is_ok());
}

#[test]
fn a_musketeer_game_replays_from_pgn() {
    // End to end: `--rules musketeer` on games from Musketeer-Stockfish's FEN (fsmosca's
    // example game: `4. d4 Nf6/L`, then `Nc3` gating the Leopard without naming it). After
    // 2. Nc3 both sides have 17 pieces: 2 positions. A gate named wrongly (`Nc3/C`, the Cannon
    // waits behind d1) and a game without a Musketeer FEN are bad games.
    let pgn = "[Event \"gates\"]\n[SetUp \"1\"]\n[FEN \"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR[LbCdlgcf] w KQkq - 0 1\"]\n\n1. d4 Nf6/L 2. Nc3 e6 *\n\n\
               [Event \"wrong gate\"]\n[SetUp \"1\"]\n[FEN \"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR[LbCdlgcf] w KQkq - 0 1\"]\n\n1. Nc3/C *\n\n\
               [Event \"no gates\"]\n\n1. e4 *\n";
    let err = crate::common::rules_count_summary("musketeer", "#A + #a == 34", pgn);
    assert!(
        err.contains("1 matched, 2 positions matched, 2 bad games"),
        "{err}"
    );
    assert!(err.contains("Nc3/C"), "the bad game names the move: {err}");
    assert!(err.contains("holds no gates"), "{err}");
}

// Swap Chess (`swapping`): João Pedro Neto's rules page (chessvariants.com, "Swap Chess",
// written by the inventor) with its mate-in-one example and its sample game, read move by
// move against the diagrams printed after them.

/// Plays PGN tokens through the `Position` interface (what a game's replay calls).
fn play(p: &mut FairyPos, tokens: &str) {
    for t in tokens.split_whitespace() {
        p.play_san(t)
            .unwrap_or_else(|e| panic!("{t}: {e} in {}", p.to_fen(true)));
    }
}

#[test]
fn swap_chess_sample_game_reaches_the_pages_diagrams() {
    // "4. Qd1/g4/g7/h8 (the 1st swap sequence, Qh8 threats Q:g7)": the queen swaps with its
    // own g4 pawn, the black g7 pawn and the h8 rook; the page's diagram after it, as a FEN.
    let mut p = pos(
        "royal swapping",
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
    );
    play(&mut p, "e4 e5 Nc3 Nc6 g4 Bc5 Qd1/g4/g7/h8");
    assert!(
        p.to_fen(true)
            .starts_with("r1bqk1nQ/pppp1prp/2n5/2b1p3/4P1p1/2N5/PPPP1P1P/R1BPKBNR b"),
        "{}",
        p.to_fen(true)
    );
    // "4... Qd8-h4 5. Qh8/h7/g7/g8+ (white don't mind the mate threath, and start checking)".
    play(&mut p, "Qh4 Qh8/h7/g7/g8+");
    assert!(
        p.to_fen(true)
            .starts_with("r1b1k1Qp/pppp1pnr/2n5/2b1p3/4P1pq/2N5/PPPP1P1P/R1BPKBNR b"),
        "{}",
        p.to_fen(true)
    );
    assert!(p.layer_in_check(1));
}

#[test]
fn swap_chess_mate_in_one_by_a_sequence_with_a_promotion() {
    // "White queen swaps with the white bishop, then with the black pawn promoting it to a
    // knight, then with the black bishop and the black rook, mating Black. The notation
    // would be: Qb6/b1/d3=N/c4/f7++" (the page's diagram; a white king added on h2, out of
    // every line). Black's king e8 is attacked by the queen on f7, which the f2 rook guards;
    // the d7, e7 and f8 squares are the queen's, d8 holds a rook whose swap with its king
    // would put the king on the b6 bishop's diagonal.
    let mut p = pos(
        "royal swapping",
        "3rk3/5r2/1Q6/8/2b5/3p4/5R1K/1B6 w - - 0 1",
    );
    play(&mut p, "Qb6/b1/d3=N/c4/f7++");
    assert!(
        p.to_fen(true)
            .starts_with("3rk3/5Q2/1B6/8/2r5/3b4/5R1K/1n6 b"),
        "{}",
        p.to_fen(true)
    );
    assert!(p.layer_in_check(1));
    assert!(p.legal_moves().is_empty(), "mate: {:?}", moves(&p));
    // Without the promotion the pawn's swap onto its last rank is not a legal sequence.
    let mut q = pos(
        "royal swapping",
        "3rk3/5r2/1Q6/8/2b5/3p4/5R1K/1B6 w - - 0 1",
    );
    assert!(q.play_san("Qb6/b1/d3/c4/f7").is_err());
    assert_eq!(
        q.to_fen(true),
        "3rk3/5r2/1Q6/8/2b5/3p4/5R1K/1B6 w - - 0 1",
        "unchanged"
    );
}

#[test]
fn a_sequence_swaps_each_piece_once_and_stops_at_a_check() {
    // "Any piece, except P1, cannot be swapped more than once in a swap sequence"; "A swap
    // sequence must stop if a check happens".
    let start = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";
    let mut p = pos("royal swapping", start);
    play(&mut p, "e4 e5 Nc3 Nc6 g4 Bc5");
    let e = p.clone().play_san("Qd1/g4/d1").unwrap_err().to_string();
    assert!(e.contains("swapped already"), "{e}");
    play(&mut p, "Qd1/g4/g7/h8 Qh4");
    // The g8 swap gives check: the sequence may not go on to f7.
    let e = p
        .clone()
        .play_san("Qh8/h7/g7/g8/f7")
        .unwrap_err()
        .to_string();
    assert!(e.contains("check happens"), "{e}");
    // The king swaps with nothing: `K=K` in the seed's expansion, "except the King".
    assert!(
        moves(&p)
            .iter()
            .all(|m| !m.starts_with("e1") || m == "e1e2"),
        "{:?}",
        moves(&p)
    );
}

#[test]
fn the_ko_rule_forbids_undoing_the_last_swap_sequence() {
    // "The KO rule: a player cannot undo the last swap sequence": the queen swaps with the a8
    // rook (`Qa8`, a single swap written as SAN without the capture mark); the rook, now on
    // a1, may not swap straight back, though it may capture the queen or move. With the same
    // board and no swap before, the swap back is legal.
    let mut p = pos("royal swapping", "r7/7k/8/8/8/8/7K/Q7 w - - 0 1");
    play(&mut p, "Qa8");
    assert_eq!(p.to_fen(true), "Q7/7k/8/8/8/8/7K/r7 b - - 1 1");
    let swap_back = |p: &FairyPos| {
        p.legal_moves()
            .iter()
            .any(|m| matches!(m.kind, MoveKind::Swap(_)) && m.from == 0 && m.to == 112)
    };
    assert!(!swap_back(&p), "{:?}", moves(&p));
    assert!(moves(&p).contains(&"a1a8".to_string()), "the capture stays");
    assert!(p.clone().play_san("Ra1/a8").is_err());
    let q = pos("royal swapping", "Q7/7k/8/8/8/8/7K/r7 b - - 1 1");
    assert!(swap_back(&q));
}

#[test]
fn a_pawn_on_its_first_rank_steps_one_or_two_squares() {
    // "If a pawn reaches his 1st rank, he can move one or two squares forward."
    let p = pos("royal swapping", "4k3/8/8/8/8/8/8/3PK3 w - - 0 1");
    assert_eq!(moves_from(&p, "d1"), ["d1d2", "d1d3"]);
    let p = pos("royal swapping", "3pk3/8/8/8/8/8/8/4K3 b - - 0 1");
    assert_eq!(moves_from(&p, "d8"), ["d8d6", "d8d7"]);
    // Blocked on the second rank: no step.
    let p = pos("royal swapping", "4k3/8/8/8/8/8/3N4/3PK3 w - - 0 1");
    assert!(
        moves_from(&p, "d1").iter().all(|m| !m.starts_with("d1d")),
        "{:?}",
        moves(&p)
    );
}

#[test]
fn a_swap_chess_game_replays_from_pgn() {
    // End to end: Neto's sample game through `--rules`, the sequences in his notation. The
    // one check is after 5. Qh8/h7/g7/g8+; a sequence that swaps a piece twice is a bad game.
    let pgn = "[Event \"sample\"]\n\n1. e4 e5 2. Nc3 Nc6 3. g4 Bc5 4. Qd1/g4/g7/h8 Qh4 5. Qh8/h7/g7/g8+ *\n\n\
               [Event \"twice\"]\n\n1. e4 e5 2. Nc3 Nc6 3. g4 Bc5 4. Qd1/g4/d1 *\n";
    let err = crate::common::rules_count_summary("royal swapping", "check", pgn);
    assert!(
        err.contains("1 matched, 1 position matched, 1 bad game"),
        "{err}"
    );
    assert!(
        err.contains("Qd1/g4/d1"),
        "the bad game names the move: {err}"
    );
}

#[test]
fn swapping_refusals_name_what_is_missing() {
    for (rules, says) in [
        ("swapping atomic", "beside `swapping`"),
        ("swapping{Q}", "takes no piece set"),
    ] {
        let e = match chess_with_rules(rules) {
            Ok(_) => panic!("`{rules}` was accepted"),
            Err(e) => e.to_string(),
        };
        assert!(e.contains(says), "{rules}: {e}");
    }
}

// `pincher` (seed 001): "Any opposing piece inside the pinching zone can be relocated to a
// square of the pinching player's choosing on that opponent's first rank. If the first rank
// is completely occupied, then the pinched piece is removed from play." The seed's crab
// (`*C=K`: its zone the squares next to it), moving as a king here.
const CRAB: &str = "pincher* C|Crab|=K *C=K";

/// The legal pinches, as `from-to` (`from` alone for a removal), sorted (also
/// `fbr_mbn_boards`'s).
pub(crate) fn pinches(p: &FairyPos) -> Vec<String> {
    let name = |s: u8| format!("{}{}", (b'a' + s % 16) as char, s / 16 + 1);
    let mut v: Vec<String> = p
        .legal_moves()
        .iter()
        .filter(|m| m.kind == MoveKind::Pickup)
        .map(|m| {
            if m.from == m.to {
                name(m.from)
            } else {
                format!("{}-{}", name(m.from), name(m.to))
            }
        })
        .collect();
    v.sort();
    v
}

#[test]
fn a_pinched_piece_goes_to_an_empty_square_of_its_first_rank() {
    // The black knight next to the crab may go to any empty square of rank 8 (e8 holds the
    // king): seven pinches, written `@@d5-b8`; the knight then stands on b8, still black.
    let mut p = pos(CRAB, "4k3/8/8/3n4/3C4/8/8/K7 w - - 0 1");
    assert_eq!(
        pinches(&p),
        [
            "d5-a8", "d5-b8", "d5-c8", "d5-d8", "d5-f8", "d5-g8", "d5-h8"
        ]
    );
    let m = p.coord_to_move("@@d5-b8", RankBase::One).expect("@@d5-b8");
    p.make(&m);
    assert_eq!(p.to_fen(true), "1n2k3/8/8/8/3C4/8/8/K7 b - - 1 1");
}

#[test]
fn a_pinched_piece_leaves_the_board_when_its_first_rank_is_full() {
    // (The white king on b3 stands off the black rooks' files.)
    let mut p = pos(CRAB, "rnbqkbnr/8/8/3p4/3C4/1K6/8/8 w - - 0 1");
    assert_eq!(pinches(&p), ["d5"]);
    let m = p.coord_to_move("@@d5", RankBase::One).expect("@@d5");
    p.make(&m);
    // A pinch captures nothing and moves no pawn of the mover: the halfmove clock counts it.
    assert_eq!(p.to_fen(true), "rnbqkbnr/8/8/8/3C4/1K6/8/8 b - - 1 1");
}

#[test]
fn the_pinch_set_and_the_pinchers_king_limit_the_pinches() {
    // "The optional piece set is restricting the pieces that can be pinched" (the seed's
    // `pincher*={^A}` form): with `{^N}` the c5 knight stays, the d5 pawn may be pinched.
    let p = pos(
        "pincher*={^N} C|Crab|=K *C=K",
        "4k3/8/8/2np4/3C4/8/8/K7 w - - 0 1",
    );
    assert!(
        pinches(&p).iter().all(|m| m.starts_with("d5")),
        "{:?}",
        pinches(&p)
    );
    assert_eq!(pinches(&p).len(), 7);
    // A pinch may not leave the pincher's king attacked: the rook put on b8, c8 or d8 would
    // check the white king on a8 along the rank; behind the black king (f8-h8) it would not.
    let p = pos(CRAB, "K3k3/8/8/3r4/3C4/8/8/8 w - - 0 1");
    assert_eq!(pinches(&p), ["d5-f8", "d5-g8", "d5-h8"]);
}

#[test]
fn a_pinch_game_replays_from_pgn() {
    // End to end: `@@d5-b8` relocates the knight; after it and after 1... Kf7 a black knight
    // stands on b8 (2 positions); a pinch of an empty square is a bad game.
    let pgn = "[Event \"pinch\"]\n[SetUp \"1\"]\n[FEN \"4k3/8/8/3n4/3C4/8/8/K7 w - - 0 1\"]\n\n1. @@d5-b8 Kf7 *\n\n\
               [Event \"nothing there\"]\n[SetUp \"1\"]\n[FEN \"4k3/8/8/3n4/3C4/8/8/K7 w - - 0 1\"]\n\n1. @@e5-b8 *\n";
    let err = crate::common::rules_count_summary(CRAB, "nb8", pgn);
    assert!(
        err.contains("1 matched, 2 positions matched, 1 bad game"),
        "{err}"
    );
    assert!(
        err.contains("@@e5-b8"),
        "the bad game names the move: {err}"
    );
}

#[test]
fn pincher_refusals_name_what_is_missing() {
    for (rules, says) in [
        ("pincher C|Crab|=K", "needs the prefix letter"),
        ("pincher* C|Crab|=K", "needs a prefixed piece definition"),
        ("pincher*{K} C|Crab|=K *C=K", "royal"),
        ("pincher* holding C|Crab|=K *C=K", "beside a holding"),
    ] {
        let e = match chess_with_rules(rules) {
            Ok(_) => panic!("`{rules}` was accepted"),
            Err(e) => e.to_string(),
        };
        assert!(e.contains(says), "{rules}: {e}");
    }
}
