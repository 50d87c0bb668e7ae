//! Truth from the real CQL 6.2: CQL-S queries written as equivalents of cqlq's CQL 6 probe
//! queries (`../shared/cql/probes/*.cql`) must mark exactly the main-line positions that the
//! real CQL 6.2 (build 9.493) marked for the probe (`probes-positions-cql62.tsv`), game by
//! game, on real master games (`std-visible-5k.pgn`). The same pairs are also run through
//! cqlq's own CQL 6 front end and must agree with the CQL-S side on `annotated.pgn`.

use crate::common;

use std::collections::BTreeMap;

use cqlq::ir::Node;
use cqlq::squares::Geometry;
use shakmaty::Bitboard;

/// (probe file, its CQL 6 text as run by CQL 6.2, the CQL-S equivalent, why they are equal)
const PAIRS: &[(&str, &str, &str, &str)] = &[
    (
        "mainline-mate.cql",
        "mainline mate",
        "(position :mate)",
        "both: checkmate here",
    ),
    (
        "sidetomove-white.cql",
        "sidetomove == white and check",
        "(position :wtm :check)",
        "same conditions",
    ),
    (
        "not-and.cql",
        "not check and btm and #[Qq] == 2",
        "(position !:check :btm :piececount [Qq] 2)",
        "!:check = :not (position :check) (seed 004)",
    ),
    (
        "dihedral-queen.cql",
        "flip { Qd1 kd8 }",
        "(position Qd1 kd8 :flip)",
        ":flip = :flipdihedral, the 8 symmetries, as CQL 6's flip",
    ),
    (
        "flip-corner-king.cql",
        "flip { Ka1 Rb1 }",
        "(position Ka1 Rb1 :flipdihedral)",
        "dihedral group",
    ),
    (
        "flipcolor-pawn-seventh.cql",
        "flipcolor { Pa-h7 wtm }",
        "(position P[a-h7] :wtm :flipcolor)",
        "colour flip: swap colours, mirror ranks",
    ),
    (
        "fliphorizontal-bishop.cql",
        "fliphorizontal { Bh6 kg8 }",
        "(position Bh6 kg8 :fliphorizontal)",
        "one reflection and the identity",
    ),
    (
        "flipvertical-knight.cql",
        "flipvertical { Nf5 }",
        "(position Nf5 :flipvertical)",
        "one reflection and the identity",
    ),
    (
        "shift-rook-pair.cql",
        "shift { Ra1 Rb1 }",
        "(position Ra1 Rb1 :shift)",
        "all translations keeping the squares on the board",
    ),
    (
        "shifthorizontal-pawns.cql",
        "shifthorizontal { Pc4 Pd4 Pe4 }",
        "(position Pc4 Pd4 Pe4 :shifthorizontal)",
        "horizontal translations",
    ),
    (
        "shiftvertical-rooks.cql",
        "shiftvertical { Ra1 Ra2 }",
        "(position Ra1 Ra2 :shiftvertical)",
        "vertical translations",
    ),
    (
        "move-capture-queen.cql",
        "move from N capture q",
        "(position :movefrom N :moveto q)",
        ":moveto names the piece on the destination before the move",
    ),
    (
        "move-castle-long.cql",
        "move o-o-o",
        "(position :iscastling [Qq])",
        "Q/q: queen-side castling of either side",
    ),
    (
        "move-enpassant.cql",
        "move enpassant",
        "(position :enpassant)",
        "the next move is an en passant capture",
    ),
    (
        "move-promote-knight.cql",
        "move promote N",
        "(position :promote [Nn])",
        "CQL 6's promote is colour-blind",
    ),
    (
        "underpromotion.cql",
        "move promote [RBN]",
        "(position :promote [RBNrbn])",
        "colour-blind under-promotion",
    ),
    (
        "move-to-seventh.cql",
        "move from R to a-h7",
        "(position :movefrom R :moveto ?7)",
        "?7: any piece or empty square on rank 7",
    ),
    (
        "movenumber-1.cql",
        "movenumber == 1",
        "(position :movenumber 1)",
        "move number",
    ),
    (
        "terminal-short.cql",
        "terminal ply < 40",
        "(position :terminal :halfmovenumber 0 39)",
        "ply = half-move number",
    ),
    (
        "abs-material.cql",
        "abs(#A - #a) >= 5",
        "(position :piececountdifference U >=5 :flipcolor)",
        "one designator: white minus black; :flipcolor negates it",
    ),
    (
        "power-ahead.cql",
        "power A >= power a + 9",
        "(position :powerdifference U >=9)",
        "power of white minus black",
    ),
    (
        "count-equal.cql",
        "#A == #a and #[Pp] == 0",
        "(position :piececountdifference U 0 :piececount [Pp] 0)",
        "difference 0",
    ),
    (
        "var-count.cql",
        "x = #A  x >= 14 and #a <= 5",
        "(position :piececount A >=14 :piececount a <=5)",
        "counts",
    ),
    (
        "max-min.cql",
        "max(#R #Q) == 2 and min(#r #q) == 0",
        "(position :or ((position :piececount R 2 :piececount Q 0 2) (position :piececount Q 2 :piececount R 0 2)) :or ((position :piececount r 0) (position :piececount q 0)))",
        "max == 2: one is 2, the other at most 2; min == 0: one is 0",
    ),
    (
        "dark-black-bishops.cql",
        "#(dark b) == 2",
        "(position :piececount bD? 2)",
        "Scidb's D? = dark squares",
    ),
    (
        "light-bishops.cql",
        "#(light [Bb]) == 2",
        "(position :piececount [Bb]L? 2)",
        "Scidb's L? = light squares",
    ),
    (
        "file-king.cql",
        "file K == 1",
        "(position Ka?)",
        "a? = the a-file",
    ),
    (
        "rank-black-king.cql",
        "rank k == 1",
        "(position k?1)",
        "?1 = the first rank",
    ),
    (
        "makesquare-e4.cql",
        "makesquare(5 4) & P",
        "(position Pe4)",
        "e4",
    ),
    (
        "type-colortype-e4.cql",
        "type e4 == 1 and colortype e5 == -1",
        "(position [Pp]e4 pe5)",
        "type 1 = pawn; colortype -1 = black pawn",
    ),
    (
        "ray-rook-king.cql",
        "ray (R k)",
        "(position :ray (R k))",
        "a line with only empty squares between",
    ),
    (
        "ray-orth-three.cql",
        "ray orthogonal (R p k)",
        "(position :rayorthogonal (R p k))",
        "orthogonal ray, R then p then k",
    ),
    (
        "pin-knight-to-king.cql",
        "pin from [RQB] through n to k",
        "(position :rayattack ([RQB] n k))",
        ":rayattack: the first piece slides along the ray",
    ),
    (
        "in-membership.cql",
        "k in (. attackedby Q)",
        "(position :attackcount Q k >=1)",
        "a white queen attacks the black king",
    ),
    (
        "square-iter-attacked.cql",
        "square x in [RQ] { x attacks k }",
        "(position :attackcount [RQ] k >=1)",
        "some white rook or queen attacks k",
    ),
    (
        "piece-iter-knights.cql",
        "piece x in N { #(a attackedby x) >= 3 }",
        "(position :attackcount Nd4 a >=3 :shift)",
        "one knight, anywhere (shift of one square)",
    ),
    (
        "northeast-bishop.cql",
        "northeast 1 B & p",
        "(position Ba1 pb2 :shift)",
        "a black pawn right north-east of a white bishop",
    ),
    (
        "up-pawn-blocked.cql",
        "P & down 1 p",
        "(position :pawncount P blocked! >=1)",
        "blocked!: an enemy pawn directly in front",
    ),
    (
        "if-then-else.cql",
        "if wtm then K attackedby q else k attackedby Q",
        "(position :cond ((position :wtm) (position :attackcount q K >=1) (position :attackcount Q k >=1)))",
        ":cond with a default",
    ),
    (
        "elo-high.cql",
        "elo white > 2700 and elo black > 2700 and initial",
        "(position :whiteelo >2700 :blackelo >2700 :initial)",
        "Elo tags",
    ),
    (
        "result-draw-stalemate.cql",
        "result 1/2-1/2 terminal not stalemate and ply > 250",
        "(position :result 1/2 :terminal !:stalemate :halfmovenumber >250)",
        "result, last position",
    ),
    (
        "child-check.cql",
        "child : check",
        "(position :sequence ((position) (position :check)))",
        "the next position is a check",
    ),
    (
        "parent-check.cql",
        "parent : check",
        "(position :check :following)",
        ":following: the position after a match",
    ),
    (
        "line-three-checks.cql",
        "line --> check --> check --> check",
        "(position :sequence ((position :check) (position :check) (position :check)))",
        "three successive checks from here",
    ),
    (
        "find-mate.cql",
        "find mate",
        "(position :gappedsequence ((position :mate)))",
        "a mate here or later",
    ),
    (
        "stalemate-after-queen.cql",
        "stalemate move previous promote [Qq]",
        "(position :sequence ((position :promote [Qq]) (position :stalemate)) :following)",
        "the position after a queen promotion, stalemate",
    ),
    (
        "smothered.cql",
        "mate flipcolor { wtm [_a] attackedby K == [] }",
        "(position :wtm :attackcount K [a.] 0 :mate :flipcolor)",
        "the mated king attacks no empty or enemy square (snippet CQL-Examples block 15)",
    ),
];

