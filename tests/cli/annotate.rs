//! `cqlq annotate` (issue 7, item 1): several themes in one pass; every game written back as
//! read, plus a comment at each matched position and a `Themes` tag. The additions are, by
//! the tool's documentation (`src/annotate/mod.rs`): ` {names}` after a move (after its NAGs),
//! `{names} ` at the start of the movetext for the start position, and the tag line
//! `[Themes "names"]` after the last tag (line ending as the file's).

use std::collections::{BTreeMap, BTreeSet};
use std::path::Path;
use std::process::{Command, Stdio};

use crate::common;

fn bin() -> &'static str {
    env!("CARGO_BIN_EXE_cqlq")
}

fn query(name: &str) -> String {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("queries")
        .join(name)
        .display()
        .to_string()
}

/// Removes exactly what annotate adds, knowing only the theme names: each `[Themes "..."]`
/// with the line break before it when the line before is a tag line (the tag added after the
/// last tag), else with the blank line after it (a game without tags gets it first, then a
/// blank line); ` {N1 N2 ...}` and `{N1 N2 ...} ` where every `Ni` is a theme name. Returns
/// the text and the number of comments removed.
fn remove_additions(text: &[u8], names: &[&str]) -> (Vec<u8>, usize) {
    let alt = names
        .iter()
        .map(|n| regex::escape(n))
        .collect::<Vec<_>>()
        .join("|");
    let tag = regex::bytes::Regex::new(r#"\[Themes "[^"\r\n]*"\]"#).unwrap();
    let after = regex::bytes::Regex::new(&format!(r" \{{(?:{alt})(?: (?:{alt}))*\}}")).unwrap();
    let before = regex::bytes::Regex::new(&format!(r"\{{(?:{alt})(?: (?:{alt}))*\}} ")).unwrap();
    let mut t = Vec::with_capacity(text.len());
    let mut copied = 0;
    for m in tag.find_iter(text) {
        let head = &text[..m.start()];
        let eol = if head.ends_with(b"\r\n") {
            2
        } else {
            usize::from(head.ends_with(b"\n"))
        };
        let line_end = m.start() - eol;
        let line_start = text[..line_end]
            .iter()
            .rposition(|&b| b == b'\n')
            .map_or(0, |i| i + 1);
        let line = &text[line_start..line_end];
        let line = line.strip_prefix(b"\xef\xbb\xbf").unwrap_or(line);
        if eol > 0 && line.starts_with(b"[") {
            t.extend_from_slice(&text[copied..line_end]);
            copied = m.end();
        } else {
            let rest = &text[m.end()..];
            let blank: &[u8] = if rest.starts_with(b"\r\n\r\n") {
                b"\r\n\r\n"
            } else {
                assert!(rest.starts_with(b"\n\n"), "a blank line after the tag");
                b"\n\n"
            };
            t.extend_from_slice(&text[copied..m.start()]);
            copied = m.end() + blank.len();
        }
    }
    t.extend_from_slice(&text[copied..]);
    let n = after.find_iter(&t).count();
    let t = after.replace_all(&t, &b""[..]).into_owned();
    let m = before.find_iter(&t).count();
    (before.replace_all(&t, &b""[..]).into_owned(), n + m)
}

/// The number after `label` in the summary line (`4 positions commented`).
fn summary_count(stderr: &str, label: &str) -> usize {
    let line = stderr.lines().last().unwrap_or("");
    let at = line
        .find(label)
        .unwrap_or_else(|| panic!("no {label:?} in {line:?}"));
    line[..at]
        .split_whitespace()
        .last()
        .and_then(|n| n.parse().ok())
        .unwrap()
}

const THEMES: [&str; 3] = ["smothered-mate", "underpromotion", "rooks-on-the-seventh"];

/// Runs `cqlq annotate THEMES FILE -o OUT EXTRA...` on a file of `../shared/data`; returns
/// (input, output, stderr), or None when `../shared` is absent.
fn annotate_shared(
    dir: &Path,
    file: &str,
    themes: &[String],
    extra: &[&str],
) -> Option<(Vec<u8>, Vec<u8>, String)> {
    let input = common::shared_file(&format!("data/{file}"))?;
    let out = dir.join("out.pgn");
    let run = Command::new(bin())
        .arg("annotate")
        .args(themes)
        .arg(&input)
        .arg("-o")
        .arg(&out)
        .args(extra)
        .output()
        .unwrap();
    let stderr = String::from_utf8_lossy(&run.stderr).into_owned();
    assert_eq!(run.status.code(), Some(0), "{stderr}");
    Some((
        std::fs::read(input).unwrap(),
        std::fs::read(out).unwrap(),
        stderr,
    ))
}

/// The three themes of `queries/` over `annotated.pgn`.
fn annotate_real(dir: &Path) -> Option<(Vec<u8>, Vec<u8>, String)> {
    let themes: Vec<String> = THEMES.iter().map(|t| query(&format!("{t}.cql"))).collect();
    annotate_shared(dir, "annotated.pgn", &themes, &[])
}

/// Removes the additions from `output` and compares with `input`; checks that the tool's
/// counts agree with what was removed.
fn assert_round_trip(input: &[u8], output: &[u8], stderr: &str, names: &[&str]) {
    let (back, removed) = remove_additions(output, names);
    assert!(output.len() > input.len(), "something was added");
    assert!(removed > 100, "only {removed} comments removed");
    assert_eq!(removed, summary_count(stderr, "positions commented"));
    let tags = output.windows(9).filter(|w| w == b"[Themes \"").count();
    assert_eq!(tags, summary_count(stderr, "annotated ("));
    if back != input {
        let at = back
            .iter()
            .zip(input)
            .position(|(a, b)| a != b)
            .unwrap_or(0);
        let show = |t: &[u8]| {
            String::from_utf8_lossy(&t[at.saturating_sub(80)..(at + 80).min(t.len())]).into_owned()
        };
        panic!(
            "differs at byte {at}:\n{}\n---\n{}",
            show(&back),
            show(input)
        );
    }
}

/// The round trip the issue asks for: on real annotated PGN (comments, NAGs, variations,
/// clock comments, `1.e4` and `1. e4` styles, unterminated tag values), removing the
/// additions gives the input back byte for byte, and as many comments were removed as the
/// tool says it added.
#[test]
fn round_trip_on_real_annotated_pgn_is_lossless() {
    let scratch = common::scratch("annotate", "roundtrip");
    let dir = scratch.path();
    let Some((input, output, stderr)) = annotate_real(dir) else {
        return;
    };
    assert_round_trip(&input, &output, &stderr, &THEMES);
}

/// The same on odd real-world input (`messy.pgn`: games without tags, a BOM mid-file, UCI
/// moves, broken games) and on CQL's sample (studies with FEN starts and variations), with
/// positions in variations searched: `initial` comments every game's start position, `mate`
/// and `check` (with its own text) positions in variations too.
#[test]
fn round_trip_on_messy_and_variations_is_lossless() {
    let scratch = common::scratch("annotate", "roundtrip-messy");
    let dir = scratch.path();
    let write = |name: &str, text: &str| {
        let p = dir.join(name);
        std::fs::write(&p, text).unwrap();
        p.display().to_string()
    };
    let themes = [
        write("initial.cql", "cql()\ninitial\n"),
        write("mate.cql", "cql()\nmate\n"),
        write("checks.cql", "cql()\ncheck comment(\"in check\")\n"),
    ];
    for file in ["messy.pgn", "cql-sample.pgn"] {
        let Some((input, output, stderr)) = annotate_shared(dir, file, &themes, &["--variations"])
        else {
            return;
        };
        assert_round_trip(&input, &output, &stderr, &["initial", "mate", "in check"]);
    }
}

/// Consistency of two code paths: the positions annotate comments for each theme are the
/// positions `cqlq --json THEME` reports (game number, main-line ply), on the games that both
/// read without a fault (annotate leaves a faulty game unchanged; the plain run still reports
/// what it found before the fault).
#[test]
fn annotated_positions_are_the_json_matches() {
    let scratch = common::scratch("annotate", "json");
    let dir = scratch.path();
    let Some((input, output, stderr)) = annotate_real(dir) else {
        return;
    };
    let bad: BTreeSet<u64> = stderr
        .lines()
        .filter_map(|l| l.split(": game ").nth(1)?.split(' ').next()?.parse().ok())
        .collect();
    assert!(!bad.is_empty(), "annotated.pgn has known faulty games");
    let games = |bytes: &[u8]| -> Vec<Option<cqlq::pgn::GameRecord>> {
        cqlq::pgn::split_games(bytes)
            .map(|r| cqlq::pgn::read_game(&bytes[r]).ok())
            .collect()
    };
    let (before, after) = (games(&input), games(&output));
    assert_eq!(before.len(), after.len());
    // Per theme: (game, ply) where the output's node has one comment more than the input's,
    // first, naming the theme.
    let mut annotated: BTreeMap<&str, BTreeSet<(u64, u32)>> = BTreeMap::new();
    for (i, (b, a)) in before.iter().zip(&after).enumerate() {
        let (Some(b), Some(a)) = (b, a) else { continue };
        let number = i as u64 + 1;
        if bad.contains(&number) {
            continue;
        }
        for (ply, (&nb, &na)) in b.mainline().iter().zip(&a.mainline()).enumerate() {
            let (cb, ca) = (
                &b.nodes[nb as usize].comments_after,
                &a.nodes[na as usize].comments_after,
            );
            if ca.len() == cb.len() + 1 && ca[1..] == cb[..] {
                for name in ca[0].split(' ') {
                    annotated
                        .entry(name)
                        .or_default()
                        .insert((number, ply as u32));
                }
            } else {
                assert_eq!(ca, cb, "game {number} ply {ply}");
            }
        }
    }
    let input_path = common::shared_file("data/annotated.pgn").unwrap();
    for theme in THEMES {
        let run = common::cqlq(&[
            "--json",
            "-q",
            &query(&format!("{theme}.cql")),
            input_path.to_str().unwrap(),
        ]);
        let json: BTreeSet<(u64, u32)> = String::from_utf8_lossy(&run.stdout)
            .lines()
            .map(|l| {
                let v: serde_json::Value = serde_json::from_str(l).unwrap();
                (
                    v["game"].as_u64().unwrap(),
                    v["ply"].as_u64().unwrap() as u32,
                )
            })
            .filter(|(g, _)| !bad.contains(g))
            .collect();
        let ours = annotated.remove(theme).unwrap_or_default();
        assert!(!json.is_empty(), "{theme} matches somewhere");
        assert_eq!(ours, json, "{theme}");
    }
    assert!(
        annotated.is_empty(),
        "comments naming no theme: {annotated:?}"
    );
}

/// A game written for this test: the Blackburne Shilling trap, 7...Nf3# is a smothered mate
/// (the white king on e1 is hemmed in by its own Qd1, d2, Be2, Rf1, f2; the knight on f3 checks
/// it; Be2 is pinned by Qe4, so nothing takes the knight). Black gives check at ply 12
/// (6...Qxe4+) and mates at ply 14. Game 2 has no check or mate; game 3 has an illegal move.
const TRAP: &str = "[Event \"trap\"]\n[White \"A\"]\n[Black \"B\"]\n[Result \"0-1\"]\n\n\
1. e4 e5 2. Nf3 Nc6 3. Bc4 Nd4 4. Nxe5?! Qg5 5. Nxf7 Qxg2 6. Rf1 Qxe4+ 7. Be2 Nf3#! {Blackburne's trap} 0-1\n\n\
[Event \"quiet\"]\n\n1. d4 d5 *\n\n\
[Event \"bad\"]\n\n1. e4 e4 *\n";

/// What annotate must make of [`TRAP`] with the themes `initial` (the start position: a
/// comment before the movetext), `smothered-mate`, `checks` (`check comment("in check")`: its
/// own text instead of its name) and `mate`, given in that order: at ply 14 one comment with
/// the three themes in theme order; the NAG `!` stays with the move, the old comment after the
/// new one. The bad game is unchanged.
const TRAP_ANNOTATED: &str = "[Event \"trap\"]\n[White \"A\"]\n[Black \"B\"]\n[Result \"0-1\"]\n\
[Themes \"initial smothered-mate checks mate\"]\n\n\
{initial} 1. e4 e5 2. Nf3 Nc6 3. Bc4 Nd4 4. Nxe5?! Qg5 5. Nxf7 Qxg2 6. Rf1 Qxe4+ {in check} 7. Be2 Nf3#! \
{smothered-mate in check mate} {Blackburne's trap} 0-1\n\n\
[Event \"quiet\"]\n[Themes \"initial\"]\n\n{initial} 1. d4 d5 *\n\n\
[Event \"bad\"]\n\n1. e4 e4 *\n";

/// Writes the themes of [`TRAP_ANNOTATED`] into `dir`; returns their paths in order.
fn trap_themes(dir: &Path) -> Vec<String> {
    let write = |name: &str, text: &str| {
        let p = dir.join(name);
        std::fs::write(&p, text).unwrap();
        p.display().to_string()
    };
    vec![
        write("initial.cql", "cql()\ninitial\n"),
        query("smothered-mate.cql"),
        write("checks.cql", "cql()\ncheck comment(\"in check\")\n"),
        write("mate.cql", "cql()\nmate\n"),
    ]
}

#[test]
fn hand_reasoned_comments_and_tags() {
    let scratch = common::scratch("annotate", "trap");
    let dir = scratch.path();
    let pgn = dir.join("trap.pgn");
    std::fs::write(&pgn, TRAP).unwrap();
    let mut args = vec!["annotate".to_string()];
    args.extend(trap_themes(dir));
    args.push(pgn.display().to_string());
    let run = Command::new(bin()).args(&args).output().unwrap();
    let stderr = String::from_utf8_lossy(&run.stderr);
    assert_eq!(
        String::from_utf8_lossy(&run.stdout),
        TRAP_ANNOTATED,
        "{stderr}"
    );
    let bad_at = TRAP.find("[Event \"bad\"]").unwrap();
    assert!(
        stderr.contains(&format!("trap.pgn: game 3 (byte {bad_at}): ")),
        "{stderr}"
    );
    assert_eq!(run.status.code(), Some(0));
    // `--` puts every argument before it among the themes; a folder gives its themes in
    // name order: checks, initial, mate.
    let folder = dir.join("themes");
    std::fs::create_dir_all(&folder).unwrap();
    trap_themes(&folder);
    let run = common::cqlq(&[
        "annotate",
        "--tag",
        "Motifs",
        folder.to_str().unwrap(),
        "--",
        pgn.to_str().unwrap(),
    ]);
    let text = String::from_utf8_lossy(&run.stdout);
    assert!(text.contains("[Motifs \"checks initial mate\"]"), "{text}");
    assert!(text.contains("Nf3#! {in check mate} {Blackburne"), "{text}");
}

/// A theme's header changes its comments: `matchstring "MATE"` replaces the name, `quiet`
/// keeps only the query's own texts (here none: `check` makes no comment), yet both are
/// named in the tag of the game they are found in. Game 2 has neither check nor mate: it is
/// written as it was.
#[test]
fn header_comment_parameters() {
    let scratch = common::scratch("annotate", "header");
    let dir = scratch.path();
    let pgn = dir.join("trap.pgn");
    std::fs::write(&pgn, TRAP).unwrap();
    let marked = dir.join("marked.cql");
    std::fs::write(&marked, "cql(matchstring \"MATE\")\nmate\n").unwrap();
    let quiet = dir.join("quiet.cql");
    std::fs::write(&quiet, "cql(quiet)\ncheck\n").unwrap();
    let run = common::cqlq(&[
        "annotate",
        marked.to_str().unwrap(),
        quiet.to_str().unwrap(),
        pgn.to_str().unwrap(),
    ]);
    let want = TRAP
        .replacen(
            "[Result \"0-1\"]\n",
            "[Result \"0-1\"]\n[Themes \"marked quiet\"]\n",
            1,
        )
        .replacen("Nf3#! {", "Nf3#! {MATE} {", 1);
    assert_eq!(String::from_utf8_lossy(&run.stdout), want);
}

#[test]
fn in_place_keeps_a_backup_or_not() {
    let scratch = common::scratch("annotate", "inplace");
    let dir = scratch.path();
    let mut themes = trap_themes(dir);
    themes.insert(0, "annotate".into());
    for (backup, name) in [(true, "a.pgn"), (false, "b.pgn")] {
        let pgn = dir.join(name);
        std::fs::write(&pgn, TRAP).unwrap();
        let mut args = themes.clone();
        args.extend([pgn.display().to_string(), "--in-place".into()]);
        if !backup {
            args.push("--no-backup".into());
        }
        let run = Command::new(bin()).args(&args).output().unwrap();
        assert_eq!(
            run.status.code(),
            Some(0),
            "{}",
            String::from_utf8_lossy(&run.stderr)
        );
        assert!(run.stdout.is_empty());
        assert_eq!(std::fs::read_to_string(&pgn).unwrap(), TRAP_ANNOTATED);
        let bak = dir.join(format!("{name}.bak"));
        assert_eq!(bak.exists(), backup);
        if backup {
            assert_eq!(std::fs::read_to_string(&bak).unwrap(), TRAP);
        }
    }
    let leftovers: Vec<_> = std::fs::read_dir(dir)
        .unwrap()
        .filter_map(|e| e.ok()?.file_name().into_string().ok())
        .filter(|n| n.ends_with(".tmp"))
        .collect();
    assert!(leftovers.is_empty(), "{leftovers:?}");
}

/// A theme that does not compile stops the run before any game is read: the input is as it
/// was, no backup, no temporary file; `-o` naming an input is refused; a failing input with
/// `-o` leaves no output file.
#[test]
fn failures_leave_the_input_untouched() {
    let scratch = common::scratch("annotate", "fail");
    let dir = scratch.path();
    let pgn = dir.join("g.pgn");
    std::fs::write(&pgn, TRAP).unwrap();
    let broken = dir.join("broken.cql");
    std::fs::write(&broken, "cql()\nmate and (\n").unwrap();
    let g = pgn.to_str().unwrap();
    let run = common::cqlq(&["annotate", broken.to_str().unwrap(), g, "--in-place"]);
    assert_eq!(run.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&run.stderr).contains("broken.cql"));
    let missing = dir.join("missing.cql");
    let run = common::cqlq(&[
        "annotate",
        &query("mate-by-promoted-piece.cql"),
        missing.to_str().unwrap(),
        g,
        "--in-place",
    ]);
    assert_eq!(run.status.code(), Some(2));
    let run = common::cqlq(&["annotate", &query("smothered-mate.cql"), g, "-o", g]);
    assert_eq!(run.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&run.stderr).contains("refusing"));
    let out = dir.join("out.pgn");
    let run = common::cqlq(&[
        "annotate",
        &query("smothered-mate.cql"),
        g,
        "nope.pgn",
        "-o",
        out.to_str().unwrap(),
    ]);
    assert_eq!(run.status.code(), Some(2));
    assert!(!out.exists());
    assert_eq!(std::fs::read_to_string(&pgn).unwrap(), TRAP);
    let names: Vec<_> = std::fs::read_dir(dir)
        .unwrap()
        .filter_map(|e| e.ok()?.file_name().into_string().ok())
        .collect();
    assert_eq!(names.len(), 2, "{names:?}");
}

