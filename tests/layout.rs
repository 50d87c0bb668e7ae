//! The layout check: dependencies between the library's modules point one way
//! (`docs/architecture.md`, "Layout"). Each module below may not name the modules listed
//! against it, by `use crate::...`, `use crate::{...}` or a `crate::x::` path in code (doc
//! comments and comments are not code). A file of `main` that still breaks a rule is listed in
//! [`ALLOWED`] with its reason; the list may only shrink: an entry that no longer breaks its
//! rule fails the test too, so it is taken out when the code is fixed.
//!
//! Plain Rust reading `src/` as text: no parser, so a path written across lines
//! (`crate::\n eval`) or reached through `super::super::` is not seen.

use std::collections::BTreeSet;
use std::path::{Path, PathBuf};

/// Each module (the first component under `src/`: `src/ir.rs`, `src/ir/...`) and the modules
/// it must not name (the CQL-S part of the IR is `ir/cqls.rs`, the UCI engine client
/// `eval/engine.rs`: they keep their folder's rules).
const FORBIDDEN: &[(&str, &[&str])] = &[
    // The types rules and ir share (sides, pieces; squares and geometry in `chess/squares.rs`,
    // also reached as `crate::squares`); below everything.
    (
        "chess",
        &[
            "rules", "ir", "query", "eval", "run", "pgn", "output", "annotate",
        ],
    ),
    // Rules know nothing of queries, games as text, or runs.
    (
        "rules",
        &[
            "ir", "query", "eval", "run", "pgn", "output", "cli", "annotate",
        ],
    ),
    // The IR is what the query compiler writes and the evaluator reads: it knows neither.
    (
        "ir",
        &[
            "eval", "query", "run", "pgn", "rules", "output", "cli", "annotate",
        ],
    ),
    // The query compiler: text → syntax tree → IR; it knows nothing of games.
    (
        "query",
        &["eval", "pgn", "rules", "run", "output", "cli", "annotate"],
    ),
    // The PGN reader reads text; it does not pick or play rules.
    (
        "pgn",
        &[
            "rules", "ir", "query", "eval", "run", "output", "cli", "annotate",
        ],
    ),
    // The evaluator runs IR over replayed games; it does not run searches or print.
    ("eval", &["query", "run", "cli", "annotate", "output"]),
    // Printing does not run searches, nor compile queries.
    ("output", &["run", "annotate", "query"]),
    // The search runner is below the annotate command that uses it.
    ("run", &["annotate"]),
    // Inputs give bytes (opened, decompressed, cut into shards); they know no games but
    // their boundaries (`pgn`'s splitter) and name the output only to remove its temporary
    // files when a mapped input is truncated.
    (
        "input",
        &[
            "rules", "ir", "query", "eval", "run", "index", "cli", "annotate",
        ],
    ),
    // The index reads games and IR; the run asks it, never the other way.
    ("index", &["query", "run", "output", "cli", "annotate"]),
];

/// Files of `main` that still break a rule: (file under `src/`, the module it names, why).
/// Only ever remove entries.
const ALLOWED: &[(&str, &str, &str)] = &[];

/// Every `.rs` file under `dir`.
fn rust_files(dir: &Path, out: &mut Vec<PathBuf>) {
    let mut entries: Vec<_> = std::fs::read_dir(dir)
        .expect("src/ is readable")
        .map(|e| e.expect("a directory entry").path())
        .collect();
    entries.sort();
    for path in entries {
        if path.is_dir() {
            rust_files(&path, out);
        } else if path.extension().is_some_and(|x| x == "rs") {
            out.push(path);
        }
    }
}

/// Every `.rs` file under `src/` (under `src/DIR` when `dir` is not empty), with its path
/// relative to `src/` written with `/`.
fn source_files(dir: &str) -> Vec<(PathBuf, String)> {
    let src = Path::new(env!("CARGO_MANIFEST_DIR")).join("src");
    let mut files = Vec::new();
    rust_files(&src.join(dir), &mut files);
    files
        .into_iter()
        .map(|path| {
            let relative = path
                .strip_prefix(&src)
                .expect("under src/")
                .to_string_lossy()
                .replace('\\', "/");
            (path, relative)
        })
        .collect()
}

/// The module a file belongs to: `ir` for `src/ir.rs` and `src/ir/walk.rs`.
fn module_of(relative: &str) -> &str {
    let first = relative.split('/').next().unwrap_or(relative);
    first.strip_suffix(".rs").unwrap_or(first)
}

/// The text of a line that is code: everything before a `//` comment.
fn code_of(line: &str) -> &str {
    match line.find("//") {
        Some(i) => &line[..i],
        None => line,
    }
}

/// The identifier at the start of `text`.
fn ident(text: &str) -> &str {
    let end = text
        .find(|c: char| !(c.is_ascii_alphanumeric() || c == '_'))
        .unwrap_or(text.len());
    &text[..end]
}

