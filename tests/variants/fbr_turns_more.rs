//! The turn attributes that end or judge a turn: `turn=optional` (and the `--` pass that ends
//! a turn early in a PGN game), `achievable`, `dontcross`, and `progressive=moderate` /
//! `english`. No oracle plays multi-move turns (Fairy-Stockfish plays strictly alternating
//! turns: its issues #343 and #593), so each expectation is reasoned beside it from seed 001's
//! text or the Progressive Chess rules it names (Wikipedia's Progressive chess; AISE's
//! English Progressive Chess rules, restated on BrainKing and chessvariants.com).

use super::fbr_rules::{from, moves, play, pos};
use cqlq::rules::Position;
use cqlq::rules::fairy::FairyPos;
use cqlq::rules::fairy::layer_end::Verdict;
use std::process::Command;

const START: &str = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";

/// Plays moves in coordinates, one after another.
fn line(p: &mut FairyPos, ms: &[&str]) {
    for m in ms {
        play(p, m);
    }
}

/// Runs cqlq with `args` on a one-game PGN of `movetext`; returns its stderr.
fn run_pgn(name: &str, movetext: &str, args: &[&str]) -> String {
    let dir = crate::common::scratch("fbr", name);
    let pgn = dir.path().join(format!("{name}.pgn"));
    std::fs::write(
        &pgn,
        format!("[Event \"?\"]\n[Result \"*\"]\n\n{movetext} *\n"),
    )
    .expect("write");
    let out = Command::new(env!("CARGO_BIN_EXE_cqlq"))
        .args(args)
        .args(["--count", "-e", "wtm"])
        .arg(&pgn)
        .output()
        .expect("run cqlq");
    String::from_utf8_lossy(&out.stderr).into_owned()
}

#[test]
fn optional_part_may_be_ended_with_a_pass() {
    // "optional: This move is optional": under `turn<1> turn<2>=optional` white keeps the
    // move after e4 (the second move is allowed) and may end its turn with `--`; then black
    // has its turn, still at move 1.
    let mut p = pos("turn<1> turn<2>=optional", START);
    play(&mut p, "e2e4");
    assert_eq!(p.turn, 0, "the optional second move is open");
    p.play_null().expect("the pass ends white's turn");
    assert_eq!((p.turn, p.fullmove), (1, 1));
    line(&mut p, &["e7e5", "d7d5"]);
    assert_eq!((p.turn, p.fullmove), (0, 2), "black made both moves");
    // Without `optional` the second move is mandatory ("Per default a move is mandatory"):
    // no pass.
    let mut p = pos("turn<1> turn<2>", START);
    play(&mut p, "e2e4");
    assert!(p.play_null().is_err());
}

#[test]
fn an_optional_part_is_not_optional_in_check() {
    // "This move is optional, except if the royal piece is in check and must evase with
    // this move": under `turn<1>=check` the first move Rh2 leaves the king checked by the a1
    // rook; the second (optional) move must cover it, so no pass.
    let mut p = pos(
        "turn<1>=check turn<2>=optional",
        "4k3/8/8/8/8/8/8/r3K2R w - - 0 2",
    );
    play(&mut p, "h1h2");
    assert!(p.play_null().is_err());
    assert_eq!(moves(&p), ["e1d2", "e1e2", "e1f2"]);
}

#[test]
fn an_optional_numbered_part_may_be_passed_over() {
    // `turn<1>{N}=optional turn<2>`: the knight's part comes first but may be left out, so
    // a pawn move fills part 2 and ends the turn (part 1 cannot come after it); a knight
    // move may fill part 1 (then part 2 is due) or part 2 (then the turn may end: a pass).
    let rules = "turn<1>{N}=optional turn<2>";
    let mut p = pos(rules, START);
    play(&mut p, "e2e4");
    assert_eq!(p.turn, 1);
    let mut p = pos(rules, START);
    play(&mut p, "g1f3");
    assert_eq!(p.turn, 0);
    assert_eq!(from(&p, "e2"), ["e3", "e4"]);
    p.play_null()
        .expect("the knight's move may have filled part 2");
    assert_eq!(p.turn, 1);
    // Without `optional` a pawn cannot move first.
    let p = pos("turn<1>{N} turn<2>", START);
    assert_eq!(from(&p, "e2"), Vec::<String>::new());
}

