//! `--html FILE`: one self-contained page (inline CSS and SVG, nothing fetched) with a
//! section per matched game (`id="game-N"`: its tags) and in it a figure per matched position:
//! the SVG board ([`super::svg`]), a link back to the game's section, the ply, the marked
//! squares and the moves around the match with the matched move in bold.
//!
//! The page is written in three parts so games stream in input order like any format:
//! [`page_start`] before the first game, [`game_section`] per matched game (rendered by the
//! worker), [`page_end`] after the last.

use super::pictures::{Scene, marked_text, title, window_text};
use super::svg::{board_svg, escape};
use crate::pgn::GameRecord;

/// The page's stylesheet.
const STYLE: &str = "body{font-family:sans-serif;margin:1.5em;color:#222;background:#fafafa}\
h1{font-size:1.4em}h2{font-size:1.15em;margin-top:1.5em}\
section.game{border-top:1px solid #ccc;padding-top:.5em}\
table.tags{border-collapse:collapse;font-size:.85em;margin-bottom:.5em}\
table.tags th{text-align:left;padding-right:1em;color:#666;font-weight:normal}\
figure.match{display:inline-block;vertical-align:top;margin:.5em 1.5em 1em 0}\
figcaption{font-size:.85em;max-width:40em;margin-top:.3em}\
.moves{font-family:monospace}.moves b{background:#d8f0d0}\
pre.query{background:#eee;padding:.5em;white-space:pre-wrap}";

/// The page up to the first game: the title and the query.
pub fn page_start(query: &str) -> String {
    format!(
        "<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n\
         <title>cqlq: matched positions</title>\n<style>{STYLE}</style>\n</head>\n<body>\n\
         <h1>cqlq: matched positions</h1>\n<pre class=\"query\">{}</pre>\n",
        escape(query.trim())
    )
}

/// The end of the page: the counts, then the closing tags.
pub fn page_end(games: u64, matched_games: u64, matched_positions: u64) -> String {
    let none = if matched_positions == 0 {
        "<p>No position matched.</p>\n"
    } else {
        ""
    };
    format!(
        "{none}<footer><p>{games} games read, {matched_games} matched, \
         {matched_positions} matched positions.</p></footer>\n</body>\n</html>\n"
    )
}

/// One matched game's section: its header (the tags) and a figure per matched position.
pub fn game_section(number: u64, record: &GameRecord, scenes: &[Scene]) -> String {
    let name = |tag: &str| escape(record.tag(tag).unwrap_or("?"));
    let mut out = format!(
        "<section class=\"game\" id=\"game-{number}\">\n\
         <h2><a href=\"#game-{number}\">Game {number}</a>: {} – {}</h2>\n",
        name("White"),
        name("Black")
    );
    if !record.tags.is_empty() {
        out.push_str("<table class=\"tags\">\n");
        for (tag, value) in &record.tags {
            out.push_str(&format!(
                "<tr><th>{}</th><td>{}</td></tr>\n",
                escape(tag),
                escape(value)
            ));
        }
        out.push_str("</table>\n");
    }
    for scene in scenes {
        out.push_str(&figure(scene, record));
    }
    out.push_str("</section>\n");
    out
}

/// One matched position: the board, then the caption.
fn figure(scene: &Scene, record: &GameRecord) -> String {
    let heading = title(scene, record);
    let mut notes = vec![format!(
        "<a href=\"#game-{n}\">Game {n}</a>, ply {}",
        scene.ply,
        n = scene.number
    )];
    notes.push(escape(match &scene.last_move {
        Some(m) => m.as_str(),
        None => "start position",
    }));
    for extra in [marked_text(&scene.view), window_text(&scene.view)] {
        if !extra.is_empty() {
            notes.push(escape(&extra));
        }
    }
    let moves: Vec<String> = scene
        .around
        .iter()
        .map(|m| {
            if m.current {
                format!("<b>{}</b>", escape(&m.text))
            } else {
                escape(&m.text)
            }
        })
        .collect();
    format!(
        "<figure class=\"match\" id=\"game-{}-node-{}\">\n{}\n<figcaption>{}<br>\
         <span class=\"moves\">{}</span></figcaption>\n</figure>\n",
        scene.number,
        scene.node,
        board_svg(&scene.view, &heading),
        notes.join(" · "),
        moves.join(" ")
    )
}
