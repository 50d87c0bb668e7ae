//! ICN reading, writing and replay against the notation's own examples (seed 002 and
//! `../shared/variants/icn`: the README game and the position it states before the last
//! move, the converter's printed examples, 30 variant start positions, 60 random legal games
//! validated by the infinitechess.org rules engine).

use cqlq::rules::infinite::moves::in_check;
use cqlq::rules::infinite::outcome::{Outcome, outcome};
use cqlq::rules::infinite::piece::{Kind, Owner};
use cqlq::rules::infinite::position::WinCondition;
use cqlq::rules::infinite::{
    IcnGame, InfPosition, Move, game_to_icn, icn_to_game, icn_to_games, icn_to_position, play,
    position_to_icn,
};
use std::path::{Path, PathBuf};

fn shared(name: &str) -> Option<String> {
    let p: PathBuf = Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("../shared/variants/icn")
        .join(name);
    match std::fs::read_to_string(&p) {
        Ok(s) => Some(s),
        Err(_) => {
            crate::common::skip(format!("{} absent", p.display()));
            None
        }
    }
}

/// The sample game of the notation README (seed 002), long form with every optional argument.
const LONG_GAME: &str = r#"[Event "Casual local Classical infinite chess game"]
[Site "https://www.infinitechess.org/"]
[Variant "Classical"]
[Result "0-1"]
[Termination "Checkmate"]

w 0/100 1 (8;Q,R,B,N|1;q,r,b,n) checkmate {"slideLimit": 100, "cannotPassTurn": true} P1,2+|P2,2+|P3,2+|P4,2+|P5,2+|P6,2+|P7,2+|P8,2+|p1,7+|p2,7+|p3,7+|p4,7+|p5,7+|p6,7+|p7,7+|p8,7+|R1,1+|R8,1+|r1,8+|r8,8+|N2,1|N7,1|n2,8|n7,8|B3,1|B6,1|b3,8|b6,8|Q4,1|q4,8|K5,1+|k5,8+

1. P4,2 > 4,4  | p4,7 > 4,6
2. P4,4 > 4,5  | p3,7 > 3,5
3. P4,5 x 3,6 {White captures en passant} | b6,8 > 3,11 
4. P3,6 x 2,7  | b3,11 > -4,4 ?
5. P2,7 x 1,8 =Q | b-4,4 > 2,-2 +
6. K5,1 > 4,2  | n7,8 > 6,6
7. Q1,8 x 2,8  | k5,8 > 7,8 {Castling}
8. Q2,8 x 1,7  | q4,8 > 0,4
9. Q1,7 > 7,13 + | k7,8 > 8,8
10. Q7,13 x 7,7 + {Queen sacrifice} | k8,8 x 7,7 !!
11. P8,2 > 8,4 ?! | q0,4 > 4,4 # {Bad game from both players}
"#;

/// The same game in the README's compact form.
const COMPACT_GAME: &str = r#"0/100 (8|1) {"slideLimit": 100} P1,2+|P2,2+|P3,2+|P4,2+|P5,2+|P6,2+|P7,2+|P8,2+|p1,7+|p2,7+|p3,7+|p4,7+|p5,7+|p6,7+|p7,7+|p8,7+|R1,1+|R8,1+|r1,8+|r8,8+|N2,1|N7,1|n2,8|n7,8|B3,1|B6,1|b3,8|b6,8|Q4,1|q4,8|K5,1+|k5,8+
4,2>4,4|4,7>4,6|4,4>4,5|3,7>3,5|4,5>3,6|6,8>3,11|3,6>2,7|3,11>-4,4|2,7>1,8Q|-4,4>2,-2|5,1>4,2|7,8>6,6|1,8>2,8|5,8>7,8|2,8>1,7|4,8>0,4|1,7>7,13|7,8>8,8|7,13>7,7|8,8>7,7|8,2>8,4|0,4>4,4"#;

