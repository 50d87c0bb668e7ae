//! CQL 6.2's command line, run unchanged by cqlq (`src/cli/aliases.rs`).
//!
//! The command lines are copied from CQL 6.2's documentation, options.html ("The CQL command
//! line"): "cql -input h.pgn foo.cql", "cql -gamenumber 1 100 foo.cql", "cql -gamenumber 43597
//! foo.cql", "cql -cql \"Ra3 Nb2 stalemate\"", "cql -black Kasparov", "cql -event
//! Championship", "cql -fen 8/8/8/8/8/8/8/KNk5", "cql -flipcolor staircase.cql"; its text:
//! "you can use one hyphen instead of two", "-input -i ... The .cql extension may be omitted.
//! Overrides the input parameter", "-gamenumber -g ... the range given by the next one or two
//! numeric command line arguments", "-cql: positions must match the specified CQL filters".
//! The reference runs in `../shared/cql/README.md` were made with `cql -s -showmatches -i
//! GAMES.pgn -o out.pgn QUERY.cql`. Each is checked two ways: the same output as cqlq's own
//! spelling, and the games it must select, counted by hand on three games (below).
//!
//! The games (checks counted by hand, as in header_params.rs):
//! 1. Anna Alpha - Bob Beta, Spring Open, Oslo, 1999, 1-0: ... 4.Qxf7# — one check, Black to
//!    move, mate.
//! 2. Carl Gamma - Anna Alpha, Autumn Cup, Rome, 2005, 0-1: 1.f3 e5 2.g4 Qh4# — one check,
//!    White to move, mate.
//! 3. Dana Delta - Eve Epsilon, Spring Open, Paris, 2010, 1/2-1/2: 1.e4 f5 2.Qh5+ g6 3.Qxg6+
//!    hxg6 — two checks, both with Black to move, no mate.

use std::path::Path;
use std::process::{Command, Output};

use crate::common::THREE_GAMES as GAMES;

/// A directory holding `h.pgn` (the games) and `check.cql` (`cql() check`).
fn workdir() -> tempfile::TempDir {
    let dir = tempfile::tempdir().unwrap();
    std::fs::write(dir.path().join("h.pgn"), GAMES).unwrap();
    std::fs::write(dir.path().join("check.cql"), "cql()\ncheck\n").unwrap();
    dir
}

/// cqlq run in `dir` with `args`.
fn cqlq_in(dir: &Path, args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_cqlq"))
        .current_dir(dir)
        .args(args)
        .output()
        .unwrap()
}

/// The game numbers of cqlq's `{Game number N}` comments in `out`'s stdout.
fn games_of(out: &Output) -> Vec<u32> {
    String::from_utf8_lossy(&out.stdout)
        .match_indices("{Game number ")
        .map(|(i, m)| {
            let rest = &String::from_utf8_lossy(&out.stdout)[i + m.len()..];
            rest[..rest.find(['}', ' ']).unwrap()].parse().unwrap()
        })
        .collect()
}

/// Runs the CQL spelling and cqlq's spelling (both with `-q`, no summary line): same status,
/// same stdout; returns the games the CQL spelling output.
fn same_as(dir: &Path, cql: &[&str], cqlq: &[&str]) -> Vec<u32> {
    let a = cqlq_in(dir, &[&["-q"], cql].concat());
    let b = cqlq_in(dir, &[&["-q"], cqlq].concat());
    let err = String::from_utf8_lossy(&a.stderr);
    assert_eq!(
        a.status.code(),
        b.status.code(),
        "{cql:?} vs {cqlq:?}: {err}"
    );
    assert_eq!(
        String::from_utf8_lossy(&a.stdout),
        String::from_utf8_lossy(&b.stdout),
        "{cql:?} vs {cqlq:?}"
    );
    games_of(&a)
}