/// The top-level modules a file's code names through `crate::`: `crate::eval::x` gives
/// `eval`; `use crate::{ir::Node, squares}` gives `ir` and `squares`.
fn named_modules(text: &str) -> BTreeSet<String> {
    let code: String = text.lines().map(code_of).collect::<Vec<_>>().join("\n");
    let mut names = BTreeSet::new();
    let mut rest = code.as_str();
    while let Some(i) = rest.find("crate::") {
        // `$crate::` (a macro's own crate) names the crate itself, as `crate::` does.
        let after = &rest[i + "crate::".len()..];
        let before = rest[..i].chars().last();
        rest = after;
        if before.is_some_and(|c| c.is_ascii_alphanumeric() || c == '_') {
            continue; // `mycrate::`, `cqlq_crate::`: another path.
        }
        if let Some(group) = after.strip_prefix('{') {
            // The top-level names of the group: split at depth-0 commas.
            let mut depth = 0;
            let mut start = 0;
            let mut items = Vec::new();
            for (j, c) in group.char_indices() {
                match c {
                    '{' => depth += 1,
                    '}' if depth == 0 => {
                        items.push(&group[start..j]);
                        break;
                    }
                    '}' => depth -= 1,
                    ',' if depth == 0 => {
                        items.push(&group[start..j]);
                        start = j + 1;
                    }
                    _ => {}
                }
            }
            for item in items {
                let name = ident(item.trim_start());
                if !name.is_empty() {
                    names.insert(name.to_string());
                }
            }
        } else {
            let name = ident(after);
            if !name.is_empty() {
                names.insert(name.to_string());
            }
        }
    }
    names
}

#[test]
fn modules_name_only_the_modules_below_them() {
    let mut broken = Vec::new();
    let mut allowed_seen = BTreeSet::new();
    for (path, relative) in &source_files("") {
        let module = module_of(relative);
        let Some((_, forbidden)) = FORBIDDEN.iter().find(|(m, _)| *m == module) else {
            continue;
        };
        let text = std::fs::read_to_string(path).expect("a source file is readable");
        for name in named_modules(&text) {
            if !forbidden.contains(&name.as_str()) {
                continue;
            }
            match ALLOWED
                .iter()
                .position(|(f, m, _)| *f == relative && *m == name)
            {
                Some(i) => {
                    allowed_seen.insert(i);
                }
                None => broken.push(format!(
                    "src/{relative}: `{module}` must not name `crate::{name}`"
                )),
            }
        }
    }
    for (i, (file, name, _)) in ALLOWED.iter().enumerate() {
        if !allowed_seen.contains(&i) {
            broken.push(format!(
                "src/{file} no longer names `crate::{name}`: take it out of ALLOWED in tests/layout.rs"
            ));
        }
    }
    assert!(
        broken.is_empty(),
        "dependencies that point the wrong way (docs/architecture.md, \"Layout\"):\n{}",
        broken.join("\n")
    );
}

/// The reader itself: paths, groups, comments and other crates' `crate::` are told apart.
#[test]
fn named_modules_reads_paths_groups_and_skips_comments() {
    let text = "use crate::ir::{Color, Node};\n\
                use crate::{eval::Value, squares};\n\
                /// See [`crate::query`].\n\
                let x = crate::run::BATCH; // crate::output\n\
                let y = other_crate::pgn::x;\n\
                $crate::diagnostics::write_stderr(a);\n\
                use crate::{\n    rules::{Position, select},\n    engine,\n};\n";
    let names: Vec<String> = named_modules(text).into_iter().collect();
    assert_eq!(
        names,
        [
            "diagnostics",
            "engine",
            "eval",
            "ir",
            "rules",
            "run",
            "squares"
        ]
    );
}

/// What writes output bytes: the run hands every game's result to the output's sinks
/// (`output::sink::Sink`) and writes nothing itself (its stderr messages go through
/// `eprintln!`, which is not listed).
const WRITES: &[&str] = &[
    "write_all(",
    "writeln!(",
    "print!(",
    "println!(",
    ".flush()",
    "io::stdout(",
    "File::create(",
    "fs::write(",
];

/// What schedules work: the run splits and schedules the search; the output only counts and
/// copies bytes.
const SCHEDULES: &[&str] = &["rayon::", "par_iter", "thread::spawn"];

/// The lines of `text` whose code (comments left out) holds one of `words`, as `line: word`.
fn lines_naming(text: &str, words: &[&str]) -> Vec<String> {
    let mut found = Vec::new();
    for (i, line) in text.lines().enumerate() {
        let code = code_of(line);
        // `print!(` is not `eprint!(`: a word starting with a letter starts an identifier.
        let names = |word: &str| {
            code.match_indices(word).any(|(at, _)| {
                !word.starts_with(|c: char| c.is_ascii_alphabetic())
                    || !code[..at].ends_with(|c: char| c.is_ascii_alphanumeric() || c == '_')
            })
        };
        if let Some(word) = words.iter().find(|w| names(w)) {
            found.push(format!("{}: {word}", i + 1));
        }
    }
    found
}

