//! CQL 6.2's run parameters, from a query's `cql(...)` header (read and typed once by the
//! query compiler, [`HeaderSettings`]) or from the command line, merged with the command line
//! winning (as in CQL 6.2, where `-input`, `-matchstring`, `-silent`, ... override the
//! header), in the run's own types ([`GameSelect`], [`CommentLevel`]).

use std::path::PathBuf;

use super::select::GameSelect;
use crate::output::CommentLevel;
use crate::query::{Commenting, HeaderSettings};

/// The run parameters given by a header or a command line (None: not given).
#[derive(Clone, Debug, Default)]
pub struct RunParams {
    /// `input F`
    pub input: Option<PathBuf>,
    /// `output F`
    pub output: Option<PathBuf>,
    /// `variations` (true) or `mainline` (false)
    pub variations: Option<bool>,
    /// `matchstring "X"`
    pub match_string: Option<String>,
    /// `silent` or `quiet`
    pub comments: Option<CommentLevel>,
    /// `sort matchcount`: matched games written by their number of matched positions
    pub sort_by_match_count: bool,
    /// The game filters and `matchcount`.
    pub select: GameSelect,
    /// `noheader`: no `{Game number N}` comment (None: not given).
    pub no_header: Option<bool>,
}

impl From<HeaderSettings> for RunParams {
    /// The header's settings in the run's types (nothing is read again: the values were
    /// typed by [`HeaderSettings::read`]).
    fn from(h: HeaderSettings) -> RunParams {
        RunParams {
            input: h.input,
            output: h.output,
            variations: h.variations,
            match_string: h.match_string,
            comments: h.comments.map(|c| match c {
                Commenting::Quiet => CommentLevel::Quiet,
                Commenting::Silent => CommentLevel::Silent,
            }),
            sort_by_match_count: h.sort_by_match_count,
            select: GameSelect {
                numbers: h.numbers,
                player: h.player,
                white: h.white,
                black: h.black,
                event: h.event,
                site: h.site,
                result: h.result,
                years: h.years,
                match_count: h.match_count,
            },
            no_header: h.no_header,
        }
    }
}

impl RunParams {
    /// These parameters (the command line's) over `header`'s: each one given here wins.
    pub fn over(self, header: RunParams) -> RunParams {
        let s = self.select;
        let h = header.select;
        RunParams {
            input: self.input.or(header.input),
            output: self.output.or(header.output),
            variations: self.variations.or(header.variations),
            match_string: self.match_string.or(header.match_string),
            comments: self.comments.or(header.comments),
            no_header: self.no_header.or(header.no_header),
            sort_by_match_count: if s.match_count.is_some() {
                self.sort_by_match_count
            } else {
                header.sort_by_match_count
            },
            select: GameSelect {
                numbers: s.numbers.or(h.numbers),
                player: s.player.or(h.player),
                white: s.white.or(h.white),
                black: s.black.or(h.black),
                event: s.event.or(h.event),
                site: s.site.or(h.site),
                result: s.result.or(h.result),
                years: s.years.or(h.years),
                match_count: s.match_count.or(h.match_count),
            },
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn command_line_wins() {
        let header = RunParams {
            match_string: Some("H".into()),
            variations: Some(true),
            ..RunParams::default()
        };
        let cli = RunParams {
            match_string: Some("C".into()),
            ..RunParams::default()
        };
        let merged = cli.over(header);
        assert_eq!(merged.match_string.as_deref(), Some("C"));
        assert_eq!(merged.variations, Some(true));
    }
}
