//! Every example query in `queries/` is run on `testdata/themes.pgn`, whose games were written
//! for them; the expected matches below are reasoned from the positions, game by game:
//!
//! 1. 1.e4 c6 2.d4 d5 3.Nc3 dxe4 4.Nxe4 Nd7 5.Qe2 Ngf6 6.Nd6#: at ply 11 the black king on e8
//!    is ringed by its own Qd8, Bf8, Nd7, e7 and f7 (e7 is pinned by Qe2), the d6 knight checks:
//!    smothered mate, and a mate before move 20. Material is level at the end.
//! 2. `8/6P1/8/8/8/8/2K5/k7 w`, 1.g8=Q: the queen covers a2 (g8–a2 diagonal), Kc2 covers b1
//!    and b2, a1 is not attacked: stalemate right after a queen promotion (ply 1). At ply 0 the
//!    board is K+P v K; at ply 1 Black has a bare king against a queen, the material edge is 9,
//!    and the black king is on its first rank with a white queen on the board (king-hunt's
//!    colour-reversed image).
//! 3. `8/4P3/3k4/8/8/8/8/K7 w`, 1.e8=N+ Kd5: the knight on e8 checks d6: an underpromotion
//!    with check at ply 1; K+P v K at ply 0.
//! 4. Fool's mate 1.f3 e5 2.g4 Qh4#: mate at ply 4 (f2 is empty, so not smothered).
//! 5. `5k2/8/8/8/8/8/8/4K2R w K`, 1.O-O+: the rook on f1 checks f8: castling with check.
//! 6. `4k3/8/8/1N1q4/8/8/8/4K3 w`, 1.Nc7+: the c7 knight attacks e8 and d5: a fork at ply 1.
//! 7. `4k3/4r3/8/8/8/8/4B3/4K3 w`, 1.Kd2: at ply 0 the e2 bishop is pinned by the e7 rook.

use crate::common;

use std::collections::BTreeMap;
use std::path::PathBuf;

/// (query file, [(game number, matching plies)]); a query absent from a game matches nowhere.
/// Matching plies per game number.
type Matches = &'static [(u64, &'static [u32])];

const EXPECTED: &[(&str, Matches)] = &[
    ("smothered-mate.cql", &[(1, &[11])]),
    ("mate-by-promoted-piece.cql", &[]),
    ("underpromotion.cql", &[(3, &[1])]),
    ("knight-promotion-with-check.cql", &[(3, &[1])]),
    ("stalemate-after-queen-promotion.cql", &[(2, &[1])]),
    ("pinned-piece.cql", &[(7, &[0])]),
    ("connected-passed-pawns.cql", &[]),
    ("doubled-isolated-pawns.cql", &[]),
    ("knight-forks-king-and-queen.cql", &[(6, &[1])]),
    ("discovered-double-check-mate.cql", &[]),
    ("every-square-attacked-by-one-side.cql", &[]),
    ("en-passant-mate.cql", &[]),
    ("castling-with-check.cql", &[(5, &[1])]),
    ("fifty-move-claim.cql", &[]),
    ("material-edge-at-end.cql", &[(2, &[1])]),
    ("miniature-mate.cql", &[(1, &[11]), (4, &[4])]),
    ("king-hunt.cql", &[(2, &[1])]),
    ("queen-against-two-rooks.cql", &[]),
    ("rooks-on-the-seventh.cql", &[]),
    ("king-and-pawn-vs-king.cql", &[(2, &[0]), (3, &[0])]),
    ("queen-captured-no-recapture.cql", &[]),
    ("bare-king.cql", &[(2, &[1])]),
    ("fen-pattern-corner-mate.cql", &[]),
];

fn root() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
}

#[test]
fn every_query_file_has_an_expectation() {
    let mut files: Vec<String> = std::fs::read_dir(root().join("queries"))
        .unwrap()
        .map(|e| e.unwrap().file_name().to_string_lossy().to_string())
        .filter(|n| n.ends_with(".cql"))
        .collect();
    files.sort();
    let mut listed: Vec<String> = EXPECTED.iter().map(|(f, _)| f.to_string()).collect();
    listed.sort();
    assert_eq!(files, listed);
    assert!(files.len() >= 20);
}

#[test]
fn example_queries_match_the_reasoned_positions() {
    let games = common::replay_file(&root().join("testdata/themes.pgn"), usize::MAX);
    assert_eq!(games.len(), 7);
    for (file, expected) in EXPECTED {
        let text = std::fs::read_to_string(root().join("queries").join(file)).unwrap();
        let filter = common::compile(&text);
        let mut got = BTreeMap::new();
        for (i, game) in games.iter().enumerate() {
            let game = game.as_ref().expect("themes.pgn replays");
            let plies = common::matching_plies(game, i as u64 + 1, &filter);
            if !plies.is_empty() {
                got.insert(i as u64 + 1, plies);
            }
        }
        let want: BTreeMap<u64, Vec<u32>> =
            expected.iter().map(|(g, p)| (*g, p.to_vec())).collect();
        assert_eq!(got, want, "{file}");
    }
}

/// The example queries also run over real games without trouble (exit 0 or 1, never 2).
#[test]
fn example_queries_run_on_real_games() {
    let Some(pgn) = common::shared_file("data/tiny3.pgn") else {
        return;
    };
    for (file, _) in EXPECTED {
        let query = root().join("queries").join(file);
        let out = common::cqlq(&[
            "--count",
            "-q",
            query.to_str().unwrap(),
            pgn.to_str().unwrap(),
        ]);
        assert!(
            matches!(out.status.code(), Some(0 | 1)),
            "{file}: {}",
            String::from_utf8_lossy(&out.stderr)
        );
    }
}
