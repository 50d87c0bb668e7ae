//! Queries made at random (a seeded generator: the same queries every run), searched in ways that
//! must agree: with the index and with `--no-index` (issue 35's pruning against the scan), on games
//! the one-pass search reads against the same games the careful reader reads, and in shards through
//! the index against the whole file. The queries: filters of every family the pruning rules read
//! (piece sets and squares, counts, `power` and their arithmetic, `move`, `ray`, `pin`, `between`,
//! the directions, `check` / `mate` / `stalemate`, tags, `ply` and `movenumber`, `file` / `rank`,
//! `type`, the ideal mates), alone, two joined by `and`, or nested up to three deep in what they
//! may stand in (`and`, `or`, `not`, `{ }`, `if`, the transforms, `line`, `find`, variables,
//! `square` and `piece` loops, `path` with its dashes, `sort`, `primary` and `secondary`), searched
//! with a random output form (PGN, `--gamenumbers`, `--count`, `--json`, `--fen`) and now and then
//! `--variations` or a command-line game filter (`--limit`, `--matchcount`, `--gamenumber`,
//! `--player`, `--year`, `--result`, `--white`), on real games (`std-visible-5k.pgn`; `messy.pgn`,
//! with variations, comments and set-up starts).

use super::index_search::{copy_shared_indexed, skipped_in};
use crate::common::cqlq_in;

fn text(bytes: &[u8]) -> String {
    String::from_utf8_lossy(bytes).into_owned()
}

/// Piece designators (`Maker::piece` gives some of them a square set).
const PIECES: &[&str] = &[
    "K",
    "Q",
    "R",
    "B",
    "N",
    "P",
    "k",
    "q",
    "r",
    "b",
    "n",
    "p",
    "A",
    "a",
    "_",
    ".",
    "[Qq]",
    "[QqRrBbNn]",
    "[RQ]",
    "[Pp]",
    "[Kk]",
    "[qn]",
    "[Nn]",
    "[Bb]",
];
/// Square sets.
const SQUARES: &[&str] = &[
    "e4",
    "h8",
    "a1",
    "d5",
    "a-h7",
    "a-h1",
    "a-h2",
    "f1-8",
    "c-f3-6",
    "[a1,h1,a8,h8]",
    "e1",
    "g1",
    "c8",
    "a-d1-8",
    "e-h5-8",
    "b7",
];
/// The comparisons.
const OPS: &[&str] = &["==", "!=", "<", "<=", ">", ">="];
/// The direction words.
const DIRECTIONS: &[&str] = &[
    "up",
    "down",
    "left",
    "right",
    "northeast",
    "northwest",
    "southeast",
    "southwest",
    "orthogonal",
    "diagonal",
    "vertical",
    "horizontal",
    "anydirection",
];
/// Game filters on tags.
const TAGS: &[&str] = &[
    "player white \"Carlsen\"",
    "player black \"Kasparov\"",
    "player \"Fischer\"",
    "result 1-0",
    "result 0-1",
    "result 1/2-1/2",
    "event \"Olympiad\"",
    "site \"Moscow\"",
    "year < 1950",
    "year >= 2000",
    "elo white > 2700",
    "elo black < 2300",
    "eco \"B90\"",
    "white \"Tal\"",
];
/// The transforms (each over a compound filter).
const TRANSFORMS: &[&str] = &[
    "flipcolor",
    "flip",
    "fliphorizontal",
    "flipvertical",
    "rotate90",
    "rotate45",
    "reversecolor",
    "dihedral",
    "shift",
    "shifthorizontal",
    "shiftvertical",
];
/// Filters without operands.
const SIMPLE: &[&str] = &[
    "check",
    "mate",
    "stalemate",
    "wtm",
    "btm",
    "initial",
    "terminal",
    "true",
    "false",
    "idealmate",
    "modelmate",
    "puremate",
    "move o-o",
    "move o-o-o",
    "move enpassant",
];

/// A query maker: `below(n)` draws a number in `0..n`.
struct Maker<B: FnMut(usize) -> usize> {
    below: B,
}

