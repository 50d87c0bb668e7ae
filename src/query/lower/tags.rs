//! Lowering of the game's tags as filters: `result 1-0`, `player white "Kasparov"`,
//! `elo black`, `event "..."`, `site`, `date` (colours swapped by `flipcolor`).

use crate::ir::{Color, GameResult, Node, TagName};
use crate::query::ast::TagWord;

use super::{Cx, Lower, Lowered, swap};

impl Lower<'_> {
    /// `result 1-0`: the result, its sides swapped under a colour swap.
    pub(super) fn result<S>(&self, r: GameResult, cx: Cx) -> Lowered<S> {
        let r = match (cx.xf.swap, r) {
            (true, GameResult::WhiteWins) => GameResult::BlackWins,
            (true, GameResult::BlackWins) => GameResult::WhiteWins,
            (_, r) => r,
        };
        Ok(Some(Node::Result(r)))
    }

    /// `player`, `player white`, `player black "text"`: a name tag, or whether it (either,
    /// without a colour) contains the text.
    pub(super) fn player<S>(&self, color: Option<Color>, text: Option<&str>, cx: Cx) -> Lowered<S> {
        let tag = |c: Color| {
            if swap(cx, c) == Color::White {
                TagName::White
            } else {
                TagName::Black
            }
        };
        Ok(Some(match (color, text) {
            (Some(c), None) => Node::Tag(tag(c)),
            (Some(c), Some(t)) => Node::TagContains(vec![tag(c)], t.to_string()),
            (None, t) => {
                let t = t.unwrap_or_default().to_string();
                Node::TagContains(vec![TagName::White, TagName::Black], t)
            }
        }))
    }

    /// `event`, `site`, `date`: the tag, or whether it contains the text.
    pub(super) fn tag<S>(&self, tw: TagWord, text: Option<&str>) -> Lowered<S> {
        let tag = match tw {
            TagWord::Event => TagName::Event,
            TagWord::Site => TagName::Site,
            TagWord::Date => TagName::Date,
        };
        Ok(Some(match text {
            None => Node::Tag(tag),
            Some(t) => Node::TagContains(vec![tag], t.to_string()),
        }))
    }
}
