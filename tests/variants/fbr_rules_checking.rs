//! FBR rules about checks (`stopifchecking`, `antiroyal{...}`, `loss=perpetualcheck(N)`) on
//! FIDE chess (the bundled definition) plus the rule. `loss=perpetualcheck` is compared with
//! Fairy-Stockfish's `perpetualCheckIllegal` (`tests/expected/fbr-perpetual-fsf.txt`, written by
//! `scripts/fbr_perpetual_fsf.py`); the others, which no oracle plays, are hand-made positions
//! with seed 001's reasoning beside each expectation.

use cqlq::rules::fairy::layer_end::Verdict;
use std::sync::Arc;

use super::fbr_rules::{from, moves, play, pos};
use cqlq::rules::fairy::{FairyPos, load_variants};
use cqlq::rules::fbr::variant_with_rules;

#[test]
fn stopifchecking_stops_a_move_on_its_first_checking_square() {
    // "A sequence must stop if a check happens ... the move is complete as soon as a leg is
    // checking the opponent King, the piece must stop." A rook's slide is a sequence of
    // one-square legs (MBN's `W0`); on e1 it checks the king on e8 down the open file, so
    // it cannot go on to f1 or g1 (h1: its own king is on h2). Up the a-file it first checks
    // on a8, the last square.
    let fen = "4k3/8/8/8/8/8/7K/R7 w - - 0 1";
    let p = pos("stopifchecking", fen);
    assert_eq!(
        from(&p, "a1"),
        [
            "a2", "a3", "a4", "a5", "a6", "a7", "a8", "b1", "c1", "d1", "e1"
        ]
    );
    // Without the rule the rook goes on (the test can fail).
    assert!(from(&pos("", fen), "a1").contains(&"g1".to_string()));
    // A pawn's double step is two legs: on e3 it checks the king on f4, so it stops there.
    let fen = "8/8/8/8/5k2/8/4P3/4K3 w - - 0 1";
    assert_eq!(from(&pos("stopifchecking", fen), "e2"), ["e3"]);
    assert_eq!(from(&pos("", fen), "e2"), ["e3", "e4"]);
    // A knight's leap has no legs between: its checking squares do not stop anything.
    let p = pos("stopifchecking", "4k3/8/8/8/8/8/8/1N2K3 w - - 0 1");
    assert_eq!(from(&p, "b1"), ["a3", "c3", "d2"]);
    // Black's slides stop the same way: along rank 8 the rook on a8 first checks the king on
    // d1 from d8, so e8, f8 and g8 are out of reach.
    let p = pos("stopifchecking", "r6k/8/8/8/8/8/8/3K4 b - - 0 1");
    let rank8: Vec<String> = from(&p, "a8")
        .into_iter()
        .filter(|t| t.ends_with('8'))
        .collect();
    assert_eq!(rank8, ["b8", "c8", "d8"]);
}