/// The README's "position just before the final move by Black".
const BEFORE_LAST: &str = r#"b 8,3 0/100 11 (8|1) {"slideLimit": 100} P1,2+|P2,2+|P3,2+|P5,2+|P6,2+|P7,2+|p5,7+|p6,7+|k7,7|p8,7+|R1,1+|R8,1+|N2,1|N7,1|B3,1|B6,1|b3,8|Q4,1|p4,6|b2,-2|K4,2|n6,6|r6,8|q0,4|P8,4"#;

/// Board, side, en passant, rights and counters equal (not the checks-given tally, which ICN
/// does not record).
fn same_position(a: &InfPosition, b: &InfPosition) {
    assert_eq!(a.board, b.board, "pieces differ");
    assert_eq!(a.turn, b.turn);
    assert_eq!(a.en_passant, b.en_passant);
    assert_eq!(a.rights, b.rights);
    assert_eq!(a.halfmove, b.halfmove);
    assert_eq!(a.fullmove, b.fullmove);
}

#[test]
fn readme_long_game_reads_every_optional_argument() {
    let g = icn_to_game(LONG_GAME).unwrap();
    assert_eq!(g.tag("Variant"), Some("Classical"));
    assert_eq!(g.tags.len(), 5);
    let r = &g.start.rules;
    assert_eq!(r.slide_limit, Some(100));
    assert!(r.cannot_pass_turn);
    assert_eq!(r.move_rule, Some(100));
    assert_eq!(r.win[0], vec![WinCondition::Checkmate]);
    let w = r.promotion[0].as_ref().unwrap();
    assert_eq!(w.ranks, vec![8]);
    assert_eq!(
        w.choices,
        vec![Kind::Queen, Kind::Rook, Kind::Bishop, Kind::Knight]
    );
    assert_eq!(g.start.board.len(), 32);
    assert_eq!(
        g.start.rights.len(),
        22,
        "16 pawns, 4 rooks, 2 kings have `+`"
    );
    assert_eq!(g.moves.len(), 22);
    assert_eq!(
        g.moves[4].comment.as_deref(),
        Some("White captures en passant")
    );
    assert_eq!(g.moves[8].mv.promotion, Some(Kind::Queen));
    assert_eq!(g.moves[21].mark, Some('#'));
    // The long and compact forms state the same 22 moves.
    let c = icn_to_game(COMPACT_GAME).unwrap();
    let a: Vec<Move> = g.moves.iter().map(|m| m.mv).collect();
    let b: Vec<Move> = c.moves.iter().map(|m| m.mv).collect();
    assert_eq!(a, b);
}

#[test]
fn readme_game_replays_to_the_stated_position_and_mate() {
    for text in [LONG_GAME, COMPACT_GAME] {
        let g = icn_to_game(text).unwrap();
        // Replay also checks every `+`/`#` mark and every named piece of the long form.
        let positions = g.replay().unwrap();
        assert_eq!(positions.len(), 22);
        let stated = icn_to_position(BEFORE_LAST).unwrap();
        same_position(&positions[20].0, &stated);
        // 3. P4,5x3,6 is en passant (the README's comment says so), 7... k5,8>7,8 castles.
        assert!(positions[4].1.en_passant);
        assert_eq!(positions[4].1.captured.unwrap().0, (3, 5));
        assert_eq!(positions[13].1.castle, Some(((8, 8), (6, 8))));
        let last = &positions[21].0;
        assert!(in_check(last, Owner::White));
        assert_eq!(
            outcome(last),
            Outcome::Win {
                side: Owner::Black,
                how: WinCondition::Checkmate
            }
        );
        // The position before the last move is not over.
        assert_eq!(outcome(&positions[20].0), Outcome::Ongoing);
    }
}