#[test]
fn optional_turns_replay_from_pgn_with_a_pass() {
    // `turn<1> turn<2>=optional`, a pass written `--` where a side ends its turn after one
    // move. White to move: at the start, after e4 (its second move open), after black's d5
    // and after exd5: four positions.
    let movetext = "1. e4 -- e5 d5 2. exd5 --";
    let err = run_pgn(
        "optional",
        movetext,
        &["--rules", "turn<1> turn<2>=optional"],
    );
    assert!(
        err.contains("4 positions matched") && err.contains("0 bad games"),
        "{err}"
    );
    // Where the second move is mandatory the pass is a fault.
    let err = run_pgn("mandatory", movetext, &["--rules", "turn<1> turn<2>"]);
    assert!(err.contains("1 bad game"), "{err}");
}

#[test]
fn achievable_part_that_cannot_be_made_loses() {
    // "achievable: If a move (for this part) in not possible, then the game is lost for the
    // side to move": `turn<1> turn<2>{N}=achievable` and white has no knight: after e4 the
    // knight's part cannot be made, and white loses (without the attribute the turn ends:
    // `fbr_turns::a_piece_set_limits_the_part_and_an_impossible_part_ends_the_turn`).
    let fen = "4k3/8/8/8/8/8/4P3/4K3 w - - 0 1";
    let mut p = pos("turn<1> turn<2>{N}=achievable", fen);
    play(&mut p, "e2e4");
    assert_eq!(p.turn, 0);
    assert!(moves(&p).is_empty());
    let end = p.game_end().expect("the game is over");
    assert_eq!((end.verdict, end.reason), (Verdict::Win(1), "achievable"));
    // The knight's part first: white cannot begin its turn, a loss (not a stalemate).
    let p = pos("turn<1>{N}=achievable turn<2>", fen);
    assert!(moves(&p).is_empty());
    assert_eq!(p.game_end().expect("over").verdict, Verdict::Win(1));
    let p = pos("turn<1>{N} turn<2>", fen);
    assert_eq!(p.game_end().expect("over").reason, "stalemate");
}

#[test]
fn achievable_spares_a_side_that_could_take_the_last_royal() {
    // "... except if he can capture the last royal piece with any other move (in any other
    // part)": e5-e6+ fills part 1 and checks the f7 king; no knight for the achievable
    // part 2, and the pawn's part 2 has only exf7 (e7 is blocked), taking the last royal,
    // which cqlq's turns never play (a check stands until the opponent's turn): white has
    // no legal move, is spared the loss and wins. Without the pawn's part white loses.
    let fen = "8/4pk2/8/4P3/8/8/8/7K w - - 0 2";
    let mut p = pos("turn<1> turn<2>{N}=achievable turn<2>{P}", fen);
    play(&mut p, "e5e6");
    assert!(moves(&p).is_empty());
    assert_eq!(p.game_end().expect("over").verdict, Verdict::Win(0));
    let mut p = pos("turn<1> turn<2>{N}=achievable", fen);
    play(&mut p, "e5e6");
    assert_eq!(p.game_end().expect("over").verdict, Verdict::Win(1));
}

#[test]
fn dontcross_forbids_a_move_back_round_to_its_own_square() {
    // "dontcross: No piece can cross the same square twice in a single move". On a cylinder
    // with `null` the a2 rook may slide east round the board back to a2 (its square left
    // and entered again): not in a `dontcross` part.
    let fen = "4k3/8/8/8/8/8/R7/4K3 w - - 0 2";
    let p = pos("cylindric=null turn<1> turn<2>", fen);
    assert!(from(&p, "a2").contains(&"a2".to_string()));
    let p = pos("cylindric=null turn<1>=dontcross turn<2>", fen);
    assert!(!from(&p, "a2").contains(&"a2".to_string()));
    assert!(from(&p, "a2").contains(&"h2".to_string()));
}

