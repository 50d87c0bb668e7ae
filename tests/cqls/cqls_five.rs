//! The five CQL-S keywords issue 37 found silently wrong (`:cond`, `:contactcheck`,
//! `:promote []`, `:reset` / `:accumulate*` / `:sumrange`, `:fiftymoverule`), checked position
//! by position against python-chess on the main lines of real games
//! (`scripts/cqls_five_truth.py`, golden `tests/expected/cqls-five.tsv`; the script's header
//! gives each keyword's reading of seed 004), and against the seed's own examples on
//! constructed positions.

use crate::common;

use common::cqls::{compile_cqls, matches_at};

fn golden() -> String {
    std::fs::read_to_string(
        std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/expected/cqls-five.tsv"),
    )
    .expect("golden file")
}

/// The seed's tripled-pawn query (accumulator section, `:reset`).
const TRIPLED: &str = "(position :reset acc Pe2 :flipcolor :accumulate* acc :sumrange acc 3 \
                       :shiftvertical :shifthorizontal)";

/// The golden's columns, in order.
const QUERIES: [&str; 6] = [
    "(position :cond (position :check) (position :mate))",
    "(position :cond (position :check) (position :mate) (position :wtm))",
    "(position :contactcheck)",
    "(position :promote [])",
    TRIPLED,
    "(position :fiftymoverule)",
];

fn plies(col: &str) -> Vec<u32> {
    col.split(',')
        .filter(|s| !s.is_empty())
        .map(|s| s.parse().expect("ply"))
        .collect()
}

#[test]
fn five_keywords_agree_with_python_chess_on_500_games() {
    let Some(pgn) = common::shared_file("data/std-visible-5k.pgn") else {
        eprintln!("skipped: ../shared/data/std-visible-5k.pgn is absent");
        return;
    };
    let queries = QUERIES.map(compile_cqls);
    let games = common::replay_file(&pgn, 500);
    let (mut compared, mut marked) = (0, [0usize; 6]);
    for line in golden().lines().filter(|l| l.starts_with("main\t")) {
        let cols: Vec<&str> = line.split('\t').collect();
        if cols[2] == "skip" {
            continue;
        }
        let number: usize = cols[1].parse().expect("game number");
        let game = games[number - 1].as_ref().expect("game reads");
        for (k, q) in queries.iter().enumerate() {
            let want = plies(cols[k + 2]);
            assert_eq!(
                common::matching_plies(game, number as u64, q),
                want,
                "game {number}: {}",
                QUERIES[k]
            );
            marked[k] += want.len();
        }
        compared += 1;
    }
    assert_eq!(compared, 500);
    // Every column but the fifty-move rule has positions in these games (mates, contact
    // checks, tripled pawns...); the rule's games are in the `fifty` section.
    assert!(marked[..5].iter().all(|m| *m > 0), "{marked:?}");
}

/// The four games of std-visible-5k whose main line reaches a halfmove clock of 100: only
/// the first such position is marked, although the clock stays at 100 or more after it.
#[test]
fn fifty_move_rule_marks_only_the_first_position_of_the_game() {
    let Some(pgn) = common::shared_file("data/std-visible-5k.pgn") else {
        eprintln!("skipped: ../shared/data/std-visible-5k.pgn is absent");
        return;
    };
    let query = compile_cqls(QUERIES[5]);
    let lines: Vec<String> = golden()
        .lines()
        .filter(|l| l.starts_with("fifty\t"))
        .map(str::to_string)
        .collect();
    assert!(lines.len() >= 4, "{lines:?}");
    let last: usize = lines
        .iter()
        .map(|l| {
            l.split('\t')
                .nth(1)
                .expect("number")
                .parse()
                .expect("number")
        })
        .max()
        .expect("lines");
    let games = common::replay_file(&pgn, last);
    for line in &lines {
        let cols: Vec<&str> = line.split('\t').collect();
        let number: usize = cols[1].parse().expect("game number");
        let game = games[number - 1].as_ref().expect("game reads");
        let want = plies(cols[2]);
        assert_eq!(want.len(), 1, "{line}");
        assert_eq!(
            common::matching_plies(game, number as u64, &query),
            want,
            "game {number}"
        );
    }
}