#[test]
fn readme_classical_position_after_double_step() {
    let start = icn_to_position("w 0/100 1 (8|1) checkmate P1,2+|P2,2+|P3,2+|P4,2+|P5,2+|P6,2+|P7,2+|P8,2+|p1,7+|p2,7+|p3,7+|p4,7+|p5,7+|p6,7+|p7,7+|p8,7+|R1,1+|R8,1+|r1,8+|r8,8+|N2,1|N7,1|n2,8|n7,8|B3,1|B6,1|b3,8|b6,8|Q4,1|q4,8|K5,1+|k5,8+").unwrap();
    let after = icn_to_position("b 4,3 0/100 1 (8|1) checkmate P1,2+|P2,2+|P3,2+|P4,4|P5,2+|P6,2+|P7,2+|P8,2+|p1,7+|p2,7+|p3,7+|p4,7+|p5,7+|p6,7+|p7,7+|p8,7+|R1,1+|R8,1+|r1,8+|r8,8+|N2,1|N7,1|n2,8|n7,8|B3,1|B6,1|b3,8|b6,8|Q4,1|q4,8|K5,1+|k5,8+").unwrap();
    let mut p = start.clone();
    play(
        &mut p,
        &Move {
            from: (4, 2),
            to: (4, 4),
            promotion: None,
        },
    )
    .unwrap();
    same_position(&p, &after);
    assert_eq!(p.rules, after.rules);
}

#[test]
fn converter_examples_three_move_styles_and_position_after_21_plies() {
    let Some(text) = shared("formatconverter-example-output.txt") else {
        return;
    };
    // Blocks are the text between the headings (lines ending in `:`), each a game in ICN.
    let mut games = Vec::new();
    let mut block = String::new();
    for line in text.lines().chain(std::iter::once("End:")) {
        if line.ends_with(':') && !line.starts_with('[') {
            if block.trim_start().starts_with('[') {
                games.push(icn_to_games(&block).unwrap().remove(0));
            }
            block.clear();
        } else {
            block.push_str(line);
            block.push('\n');
        }
    }
    assert_eq!(games.len(), 4);
    let moves = |g: &IcnGame| g.moves.iter().map(|m| m.mv).collect::<Vec<_>>();
    assert_eq!(moves(&games[0]), moves(&games[1]));
    assert_eq!(moves(&games[0]), moves(&games[2]));
    assert_eq!(games[0].start.rules.slide_limit, Some(16));
    let replay = games[0].replay().unwrap();
    // The fourth block is the converter's "Position after 21 half moves in short format".
    same_position(&replay[20].0, &games[3].start);
}

#[test]
fn variant_start_positions_all_load_and_round_trip() {
    let Some(text) = shared("infinitechess-variants.icn") else {
        return;
    };
    let games = icn_to_games(&text).unwrap();
    assert_eq!(games.len(), 30, "SOURCES.md: 30 ICN start positions");
    let mut names = std::collections::BTreeSet::new();
    for g in &games {
        names.insert(g.tag("Variant").unwrap_or("?").to_string());
        assert!(g.moves.is_empty());
        let again = icn_to_position(&position_to_icn(&g.start)).unwrap();
        assert_eq!(again, g.start, "{:?}", g.tag("Variant"));
        // A start position is not in check and not over.
        assert!(!in_check(&g.start, g.start.turn), "{:?}", g.tag("Variant"));
        assert_eq!(
            outcome(&g.start),
            Outcome::Ongoing,
            "{:?}",
            g.tag("Variant")
        );
    }
    for v in [
        "Classical",
        "Core",
        "Standarch",
        "Knightline",
        "Showcase: Omega",
        "Omega^2",
    ] {
        assert!(
            names.iter().any(|n| n.contains(v)),
            "{v} missing: {names:?}"
        );
    }
    let biggest = games.iter().map(|g| g.start.board.len()).max().unwrap();
    assert!(biggest >= 1477, "Omega^2 has 1477 pieces, got {biggest}");
}

