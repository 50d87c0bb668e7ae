//! CQL 6's string filters, checked against CQL 6.2's definitions (its source's
//! `CaseConvertNode`: only the ASCII letters change case) on small PGNs written here and on
//! the CQL sample, whose expected games are computed from the tags by a few lines of Rust.

use crate::common;

use common::{compile, matching_plies, replay_file};

const TWO_GAMES: &str = "[Event \"Linares Open\"]\n[Site \"Café Brüssel\"]\n[Result \"*\"]\n\n1. e4 *\n\n\
[Event \"wijk AAN zee\"]\n[Result \"*\"]\n\n1. d4 *\n";

/// `lowercase`/`uppercase` of a tag: ASCII letters change case, everything else stays.
#[test]
fn case_conversion_is_ascii_only() {
    let games = common::games_from("case", TWO_GAMES);
    assert_eq!(games.len(), 2);
    // Game 1: "Linares Open" lowercased; game 2's event is another text.
    assert_eq!(
        common::matched_games("lowercase event == \"linares open\"", &games),
        [true, false]
    );
    // Game 2: mixed case "wijk AAN zee" both ways.
    assert_eq!(
        common::matched_games("uppercase event == \"WIJK AAN ZEE\"", &games),
        [false, true]
    );
    assert_eq!(
        common::matched_games("lowercase event == \"wijk aan zee\"", &games),
        [false, true]
    );
    // CQL 6.2 converts bytes 'a'..'z' only: é and ü keep their case.
    assert_eq!(
        common::matched_games("uppercase site == \"CAFé BRüSSEL\"", &games),
        [true, false]
    );
    // The second game has no Site tag: `site` does not match, nor does its conversion.
    assert_eq!(
        common::matched_games("lowercase site ~~ \"\"", &games),
        [true, false]
    );
    // Converting a converted string; string `+` joins the results.
    assert_eq!(
        common::matched_games(
            "lowercase uppercase event + \"!\" == \"linares open!\"",
            &games
        ),
        [true, false]
    );
    assert_eq!(
        common::matched_games(
            "lowercase event + uppercase \"x\" == \"wijk aan zeeX\"",
            &games
        ),
        [false, true]
    );
}

/// On the CQL sample: the games whose White tag contains "korolkov" in any ASCII case are
/// those `lowercase player white ~~ "kasparov"` finds; computed from the tags directly.
#[test]
fn lowercase_player_on_the_sample() {
    let Some(path) = common::shared_file("data/cql-sample.pgn") else {
        return;
    };
    let games = replay_file(&path, 2000);
    let expected: Vec<bool> = games
        .iter()
        .map(|g| {
            g.as_ref().is_some_and(|g| {
                g.record
                    .tag("White")
                    .is_some_and(|w| w.to_ascii_lowercase().contains("korolkov"))
            })
        })
        .collect();
    assert!(expected.iter().any(|&b| b), "the sample has Korolkov games");
    assert_eq!(
        common::matched_games("lowercase player white ~~ \"korolkov\"", &games),
        expected
    );
    let upper: Vec<bool> = games
        .iter()
        .map(|g| {
            g.as_ref().is_some_and(|g| {
                g.record
                    .tag("Event")
                    .is_some_and(|w| w.to_ascii_uppercase().contains("CHESS"))
            })
        })
        .collect();
    assert!(
        upper.iter().any(|&b| b),
        "the sample has events named ...Chess..."
    );
    assert_eq!(
        common::matched_games("uppercase event ~~ \"CHESS\"", &games),
        upper
    );
}

/// `hascomment` (CQL 6.2's `HasCommentNode`): without an argument, whether a comment follows
/// the move reaching the position (cqlq's checker, like CQL 6.2, types it as a plain match); with a NAG's text (`!`,
/// `+/=`, `$N`), whether that move carries the NAG.
#[test]
fn hascomment_reads_comments_and_nags() {
    let pgn = "[Event \"c\"]\n[Result \"*\"]\n\n1. e4 {good move} e5 $14 2. Nf3! Nc6 {fine} *\n";
    let games = common::games_from("comments", pgn);
    let game = games[0].as_ref().expect("game");
    let plies = |q: &str| matching_plies(game, 1, &compile(q));
    // Comments follow e4 (ply 1) and Nc6 (ply 4).
    assert_eq!(plies("hascomment"), [1, 4]);
    // e5 carries $14 (+/=), Nf3 carries ! ($1).
    assert_eq!(plies("hascomment \"+/=\""), [2]);
    assert_eq!(plies("hascomment \"$14\""), [2]);
    assert_eq!(plies("hascomment \"!\""), [3]);
    assert_eq!(plies("hascomment \"$1\""), [3]);
    assert!(plies("hascomment \"??\"").is_empty());
}

/// `piecename`/`typename` (CQL 6.2's `PieceNameNode`, `TypeNameNode`): the FEN letter of the
/// piece on one square (`typename` upper-cases it); no match unless the set is one square.
#[test]
fn piece_and_type_names() {
    let pgn = "[Event \"p\"]\n[SetUp \"1\"]\n[FEN \"4k3/8/8/8/8/8/4P3/4K2r w - - 0 1\"]\n[Result \"*\"]\n\n*\n";
    let games = common::games_from("pieces", pgn);
    let game = games[0].as_ref().expect("game");
    let holds = |q: &str| !matching_plies(game, 1, &compile(q)).is_empty();
    assert!(holds("piecename e1 == \"K\""));
    assert!(holds("piecename e2 == \"P\""));
    assert!(holds("piecename h1 == \"r\""));
    assert!(holds("typename h1 == \"R\""));
    assert!(holds("typename e8 == \"K\""));
    assert!(holds("piecename e8 == \"k\""));
    assert!(!holds("piecename h1 == \"R\""));
    // Two squares, or none: no name.
    assert!(!holds("piecename [e1,e2] ~~ \"\""));
    assert!(!holds("typename Q ~~ \"\""));
    // A string value: joins with `+`.
    assert!(holds(
        "piecename e1 + typename e8 + piecename h1 == \"KKr\""
    ));
}