#[test]
fn antiroyal_must_stay_attacked_and_captures_only_its_own_side() {
    // "The anti-royal is a piece that is in check whenever it is not attacked by opposing
    // pieces ... If a player ends their turn with their anti-royal not attacked, they are
    // checkmated and lose. Additionally, the anti-royal may not capture opposing pieces, only
    // friendly ones. Since Anti-Kings are a form of King, they may not be captured."
    //
    // White's anti-royal queen on d4 is attacked by the rook on d8: not in check. Its moves
    // must end where the rook attacks it: the d-file (d1-d3, d5-d7), not d8 (an opposing
    // piece) and no square off the file (the rook's rank 8 is shut by the king on e8). The
    // king's moves all keep the queen attacked.
    let p = pos("antiroyal{Q}", "3rk3/8/8/8/3Q4/8/8/4K3 w - - 0 1");
    assert!(!p.layer_in_check(0));
    assert_eq!(
        moves(&p),
        [
            "d4d1", "d4d2", "d4d3", "d4d5", "d4d6", "d4d7", "e1d1", "e1d2", "e1e2", "e1f1", "e1f2"
        ]
    );
    // "Kings do not attack Anti-Kings, so an Anti-King next to a hostile King but not
    // attacked by any other piece is not attacked and so in check": with nothing else on
    // black's side no move can make the queen attacked, and white is checkmated.
    let p = pos("antiroyal{Q}", "4k3/3Q4/8/8/8/8/8/4K3 w - - 0 1");
    assert!(p.layer_in_check(0));
    assert!(p.legal_moves().is_empty());
    assert_eq!(p.game_end().map(|e| e.verdict), Some(Verdict::Win(1)));
    // Without the rule that queen is an ordinary piece.
    assert!(
        !pos("", "4k3/3Q4/8/8/8/8/8/4K3 w - - 0 1")
            .legal_moves()
            .is_empty()
    );
    // The queen on a4 (attacked by the rook on a8) may capture its own pawn on a3 (still
    // attacked there), not the rook; black's rook may not capture the queen. The queen
    // captures no opposing piece, so it does not check the king on e8 from a4.
    let fen = "r3k3/8/8/8/Q7/P7/8/4K3 w - - 0 1";
    let p = pos("antiroyal{Q}", fen);
    let q = from(&p, "a4");
    assert!(q.contains(&"a3".to_string()), "{q:?}");
    assert!(!q.contains(&"a8".to_string()), "{q:?}");
    let p = pos("antiroyal{Q}", &fen.replace(" w ", " b "));
    assert!(!p.layer_in_check(1));
    assert!(!from(&p, "a8").contains(&"a4".to_string()));
    assert!(from(&p, "a8").contains(&"a5".to_string()));
    // "Per default an anti-royal piece does not belong to the default piece set for
    // promotions": a pawn promotes to R, B or N only.
    let p = pos("antiroyal{Q}", "4k3/1P6/8/8/8/8/8/4K3 w - - 0 1");
    assert_eq!(from(&p, "b7"), ["b8b", "b8n", "b8r"]);
}

#[test]
fn loss_perpetualcheck_agrees_with_fairy_stockfish() {
    // Fairy-Stockfish's chess with `perpetualCheckIllegal` (its three-fold rule kept, so
    // `draw=repetition(3)` beside the rule): at every ply of each game, whether the game has
    // ended and for whom.
    let text = include_str!("../expected/fbr-perpetual-fsf.txt");
    let mut games = 0;
    for line in text.lines().filter(|l| !l.starts_with('#')) {
        let fields: Vec<&str> = line.split('\t').collect();
        let [fen, line_moves, marks] = fields[..] else {
            panic!("bad line {line}");
        };
        let mut p = pos("loss=perpetualcheck(3) draw=repetition(3)", fen);
        let moves: Vec<&str> = line_moves.split(' ').collect();
        for (ply, want) in marks.split(' ').enumerate() {
            if ply > 0 {
                play(&mut p, moves[ply - 1]);
            }
            let got = match p.game_end().map(|e| e.verdict) {
                None => "-",
                Some(Verdict::Win(0)) => "w",
                Some(Verdict::Win(_)) => "b",
                Some(Verdict::Draw) => "=",
            };
            assert_eq!(got, want, "{fen} after {ply} plies of {line_moves}");
        }
        games += 1;
    }
    assert_eq!(games, 4);
    // `perpetualcheck` without a count is the page's default 3 (the first game's ninth ply).
    let mut p = pos("loss=perpetualcheck", "7k/6p1/7p/8/8/8/6PP/4Q1K1 w - - 0 1");
    for m in "e1e8 h8h7 e8e4 h7h8 e4e8 h8h7 e8e4 h7h8".split(' ') {
        play(&mut p, m);
        assert!(p.game_end().is_none());
    }
    play(&mut p, "e4e8");
    assert_eq!(p.game_end().map(|e| e.verdict), Some(Verdict::Win(1)));
}

