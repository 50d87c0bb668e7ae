//! The match list's game information ([`GameInfo`]): the game's PGN tags as Scidb exports
//! them, and facts of its move tree (ply count, NAGs, comments, variations).

use super::super::Evaluator;
use crate::ir::cqls::{GameInfo, RatingMode};
use crate::rules::Position;

/// A tag's value compared with the keyword's words: lower case, without blanks, dots,
/// dashes and underscores (as the lowering writes the words).
fn normalised(v: &str) -> String {
    v.chars()
        .filter(|c| !matches!(c, ' ' | '.' | '-' | '_'))
        .flat_map(char::to_lowercase)
        .collect()
}

/// A tag's value, None when it is absent or says "unknown" (empty, `?`, `-`).
fn known(v: Option<&str>) -> Option<&str> {
    v.map(str::trim)
        .filter(|t| !t.is_empty() && !t.chars().all(|c| c == '?' || c == '-'))
}

/// The leading number of `s` (digits), if any.
fn leading_number(s: &str) -> Option<i64> {
    let digits: String = s.chars().take_while(char::is_ascii_digit).collect();
    digits.parse().ok()
}

/// A PGN date `YYYY.MM.DD` (unknown parts `??` as 0) as `year * 10000 + month * 100 + day`.
fn date_value(s: &str) -> Option<i64> {
    let mut parts = s.split('.');
    let year: i64 = parts.next()?.parse().ok()?;
    let part = |p: Option<&str>| p.and_then(|x| x.parse::<i64>().ok()).unwrap_or(0);
    let (month, day) = (part(parts.next()), part(parts.next()));
    Some(year * 10000 + month * 100 + day)
}

/// An ECO code `A00`..`E99` as 0..499.
fn eco_value(s: &str) -> Option<u16> {
    let mut chars = s.chars();
    let letter = u16::from(
        u8::try_from(chars.next()?.to_ascii_uppercase())
            .ok()?
            .checked_sub(b'A')?,
    );
    let digits: String = chars.take(2).collect();
    let n: u16 = digits.parse().ok()?;
    (letter < 5 && digits.len() == 2).then_some(letter * 100 + n)
}

impl<P: Position> Evaluator<'_, P> {
    fn tag_value(&self, name: &str) -> Option<&str> {
        known(self.game.record.tag(name))
    }

    /// Whether the game has the property `g`.
    pub(super) fn game_info(&self, g: &GameInfo) -> bool {
        let record = self.game.record;
        match g {
            GameInfo::TagWord {
                tags,
                words,
                missing,
            } => tags.iter().any(|t| match self.tag_value(t) {
                None => *missing,
                Some(v) => words.contains(&normalised(v)),
            }),
            GameInfo::TagNumber { tag, part, range } => {
                let value = self.tag_value(tag).and_then(|v| match part {
                    0 => leading_number(v),
                    _ => v.split_once('.').and_then(|(_, sub)| leading_number(sub)),
                });
                range.contains(value.unwrap_or(0))
            }
            GameInfo::Date { tag, lo, hi } => self
                .tag_value(tag)
                .and_then(date_value)
                .is_some_and(|d| lo.is_none_or(|l| d >= l) && hi.is_none_or(|h| d <= h)),
            GameInfo::Eco { ranges, any, none } => {
                match self.tag_value("ECO").and_then(eco_value) {
                    None => *none,
                    Some(code) => *any || ranges.iter().any(|(lo, hi)| (*lo..=*hi).contains(&code)),
                }
            }
            GameInfo::Rating { tags, mode, range } => {
                let rating = |t: &str| self.tag_value(t).and_then(|v| v.parse::<i64>().ok());
                let (w, b) = (rating(&tags[0]), rating(&tags[1]));
                match (mode, w, b) {
                    (RatingMode::Either, _, _) => {
                        w.is_some_and(|r| range.contains(r)) || b.is_some_and(|r| range.contains(r))
                    }
                    (RatingMode::Difference, Some(w), Some(b)) => range.contains(w - b),
                    (RatingMode::Average | RatingMode::AverageBoth, Some(w), Some(b)) => {
                        range.contains((w + b) / 2)
                    }
                    (RatingMode::Average, Some(r), None) | (RatingMode::Average, None, Some(r)) => {
                        range.contains(r)
                    }
                    _ => false,
                }
            }
            GameInfo::PlyCount(range) => {
                let plies = record.mainline().len().saturating_sub(1);
                range.contains(plies as i64)
            }
            GameInfo::HasNag => record.nodes.iter().any(|n| !n.nags.is_empty()),
            GameInfo::HasVariation => record.nodes.iter().any(|n| n.children.len() > 1),
            GameInfo::HasComment(pattern) => {
                let re = pattern.as_ref().and_then(|p| regex::Regex::new(p).ok());
                record.nodes.iter().any(|n| {
                    n.comments_before
                        .iter()
                        .chain(&n.comments_after)
                        .any(|c| re.as_ref().is_none_or(|r| r.is_match(c)))
                })
            }
            GameInfo::Tag { name, value } => {
                const ROSTER: &[&str] =
                    &["Event", "Site", "Date", "Round", "White", "Black", "Result"];
                record.tags.iter().any(|(n, v)| {
                    let named = match name {
                        Some(want) => n.eq_ignore_ascii_case(want),
                        None => !ROSTER.contains(&n.as_str()),
                    };
                    named
                        && value
                            .as_ref()
                            .is_none_or(|x| v.to_lowercase().contains(&x.to_lowercase()))
                })
            }
        }
    }
}