impl<B: FnMut(usize) -> usize> Maker<B> {
    fn pick<'s>(&mut self, from: &[&'s str]) -> &'s str {
        from[(self.below)(from.len())]
    }

    fn chance(&mut self, percent: usize) -> bool {
        (self.below)(100) < percent
    }

    fn piece(&mut self) -> String {
        let piece = self.pick(PIECES);
        match piece != "_" && piece != "." && self.chance(25) {
            true => format!("{piece}{}", self.pick(SQUARES)),
            false => piece.to_string(),
        }
    }

    /// A set filter.
    fn set(&mut self, depth: u32) -> String {
        let kinds = if depth > 0 { 11 } else { 4 };
        match (self.below)(kinds) {
            0..=2 => self.piece(),
            3 => self.pick(SQUARES).to_string(),
            4 => {
                let word = self.pick(&["attacks", "attackedby"]);
                format!("({} {word} {})", self.set(depth - 1), self.set(depth - 1))
            }
            5 => {
                let direction = self.pick(DIRECTIONS);
                let steps = ["", "1 ", "2 "][(self.below)(3)];
                format!("{direction} {steps}{}", self.set(depth - 1))
            }
            6 => {
                let op = self.pick(&["&", "|"]);
                format!("({} {op} {})", self.set(depth - 1), self.set(depth - 1))
            }
            7 => {
                let part = self.pick(&["from", "through", "to"]);
                format!("pin {part} {}", self.set(depth - 1))
            }
            8 => format!("between({} {})", self.set(depth - 1), self.set(depth - 1)),
            9 => {
                let part = self.pick(&["from", "to"]);
                format!("move {part} {}", self.set(depth - 1))
            }
            _ => {
                let word = self.pick(&["light", "dark"]);
                format!("{word} {}", self.piece())
            }
        }
    }

    /// A numeric filter.
    fn number(&mut self, depth: u32) -> String {
        let kinds = if depth > 0 { 12 } else { 6 };
        match (self.below)(kinds) {
            0 => ((self.below)(15) as i64 - 3).to_string(),
            1 => format!("#{}", self.piece()),
            2 => format!("power {}", self.piece()),
            3 => self.pick(&["ply", "movenumber"]).to_string(),
            4 => {
                let word = self.pick(&["file", "rank"]);
                format!("{word} {}", self.piece())
            }
            5 => {
                let word = self.pick(&["type", "colortype"]);
                format!("{word} {}", self.pick(&SQUARES[..5]))
            }
            6 => format!("#({})", self.set(depth - 1)),
            7 => {
                let op = self.pick(&["+", "-", "*"]);
                format!(
                    "({} {op} {})",
                    self.number(depth - 1),
                    self.number(depth - 1)
                )
            }
            8 => format!("abs ({})", self.number(depth - 1)),
            9 => {
                let word = self.pick(&["max", "min"]);
                format!(
                    "{word}({} {})",
                    self.number(depth - 1),
                    self.number(depth - 1)
                )
            }
            _ => {
                let kinds = ["Q", "q", "R", "r", "B", "b", "N", "n", "P", "p", "A", "a"];
                format!("#{} - #{}", self.pick(&kinds), self.pick(&kinds))
            }
        }
    }

    /// A `move` filter with some of its parameters.
    fn move_filter(&mut self) -> String {
        let mut words = vec!["move".to_string()];
        for (word, percent) in [("previous", 30), ("legal", 20)] {
            if self.chance(percent) {
                words.push(word.to_string());
            }
        }
        if self.chance(40) {
            words.push(format!("from {}", self.piece()));
        }
        if self.chance(40) {
            words.push(format!("to {}", self.set(0)));
        }
        if self.chance(30) {
            words.push(format!("capture {}", self.piece()));
        }
        if self.chance(15) {
            words.push(format!(
                "promote {}",
                self.pick(&["Q", "R", "B", "N", "[RBN]", "A"])
            ));
        }
        words.join(" ")
    }

    /// A filter.
    fn filter(&mut self, depth: u32) -> String {
        let kinds = if depth > 0 { 26 } else { 11 };
        match (self.below)(kinds) {
            0 => self.pick(SIMPLE).to_string(),
            1 => self.set(depth),
            2 => {
                let op = self.pick(OPS);
                format!("{} {op} {}", self.number(depth), self.number(depth))
            }
            3 => self.pick(TAGS).to_string(),
            4 => self.move_filter(),
            5 => {
                let word = self.pick(&["ray", "xray", "ray orthogonal", "ray diagonal"]);
                let third = match self.chance(30) {
                    true => format!(" {}", self.set(depth.saturating_sub(1))),
                    false => String::new(),
                };
                let (a, b) = (
                    self.set(depth.saturating_sub(1)),
                    self.set(depth.saturating_sub(1)),
                );
                format!("{word} ({a} {b}{third})")
            }
            6 => {
                let (word, most) =
                    [("ply", 120), ("movenumber", 60), ("gamenumber", 5000)][(self.below)(3)];
                format!("{word} {} {}", self.pick(OPS), (self.below)(most))
            }
            7 => format!("sidetomove == {}", self.pick(&["white", "black"])),
            8 => {
                let op = self.pick(OPS);
                let count = self.pick(&["0", "0", "1", "1", "2", "2", "3", "4", "6", "8"]);
                format!("#{} {op} {count}", self.piece())
            }
            9 => {
                let op = self.pick(OPS);
                format!("power {} {op} {}", self.piece(), (self.below)(40))
            }
            10 => {
                let kinds = ["Q", "q", "R", "r", "B", "b", "N", "n", "P", "p"];
                let (a, op, b) = (self.pick(&kinds), self.pick(OPS), self.pick(&kinds));
                format!("#{a} {op} #{b}")
            }
            11 | 12 => {
                let word = self.pick(&["and", "or"]);
                format!(
                    "({} {word} {})",
                    self.filter(depth - 1),
                    self.filter(depth - 1)
                )
            }
            13 => format!("not {}", self.filter(depth - 1)),
            14 => format!("{{{} {}}}", self.filter(depth - 1), self.filter(depth - 1)),
            15 => format!(
                "if {} then {} else {}",
                self.filter(depth - 1),
                self.filter(depth - 1),
                self.filter(depth - 1)
            ),
            16 => format!("{} {{{}}}", self.pick(TRANSFORMS), self.filter(depth - 1)),
            17 => {
                let arrow = self.pick(&["-->", "<--"]);
                let steps = 1 + (self.below)(3);
                let mut line = format!("line {arrow} ");
                for step in 0..steps {
                    if step > 0 {
                        line.push_str(&format!(" {arrow} "));
                    }
                    let repeat = self.pick(&["", "", "+", "*", "{2}", "{1,3}"]);
                    match repeat {
                        "" => line.push_str(&self.filter(depth - 1)),
                        _ => line.push_str(&format!("{{{}}}{repeat}", self.filter(depth - 1))),
                    }
                }
                line
            }
            18 => {
                let how = self.pick(&["", "<-- "]);
                format!("find {how}{}", self.filter(depth - 1))
            }
            19 => {
                let (value, op) = (self.number(depth - 1), self.pick(OPS));
                format!("x = {value} x {op} {}", (self.below)(9))
            }
            20 => format!(
                "square x in {} {}",
                self.set(depth - 1),
                self.filter(depth - 1)
            ),
            21 => format!("piece x in {} {}", self.piece(), self.filter(depth - 1)),
            22 => format!(
                "{} and {}",
                self.pick(&["check", "mate"]),
                self.filter(depth - 1)
            ),
            23 => self.path(depth - 1),
            24 => match (self.below)(3) {
                0 => format!("sort \"v\" {}", self.number(depth - 1)),
                1 => format!("sort \"v\" {}", self.path(depth - 1)),
                _ => self.pick(&["primary", "secondary"]).to_string(),
            },
            _ => format!("{} & {}", self.set(depth - 1), self.set(depth - 1)),
        }
    }

    /// A `path` of one to three constituents (dashes with and without sides, captures,
    /// promotions and targets, filters), some repeated, now and then `primary` or a focus.
    fn path(&mut self, depth: u32) -> String {
        let mut words = vec!["path".to_string()];
        if self.chance(20) {
            words.push("primary".to_string());
        }
        if self.chance(15) {
            words.push(format!("focus {}", self.piece()));
        }
        for _ in 0..1 + (self.below)(3) {
            let con = match (self.below)(6) {
                0 => "--".to_string(),
                1 => format!("{}--{}", self.piece(), self.set(0)),
                2 => format!("{}[x]{}", self.piece(), self.piece()),
                3 => format!("--={}", self.pick(&["Q", "R", "B", "N", "[RB]"])),
                4 => format!("--({})", self.filter(depth)),
                _ => format!("{{{}}}", self.filter(depth)),
            };
            let repeat = self.pick(&["", "", "", "+", "*", "?", "{1,2}"]);
            words.push(match repeat {
                "" => con,
                _ => format!("({con}){repeat}"),
            });
        }
        words.join(" ")
    }

    /// A query: a filter alone, two joined by `and`, or one nested up to three deep.
    fn query(&mut self) -> String {
        match (self.below)(4) {
            0 => self.filter(0),
            1 => format!("{} and {}", self.filter(0), self.filter(0)),
            2 => self.filter(1),
            _ => {
                let depth = 2 + (self.below)(2) as u32;
                self.filter(depth)
            }
        }
    }

    /// A search's options: now and then `--variations`, one of `forms` ("" for PGN), now and
    /// then a game filter.
    fn options(&mut self, forms: &[&str]) -> Vec<String> {
        let mut options = Vec::new();
        if self.chance(30) {
            options.push("--variations".to_string());
        }
        let form = self.pick(forms);
        if !form.is_empty() {
            options.push(form.to_string());
        }
        if self.chance(25) {
            let limit = (1 + (self.below)(30)).to_string();
            let (low, high) = (1 + (self.below)(300), 300 + (self.below)(4000));
            let few = (1 + (self.below)(3)).to_string();
            let many = (4 + (self.below)(40)).to_string();
            let filters: [Vec<String>; 7] = [
                vec!["--limit".into(), limit],
                vec!["--matchcount".into(), few, many],
                vec!["--gamenumber".into(), format!("{low}-{high}")],
                vec!["--player".into(), "an".into()],
                vec!["--year".into(), "1950".into(), "1999".into()],
                vec![
                    "--result".into(),
                    self.pick(&["1-0", "0-1", "1/2-1/2"]).into(),
                ],
                vec!["--white".into(), "^K".into()],
            ];
            options.extend(filters[(self.below)(filters.len())].iter().cloned());
        }
        options
    }
}

