//! The picture formats: `--diagram` (each matched position as a board in the terminal) and
//! `--html FILE` (one page with an SVG board per matched position). This module gathers what
//! both show of a matched position (a [`Scene`]: the game, the ply, the move, the moves
//! around it and the [`BoardView`]); [`super::diagram`] and [`super::html`] draw it.

use super::Format;
use super::view::BoardView;
use crate::eval::ReplayedGame;
use crate::ir::Color;
use crate::pgn::GameRecord;
use crate::rules::Position;

/// Plies shown before and after the matched position's move in the HTML report.
pub const PLIES_AROUND: usize = 4;

/// One move of the line through a matched position, as printed.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct LineMove {
    /// `12. Nf3`, `12... Nf6`, or the bare SAN of a black move after a white one.
    pub text: String,
    /// Whether this is the move that reached the matched position.
    pub current: bool,
}

/// What a picture shows of one matched position.
#[derive(Clone, Debug)]
pub struct Scene {
    /// The game number (input order).
    pub number: u64,
    /// The record node of the position (its place in the game tree).
    pub node: u32,
    /// Half-moves from the game's first position.
    pub ply: u32,
    /// The move that reached the position with its number (`3. Bb5`), None at the start.
    pub last_move: Option<String>,
    /// The moves around it (only filled for the HTML report).
    pub around: Vec<LineMove>,
    /// The board.
    pub view: BoardView,
}

/// The output of one matched game in a picture format: a diagram per matched position, or
/// the game's section of the HTML page. `marks[i]` holds the squares marked at `matched[i]`
/// (missing entries mark nothing).
pub fn render_pictures<P: Position>(
    format: Format,
    number: u64,
    record: &GameRecord,
    replayed: &ReplayedGame<P>,
    matched: &[u32],
    marks: &[P::Set],
) -> String {
    let html = format == Format::Html;
    let empty = <P::Set as crate::squares::SquareSet>::empty();
    let scenes: Vec<Scene> = matched
        .iter()
        .enumerate()
        .filter_map(|(i, &at)| {
            let node = replayed.nodes.get(at as usize)?.as_ref()?;
            Some(Scene {
                number,
                node: at,
                ply: node.ply,
                last_move: numbered_move(record, replayed, at, true),
                around: if html {
                    moves_around(record, replayed, at)
                } else {
                    Vec::new()
                },
                view: BoardView::of(&node.position, marks.get(i).unwrap_or(&empty)),
            })
        })
        .collect();
    match format {
        Format::Html => super::html::game_section(number, record, &scenes),
        Format::Diagram { color } => scenes
            .iter()
            .map(|s| super::diagram::diagram(s, record, color))
            .collect(),
        _ => String::new(),
    }
}

/// The move that reached node `at` as written in a game score: `12. Nf3` for White,
/// `12... Nf6` for Black (`numbered` false: a black move bare, as after its white move).
/// The SAN is the one the position gives (as `--json`'s `san`: `Nf2#` for a mate written
/// `Nf2+`), or as written when the rules give none. None for the root.
pub fn numbered_move<P: Position>(
    record: &GameRecord,
    replayed: &ReplayedGame<P>,
    at: u32,
    numbered: bool,
) -> Option<String> {
    let node = record.nodes.get(at as usize)?;
    let parent = node.parent?;
    let before = &replayed.nodes.get(parent as usize)?.as_ref()?.position;
    let n = before.fullmove_number();
    let san = before
        .san_and_uci(&node.san)
        .map_or_else(|| node.san.to_string(), |(san, _)| san);
    Some(match before.turn() {
        Color::White => format!("{n}. {san}"),
        Color::Black if numbered => format!("{n}... {san}"),
        Color::Black => san,
    })
}

/// The line through node `at`: up to [`PLIES_AROUND`] moves before its move, the move, and
/// up to [`PLIES_AROUND`] moves after it (following the main continuation).
pub fn moves_around<P: Position>(
    record: &GameRecord,
    replayed: &ReplayedGame<P>,
    at: u32,
) -> Vec<LineMove> {
    let mut before = Vec::new();
    let mut n = at;
    while let Some(parent) = record.nodes.get(n as usize).and_then(|m| m.parent) {
        if before.len() > PLIES_AROUND {
            break;
        }
        before.push(n);
        n = parent;
    }
    before.reverse();
    let mut line = before;
    let mut n = at;
    for _ in 0..PLIES_AROUND {
        let next = record
            .nodes
            .get(n as usize)
            .and_then(|m| m.children.first());
        match next {
            Some(&c) if replayed.nodes.get(c as usize).is_some_and(|r| r.is_some()) => {
                line.push(c);
                n = c;
            }
            _ => break,
        }
    }
    line.iter()
        .enumerate()
        .filter_map(|(i, &node)| {
            Some(LineMove {
                text: numbered_move(record, replayed, node, i == 0)?,
                current: node == at,
            })
        })
        .collect()
}

/// The header line of a picture: `Game 3: Anand – Carlsen, ply 5 (3. Bb5)`.
pub fn title(scene: &Scene, record: &GameRecord) -> String {
    let name = |tag: &str| record.tag(tag).unwrap_or("?").to_string();
    let reached = match &scene.last_move {
        Some(m) => format!("after {m}"),
        None => "start position".to_string(),
    };
    format!(
        "Game {}: {} – {}, ply {}, {reached}",
        scene.number,
        name("White"),
        name("Black"),
        scene.ply
    )
}

/// The marked squares in words: `marked: e4 f5` (`marked: 20 squares` past 16), with those
/// outside the window of the unbounded board counted; empty when nothing is marked.
pub fn marked_text(view: &BoardView) -> String {
    let mut text = match view.marked.len() {
        0 => String::new(),
        n if n > 16 => format!("marked: {n} squares"),
        _ => {
            let names: Vec<String> = view.marked.iter().map(|&c| view.square_name(c)).collect();
            format!("marked: {}", names.join(" "))
        }
    };
    if view.marked_outside > 0 {
        if text.is_empty() {
            text.push_str("marked: ");
        } else {
            text.push_str(", ");
        }
        text.push_str(&format!("{} outside the window", view.marked_outside));
    }
    text
}

/// The window of the unbounded board in words (`window x 1..8, y 1..8`); empty for finite
/// boards, which are shown whole.
pub fn window_text(view: &BoardView) -> String {
    if view.labels != super::view::Labels::Numbers {
        return String::new();
    }
    format!(
        "window x {}..{}, y {}..{}",
        view.origin.file + 1,
        view.origin.file + view.width,
        view.origin.rank + 1,
        view.origin.rank + view.height
    )
}