#[test]
fn documented_command_lines_run_unchanged() {
    let d = workdir();
    let d = d.path();
    // "cql -input h.pgn foo.cql": every checking game.
    assert_eq!(
        same_as(
            d,
            &["-input", "h.pgn", "check.cql"],
            &["check.cql", "h.pgn"]
        ),
        [1, 2, 3]
    );
    // "The .cql extension may be omitted."
    assert_eq!(
        same_as(d, &["-i", "h.pgn", "check"], &["check.cql", "h.pgn"]),
        [1, 2, 3]
    );
    // "cql -gamenumber 1 100 foo.cql" and "cql -gamenumber 43597 foo.cql" (here game 2).
    assert_eq!(
        same_as(
            d,
            &["-i", "h.pgn", "-gamenumber", "1", "100", "check.cql"],
            &["--gamenumber", "1-100", "check.cql", "h.pgn"]
        ),
        [1, 2, 3]
    );
    assert_eq!(
        same_as(
            d,
            &["-i", "h.pgn", "-gamenumber", "2", "check.cql"],
            &["--gamenumber=2", "check.cql", "h.pgn"]
        ),
        [2]
    );
    // "cql -cql \"Ra3 Nb2 stalemate\"": no game has it (exit 1); `-cql mate` alone: 1 and 2.
    assert_eq!(
        same_as(
            d,
            &["-i", "h.pgn", "-cql", "Ra3 Nb2 stalemate"],
            &["-e", "Ra3 Nb2 stalemate", "h.pgn"]
        ),
        [] as [u32; 0]
    );
    assert_eq!(
        same_as(
            d,
            &["-i", "h.pgn", "-cql", "mate"],
            &["-e", "mate", "h.pgn"]
        ),
        [1, 2]
    );
    // "cql -black Kasparov" (here Anna, Black in game 2), "cql -event Championship" (here
    // Spring: games 1 and 3).
    assert_eq!(
        same_as(
            d,
            &["-i", "h.pgn", "-black", "Anna", "check.cql"],
            &["--black", "Anna", "check.cql", "h.pgn"]
        ),
        [2]
    );
    assert_eq!(
        same_as(
            d,
            &["-i", "h.pgn", "-event", "Spring", "check.cql"],
            &["--event", "Spring", "check.cql", "h.pgn"]
        ),
        [1, 3]
    );
    // "cql -fen 8/8/8/8/8/8/8/KNk5": the filter `fen "..."`, which none of the games reaches;
    // the start position's board is reached by all three.
    let start = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR";
    assert_eq!(
        same_as(
            d,
            &["-i", "h.pgn", "-fen", "8/8/8/8/8/8/8/KNk5"],
            &["-e", "fen \"8/8/8/8/8/8/8/KNk5\"", "h.pgn"]
        ),
        [] as [u32; 0]
    );
    assert_eq!(
        same_as(
            d,
            &["-i", "h.pgn", "-fen", start, "check.cql"],
            &["-e", &format!("fen \"{start}\" check"), "h.pgn"]
        ),
        [] as [u32; 0]
    );
    assert_eq!(
        same_as(
            d,
            &["-i", "h.pgn", "-fen", start],
            &["-e", &format!("fen \"{start}\""), "h.pgn"]
        ),
        [1, 2, 3]
    );
    // "cql -flipcolor staircase.cql": the body inside `flipcolor { }`. `wtm check` holds only in
    // game 2; with colours flipped, `btm check` joins games 1 and 3.
    std::fs::write(d.join("w.cql"), "cql()\nwtm check\n").unwrap();
    assert_eq!(
        same_as(d, &["-i", "h.pgn", "w.cql"], &["w.cql", "h.pgn"]),
        [2]
    );
    assert_eq!(
        same_as(
            d,
            &["-i", "h.pgn", "-flipcolor", "w.cql"],
            &["-e", "cql() flipcolor {wtm check}", "h.pgn"]
        ),
        [1, 2, 3]
    );
}

