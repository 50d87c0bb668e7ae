//! FBR rules of the boards and royals (seed 001): `royal=evasefacing` against Fairy-Stockfish's
//! `flyingGeneral` (`tests/expected/fbr-facing-fsf.txt`, written by
//! `scripts/fbr_facing_fsf.py`: every legal move of each position); `torus=spacious` against
//! the statements of Spacious Torus Chess's and Betza's pages (chessvariants.com).

use super::fbr_rules::{from, moves, pos};
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

/// Chess's start position (Spacious Torus Chess's page reasons from it before its own setup).
const START: &str = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";

#[test]
fn spacious_kings_in_chess_start_position_on_a_torus_do_not_check() {
    // Spacious Torus Chess (chessvariants.com): torus chess from the FIDE setup "is obviously
    // impossible with FIDE rules, for the kings start in mutual check position"; with
    // spacious pieces "the kings would not be in mutual check since they can't make any
    // spacious captures for to do so requires a open square beyond the captured piece which
    // is blocked by the pawn" (e1 takes e8 only with e7 empty).
    let torus = pos("torus", START);
    assert!(
        torus.layer_in_check(0),
        "plain torus: e8 checks e1 round the edge"
    );
    let spacious = pos("torus=spacious", START);
    assert!(!spacious.layer_in_check(0));
    assert!(!spacious.layer_in_check(1));
}

#[test]
fn spacious_knights_take_on_with_the_square_one_leap_further_empty() {
    // The same page: "all pieces except the pawns on the A, C, F, and H files are safe", the
    // f-pawn "can be taken by the knight on g1 (made possible by the empty square on e5)":
    // g1-f7 is the leap (-1,-2) round the edge, and e5 is one more such leap. So white's
    // captures from the FIDE setup are the knights' a7 c7 f7 h7 (beyond them h5 d5 e5 a5),
    // and none other (every other capture's next square is a pawn or a piece).
    let p = pos("torus=spacious", START);
    let captures: Vec<String> = moves(&p)
        .into_iter()
        .filter(|m| {
            let b = m.as_bytes();
            let to = usize::from(b[3] - b'1') * 16 + usize::from(b[2] - b'a');
            p.piece(to).is_some_and(|(c, _)| c == 1)
        })
        .collect();
    assert_eq!(captures, ["b1a7", "b1c7", "g1f7", "g1h7"]);
    // "The king is no help, since if it captured the invading knight, it would be moving
    // into check from the queen at d1" (d1-e8-f7 round the edge, g6 beyond it empty).
    let mut q = p.clone();
    super::fbr_rules::play(&mut q, "g1f7");
    assert!(!moves(&q).contains(&"e8f7".to_string()));
    let mut q = pos(
        "torus=spacious",
        "rnbqkbnr/pppppNpp/8/8/8/8/PPPPPPPP/RNB1KB1R b KQkq - 0 1",
    );
    assert!(
        moves(&q).contains(&"e8f7".to_string()),
        "without the queen it may"
    );
    super::fbr_rules::play(&mut q, "e8f7");
}

#[test]
fn spacious_riders_stop_one_square_short_and_pawns_look_on() {
    // Betza: "the Spacious Rook ... often moves one square less far than the Rook": the rook
    // on d4 stops on d5 (d6 beyond empty), not on d6 (d7 beyond it is a pawn); it takes
    // nothing on d7 (d8 beyond it holds a knight). (The kings stand apart: on a torus e1
    // and e8 are neighbours.)
    let p = pos("torus=spacious", "3nk3/3p4/8/8/3R4/8/8/K7 w - - 0 1");
    let up: Vec<String> = from(&p, "d4")
        .into_iter()
        .filter(|to| to.starts_with('d') && to[1..].parse::<u8>().unwrap() > 4)
        .collect();
    assert_eq!(up, ["d5"]);
    // A pawn steps to e3 only with e4 empty, and doubles to e4 only with e5 empty (one
    // more step forward); it takes d3 only with c4 empty (one more step on the diagonal).
    let p = pos("torus=spacious", "4k3/8/8/4p3/8/3n4/4P3/K7 w - - 0 1");
    assert_eq!(from(&p, "e2"), ["d3", "e3"]);
    let p = pos("torus=spacious", "4k3/8/8/8/2p1p3/3n4/4P3/K7 w - - 0 1");
    assert_eq!(from(&p, "e2"), Vec::<String>::new());
}

