//! A searched game's output: the search hands over what it found (the careful path the
//! game's record and [`Found`], owned; the one-pass search the game's bytes, the tokens it
//! read and the plies it matched; an ICN game its record and [`Found`]) and a [`Renderer`]
//! turns it into the game's [`GameOutput`] in the run's format, in the worker that searched
//! the game. The run renders nothing itself (`tests/layout.rs`).

use super::pgn_write_plain::{PlainMarks, ReadGame, write_plain_game};
use super::sink::GameOutput;
use super::{Format, Notes, PgnStyle, render_game};
use crate::eval::{Evaluator, Found, ReplayFault, ReplayedGame, ReplayedNode};
use crate::ir::Node;
use crate::pgn::plain::PlainToken;
use crate::pgn::{GameRecord, TextEncoding, read_game};
use crate::rules::Position;
use crate::rules::infinite::{IcnGame, InfPosition};
use crate::rules::standard::Standard;

/// How a run's matched games are written: the format and what it adds to a game.
pub struct Renderer<'a> {
    /// The output format.
    pub format: Format,
    /// The PGN annotation style.
    pub style: &'a PgnStyle,
    /// `sort matchcount`: the sort comment gives the matched positions.
    pub sort_by_match_count: bool,
    /// `--split-by`: the tag whose value names a matched game's file.
    pub split_tag: Option<&'a str>,
}

/// For `--json` of a one-pass search: the position before a matched ply's move (None at the
/// start) and the matched position.
pub type JsonPosition = (Option<Standard>, ReplayedNode<Standard>);

/// What the one-pass search found in one plain game (`pgn::plain`), as it read it.
pub struct PlainFound<'g> {
    /// The game's number.
    pub number: u64,
    /// The game's bytes.
    pub slice: &'g [u8],
    /// The game's tags, as read.
    pub tags: &'g [(String, String)],
    /// The movetext tokens the search read (kept for PGN output).
    pub movetext: Option<&'g [PlainToken<'g>]>,
    /// The matched positions counted.
    pub matched_positions: u64,
    /// Whether the game counts as matched (`matchcount`'s range).
    pub is_match: bool,
    /// The matched plies, kept when the output needs them (PGN, JSON).
    pub plies: &'g [u32],
    /// For `--json`: the positions at the matched plies (see [`JsonPosition`]).
    pub json: &'g [JsonPosition],
}