/// The position: Black's king g8 is checked by the rook f8 beside it (the seed's
/// shifted expansion dropped that image: `k[c4,e4,d3,d5]` moved with d4 to f8 leaves the
/// board). A rook check from a distance is not a contact check; a knight check is.
#[test]
fn contact_check_at_the_board_edge() {
    let edge = "5Rk1/5r1p/B1pp1b1Q/5p2/8/2q5/P1P3PP/5R1K b - - 0 1";
    // Rook f8 beside king g8.
    assert!(matches_at(edge, "", "(position :contactcheck)", 0));
    // The same rook on a8: a check along the rank, a piece could stand between.
    let far = "R5k1/5r1p/2pp1b1Q/5p2/8/2q5/P1P3PP/5R1K b - - 0 1";
    assert!(matches_at(far, "", "(position :check)", 0));
    assert!(!matches_at(far, "", "(position :contactcheck)", 0));
    // A knight check from f6 on the king g8 (nothing can be placed between them).
    let knight = "6k1/5p1p/5N2/8/8/8/8/6K1 b - - 0 1";
    assert!(matches_at(knight, "", "(position :contactcheck)", 0));
    // The flipped colours: White's king h1 checked by a queen on g2 beside it.
    let white = "6k1/8/8/8/8/8/6q1/7K w - - 0 1";
    assert!(matches_at(white, "", "(position :contactcheck)", 0));
}

/// Seed 004, `:reset`: "Tripled pawns can be found by the query ...": pawns a2, a3, a4 (three
/// on the a-file) match; three pawns on three files do not, nor do two doubled pawns; Black's
/// tripled pawns match too (`:flipcolor`, counted apart by `:accumulate*`).
#[test]
fn tripled_pawn_example_of_the_seed() {
    let tripled = "4k3/8/8/8/P7/P7/P4PPP/4K3 w - - 0 1";
    assert!(matches_at(tripled, "", TRIPLED, 0));
    let spread = "4k3/8/8/8/2P5/1P6/P7/4K3 w - - 0 1";
    assert!(!matches_at(spread, "", TRIPLED, 0));
    let doubled = "4k3/8/8/8/8/P4P2/P4P2/4K3 w - - 0 1";
    assert!(!matches_at(doubled, "", TRIPLED, 0));
    let black = "4k3/7p/7p/7p/8/8/PPP5/4K3 w - - 0 1";
    assert!(matches_at(black, "", TRIPLED, 0));
    // Three white pawns spread and three black pawns spread: still no file of three.
    let both = "4k3/p7/1p6/2p5/5P2/6P1/7P/4K3 w - - 0 1";
    assert!(!matches_at(both, "", TRIPLED, 0));
}

/// Seed 004, `:promote`: `(position :promote [])` "will match a position in which the next
/// move is not a promotion"; the last position (no next move) does not match.
#[test]
fn promote_with_an_empty_designator_is_no_promotion() {
    let fen = "4k3/1P6/8/8/8/8/8/4K3 w - - 0 1";
    let q = "(position :promote [])";
    // 1. Kd2 (not a promotion): ply 0 matches; 1... Kd7 2. b8=Q: ply 2 does not.
    assert!(matches_at(fen, "Kd2 Kd7 b8=Q", q, 0));
    assert!(matches_at(fen, "Kd2 Kd7 b8=Q", q, 1));
    assert!(!matches_at(fen, "Kd2 Kd7 b8=Q", q, 2));
    assert!(!matches_at(fen, "Kd2 Kd7 b8=Q", q, 3));
}

/// Seed 004, `:cond`: "A position cannot match if none of the clauses is matching"; an odd
/// number of lists makes the last the default.
#[test]
fn cond_without_a_matching_clause_fails() {
    let quiet = "4k3/8/8/8/8/8/8/4K2R w - - 0 1";
    // Not in check: the only clause fails, so the :cond fails.
    let q = "(position :cond (position :check) (position :wtm))";
    assert!(!matches_at(quiet, "", q, 0));
    // With a default: taken.
    let d = "(position :cond (position :check) (position :btm) (position :wtm))";
    assert!(matches_at(quiet, "", d, 0));
    // The first clause matching decides even when its association fails.
    let first = "(position :cond (position :wtm) (position :btm) (position :wtm) (position :wtm))";
    assert!(!matches_at(quiet, "", first, 0));
}