#[test]
fn the_reference_runs_command_line() {
    // `cql -s -showmatches -i GAMES.pgn -o out.pgn QUERY.cql`: one thread, `<N>` for each
    // matched game, the games in out.pgn.
    let d = workdir();
    let d = d.path();
    let q = std::fs::read_to_string(d.join("check.cql")).unwrap();
    std::fs::write(d.join("mate.cql"), q.replace("check", "mate")).unwrap();
    let out = cqlq_in(
        d,
        &[
            "-s",
            "-showmatches",
            "-i",
            "h.pgn",
            "-o",
            "out.pgn",
            "mate.cql",
        ],
    );
    assert_eq!(out.status.code(), Some(0));
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(err.starts_with("<1><2>\n"), "{err}");
    let mine = cqlq_in(d, &["-q", "mate.cql", "h.pgn"]);
    let written = std::fs::read(d.join("out.pgn")).unwrap();
    assert_eq!(written, mine.stdout);
    assert_eq!(games_of(&mine), [1, 2]);
}

#[test]
fn each_alias() {
    let d = workdir();
    let d = d.path();
    let c = "check.cql";
    let runs: &[(&[&str], &[&str], &[u32])] = &[
        (&["-g", "2", "3"], &["--gamenumber", "2-3"], &[2, 3]),
        (&["--GameNumber", "3", c], &["--gamenumber=3"], &[3]),
        (
            &["-year", "2000", "2010"],
            &["--year", "2000-2010"],
            &[2, 3],
        ),
        (&["-year", "1999"], &["--year=1999"], &[1]),
        (&["-player", "Anna"], &["--player", "Anna"], &[1, 2]),
        (&["-white", "Anna"], &["--white", "Anna"], &[1]),
        (&["-site", "Rome"], &["--site", "Rome"], &[2]),
        (&["-result", "1/2-1/2"], &["--result", "1/2-1/2"], &[3]),
        (&["-matchcount", "2"], &["--matchcount=2"], &[3]),
        (
            &["-matchcount", "1", "1"],
            &["--matchcount", "1-1"],
            &[1, 2],
        ),
        (&["-mainline"], &["--mainline"], &[1, 2, 3]),
        (&["-variations"], &["--variations"], &[1, 2, 3]),
        (&["-quiet"], &["--quiet"], &[1, 2, 3]),
        (
            &["-matchstring", "Hit"],
            &["--matchstring", "Hit"],
            &[1, 2, 3],
        ),
        (&["-threads", "2"], &["--threads", "2"], &[1, 2, 3]),
        (&["-s"], &["--threads", "1"], &[1, 2, 3]),
        (&["-singlethreaded"], &["-j1"], &[1, 2, 3]),
        (&["-wtm"], &["--cql", "wtm"], &[2]),
        (&["-btm"], &["--cql", "btm"], &[1, 3]),
        (&["-o", "stdout"], &[], &[1, 2, 3]),
    ];
    for (cql, own, want) in runs {
        let mut a: Vec<&str> = vec!["-i", "h.pgn"];
        a.extend(cql.iter());
        if !cql.contains(&c) {
            a.push(c);
        }
        let mut b: Vec<&str> = own.to_vec();
        b.extend([c, "h.pgn"]);
        assert_eq!(&same_as(d, &a, &b), want, "{cql:?}");
    }
    // -matchstring and -noheader / -silent change the comments (no games to count there).
    let hit = cqlq_in(d, &["-q", "-i", "h.pgn", "-matchstring", "Hit", c]);
    assert!(String::from_utf8_lossy(&hit.stdout).contains("{Hit}"));
    for quiet in ["-noheader", "-silent"] {
        let out = cqlq_in(d, &["-q", "-i", "h.pgn", quiet, c]);
        let text = String::from_utf8_lossy(&out.stdout);
        assert!(
            !text.contains("{Game number") && text.contains("Qxf7#"),
            "{quiet}: {text}"
        );
    }
    // -parse: the query is only compiled (nothing read).
    let out = cqlq_in(d, &["-parse", c]);
    assert_eq!(out.status.code(), Some(0));
    // `-output` writes the file.
    let out = cqlq_in(d, &["-q", "-input", "h.pgn", "-output", "o.pgn", c]);
    assert_eq!(out.status.code(), Some(0));
    assert!(
        std::fs::read_to_string(d.join("o.pgn"))
            .unwrap()
            .contains("{Game number 3}")
    );
}