#[test]
fn spacious_with_a_hopper_or_bent_leap_is_refused() {
    let e = cqlq::rules::fbr::chess_with_rules("torus=spacious X|Lame|=mW-F")
        .expect_err("refused")
        .to_string();
    assert!(e.contains("spacious"), "{e}");
}

/// The seed's conversion king without its MBN conditions: `K=mK` moves without capturing,
/// `*K=cK` converts an adjacent enemy piece ("This conversion is a separate move. Instead of
/// converting a piece the King can also do a normal king move (without capturing)").
const CONVERTING_KING: &str = "conversion* K=mK *K=cK";

fn square_of(name: &str) -> usize {
    let b = name.as_bytes();
    usize::from(b[1] - b'1') * 16 + usize::from(b[0] - b'a')
}

fn san(p: &mut cqlq::rules::fairy::FairyPos, text: &str) -> cqlq::rules::fairy::FMove {
    let m = p
        .san_to_move(text)
        .unwrap_or_else(|e| panic!("{text}: {e} in {}", p.to_fen(true)));
    p.make(&m);
    m
}

#[test]
fn a_conversion_move_turns_the_enemy_piece_and_the_converter_stays() {
    // "the piece at the destination square will flip the color ... This conversion is a
    // separate move": the king on e1 converts the knight on d2 and stays on e1; it cannot
    // take it (`K=mK`): its one move to d2 is the conversion.
    let fen = "4k3/8/8/8/8/8/3n4/4K3 w - - 0 1";
    let p = pos(CONVERTING_KING, fen);
    let to_d2: Vec<_> = p
        .legal_moves()
        .into_iter()
        .filter(|m| usize::from(m.to) == square_of("d2"))
        .collect();
    assert_eq!(to_d2.len(), 1);
    assert!(to_d2[0].capture.is_none());
    let mut q = p.clone();
    let m = san(&mut q, "Kd2");
    assert_eq!(m.kind, cqlq::rules::fairy::MoveKind::Convert);
    assert_eq!(q.piece(square_of("d2")).map(|(c, _)| c), Some(0));
    assert_eq!(q.piece(square_of("e1")).map(|(c, _)| c), Some(0));
    assert_eq!(q.turn, 1);
    // The same king without the rule has no such move.
    assert!(pos("K=mK", fen).san_to_move("Kd2").is_err());
    // A conversion along a line reaches the line's first piece (the knight on a5, not the
    // king behind it); a royal piece is not converted (the rook then checks black's king).
    let p = pos("conversion* *R=cR", "k7/8/8/n7/8/8/8/R3K3 w - - 0 1");
    let converts: Vec<String> = p
        .legal_moves()
        .iter()
        .filter(|m| m.kind == cqlq::rules::fairy::MoveKind::Convert)
        .map(|m| format!("{}-{}", m.from, m.to))
        .collect();
    assert_eq!(
        converts,
        [format!("{}-{}", square_of("a1"), square_of("a5"))]
    );
    let p = pos("conversion* *R=cR", "k7/8/8/8/8/8/8/R3K3 w - - 0 1");
    assert!(
        p.legal_moves()
            .iter()
            .all(|m| m.kind != cqlq::rules::fairy::MoveKind::Convert),
        "black's king is not converted"
    );
}

#[test]
fn a_capture_is_written_with_its_mark_and_a_conversion_without() {
    // A knight that captures (its own `N`) and converts (`*N=cN`) the rook on e6: `Nxe6`
    // takes it, `Ne6` converts it (the knight staying on d4).
    let fen = "4k3/8/4r3/8/3N4/8/8/4K3 w - - 0 1";
    let mut taken = pos("conversion* *N=cN", fen);
    san(&mut taken, "Nxe6");
    assert_eq!(taken.piece(square_of("d4")), None);
    let mut converted = pos("conversion* *N=cN", fen);
    san(&mut converted, "Ne6");
    assert_eq!(converted.piece(square_of("d4")).map(|(c, _)| c), Some(0));
    assert_eq!(converted.piece(square_of("e6")).map(|(c, _)| c), Some(0));
}