/// Every output form: PGN (""), game numbers (twice as often), the count, JSON, FEN.
const FORMS: [&str; 6] = [
    "",
    "--gamenumbers",
    "--gamenumbers",
    "--count",
    "--json",
    "--fen",
];

/// `count` queries made from `seed` searched in `std-visible-5k.pgn` and `messy.pgn` (copied
/// into a folder of their own and indexed) with and without the index: the same stdout,
/// stderr and exit status each time; most of them runnable, and the index ruling games out
/// for some.
fn random_queries_answer_as_the_scan(name: &str, seed: u64, count: usize) {
    let scratch = crate::common::scratch("index", name);
    let (dir, files) = (scratch.path(), ["std-visible-5k.pgn", "messy.pgn"]);
    if !files.iter().all(|file| copy_shared_indexed(dir, file)) {
        return;
    }
    let mut maker = Maker {
        below: crate::common::below_from(seed),
    };
    let (mut runnable, mut skipped) = (0, 0);
    for _ in 0..count {
        let query = maker.query();
        let options = maker.options(&FORMS);
        let mut with: Vec<&str> = vec!["-q"];
        with.extend(options.iter().map(String::as_str));
        with.extend(["-e", query.as_str(), ""]);
        let mut refused = false;
        for file in files {
            *with.last_mut().unwrap() = file;
            let mut without = with.clone();
            without.insert(1, "--no-index");
            let (indexed, scanned) = (cqlq_in(dir, &with), cqlq_in(dir, &without));
            let what = format!("{query} {options:?} {file}");
            assert_eq!(text(&indexed.stdout), text(&scanned.stdout), "{what}");
            assert_eq!(text(&indexed.stderr), text(&scanned.stderr), "{what}");
            assert_eq!(indexed.status.code(), scanned.status.code(), "{what}");
            refused |= scanned.status.code() == Some(2);
        }
        if !refused {
            runnable += 1;
            skipped += skipped_in(dir, files[0], &query);
        }
    }
    assert!(runnable * 10 >= count * 8, "{runnable} of {count} runnable");
    assert!(skipped > 0, "the index ruled no game out");
}