fn compile_cqls(text: &str) -> Node<Bitboard> {
    match cqlq::query::Program::from_text(text, Some(cqlq::query::Dialect::Cqls), false)
        .and_then(|prog| prog.lower::<Bitboard>(Geometry::STANDARD))
    {
        Ok(q) => q.filter,
        Err(e) => panic!("{}", e.render("<cqls>", text)),
    }
}

/// The recorded CQL 6.2 plies: probe → game → plies.
fn recorded(path: &std::path::Path) -> BTreeMap<String, BTreeMap<u64, Vec<u32>>> {
    let text = std::fs::read_to_string(path).expect("read tsv");
    let mut out: BTreeMap<String, BTreeMap<u64, Vec<u32>>> = BTreeMap::new();
    for line in text.lines().skip(1) {
        let cols: Vec<&str> = line.split('\t').collect();
        if cols.len() < 4 || cols[1] != "std-visible-5k.pgn" {
            continue;
        }
        let plies = cols[3]
            .split_whitespace()
            .map(|p| p.parse().expect("ply"))
            .collect();
        out.entry(cols[0].to_string())
            .or_default()
            .insert(cols[2].parse().expect("game"), plies);
    }
    out
}

fn check_against_cql62(max_games: usize) {
    let (Some(tsv), Some(pgn)) = (
        common::shared_file("cql/probes-positions-cql62.tsv"),
        common::shared_file("data/std-visible-5k.pgn"),
    ) else {
        return;
    };
    let truth = recorded(&tsv);
    let games = common::replay_file(&pgn, max_games);
    let mut compared = 0;
    let mut failures = Vec::new();
    for (probe, _cql6, cqls, why) in PAIRS {
        let filter = compile_cqls(cqls);
        let want = truth.get(*probe).cloned().unwrap_or_default();
        for (i, game) in games.iter().enumerate() {
            let Some(game) = game else { continue };
            let n = i as u64 + 1;
            let got = common::matching_plies(game, n, &filter);
            let expected = want.get(&n).cloned().unwrap_or_default();
            if got != expected {
                failures.push(format!(
                    "{probe} game {n}: CQL 6.2 {expected:?}, CQL-S `{cqls}` {got:?} ({why})"
                ));
            }
            compared += 1;
        }
    }
    // Every pair on every game read (none of the master games is unreadable).
    assert_eq!(compared, PAIRS.len() * games.iter().flatten().count());
    assert!(compared > 0);
    assert!(
        failures.is_empty(),
        "{} mismatches:\n{}",
        failures.len(),
        failures[..failures.len().min(30)].join("\n")
    );
}