#[test]
fn a_pgn_game_with_a_conversion_replays() {
    // `1. Kd2` (the conversion) `Ke7 2. Nf3` (the converted knight moves for white): one game,
    // its last position with a white knight on f3, no bad game; without the rule `1. Kd2` is
    // no move.
    let dir = crate::common::scratch("fbr", "conversion");
    let pgn = dir.path().join("convert.pgn");
    std::fs::write(
        &pgn,
        "[FEN \"4k3/8/8/8/8/8/3n4/4K3 w - - 0 1\"]\n[SetUp \"1\"]\n\n1. Kd2 Ke7 2. Nf3 *\n",
    )
    .expect("write");
    let pgn = pgn.to_str().expect("path");
    let out = crate::common::cqlq(&["--rules", CONVERTING_KING, "-e", "Nf3", "--count", pgn]);
    let (stdout, stderr) = (
        String::from_utf8_lossy(&out.stdout),
        String::from_utf8_lossy(&out.stderr),
    );
    assert_eq!(out.status.code(), Some(0), "{stderr}");
    assert_eq!(stdout.trim(), "1", "{stderr}");
    assert!(stderr.contains("0 bad games"), "{stderr}");
    let out = crate::common::cqlq(&["--rules", "K=mK", "-e", "Nf3", "--count", pgn]);
    assert!(String::from_utf8_lossy(&out.stderr).contains("Kd2"));
}

#[test]
fn conversion_moves_cqlq_does_not_evaluate_are_refused_by_name() {
    for (rules, says) in [
        ("conversion*=capture *K=cK", "conversion=capture"),
        ("conversion* *K=mK", "capturing"),
        ("conversion* *K=cK alice", "alice"),
    ] {
        let e = cqlq::rules::fbr::chess_with_rules(rules)
            .expect_err("refused")
            .to_string();
        assert!(e.contains(says), "`{rules}`: {e}");
    }
}

/// Seed 001's example of `spacious` for standard chess, word for word.
const SPACIOUS_CHESS: &str = "royal spacious K Q R B N P +P";

#[test]
fn spacious_on_a_flat_board_counts_no_square_beyond_the_edge_as_occupied() {
    // Betza's spacious piece "cannot move if the square one step further in the desired
    // direction is occupied"; off a board that does not wrap there is no such square, so
    // nothing occupies it. The rook on a1: a2-a6 have an empty square beyond them, a7 has
    // the knight on a8 beyond it (no), a8 itself is taken (nothing beyond it); along the
    // rank b1 and c1, not d1 (the king on e1 beyond it).
    let p = pos(SPACIOUS_CHESS, "n6k/8/8/8/8/8/8/R3K3 w - - 0 1");
    assert_eq!(
        from(&p, "a1"),
        ["a2", "a3", "a4", "a5", "a6", "a8", "b1", "c1"]
    );
    // A pawn on e7 steps onto e8 (no square beyond); on a torus the square beyond e8 is e1,
    // where its own king stands, so there it cannot.
    let fen = "k7/4P3/8/8/8/8/8/4K3 w - - 0 1";
    let flat = from(&pos(SPACIOUS_CHESS, fen), "e7");
    assert!(flat.iter().any(|to| to.starts_with("e8")), "{flat:?}");
    let torus = from(&pos("torus=spacious", fen), "e7");
    assert!(!torus.iter().any(|to| to.starts_with("e8")), "{torus:?}");
}

#[test]
fn a_game_under_the_seed_s_spacious_chess_replays_and_a_crowded_move_is_a_bad_game() {
    let game = |moves: &str| format!("[Event \"spacious\"]\n\n{moves} *\n\n");
    // Every move has its square beyond empty: 1. e4 (e5), 1... d5 (d4), 2. exd5 (c6), 2...
    // Qxd5 (d4), 3. Nf3 (one more knight leap: e5). Six positions, none bad.
    let good = game("1. e4 d5 2. exd5 Qxd5 3. Nf3");
    let summary = crate::common::rules_count_summary(SPACIOUS_CHESS, "true", &good);
    assert!(summary.contains("6 positions matched"), "{summary}");
    assert!(summary.contains("0 bad games"), "{summary}");
    // Legal chess, not spacious: 1... e5's square beyond (one more step forward) is e4,
    // where white's pawn stands; 3. Nc3's is d5, where black's queen stands.
    for bad in ["1. e4 e5", "1. e4 d5 2. exd5 Qxd5 3. Nc3"] {
        let chess = crate::common::rules_count_summary("royal K Q R B N P +P", "true", &game(bad));
        assert!(chess.contains("0 bad games"), "{chess}");
        let summary = crate::common::rules_count_summary(SPACIOUS_CHESS, "true", &game(bad));
        assert!(summary.contains("1 bad game"), "{bad}: {summary}");
    }
}