impl Renderer<'_> {
    /// A game searched on the careful path (`found`, from `record` and `filter`): its text
    /// (empty unless `counts_as_match` admits its matched positions; the query's
    /// `settag`, `removetag`, `removecomment` applied), its counts and what the writer does,
    /// and the replay's first fault. The game's `error` is left for the caller.
    pub fn careful<P: Position>(
        &self,
        filter: &Node<P::Set>,
        record: &GameRecord,
        number: u64,
        found: Found<P>,
        counts_as_match: impl Fn(u64) -> bool,
    ) -> (GameOutput, Option<ReplayFault>) {
        let Found {
            replayed,
            matched,
            marks,
            comments,
            edits: mut effects,
            best_sorts,
            sort_value,
            abort: fatal,
        } = found;
        let fault = replayed.fault.clone();
        // `settag`, `removetag`, `removecomment` change the game as written.
        let edited = effects.changes_the_game().then(|| effects.apply(record));
        let written = edited.as_ref().unwrap_or(record);
        let is_match = counts_as_match(matched.len() as u64);
        let text = if !is_match {
            String::new()
        } else if self.format.is_picture() {
            super::pictures::render_pictures(
                self.format,
                number,
                written,
                &replayed,
                &matched,
                &marks,
            )
        } else {
            let headings = super::sort_comment::sort_headings(filter);
            let match_count = self.sort_by_match_count.then_some(matched.len() as u64);
            let sort_text = super::sort_comment::sort_comment(&headings, &best_sorts, match_count);
            let notes = Notes {
                comments: &comments,
                messages: &effects.message_texts,
                sort: &sort_text,
            };
            render_game(
                self.format,
                self.style,
                number,
                written,
                &replayed,
                &matched,
                &notes,
            )
        };
        let split_key = self.split_key(written);
        effects.set_tags.clear();
        effects.removed_tags.clear();
        effects.removed_comments.clear();
        effects.message_texts.clear();
        let output = GameOutput {
            text,
            matched: is_match,
            matched_positions: matched.len() as u64,
            sort: sort_value.map(|s| s.output_order()),
            effects,
            fatal,
            split_key,
            encoding: match self.format {
                Format::Pgn => record.encoding,
                _ => TextEncoding::Utf8,
            },
            ..GameOutput::default()
        };
        (output, fault)
    }

    /// A game of an ICN input (`found`, from `record`): written as ICN in PGN output, else as
    /// the careful path writes it. A game counts when some position matched (`matchcount`
    /// ranges are not applied to ICN input). The game's `error` is left for the caller.
    pub fn icn(
        &self,
        game: &IcnGame,
        record: &GameRecord,
        number: u64,
        found: Found<InfPosition>,
    ) -> GameOutput {
        let Found {
            replayed,
            matched,
            marks,
            comments,
            sort_value,
            ..
        } = found;
        let text = match (matched.is_empty(), self.format) {
            (true, _) => String::new(),
            (false, Format::Pgn) => {
                super::icn::render_icn(self.style, number, game, record, &matched, &comments)
            }
            (false, format) if format.is_picture() => super::pictures::render_pictures(
                format, number, record, &replayed, &matched, &marks,
            ),
            (false, format) => render_game(
                format,
                self.style,
                number,
                record,
                &replayed,
                &matched,
                &Notes {
                    comments: &comments,
                    messages: &[],
                    sort: "",
                },
            ),
        };
        GameOutput {
            text,
            matched: !matched.is_empty(),
            matched_positions: matched.len() as u64,
            sort: sort_value.map(|s| s.output_order()),
            split_key: self.split_key(record),
            ..GameOutput::default()
        }
    }

    /// A game the one-pass search decided: `evaluator` holds what the query made in it
    /// (comments, messages, `sort` values) and the last position played. None when the
    /// careful path must write it: a matched game in a format written from positions the
    /// one-pass search does not keep (FEN, EPD, pictures), or one the careful reader faults
    /// on (the careful path reports it).
    pub fn plain(
        &self,
        filter: &Node<shakmaty::Bitboard>,
        found: PlainFound<'_>,
        evaluator: &mut Evaluator<Standard>,
    ) -> Option<GameOutput> {
        let is_match = found.is_match;
        let text = match self.format {
            _ if !is_match => String::new(),
            Format::Count => String::new(),
            Format::GameNumbers => format!("{}\n", found.number),
            Format::Pgn | Format::Json => {
                let plies = evaluator.current_mut().map(|node| node.ply)?;
                return self.plain_text(filter, &found, plies, evaluator);
            }
            // Other formats: the careful path renders the game.
            _ => return None,
        };
        Some(GameOutput {
            text,
            matched: is_match,
            matched_positions: found.matched_positions,
            // The output order of `--gamenumbers` follows the `sort` values.
            sort: evaluator
                .sort_value()
                .filter(|_| is_match)
                .map(|s| s.output_order()),
            ..GameOutput::default()
        })
    }

    /// A matched plain game in PGN or JSON, as the careful path writes it: in PGN from its
    /// bytes (`output::pgn_write_plain`) when it can be (most games), else its record is read
    /// (None when the careful reader faults on it) and written with the matched plies
    /// marked, with the query's comments (`comment`) and `sort` values. Nothing is replayed:
    /// PGN output reads no position, JSON reads those the search kept. `plies`: the
    /// main-line plies the search played.
    fn plain_text(
        &self,
        filter: &Node<shakmaty::Bitboard>,
        found: &PlainFound<'_>,
        plies: u32,
        evaluator: &Evaluator<Standard>,
    ) -> Option<GameOutput> {
        let (number, slice) = (found.number, found.slice);
        let comments = evaluator.take_comments();
        let effects = evaluator.take_edits();
        let headings = super::sort_comment::sort_headings(filter);
        let match_count = self.sort_by_match_count.then_some(found.plies.len() as u64);
        let sort_text =
            super::sort_comment::sort_comment(&headings, &evaluator.best_sorts(), match_count);
        // The one-pass search's positions (the comments' keys too) are main-line plies.
        if self.format == Format::Pgn {
            let header = self.style.header(number, &sort_text);
            let after = self.style.position_marks(found.plies, &comments);
            let marks = PlainMarks {
                header: header.as_deref(),
                after: &after,
            };
            let mut text = String::with_capacity(slice.len() + slice.len() / 4 + 64);
            // The writer reads the main line the one-pass search played, move for move.
            let tags = found.tags;
            if let Some(tokens) = found.movetext
                && write_plain_game(&mut text, slice, ReadGame { tags, tokens }, &marks)
                    == Ok(plies)
            {
                return Some(GameOutput {
                    text,
                    matched: true,
                    matched_positions: found.plies.len() as u64,
                    sort: evaluator.sort_value().map(|s| s.output_order()),
                    encoding: TextEncoding::Utf8,
                    ..GameOutput::default()
                });
            }
        }
        let record = read_game(slice).ok()?;
        let mainline = record.mainline();
        // The careful reader read the main line the one-pass search played, move for move.
        if mainline.len() != plies as usize + 1 {
            return None;
        }
        let matched: Vec<u32> = (found.plies.iter())
            .map(|&ply| mainline[ply as usize])
            .collect();
        // The record's nodes for the comments' plies.
        let comments: Vec<(u32, String)> = comments
            .into_iter()
            .map(|(ply, text)| (mainline[ply as usize], text))
            .collect();
        let notes = Notes {
            comments: &comments,
            messages: &effects.message_texts,
            sort: &sort_text,
        };
        let text = if self.format == Format::Json {
            let mut out = String::new();
            for (&at, (parent, node)) in matched.iter().zip(found.json) {
                let line =
                    super::pipes::json_line(number, &record, (parent.as_ref(), node), at, &notes);
                out.push_str(&line);
                out.push('\n');
            }
            out
        } else {
            let no_tree: ReplayedGame<Standard> = ReplayedGame::none();
            render_game(
                Format::Pgn,
                self.style,
                number,
                &record,
                &no_tree,
                &matched,
                &notes,
            )
        };
        Some(GameOutput {
            text,
            matched: true,
            matched_positions: matched.len() as u64,
            sort: evaluator.sort_value().map(|s| s.output_order()),
            encoding: match self.format {
                Format::Pgn => record.encoding,
                _ => TextEncoding::Utf8,
            },
            ..GameOutput::default()
        })
    }

    /// `--split-by`: the game's value of the tag, as written.
    fn split_key(&self, record: &GameRecord) -> Option<String> {
        record.tag(self.split_tag?).map(str::to_string)
    }
}