#[test]
fn difficulttrading_guards_distant_and_retaliating_captures() {
    // Knights as the rule's pieces: every knight move ends on a "B" square (none of the 8
    // squares next to it). (1) "A Lion may capture an opposing Lion on a "B" square, only if
    // it also made a capture on an "A" square ..., or if the opposing Lion is undefended":
    // a knight has no double capture, so Nd4xf5 needs the knight on f5 undefended.
    let defended = "4k3/8/4p3/5n2/3N4/8/8/4K3 w - - 0 1"; // the pawn on e6 guards f5
    assert!(!from(&pos("difficulttrading{N}", defended), "d4").contains(&"f5".to_string()));
    assert!(from(&pos("", defended), "d4").contains(&"f5".to_string()));
    // Other captures stay: the knight may take the pawn.
    assert!(from(&pos("difficulttrading{N}", defended), "d4").contains(&"e6".to_string()));
    let alone = "4k3/8/8/5n2/3N4/8/8/4K3 w - - 0 1";
    assert!(from(&pos("difficulttrading{N}", alone), "d4").contains(&"f5".to_string()));
    // Guarded by the king only: a defender by default; not under `royal` ("The royal
    // pieces do not belong to the attacking pieces in rule (1)").
    let by_king = "8/8/4k3/5n2/3N4/8/8/4K3 w - - 0 1";
    assert!(!from(&pos("difficulttrading{N}", by_king), "d4").contains(&"f5".to_string()));
    assert!(from(&pos("difficulttrading{N}=royal", by_king), "d4").contains(&"f5".to_string()));
    // (2) "If a player captures a Lion with a non-Lion piece, the opponent may not capture a
    // Lion except with another Lion, on his next turn": after Bb2xc3 the rook on d8 may not
    // take the knight on d2; after a king move instead it may.
    let fen = "3rk3/8/8/8/8/2n5/1B1N4/4K3 w - - 0 1";
    let mut p = pos("difficulttrading{N}", fen);
    play(&mut p, "b2c3");
    let rook = from(&p, "d8");
    assert!(!rook.contains(&"d2".to_string()), "{rook:?}");
    assert!(rook.contains(&"d3".to_string()), "{rook:?}");
    let mut p = pos("difficulttrading{N}", fen);
    play(&mut p, "e1f1");
    assert!(from(&p, "d8").contains(&"d2".to_string()));
}

/// Kings, pawns and SjaakII's lion (Chu Shogi's: two king steps, capturing on either), the
/// board `difficulttrading`'s `minor` needs: only a lion captures twice.
const LIONS: &str = "Variant: Lions (8x8)
Board: 8x8
FEN: \"4k3/8/8/8/8/8/8/4K3 w - - 0 1\"

Piece: King
Move: leap (0,1)|(1,1)
Symbol: \"K\", \"K,k\"
Flags: royal

Piece: Pawn
Move: step N
Capture: step NE,NW
Symbol: \"P\", \"P,p\"

Piece: Lion
Move: leap ((0,1)|(1,1))+((0,1)|(1,1))
Flags: no_retaliate
Symbol: \"L\", \"L,l\"
";

fn lions(rules: &str, fen: &str) -> FairyPos {
    defined_with_rules(LIONS, rules, fen)
}

/// The position `fen` of the first variant defined in `text` (SjaakII's format) under
/// `rules` (FBR).
pub(crate) fn defined_with_rules(text: &str, rules: &str, fen: &str) -> FairyPos {
    let def = load_variants("defined", text).expect("definition")[0]
        .def
        .clone();
    let v = variant_with_rules(&def, rules).unwrap_or_else(|e| panic!("{rules}: {e}"));
    FairyPos::from_fen(Arc::new(v), fen).expect("fen")
}

#[test]
fn difficulttrading_minor_pieces_do_not_license_a_distant_capture() {
    // White's lion on d4, black's pawn on d5 (an "A" square), black's lion on d6 (a "B"
    // square) guarded by the pawn on e7. Rule (1): the lion may take the lion on d6 "only if
    // it also made a capture on an "A" square (unless the captured piece is a "minor"
    // piece, specified with minor), or if the opposing Lion is undefended". The double
    // capture d5 then d6 is allowed; with `minor{P}` the pawn does not count and the lion on
    // d6 is defended, so it is not; the lion's one-move jump to d6 never is.
    let fen = "4k3/4p3/3l4/3p4/3L4/8/8/4K3 w - - 0 1";
    let takes_d6 = |p: &FairyPos| -> (bool, bool) {
        let moves = p.legal_moves();
        let d6 = 5 * 16 + 3;
        let double = moves
            .iter()
            .any(|m| m.to == d6 && matches!(m.kind, cqlq::rules::fairy::MoveKind::Double(_)));
        let jump = moves.iter().any(|m| {
            m.to == d6 && m.capture == Some(d6) && m.kind == cqlq::rules::fairy::MoveKind::Normal
        });
        (double, jump)
    };
    assert_eq!(takes_d6(&lions("", fen)), (true, true));
    assert_eq!(takes_d6(&lions("difficulttrading{L}", fen)), (true, false));
    assert_eq!(
        takes_d6(&lions("difficulttrading{L}=minor{P}", fen)),
        (false, false)
    );
    // Without the guard on e7 the lion on d6 is undefended: every capture of it stands.
    let open = "4k3/8/3l4/3p4/3L4/8/8/4K3 w - - 0 1";
    assert_eq!(
        takes_d6(&lions("difficulttrading{L}=minor{P}", open)),
        (true, true)
    );
}

