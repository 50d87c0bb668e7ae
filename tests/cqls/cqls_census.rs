//! The census of issue 37: every keyword of seed 004's position list (its index, and the
//! keywords Scidb's "CQL - The position list" page adds), of Scidb's match list ("CQL - The
//! match list") and of its relation list, each in a small query run by the `cqlq` binary over
//! `../shared/data/tiny3.pgn`. A keyword runs (exit 0 or 1), or is refused (exit 2) only when
//! `docs/cqls.md` names what cqlq lacks to answer it, with a message naming that.

use crate::common;

/// What a census query must do.
enum Expect {
    /// It compiles and runs (matched or not).
    Runs,
    /// Exit 2, the error holding this text (what is missing).
    Refused(&'static str),
}

use Expect::{Refused, Runs};

/// (keyword, query, expectation): the position list.
const POSITION: &[(&str, &str, Expect)] = &[
    (
        ":accumulate",
        "(position P :shift :accumulate n :sumrange n 1 8)",
        Runs,
    ),
    (
        ":accumulate*",
        "(position P :shift :flipcolor :accumulate* n :sumrange n 1 8)",
        Runs,
    ),
    (
        ":and",
        "(position :and ((position :check) (position :wtm)))",
        Runs,
    ),
    (":attackcount", "(position :attackcount A k 1)", Runs),
    (":blackcannotwin", "(position :blackcannotwin)", Runs),
    (":blackelo", "(position :blackelo 0 3000)", Runs),
    (":btm", "(position :btm)", Runs),
    (":captureforced", "(position :captureforced)", Runs),
    (":castling", "(position :castling K)", Runs),
    (":check", "(position :check)", Runs),
    (":checkcount", "(position :checkcount 2)", Runs),
    (
        ":cond",
        "(position :cond (position :check) (position :mate))",
        Runs,
    ),
    (":contactcheck", "(position :contactcheck)", Runs),
    (":cut", "(position :mate :cut)", Runs),
    (
        ":donthasobligation",
        "(position :donthasobligation)",
        Refused("describes"),
    ),
    (":doublecheck", "(position :doublecheck)", Runs),
    (":elo", "(position :elo 0 3000)", Runs),
    (":endgame", "(position :endgame)", Runs),
    (
        ":endgameevaluation",
        "(position :endgameevaluation *mate)",
        Refused("Syzygy"),
    ),
    (
        ":endgameevaluation*",
        "(position :endgameevaluation* *mate)",
        Refused("Syzygy"),
    ),
    (":enpassant", "(position :enpassant)", Runs),
    (
        ":evaluation",
        "(position :evaluation depth 4 mate)",
        Refused("engine"),
    ),
    (
        ":exchangeevaluation",
        "(position :exchangeevaluation >=1)",
        Runs,
    ),
    (
        ":exclude",
        "(position :check :exclude (position :mate))",
        Runs,
    ),
    (
        ":fen",
        "(position :fen \"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1\")",
        Runs,
    ),
    (":fiftymoverule", "(position :fiftymoverule)", Runs),
    (
        ":fivefoldrepetition",
        "(position :fivefoldrepetition)",
        Runs,
    ),
    (":flip", "(position Ke1 :flip)", Runs),
    (":flipcolor", "(position :check :flipcolor)", Runs),
    (":flipdiagonal", "(position Ke1 :flipdiagonal)", Runs),
    (":flipdihedral", "(position Ke1 :flipdihedral)", Runs),
    (":fliphorizontal", "(position Ke1 :fliphorizontal)", Runs),
    (":flipvertical", "(position Ke1 :flipvertical)", Runs),
    (":forced", "(position :forced)", Runs),
    (":gameisover", "(position :gameisover)", Runs),
    (
        ":gappedsequence",
        "(position :gappedsequence ((position :check) (position :mate)))",
        Runs,
    ),
    (":goodbishop", "(position :goodbishop B 0 8 : 0 8)", Runs),
    (":halfmoveclock", "(position :halfmoveclock <=30)", Runs),
    (
        ":halfmoveclocklimit",
        "(position :halfmoveclocklimit 30)",
        Runs,
    ),
    (":halfmovenumber", "(position :halfmovenumber 3 5)", Runs),
    (":initial", "(position :initial)", Runs),
    (":inside", "(position Pe2 :shift :inside P [a-h2])", Runs),
    (":insidevariation", "(position :insidevariation)", Runs),
    (":iscastling", "(position :iscastling)", Runs),
    (":ischeck", "(position :ischeck)", Runs),
    (":ischess960", "(position :ischess960)", Runs),
    (":iscontactcheck", "(position :iscontactcheck)", Runs),
    (":isdoublecheck", "(position :isdoublecheck)", Runs),
    (
        ":isillegal",
        "(position :isillegal)",
        Refused("stops replaying"),
    ),
    (
        ":isinvalid",
        "(position :isinvalid)",
        Refused("stops replaying"),
    ),
    (":ismate", "(position :ismate)", Runs),
    (":isnull", "(position :isnull)", Runs),
    (":isshufflechess", "(position :isshufflechess)", Runs),
    (":isstalemate", "(position :isstalemate)", Runs),
    (":line", "(position :line \"e2-e4 e7-e5\")", Runs),
    (":line*", "(position :line* (1.Pe2-e4 Pe7-e5))", Runs),
    (":losing", "(position :losing)", Runs),
    (":markall", "(position :markall)", Runs),
    (
        ":match",
        "(position :match ((position :check) (position :mate)))",
        Runs,
    ),
    (
        ":matchconsecutive",
        "(position :matchconsecutive ((position :check) (position)))",
        Runs,
    ),
    (":matchcount", "(position :check :matchcount 2 10)", Runs),
    (":mate", "(position :mate)", Runs),
    (":matingmaterial", "(position :matingmaterial)", Runs),
    (
        ":maxswapevaluation",
        "(position :maxswapevaluation >=1)",
        Runs,
    ),
    (
        ":moveevaluation",
        "(position :moveevaluation A ? depth 4 >=1 sidetomove)",
        Refused("engine"),
    ),
    (":movefrom", "(position :movefrom N)", Runs),
    (":movenumber", "(position :movenumber 2 3)", Runs),
    (":moveto", "(position :moveto U)", Runs),
    (":mustcapture", "(position :mustcapture)", Runs),
    (":noannotate", "(position :noannotate)", Runs),
    (":nocheck", "(position :nocheck)", Runs),
    (":noenpassant", "(position :noenpassant)", Runs),
    (":not", "(position :not (position :check))", Runs),
    (
        ":obligation",
        "(position :obligation)",
        Refused("describes"),
    ),
    (":opposition", "(position :opposition)", Runs),
    (
        ":or",
        "(position :or ((position :check) (position :mate)))",
        Runs,
    ),
    (":pawncount", "(position :pawncount P double >=1)", Runs),
    (
        ":pawncountdifference",
        "(position :pawncountdifference P p isolated >=1)",
        Runs,
    ),
    (":piececount", "(position :piececount U 20 32)", Runs),
    (
        ":piececountdifference",
        "(position :piececountdifference U >=1)",
        Runs,
    ),
    (":power", "(position :power A 30 40)", Runs),
    (
        ":powerdifference",
        "(position :powerdifference U >=1)",
        Runs,
    ),
    (
        ":pretransformmatchcount",
        "(position Pe4 :shift :pretransformmatchcount 2 10)",
        Runs,
    ),
    (
        ":pretransformrepetitioncount",
        "(position :moveto Ud4 :pretransformrepetitioncount >=2 :shift)",
        Runs,
    ),
    (":promote", "(position :promote Q)", Runs),
    (":ray", "(position :ray (Q k))", Runs),
    (":rayattack", "(position :rayattack (Q k))", Runs),
    (":raydiagonal", "(position :raydiagonal (B k))", Runs),
    (":rayhorizontal", "(position :rayhorizontal (R k))", Runs),
    (":rayorthogonal", "(position :rayorthogonal (R k))", Runs),
    (":rayvertical", "(position :rayvertical (R k))", Runs),
    (":relation", "(position :relation (:samesidetomove))", Runs),
    (
        ":repetitioncount",
        "(position :moveto U :repetitioncount >=2)",
        Runs,
    ),
    (
        ":reset",
        "(position :reset n Pe2 :accumulate n :sumrange n 3 :shiftvertical)",
        Runs,
    ),
    (":result", "(position :result 1-0)", Runs),
    (
        ":sequence",
        "(position :sequence ((position :check) (position)))",
        Runs,
    ),
    (":shift", "(position Ke1 :shift)", Runs),
    (":shiftdiagonal", "(position Ke1 :shiftdiagonal)", Runs),
    (":shifthorizontal", "(position Ke1 :shifthorizontal)", Runs),
    (
        ":shiftmaindiagonal",
        "(position Ke1 :shiftmaindiagonal)",
        Runs,
    ),
    (
        ":shiftoffdiagonal",
        "(position Ke1 :shiftoffdiagonal)",
        Runs,
    ),
    (":shiftvertical", "(position Ke1 :shiftvertical)", Runs),
    (":skip", "(position :check :skip)", Runs),
    (":stalemate", "(position :stalemate)", Runs),
    (":startposition", "(position :startposition 518)", Runs),
    (
        ":sumrange",
        "(position P :shift :accumulate n :sumrange n 8)",
        Runs,
    ),
    (":takeslastpiece", "(position :takeslastpiece)", Runs),
    (":terminal", "(position :terminal)", Runs),
    (
        ":threefoldrepetition",
        "(position :threefoldrepetition)",
        Runs,
    ),
    (":variant", "(position :variant normal)", Runs),
    (":variations", "(position :variations)", Runs),
    (":variationsonly", "(position :variationsonly)", Runs),
    (":whitecannotwin", "(position :whitecannotwin)", Runs),
    (":whiteelo", "(position :whiteelo 0 3000)", Runs),
    (":wtm", "(position :wtm)", Runs),
    (
        ":xor",
        "(position :xor ((position :check) (position :mate)))",
        Runs,
    ),
];

/// The match list (`(match :kw ... (position))`), Scidb's "CQL - The match list".
const MATCH: &[(&str, &str, Expect)] = &[
    (
        ":and",
        "(match :and ((match :result 1-0) (match (position :mate))))",
        Runs,
    ),
    (
        ":cond",
        "(match :cond ((match :result 1-0) (match (position :mate))))",
        Runs,
    ),
    (":not", "(match :not (match :result 1-0))", Runs),
    (
        ":or",
        "(match :or ((match :result 1-0) (match :result 0-1)))",
        Runs,
    ),
    (
        ":xor",
        "(match :xor ((match :result 1-0) (match :result 0-1)))",
        Runs,
    ),
    (":event", "(match :event Tiny (position))", Runs),
    (
        ":eventcategory",
        "(match :eventcategory 0 (position))",
        Runs,
    ),
    (
        ":eventcountry",
        "(match :eventcountry GER,UNK (position))",
        Runs,
    ),
    (
        ":eventdate",
        "(match :eventdate 1930 1935 (position))",
        Runs,
    ),
    (
        ":eventmode",
        "(match :eventmode corr,email (position))",
        Runs,
    ),
    (
        ":eventtype",
        "(match :eventtype tourn,swiss (position))",
        Runs,
    ),
    (":round", "(match :round 0 1 (position))", Runs),
    (":site", "(match :site Wijk (position))", Runs),
    (":subround", "(match :subround 0 (position))", Runs),
    (
        ":timemode",
        "(match :timemode blitz,bullet (position))",
        Runs,
    ),
    (
        ":averagerating",
        "(match :averagerating ELO >=2000 (position))",
        Runs,
    ),
    (
        ":averagerating*",
        "(match :averagerating* ELO >=2000 (position))",
        Runs,
    ),
    (
        ":birthyear",
        "(match :birthyear >=1990 (position))",
        Refused("birth"),
    ),
    (
        ":blackbirthyear",
        "(match :blackbirthyear >=1990 (position))",
        Refused("birth"),
    ),
    (
        ":blackcountry",
        "(match :blackcountry GER (position))",
        Runs,
    ),
    (
        ":blackdeathyear",
        "(match :blackdeathyear <=1950 (position))",
        Refused("death"),
    ),
    (":blackelo", "(match :blackelo >=2000 (position))", Runs),
    (":blackgender", "(match :blackgender f (position))", Runs),
    (
        ":blackiscomputer",
        "(match :blackiscomputer (position))",
        Runs,
    ),
    (":blackishuman", "(match :blackishuman (position))", Runs),
    (":blackplayer", "(match :blackplayer Beta (position))", Runs),
    (
        ":blackrating",
        "(match :blackrating ELO >=2000 (position))",
        Runs,
    ),
    (":blacktitle", "(match :blacktitle GM,IM (position))", Runs),
    (":country", "(match :country GER (position))", Runs),
    (
        ":deathyear",
        "(match :deathyear <=1950 (position))",
        Refused("death"),
    ),
    (":elo", "(match :elo >=2000 (position))", Runs),
    (":gender", "(match :gender f (position))", Runs),
    (":iscomputer", "(match :iscomputer (position))", Runs),
    (":ishuman", "(match :ishuman (position))", Runs),
    (":player", "(match :player Alpha (position))", Runs),
    (":rating", "(match :rating ELO 2000 3000 (position))", Runs),
    (
        ":ratingdifference",
        "(match :ratingdifference ELO <=500 (position))",
        Runs,
    ),
    (":title", "(match :title GM,IM (position))", Runs),
    (
        ":whitebirthyear",
        "(match :whitebirthyear >=1990 (position))",
        Refused("birth"),
    ),
    (
        ":whitecountry",
        "(match :whitecountry GER (position))",
        Runs,
    ),
    (
        ":whitedeathyear",
        "(match :whitedeathyear <=1950 (position))",
        Refused("death"),
    ),
    (":whiteelo", "(match :whiteelo >=2000 (position))", Runs),
    (":whitegender", "(match :whitegender m (position))", Runs),
    (
        ":whiteiscomputer",
        "(match :whiteiscomputer (position))",
        Runs,
    ),
    (":whiteishuman", "(match :whiteishuman (position))", Runs),
    (
        ":whiteplayer",
        "(match :whiteplayer Alpha (position))",
        Runs,
    ),
    (
        ":whiterating",
        "(match :whiterating ELO >=2000 (position))",
        Runs,
    ),
    (":whitetitle", "(match :whitetitle GM (position))", Runs),
    (":annotator", "(match :annotator Kasparov (position))", Runs),
    (
        ":date",
        "(match :date 2024-01-01 .. 2024-01-03 (position))",
        Runs,
    ),
    (":eco", "(match :eco B00-99,C00-99 (position))", Runs),
    (":gamenumber", "(match :gamenumber 1 2 (position))", Runs),
    (
        ":hasmarker",
        "(match :hasmarker w,b (position))",
        Refused("marker"),
    ),
    (
        ":hasspecialmarker",
        "(match :hasspecialmarker (position))",
        Refused("marker"),
    ),
    (":plycount", "(match :plycount 40 60 (position))", Runs),
    (":result", "(match :result 1-0 (position))", Runs),
    (
        ":termination",
        "(match :termination unknown,normal (position))",
        Runs,
    ),
    (":variant", "(match :variant normal (position))", Runs),
    (":year", "(match :year 2024 (position))", Runs),
    (
        ":comment",
        "(match :comment \"decisive game\" (position))",
        Runs,
    ),
    (
        ":error",
        "(match :error None (position))",
        Refused("ChessBase"),
    ),
    (":goodgame", "(match :goodgame (position))", Refused("ACF")),
    (":hasannotation", "(match :hasannotation (position))", Runs),
    (":hascomments", "(match :hascomments (position))", Runs),
    (":hasvariations", "(match :hasvariations (position))", Runs),
    (":ischess960", "(match :ischess960 (position))", Runs),
    (
        ":isshufflechess",
        "(match :isshufflechess (position))",
        Runs,
    ),
    (
        ":startposition",
        "(match :startposition 518 (position))",
        Runs,
    ),
    (":tag", "(match :tag Source (position))", Runs),
    (
        ":eithercolor",
        "(match :eithercolor (position :mate))",
        Runs,
    ),
    (":forany", "(match :forany q Q (position $q[h5]))", Runs),
    (":output", "(match :output out.pgn (position))", Runs),
    (":pgn", "(match :pgn in.pgn (position))", Runs),
];

/// The relation list (`:relation (...)` of a position list).
const RELATION: &[(&str, &str, Expect)] = &[
    (
        ":changesidetomove",
        "(position :relation (:changesidetomove))",
        Runs,
    ),
    (":flip", "(position :relation (:flip))", Runs),
    (
        ":ignoresidetomove",
        "(position :relation (:ignoresidetomove))",
        Runs,
    ),
    (
        ":missingpiececount",
        "(position :relation (:missingpiececount U 1))",
        Runs,
    ),
    (
        ":newpiececount",
        "(position :relation (:newpiececount U 0))",
        Runs,
    ),
    (
        ":originaldifferentcount",
        "(position :relation (:originaldifferentcount 0 4))",
        Runs,
    ),
    (
        ":originalsamecount",
        "(position :relation (:originalsamecount 0 64))",
        Runs,
    ),
    (":pattern", "(position Ke1 :relation (:pattern))", Runs),
    (
        ":samesidetomove",
        "(position :relation (:samesidetomove))",
        Runs,
    ),
    (":shift", "(position :relation (:shift))", Runs),
    (":variations", "(position :relation (:variations))", Runs),
    (
        ":variationsonly",
        "(position :relation (:variationsonly))",
        Runs,
    ),
];

/// Runs each query; collects every entry that does not do what it should.
fn census(entries: &[(&str, &str, Expect)]) -> Vec<String> {
    let Some(pgn) = common::shared_file("data/tiny3.pgn") else {
        eprintln!("skipped: ../shared/data/tiny3.pgn is absent");
        return Vec::new();
    };
    let pgn = pgn.display().to_string();
    let mut wrong = Vec::new();
    for (keyword, query, expect) in entries {
        let out = common::cqlq(&["--count", "-q", "-e", query, &pgn]);
        let code = out.status.code();
        let err = String::from_utf8_lossy(&out.stderr);
        let ok = match expect {
            Runs => matches!(code, Some(0 | 1)),
            Refused(why) => code == Some(2) && err.contains(keyword) && err.contains(why),
        };
        if !ok {
            wrong.push(format!("{keyword}: {query} -> {code:?} {}", err.trim()));
        }
    }
    wrong
}

#[test]
fn every_position_list_keyword_runs_or_is_refused_by_name() {
    let wrong = census(POSITION);
    assert!(wrong.is_empty(), "{}", wrong.join("\n"));
}

#[test]
fn every_match_list_keyword_runs_or_is_refused_by_name() {
    let wrong = census(MATCH);
    assert!(wrong.is_empty(), "{}", wrong.join("\n"));
}

#[test]
fn every_relation_list_keyword_runs() {
    let wrong = census(RELATION);
    assert!(wrong.is_empty(), "{}", wrong.join("\n"));
}

/// `--parse` prints the CQL-S tree and gives the verdict: 0 when the query compiles, 2 with
/// the error when a keyword is unknown.
#[test]
fn parse_prints_the_cqls_tree_and_the_verdict() {
    let out = common::cqlq(&["--parse", "-e", "(position :check :piececount [Qq] 1 2)"]);
    assert_eq!(out.status.code(), Some(0));
    let tree = String::from_utf8_lossy(&out.stdout);
    for line in [
        "match @0..",
        "  position @0..",
        "    :check @10..16",
        "      designator [Qq] @",
    ] {
        assert!(tree.contains(line), "{line} in\n{tree}");
    }
    let bad = common::cqlq(&["--parse", "-e", "(position :frobnicate)"]);
    assert_eq!(bad.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&bad.stderr).contains(":frobnicate"));
}