#[test]
fn command_line_overrides_the_header() {
    // "-input ... Overrides the input parameter"; the header's gamenumber 1 is overridden too.
    let d = workdir();
    let d = d.path();
    std::fs::write(d.join("other.pgn"), "").unwrap();
    std::fs::write(
        d.join("hdr.cql"),
        "cql(input other.pgn gamenumber 1)\ncheck\n",
    )
    .unwrap();
    assert_eq!(
        same_as(
            d,
            &["-i", "h.pgn", "hdr.cql"],
            &["--gamenumber=1", "check.cql", "h.pgn"]
        ),
        [1]
    );
    assert_eq!(
        same_as(
            d,
            &["-i", "h.pgn", "-g", "3", "hdr.cql"],
            &["--gamenumber=3", "check.cql", "h.pgn"]
        ),
        [3]
    );
}

#[test]
fn collisions_and_refusals() {
    let d = workdir();
    let d = d.path();
    // `-q` is cqlq's --no-summary (CQL has no -q): stderr stays empty.
    let out = cqlq_in(d, &["-q", "-i", "h.pgn", "check.cql"]);
    assert!(out.stderr.is_empty());
    // `--fen` (two dashes, no FEN after it) is cqlq's FEN output: one line per matched
    // position, four checks in all.
    let out = cqlq_in(d, &["-q", "--fen", "check.cql", "h.pgn"]);
    assert_eq!(String::from_utf8_lossy(&out.stdout).lines().count(), 4);
    // `-a` after `-o` is append (cqlq's and CQLi's): twice gives the games twice.
    for _ in 0..2 {
        cqlq_in(
            d,
            &["-q", "-i", "h.pgn", "-o", "twice.pgn", "-a", "check.cql"],
        );
    }
    let text = std::fs::read_to_string(d.join("twice.pgn")).unwrap();
    assert_eq!(text.matches("{Game number 1}").count(), 2);
    // CQL 6.2's `cql -a x.cql` converts the file to ASCII (cql.cpp): already ASCII here,
    // so it is left as it was (tests/cql/converters.rs has the conversions).
    let before = std::fs::read(d.join("check.cql")).unwrap();
    let out = cqlq_in(d, &["-a", "check.cql"]);
    assert_eq!(out.status.code(), Some(0));
    assert!(String::from_utf8_lossy(&out.stderr).contains("already in ASCII"));
    assert_eq!(std::fs::read(d.join("check.cql")).unwrap(), before);
    // Unknown and unsupported words are named.
    for (word, says) in [
        ("-frobnicate", "unknown option '-frobnicate'"),
        ("-gamenumbr", "did you mean -gamenumber?"),
        ("-json", "--json"),
        ("-hhdb", "'-hhdb' is not supported"),
        ("-nosettag", "'-nosettag' is not supported"),
    ] {
        let out = cqlq_in(d, &["-i", "h.pgn", word, "check.cql"]);
        let err = String::from_utf8_lossy(&out.stderr);
        assert_eq!(out.status.code(), Some(2), "{word}");
        assert!(err.contains(says), "{word}: {err}");
    }
}