/// 80 queries on `std-visible-5k.pgn` and `messy.pgn`, each searched with and without the
/// index.
#[test]
fn random_queries_answer_with_the_index_as_the_scan() {
    random_queries_answer_as_the_scan("random-queries", 0x9e37_79b9_7f4a_7c15, 80);
}

/// The same with 2,000 other queries (about 10 minutes): `cargo test --test cli
/// random_queries -- --ignored`.
#[test]
#[ignore]
fn many_random_queries_answer_with_the_index_as_the_scan() {
    random_queries_answer_as_the_scan("many-random-queries", 0x2545_f491_4f6c_dd1d, 2000);
}

/// `std-visible-5k.pgn` with a `;` comment line before each game's moves (after the blank
/// line that ends its tags, with that line's ending): a game the one-pass search leaves to
/// the careful reader (`pgn::plain`), its moves and tags unchanged.
fn careful_copy(plain: &[u8]) -> Vec<u8> {
    let mut careful = Vec::with_capacity(plain.len() + plain.len() / 20);
    let lines: Vec<&[u8]> = plain.split_inclusive(|&b| b == b'\n').collect();
    for (i, line) in lines.iter().enumerate() {
        careful.extend_from_slice(line);
        let blank = line.iter().all(u8::is_ascii_whitespace);
        let after_tags = i > 0 && lines[i - 1].starts_with(b"[");
        let moves_next = lines.get(i + 1).is_some_and(|next| !next.starts_with(b"["));
        if blank && after_tags && moves_next {
            let ending: &[u8] = if line.ends_with(b"\r\n") {
                b"\r\n"
            } else {
                b"\n"
            };
            careful.extend_from_slice(b"; careful reader");
            careful.extend_from_slice(ending);
        }
    }
    careful
}