/// `:endgameevaluation` needs `--syzygy DIR` (exit 2 without it, naming the option); a folder
/// without tables is refused at the start; a half-move range to mate is refused (Syzygy
/// tables give the distance to zeroing, not to mate). No table file is at hand here, so the
/// probes themselves are not tested.
#[test]
fn endgame_evaluation_needs_syzygy_tables() {
    let Some(pgn) = common::shared_file("data/tiny3.pgn") else {
        eprintln!("skipped: ../shared/data/tiny3.pgn is absent");
        return;
    };
    let pgn = pgn.display().to_string();
    let q = "(position :piececount U 3 :endgameevaluation *mate)";
    let none = common::cqlq(&["-q", "-e", q, &pgn]);
    assert_eq!(none.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&none.stderr).contains("--syzygy DIR"));
    let dir = common::scratch("cqls", "syzygy-empty");
    let dir_arg = dir.path().display().to_string();
    let empty = common::cqlq(&["-q", "--syzygy", &dir_arg, "-e", q, &pgn]);
    assert_eq!(empty.status.code(), Some(2));
    assert!(
        String::from_utf8_lossy(&empty.stderr).contains("no Syzygy table"),
        "{}",
        String::from_utf8_lossy(&empty.stderr)
    );
    let dtm = common::cqlq(&[
        "-q",
        "--syzygy",
        &dir_arg,
        "-e",
        "(position :endgameevaluation mate >=40)",
        &pgn,
    ]);
    assert_eq!(dtm.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&dtm.stderr).contains("not to mate"));
    let bad = common::cqlq(&["-q", "-e", "(position :endgameevaluation win)", &pgn]);
    assert_eq!(bad.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&bad.stderr).contains("remis, mate"));
}