#[test]
fn random_legal_games_replay_as_the_site_engine_validated() {
    let (Some(text), Some(validation)) = (
        shared("random-legal-games.icn"),
        shared("random-legal-games.validation.txt"),
    ) else {
        return;
    };
    let games = icn_to_games(&text).unwrap();
    let lines: Vec<&str> = validation
        .lines()
        .filter(|l| l.contains(" moves "))
        .collect();
    assert_eq!(games.len(), 60);
    assert_eq!(lines.len(), 60);
    for (i, (g, line)) in games.iter().zip(&lines).enumerate() {
        assert!(line.contains(" OK "), "{line}");
        let replay = g.replay().unwrap_or_else(|e| panic!("game {}: {e}", i + 1));
        assert_eq!(replay.len(), 60, "game {}", i + 1);
        let last = &replay.last().unwrap().0;
        let site_check = line.contains("inCheck true");
        assert_eq!(
            in_check(last, last.turn),
            site_check,
            "game {}: {line}",
            i + 1
        );
        // Written back and read again, the game is the same.
        let again = icn_to_game(&game_to_icn(g)).unwrap();
        assert_eq!(again.start, g.start);
        assert_eq!(
            again.moves.iter().map(|m| m.mv).collect::<Vec<_>>(),
            g.moves.iter().map(|m| m.mv).collect::<Vec<_>>()
        );
    }
}

#[test]
fn normaliser_positions_with_far_pieces_load() {
    let Some(text) = shared("normalizertester-positions.icn") else {
        return;
    };
    let games = icn_to_games(&text).unwrap();
    assert!(games.len() >= 20, "{}", games.len());
    let real = games
        .iter()
        .find(|g| g.tag("Termination") == Some("Checkmate"))
        .unwrap();
    assert_eq!(
        real.start.board.get((-35694371, -35694371)).unwrap().kind,
        Kind::Queen
    );
}

#[test]
fn a_piece_at_ten_to_the_fifteen() {
    let e = 1_000_000_000_000_000i64;
    let text = format!(
        "w K0,0|k{e},{e}|R5,-3|r-{e},1\n5,-3>5,{e}+|{e},{e}>{d},{d}|5,{e}>5,{d}+",
        d = e - 1
    );
    let g = icn_to_game(&text).unwrap();
    let r = g.replay().unwrap();
    assert_eq!(r[2].0.board.get((5, e - 1)).unwrap().kind, Kind::Rook);
    assert!(in_check(&r[2].0, Owner::Black));
    // The king may not step back onto the rook's rank: 10^15 - 1 squares of open rank.
    let mut p = r[2].0.clone();
    assert!(
        play(
            &mut p,
            &Move {
                from: (e - 1, e - 1),
                to: (e, e - 1),
                promotion: None
            }
        )
        .is_err()
    );
    assert!(
        play(
            &mut p,
            &Move {
                from: (e - 1, e - 1),
                to: (e, e),
                promotion: None
            }
        )
        .is_ok()
    );
    // A black rook a quadrillion files away attacks along rank 1 only.
    assert!(!in_check(&g.start, Owner::White));
}

