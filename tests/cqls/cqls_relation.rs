//! `:relation` (seed 004 index; the relation specifier as Scidb's "CQL-Relation-List" help and
//! the CQL 3 manual define it): "A position list with a relation tag matches a position P1 if
//! and only if at some later point in the current game there is a position P2 such that the
//! relationship between P1 and P2 matches the parameters". Every expectation below is reasoned
//! from that text on a game built for it.

use crate::common;

use common::cqls::{START, compile_cqls, matches_at, matches_in, refused};

#[test]
fn same_side_to_move_finds_a_later_repetition() {
    // Ply 4 (after Nf3 Nf6 Ng1 Ng8) has the start placement with White to move: the default
    // (:samesidetomove, no missing or new pieces) relates ply 0 to ply 4.
    let moves = "1. Nf3 Nf6 2. Ng1 Ng8";
    assert!(matches_at(
        START,
        moves,
        "(position :relation (:samesidetomove))",
        0
    ));
    assert!(matches_at(START, moves, "(position :relation ())", 0));
    // Ply 1 (Nf3 played, Black to move): the only later Black-to-move position, ply 3, has
    // the white knight back on g1 and the black one on f6 — missing and new pieces, which the
    // default range 0 refuses.
    assert!(!matches_at(
        START,
        moves,
        "(position :relation (:samesidetomove))",
        1
    ));
    // The last position has no later position.
    assert!(!matches_at(
        START,
        moves,
        "(position :relation (:ignoresidetomove))",
        4
    ));
    // Negated: ply 1 has no related later position.
    assert!(matches_at(
        START,
        moves,
        "(position !:relation (:samesidetomove))",
        1
    ));
}

/// Kings only: White triangulates a1-b1-b2-a1 while Black goes h8-g8-h8 and back.
const KINGS: &str = "7k/8/8/8/8/8/8/K7 w - - 0 1";
const TRIANGLE: &str = "1. Kb1 Kg8 2. Kb2 Kh8 3. Ka1";

#[test]
fn change_side_to_move_finds_the_same_placement_with_the_other_side_to_move() {
    // After 3. Ka1 (ply 5) the placement Ka1 kh8 is the start's with Black to move.
    assert!(matches_at(
        KINGS,
        TRIANGLE,
        "(position :relation (:changesidetomove))",
        0
    ));
    assert!(matches_at(
        KINGS,
        TRIANGLE,
        "(position :relation (:ignoresidetomove))",
        0
    ));
    // With White to move later only Kb1 kg8 (ply 2) and Kb2 kh8 (ply 4): neither is Ka1 kh8.
    assert!(!matches_at(
        KINGS,
        TRIANGLE,
        "(position :relation (:samesidetomove))",
        0
    ));
}

/// Black's rook takes the knight on a4 and goes back while White's king goes h1-g1-h1: ply 4
/// is the start position without the white knight.
const RAID: &str = "r3k3/8/8/8/N7/8/8/7K w - - 0 1";
const RAID_MOVES: &str = "1. Kg1 Rxa4 2. Kh1 Ra8";

#[test]
fn missing_piece_count_admits_the_pieces_it_names() {
    let at0 = |q: &str| matches_at(RAID, RAID_MOVES, q, 0);
    // The manual's example: "two positions are the same except that the later one is missing
    // one or more white pieces" — ply 4 misses the knight.
    assert!(at0("(position :relation (:missingpiececount A 1 100))"));
    assert!(at0("(position :relation (:missingpiececount N 1))"));
    assert!(at0("(position :relation (:missingpiececount U >0))"));
    // Exactly one piece is missing, and it is white.
    assert!(!at0("(position :relation (:missingpiececount N 2))"));
    assert!(!at0("(position :relation (:missingpiececount a 1 100))"));
    // By default no piece may be missing; ply 2 has the rook on a4 instead of the knight
    // (a different piece on a square never relates).
    assert!(!at0("(position :relation (:samesidetomove))"));
    // Non-empty squares the same: h1 (K), e8 (k), a8 (r) = 3; differing squares: a4 = 1.
    assert!(at0(
        "(position :relation (:missingpiececount A 1 100 :originalsamecount 3))"
    ));
    assert!(!at0(
        "(position :relation (:missingpiececount A 1 100 :originalsamecount 4))"
    ));
    assert!(at0(
        "(position :relation (:missingpiececount A 1 100 :originaldifferentcount 1))"
    ));
    assert!(!at0(
        "(position :relation (:missingpiececount A 1 100 :originaldifferentcount >=2))"
    ));
}

