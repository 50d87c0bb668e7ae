//! The line formats for pipes: one line per matched position (`--fen`, `--epd`, `--json`) or
//! per matched game (`--gamenumbers`), each rendered by the worker that searched the game.
//!
//! - `--fen`: the position's FEN (X-FEN castling for Chess960; fairy boards their own FEN;
//!   infinite chess its ICN position string).
//! - `--epd`: the FEN's first four fields (placement, side to move, castling, en passant
//!   square as the FEN gives it: after every double step) and one operation,
//!   `id "game N ply P";`. The PGN standard's EPD (section 16.2) writes an operation as an
//!   opcode, its operands separated by spaces, and a closing semicolon; a string operand is
//!   in double quotes. The halfmove clock and move number are left out, as EPD does (its
//!   `hmvc`/`fmvn` operations are not written). Example, after Fool's mate in game 4:
//!   `rnb1kbnr/pppp1ppp/8/4p3/6Pq/5P2/PPPPP2P/RNBQKBNR w KQkq - id "game 4 ply 4";`.
//!   A position string that is not a FEN (infinite chess) is written whole before the `id`.
//! - `--json`: one object per line: `game`, `ply`, `fen`, `san` (the move that led to the
//!   position in standard SAN, with `+`/`#`, written again from the move as python-chess's
//!   `Board.san` does; on fairy and infinite boards the text as written; null at the start
//!   position), `san_as_written` (the move's text in the source, `fxg2+` for a mating move),
//!   `uci` (the move in UCI, `g1f3`, `e1g1`, `e7e8q`, `N@f3`, `0000` for a null move; null
//!   where cqlq does not write UCI: fairy and infinite boards), `move` (the text as written;
//!   the name of the first cqlq versions), the Seven Tag Roster's `White`, `Black`, `Event`, `Date`,
//!   `Result` (null when absent), `tags` (every tag of the game as written, in source order,
//!   with the query's `settag`/`removetag` applied), `comments` (the text of each
//!   `comment` the query made at the position) and `messages` (the text of each `message` it
//!   printed there, without the `Game N move M(wtm): ` prefix).
//! - `--gamenumbers`: the game number.

use crate::eval::ReplayedNode;
use crate::pgn::GameRecord;
use crate::rules::Position;

/// What the query said at positions of one game, for the line formats: its `comment` and
/// `message` texts, each with the record node it was made at, in the order made.
#[derive(Clone, Copy, Debug, Default)]
pub struct Notes<'a> {
    /// `comment(...)`: (record node, text).
    pub comments: &'a [(u32, String)],
    /// `message(...)`: (record node, text without the position prefix).
    pub messages: &'a [(u32, String)],
    /// The values of the query's `sort` filters, written after `Game number N` in PGN
    /// (`output::sort_comment`; "" for none).
    pub sort: &'a str,
}

impl Notes<'_> {
    /// The texts of `notes` made at record node `at`.
    fn at(notes: &[(u32, String)], at: u32) -> Vec<serde_json::Value> {
        notes
            .iter()
            .filter(|(node, _)| *node == at)
            .map(|(_, text)| text.as_str().into())
            .collect()
    }
}

/// The EPD line of a matched position: the FEN's first four fields and `id "game N ply P";`.
pub fn epd_line<P: Position>(number: u64, node: &ReplayedNode<P>) -> String {
    let fen = node.position.fen(true);
    let fields: Vec<&str> = fen.split(' ').collect();
    let board = if fields.len() >= 4 && fields[0].contains('/') {
        fields[..4].join(" ")
    } else {
        fen.clone()
    };
    format!("{board} id \"game {number} ply {}\";", node.ply)
}

