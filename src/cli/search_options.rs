//! The search command's options read into the run's values: the output format, the run
//! parameters (CQL 6.2's options in cqlq's spelling), the input limits, a shard's place in
//! its file and the `--split-by` files. Each option's error names the option.

use std::io;
use std::path::{Path, PathBuf};

use cqlq::input::Input;
use cqlq::output::Format;
use cqlq::query::{positive_range, range_of, regex_of, result_of};
use cqlq::run::params::RunParams;

use super::args::Cli;
use super::failure::CliError;
use super::output_file::output_file;

/// The output format the options ask for (PGN when none); `--diagram` is coloured only on a
/// terminal (`to_stdout`), and not when `NO_COLOR` is set (no-color.org;
/// [`super::errors::colours_for`]).
pub fn output_format(cli: &Cli, to_stdout: bool) -> Format {
    if cli.fen {
        Format::Fen
    } else if cli.json {
        Format::Json
    } else if cli.count {
        Format::Count
    } else if cli.gamenumbers {
        Format::GameNumbers
    } else if cli.epd {
        Format::Epd
    } else if cli.diagram {
        let color = to_stdout && super::errors::colours_for(&io::stdout());
        Format::Diagram { color }
    } else if cli.html.is_some() {
        Format::Html
    } else {
        Format::Pgn
    }
}

/// `--max-game-bytes` and `--max-icn-board`, or their defaults.
pub fn input_limits(cli: &Cli) -> Result<cqlq::input::limits::InputLimits, CliError> {
    use cqlq::input::limits::{InputLimits, parse_size};
    let mut limits = InputLimits::default();
    if let Some(text) = &cli.max_game_bytes {
        limits.max_game_bytes = opt("max-game-bytes", parse_size(text))?;
    }
    if let Some(text) = &cli.max_icn_board {
        limits.max_icn_board = text.trim().parse().map_err(|_| CliError::Option {
            option: "max-icn-board",
            reason: format!("`{text}` is not a whole number"),
        })?;
    }
    Ok(limits)
}

/// `--byte-range`, `--input-offset`, `--first-game-number`: where the one input sits in its
/// file.
pub fn shard_place(
    cli: &Cli,
    inputs: &[Input],
) -> Result<cqlq::input::byte_range::ShardPlace, CliError> {
    let byte_range = match &cli.byte_range {
        Some(text) => Some(opt(
            "byte-range",
            cqlq::input::byte_range::parse_byte_range(text),
        )?),
        None => None,
    };
    let place = cqlq::input::byte_range::ShardPlace {
        byte_range,
        input_offset: cli.input_offset,
        first_game_number: cli.first_game_number,
    };
    if place != Default::default() && inputs.len() != 1 {
        return Err(CliError::Usage(
            "--byte-range, --input-offset and --first-game-number place one input in its file: \
             give exactly one PGN file (or standard input)"
                .into(),
        ));
    }
    if cli.input_offset > 0 && inputs != [Input::Stdin] {
        return Err(CliError::Usage(
            "--input-offset tells where standard input starts in its file: read `-`".into(),
        ));
    }
    Ok(place)
}

/// The run parameters given on the command line (CQL 6.2's options in cqlq's spelling).
pub fn run_params_of(cli: &Cli) -> Result<RunParams, CliError> {
    let mut p = RunParams {
        input: cli.input.clone(),
        variations: if cli.variations {
            Some(true)
        } else if cli.mainline {
            Some(false)
        } else {
            None
        },
        match_string: cli.matchstring.clone(),
        comments: if cli.silent {
            Some(cqlq::output::CommentLevel::Silent)
        } else if cli.quiet {
            Some(cqlq::output::CommentLevel::Quiet)
        } else {
            None
        },
        no_header: cli.noheader.then_some(true),
        ..RunParams::default()
    };
    let s = &mut p.select;
    if !cli.matchcount.is_empty() {
        let (a, b) = opt("matchcount", range_of(&cli.matchcount.join(" ")))?;
        if a < 0 || b < a {
            return Err(CliError::Option {
                option: "matchcount",
                reason: "expected counts, 0 or more, lowest first".into(),
            });
        }
        s.match_count = Some((a as u64, b as u64));
    }
    if !cli.gamenumber.is_empty() {
        s.numbers = Some(opt(
            "gamenumber",
            positive_range(&cli.gamenumber.join(" ")),
        )?);
    }
    if !cli.year.is_empty() {
        s.years = Some(opt("year", range_of(&cli.year.join(" ")))?);
    }
    if let Some(r) = &cli.result {
        s.result = Some(opt("result", result_of(r))?);
    }
    if let Some(w) = &cli.white {
        s.white = Some(opt("white", regex_of(w))?);
    }
    if let Some(b) = &cli.black {
        s.black = Some(opt("black", regex_of(b))?);
    }
    s.player = cli.player.clone();
    s.event = cli.event.clone();
    s.site = cli.site.clone();
    Ok(p)
}

/// `--split-by TAG`: the split files' spec (needs `-o`, and a format with games to split).
pub fn split_spec(
    cli: &Cli,
    output: Option<&Path>,
    format: Format,
    inputs: &[PathBuf],
) -> Result<Option<cqlq::output::split::SplitSpec>, CliError> {
    let Some(tag) = &cli.split_by else {
        return Ok(None);
    };
    let Some(path) = output else {
        return Err(CliError::Usage(
            "--split-by needs -o DIR (or a pattern with {}, e.g. -o 'out/{}.pgn')".into(),
        ));
    };
    let extension = cqlq::output::split::SplitSpec::extension_of(format).ok_or_else(|| {
        CliError::Usage(
            "--split-by cannot split --count or --html: use another output format with it".into(),
        )
    })?;
    let spec = cqlq::output::split::SplitSpec {
        tag: tag.clone(),
        options: output_file(cli, path),
        extension,
        max_open: cli
            .maxopenoutputfiles
            .unwrap_or_else(cqlq::output::split::default_max_open)
            .max(1),
        inputs: inputs
            .iter()
            .filter_map(|p| p.canonicalize().ok())
            .collect(),
    };
    spec.check()?;
    Ok(Some(spec))
}

/// `r`, its error shown after the option's name (`--year: ...`).
fn opt<T, E: std::fmt::Display>(option: &'static str, r: Result<T, E>) -> Result<T, CliError> {
    r.map_err(|e| CliError::Option {
        option,
        reason: e.to_string(),
    })
}
