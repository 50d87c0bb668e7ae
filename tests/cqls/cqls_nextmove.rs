//! The position list's next-move and counter keywords that Scidb's help describes in German
//! (`:ischeck [r]`, `:iscontactcheck`, `:isdoublecheck`, `:ismate`, `:forced`,
//! `:halfmoveclock`, `:repetitioncount`, `:matchconsecutive`, `:line*`, `:match`), checked
//! position by position against python-chess on the main lines of 300 master games
//! (`scripts/cqls_nextmove_truth.py`, golden `tests/expected/cqls-nextmove.tsv`; the script's
//! header gives each reading), and the counters no such game reaches on constructed games.

use crate::common;

use common::cqls::{compile_cqls, matches_at};

/// The golden's columns, in order.
const QUERIES: [&str; 11] = [
    "(position :ischeck)",
    "(position :ischeck 2)",
    "(position :iscontactcheck)",
    "(position :isdoublecheck)",
    "(position :ismate)",
    "(position :forced)",
    "(position :halfmoveclock <=30)",
    "(position :moveto U :repetitioncount >=3)",
    "(position :matchconsecutive ((position :check) (position :wtm)))",
    "(position :line* (1.Pe2-e4 Pe7-e6 2.Pd2-d4 Pd7-d5))",
    "(position :match ((position :mate) (position :ischeck 3)))",
];

#[test]
fn next_move_keywords_agree_with_python_chess_on_300_games() {
    let Some(pgn) = common::shared_file("data/std-visible-5k.pgn") else {
        eprintln!("skipped: ../shared/data/std-visible-5k.pgn is absent");
        return;
    };
    let golden = std::fs::read_to_string(
        std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/expected/cqls-nextmove.tsv"),
    )
    .expect("golden file");
    let queries = QUERIES.map(compile_cqls);
    let games = common::replay_file(&pgn, 300);
    let (mut compared, mut marked) = (0, [0usize; 11]);
    for line in golden.lines().filter(|l| !l.starts_with('#')) {
        let cols: Vec<&str> = line.split('\t').collect();
        if cols[1] == "skip" {
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
    assert_eq!(compared, 300);
    assert!(marked.iter().all(|m| *m > 0), "{marked:?}");
}

/// Knights out and back four times: the start position stands at plies 0, 4, 8, 12, 16, so
/// it occurs the third time at ply 8 and the fifth at ply 16 ("Match any position which is
/// not occurring the fifth time"); the three positions between (plies 1-3, 5-7, ...) occur a
/// third time at plies 9, 10, 11 and never a fifth.
#[test]
fn fivefold_repetition_is_the_fifth_occurrence() {
    let start = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";
    let moves = "Nf3 Nf6 Ng1 Ng8 Nf3 Nf6 Ng1 Ng8 Nf3 Nf6 Ng1 Ng8 Nf3 Nf6 Ng1 Ng8";
    let q = "(position :fivefoldrepetition)";
    let at: Vec<u32> = (0..=16)
        .filter(|&p| matches_at(start, moves, q, p))
        .collect();
    assert_eq!(at, [16]);
    let three: Vec<u32> = (0..=16)
        .filter(|&p| matches_at(start, moves, "(position :threefoldrepetition)", p))
        .collect();
    assert_eq!(three, [8, 9, 10, 11]);
}

/// `:checkcount` counts only in Three-check ("in other chess variants it fails always
/// (except all values in given parameter are zero)"): a standard game with checks never
/// matches `:checkcount 1`, and always matches `:checkcount 0` and `+0+0`.
#[test]
fn check_count_outside_three_check() {
    let start = "4k3/8/8/8/8/8/8/R3K3 w - - 0 1";
    // 1. Ra8+ Ke7 2. Ra7+: White gives its first and second checks.
    let moves = "Ra8+ Ke7 Ra7+";
    for ply in 0..=3 {
        assert!(!matches_at(start, moves, "(position :checkcount 1)", ply));
        assert!(matches_at(start, moves, "(position :checkcount 0)", ply));
        assert!(matches_at(start, moves, "(position :checkcount +0+0)", ply));
    }
    // :ischeck 2: the move about to be played is White's second check (ply 2 only).
    let second: Vec<u32> = (0..=3)
        .filter(|&p| matches_at(start, moves, "(position :ischeck 2)", p))
        .collect();
    assert_eq!(second, [2]);
}

/// `:takeslastpiece` and `:captureforced` belong to Antichess; in standard chess the king is
/// never taken and no capture is compelled, so neither matches, whatever the moves.
#[test]
fn antichess_only_keywords_never_match_in_standard_chess() {
    let start = "4k3/8/8/8/8/8/3p4/4K3 w - - 0 1";
    // 1. Kxd2: a capture of Black's last piece but the king.
    for q in ["(position :takeslastpiece)", "(position :captureforced)"] {
        assert!(!matches_at(start, "Kxd2", q, 0), "{q}");
    }
    // :forced: White has several legal moves here (Kd1, Kf1, Kf2, Kxd2).
    assert!(!matches_at(start, "Kxd2", "(position :forced)", 0));
}
