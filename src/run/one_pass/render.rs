//! A matched game's output written by the one-pass search: in PGN from its bytes
//! (`pgn::write_plain`), else (JSON, or a game the writer cannot copy) from its record.

use super::Scratch;
use crate::eval::{Evaluator, ReplayedGame};
use crate::output::{Format, Notes};
use crate::pgn::plain::PlainToken;
use crate::pgn::read_game;
use crate::pgn::write_plain::{PlainMarks, ReadGame, write_plain_game};
use crate::rules::standard::Standard;
use crate::run::{GameOutput, RunConfig};

/// The output of a matched game in PGN or JSON, as the careful path writes it: the game is
/// read into its record (None when the careful reader faults on it: the careful path then
/// reports it) and written with the matched plies (`scratch.plies`) marked, with the
/// query's comments (`comment`) and `sort` values as the careful path writes them. Nothing
/// is replayed: PGN output reads no position, JSON reads those kept in `scratch.json`.
pub(super) fn render(
    config: &RunConfig,
    (slice, movetext, number, plies): (&[u8], Option<&[PlainToken<'_>]>, u64, u32),
    evaluator: &Evaluator<Standard>,
    scratch: &Scratch,
) -> Option<GameOutput> {
    let comments = evaluator.take_comments();
    let effects = evaluator.take_edits();
    let headings = crate::output::sort_comment::sort_headings(&config.filter);
    let match_count = config
        .sort_by_match_count
        .then_some(scratch.plies.len() as u64);
    let sort_text =
        crate::output::sort_comment::sort_comment(&headings, &evaluator.best_sorts(), match_count);
    // A plain game in PGN is written straight from its text when it can be (most games);
    // the one-pass search's positions (the comments' keys too) are main-line plies.
    if config.format == Format::Pgn {
        let header = config.style.header(number, &sort_text);
        let after = config.style.position_marks(&scratch.plies, &comments);
        let marks = PlainMarks {
            header: header.as_deref(),
            after: &after,
        };
        let mut text = String::with_capacity(slice.len() + slice.len() / 4 + 64);
        // The writer read the main line the one-pass search played, move for move.
        let read = movetext.map(|tokens| ReadGame {
            tags: &scratch.record.tags,
            tokens,
        });
        if write_plain_game(&mut text, slice, read, &marks) == Ok(plies) {
            return Some(GameOutput {
                text,
                matched: true,
                matched_positions: scratch.plies.len() as u64,
                sort: evaluator.sort_value().map(|s| s.output_order()),
                encoding: crate::pgn::TextEncoding::Utf8,
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
    let matched: Vec<u32> = scratch
        .plies
        .iter()
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
    let text = if config.format == Format::Json {
        let mut out = String::new();
        for (&at, (parent, node)) in matched.iter().zip(&scratch.json) {
            let line = crate::output::pipes::json_line(
                number,
                &record,
                (parent.as_ref(), node),
                at,
                &notes,
            );
            out.push_str(&line);
            out.push('\n');
        }
        out
    } else {
        let no_tree: ReplayedGame<Standard> = ReplayedGame::none();
        crate::output::render_game(
            Format::Pgn,
            &config.style,
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
        encoding: match config.format {
            Format::Pgn => record.encoding,
            _ => crate::pgn::TextEncoding::Utf8,
        },
        ..GameOutput::default()
    })
}