#[test]
fn pattern_restricts_the_compared_squares_to_the_lists_designators() {
    let at0 = |q: &str| matches_at(RAID, RAID_MOVES, q, 0);
    // Only h1 is allowable: ply 4 has the king on h1 again, the lost knight is not compared.
    assert!(at0("(position Kh1 :relation (:pattern))"));
    // Without :pattern the missing knight counts (default 0).
    assert!(!at0("(position Kh1 :relation (:samesidetomove))"));
    // Allowable h1 and g1: at ply 2 the king left h1 (a missing K) and came to g1 (a new K).
    let both = "(position Kh1 .g1 :relation (:pattern :missingpiececount K 1 :newpiececount K 1))";
    assert!(at0(both));
    // The new piece on g1 is white: a black-only designator does not admit it, and ply 4
    // (nothing missing) fails the ranges of exactly 1.
    assert!(!at0(
        "(position Kh1 .g1 :relation (:pattern :missingpiececount K 1 :newpiececount k 1))"
    ));
    // After 1. Kg1 (ply 1) Kh1 fails, so the list does not match there at all.
    assert!(!matches_at(
        RAID,
        RAID_MOVES,
        "(position Kh1 :relation (:pattern :ignoresidetomove))",
        1
    ));
}

#[test]
fn bad_relation_specifiers_are_refused_by_name() {
    for (q, word) in [
        ("(position :relation (:bogus))", "':bogus'"),
        (
            "(position :relation (:missingpiececount A))",
            "':missingpiececount'",
        ),
    ] {
        let text = refused(q);
        assert!(text.contains(word), "{q}: {text}");
    }
}

#[test]
fn shift_compares_a_moved_copy_and_original_counts_ignore_it() {
    let at0 = |q: &str| matches_at(RAID, RAID_MOVES, q, 0);
    // Pattern h1 only. At ply 2 the king stands on g1: P2 shifted one file right puts it on
    // h1 again, and the original (unshifted) h1 is empty, so :originalsamecount 0 holds.
    assert!(at0(
        "(position Kh1 :relation (:pattern :shift :originalsamecount 0))"
    ));
    // Without :shift only ply 4 (king back on h1) relates, and there the original h1 is the
    // same: :originalsamecount 0 fails ("disregard identity matches", CQL 3 FAQ).
    assert!(!at0(
        "(position Kh1 :relation (:pattern :originalsamecount 0))"
    ));
    assert!(at0(
        "(position Kh1 :relation (:pattern :originalsamecount 1))"
    ));
    // Original different count: at ply 2, h1 differs (1 square).
    assert!(at0(
        "(position Kh1 :relation (:pattern :shift :originaldifferentcount 1))"
    ));
}

/// White's rook goes a1-h1 and the king e2-d2 while Black's king steps b8-c8-b8: ply 4
/// (Rh1 Kd2, White to move) is the left-right mirror of the start's Ra1 Ke2.
const MIRROR: &str = "1k6/8/8/8/8/8/4K3/R7 w - - 0 1";
const MIRROR_MOVES: &str = "1. Kd2 Kc8 2. Rh1 Kb8";