#[test]
fn a_double_capture_takes_both_victims_without_victim_rules() {
    // SjaakII's two-step lion (`leap ((0,1)|(1,1))+((0,1)|(1,1))`, its
    // `generate_double_captures`): a capture on a first-step square, then one more a second
    // step further, takes both pieces. White's lion on d4 takes the pawn on d5, then the lion
    // on d6: afterwards d5 and d6 are empty and the lion stands on d6. Without `no_retaliate`
    // this goes through the plain move, which left the first victim on d5.
    let plain = LIONS.replace("Flags: no_retaliate\n", "");
    assert_ne!(plain, LIONS);
    let def = load_variants("lions", &plain).expect("lions")[0]
        .def
        .clone();
    let v = variant_with_rules(&def, "").expect("no rules");
    let mut p =
        FairyPos::from_fen(Arc::new(v), "4k3/8/3l4/3p4/3L4/8/8/4K3 w - - 0 1").expect("fen");
    let (d5, d6): (u8, u8) = (4 * 16 + 3, 5 * 16 + 3);
    let double = *p
        .legal_moves()
        .iter()
        .find(|m| m.to == d6 && m.kind == cqlq::rules::fairy::MoveKind::Double(d5))
        .expect("the double capture d5, d6");
    p.make(&double);
    assert_eq!(p.piece(d5.into()), None, "the first victim stays on d5");
    assert_eq!(p.piece(d6.into()).map(|(colour, _)| colour), Some(0));
}

#[test]
fn bouncing_bishops_reflect_off_the_side_files() {
    // "The diagonally moving pieces (normally Bishop and Queen) bounce off from the vertical
    // (left and right) edges of the board" (`@B=B-[([a,h]zB)0]`: a bishop move, then from
    // the a- or h-file more bishop legs with the file direction reversed). From c1: north-west
    // b2, a3, bouncing to b4 c5 d6 e7 f8; north-east d2 e3 f4 g5 h6, bouncing to g7 f8.
    let fen = "7k/8/8/8/8/8/8/2B1K3 w - - 0 1";
    assert_eq!(
        from(&pos("bouncing", fen), "c1"),
        [
            "a3", "b2", "b4", "c5", "d2", "d6", "e3", "e7", "f4", "f8", "g5", "g7", "h6"
        ]
    );
    assert_eq!(
        from(&pos("", fen), "c1"),
        ["a3", "b2", "d2", "e3", "f4", "g5", "h6"]
    );
    // A bounced line checks: the king on b4 stands on c1-b2-a3-b4.
    let fen = "8/8/8/8/1k6/8/8/2B1K3 b - - 0 1";
    assert!(pos("bouncing", fen).layer_in_check(1));
    assert!(!pos("", fen).layer_in_check(1));
    // A piece on the bounce stops it: with a pawn on b4 the bishop takes it or stops short.
    let p = pos("bouncing", "7k/8/8/8/1p6/8/8/2B1K3 w - - 0 1");
    let west: Vec<String> = from(&p, "c1")
        .into_iter()
        .filter(|t| t.starts_with(['a', 'b', 'c']))
        .collect();
    assert_eq!(west, ["a3", "b2", "b4"]);
    // "the default piece set is {B}": the bundled queen is its own piece and goes straight
    // unless named (`bouncing{BQ}`).
    let fen = "7k/8/8/8/8/8/8/2Q1K3 w - - 0 1";
    assert!(!from(&pos("bouncing", fen), "c1").contains(&"b4".to_string()));
    assert!(from(&pos("bouncing{BQ}", fen), "c1").contains(&"b4".to_string()));
}
