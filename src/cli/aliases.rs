//! CQL 6.2's command line → cqlq's: the arguments are rewritten before clap sees them, so
//! `cqlq -i games.pgn -o out.pgn -gamenumber 5 9 q.cql` runs as `cql` would.
//!
//! CQL 6.2 (`parseargs` in its `cql.cpp`) takes every option with one or two dashes, in any
//! case (`-showMatches`, `--input`), and ranges as one or two numbers (`-gamenumber 5 9`, the
//! second taken only when it is a number). Each CQL word becomes cqlq's spelling
//! ([`cql_word`]); cqlq's own options keep working. Where the two meet:
//!
//! | word | meaning here | why |
//! | --- | --- | --- |
//! | `-o`, `-h` | the same in both | |
//! | `-a` | cqlq's (and CQLi's) `--append`; but `-a X.cql [-o Y.cql]` as the whole command line is CQL 6.2's ASCII converter (`cli::convert`, run before this rewrite) | CQL 6.2 accepts `-a` only there |
//! | `-fen FEN` | CQL's filter `fen "FEN"` | one dash is CQL's spelling |
//! | `--fen` | cqlq's FEN output, unless the next argument is a FEN board (then CQL's filter) | two dashes are cqlq's spelling |
//! | `-q` | cqlq's `--no-summary` (CQL has no `-q`; its `-quiet` is `--quiet`) | |
//! | `-v` | `--version` (clap's `-V`) | |
//! | `-s` | `--threads 1` (CQL's single-threaded) | cqlq has no `-s` |
//!
//! A single-dash word that is neither CQL's nor a cluster of cqlq's short options is an error
//! naming it; CQL options cqlq does not have are refused by name with the reason.

use std::ffi::OsString;
use std::path::Path;

use clap::CommandFactory;

use crate::cli::args::Cli;

mod suggest;