/// A run killed mid-way (as Ctrl-C or a crash would end it) leaves the input as it was: it is
/// replaced only by the final rename. The run is killed once its temporary file exists.
#[test]
fn killed_in_place_run_leaves_the_input_untouched() {
    let scratch = common::scratch("annotate", "kill");
    let dir = scratch.path();
    let pgn = dir.join("many.pgn");
    let text = TRAP.repeat(20_000);
    std::fs::write(&pgn, &text).unwrap();
    let mut child = Command::new(bin())
        .args([
            "annotate",
            &query("smothered-mate.cql"),
            pgn.to_str().unwrap(),
            "--in-place",
            "-j",
            "1",
        ])
        .stdout(Stdio::null())
        .stderr(Stdio::null())
        .spawn()
        .unwrap();
    // The temporary file: `.many.pgn.cqlq-` and 8 random characters, `.tmp`.
    let made = || {
        std::fs::read_dir(dir).unwrap().any(|e| {
            let name = e.unwrap().file_name().into_string().unwrap_or_default();
            name.starts_with(".many.pgn.cqlq-") && name.ends_with(".tmp")
        })
    };
    let started = std::time::Instant::now();
    while !made() && started.elapsed().as_secs() < 20 {
        std::thread::sleep(std::time::Duration::from_millis(2));
    }
    let finished = child.try_wait().unwrap().is_some();
    child.kill().unwrap();
    child.wait().unwrap();
    assert!(!finished, "the run ended before it could be interrupted");
    assert!(
        std::fs::read(&pgn).unwrap() == text.as_bytes(),
        "input changed"
    );
    assert!(!dir.join("many.pgn.bak").exists());
}

