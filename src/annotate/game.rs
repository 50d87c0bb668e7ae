//! One game: read it with the places of its tags and moves, pick its rules, replay it once,
//! and evaluate every theme at every searched position; the result is what to add where.

use std::collections::BTreeMap;
use std::sync::Arc;

use super::splice::{Additions, splice};
use super::{AnnotateConfig, Theme};
use crate::eval::{Evaluator, GameContext, ReplayFault, ReplayedGame, replay};
use crate::ir::Node;
use crate::pgn::{GameRecord, read_game_spans};
use crate::rules::Position;
use crate::rules::fairy::{FairyPos, Variant};
use crate::rules::families::{OnStart, game_rules, start_game};
use crate::run::families::move_reading;

/// What annotating one game gave.
pub(super) struct GameNotes {
    /// The game's new text; None: written unchanged (no theme found, or a fault).
    pub text: Option<Vec<u8>>,
    /// Which themes were found, by index.
    pub found: Vec<usize>,
    /// The positions that got a comment.
    pub positions: u64,
    /// The game's fault, as the line to print (`FILE: game N (byte B): reason`).
    pub error: Option<String>,
}

impl GameNotes {
    fn unchanged(error: Option<String>) -> Self {
        GameNotes {
            text: None,
            found: Vec::new(),
            positions: 0,
            error,
        }
    }
}

/// Annotates the game in `slice` (game `number`, at byte `offset` of the input `name`).
pub(super) fn annotate_game(
    config: &AnnotateConfig,
    slice: &[u8],
    number: u64,
    offset: u64,
    name: &str,
) -> GameNotes {
    let at = |byte: u64| format!("{name}: game {number} (byte {byte})");
    let (record, spans) = match read_game_spans(slice, move_reading(config.default_fairy.is_some()))
    {
        Ok(read) => read,
        Err(e) => {
            let line = format!("{}: {}", at(offset + e.offset as u64), e.message);
            return GameNotes::unchanged(Some(line));
        }
    };
    let rules = game_rules(
        record.tag("Variant"),
        config.default_fairy.as_ref(),
        &config.fairy_defs,
        config.default_variant,
    );
    let themes = &config.themes;
    let on = FindThemes {
        config,
        record: &record,
        number,
    };
    let found = rules.and_then(|rules| start_game(rules, record.tag("FEN"), on));
    let found = match found {
        Ok(Ok(found)) => found,
        Ok(Err(f)) => {
            let place = if f.mainline { "" } else { " in a variation" };
            let line = format!("{}: {} at ply {}{place}", at(offset), f.error, f.ply);
            return GameNotes::unchanged(Some(line));
        }
        Err(e) => return GameNotes::unchanged(Some(format!("{}: {e}", at(offset)))),
    };
    if found.themes.is_empty() && found.notes.is_empty() {
        return GameNotes::unchanged(None);
    }
    let names: Vec<&str> = found
        .themes
        .iter()
        .map(|&t| themes[t].name.as_str())
        .collect();
    let additions = Additions {
        notes: &found.notes,
        tag: &config.tag,
        themes: &names.join(" "),
    };
    GameNotes {
        text: Some(splice(slice, &record, &spans, &additions)),
        positions: found.notes.len() as u64,
        found: found.themes,
        error: None,
    }
}

/// One game's themes, looked for under the rules [`start_game`] picked.
struct FindThemes<'a> {
    config: &'a AnnotateConfig,
    record: &'a GameRecord,
    number: u64,
}

impl OnStart for FindThemes<'_> {
    type Out = Result<Found, ReplayFault>;

    fn on_8x8<P: Position<Set = shakmaty::Bitboard>>(self, start: P) -> Self::Out {
        let filters: Vec<_> = self.config.themes.iter().map(|t| Some(&t.filter)).collect();
        find_themes(self.config, self.record, start, &filters, self.number)
    }

    fn on_fairy(self, start: FairyPos, v: &Arc<Variant>) -> Self::Out {
        // A theme naming what this board lacks is left out for its games (told once).
        let lowered: Vec<Option<Arc<Node<_>>>> = self
            .config
            .themes
            .iter()
            .map(|t| t.fairy.filter(v))
            .collect();
        let filters: Vec<_> = lowered.iter().map(|f| f.as_deref()).collect();
        find_themes(self.config, self.record, start, &filters, self.number)
    }
}

