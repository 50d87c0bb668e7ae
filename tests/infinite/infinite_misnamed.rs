//! An ICN move written in the long form names the piece it moves (`N4,2>4,4`): a name the
//! start square does not hold is a bad game at that move, never the move of the piece that
//! is there. Regression test for a silent wrong answer: the search replayed moves by their
//! squares alone, so `N4,2>4,4` played the pawn on 4,2. The expectations are reasoned from
//! the position beside each (ICN's long form: piece letter, start, `>` or `x`, end).

use std::process::Command;

/// `cqlq --count -e true FILE` on an ICN file holding `text`: (stdout, stderr).
fn count(text: &str) -> (String, String) {
    let dir = tempfile::tempdir().expect("temporary folder");
    let path = dir.path().join("game.icn");
    std::fs::write(&path, text).expect("write the game");
    let out = Command::new(env!("CARGO_BIN_EXE_cqlq"))
        .args(["--count", "-e", "true", path.to_str().expect("utf-8 path")])
        .output()
        .expect("run cqlq");
    (
        String::from_utf8_lossy(&out.stdout).into_owned(),
        String::from_utf8_lossy(&out.stderr).into_owned(),
    )
}

/// White: king 5,1, pawn 4,2, knight 2,1; black: king 5,8, pawn 4,7.
const START: &str = "[Event \"t\"]\n\nw K5,1|P4,2+|N2,1|k5,8|p4,7+\n\n";

#[test]
fn a_long_form_move_naming_another_piece_is_a_bad_move() {
    // 4,2 holds a white pawn: `N4,2>4,4` names a knight (which could not go from 4,2 to 4,4
    // either), so the game is bad at ply 1, with the move's line and column; the start
    // position alone is searched.
    let (_, err) = count(&format!("{START}1. N4,2>4,4 | p4,7>4,5\n"));
    assert!(
        err.contains(
            "game 1 (line 5, column 4): move 4,2>4,4 names N but its start square holds P at ply 1"
        ),
        "{err}"
    );
    assert!(err.contains("1 position matched, 1 bad game"), "{err}");
    // A name over an empty square: 3,2 is empty; and a black piece's name for a white move.
    let (_, err) = count(&format!("{START}1. P3,2>3,3\n"));
    assert!(
        err.contains("names P but its start square is empty at ply 1"),
        "{err}"
    );
    let (_, err) = count(&format!("{START}1. p4,2>4,4\n"));
    assert!(
        err.contains("names p but its start square holds P at ply 1"),
        "{err}"
    );
    // The second move misnamed: the first two positions are searched.
    let (_, err) = count(&format!("{START}1. P4,2>4,4 | q4,7>4,5\n"));
    assert!(err.contains("at ply 2"), "{err}");
    assert!(err.contains("2 positions matched, 1 bad game"), "{err}");
}

#[test]
fn long_form_moves_naming_their_pieces_replay() {
    // The pawn's double step (4,2 to 4,4), black's likewise, then the knight 2,1 to 3,3:
    // four positions, no bad game.
    let (out, err) = count(&format!("{START}1. P4,2>4,4 | p4,7>4,5\n2. N2,1>3,3\n"));
    assert_eq!(out.trim(), "1", "{err}");
    assert!(err.contains("4 positions matched, 0 bad games"), "{err}");
}
