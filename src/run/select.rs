//! Which games are searched and which count as matched: CQL 6.2's game filters (`gamenumber`,
//! `player`, `white`, `black`, `event`, `site`, `result`, `year`) and its `matchcount` range.
//!
//! The game filters read only the game number and the PGN tags, so a game they refuse is
//! never replayed. As in CQL 6.2 (`CqlNode::match_game`), a refused game still counts as
//! matched when the `matchcount` range admits 0.

use regex::Regex;

use crate::pgn::GameRecord;

/// The game filters and the match-count range of a run (all empty: every game is searched and
/// a game matches when one of its positions does).
#[derive(Clone, Debug, Default)]
pub struct GameSelect {
    /// `gamenumber A B`: only games numbered A to B (1-based, across the inputs) are read.
    pub numbers: Option<(u64, u64)>,
    /// `player X`: the White or Black tag contains X.
    pub player: Option<String>,
    /// `white X`: the White tag matches the regular expression X (CQL's `player white ~~ X`).
    pub white: Option<Regex>,
    /// `black X`: the Black tag matches the regular expression X.
    pub black: Option<Regex>,
    /// `event X`: the Event tag contains X.
    pub event: Option<String>,
    /// `site X`: the Site tag contains X.
    pub site: Option<String>,
    /// `result R`: the Result tag is R (`1-0`, `0-1` or `1/2-1/2`).
    pub result: Option<String>,
    /// `year A B`: the year of the Date tag is between A and B.
    pub years: Option<(i64, i64)>,
    /// `matchcount A B`: a game matches when A to B of its positions match.
    pub match_count: Option<(u64, u64)>,
}

impl GameSelect {
    /// Whether game `number` is to be read at all (`gamenumber`).
    pub fn admits_number(&self, number: u64) -> bool {
        self.numbers.is_none_or(|(a, b)| (a..=b).contains(&number))
    }

    /// Whether any filter reads the tags (so [`GameSelect::admits_tags`] is worth calling).
    pub fn reads_tags(&self) -> bool {
        self.player.is_some()
            || self.white.is_some()
            || self.black.is_some()
            || self.event.is_some()
            || self.site.is_some()
            || self.result.is_some()
            || self.years.is_some()
    }

    /// Whether the game's tags pass every tag filter.
    pub fn admits_tags(&self, record: &GameRecord) -> bool {
        let tag = |name: &str| record.tag(name).unwrap_or("");
        let contains = |name: &str, want: &Option<String>| {
            want.as_ref().is_none_or(|w| tag(name).contains(w.as_str()))
        };
        let player_ok = self
            .player
            .as_ref()
            .is_none_or(|p| tag("White").contains(p.as_str()) || tag("Black").contains(p.as_str()));
        let regex_ok =
            |name: &str, re: &Option<Regex>| re.as_ref().is_none_or(|r| r.is_match(tag(name)));
        let year_ok = self
            .years
            .is_none_or(|(a, b)| year_of(tag("Date")).is_some_and(|y| (a..=b).contains(&y)));
        player_ok
            && regex_ok("White", &self.white)
            && regex_ok("Black", &self.black)
            && contains("Event", &self.event)
            && contains("Site", &self.site)
            && self.result.as_ref().is_none_or(|r| tag("Result") == r)
            && year_ok
    }

    /// Whether a game with `positions` matched positions is a matched game (`matchcount`;
    /// without it, one position is enough).
    pub fn counts_as_match(&self, positions: u64) -> bool {
        match self.match_count {
            Some((a, b)) => (a..=b).contains(&positions),
            None => positions > 0,
        }
    }
}

/// The year of a PGN date (`1999.03.21`, `1999.??.??`); None when it is unknown (`????`).
pub fn year_of(date: &str) -> Option<i64> {
    let digits: String = date
        .trim()
        .chars()
        .take_while(char::is_ascii_digit)
        .collect();
    // No digits (`????`): no number.
    digits.parse().ok()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn years_and_counts() {
        assert_eq!(year_of("1999.03.21"), Some(1999));
        assert_eq!(year_of("1851.??.??"), Some(1851));
        assert_eq!(year_of("????.??.??"), None);
        let s = GameSelect {
            match_count: Some((2, 3)),
            ..GameSelect::default()
        };
        assert!(!s.counts_as_match(1) && s.counts_as_match(2) && !s.counts_as_match(4));
        assert!(GameSelect::default().counts_as_match(1));
        assert!(!GameSelect::default().counts_as_match(0));
    }
}