/// The JSON line of the matched position at record node `at`, reached from the position
/// `parent` (None at the start position).
pub fn json_line<P: Position>(
    number: u64,
    record: &GameRecord,
    (parent, node): (Option<&P>, &ReplayedNode<P>),
    at: u32,
    notes: &Notes,
) -> String {
    let written = record
        .nodes
        .get(at as usize)
        .map(|n| n.san.as_str())
        .filter(|s| !s.is_empty());
    let regenerated = written.zip(parent).and_then(|(s, p)| p.san_and_uci(s));
    let text = |s: Option<&str>| s.map_or(serde_json::Value::Null, |s| s.into());
    let (san, uci) = match &regenerated {
        Some((san, uci)) => (text(Some(san)), text(Some(uci))),
        None => (text(written), serde_json::Value::Null),
    };
    let mut object = serde_json::Map::new();
    object.insert("game".into(), number.into());
    object.insert("ply".into(), node.ply.into());
    object.insert("fen".into(), node.position.fen(true).into());
    object.insert("san".into(), san);
    object.insert("san_as_written".into(), text(written));
    object.insert("uci".into(), uci);
    object.insert("move".into(), text(written));
    for tag in ["White", "Black", "Event", "Date", "Result"] {
        object.insert(
            tag.into(),
            record
                .tag(tag)
                .map_or(serde_json::Value::Null, |v| v.into()),
        );
    }
    let tags: serde_json::Map<String, serde_json::Value> = record
        .tags
        .iter()
        .map(|(k, v)| (k.clone(), v.as_str().into()))
        .collect();
    object.insert("tags".into(), tags.into());
    object.insert("comments".into(), Notes::at(notes.comments, at).into());
    object.insert("messages".into(), Notes::at(notes.messages, at).into());
    serde_json::Value::Object(object).to_string()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::standard::Standard;

    fn fools_mate() -> (GameRecord, crate::eval::ReplayedGame<Standard>) {
        let pgn = b"[Event \"e\"]\n[White \"Fool\"]\n[ECO \"A00\"]\n\n1. f3 e5 2. g4 Qh4# 0-1\n";
        let record = crate::pgn::read_game(pgn).unwrap();
        let start = Standard::from_start(None, false).unwrap();
        let replayed = crate::eval::replay(&record, start, false);
        (record, replayed)
    }

    /// python-chess 1.11.2, `Board.epd(en_passant="fen", id="game 4 ply 4")` after
    /// 1.f3 e5 2.g4 Qh4#.
    #[test]
    fn epd_after_fools_mate_is_python_chess_s() {
        let (_, replayed) = fools_mate();
        let node = replayed.nodes[4].as_ref().unwrap();
        assert_eq!(
            epd_line(4, node),
            "rnb1kbnr/pppp1ppp/8/4p3/6Pq/5P2/PPPPP2P/RNBQKBNR w KQkq - id \"game 4 ply 4\";"
        );
    }

    /// The notes of the matched node only; every tag in source order.
    #[test]
    fn json_has_san_tags_and_the_notes_at_the_position() {
        let (record, replayed) = fools_mate();
        let node = replayed.nodes[4].as_ref().unwrap();
        let comments = [(3, "before".to_string()), (4, "mate".to_string())];
        let messages = [(4, "seen".to_string())];
        let notes = Notes {
            comments: &comments,
            messages: &messages,
            sort: "",
        };
        let parent = replayed.nodes[3].as_ref().map(|n| &n.position);
        let line: serde_json::Value =
            serde_json::from_str(&json_line(1, &record, (parent, node), 4, &notes)).unwrap();
        assert_eq!(line["san"], "Qh4#");
        assert_eq!(line["uci"], "d8h4");
        assert_eq!(line["comments"], serde_json::json!(["mate"]));
        assert_eq!(line["messages"], serde_json::json!(["seen"]));
        let tags: Vec<&String> = line["tags"].as_object().unwrap().keys().collect();
        assert_eq!(tags, ["Event", "White", "ECO"]);
        assert_eq!(line["Black"], serde_json::Value::Null);
    }

    /// The move as written (`Qh4+`, `d8h4`: no mate sign, coordinates) stays in
    /// `san_as_written` and `move`; `san` is written again as python-chess 1.11.2 writes
    /// it (`board.san(chess.Move.from_uci("d8h4"))` after 1.f3 e5 2.g4: `Qh4#`). At the
    /// start position all three are null.
    #[test]
    fn json_san_is_written_again_and_the_source_text_kept() {
        for written in ["Qh4+", "d8h4"] {
            let pgn = format!("[Event \"e\"]\n\n1. f3 e5 2. g4 {written} 0-1\n");
            let record = crate::pgn::read_game(pgn.as_bytes()).unwrap();
            let start = Standard::from_start(None, false).unwrap();
            let replayed = crate::eval::replay(&record, start, false);
            let node = replayed.nodes[4].as_ref().unwrap();
            let parent = replayed.nodes[3].as_ref().map(|n| &n.position);
            let line: serde_json::Value =
                serde_json::from_str(&json_line(1, &record, (parent, node), 4, &Notes::default()))
                    .unwrap();
            assert_eq!(line["san"], "Qh4#");
            assert_eq!(line["uci"], "d8h4");
            assert_eq!(line["san_as_written"], written);
            assert_eq!(line["move"], written);
            let root = replayed.nodes[0].as_ref().unwrap();
            let line: serde_json::Value =
                serde_json::from_str(&json_line(1, &record, (None, root), 0, &Notes::default()))
                    .unwrap();
            assert_eq!(line["san"], serde_json::Value::Null);
            assert_eq!(line["san_as_written"], serde_json::Value::Null);
            assert_eq!(line["uci"], serde_json::Value::Null);
        }
    }
}