#[test]
fn moderate_series_are_one_longer_than_the_opponents_last() {
    // Moderate progressive chess (seed 001's `moderate` text): "A player may move one more
    // piece than his opponent has just moved but may move as few pieces as desired. For
    // example, White may move one piece, Black two, White three, Black four, White two".
    let mut p = pos("progressive=moderate", START);
    play(&mut p, "e2e4");
    assert_eq!(p.turn, 1, "white's first series is one move");
    play(&mut p, "e7e5");
    assert_eq!(p.turn, 1, "black may make two");
    // "A piece cannot be moved more than once per turn": the e5 pawn is done.
    assert_eq!(from(&p, "e5"), Vec::<String>::new());
    p.play_null().expect("black stops after one move");
    assert_eq!((p.turn, p.fullmove), (0, 2));
    play(&mut p, "d2d4");
    assert_eq!(p.turn, 0, "white may make two: one more than black's one");
    play(&mut p, "g1f3");
    assert_eq!(p.turn, 1, "two moves: white's series is full");
}

#[test]
fn moderate_check_ends_the_series_and_a_series_without_moves_ends() {
    // "Check must be given on the last move of a turn": after 1.e4 2.f6 g5 white's Qh5+
    // (mate) is its first of three moves and ends the series; black is mated.
    let mut p = pos("progressive=moderate", START);
    line(&mut p, &["e2e4", "f7f6", "g7g5", "d1h5"]);
    assert_eq!(p.turn, 1);
    assert!(moves(&p).is_empty());
    assert_eq!(p.game_end().expect("mate").reason, "checkmate");
    // A series of up to five moves (white's third turn, read from the FEN) with two pieces:
    // after e4 and Kd1 neither may move again, so the series ends.
    let mut p = pos("progressive=moderate", "4k3/8/8/8/8/8/4P3/4K3 w - - 0 3");
    line(&mut p, &["e2e4", "e1d1"]);
    assert_eq!(p.turn, 1);
}

#[test]
fn a_pass_ends_only_a_moderate_series() {
    // Italian, Scottish and English series are played in full: `--` inside one is refused.
    for style in ["", "=scotish", "=english"] {
        let mut p = pos(&format!("progressive{style}"), START);
        line(&mut p, &["e2e4", "e7e5"]);
        assert!(p.play_null().is_err(), "progressive{style}");
    }
}

#[test]
fn moderate_games_replay_from_pgn_with_a_pass() {
    // 1.e4 2.e5 -- (black stops after one) 3.d4 Nf3 (white's two) 4.exd4 Nc6 --: white to
    // move at the start, after black's pass, after d4 and after black's last pass.
    let movetext = "1. e4 2. e5 -- 3. d4 Nf3 4. exd4 Nc6 --";
    let err = run_pgn("moderate", movetext, &["--rules", "progressive=moderate"]);
    assert!(
        err.contains("4 positions matched") && err.contains("0 bad games"),
        "{err}"
    );
    let err = run_pgn("italian", movetext, &["--rules", "progressive"]);
    assert!(err.contains("1 bad game"), "{err}");
}

#[test]
fn english_moves_every_mobile_piece_before_any_moves_again() {
    // English Progressive Chess (AISE): "In each turn every mobile piece must have moved
    // once before any can move a second time. Once all pieces have moved, the count starts
    // over". White's turn of move 2 has three moves; its mobile pieces are the a1 rook and
    // the e1 king (the e2 pawn is blocked by e3's, which covers d2 and f2).
    let mut p = pos("progressive=english", "4k3/8/8/8/8/4p3/4P3/R3K3 w - - 0 2");
    play(&mut p, "a1a3");
    assert_eq!(
        from(&p, "a3"),
        Vec::<String>::new(),
        "the king has not moved"
    );
    assert!(!from(&p, "e1").is_empty());
    play(&mut p, "e1d1");
    // Both moved: a new sequence, either may move again.
    assert!(!from(&p, "a3").is_empty());
    assert!(!from(&p, "d1").is_empty());
    play(&mut p, "a3a4");
    assert_eq!(p.turn, 1, "three moves");
}

