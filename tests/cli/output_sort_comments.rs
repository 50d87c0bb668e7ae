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

/// The games of `pgn` whose main line ends in mate, read from the PGN text itself (not from
/// cqlq): the move marked `#` by its source. For each, its game number and the pieces each
/// side has at the mate: 16 less the captures (`x`) made by the other side (the games start
/// from the initial position; a promotion keeps the count).
fn mates_from_movetext(pgn: &str) -> Vec<(u64, usize, usize)> {
    let mut mates = Vec::new();
    for (i, game) in pgn.split("[Event ").skip(1).enumerate() {
        assert!(!game.contains("[FEN "), "game {} starts from a FEN", i + 1);
        let movetext: String = game
            .lines()
            .skip(1) // the rest of the `[Event` line
            .filter(|l| !l.starts_with('['))
            .collect::<Vec<_>>()
            .join(" ");
        // Comments `{...}` and variations `(...)` (nested) are not main-line moves.
        let (mut main, mut depth, mut in_comment) = (String::new(), 0, false);
        for c in movetext.chars() {
            match c {
                '{' if depth == 0 => in_comment = true,
                '}' if in_comment => in_comment = false,
                '(' if !in_comment => depth += 1,
                ')' if !in_comment => depth -= 1,
                _ if !in_comment && depth == 0 => main.push(c),
                _ => {}
            }
        }
        let moves: Vec<&str> = main
            .split_whitespace()
            .filter(|t| !t.ends_with('.') && !t.starts_with('$'))
            .map(|t| t.rsplit('.').next().unwrap())
            .filter(|t| !matches!(*t, "1-0" | "0-1" | "1/2-1/2" | "*" | ""))
            .collect();
        if moves.last().is_some_and(|m| m.ends_with('#')) {
            let taken_by = |side: usize| {
                moves
                    .iter()
                    .skip(side)
                    .step_by(2)
                    .filter(|m| m.contains('x'))
                    .count()
            };
            mates.push(((i + 1) as u64, 16 - taken_by(1), 16 - taken_by(0)));
        }
    }
    mates
}

fn game_numbers(pgn: &str) -> Vec<u64> {
    pgn.lines()
        .filter_map(|l| l.strip_prefix("{Game number "))
        .map(|l| l.split('}').next().unwrap().parse().unwrap())
        .collect()
}

/// `sort "material" #A + #a mate`: the mated games, the one with most pieces on the board at
/// mate first (`sort min`: fewest first). The mated games and their pieces come from the PGN
/// text (`mates_from_movetext`), not from cqlq.
#[test]
fn sort_orders_games_by_the_value_at_matching_positions() {
    let Some(file) = first_games(300) else { return };
    let pgn = file.path().to_str().unwrap();
    let text = std::fs::read_to_string(file.path()).unwrap();
    let mut pieces: Vec<(u64, usize)> = mates_from_movetext(&text)
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
    let source = std::fs::read_to_string(file.path()).unwrap();
    let whites: Vec<usize> = mates_from_movetext(&source)
        .into_iter()
        .map(|(_, white, _)| white)
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

/// CQL 6.2 writes each `sort`'s documentation string and the game's best value in the game's
/// first comment, after `Game number N`, joined by a blank to a text that starts with one
/// (its `CqlNode::setFirstComment`): `{Game number 12  material: 18}`. The values come from
/// the PGN text (`mates_from_movetext`). `sort quiet` adds nothing; without the game-number
/// header the comment is the sort text alone.
#[test]
fn sort_writes_its_documentation_and_value_in_the_first_comment() {
    let Some(file) = first_games(300) else { return };
    let pgn = file.path().to_str().unwrap();
    let source = std::fs::read_to_string(file.path()).unwrap();
    let mut want: Vec<(usize, u64)> = mates_from_movetext(&source)
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