/// The files of the module `dir` under `src/` whose code names one of `words`.
fn files_naming(dir: &str, words: &[&str]) -> Vec<String> {
    let mut broken = Vec::new();
    for (path, relative) in &source_files(dir) {
        let text = std::fs::read_to_string(path).expect("a source file is readable");
        for line in lines_naming(&text, words) {
            broken.push(format!("src/{relative}:{line}"));
        }
    }
    broken
}

/// `run` never writes (issue 38, item 3): its results go to the output's sinks; and `output`
/// never schedules: the run does.
#[test]
fn run_writes_nothing_and_output_schedules_nothing() {
    let writing = files_naming("run", WRITES);
    assert!(
        writing.is_empty(),
        "run must push results into output's sinks, not write them:\n{}",
        writing.join("\n")
    );
    let scheduling = files_naming("output", SCHEDULES);
    assert!(
        scheduling.is_empty(),
        "output must not schedule work (the run does):\n{}",
        scheduling.join("\n")
    );
}

/// What renders a game's output: the output's renderers (`render_game`, pictures, ICN, the
/// JSON and EPD lines, the sort comment, the PGN marks) and the PGN writers. The run hands
/// what it found (owned) to `output::render::Renderer` and names none of them.
const RENDERERS: &[&str] = &[
    "render_game",
    "render_pictures",
    "render_icn",
    "write_plain_game",
    "write_game",
    "json_line",
    "epd_line",
    "sort_comment",
    "sort_headings",
    "position_marks",
    ".header(",
    "Notes {",
    "output::pipes",
    "output::pictures",
    "output::icn",
    "pgn_write",
];

/// `run` renders nothing (issue 38, item 3): what the search found goes to the output's
/// renderer, which writes the game's text in the run's format.
#[test]
fn run_renders_nothing() {
    let rendering = files_naming("run", RENDERERS);
    assert!(
        rendering.is_empty(),
        "run must hand what it found to output::render::Renderer, not render it:\n{}",
        rendering.join("\n")
    );
}

/// What a driver of its own is made of: the driver's delivery trait, its batch size, its
/// loop called directly.
const OWN_DRIVER: &[&str] = &["Delivery", "BATCH_GAMES", "run::drive("];

/// `cqlq annotate` is driven by the search's driver (issue 38, item 3): its games go through
/// `run::drive_into` into its splicer, an `output::sink::Sink`, with no delivery of its own.
#[test]
fn annotate_pushes_into_a_sink() {
    let driving = files_naming("annotate", OWN_DRIVER);
    assert!(
        driving.is_empty(),
        "annotate must hand its games to run::drive_into and an output::sink::Sink:\n{}",
        driving.join("\n")
    );
}

/// The reader of those rules: a write, a pool or a renderer in code is found; one in a comment, or a
/// message on stderr, is not.
#[test]
fn lines_naming_finds_writes_in_code_only() {
    let text = "eprintln!(\"a message\");\nout.write_all(b\"x\")?; // fine\n// println!(\"no\")\n\
                batch.par_iter().map(f);\nlet t = crate::output::render_game(f, s);\n";
    assert_eq!(lines_naming(text, WRITES), ["2: write_all("]);
    assert_eq!(lines_naming(text, SCHEDULES), ["4: par_iter"]);
    assert_eq!(lines_naming(text, RENDERERS), ["5: render_game"]);
}

/// The size bar of `../shared/STYLE.md` ("split what passes ~800") and issue 38.
const MAX_LINES: usize = 800;

/// The files directly under `src/` that may stay there: the crate's roots, the programs' API
/// and the IR's root (issue 38: at most 4 loose files).
const LOOSE_FILES: &[&str] = &["api.rs", "ir.rs", "lib.rs", "main.rs"];

/// No source file is over [`MAX_LINES`] lines, and `src/`
/// holds no loose file but [`LOOSE_FILES`]: a new concept gets a folder of its own or joins one.
#[test]
fn files_stay_under_the_size_bar_and_src_holds_only_its_roots() {
    let mut broken = Vec::new();
    for (path, relative) in &source_files("") {
        if !relative.contains('/') && !LOOSE_FILES.contains(&relative.as_str()) {
            broken.push(format!(
                "src/{relative}: a loose file at src/ (move it into the module of its concept)"
            ));
        }
        let lines = std::fs::read_to_string(path)
            .expect("a source file is readable")
            .lines()
            .count();
        if lines > MAX_LINES {
            broken.push(format!(
                "src/{relative}: {lines} lines, over {MAX_LINES} (split it by idea)"
            ));
        }
    }
    assert!(broken.is_empty(), "{}", broken.join("\n"));
}