#[test]
fn man_page_completions_and_help_are_built() {
    let d = workdir();
    let d = d.path();
    // build.rs renders them from src/cli/args.rs (clap_mangen, clap_complete); the binary embeds them.
    let man = cqlq_in(d, &["--print-man"]);
    let man = String::from_utf8_lossy(&man.stdout);
    assert!(
        man.starts_with(".ie \\n(.g .ds Aq") || man.contains(".TH cqlq"),
        "{man}"
    );
    assert!(man.contains("\\-\\-fen"), "{man}");
    for shell in ["bash", "zsh", "fish"] {
        let out = cqlq_in(d, &["--completions", shell]);
        assert_eq!(out.status.code(), Some(0));
        let script = String::from_utf8_lossy(&out.stdout);
        assert!(script.contains("fen"), "{shell}: {script}");
        assert!(script.contains("cqlq"), "{shell}");
    }
    // --help shows an example per common task.
    let help = String::from_utf8_lossy(&cqlq_in(d, &["--help"]).stdout).to_string();
    for task in [
        "-o ",
        "--fen",
        "--json",
        "--count",
        "--variant",
        "(match",
        "annotate",
        ".pgn.zst",
        "-gamenumber",
    ] {
        assert!(help.contains(task), "--help lacks {task}");
    }
}

#[test]
fn header_parameters_likewise() {
    // CQL 6.2's header takes `noheader` like the option; parameters cqlq lacks are named.
    let d = workdir();
    let d = d.path();
    std::fs::write(d.join("nh.cql"), "cql(input h.pgn noheader)\ncheck\n").unwrap();
    let out = cqlq_in(d, &["-q", "nh.cql"]);
    let text = String::from_utf8_lossy(&out.stdout);
    assert!(
        !text.contains("{Game number") && text.contains("Qh4#"),
        "{text}"
    );
    std::fs::write(d.join("ns.cql"), "cql(input h.pgn nosettag)\ncheck\n").unwrap();
    let out = cqlq_in(d, &["-q", "ns.cql"]);
    assert_eq!(out.status.code(), Some(2));
    // Shown like a query error: the file, line 1, column 17 (where `nosettag` starts), the
    // parameter underlined, and what to do.
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(
        err.contains("'nosettag'") && err.contains("remove it"),
        "{err}"
    );
    assert!(err.contains("--> ns.cql:1:17\n"), "{err}");
    assert!(err.contains("|                 ^^^^^^^^\n"), "{err}");
    // A bad value: `gamenumber 0` (game numbers start at 1).
    std::fs::write(
        d.join("g0.cql"),
        "cql(input h.pgn\n    gamenumber 0)\ncheck\n",
    )
    .unwrap();
    let out = cqlq_in(d, &["-q", "g0.cql"]);
    assert_eq!(out.status.code(), Some(2));
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(
        err.contains("'gamenumber'") && err.contains("--> g0.cql:2:5\n"),
        "{err}"
    );
}

#[test]
fn errors_name_the_file_and_what_to_do() {
    // Each message names the file (or option) at fault and what to do; exit status 2.
    let d = workdir();
    let d = d.path();
    std::fs::create_dir(d.join("sub")).unwrap();
    let cases: &[(&[&str], &[&str])] = &[
        (
            &["nosuch.cql", "h.pgn"],
            &["nosuch.cql: ", "give the query file first"],
        ),
        (
            &["-o", "sub", "check.cql", "h.pgn"],
            &["sub: is a directory", "give -o a file name"],
        ),
        (
            &["-o", "h.pgn", "check.cql", "h.pgn"],
            &["input h.pgn", "give -o another file"],
        ),
        (
            &["-o", "nodir/x.pgn", "check.cql", "h.pgn"],
            &["nodir/x.pgn: ", "--createdirectories"],
        ),
        (
            &["--variants", "nosuch.txt", "check.cql", "h.pgn"],
            &["--variants nosuch.txt: ", "check the path"],
        ),
        (
            &["--variant", "nosuchchess", "check.cql", "h.pgn"],
            &["--variant: ", "\"nosuchchess\"", "--variants FILE"],
        ),
        (&["-i"], &["-i needs a value"]),
        (
            &["-frobnicate", "check.cql"],
            &["'-frobnicate'", "cqlq --help"],
        ),
    ];
    for (args, says) in cases {
        let out = cqlq_in(d, args);
        let err = String::from_utf8_lossy(&out.stderr);
        assert_eq!(out.status.code(), Some(2), "{args:?}: {err}");
        for s in *says {
            assert!(err.contains(s), "{args:?} lacks {s:?}: {err}");
        }
    }
}

