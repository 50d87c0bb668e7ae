//! Infinite chess's fairy pieces in CQL (`[=AM]`, `[=ha]`, `[=ob]`, `piecename`, `typename`)
//! through the `cqlq` binary on the infinitechess.org data (`../shared/variants/icn/`). Every
//! expectation is argued beside it from the positions and the games' moves; the obstacle
//! captures are recomputed here from the game texts (an obstacle never moves, so a move takes
//! one exactly when it lands on a start obstacle's square that no earlier move landed on).

use std::collections::{BTreeMap, BTreeSet, HashSet};
use std::path::Path;

use crate::common;
use common::icn::{cqlq, icn_dir, matches};

/// The games (numbers) whose start position matches.
fn starts(query: &str, file: &Path) -> BTreeSet<u64> {
    matches(&format!("initial {query}"), file)
        .into_iter()
        .map(|(g, _)| g)
        .collect()
}

fn query_file(name: &str) -> String {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("queries/infinite");
    std::fs::read_to_string(root.join(name)).unwrap()
}

#[test]
fn two_letter_designators_on_the_variant_starts() {
    let Some(d) = icn_dir() else { return };
    let f = d.join("infinitechess-variants.icn");
    // The 30 start positions (in file order): Obstocean (12) lists 320 `ob`; no other start
    // has that many (Confined Classical, 15, has 28).
    assert_eq!(starts("#[=ob] == 320", &f), BTreeSet::from([12]));
    assert_eq!(starts("#[=ob] == 28", &f), BTreeSet::from([15]));
    // Obstacles are neither white nor black: `A`/`a` skip them, so on every start the
    // occupied squares are the white, black and neutral pieces (the data has no void).
    assert_eq!(starts("#~_ == #A + #a + #[=obvo]", &f), (1..=30).collect());
    assert!(starts("#~_ == #A + #a", &f).is_disjoint(&BTreeSet::from([12, 15])));
    // The case of a neutral name does not matter.
    assert_eq!(starts("#[=OB] == 28", &f), BTreeSet::from([15]));
    // Hawks: CoaIP (7) and its Huygens option (25) list HA twice and ha twice; Space (11) one
    // each; Abundance (13) four each.
    assert_eq!(starts("#[=HAha] == 4", &f), BTreeSet::from([7, 25]));
    assert_eq!(starts("#[=ha] == 4", &f), BTreeSet::from([13]));
    // Upper case is white only: Space's lone white hawk.
    assert_eq!(starts("#[=HA] == 1", &f), BTreeSet::from([11]));
    // Knighted Chess (29, 30): `AM4,1`, `RC5,1+`, `rc5,8+`; knightriders only in 29 and the
    // CoaIP Knightriders option (27, 28) among the rest.
    assert_eq!(starts("[=AM][4,1]", &f), BTreeSet::from([29, 30]));
    assert_eq!(starts("[=RC]e1 and [=rc]e8", &f), BTreeSet::from([29, 30]));
    assert_eq!(starts("[=NRnr]", &f), BTreeSet::from([27, 28, 29]));
    // Palace (20): `AM3,1`, `am3,5`; a greedy read of `[=AMam]` is amazons of both colours.
    assert_eq!(
        starts("#[=AMam] == 2 and [=am][3,5]", &f),
        BTreeSet::from([20])
    );
    // Single letters keep CQL's pieces: `[=N]` is `N`.
    assert_eq!(starts("#[=N] == #N", &f), (1..=30).collect());
}