/// 40 queries on `std-visible-5k.pgn`, whose games the one-pass search reads, and on its
/// careful copy, whose games the careful reader reads: the same game numbers, count, FEN
/// and JSON lines, stderr and exit status (PGN differs by the `;` comment, which the careful
/// reader keeps: written in the matched games, it shows that reader read them).
#[test]
fn random_queries_answer_on_the_careful_path_as_on_the_one_pass() {
    let Some(data) = crate::common::shared_file("data") else {
        return;
    };
    let scratch = crate::common::scratch("careful", "random-queries");
    let dir = scratch.path();
    let plain = std::fs::read(data.join("std-visible-5k.pgn")).unwrap();
    std::fs::write(dir.join("plain.pgn"), &plain).unwrap();
    std::fs::write(dir.join("careful.pgn"), careful_copy(&plain)).unwrap();
    let written = cqlq_in(dir, &["-q", "-e", "mate", "careful.pgn"]);
    assert!(
        text(&written.stdout).contains("careful reader"),
        "{}",
        text(&written.stderr)
    );
    let mut maker = Maker {
        below: crate::common::below_from(0x0123_4567_89ab_cdef),
    };
    let forms = ["--gamenumbers", "--count", "--json", "--fen"];
    let mut runnable = 0;
    for _ in 0..40 {
        let query = maker.query();
        let options = maker.options(&forms);
        let mut args: Vec<&str> = vec!["-q", "--no-index"];
        args.extend(options.iter().map(String::as_str));
        args.extend(["-e", query.as_str(), "plain.pgn"]);
        let one_pass = cqlq_in(dir, &args);
        *args.last_mut().unwrap() = "careful.pgn";
        let careful = cqlq_in(dir, &args);
        let what = format!("{query} {options:?}");
        assert_eq!(text(&one_pass.stdout), text(&careful.stdout), "{what}");
        assert_eq!(text(&one_pass.stderr), text(&careful.stderr), "{what}");
        assert_eq!(one_pass.status.code(), careful.status.code(), "{what}");
        runnable += usize::from(careful.status.code() != Some(2));
    }
    assert!(runnable >= 32, "{runnable} of 40 runnable");
}