/// cqlq run in `dir` with `args`: its stdout, and whether stderr is only the summary line.
fn stdout_and_quiet_stderr(dir: &Path, args: &[&str]) -> (Option<i32>, String, bool) {
    let out = cqlq_in(dir, args);
    let err = String::from_utf8_lossy(&out.stderr);
    let only_summary = err.lines().count() == 1 && err.contains(" read, ");
    (
        out.status.code(),
        String::from_utf8_lossy(&out.stdout).into_owned(),
        only_summary,
    )
}

#[test]
fn documented_command_lines_verbatim() {
    // CQL 6.2's page http://gadycosteff.com/cql/options.html ("The CQL command line"), its
    // examples word for word after `cql`: "cql foo.cql", "cql -input h.pgn foo.cql",
    // "cql -gamenumber 1 100 foo.cql", "cql -gamenumber 43597 foo.cql", "cql -flip
    // puremate-simple.cql", "cql -flipcolor staircase-sort.cql", "cql -assign Foo x.cqo"
    // ("variable Foo is assigned the string "x.cqo""), "cql -lineincrement 500" ("print
    // message every specified number of games"), "cql -a greekgift.cql" ("convert unicode
    // characters in greekgift.cql to ASCII"), "cql -gui -i /a/x/b.pgn -o /a/x/c.pgn",
    // "cql -html x.cql". The query files are ours (each reads h.pgn through its header); the
    // expected games are counted by hand (module comment). No cqlq option is added: stderr
    // holds only cqlq's summary line.
    let d = workdir();
    let d = d.path();
    let write = |name: &str, text: &str| std::fs::write(d.join(name), text).unwrap();
    write("foo.cql", "cql(input h.pgn)\ncheck\n");
    // `Bf4`: no game has a white bishop on f4; `flip` adds the board's symmetries, and the
    // mirror a<->h of f4 is c4, where game 1 has its bishop from 2.Bc4 on: game 1.
    write("puremate-simple.cql", "cql(input h.pgn)\nBf4\n");
    // `wtm check`: game 2 only; with colours flipped `btm check` joins games 1 and 3.
    write("staircase-sort.cql", "cql(input h.pgn)\nwtm check\n");
    // `Foo` is defined only by -assign.
    write("assigned.cql", "cql(input h.pgn)\nFoo == \"x.cqo\" check\n");
    write("greekgift.cql", "cql(input h.pgn)\ncheck\n");

    let (code, all, quiet) = stdout_and_quiet_stderr(d, &["foo.cql"]);
    assert!(quiet && code == Some(0));
    assert_eq!(games_of_text(&all), [1, 2, 3]);
    for (args, want) in [
        (&["-input", "h.pgn", "foo.cql"][..], &[1u32, 2, 3][..]),
        (&["-gamenumber", "1", "100", "foo.cql"], &[1, 2, 3]),
        (&["-gamenumber", "43597", "foo.cql"], &[]),
        (&["puremate-simple.cql"], &[]),
        (&["-flip", "puremate-simple.cql"], &[1]),
        (&["staircase-sort.cql"], &[2]),
        (&["-flipcolor", "staircase-sort.cql"], &[1, 2, 3]),
        (&["-assign", "Foo", "x.cqo", "assigned.cql"], &[1, 2, 3]),
        (&["-lineincrement", "500", "foo.cql"], &[1, 2, 3]),
    ] {
        let (code, text, quiet) = stdout_and_quiet_stderr(d, args);
        assert!(quiet, "{args:?}");
        assert_eq!(code, Some(if want.is_empty() { 1 } else { 0 }), "{args:?}");
        assert_eq!(games_of_text(&text), want, "{args:?}");
        if want == [1, 2, 3] {
            assert_eq!(text, all, "{args:?}");
        }
    }
    // What cqlq does not do is refused by name (exit 2), never run as something else.
    // (`-a greekgift.cql`, `-html x.cql` convert the query: tests/cql/converters.rs; after
    // another option they are refused.)
    for args in [
        &["-gui", "-i", "/a/x/b.pgn", "-o", "/a/x/c.pgn"][..],
        &["-html", "x.pgn"],
        &["-u", "greekgift.cql", "extra.pgn"],
    ] {
        let out = cqlq_in(d, args);
        let err = String::from_utf8_lossy(&out.stderr);
        assert_eq!(out.status.code(), Some(2), "{args:?}");
        assert!(err.contains(&format!("'{}'", args[0])), "{args:?}: {err}");
    }
}

