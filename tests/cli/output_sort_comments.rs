//! The output of `sort` (matched games ordered by their value) and `comment` (text at the
//! position), through the built binary on the first 300 master games.

use crate::common;

/// The first `n` games of the master games, as a temporary file.
fn first_games(n: usize) -> Option<tempfile::NamedTempFile> {
    let path = common::shared_file("data/std-visible-5k.pgn")?;
    let data = std::fs::read(path).expect("pgn");
    let mut end = 0;
    for _ in 0..=n {
        match data[end + 1..].windows(7).position(|w| w == b"[Event ") {
            Some(i) => end = end + 1 + i,
            None => break,
        }
    }
    let file = tempfile::NamedTempFile::new().expect("temp");
    std::fs::write(file.path(), &data[..end]).expect("write");
    Some(file)
}

fn game_numbers(pgn: &str) -> Vec<u64> {
    pgn.lines()
        .filter_map(|l| l.strip_prefix("{Game number "))
        .map(|l| l.split('}').next().unwrap().parse().unwrap())
        .collect()
}

/// `sort "material" #A + #a mate`: the mated games, the one with most pieces on the board at
/// mate first (`sort min`: fewest first). The expected order is computed from the FENs of the
/// mate positions (`--json`), counting the placement's piece letters.
#[test]
fn sort_orders_games_by_the_value_at_matching_positions() {
    let Some(file) = first_games(300) else { return };
    let pgn = file.path().to_str().unwrap();
    let json = common::cqlq(&["-q", "--json", "-e", "mate", pgn]);
    let mut pieces: Vec<(u64, usize)> = String::from_utf8(json.stdout)
        .unwrap()
        .lines()
        .map(|l| {
            let v: serde_json::Value = serde_json::from_str(l).unwrap();
            let fen = v["fen"].as_str().unwrap();
            let placement = fen.split(' ').next().unwrap();
            let n = placement
                .chars()
                .filter(|c| c.is_ascii_alphabetic())
                .count();
            (v["game"].as_u64().unwrap(), n)
        })
        .collect();
    assert!(pieces.len() >= 3, "several mates in the first 300 games");
    pieces.sort_by_key(|&(game, n)| (std::cmp::Reverse(n), game));
    let most_first: Vec<u64> = pieces.iter().map(|p| p.0).collect();
    pieces.sort_by_key(|&(game, n)| (n, game));
    let fewest_first: Vec<u64> = pieces.iter().map(|p| p.0).collect();
    let run = |q: &str| {
        let out = common::cqlq(&["-q", "-e", q, pgn]);
        game_numbers(&String::from_utf8(out.stdout).unwrap())
    };
    assert_eq!(run("sort \"material\" #A + #a  mate"), most_first);
    assert_eq!(run("sort min \"material\" #A + #a  mate"), fewest_first);
    // Without sort: input order.
    let mut input_order = most_first.clone();
    input_order.sort();
    assert_eq!(run("mate"), input_order);
}

/// `comment("mate with " #A " white pieces") mate`: the text follows the match comment at the
/// mate position; a comment made where the query does not match is dropped.
#[test]
fn comments_follow_the_match_comment() {
    let Some(file) = first_games(300) else { return };
    let pgn = file.path().to_str().unwrap();
    let out = common::cqlq(&["-q", "-e", "comment(\"white has \" #A) mate", pgn]);
    let text = String::from_utf8(out.stdout).unwrap();
    let json = common::cqlq(&["-q", "--json", "-e", "mate", pgn]);
    let whites: Vec<usize> = String::from_utf8(json.stdout)
        .unwrap()
        .lines()
        .map(|l| {
            let v: serde_json::Value = serde_json::from_str(l).unwrap();
            let fen = v["fen"].as_str().unwrap();
            let placement = fen.split(' ').next().unwrap();
            placement.chars().filter(|c| c.is_ascii_uppercase()).count()
        })
        .collect();
    let got: Vec<String> = text
        .match_indices("{CQL")
        .map(|(i, _)| text[i..].split('}').next().unwrap().to_string() + "}")
        .collect();
    let want: Vec<String> = whites
        .iter()
        .map(|n| format!("{{CQL white has {n}}}"))
        .collect();
    assert_eq!(got, want);
}
