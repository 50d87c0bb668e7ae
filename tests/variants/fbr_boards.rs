//! FBR rules of the boards and royals (seed 001): `royal=evasefacing` against Fairy-Stockfish's
//! `flyingGeneral` (`tests/expected/fbr-facing-fsf.txt`, written by
//! `scripts/fbr_facing_fsf.py`: every legal move of each position).

use super::fbr_rules::{moves, pos};
use cqlq::rules::fairy::layer_end::Verdict;

#[test]
fn evasefacing_agrees_with_fairy_stockfishs_flying_general() {
    let text = include_str!("../expected/fbr-facing-fsf.txt");
    assert!(text.starts_with("# Source: Fairy-Stockfish"));
    let (mut rows, mut facing_rows, mut ends) = (0, 0, 0);
    for line in text.lines().filter(|l| !l.starts_with('#')) {
        let f: Vec<&str> = line.split('\t').collect();
        let (case, fen, want) = (f[0], f[1], f[2]);
        let p = pos("royal=evasefacing", fen);
        let want: Vec<String> = want.split_whitespace().map(String::from).collect();
        let ours = moves(&p);
        match case {
            // Not facing: a move may bring the facing about ("A player may decide to make a
            // move so that his royal piece faces the other player's royal piece"), so every
            // move of plain chess is legal.
            "chess" => assert_eq!(ours, want, "chess moves on {fen}"),
            // The moves that do not bring it about are `flyingGeneral`'s (it forbids the
            // others): cqlq's facing line is Fairy-Stockfish's.
            "flying" => {
                // One reading differs, on purpose: O-O-O crossing d1 below black's king on
                // d8 (`flyingGeneral` counts the square crossed as attacked; under
                // `evasefacing` a move may end facing, so it may cross a facing square:
                // `evasefacing_lets_castling_cross_the_other_royals_file`).
                let crosses = |m: &String| fen.starts_with("r2k4/") && m == "e1c1";
                let not_facing: Vec<String> = ours
                    .iter()
                    .filter(|m| {
                        let mut q = p.clone();
                        super::fbr_rules::play(&mut q, m);
                        !q.kings_face() && !crosses(m)
                    })
                    .cloned()
                    .collect();
                assert_eq!(not_facing, want, "moves that do not face on {fen}");
            }
            // Facing: "performed with check" (the side to move is in check), and it must
            // "make a move that breaks the position": `flyingGeneral`'s moves there. With
            // none left the draw it may call is all it has (Fairy-Stockfish's result 0);
            // checked by a knight too, it is mated (-32000).
            "facing" => {
                facing_rows += 1;
                assert!(p.kings_face(), "{fen} faces");
                assert!(p.layer_in_check(p.turn), "facing is check on {fen}");
                assert_eq!(ours, want, "breaking moves on {fen}");
                let end = p.game_end().map(|e| e.verdict);
                match f[3] {
                    "-" => assert_eq!(end, None, "{fen}"),
                    "0" => {
                        assert_eq!(end, Some(Verdict::Draw), "{fen}");
                        ends += 1;
                    }
                    "-32000" => {
                        assert_eq!(end, Some(Verdict::Win(1 - p.turn)), "{fen}");
                        ends += 1;
                    }
                    other => panic!("unknown result {other}"),
                }
            }
            other => panic!("unknown case {other}"),
        }
        rows += 1;
    }
    assert!(
        rows > 40 && facing_rows > 20 && ends >= 6,
        "{rows} {facing_rows} {ends}"
    );
}

#[test]
fn evasefacing_lets_castling_cross_the_other_royals_file() {
    // Black's king on d8: white's O-O-O crosses d1, facing it. The castling may end facing
    // (a move may bring the facing about), so it may cross a facing square too; Fairy-
    // Stockfish's `flyingGeneral` (which forbids facing) forbids it.
    let p = pos("royal=evasefacing", "r2k4/8/8/8/8/8/8/R3K2R w KQ - 0 1");
    assert!(moves(&p).contains(&"e1c1".to_string()));
    assert!(moves(&p).contains(&"e1d1".to_string()));
}

#[test]
fn evasefacing_beside_alice_is_refused() {
    let e = cqlq::rules::fbr::chess_with_rules("royal=evasefacing alice")
        .expect_err("refused")
        .to_string();
    assert!(e.contains("evasefacing") && e.contains("alice"), "{e}");
}