/// `annotated.pgn` mixes CRLF and LF games, and some CRLF games end their last tag line
/// with trailing spaces (`[Annotator "Ashish Thatte"] `) or a broken tag. With a theme that
/// matches every game (`initial`), every game gets a `[Themes]` line; the line break before
/// it and the one ending it must be the same (CRLF in a CRLF game, LF in an LF game), as the
/// game's own lines are: a bare LF inserted into a CRLF game is what the issue saw.
#[test]
fn themes_tag_keeps_crlf_after_trailing_spaces_in_annotated_pgn() {
    let scratch = common::scratch("annotate", "crlf");
    let dir = scratch.path();
    let initial = dir.join("initial.cql");
    std::fs::write(&initial, "cql()\ninitial\n").unwrap();
    let themes = [initial.display().to_string()];
    let Some((_, output, _)) = annotate_shared(dir, "annotated.pgn", &themes, &[]) else {
        return;
    };
    let mut checked = 0;
    let mut mixed = Vec::new();
    for (at, _) in output
        .windows(10)
        .enumerate()
        .filter(|(_, w)| *w == b"\n[Themes \"")
    {
        let before_crlf = at > 0 && output[at - 1] == b'\r';
        let end = at + 1 + output[at + 1..].iter().position(|&b| b == b'\n').unwrap();
        let after_crlf = output[end - 1] == b'\r';
        checked += 1;
        if before_crlf != after_crlf {
            mixed.push(String::from_utf8_lossy(&output[at.saturating_sub(60)..end]).into_owned());
        }
    }
    assert!(checked > 4_000, "only {checked} Themes tags");
    assert!(
        mixed.is_empty(),
        "{} mixed: {:?}",
        mixed.len(),
        &mixed[..mixed.len().min(3)]
    );
}

/// A theme whose `cql(...)` header holds a parameter that cannot be used is refused as the
/// search refuses it, pointed at: the file, line 2 column 5 (`cql(` on its own line after a
/// comment line, then the parameter), and the reason, before any game is read.
#[test]
fn a_theme_header_parameter_is_refused_at_its_place() {
    let scratch = common::scratch("annotate", "header");
    let dir = scratch.path();
    let pgn = dir.join("g.pgn");
    std::fs::write(&pgn, TRAP).unwrap();
    let theme = dir.join("bad.cql");
    std::fs::write(&theme, "// a theme\ncql(matchcount 5 2)\nmate\n").unwrap();
    let run = common::cqlq(&["annotate", theme.to_str().unwrap(), pgn.to_str().unwrap()]);
    let stderr = String::from_utf8_lossy(&run.stderr);
    assert_eq!(run.status.code(), Some(2), "{stderr}");
    assert!(run.stdout.is_empty(), "{stderr}");
    assert!(
        stderr.contains("'matchcount': expected a range of counts, 0 or more, lowest first"),
        "{stderr}"
    );
    assert!(stderr.contains("bad.cql:2:5"), "{stderr}");
}