#[test]
fn cqls_equivalents_mark_what_cql62_marked() {
    check_against_cql62(600);
}

/// All 5,000 games: `cargo test --release --test cqls cqls_cql62:: -- --ignored`.
#[test]
#[ignore]
fn cqls_equivalents_mark_what_cql62_marked_on_all_games() {
    check_against_cql62(5000);
}

/// Pairs whose CQL 6 side cqlq's CQL 6 front end does not compile, by probe name, with the
/// reason: none. Any other pair whose CQL 6 side does not compile fails the test.
const CQL6_NOT_COMPILED: &[(&str, &str)] = &[];

/// Both front ends of cqlq on the same pairs, on the annotated games: every pair's CQL 6 side
/// compiles (or is listed in [`CQL6_NOT_COMPILED`]) and marks what its CQL-S side marks.
#[test]
fn both_dialects_agree_on_annotated_games() {
    let Some(pgn) = common::shared_file("data/annotated.pgn") else {
        return;
    };
    let games = common::replay_file(&pgn, 2000);
    let mut run = 0;
    for (probe, cql6, cqls, _) in PAIRS {
        let q6 = match cqlq::query::Program::from_text(cql6, Some(cqlq::query::Dialect::Cql), false)
            .and_then(|prog| prog.lower::<Bitboard>(Geometry::STANDARD))
        {
            Ok(q) => q,
            Err(e) => {
                assert!(
                    CQL6_NOT_COMPILED.iter().any(|(n, _)| n == probe),
                    "{probe}: cqlq's CQL 6 front end does not take `{cql6}`: {}",
                    e.message
                );
                continue;
            }
        };
        let qs = compile_cqls(cqls);
        for (i, game) in games.iter().enumerate() {
            let Some(game) = game else { continue };
            let n = i as u64 + 1;
            assert_eq!(
                common::matching_plies(game, n, &q6.filter),
                common::matching_plies(game, n, &qs),
                "annotated.pgn game {n}: CQL 6 `{cql6}` vs CQL-S `{cqls}`"
            );
        }
        run += 1;
    }
    assert_eq!(
        run + CQL6_NOT_COMPILED.len(),
        PAIRS.len(),
        "every pair ran or is listed"
    );
}