/// The game numbers of the `{Game number N}` comments in `text`.
fn games_of_text(text: &str) -> Vec<u32> {
    text.match_indices("{Game number ")
        .map(|(i, m)| {
            let rest = &text[i + m.len()..];
            rest[..rest.find(['}', ' ']).unwrap()].parse().unwrap()
        })
        .collect()
}

#[test]
fn standard_input_and_output_spellings() {
    // CQLi's `-o stdout` and CQL 6.2's `-guipgnstdout` write to stdout even when the header
    // names an output file; `-guipgnstdin` reads the games from stdin.
    let d = workdir();
    let d = d.path();
    std::fs::write(d.join("hdr.cql"), "cql(input h.pgn output x.pgn)\ncheck\n").unwrap();
    let plain = cqlq_in(d, &["-q", "check.cql", "h.pgn"]);
    assert_eq!(games_of(&plain), [1, 2, 3]);
    for args in [
        &["-q", "-o", "stdout", "hdr.cql"][..],
        &["-q", "--output", "stdout", "hdr.cql"],
        &["-q", "-guipgnstdout", "hdr.cql"],
    ] {
        let out = cqlq_in(d, args);
        assert_eq!(out.status.code(), Some(0), "{args:?}");
        assert_eq!(out.stdout, plain.stdout, "{args:?}");
        assert!(!d.join("x.pgn").exists(), "{args:?}");
    }
    // Without them the header's output file is written.
    assert_eq!(cqlq_in(d, &["-q", "hdr.cql"]).status.code(), Some(0));
    assert!(d.join("x.pgn").exists());
    let out = crate::common::cqlq_fed(
        Some(d),
        &["-q", "-guipgnstdin", "-guipgnstdout", "check.cql"],
        GAMES.as_bytes(),
    );
    assert_eq!(out.stdout, plain.stdout);
}

/// `cql -s -i h.pgn -o out.pgn` with no query file: CQL 6.2 (cql.cpp) runs `cqldefault.cql`,
/// whose text its lexer supplies as `cql().` (lexer.cpp): `.` holds at every position, so
/// every game is written, each position marked: game 1 has 7 plies (8 positions), game 2 4
/// (5), game 3 6 (7): 20 `{CQL}` marks. Without an input there is still no query.
#[test]
fn no_query_file_runs_cqldefault() {
    let dir = workdir();
    let out = cqlq_in(dir.path(), &["-s", "-i", "h.pgn", "-o", "out.pgn"]);
    assert_eq!(
        out.status.code(),
        Some(0),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let written = std::fs::read_to_string(dir.path().join("out.pgn")).unwrap();
    assert_eq!(written.matches("{Game number").count(), 3, "{written}");
    assert_eq!(written.matches("CQL}").count(), 20, "{written}");
    let out = cqlq_in(dir.path(), &["-s"]);
    assert_eq!(out.status.code(), Some(2));
}