/// 20 queries on `std-visible-5k.pgn` (indexed) cut into two to four shards at random bytes,
/// each shard searched through the index as `cqlq-spark`'s tasks search one (`--byte-range
/// A-B --first-game-number G`, G one more than the games that start before A): the shards'
/// outputs joined are the whole file's scanned (`--no-index`), in PGN, game numbers, JSON and
/// FEN, and so is whether some game matched (`--limit`, which each shard applies on its own,
/// left out).
#[test]
fn random_queries_in_shards_answer_as_the_whole_file() {
    let scratch = crate::common::scratch("shards", "random-queries");
    let dir = scratch.path();
    if !copy_shared_indexed(dir, "std-visible-5k.pgn") {
        return;
    }
    let size = std::fs::metadata(dir.join("std-visible-5k.pgn"))
        .unwrap()
        .len() as usize;
    let mut maker = Maker {
        below: crate::common::below_from(0x5851_f42d_4c95_7f2d),
    };
    let games_before = |at: usize| -> u64 {
        let range = format!("0-{at}");
        let args = ["-q", "--no-index", "--count", "--byte-range", &range];
        let out = cqlq_in(
            dir,
            &[&args[..], &["-e", "true", "std-visible-5k.pgn"]].concat(),
        );
        text(&out.stdout).trim().parse().unwrap_or(0)
    };
    let mut runnable = 0;
    for _ in 0..20 {
        let query = maker.query();
        let mut options = maker.options(&["", "--gamenumbers", "--json", "--fen"]);
        // `--limit N` is each shard's own (a task stops after its N games).
        if let Some(at) = options.iter().position(|option| option == "--limit") {
            options.drain(at..at + 2);
        }
        let mut whole: Vec<&str> = vec!["-q", "--no-index"];
        whole.extend(options.iter().map(String::as_str));
        whole.extend(["-e", query.as_str(), "std-visible-5k.pgn"]);
        let scanned = cqlq_in(dir, &whole);
        if scanned.status.code() == Some(2) {
            continue;
        }
        runnable += 1;
        let mut cuts: Vec<usize> = (0..1 + (maker.below)(3))
            .map(|_| 1 + (maker.below)(size - 1))
            .collect();
        cuts.extend([0, size]);
        cuts.sort_unstable();
        cuts.dedup();
        let (mut joined, mut matched) = (String::new(), false);
        for pair in cuts.windows(2) {
            let range = format!("{}-{}", pair[0], pair[1]);
            let first = (1 + games_before(pair[0])).to_string();
            let mut shard: Vec<&str> = vec!["-q"];
            shard.extend(options.iter().map(String::as_str));
            shard.extend(["--byte-range", &range, "--first-game-number", &first]);
            shard.extend(["-e", query.as_str(), "std-visible-5k.pgn"]);
            let out = cqlq_in(dir, &shard);
            assert!(
                out.status.code() != Some(2),
                "{query} {range}: {}",
                text(&out.stderr)
            );
            joined.push_str(&text(&out.stdout));
            matched |= out.status.success();
        }
        let what = format!("{query} {options:?} cut at {cuts:?}");
        assert_eq!(joined, text(&scanned.stdout), "{what}");
        assert_eq!(matched, scanned.status.success(), "{what}");
    }
    assert!(runnable >= 16, "{runnable} of 20 runnable");
}