/// The themes found in one game and the comment text at each position.
struct Found {
    /// Theme indices, in theme order.
    themes: Vec<usize>,
    /// Record node → the comment's texts (one per theme, or the theme's own texts).
    notes: BTreeMap<u32, Vec<String>>,
}

/// Replays the game (once per variations setting the themes need) and evaluates each theme
/// (`filters[t]`; None: the theme cannot run on this board) at each searched position. A
/// replay fault is returned as the reason to leave the game unchanged.
fn find_themes<P: Position>(
    config: &AnnotateConfig,
    record: &GameRecord,
    start: P,
    filters: &[Option<&Node<P::Set>>],
    number: u64,
) -> Result<Found, ReplayFault> {
    let wants = |t: &Theme| config.variations || t.variations;
    let mut replays: [Option<ReplayedGame<P>>; 2] = [None, None];
    for theme in &config.themes {
        let v = wants(theme);
        if replays[v as usize].is_none() {
            let replayed = replay(record, start.clone(), v);
            if let Some(f) = &replayed.fault {
                return Err(f.clone());
            }
            replays[v as usize] = Some(replayed);
        }
    }
    let mut found = Found {
        themes: Vec::new(),
        notes: BTreeMap::new(),
    };
    let mut texts: BTreeMap<u32, Vec<String>> = BTreeMap::new();
    for (t, theme) in config.themes.iter().enumerate() {
        let (Some(filter), Some(replayed)) = (filters[t], &replays[wants(theme) as usize]) else {
            continue;
        };
        let select = &theme.select;
        if !select.admits_number(number) || (select.reads_tags() && !select.admits_tags(record)) {
            continue;
        }
        let context = GameContext {
            record,
            replayed,
            number,
            variations: wants(theme),
        };
        let evaluator = Evaluator::new(&context);
        let mut matched = Vec::new();
        let mut own: Vec<(u32, String)> = Vec::new();
        for at in evaluator.searched_nodes() {
            evaluator.begin_position();
            let hit = evaluator.matches(filter, at);
            let edits = evaluator.take_edits();
            theme.note_edits(&edits);
            if hit {
                matched.push(at);
                // The message's own text, without CQL 6.2's place before it (`Game 3 move
                // 12(wtm): `): the comment is at that place already.
                own.extend(edits.message_texts.into_iter().map(|(_, text)| (at, text)));
            }
        }
        if !select.counts_as_match(matched.len() as u64) || matched.is_empty() {
            continue;
        }
        found.themes.push(t);
        if theme.silent {
            continue;
        }
        own.splice(0..0, evaluator.take_comments());
        if let Some(mark) = &theme.mark {
            for &at in &matched {
                if !own.iter().any(|(n, _)| *n == at) {
                    own.push((at, mark.clone()));
                }
            }
        }
        // Per position, this theme's texts in the order made (its own first).
        own.sort_by_key(|(n, _)| *n);
        for (at, text) in own {
            let text = comment_safe(&text);
            let here = texts.entry(at).or_default();
            if !text.is_empty() && !here.contains(&text) {
                here.push(text);
            }
        }
    }
    found.notes = texts.into_iter().filter(|(_, t)| !t.is_empty()).collect();
    Ok(found)
}

/// The text as a PGN comment can hold it: `}` (which would end the comment) becomes `)`.
fn comment_safe(text: &str) -> String {
    text.replace('}', ")").trim().to_string()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn braces_cannot_end_the_comment() {
        assert_eq!(comment_safe(" a}b "), "a)b");
    }
}