/// What a CQL 6.2 command-line word becomes.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum CqlWord {
    /// cqlq's long option of that name, without a value.
    Flag(&'static str),
    /// cqlq's long option of that name, with the next argument as its value.
    Value(&'static str),
    /// cqlq's long option of that name with one or two numbers (`-gamenumber 5 9`).
    Range(&'static str),
    /// These arguments instead (`-s` is `--threads 1`).
    Fixed(&'static [&'static str]),
    /// A filter added before the query's body (`--cql`), the next argument in `{}`
    /// (`-fen FEN` is `fen "FEN"`).
    Filter(&'static str),
    /// A transform wrapped around the query's body (`-flipcolor`).
    Transform(&'static str),
    /// `-assign NAME VALUE`: the filter `NAME = VALUE` (a string unless a whole number).
    Assign,
    /// `-similarposition [nosort] [notransform] FILE.pgn`: the filter `similarposition ...
    /// "FILE.pgn"` added before the query's body (CQL 6.2's `cql.cpp`).
    SimilarPosition,
    /// Accepted and ignored, with the number of values it takes: CQL 6.2's progress display
    /// (cqlq has its own progress bar), CQLi's message and buffer settings.
    Ignored(usize),
    /// Not supported: why.
    Refused(&'static str),
    /// A CQLi option cqlq does not support: why.
    RefusedCqli(&'static str),
}

pub use crate::cli::args::TRANSFORMS;

/// CQL 6.2's meaning of `word` (lower case, without dashes), in cqlq's terms; None: not a
/// CQL 6.2 option.
pub fn cql_word(word: &str) -> Option<CqlWord> {
    use CqlWord::*;
    if let Some(transform) = TRANSFORMS.iter().find(|t| **t == word) {
        return Some(Transform(transform));
    }
    const DEBUG: &str =
        "it dumps CQL 6.2's own parser state; cqlq's --parse prints the syntax tree";
    const COMMENTS: &str = "it tunes CQL 6.2's comment placement, which cqlq does one way";
    const CONVERT: &str = "CQL 6.2's converters come first on the command line: \
         cqlq -a q.cql, -u q.cql, -utf8 q.cql [-o out.cql], -html q.cql, -echo q.cql, \
         -colorize < q.cql";
    const GUI: &str = "it is CQL 6.2's GUI protocol (-guipgnstdin and -guipgnstdout work)";
    Some(match word {
        "i" | "input" => Value("input"),
        "o" | "output" => Value("output"),
        "cql" => Value("cql"),
        "matchstring" => Value("matchstring"),
        "player" => Value("player"),
        "white" => Value("white"),
        "black" => Value("black"),
        "event" => Value("event"),
        "site" => Value("site"),
        "result" => Value("result"),
        "threads" => Value("threads"),
        "g" | "gamenumber" => Range("gamenumber"),
        "year" => Range("year"),
        "matchcount" => Range("matchcount"),
        "variations" => Flag("variations"),
        "mainline" => Flag("mainline"),
        "silent" => Flag("silent"),
        "quiet" => Flag("quiet"),
        "noheader" | "noheaders" => Flag("noheader"),
        "parse" => Flag("parse"),
        "showmatches" => Flag("showmatches"),
        "h" | "help" => Flag("help"),
        "v" | "version" => Flag("version"),
        "nooutputstatus" => Flag("no-progress"),
        "s" | "singlethreaded" => Fixed(&["--threads", "1"]),
        "m" | "multithreaded" => Fixed(&[]),
        "vi" => Fixed(&["--input", "hhdbvi.pgn"]),
        "vii" => Fixed(&["--input", "hhdbvii.pgn"]),
        "virtualmainline" => Fixed(&["--cql", "virtualmainline", "--variations"]),
        "wtm" => Fixed(&["--cql", "wtm"]),
        "btm" => Fixed(&["--cql", "btm"]),
        "fen" => Filter("fen"),
        "assign" => Assign,
        "showoutput" | "showthread" => Ignored(0),
        "lineincrement" | "outputbuffer" => Ignored(1),
        "d" | "debug" | "lex" | "showfromstring" => Refused(DEBUG),
        "alwayscomment" | "nosortcomments" | "uniquecomments" | "nouniquecomments"
        | "nolinearize" => Refused(COMMENTS),
        "nosettag" | "noremovecomment" => {
            Refused("cqlq always applies the query's settag and removecomment")
        }
        "a" | "u" | "utf8" | "html" | "echo" | "colorize" => Refused(CONVERT),
        "guipgnstdin" => Fixed(&["--input", "-"]),
        "guipgnstdout" => Fixed(&["--output", "-"]),
        "gui" => Refused(GUI),
        "hhdb" => Refused("write the hhdb filter in the query instead"),
        "similarposition" => SimilarPosition,
        _ => return None,
    })
}

/// CQLi's meaning of `word` (lower case, without dashes) for its options that CQL 6.2 and
/// cqlq do not have (CQLi's manual, "Commandline Options"); None: not one of them.
pub fn cqli_word(word: &str) -> Option<CqlWord> {
    use CqlWord::*;
    const LAYOUT: &str = "it changes CQLi's PGN layout; cqlq writes one layout";
    let layout = [
        "coalescecomments",
        "compactcomments",
        "compactmoves",
        "compactvariations",
        "elidecomments",
        "elidenags",
        "elidevariations",
        "movenumberaftercomment",
        "movenumberafternag",
        "movenumbers",
        "splitmoves",
    ];
    let plain = word.strip_prefix("no").unwrap_or(word);
    if layout.contains(&plain) || word == "pgnlinewidth" {
        return Some(RefusedCqli(LAYOUT));
    }
    Some(match word {
        // Accepted and ignored: they tune only CQLi's own messages, buffers and files.
        "skipunknownvariants"
        | "noasyncmessages"
        | "nocommitlog"
        | "binaryoutput"
        | "ansicolors"
        | "noansicolors"
        | "consoleunicode"
        | "noconsoleunicode" => Ignored(0),
        "w" | "warnlevel" | "pipetimeout" => Ignored(1),
        // CQLi's options that cqlq has under the same name (CQLi also takes one dash).
        "append" => Flag("append"),
        "noclobber" => Flag("noclobber"),
        "createdirectories" => Flag("createdirectories"),
        "dryrun" => Flag("dryrun"),
        "secure" => Flag("secure"),
        "limit" => Value("limit"),
        "maxopenoutputfiles" => Value("maxopenoutputfiles"),
        "nosort" => RefusedCqli("cqlq sorts only what the query's sort or the header asks"),
        "nestedcomments" => RefusedCqli("cqlq reads PGN comments as the PGN standard does"),
        "variantalias" => {
            RefusedCqli("cqlq reads its own variant names; define another with --variants FILE")
        }
        "keepallbest" => RefusedCqli("write keepallbest in the query's sort instead"),
        "showdictionaries" => RefusedCqli("cqlq does not print dictionaries"),
        "nosmartcomments" | "noremovetag" => {
            RefusedCqli("cqlq places comments and applies the query's tag edits one way")
        }
        "license" => RefusedCqli("cqlq's licence is GPL-3.0-or-later (Cargo.toml)"),
        _ => return None,
    })
}

/// A command line that cannot be rewritten: the word and why.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct AliasError(pub String);

impl std::fmt::Display for AliasError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(&self.0)
    }
}

/// The arguments rewritten, or the error printed (`cqlq: ...`) and exit status 2.
pub fn cql_args_to_cqlq_or_exit(args: impl IntoIterator<Item = OsString>) -> Vec<OsString> {
    match cql_args_to_cqlq(args.into_iter().collect()) {
        Ok(v) => v,
        Err(e) => {
            eprintln!("cqlq: {e}");
            std::process::exit(2);
        }
    }
}

/// cqlq's options, read from its clap definition: long name → (takes a value, takes up to
/// two numbers); short letter → takes a value.
struct Known {
    longs: Vec<(String, bool, bool)>,
    shorts: Vec<(char, bool)>,
}

impl Known {
    fn of_cli() -> Known {
        let mut cmd = Cli::command();
        cmd.build();
        let mut longs = vec![
            ("help".to_string(), false, false),
            ("version".to_string(), false, false),
        ];
        let mut shorts = vec![('h', false), ('V', false)];
        for a in cmd.get_arguments() {
            let takes = a.get_action().takes_values();
            let two = a.get_num_args().is_some_and(|r| r.max_values() == 2);
            if let Some(l) = a.get_long() {
                longs.push((l.to_string(), takes, two));
            }
            if let Some(s) = a.get_short() {
                shorts.push((s, takes));
            }
        }
        Known { longs, shorts }
    }

    fn long(&self, name: &str) -> Option<(bool, bool)> {
        self.longs
            .iter()
            .find(|(l, _, _)| l == name)
            .map(|&(_, t, r)| (t, r))
    }

    fn short(&self, c: char) -> Option<bool> {
        self.shorts.iter().find(|(s, _)| *s == c).map(|&(_, t)| t)
    }
}

/// Rewrites CQL 6.2's words in `args` (the program name first) to cqlq's options.
pub fn cql_args_to_cqlq(args: Vec<OsString>) -> Result<Vec<OsString>, AliasError> {
    let known = Known::of_cli();
    let converter = is_cql_converter(&args);
    let mut out: Vec<OsString> = Vec::with_capacity(args.len() + 4);
    let mut it = args.into_iter().enumerate().peekable();
    if let Some((_, program)) = it.next() {
        out.push(program);
    }
    let mut seen_query = false;
    while let Some((index, arg)) = it.next() {
        let Some(text) = arg.to_str().map(str::to_string) else {
            out.push(arg);
            continue;
        };
        if text == "--" {
            out.push(arg);
            out.extend(it.map(|(_, a)| a));
            break;
        }
        if !text.starts_with('-') || text == "-" {
            out.push(positional(text, &mut seen_query));
            continue;
        }
        rewrite_option(
            arg,
            &text,
            index == 1 && converter,
            &known,
            &mut it,
            &mut out,
        )?;
    }
    Ok(out)
}

/// Rewrites one argument starting with `-` (and takes the values it needs from `it`): cqlq's
/// own options pass, CQL 6.2's and CQLi's words become cqlq's options, anything else is an
/// unknown option. `first_converter_word`: it is the `-a` of CQL's converter call.
fn rewrite_option(
    arg: OsString,
    text: &str,
    first_converter_word: bool,
    known: &Known,
    it: &mut Args,
    out: &mut Vec<OsString>,
) -> Result<(), AliasError> {
    let double = text.starts_with("--");
    let word = text.trim_start_matches('-');
    if double && word.contains('=') {
        out.push(arg);
        return Ok(());
    }
    let next_is_fen = it
        .peek()
        .and_then(|(_, a)| a.to_str())
        .is_some_and(looks_like_fen);
    // CQLi's `--output stdout`: cqlq's `--output -` (stdout, over the header's output).
    let next_is_stdout = it.peek().is_some_and(|(_, a)| a == "stdout");
    if double && word.eq_ignore_ascii_case("output") && next_is_stdout {
        it.next();
        out.extend(["--output".into(), "-".into()]);
        return Ok(());
    }
    // cqlq's own long options, written with two dashes.
    if double
        && let Some((takes, range)) = known.long(word)
        && !(word == "fen" && next_is_fen)
    {
        if range {
            out.push(range_arg(word, text, it)?);
        } else {
            out.push(arg);
            if takes && let Some((_, v)) = it.next() {
                out.push(v);
            }
        }
        return Ok(());
    }
    let lower = word.to_ascii_lowercase();
    // CQL 6.2's `cql -a x.cql [-o y.cql]` converts the file; elsewhere `-a` is append.
    let cql = match cql_word(&lower) {
        Some(CqlWord::Refused(_)) if lower == "a" => {
            if first_converter_word {
                cql_word("a")
            } else {
                None
            }
        }
        other => other.or_else(|| cqli_word(&lower)),
    };
    if let Some(meaning) = cql {
        apply(meaning, text, it, out)?;
        return Ok(());
    }
    if !double && short_cluster(word, known) {
        // `-qe mate`: the value follows when the option taking it ends the cluster.
        let first_taking = word.chars().position(|c| known.short(c) == Some(true));
        let last_takes = first_taking == Some(word.chars().count() - 1);
        out.push(arg);
        if last_takes && let Some((_, v)) = it.next() {
            out.push(v);
        }
        return Ok(());
    }
    // A long option clap does not know either: named here with the nearest option (clap
    // suggests none for a swap of letters, `--fne`, and calls it a value).
    if double
        && suggest::nearest_option(&lower, known.longs.iter().map(|(l, _, _)| l.as_str()), true)
            .is_none()
    {
        // clap names it.
        out.push(arg);
        return Ok(());
    }
    Err(unknown_option(text, word, known))
}

/// The error of an unknown option, with cqlq's spelling or the nearest option as a hint.
fn unknown_option(text: &str, word: &str, known: &Known) -> AliasError {
    let lower = word.to_ascii_lowercase();
    let longs = known.longs.iter().map(|(l, _, _)| l.as_str());
    let hint = if known.long(word).is_some() {
        format!(" (cqlq's option is --{word}, with two dashes)")
    } else if let Some(near) = suggest::nearest_option(&lower, longs, text.starts_with("--")) {
        format!(" (did you mean {near}?)")
    } else {
        String::new()
    };
    AliasError(format!(
        "unknown option '{text}': not a cqlq, CQL 6.2 or CQLi option{hint}; \
         `cqlq --help` lists them"
    ))
}

/// Whether `args` is CQL 6.2's converter call `cql -a f.cql [-o g.cql]` (its `-a`, `-u`,
/// `-utf8` must come first and convert one query file, optionally into another): then `-a`
/// is CQL's converter, refused, not cqlq's `--append`.
fn is_cql_converter(args: &[OsString]) -> bool {
    let text: Vec<String> = args
        .iter()
        .skip(1)
        .map(|a| a.to_string_lossy().to_ascii_lowercase())
        .collect();
    let is_query = |a: &String| a.ends_with(".cql");
    match text.as_slice() {
        [_, f] => is_query(f),
        [_, f, o, g] => {
            is_query(f) && matches!(o.as_str(), "-o" | "-output" | "--output") && is_query(g)
        }
        _ => false,
    }
}

/// A positional argument: the first (the query) gets CQL's `.cql` when written without it
/// (`cql -i h.pgn foo` reads `foo.cql`).
fn positional(text: String, seen_query: &mut bool) -> OsString {
    let first = !*seen_query;
    *seen_query = true;
    let path = Path::new(&text);
    if first && text != "-" && path.extension().is_none() && !path.exists() {
        let with = format!("{text}.cql");
        if Path::new(&with).exists() {
            return with.into();
        }
    }
    text.into()
}

/// Whether `word` is a cluster of cqlq's short options (`-qa`, `-j4`, `-ofile.pgn`): each letter
/// a short option until one that takes a value, whose value is the rest. A word of three or
/// more letters only (`-json`) is taken for a misspelt long option, not a cluster.
fn short_cluster(word: &str, known: &Known) -> bool {
    if word.is_empty() || (word.len() >= 3 && word.chars().all(|c| c.is_ascii_alphabetic())) {
        return false;
    }
    for c in word.chars() {
        match known.short(c) {
            Some(true) => return true,
            Some(false) => {}
            None => return false,
        }
    }
    true
}

/// Whether `text` is a FEN board (eight ranks of pieces and digits), as CQL's `-fen` takes.
fn looks_like_fen(text: &str) -> bool {
    let board = text.split(' ').next().unwrap_or("");
    board.split('/').count() == 8
        && board
            .chars()
            .all(|c| c == '/' || c.is_ascii_digit() || "pnbrqkPNBRQK".contains(c))
}

type Args = std::iter::Peekable<std::iter::Enumerate<std::vec::IntoIter<OsString>>>;

/// The next argument as text, or an error naming the option that needs it.
fn value(option: &str, it: &mut Args) -> Result<String, AliasError> {
    match it.next() {
        Some((_, v)) => v
            .into_string()
            .map_err(|_| AliasError(format!("{option}: its value is not valid UTF-8"))),
        None => Err(AliasError(format!("{option} needs a value"))),
    }
}

/// `--NAME=A B` from `A` and, when the next argument is a whole number, `B` (CQL 6.2 takes
/// the second number only then, so `-gamenumber 5 q.cql` keeps `q.cql` as the query).
fn range_arg(name: &str, option: &str, it: &mut Args) -> Result<OsString, AliasError> {
    let first = value(option, it)?;
    let second = it
        .peek()
        .and_then(|(_, a)| a.to_str())
        .filter(|a| !a.is_empty() && a.chars().all(|c| c.is_ascii_digit()))
        .map(str::to_string);
    let text = match second {
        Some(b) => {
            it.next();
            format!("--{name}={first} {b}")
        }
        None => format!("--{name}={first}"),
    };
    Ok(text.into())
}

/// Pushes cqlq's arguments for the CQL word `option`.
fn apply(
    meaning: CqlWord,
    option: &str,
    it: &mut Args,
    out: &mut Vec<OsString>,
) -> Result<(), AliasError> {
    match meaning {
        CqlWord::Flag(name) => out.push(format!("--{name}").into()),
        CqlWord::Value(name) => {
            let v = value(option, it)?;
            // CQLi's `-o stdout`: cqlq's `--output -` (stdout, over the header's output).
            let v = if name == "output" && v == "stdout" {
                "-".to_string()
            } else {
                v
            };
            out.push(format!("--{name}").into());
            out.push(v.into());
        }
        CqlWord::Range(name) => out.push(range_arg(name, option, it)?),
        CqlWord::Fixed(list) => out.extend(list.iter().map(OsString::from)),
        CqlWord::Filter(word) => {
            let v = value(option, it)?;
            if v.contains('"') {
                return Err(AliasError(format!(
                    "{option}: the value may not contain '\"'"
                )));
            }
            out.push("--cql".into());
            out.push(format!("{word} \"{v}\"").into());
        }
        CqlWord::Transform(t) => {
            out.push("--transform".into());
            out.push(t.into());
        }
        CqlWord::Assign => {
            let name = value(option, it)?;
            if name.is_empty()
                || !name
                    .chars()
                    .all(|c| c.is_ascii_alphanumeric() || c == '_' || c == '$')
            {
                return Err(AliasError(format!(
                    "{option}: expected a variable name, not '{name}'"
                )));
            }
            let v = value(option, it)?;
            let filter = if v.parse::<i64>().is_ok() {
                format!("{name} = {v}")
            } else if v.contains('"') {
                return Err(AliasError(format!(
                    "{option}: the value may not contain '\"'"
                )));
            } else {
                format!("{name} = \"{v}\"")
            };
            out.push("--cql".into());
            out.push(filter.into());
        }
        CqlWord::SimilarPosition => {
            let mut filter = String::from("similarposition");
            let file = loop {
                match value(option, it)? {
                    w if w == "nosort" || w == "notransform" => {
                        filter.push(' ');
                        filter.push_str(&w);
                    }
                    file => break file,
                }
            };
            if !file.ends_with(".pgn") || file.contains('"') {
                return Err(AliasError(format!(
                    "{option}: expected a .pgn file (cql -similarposition submissions.pgn \
                     -input games.pgn), not '{file}'"
                )));
            }
            out.push("--cql".into());
            out.push(format!("{filter} \"{file}\"").into());
        }
        CqlWord::Ignored(values) => {
            for _ in 0..values {
                value(option, it)?;
            }
        }
        CqlWord::Refused(why) => {
            return Err(AliasError(format!(
                "CQL 6.2's option '{option}' is not supported by cqlq: {why}"
            )));
        }
        CqlWord::RefusedCqli(why) => {
            return Err(AliasError(format!(
                "CQLi's option '{option}' is not supported by cqlq: {why}"
            )));
        }
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    fn run(line: &str) -> Result<Vec<String>, AliasError> {
        let args = std::iter::once("cqlq")
            .chain(line.split(' '))
            .map(OsString::from)
            .collect();
        cql_args_to_cqlq(args).map(|v| {
            v.into_iter()
                .skip(1)
                .map(|a| a.into_string().unwrap())
                .collect()
        })
    }

    #[test]
    fn cql_words_become_cqlq_options() {
        assert_eq!(
            run("-i g.pgn -o out.pgn -gamenumber 5 9 q.cql").unwrap(),
            [
                "--input",
                "g.pgn",
                "--output",
                "out.pgn",
                "--gamenumber=5 9",
                "q.cql"
            ]
        );
        assert_eq!(run("-g 5 q.cql").unwrap(), ["--gamenumber=5", "q.cql"]);
        assert_eq!(
            run("-showMatches -S q.cql").unwrap(),
            ["--showmatches", "--threads", "1", "q.cql"]
        );
        assert_eq!(
            run("-fen 8/8/8/8/8/8/8/KNk5 q.cql").unwrap(),
            ["--cql", "fen \"8/8/8/8/8/8/8/KNk5\"", "q.cql"]
        );
    }

    #[test]
    fn cqlq_options_stay() {
        assert_eq!(
            run("-qa -j4 --fen -e mate g.pgn").unwrap(),
            ["-qa", "-j4", "--fen", "-e", "mate", "g.pgn"]
        );
        assert_eq!(run("-e -input").unwrap(), ["-e", "-input"]);
        assert_eq!(run("-qe -g x").unwrap(), ["-qe", "-g", "x"]);
        assert_eq!(
            run("--matchcount 2 q.cql").unwrap(),
            ["--matchcount=2", "q.cql"]
        );
    }

    #[test]
    fn unknown_and_refused_words_are_named() {
        let e = run("-frobnicate q.cql").unwrap_err();
        assert!(e.0.contains("'-frobnicate'"), "{e}");
        let e = run("-json q.cql").unwrap_err();
        assert!(e.0.contains("--json"), "{e}");
        let e = run("-hhdb q.cql").unwrap_err();
        assert!(
            e.0.contains("'-hhdb'") && e.0.contains("not supported"),
            "{e}"
        );
        assert!(run("-a x.cql").unwrap_err().0.contains("'-a'"));
        // "cql -a f.cql [-o g.cql]" (CQL 6.2's converters write a query file).
        assert!(run("-a x.cql -o y.cql").unwrap_err().0.contains("'-a'"));
        assert_eq!(
            run("-a x.cql -o y.pgn").unwrap(),
            ["-a", "x.cql", "--output", "y.pgn"]
        );
        assert_eq!(
            run("-o o.pgn -a q.cql").unwrap(),
            ["--output", "o.pgn", "-a", "q.cql"]
        );
    }

    #[test]
    fn cqli_words_are_named_or_ignored() {
        // CQLi's manual, "Commandline Options": --keepallbest, --nosort, the PGN layout switches.
        for line in [
            "--keepallbest q.cql",
            "-nosort q.cql",
            "--nocompactmoves q.cql",
        ] {
            let e = run(line).unwrap_err();
            let word = line.split(' ').next().unwrap();
            assert!(e.0.contains(&format!("CQLi's option '{word}'")), "{e}");
        }
        // Message and buffer settings: accepted, with their value, and dropped.
        assert_eq!(run("-w 2 --skipunknownvariants q.cql").unwrap(), ["q.cql"]);
        // CQLi's --limit and --maxopenoutputfiles are cqlq's own options too.
        let own = run("--limit 5 --maxopenoutputfiles 9 q.cql").unwrap();
        assert!(own.iter().any(|w| w.starts_with("--limit")), "{own:?}");
        assert!(
            own.iter().any(|w| w.starts_with("--maxopenoutputfiles")),
            "{own:?}"
        );
        let one_dash = run("-limit 5 -noclobber q.cql").unwrap();
        assert!(
            one_dash.iter().any(|w| w.starts_with("--limit")),
            "{one_dash:?}"
        );
        assert!(one_dash.iter().any(|w| w == "--noclobber"), "{one_dash:?}");
        // cqlq's own options stay cqlq's (CQLi has --secure and --append too).
        assert_eq!(run("--secure q.cql").unwrap(), ["--secure", "q.cql"]);
    }
}