#[test]
fn english_has_no_en_passant_and_a_check_ends_the_series() {
    // "No en passant capture": black's last move d7-d5.
    let fen = "4k3/8/8/3pP3/8/8/8/4K3 w - d6 0 2";
    assert_eq!(from(&pos("progressive=english", fen), "e5"), ["e6"]);
    assert_eq!(from(&pos("progressive", fen), "e5"), ["d6", "e6"]);
    // "As soon as player gives check, he loses any remaining moves which he still had the
    // right to play in that turn": Qh5+ as white's first of three moves is legal and ends
    // the series.
    let mut p = pos("progressive=english", START);
    line(&mut p, &["e2e4", "f7f6", "g7g5", "d1h5"]);
    assert_eq!(p.turn, 1);
}

// Avalanche Chess (Ralph Betza, 1977), seed 001's `avalanche` rule and its expansion
// `turn<1> turn#<2>{!p}=avalanche #P=mfW`: "after making a legal move, a player must move one
// of the opponent's pawns exactly one square straight forward (i.e. towards the player) to
// complete the turn, if possible ... Capturing with an opponent's pawn is not permitted. If
// an opponent's pawn is moved to promotion, then the opponent chooses to what piece it
// promotes; if the promotion gives check, the opponent wins the game" (Wikipedia's Avalanche
// chess); the seed's `avalanche` attribute: "It is allowed to expose the royal piece with
// this move, but the game is lost with next turn if the King is still in check".

#[test]
fn avalanche_pushes_an_opponents_pawn_after_each_move() {
    // After 1.e4 white must push one of black's eight pawns one square (towards white);
    // then black moves and pushes one of white's pawns (d7-d6 pushed: black's e-pawn may
    // still go two squares; white's e4 pawn may be pushed to e5).
    let mut p = pos("avalanche", START);
    play(&mut p, "e2e4");
    assert_eq!(p.turn, 0, "the push is white's");
    assert_eq!(
        moves(&p),
        [
            "a7a6", "b7b6", "c7c6", "d7d6", "e7e6", "f7f6", "g7g6", "h7h6"
        ]
    );
    play(&mut p, "d7d6");
    assert_eq!((p.turn, p.fullmove), (1, 1));
    assert!(from(&p, "e7").contains(&"e5".to_string()));
    play(&mut p, "e7e5");
    assert_eq!(p.turn, 1);
    assert!(
        from(&p, "e4").is_empty(),
        "the pushed e4 pawn is blocked by e5"
    );
    assert!(from(&p, "d2").contains(&"d3".to_string()));
    assert!(
        !from(&p, "d2").contains(&"d4".to_string()),
        "one square only"
    );
    play(&mut p, "d2d3");
    assert_eq!((p.turn, p.fullmove), (0, 2));
    // `avalanche=balance`, balanced Avalanche ("White has no pawn push on the first move",
    // vchess's Avalanche rules): white's first turn is a single move, black's has the push.
    let mut p = pos("avalanche=balance", START);
    play(&mut p, "e2e4");
    assert_eq!(p.turn, 1);
    play(&mut p, "e7e5");
    assert_eq!(p.turn, 1);
    play(&mut p, "d2d3");
    assert_eq!((p.turn, p.fullmove), (0, 2));
    play(&mut p, "g1f3");
    assert_eq!(p.turn, 0, "white's second turn has its push");
}

