//! The match list's game information keywords (Scidb's "CQL - The match list") on three
//! constructed games whose tags make each answer evident: the tags are those Scidb exports
//! (`EventType`, `Mode`, `TimeMode`, `Termination`, `WhiteTitle`, `WhiteType`, `WhiteSex`,
//! `WhiteCountry`, `EventCountry`, `EventCategory`, `EventDate`, `Round`, `ECO`, `WhiteElo`,
//! `WhiteDWZ`, ...), and the expected games are read off the tags below, one reason each.

use crate::common;

/// Game 1: every tag set, a NAG, a comment and a variation, 3 plies. Game 2: a knockout
/// blitz game on the internet lost on time, round unknown, 2 plies. Game 3: the seven-tag
/// roster only, 1 ply.
const GAMES: &str = r#"[Event "One"]
[Site "?"]
[Date "1930.05.03"]
[Round "3.2"]
[White "A"]
[Black "B"]
[Result "*"]
[EventType "tourn"]
[Mode "OTB"]
[TimeMode "normal"]
[Termination "normal"]
[WhiteTitle "GM"]
[BlackTitle "IM"]
[WhiteType "human"]
[BlackType "program"]
[WhiteSex "m"]
[BlackSex "f"]
[WhiteCountry "GER"]
[BlackCountry "NED"]
[EventCountry "GER"]
[EventCategory "18"]
[EventDate "1930.05.01"]
[ECO "B12"]
[WhiteElo "2600"]
[BlackElo "2400"]
[WhiteDWZ "2500"]
[Source "Mega"]

1. e4 $1 {A decisive game here} (1. d4) e5 2. Nf3 *

[Event "Two"]
[Site "?"]
[Date "2010.10.31"]
[Round "?"]
[White "C"]
[Black "D"]
[Result "*"]
[EventType "k.o."]
[Mode "ICS"]
[TimeMode "blitz"]
[Termination "time forfeit"]
[ECO "C45"]
[WhiteElo "2000"]

1. d4 d5 *

[Event "Three"]
[Site "?"]
[Date "????.??.??"]
[Round "-"]
[White "E"]
[Black "F"]
[Result "*"]

1. c4 *
"#;

/// The numbers of the games `query` matches.
fn matched(pgn: &std::path::Path, query: &str) -> Vec<u32> {
    let out = common::cqlq(&["-e", query, &pgn.display().to_string()]);
    assert!(
        matches!(out.status.code(), Some(0 | 1)),
        "{query}: {}",
        String::from_utf8_lossy(&out.stderr)
    );
    String::from_utf8_lossy(&out.stdout)
        .match_indices("{Game number ")
        .map(|(i, m)| {
            let rest = &String::from_utf8_lossy(&out.stdout)[i + m.len()..];
            rest.split('}')
                .next()
                .expect("number")
                .trim()
                .parse()
                .expect("number")
        })
        .collect()
}

