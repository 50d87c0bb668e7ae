//! The match list's game information keywords beyond the player and event patterns (Scidb's
//! "CQL - The match list"), read from the PGN tags Scidb exports (`EventType`, `Mode`,
//! `TimeMode`, `Termination`, `WhiteTitle`, `WhiteType`, `WhiteSex`, `WhiteCountry`,
//! `EventCountry`, `EventCategory`, `EventDate`, `Date`, `Round`, `ECO`, `WhiteElo`,
//! `WhiteDWZ`, ...) or from the game's moves (`:plycount`, `:hasannotation`, `:hascomments`,
//! `:hasvariations`, `:comment`). What no PGN tag carries is refused by name.

use crate::ir::cqls::{CqlsNode, GameInfo, RatingMode};
use crate::ir::{Node, NumProp};
use crate::query::{ErrorKind, LowerError, Span};
use crate::squares::SquareSet;

use super::ast::{Arg, Item};
use super::lower::{Lower, cqls, range_arg, word_arg};

/// The keywords of this module.
pub(super) const MATCH_INFO: &[&str] = &[
    "eventcategory",
    "eventcountry",
    "eventdate",
    "eventmode",
    "eventtype",
    "round",
    "subround",
    "timemode",
    "averagerating",
    "averagerating*",
    "birthyear",
    "whitebirthyear",
    "blackbirthyear",
    "deathyear",
    "whitedeathyear",
    "blackdeathyear",
    "country",
    "whitecountry",
    "blackcountry",
    "gender",
    "whitegender",
    "blackgender",
    "iscomputer",
    "whiteiscomputer",
    "blackiscomputer",
    "ishuman",
    "whiteishuman",
    "blackishuman",
    "title",
    "whitetitle",
    "blacktitle",
    "rating",
    "ratingdifference",
    "date",
    "eco",
    "gamenumber",
    "hasmarker",
    "hasspecialmarker",
    "plycount",
    "termination",
    "comment",
    "error",
    "goodgame",
    "hasannotation",
    "hascomments",
    "hasvariations",
    "tag",
    "output",
    "pgn",
];

/// The tags of a player keyword's side: `white...` White's, `black...` Black's, else both.
fn sides(k: &str, suffix: &str) -> Vec<String> {
    if k.starts_with("white") {
        vec![format!("White{suffix}")]
    } else if k.starts_with("black") {
        vec![format!("Black{suffix}")]
    } else {
        vec![format!("White{suffix}"), format!("Black{suffix}")]
    }
}

/// A value as compared: lower case, without blanks, dots, dashes and underscores (`k.o.` is
/// `ko`, `time forfeit` is `timeforfeit`).
fn normalised(v: &str) -> String {
    v.chars()
        .filter(|c| !matches!(c, ' ' | '.' | '-' | '_'))
        .flat_map(char::to_lowercase)
        .collect()
}

/// A Scidb date `YYYY-MM-DD` (month and day optional) as the first and last days it covers,
/// each `year * 10000 + month * 100 + day` (`1935` covers 1935-00-00 to 1935-12-31, so that a
/// game of 1935 with an unknown month, read as month 0, lies in it).
fn date_span(s: &str) -> Option<(i64, i64)> {
    let mut parts = s.split('-');
    let year: i64 = parts.next()?.parse().ok()?;
    let month: Option<i64> = match parts.next() {
        None => None,
        Some(m) => Some(m.parse().ok()?),
    };
    let day: Option<i64> = match parts.next() {
        None => None,
        Some(d) => Some(d.parse().ok()?),
    };
    if parts.next().is_some()
        || month.is_some_and(|m| !(1..=12).contains(&m))
        || day.is_some_and(|d| !(1..=31).contains(&d))
    {
        return None;
    }
    let base = year * 10000;
    Some(match (month, day) {
        (None, _) => (base, base + 1231),
        (Some(m), None) => (base + m * 100, base + m * 100 + 31),
        (Some(m), Some(d)) => (base + m * 100 + d, base + m * 100 + d),
    })
}