#[test]
fn piecename_and_typename_of_fairy_pieces() {
    let Some(d) = icn_dir() else { return };
    let f = d.join("infinitechess-variants.icn");
    // Palace's black amazon stands on 3,5, its white one on 3,1.
    assert_eq!(
        starts(r#"piecename [3,5] == "am""#, &f),
        BTreeSet::from([20])
    );
    assert_eq!(
        starts(r#"typename [3,5] == "AM""#, &f),
        BTreeSet::from([20])
    );
    assert_eq!(
        starts(r#"piecename [3,1] == "AM""#, &f),
        BTreeSet::from([20])
    );
    // Knighted Chess: the royal centaurs on 5,1 and 5,8.
    assert_eq!(
        starts(r#"piecename e1 == "RC" and piecename e8 == "rc""#, &f),
        BTreeSet::from([29, 30])
    );
    // Obstocean's corner obstacle `ob-6,12` (neutral: lower case in both).
    assert_eq!(
        starts(
            r#"piecename [-6,12] == "ob" and typename [-6,12] == "OB""#,
            &f
        ),
        BTreeSet::from([12])
    );
    // An empty square is "." as in CQL.
    assert_eq!(
        starts(r#"piecename [1000000,1000000] == ".""#, &f),
        (1..=30).collect()
    );
}

#[test]
fn void_and_obstacle_in_a_written_position() {
    let dir = tempfile::tempdir().unwrap();
    let f = dir.path().join("neutral.icn");
    // One void on 3,3, one obstacle on 4,4, a white hawk on 0,0.
    std::fs::write(&f, "w K1,1|k8,8|vo3,3|ob4,4|HA0,0\n").unwrap();
    let one = BTreeSet::from([(1, 0)]);
    assert_eq!(matches("#[=vo] == 1 and [=vo][3,3]", &f), one);
    assert_eq!(matches("#[=obvo] == 2 and #[Aa] == 3", &f), one);
    assert_eq!(matches(r#"piecename [3,3] == "vo""#, &f), one);
    // `[3,3]` (any piece or empty there) and `.` hold the void's square; `[Aa]` does not.
    assert_eq!(matches("#([3..4,3..4] & ~_) == 2", &f), one);
    assert!(matches("[Aa][3..4,3..4]", &f).is_empty());
    assert_eq!(matches(r#"typename [0,0] == "HA""#, &f), one);
    // `type`: the standard six are 1..6, then ICN's order: amazon 7, hawk 8.
    assert_eq!(matches("type [0,0] == 8", &f), one);
    // flipcolor (colours swapped, y -> 9 - y) maps the white hawk on 0,0 to a black one on
    // 0,9, and an obstacle to an obstacle.
    assert_eq!(matches("flipcolor [=ha][0,9]", &f), one);
    assert!(matches("[=ha]", &f).is_empty());
    assert_eq!(matches("flipcolor [=ob][4,5]", &f), one);
}

#[test]
fn names_the_board_lacks_are_refused() {
    let dir = tempfile::tempdir().unwrap();
    let f = dir.path().join("p.icn");
    std::fs::write(&f, "w K1,1|k8,8|AM0,0\n").unwrap();
    // Mixed case is no ICN name: `A` alone names no piece.
    for (q, name) in [("[=Am]", "'A'"), ("[=XY]", "'X'"), ("[=C]", "'C'")] {
        let (code, _, err) = cqlq(&[], q, &f);
        assert_eq!(code, Some(2), "{q}");
        assert!(
            err.contains(name) && err.contains("infinite chess"),
            "{q}: {err}"
        );
    }
    // On a PGN (standard chess) `[=AM]` names nothing.
    let pgn = dir.path().join("g.pgn");
    std::fs::write(&pgn, "[Event \"x\"]\n\n1. e4 e5 *\n").unwrap();
    let (code, _, err) = cqlq(&[], "[=AM]", &pgn);
    assert_eq!(code, Some(2));
    assert!(err.contains("'A'"), "{err}");
}

#[test]
fn fairy_check_example() {
    let Some(d) = icn_dir() else { return };
    let f = d.join("random-legal-games.icn");
    let q = query_file("fairy-check.cql");
    // Replaying the 60 games, the only checks by a fairy piece are:
    // - game 45 (Palace) ply 40 `3,4>4,2`: the black amazon lands on 4,2 beside the white
    //   king on 4,1 (a queen's step);
    // - game 59 (Knighted Chess) ply 34: the black amazon on 7,3 is a knight's leap (1,2)
    //   from the white royal centaur on 6,1;
    // - game 60 (Knighted Chess) ply 23: the white knightrider lands on 15,-10, nine knight
    //   steps (-1,+2) from the black royal centaur on 6,8 with 14,-8 ... 7,6 empty; ply 53:
    //   the white amazon on 4,7 touches the royal centaur on 5,8 diagonally.
    let expected = BTreeSet::from([(45, 40), (59, 34), (60, 23), (60, 53)]);
    assert_eq!(matches(&q, &f), expected);
    // The comments name the checking pieces (black lower case, white upper case).
    let (_, out, _) = cqlq(&[], &q, &f);
    let named: Vec<&str> = out.matches("check by ").collect();
    assert_eq!(named.len(), 4, "{out}");
    assert_eq!(out.matches("check by am").count(), 2, "{out}");
    assert_eq!(out.matches("check by NR").count(), 1, "{out}");
    assert_eq!(out.matches("check by AM").count(), 1, "{out}");
}

#[test]
fn amazon_captured_example() {
    let Some(d) = icn_dir() else { return };
    let f = d.join("random-legal-games.icn");
    // The two fairy checks by amazons above are answered by taking the amazon: game 45 ply 41
    // `3,1>4,2` (the white queen), game 59 ply 35 `6,1>7,3` (the royal centaur's knight
    // leap). No other move of the 60 games lands on an amazon.
    assert_eq!(
        matches(&query_file("amazon-captured.cql"), &f),
        BTreeSet::from([(45, 41), (59, 35)])
    );
    // The capturer: `move previous from` the piece that moved.
    assert_eq!(
        matches("move previous from [=RC] capture [=am]", &f),
        BTreeSet::from([(59, 35)])
    );
}

/// The games of an ICN text: (start position line, moves line).
fn games(text: &str) -> Vec<(String, String)> {
    let mut out = Vec::new();
    let mut start: Option<String> = None;
    for block in text.split("\n\n") {
        let b = block.trim();
        if b.is_empty() || b.starts_with('[') {
            continue;
        }
        match start.take() {
            None => start = Some(b.to_string()),
            Some(s) => out.push((s, b.to_string())),
        }
    }
    out
}

fn coords(s: &str) -> (i64, i64) {
    let (x, y) = s.split_once(',').unwrap();
    let y: String = y
        .chars()
        .take_while(|c| c.is_ascii_digit() || *c == '-')
        .collect();
    (x.parse().unwrap(), y.parse().unwrap())
}

#[test]
fn obstacle_captured_example() {
    let Some(d) = icn_dir() else { return };
    let f = d.join("random-legal-games.icn");
    let text = std::fs::read_to_string(&f).unwrap();
    // Recomputed from the text: a ply takes an obstacle exactly when it lands on a square
    // that held `ob` at the start and that no earlier move landed on (obstacles never move;
    // castling and en passant never land on an obstacle).
    let mut expected = BTreeSet::new();
    let mut per_game = BTreeMap::new();
    for (g, (start, moves)) in games(&text).iter().enumerate() {
        let pieces = start.split_whitespace().last().unwrap();
        let mut ob: HashSet<(i64, i64)> = pieces
            .split('|')
            .filter_map(|p| p.strip_prefix("ob"))
            .map(coords)
            .collect();
        for (i, mv) in moves.split('|').enumerate() {
            let to = coords(mv.split_once('>').unwrap().1);
            if ob.remove(&to) {
                expected.insert((g as u64 + 1, i as u64 + 1));
                *per_game.entry(g + 1).or_insert(0) += 1;
            }
        }
    }
    // Obstocean (games 22-24) and Confined Classical (31-33) have obstacles; each game
    // takes some (the random games move into the ocean often).
    assert_eq!(
        per_game.keys().copied().collect::<Vec<_>>(),
        [22, 23, 24, 31, 32, 33]
    );
    assert_eq!(matches(&query_file("obstacle-captured.cql"), &f), expected);
    // Neither colour's capture: `move previous capture [Aa]` never takes an obstacle.
    let colour = matches("move previous capture [Aa]", &f);
    assert!(colour.is_disjoint(&expected));
}

#[test]
fn file_and_rank_are_the_icn_coordinates() {
    let dir = tempfile::tempdir().unwrap();
    let f = dir.path().join("far.icn");
    // `file`/`rank` of a one-square set: ICN's x and y (the classical e1 is 5,1).
    std::fs::write(&f, "w K5,1|k-5,-1000000000000|HA0,0\n").unwrap();
    let one = BTreeSet::from([(1, 0)]);
    assert_eq!(
        matches("file K == 5 and rank K == 1 and file e1 == 5", &f),
        one
    );
    assert_eq!(
        matches("file k == -5 and rank k == -1000000000000", &f),
        one
    );
    assert_eq!(matches("file [=HA] == 0 and rank [=HA] == 0", &f), one);
    // Like CQL, a set of several squares has no file.
    assert!(matches("file [Kk] == 5", &f).is_empty());
}