#[test]
fn game_information_keywords_read_scidbs_tags() {
    let dir = common::scratch("cqls", "matchinfo");
    let pgn = dir.path().join("games.pgn");
    std::fs::write(&pgn, GAMES).expect("write");
    let cases: &[(&str, &[u32])] = &[
        // EventType: tourn (1), k.o. = knockout (2), none (3).
        ("(match :eventtype tourn,swiss (position))", &[1]),
        ("(match :eventtype knockout (position))", &[2]),
        ("(match :eventtype unknown (position))", &[3]),
        // Mode: OTB (1), ICS = internet (2).
        ("(match :eventmode otb (position))", &[1]),
        ("(match :eventmode internet,email (position))", &[2]),
        // TimeMode: normal (1), blitz (2), none (3).
        ("(match :timemode blitz,bullet (position))", &[2]),
        ("(match :timemode unknown (position))", &[3]),
        // Termination: "time forfeit" (2), none (3).
        ("(match :termination timeforfeit (position))", &[2]),
        ("(match :termination unknown (position))", &[3]),
        // Titles: White GM and Black IM in game 1 only.
        ("(match :title GM (position))", &[1]),
        ("(match :whitetitle IM (position))", &[]),
        ("(match :blacktitle IM (position))", &[1]),
        ("(match :eithercolor :whitetitle IM (position))", &[1]),
        // WhiteType human, BlackType program: game 1.
        ("(match :iscomputer (position))", &[1]),
        ("(match :whiteiscomputer (position))", &[]),
        ("(match :blackishuman (position))", &[]),
        ("(match :ishuman (position))", &[1]),
        // WhiteSex m, BlackSex f: game 1 (w is f).
        ("(match :gender f (position))", &[1]),
        ("(match :blackgender w (position))", &[1]),
        ("(match :whitegender f (position))", &[]),
        // Countries: GER (White), NED (Black), event GER: game 1.
        ("(match :country NED (position))", &[1]),
        ("(match :whitecountry NED (position))", &[]),
        ("(match :eventcountry GER (position))", &[1]),
        // EventCategory 18 in game 1; 0 for the others.
        ("(match :eventcategory >=18 (position))", &[1]),
        ("(match :eventcategory 0 (position))", &[2, 3]),
        // EventDate 1930.05.01 (1); Date 1930.05.03 (1), 2010.10.31 (2), unknown (3).
        ("(match :eventdate 1930 1935 (position))", &[1]),
        ("(match :date 2010-10-01 .. 2010-11-01 (position))", &[2]),
        ("(match :date >=1930-05-04 (position))", &[2]),
        ("(match :date 1930-05-03 (position))", &[1]),
        // Round 3.2 (1), ? (2), - (3): round 3, sub-round 2; 0 for a missing one.
        ("(match :round 3 (position))", &[1]),
        ("(match :subround 2 (position))", &[1]),
        ("(match :round 0 (position))", &[2, 3]),
        // ECO B12 (1), C45 (2), none (3).
        ("(match :eco B00-99,C00-99 (position))", &[1, 2]),
        ("(match :eco A00-99 (position))", &[]),
        ("(match :eco C45 (position))", &[2]),
        ("(match :eco * (position))", &[1, 2]),
        ("(match :eco - (position))", &[3]),
        // Elo 2600/2400 (1), 2000/none (2); DWZ 2500 (1).
        ("(match :rating ELO >=2500 (position))", &[1]),
        ("(match :rating DWZ 2500 (position))", &[1]),
        ("(match :ratingdifference ELO 200 (position))", &[1]),
        ("(match :averagerating ELO 2500 (position))", &[1]),
        ("(match :averagerating ELO 2000 (position))", &[2]),
        ("(match :averagerating* ELO 2000 (position))", &[]),
        // Main lines of 3, 2 and 1 half-moves.
        ("(match :plycount 3 (position))", &[1]),
        ("(match :plycount 1 2 (position))", &[2, 3]),
        // Game 1 holds the NAG $1, the comment and the variation (1. d4).
        ("(match :hasannotation (position))", &[1]),
        ("(match :hascomments (position))", &[1]),
        ("(match :hasvariations (position))", &[1]),
        ("(match :comment \"decisive game\" (position))", &[1]),
        ("(match :comment \"decisive*here\" (position))", &[1]),
        ("(match :comment \"decisive here\" (position))", &[]),
        // Source only in game 1; tags beyond the roster in games 1 and 2.
        ("(match :tag Source (position))", &[1]),
        ("(match :tag Source mega (position))", &[1]),
        ("(match :tag Source other (position))", &[]),
        ("(match :tag * (position))", &[1, 2]),
        ("(match :gamenumber 2 3 (position))", &[2, 3]),
    ];
    let mut wrong = Vec::new();
    for (query, want) in cases {
        let got = matched(&pgn, query);
        if got != *want {
            wrong.push(format!("{query}: got {got:?}, want {want:?}"));
        }
    }
    assert!(wrong.is_empty(), "{}", wrong.join("\n"));
}

/// What no PGN tag carries is refused with the reason (exit 2).
#[test]
fn unanswerable_game_information_is_refused_by_name() {
    let dir = common::scratch("cqls", "matchinfo-refused");
    let pgn = dir.path().join("games.pgn");
    std::fs::write(&pgn, GAMES).expect("write");
    for (query, why) in [
        ("(match :country de (position))", "ISO 3166"),
        (
            "(match :rating Blitz 2000 (position))",
            "no PGN tag carries 'Blitz'",
        ),
        ("(match :hascomments de,en (position))", "language"),
        ("(match :birthyear >=1990 (position))", "birth"),
        ("(match :hasmarker (position))", "marker"),
    ] {
        let out = common::cqlq(&["-e", query, &pgn.display().to_string()]);
        let err = String::from_utf8_lossy(&out.stderr);
        assert_eq!(out.status.code(), Some(2), "{query}");
        assert!(err.contains(why), "{query}: {err}");
    }
}