impl Lower<'_> {
    fn refuse(&self, span: Span, k: &str, missing: &str) -> LowerError {
        self.unsupported(
            span,
            format!("':{k}' cannot be answered from PGN: {missing}"),
        )
    }

    /// The words of a comma-separated list argument.
    fn words(&self, item: &Item) -> Vec<String> {
        word_arg(&item.args[0])
            .split(',')
            .map(str::trim)
            .filter(|w| !w.is_empty())
            .map(str::to_string)
            .collect()
    }

    /// A tag compared with listed words; `unknown` (and the keyword's other words for "no
    /// value", `blank`) matches a missing tag; `aliases` maps a word to the tag's value.
    fn tag_words(
        &self,
        tags: Vec<String>,
        item: &Item,
        blank: &[&str],
        aliases: &[(&str, &str)],
    ) -> GameInfo {
        let mut words = Vec::new();
        let mut missing = false;
        for w in self.words(item) {
            let w = normalised(&w);
            if w == "unknown" || blank.contains(&w.as_str()) {
                missing = true;
                continue;
            }
            let value = aliases
                .iter()
                .find(|(a, _)| *a == w)
                .map_or(w.clone(), |(_, v)| normalised(v));
            words.push(value);
        }
        GameInfo::TagWord {
            tags,
            words,
            missing,
        }
    }

    /// A match-list game information keyword of this module.
    pub(super) fn match_info<S: SquareSet>(&self, item: &Item) -> Result<Node<S>, LowerError> {
        let k = item.keyword.as_str();
        let span = item.span;
        let info = |g: GameInfo| cqls::<S>(CqlsNode::GameInfo(g));
        Ok(match k {
            "eventtype" => {
                info(self.tag_words(vec!["EventType".into()], item, &[], &[("knockout", "k.o.")]))
            }
            "eventmode" => info(self.tag_words(
                vec!["Mode".into()],
                item,
                &[],
                &[
                    ("corr", "PM"),
                    ("email", "EM"),
                    ("internet", "ICS"),
                    ("tele", "TC"),
                ],
            )),
            "timemode" => info(self.tag_words(vec!["TimeMode".into()], item, &[], &[])),
            "termination" => info(self.tag_words(vec!["Termination".into()], item, &[], &[])),
            "title" | "whitetitle" | "blacktitle" => {
                info(self.tag_words(sides(k, "Title"), item, &["none"], &[]))
            }
            "gender" | "whitegender" | "blackgender" => {
                info(self.tag_words(sides(k, "Sex"), item, &["x"], &[("w", "f"), ("man", "m")]))
            }
            "country" | "whitecountry" | "blackcountry" | "eventcountry" => {
                // Scidb writes IOC codes (`GER`); the ISO 3166 forms need its table.
                for w in self.words(item) {
                    let ioc = w.len() == 3 && w.chars().all(|c| c.is_ascii_alphabetic());
                    if !ioc {
                        return Err(self.refuse(
                            span,
                            k,
                            &format!(
                                "'{w}' is not an IOC country code (the tags hold IOC codes; cqlq \
                                 has no table from ISO 3166 codes to them)"
                            ),
                        ));
                    }
                }
                let tags = if k == "eventcountry" {
                    vec!["EventCountry".to_string()]
                } else {
                    sides(k, "Country")
                };
                info(self.tag_words(tags, item, &["unk"], &[]))
            }
            "iscomputer" | "whiteiscomputer" | "blackiscomputer" => info(GameInfo::TagWord {
                tags: sides(k, "Type"),
                words: vec!["program".into()],
                missing: false,
            }),
            "ishuman" | "whiteishuman" | "blackishuman" => info(GameInfo::TagWord {
                tags: sides(k, "Type"),
                words: vec!["human".into()],
                missing: false,
            }),
            "round" | "subround" => info(GameInfo::TagNumber {
                tag: "Round".into(),
                part: u8::from(k == "subround"),
                range: range_arg(&item.args[0]),
            }),
            "eventcategory" => info(GameInfo::TagNumber {
                tag: "EventCategory".into(),
                part: 0,
                range: range_arg(&item.args[0]),
            }),
            "date" | "eventdate" => info(self.date(item)?),
            "eco" => info(self.eco(item)?),
            "rating" | "ratingdifference" | "averagerating" | "averagerating*" => {
                let system = word_arg(&item.args[0]);
                let suffix = match system.to_ascii_lowercase().as_str() {
                    "elo" => "Elo",
                    "dwz" => "DWZ",
                    "ecf" => "ECF",
                    "iccf" => "ICCF",
                    "uscf" => "USCF",
                    "rapid" => "Rapid",
                    _ => {
                        return Err(self.refuse(
                            span,
                            k,
                            &format!(
                                "no PGN tag carries '{system}' ratings (the tags are WhiteElo, \
                                 WhiteDWZ, WhiteECF, WhiteICCF, WhiteUSCF, WhiteRapid)"
                            ),
                        ));
                    }
                };
                info(GameInfo::Rating {
                    tags: [format!("White{suffix}"), format!("Black{suffix}")],
                    mode: match k {
                        "rating" => RatingMode::Either,
                        "ratingdifference" => RatingMode::Difference,
                        "averagerating" => RatingMode::Average,
                        _ => RatingMode::AverageBoth,
                    },
                    range: range_arg(&item.args[1]),
                })
            }
            "gamenumber" => cqls(CqlsNode::InRange(
                Node::Num(NumProp::GameNumber),
                range_arg(&item.args[0]),
            )),
            "plycount" => info(GameInfo::PlyCount(range_arg(&item.args[0]))),
            "hasannotation" => info(GameInfo::HasNag),
            "hasvariations" => info(GameInfo::HasVariation),
            "hascomments" => {
                if !item.args.is_empty() {
                    return Err(self.refuse(
                        span,
                        k,
                        "a comment's language is not written in PGN (Scidb keeps it in its \
                         database); use :hascomments without language codes",
                    ));
                }
                info(GameInfo::HasComment(None))
            }
            "comment" => {
                let (text, s) = match &item.args[0] {
                    Arg::Text(t, s) | Arg::Word(t, s) => (t.as_str(), *s),
                    _ => unreachable!("signature"),
                };
                // "a sub-string which is matching the given pattern": unanchored.
                let anchored = super::gameinfo::pattern_to_regex(text)
                    .map_err(|e| self.err(ErrorKind::Invalid, s, e.to_string()))?;
                let body = anchored
                    .trim_start_matches("(?i)")
                    .trim_start_matches('^')
                    .trim_end_matches('$');
                let case = if anchored.starts_with("(?i)") {
                    "(?i)"
                } else {
                    ""
                };
                info(GameInfo::HasComment(Some(format!("{case}{body}"))))
            }
            "tag" => {
                let name = word_arg(&item.args[0]);
                info(GameInfo::Tag {
                    name: (name != "*").then_some(name),
                    value: item.args.get(1).map(word_arg),
                })
            }
            // "supported to be compatible with CQL standard, and does not have any meaning
            // in CQL-S" (the help): accepted, no effect, as :markall.
            "output" | "pgn" => Node::True,
            "birthyear" | "whitebirthyear" | "blackbirthyear" | "deathyear" | "whitedeathyear"
            | "blackdeathyear" => {
                return Err(self.refuse(
                    span,
                    k,
                    "no PGN tag carries a player's birth or death year (Scidb reads them from \
                     its player base)",
                ));
            }
            "hasmarker" | "hasspecialmarker" => {
                return Err(self.refuse(
                    span,
                    k,
                    "game markers are flags of a Scidb database, not written in PGN",
                ));
            }
            "error" => {
                return Err(self.refuse(
                    span,
                    k,
                    "it reports errors met while decoding Scid or ChessBase databases, which \
                     PGN input does not have",
                ));
            }
            "goodgame" => {
                return Err(self.refuse(
                    span,
                    k,
                    "its definition reads ACF ratings, which no PGN tag carries (write its \
                     other parts with :timemode, :eventtype, :plycount, :title and :rating)",
                ));
            }
            _ => unreachable!("MATCH_INFO lists the keywords"),
        })
    }

    /// `:date` / `:eventdate`: `D`, `>=D` (`<=`, `>`, `<`), `D1 D2` (inclusive) or
    /// `D1 .. D2` (D2 excluded); D is `YYYY[-MM[-DD]]`.
    fn date(&self, item: &Item) -> Result<GameInfo, LowerError> {
        let k = item.keyword.as_str();
        let words: Vec<String> = item.args.iter().map(word_arg).collect();
        let bad = |w: &str| {
            self.err(
                ErrorKind::Invalid,
                item.span,
                format!(
                    "':{k}': '{w}' is not a date YYYY-MM-DD cqlq reads (date arithmetic such as \
                     +1m and the special ranges are not supported)"
                ),
            )
        };
        let date = |w: &str| date_span(w).ok_or_else(|| bad(w));
        let (lo, hi) = match words.as_slice() {
            [one] => {
                let ops = [(">=", 0), ("<=", 1), (">", 2), ("<", 3)];
                match ops.iter().find(|(op, _)| one.starts_with(op)) {
                    Some((op, kind)) => {
                        let (first, last) = date(&one[op.len()..])?;
                        match kind {
                            0 => (Some(first), None),
                            1 => (None, Some(last)),
                            2 => (Some(last + 1), None),
                            _ => (None, Some(first - 1)),
                        }
                    }
                    None => {
                        let (first, last) = date(one)?;
                        (Some(first), Some(last))
                    }
                }
            }
            [a, b] => {
                let (a, b) = (date(a)?, date(b)?);
                (Some(a.0.min(b.0)), Some(a.1.max(b.1)))
            }
            // "inclusive the former date, exclusive the latter date"
            [a, dots, b] if dots == ".." => {
                let (a, b) = (date(a)?.0, date(b)?.0);
                if a == b {
                    return Err(bad(".. with equal dates (an empty range)"));
                }
                (Some(a.min(b)), Some(a.max(b) - 1))
            }
            _ => return Err(bad(&words.join(" "))),
        };
        Ok(GameInfo::Date {
            tag: if k == "date" { "Date" } else { "EventDate" }.to_string(),
            lo,
            hi,
        })
    }

    /// `:eco A00`, `:eco B00-99,C00-99`, `:eco *` (any code), `:eco -` (none).
    fn eco(&self, item: &Item) -> Result<GameInfo, LowerError> {
        let text = word_arg(&item.args[0]);
        let code = |letter: char, n: &str| -> Option<u16> {
            let l = u16::from(
                u8::try_from(letter.to_ascii_uppercase())
                    .ok()?
                    .checked_sub(b'A')?,
            );
            let n: u16 = n.parse().ok()?;
            (l < 5 && n < 100 && n.to_string().len() <= 2).then_some(l * 100 + n)
        };
        match text.as_str() {
            "*" => {
                return Ok(GameInfo::Eco {
                    ranges: Vec::new(),
                    any: true,
                    none: false,
                });
            }
            "-" | "–" => {
                return Ok(GameInfo::Eco {
                    ranges: Vec::new(),
                    any: false,
                    none: true,
                });
            }
            _ => {}
        }
        let mut ranges = Vec::new();
        for part in text.split(',') {
            let mut chars = part.chars();
            let letter = chars.next().unwrap_or(' ');
            let rest = chars.as_str();
            let (a, b) = rest.split_once('-').unwrap_or((rest, rest));
            match (code(letter, a), code(letter, b)) {
                (Some(lo), Some(hi)) if lo <= hi => ranges.push((lo, hi)),
                _ => {
                    return Err(self.err(
                        ErrorKind::Invalid,
                        item.span,
                        format!("':eco': '{part}' is not an ECO code or range (A00, B00-99)"),
                    ));
                }
            }
        }
        Ok(GameInfo::Eco {
            ranges,
            any: false,
            none: false,
        })
    }
}
