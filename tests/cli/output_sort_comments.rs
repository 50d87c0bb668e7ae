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

/// The mates of the games in `pgn` by python-chess (`../shared/oracle/pychess_oracle.py`,
/// not cqlq): for each checkmate position, its game number and the pieces each side has
/// there (White, Black), from the oracle's FEN. None after `common::skip` when the oracle
/// cannot run (under CI that fails: `.ci/run` installs python-chess).
fn mates_by_python_chess(pgn: &std::path::Path) -> Option<Vec<(u64, usize, usize)>> {
    let script = common::shared()?.join("oracle/pychess_oracle.py");
    let python = std::env::var("CQLQ_PYTHON").unwrap_or_else(|_| "python3".to_string());
    let out = std::process::Command::new(python)
        .arg(script)
        .arg(pgn)
        .arg("--no-attacks")
        .output();
    let out = match out {
        Ok(o) if o.status.success() => o,
        Ok(o) => {
            common::skip(format!(
                "python-chess oracle: {}",
                String::from_utf8_lossy(&o.stderr)
            ));
            return None;
        }
        Err(e) => {
            common::skip(format!("python-chess oracle: {e}"));
            return None;
        }
    };
    let mut mates = Vec::new();
    for line in String::from_utf8(out.stdout).expect("utf-8").lines() {
        let v: serde_json::Value = serde_json::from_str(line).expect("oracle json");
        if v["is_checkmate"].as_bool() == Some(true) {
            let placement = v["fen"].as_str().unwrap().split(' ').next().unwrap();
            let white = placement.chars().filter(|c| c.is_ascii_uppercase()).count();
            let black = placement.chars().filter(|c| c.is_ascii_lowercase()).count();
            mates.push((v["game"].as_u64().unwrap() + 1, white, black));
        }
    }
    Some(mates)
}

fn game_numbers(pgn: &str) -> Vec<u64> {
    pgn.lines()
        .filter_map(|l| l.strip_prefix("{Game number "))
        // The number ends at `}`, or at the blank before the `sort` value.
        .map(|l| l.split(['}', ' ']).next().unwrap().parse().unwrap())
        .collect()
}

/// `sort "material" #A + #a mate`: the mated games, the one with most pieces on the board at
/// mate first (`sort min`: fewest first). The mated games and their pieces come from
/// python-chess (`mates_by_python_chess`), not from cqlq.
#[test]
fn sort_orders_games_by_the_value_at_matching_positions() {
    let Some(file) = first_games(300) else { return };
    let pgn = file.path().to_str().unwrap();
    let Some(mates) = mates_by_python_chess(file.path()) else {
        return;
    };
    let mut pieces: Vec<(u64, usize)> = mates
        .into_iter()
        .map(|(game, white, black)| (game, white + black))
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
    let Some(mates) = mates_by_python_chess(file.path()) else {
        return;
    };
    let whites: Vec<usize> = mates.into_iter().map(|(_, white, _)| white).collect();
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

/// CQL 6.2 writes each `sort`'s documentation string and the game's best value in the game's
/// first comment, after `Game number N`, joined by a blank to a text that starts with one
/// (its `CqlNode::setFirstComment`): `{Game number 12  material: 18}`. The values come from
/// python-chess (`mates_by_python_chess`). `sort quiet` adds nothing; without the game-number
/// header the comment is the sort text alone.
#[test]
fn sort_writes_its_documentation_and_value_in_the_first_comment() {
    let Some(file) = first_games(300) else { return };
    let pgn = file.path().to_str().unwrap();
    let Some(mates) = mates_by_python_chess(file.path()) else {
        return;
    };
    let mut want: Vec<(usize, u64)> = mates
        .into_iter()
        .map(|(game, white, black)| (white + black, game))
        .collect();
    want.sort_by_key(|&(n, game)| (std::cmp::Reverse(n), game));
    let firsts = |args: &[&str]| -> Vec<String> {
        let mut all = vec!["-q"];
        all.extend_from_slice(args);
        all.push(pgn);
        let out = common::cqlq(&all);
        String::from_utf8(out.stdout)
            .unwrap()
            .split("\n\n[Event ")
            .filter_map(|g| {
                let moves = g.split("\n\n").nth(1)?;
                let start = moves.find('{')?;
                Some(moves[start..].split('}').next()?.to_string() + "}")
            })
            .collect()
    };
    let expected: Vec<String> = want
        .iter()
        .map(|(n, game)| format!("{{Game number {game}  material: {n}}}"))
        .collect();
    assert_eq!(firsts(&["-e", "sort \"material\" #A + #a mate"]), expected);
    let bare: Vec<String> = want
        .iter()
        .map(|(n, _)| format!("{{ material: {n}}}"))
        .collect();
    assert_eq!(
        firsts(&["--noheader", "-e", "sort \"material\" #A + #a mate"]),
        bare
    );
    let quiet: Vec<String> = want
        .iter()
        .map(|(_, game)| format!("{{Game number {game}}}"))
        .collect();
    assert_eq!(
        firsts(&["-e", "sort quiet \"material\" #A + #a mate"]),
        quiet
    );
}