#[test]
fn avalanche_push_may_expose_the_king_and_then_loses() {
    // After Ra3 white's one push is d3-d2, and the black pawn on d2 attacks the e1 king:
    // allowed ("It is allowed to expose the royal piece with this move"), and black wins as
    // its turn begins ("the game is lost with next turn if the King is still in check").
    let fen = "4k3/8/8/8/8/3p4/8/R3K3 w - - 0 2";
    let mut p = pos("avalanche", fen);
    play(&mut p, "a1a3");
    assert_eq!(moves(&p), ["d3d2"]);
    play(&mut p, "d3d2");
    assert_eq!(p.turn, 1);
    let end = p.game_end().expect("over");
    assert_eq!((end.verdict, end.reason), (Verdict::Win(1), "avalanche"));
    // The same part without `avalanche` (the seed's `turn<1> turn#<2>{!p} #P=mfW`) judges
    // the push as any move: it may not expose the king, so there is none and the turn ends.
    let mut p = pos("turn<1> turn#<2>{!p} #P=mfW", fen);
    play(&mut p, "a1a3");
    assert_eq!(p.turn, 1);
    assert!(p.game_end().is_none());
}

#[test]
fn avalanche_push_promotes_as_the_owner_chooses() {
    // Black's e2 pawn pushed to e1 promotes; "the opponent chooses to what piece it
    // promotes", so a PGN writes the owner's choice with the push. A knight on e1 does not
    // check the b1 king; a queen does, and black wins.
    let fen = "4k3/8/8/8/8/8/4p3/K7 w - - 0 2";
    let mut p = pos("avalanche", fen);
    play(&mut p, "a1b1");
    assert_eq!(moves(&p).len(), 4, "{:?}", moves(&p));
    let knight_push = moves(&p)
        .into_iter()
        .find(|m| m.ends_with(['n', 'N']))
        .expect("a knight push");
    let mut knight = p.clone();
    play(&mut knight, &knight_push);
    assert_eq!(knight.turn, 1);
    assert!(knight.game_end().is_none(), "{:?}", moves(&p));
    let queen = moves(&p)
        .into_iter()
        .find(|m| m.ends_with(['q', 'Q']))
        .expect("a queen push");
    play(&mut p, &queen);
    assert_eq!(p.game_end().expect("over").verdict, Verdict::Win(1));
}

#[test]
fn avalanche_games_replay_from_pgn() {
    // A push is written as the pushed pawn's SAN: in white's push part only black's pawns
    // move, so `d6` is the d7 pawn pushed. White to move: at the start, after e4 (its push
    // to come), after black's d3 push, after Nf3, after black's a3 push.
    let movetext = "1. e4 d6 e5 d3 2. Nf3 h6 Nc6 a3";
    let err = run_pgn("avalanche", movetext, &["--rules", "avalanche"]);
    assert!(
        err.contains("5 positions matched") && err.contains("0 bad games"),
        "{err}"
    );
    let err = run_pgn("avalanche-chess", movetext, &[]);
    assert!(err.contains("1 bad game"), "{err}");
}

#[test]
fn pushes_beside_rules_that_follow_every_move_are_refused() {
    // A push is made by its own short path (only the turn's bookkeeping and the repetition
    // history), so a rule whose after-effects follow every move would miss it: Cheshire's
    // removed square on the pawn's origin, Andernach's colour change after a move, Alice's
    // board transfer. Refused by name rather than accepted and half applied.
    for other in ["cheshire{X}", "magnetic", "alice", "atomic"] {
        let rules = format!("avalanche {other}");
        let e = match cqlq::rules::fbr::chess_with_rules(&rules) {
            Ok(_) => panic!("`{rules}` was accepted"),
            Err(e) => e.to_string(),
        };
        let name = other.split('{').next().unwrap();
        assert!(e.contains(name) && e.contains("push"), "`{rules}`: {e}");
    }
    // Beside the rules the push's path serves, accepted.
    assert!(cqlq::rules::fbr::chess_with_rules("avalanche royal stalemate=loss").is_ok());
}
