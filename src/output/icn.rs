//! Matched games of ICN (infinite chess) input written as ICN: ICN's long format allows a
//! `{comment}` after a move, so the marks of matched positions follow their moves (a comment
//! before the first move marks the start position). See `docs/infinite.md`.

use super::PgnStyle;
use crate::pgn::GameRecord;
use crate::rules::infinite::{IcnGame, position_to_icn};

/// A matched game as ICN: tags, the start position, then the moves, each followed by its own
/// comment and the mark of a matched position (`{CQL}`, plus the query's `comment` texts);
/// the mark of the start position and `{Game number N}` come before the first move.
pub fn render_icn(
    style: &PgnStyle,
    number: u64,
    game: &IcnGame,
    record: &GameRecord,
    matched: &[u32],
    comments: &[(u32, String)],
) -> String {
    let mark = |at: u32| {
        let mut parts: Vec<&str> = Vec::new();
        if matched.contains(&at) {
            parts.push(&style.match_comment);
        }
        parts.extend(
            comments
                .iter()
                .filter(|(n, t)| *n == at && !t.is_empty())
                .map(|(_, t)| t.as_str()),
        );
        parts.join(" ")
    };
    let mut out = String::new();
    for (n, v) in &game.tags {
        out.push_str(&format!("[{n} \"{}\"]\n", v.replace('"', "\\\"")));
    }
    if !game.tags.is_empty() {
        out.push('\n');
    }
    out.push_str(&position_to_icn(&game.start));
    out.push_str("\n\n");
    let mut words: Vec<String> = Vec::new();
    if style.game_number_header {
        words.push(format!("{{Game number {number}}}"));
    }
    let start = mark(0);
    if !start.is_empty() {
        words.push(format!("{{{start}}}"));
    }
    let mut moves: Vec<String> = Vec::new();
    for (i, node) in record.nodes.iter().enumerate().skip(1) {
        let mut text = node.san.to_string();
        for c in &node.comments_after {
            text.push_str(&format!(" {{{c}}}"));
        }
        let m = mark(i as u32);
        if !m.is_empty() {
            text.push_str(&format!(" {{{m}}}"));
        }
        moves.push(text);
    }
    if !moves.is_empty() {
        words.push(moves.join("|"));
    }
    if let Some(r) = &game.result {
        words.push(r.clone());
    }
    out.push_str(&words.join(" "));
    out.push_str("\n\n");
    out
}