/// Further CQL 6 / CQL-S pairs that cqlq's CQL 6 front end runs (pawn structures with seed
/// 003's definitions, double check, Elo and result, counts, clocks): both dialects must mark
/// the same positions of real master games and of the annotated games.
const CROSS: &[(&str, &str)] = &[
    (
        "#(passedpawns & P) == 2",
        "(position :pawncount P passed 2)",
    ),
    (
        "#(isolatedpawns & p) >= 2",
        "(position :pawncount p isolated >=2)",
    ),
    (
        "#(doubledpawns & [Pp]) >= 4",
        "(position :pawncount [Pp] double >=4)",
    ),
    (
        "#(connectedpawns & P) == 0 and #P >= 1",
        "(position :pawncount P connected 0 :piececount P >=1)",
    ),
    (
        "check and (#(A attacks k) >= 2 or #(a attacks K) >= 2)",
        "(position :doublecheck)",
    ),
    (
        "elo white >= 2600 and result 1-0",
        "(position :whiteelo >=2600 :result 1-0)",
    ),
    (
        "flipcolor { move from N capture q }",
        "(position :movefrom N :moveto q :flipcolor)",
    ),
    (
        "power A - power a >= 3",
        "(position :powerdifference U >=3)",
    ),
    ("stalemate", "(position :stalemate)"),
    (
        "#[Qq] == 0 and #[Rr] >= 2",
        "(position :piececount [Qq] 0 :piececount [Rr] >=2)",
    ),
    (
        "halfmoveclock <= 3 and movenumber >= 40",
        "(position :halfmoveclocklimit 3 :movenumber >=40)",
    ),
    ("terminal", "(position :halfmovenumber end)"),
    (
        "not check and wtm and move legal count == 0",
        "(position :wtm :stalemate)",
    ),
    (
        "shift { Pc4 Pd4 } and btm",
        "(position Pc4 Pd4 :btm :shifthorizontal :shiftvertical)",
    ),
];

#[test]
fn both_dialects_agree_on_more_pairs() {
    let mut files = 0;
    for (rel, max) in [
        ("data/std-visible-5k.pgn", 500),
        ("data/annotated.pgn", 2000),
    ] {
        let Some(pgn) = common::shared_file(rel) else {
            return;
        };
        files += 1;
        let games = common::replay_file(&pgn, max);
        let mut matched = 0;
        for (cql6, cqls) in CROSS {
            let q6 = common::compile(cql6);
            let qs = compile_cqls(cqls);
            for (i, game) in games.iter().enumerate() {
                let Some(game) = game else { continue };
                let n = i as u64 + 1;
                let a = common::matching_plies(game, n, &q6);
                assert_eq!(
                    a,
                    common::matching_plies(game, n, &qs),
                    "{rel} game {n}: `{cql6}` vs `{cqls}`"
                );
                matched += a.len();
            }
        }
        assert!(matched > 0);
    }
    assert_eq!(files, 2);
}