#[test]
fn errors_name_line_column_and_offset() {
    let e = icn_to_game("w K0,0|k5,5\n\n1,1>1,2")
        .unwrap()
        .replay()
        .unwrap_err();
    assert_eq!((e.line, e.column, e.offset), (3, 1, 13));
    assert!(e.message.contains("no piece"), "{e}");
    let e = icn_to_position("w K0,0|X3,4").unwrap_err();
    assert_eq!((e.line, e.column, e.offset), (1, 8, 7));
    assert!(e.message.contains("unknown piece"), "{e}");
    let e = icn_to_position("w K0,0|k99999999999999999999,1").unwrap_err();
    assert!(e.message.contains("64-bit"), "{e}");
    let e = icn_to_position(r#"w {"slideLimit": } K0,0"#).unwrap_err();
    assert!(e.message.contains("JSON"), "{e}");
}

#[test]
fn all_listed_abbreviations_read_with_colour_by_case() {
    let pos = icn_to_position(
        "nr0,0|AM1,0|ha2,0|CH3,0|ar4,0|GU5,0|ca6,0|GI7,0|ze8,0|CE9,0|rq10,0|RC11,0|ob12,0|vo13,0|k20,20|K-20,-20",
    )
    .unwrap();
    assert_eq!(pos.board.get((0, 0)).unwrap().kind, Kind::Knightrider);
    assert_eq!(pos.board.get((1, 0)).unwrap().owner, Owner::White);
    assert_eq!(pos.board.get((12, 0)).unwrap().owner, Owner::Neutral);
    assert_eq!(pos.board.get((13, 0)).unwrap().kind, Kind::Void);
    let text = position_to_icn(&pos);
    assert_eq!(icn_to_position(&text).unwrap(), pos);
}

#[test]
fn long_form_details_and_dot_separators() {
    // The README's two sample long moves, then `.` as a separator between compact moves.
    let g = icn_to_game(
        "w (7;R,Q|-9;q) K0,0|k20,20|P-5,6|p-6,7|q-8,2|R-6,5\n12. P-5,6x-6,7 =R+ !? {Interesting underpromotion} 12. ... q-8,2x-6,0 {Game over}",
    )
    .unwrap();
    assert_eq!(g.moves.len(), 2);
    assert_eq!(g.moves[0].mv.promotion, Some(Kind::Rook));
    assert_eq!(g.moves[0].mark, Some('+'));
    assert_eq!(
        g.moves[0].comment.as_deref(),
        Some("Interesting underpromotion")
    );
    assert_eq!(g.moves[1].mv.to, (-6, 0));
    let m = cqlq::rules::infinite::icn_to_move(" P-5,6x-6,7 =R+ ").unwrap();
    assert_eq!(
        (m.from, m.to, m.promotion),
        ((-5, 6), (-6, 7), Some(Kind::Rook))
    );
    assert!(cqlq::rules::infinite::icn_to_move("3,4>3").is_err());
    assert!(cqlq::rules::infinite::icn_to_move("3,4>3,5 3,5>3,6").is_err());
    let d = icn_to_game("w K0,0|k9,9\n0,0>1,1.9,9>8,8.1,1>2,2").unwrap();
    assert_eq!(d.moves.len(), 3);
    assert_eq!(d.replay().unwrap().len(), 3);
}

#[test]
fn win_conditions_and_move_rule() {
    // allpiecescaptured: Black's last piece is taken.
    let g = icn_to_game("w allpiecescaptured R0,0|n0,5\n0,0>0,5").unwrap();
    let last = g.replay().unwrap().pop().unwrap().0;
    assert_eq!(
        outcome(&last),
        Outcome::Win {
            side: Owner::White,
            how: WinCondition::AllPiecesCaptured
        }
    );
    // threecheck: the third check wins (checks counted from the game's start).
    let g = icn_to_game(
        "w threecheck K0,0|k10,10|R1,1\n1,1>1,10+|10,10>11,11|1,10>1,11+|11,11>12,12|1,11>1,12+",
    )
    .unwrap();
    let r = g.replay().unwrap();
    assert_eq!(outcome(&r[2].0), Outcome::Ongoing);
    assert_eq!(
        outcome(&r[4].0),
        Outcome::Win {
            side: Owner::White,
            how: WinCondition::ThreeCheck
        }
    );
    // The move-rule counter: 3/4, one quiet move reaches 4/4.
    let g = icn_to_game("w 3/4 K0,0|k10,10|R1,1\n1,1>1,2").unwrap();
    let last = g.replay().unwrap().pop().unwrap().0;
    assert_eq!(last.halfmove, 4);
    assert_eq!(outcome(&last), Outcome::MoveRule);
    // A promotion square demands a promotion to an allowed kind.
    let bad = icn_to_game("w (8;q|1) K0,0|k10,10|P3,7\n3,7>3,8").unwrap();
    assert!(bad.replay().unwrap_err().message.contains("must promote"));
    let bad = icn_to_game("w (8;q|1) K0,0|k10,10|P3,7\n3,7>3,8R").unwrap();
    assert!(bad.replay().unwrap_err().message.contains("not allowed"));
}