#[test]
fn flip_compares_a_mirrored_copy() {
    let at0 = |q: &str| matches_at(MIRROR, MIRROR_MOVES, q, 0);
    assert!(at0("(position Ra1 Ke2 :relation (:pattern :flip))"));
    // Unflipped: ply 2 misses the king on e2, ply 4 the rook on a1.
    assert!(!at0("(position Ra1 Ke2 :relation (:pattern))"));
    // No single shift moves a1 to h1 and e2 to d2 together.
    assert!(!at0("(position Ra1 Ke2 :relation (:pattern :shift))"));
    // Without :pattern the black king on b8 is compared too; its mirror g8 is empty.
    assert!(!at0("(position :relation (:flip))"));
}

#[test]
fn variations_let_p2_lie_in_a_variation() {
    // Main line: the black king walks away (e8-d8-d7), so no later main-line position is the
    // start less white pieces; the variation 1... Rxa4 2. Kh1 Ra8 reaches the start without
    // the knight.
    let moves = "1. Kg1 Kd8 (1... Rxa4 2. Kh1 Ra8) 2. Kh1 Kd7";
    let q = |extra: &str| format!("(position :relation (:missingpiececount A 1 100{extra}))");
    assert!(!matches_in(RAID, moves, &q(""), 0, true));
    assert!(matches_in(RAID, moves, &q(" :variations"), 0, true));
    assert!(matches_in(RAID, moves, &q(" :variationsonly"), 0, true));
    // :variationsonly skips main-line targets: ply 4 of the main line relates with the black
    // king counted as missing (e8) and new (d7); no variation position does (the variation's
    // White-to-move position has lost the knight, which `k` does not admit).
    let main = "(position :relation (:missingpiececount k 1 :newpiececount k 1 MODE))";
    assert!(matches_in(RAID, moves, &main.replace("MODE", ""), 0, true));
    assert!(!matches_in(
        RAID,
        moves,
        &main.replace("MODE", ":variationsonly"),
        0,
        true
    ));
}

/// Real games against python-chess (`scripts/cqls_relation_truth.py`, golden
/// `tests/expected/cqls-relation-repeats.tsv`): on the first 400 games of std-visible-5k, the
/// plies with a later position of the same placement and side to move, of the same placement
/// and the other side to move, and of the same placement less one or more pieces (every piece
/// of P2 on its square in P1), each compared with the `:relation` query saying it.
#[test]
fn real_games_agree_with_python_chess() {
    let Some(pgn) = common::shared_file("data/std-visible-5k.pgn") else {
        return;
    };
    let golden = std::fs::read_to_string(
        std::path::Path::new(env!("CARGO_MANIFEST_DIR"))
            .join("tests/expected/cqls-relation-repeats.tsv"),
    )
    .expect("golden file");
    let queries: Vec<_> = [
        "(position :relation (:samesidetomove))",
        "(position :relation (:changesidetomove))",
        "(position :relation (:missingpiececount U >0))",
    ]
    .iter()
    .map(|q| compile_cqls(q))
    .collect();
    let games = common::replay_file(&pgn, 400);
    let (mut compared, mut marked) = (0, [0usize; 3]);
    for line in golden.lines().filter(|l| !l.starts_with('#')) {
        let cols: Vec<&str> = line.split('\t').collect();
        if cols.get(1) == Some(&"skip") {
            continue;
        }
        let number: usize = cols[0].parse().expect("game number");
        let game = games[number - 1].as_ref().expect("game reads");
        for (k, q) in queries.iter().enumerate() {
            let want: Vec<u32> = cols[k + 1]
                .split(',')
                .filter(|s| !s.is_empty())
                .map(|s| s.parse().expect("ply"))
                .collect();
            let got = common::matching_plies(game, number as u64, q);
            assert_eq!(got, want, "game {number}, query {k}");
            marked[k] += want.len();
        }
        compared += 1;
    }
    assert_eq!(compared, 400, "all games compared");
    // The truth is not trivial: each relation marks positions.
    assert!(marked.iter().all(|&m| m > 0), "{marked:?}");
    eprintln!("relation: {compared} games, marked plies {marked:?}");
}