/// Probes whose CQL-S form means the same inside variations (no main-line-only words).
const IN_VARIATIONS: &[&str] = &[
    "sidetomove-white.cql",
    "not-and.cql",
    "dihedral-queen.cql",
    "flip-corner-king.cql",
    "flipcolor-pawn-seventh.cql",
    "fliphorizontal-bishop.cql",
    "flipvertical-knight.cql",
    "shift-rook-pair.cql",
    "shifthorizontal-pawns.cql",
    "shiftvertical-rooks.cql",
    "move-capture-queen.cql",
    "move-castle-long.cql",
    "move-enpassant.cql",
    "move-promote-knight.cql",
    "underpromotion.cql",
    "move-to-seventh.cql",
    "abs-material.cql",
    "power-ahead.cql",
    "count-equal.cql",
    "var-count.cql",
    "max-min.cql",
    "dark-black-bishops.cql",
    "light-bishops.cql",
    "file-king.cql",
    "rank-black-king.cql",
    "makesquare-e4.cql",
    "type-colortype-e4.cql",
    "ray-rook-king.cql",
    "ray-orth-three.cql",
    "pin-knight-to-king.cql",
    "in-membership.cql",
    "square-iter-attacked.cql",
    "piece-iter-knights.cql",
    "northeast-bishop.cql",
    "up-pawn-blocked.cql",
    "if-then-else.cql",
    "smothered.cql",
];

/// With `:variations` the CQL-S forms match exactly the games that the real CQL 6.2 matched
/// with `-variations` on the studies of `cql-sample.pgn` (`probes-expected-cql62-variations.tsv`).
#[test]
fn with_variations_the_same_games_as_cql62() {
    let (Some(tsv), Some(pgn)) = (
        common::shared_file("cql/probes-expected-cql62-variations.tsv"),
        common::shared_file("data/cql-sample.pgn"),
    ) else {
        return;
    };
    let text = std::fs::read_to_string(tsv).expect("tsv");
    let mut truth: BTreeMap<&str, Vec<u64>> = BTreeMap::new();
    for line in text.lines().skip(1) {
        let cols: Vec<&str> = line.split('\t').collect();
        if cols.len() >= 6 && cols[1] == "cql-sample.pgn" {
            truth.insert(
                cols[0],
                cols[5]
                    .split(',')
                    .filter_map(|g| g.trim().parse().ok())
                    .collect(),
            );
        }
    }
    let data = std::fs::read(&pgn).expect("pgn");
    let games: Vec<
        Option<(
            cqlq::pgn::GameRecord,
            cqlq::eval::ReplayedGame<cqlq::rules::standard::Standard>,
        )>,
    > = cqlq::pgn::split_games(&data)
        .map(|r| {
            let record = cqlq::pgn::read_game(&data[r]).ok()?;
            let start =
                cqlq::rules::standard::Standard::for_game(record.tag("FEN"), record.tag("Variant"))
                    .ok()?;
            let replayed = cqlq::eval::replay(&record, start, true);
            Some((record, replayed))
        })
        .collect();
    let mut compared = 0;
    for probe in IN_VARIATIONS {
        let (_, _, cqls, _) = PAIRS.iter().find(|p| p.0 == *probe).expect("a pair");
        // The keyword goes into the top position list: `(position ... :variations)`.
        let with = format!("{} :variations)", cqls.strip_suffix(')').expect("a list"));
        let query = cqlq::query::Program::from_text(&with, Some(cqlq::query::Dialect::Cqls), false)
            .and_then(|prog| prog.lower::<Bitboard>(Geometry::STANDARD))
            .unwrap_or_else(|e| panic!("{}", e.render("<cqls>", &with)));
        assert!(
            query.header.get("variations").is_some(),
            "{with}: :variations sets the header flag"
        );
        let mut matched = Vec::new();
        for (i, g) in games.iter().enumerate() {
            let Some((record, replayed)) = g else {
                continue;
            };
            let cx = cqlq::eval::GameContext {
                record,
                replayed,
                number: i as u64 + 1,
                variations: true,
            };
            let ev = cqlq::eval::Evaluator::new(&cx);
            if ev
                .searched_nodes()
                .into_iter()
                .any(|at| ev.matches(&query.filter, at))
            {
                matched.push(i as u64 + 1);
            }
        }
        let want = truth.get(probe).cloned().unwrap_or_default();
        assert_eq!(matched, want, "{probe} with -variations: `{with}`");
        compared += 1;
    }
    assert_eq!(compared, IN_VARIATIONS.len());
}
