//! Evaluation of the operations on strings ([`StrFilter`]: indexing and slices, `~~`
//! captures, `while (s ~~ re)`, conversions) and of the filters that read or edit the game's
//! text: tags by a computed name, the output edits (`settag`, `removetag`, `removecomment`),
//! `message`, `originalcomment`, `hascomment "text"`, `year`, `hhdb` award codes and
//! `hhdb cooked`, and `readfile`/`writefile` (through [`super::files`]).
//!
//! Output effects are not performed here: they are recorded in the game's [`GameEdits`],
//! which the runner applies to the written game and prints in input order, so the output
//! does not depend on the thread count.

use crate::ir::{HhdbAward, Node, StrFilter};
use crate::rules::Position;

use super::{Evaluator, Value, files, text};

/// The text CQL 6.2's `hhdb cooked` looks for in the game.
const COOK_MARK: &str = "<cook";

/// What the string filters remember while they run over one game.
#[derive(Debug, Default)]
pub struct StrState {
    /// The groups of the last successful `~~` (`\0` first); empty after a failed one.
    pub captures: Vec<Option<String>>,
    /// The output edits and messages made so far.
    pub edits: GameEdits,
}

/// The effects a query had on one game's output: tags set or removed, original comments
/// removed, messages printed, text appended to files.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct GameEdits {
    /// `settag(name value)`, in order (a later one wins).
    pub set_tags: Vec<(String, String)>,
    /// `removetag name`.
    pub removed_tags: Vec<String>,
    /// `removecomment`: the record nodes whose original comments go.
    pub removed_comments: Vec<u32>,
    /// `message(...)`: each message's full line.
    pub messages: Vec<String>,
    /// `message(...)`: each message's text without the position prefix, with the record
    /// node it was made at (what `--json` shows at that position).
    pub message_texts: Vec<(u32, String)>,
    /// `writefile(name text)`: (file, text) in order.
    pub writes: Vec<(String, String)>,
}

impl GameEdits {
    /// Whether the query changed the game as written (`settag`, `removetag`,
    /// `removecomment`), so that [`GameEdits::apply`] has something to do.
    pub fn changes_the_game(&self) -> bool {
        !self.set_tags.is_empty()
            || !self.removed_tags.is_empty()
            || !self.removed_comments.is_empty()
    }

    /// The game as written with the tag and comment edits made (CQL 6.2 changes the game it
    /// writes, never the input).
    pub fn apply(&self, record: &crate::pgn::GameRecord) -> crate::pgn::GameRecord {
        let mut out = record.clone();
        // Looked up by name (a set and a map), not by a scan per edit: 100,000 `settag`s of
        // new names were quadratic.
        let removed: std::collections::HashSet<&str> =
            self.removed_tags.iter().map(String::as_str).collect();
        out.tags.retain(|(k, _)| !removed.contains(k.as_str()));
        let mut first_of: std::collections::HashMap<String, usize> = Default::default();
        for (i, (k, _)) in out.tags.iter().enumerate() {
            first_of.entry(k.clone()).or_insert(i);
        }
        for (name, value) in &self.set_tags {
            match first_of.get(name) {
                Some(&i) => out.tags[i].1 = value.clone(),
                None => {
                    first_of.insert(name.clone(), out.tags.len());
                    out.tags.push((name.clone(), value.clone()));
                }
            }
        }
        for &at in &self.removed_comments {
            if let Some(n) = out.nodes.get_mut(at as usize) {
                n.comments_after.clear();
            }
        }
        out
    }
}

impl<P: Position> Evaluator<'_, P> {
    /// The output edits, messages and file writes the query made in this game, emptied.
    pub fn take_edits(&self) -> GameEdits {
        std::mem::take(&mut self.state.borrow_mut().strs.edits)
    }

    /// `x ~~ re`: the matched text (`\0`) when `re` matches somewhere in `text`; its groups
    /// become `\1`, `\2`, ... until the next `~~`, and a failed match forgets them (CQL 6.2's
    /// `StringMatchNode`).
    pub(super) fn regex_match(&self, re: &regex::Regex, text: &str) -> Option<Value<P::Set>> {
        let captures = &mut self.state.borrow_mut().strs.captures;
        captures.clear();
        let found = re.captures(text)?;
        captures.extend(found.iter().map(|g| g.map(|m| m.as_str().to_string())));
        captures.first().cloned().flatten().map(Value::Str)
    }

    /// Evaluates an operation on strings.
    pub(super) fn eval_strs(&self, f: &StrFilter<P::Set>, at: u32) -> Option<Value<P::Set>> {
        let done = Some(Value::Bool(true));
        match f {
            StrFilter::Capture(n) => {
                let st = self.state.borrow();
                let group = st.strs.captures.get(*n as usize)?.clone()?;
                Some(Value::Str(group))
            }
            // while (s ~~ re) body (CQL 6.2's `StringIteratorNode`)
            StrFilter::RegexWhile {
                target,
                pattern,
                body,
            } => {
                let Value::Str(text) = self.eval(target, at)? else {
                    return None;
                };
                for found in pattern.0.captures_iter(&text) {
                    {
                        let captures = &mut self.state.borrow_mut().strs.captures;
                        captures.clear();
                        captures.extend(found.iter().map(|g| g.map(|m| m.as_str().to_string())));
                    }
                    self.matches(body, at);
                }
                done
            }
            StrFilter::Index(s, i) => {
                let text = self.string(s, at)?;
                let (lo, hi) = index_bounds(text.len(), self.num(i, at)?)?;
                Some(Value::Str(byte_slice(&text, lo, hi)))
            }
            StrFilter::Slice(s, i, j) => {
                let text = self.string(s, at)?;
                let (lo, hi) = self.slice_bounds(text.len(), i.as_ref(), j.as_ref(), at)?;
                Some(Value::Str(byte_slice(&text, lo, hi)))
            }
            StrFilter::SliceAssign(var, i, j, single, value) => {
                let Some(Value::Str(old)) = self.state.borrow().get(*var) else {
                    return None;
                };
                let (lo, hi) = if *single {
                    index_bounds(old.len(), self.num(i, at)?)?
                } else {
                    self.slice_bounds(old.len(), Some(i), j.as_ref(), at)?
                };
                let new = self.string(value, at)?;
                let mut bytes = old.into_bytes();
                bytes.splice(lo..hi, new.into_bytes());
                let text = String::from_utf8_lossy(&bytes).into_owned();
                self.state.borrow_mut().set(*var, Some(Value::Str(text)));
                done
            }
            StrFilter::Length(s) => Some(Value::Num(self.string(s, at)?.len() as i64)),
            StrFilter::Contains(a, b) => {
                let (a, b) = (self.string(a, at)?, self.string(b, at)?);
                b.contains(a.as_str()).then_some(Value::Bool(true))
            }
            StrFilter::IndexOf(a, b) => {
                let (a, b) = (self.string(a, at)?, self.string(b, at)?);
                Some(Value::Num(b.find(a.as_str()).map_or(-1, |i| i as i64)))
            }
            StrFilter::ToInt(s) => text::parse_int(&self.string(s, at)?).map(Value::Num),
            StrFilter::ToStr(parts) => self.capped_string(self.parts_text(parts, at), "str", at),
            StrFilter::Ascii(x) => match self.eval(x, at)? {
                Value::Str(s) if s.len() == 1 => Some(Value::Num(i64::from(s.as_bytes()[0]))),
                Value::Num(n) => {
                    let c = u8::try_from(n).ok().filter(|c| c.is_ascii() && *c > 0)?;
                    Some(Value::Str(char::from(c).to_string()))
                }
                _ => None,
            },
        }
    }

    /// `tag x`: the value of the tag named by the string x.
    pub(super) fn eval_tag_of(&self, name: &Node<P::Set>, at: u32) -> Option<Value<P::Set>> {
        let name = self.string(name, at)?;
        let v = self.game.record.tag(&name)?;
        Some(Value::Str(v.to_string()))
    }

    /// `settag(name value)`: recorded in the game's edits.
    pub(super) fn eval_set_tag(
        &self,
        name: &Node<P::Set>,
        value: &Node<P::Set>,
        at: u32,
    ) -> Option<Value<P::Set>> {
        let (name, value) = (self.string(name, at)?, self.string(value, at)?);
        self.state
            .borrow_mut()
            .strs
            .edits
            .set_tags
            .push((name, value));
        Some(Value::Bool(true))
    }

    /// `removetag x`: recorded in the game's edits.
    pub(super) fn eval_remove_tag(&self, name: &Node<P::Set>, at: u32) -> Option<Value<P::Set>> {
        let name = self.string(name, at)?;
        self.state.borrow_mut().strs.edits.removed_tags.push(name);
        Some(Value::Bool(true))
    }

    /// `originalcomment`
    pub(super) fn eval_original_comment(&self, at: u32) -> Option<Value<P::Set>> {
        let node = self.game.record.nodes.get(at as usize)?;
        text::original_comment(&node.comments_after).map(Value::Str)
    }

    /// `removecomment`: recorded in the game's edits.
    pub(super) fn eval_remove_comment(&self, at: u32) -> Option<Value<P::Set>> {
        let removed = &mut self.state.borrow_mut().strs.edits.removed_comments;
        if !removed.contains(&at) {
            removed.push(at);
        }
        Some(Value::Bool(true))
    }

    /// `hascomment "text"`
    pub(super) fn eval_has_comment_text(
        &self,
        text: &Node<P::Set>,
        at: u32,
    ) -> Option<Value<P::Set>> {
        let text = self.string(text, at)?;
        let node = self.game.record.nodes.get(at as usize)?;
        let found = node
            .comments_after
            .iter()
            .any(|c| c.contains(text.as_str()));
        found.then_some(Value::Bool(true))
    }

    /// `message(a b ...)` (`quiet`: no position header): recorded in the game's edits.
    pub(super) fn eval_message(
        &self,
        parts: &[Node<P::Set>],
        quiet: bool,
        at: u32,
    ) -> Option<Value<P::Set>> {
        let text = self.parts_text(parts, at);
        let line = if quiet {
            text.clone()
        } else {
            format!("{}{text}", self.message_prefix(at))
        };
        if self.hold_text("message", line.len() + text.len(), at) {
            return None;
        }
        let edits = &mut self.state.borrow_mut().strs.edits;
        edits.messages.push(line);
        edits.message_texts.push((at, text));
        Some(Value::Bool(true))
    }

    /// `year`
    pub(super) fn eval_year(&self) -> Option<Value<P::Set>> {
        Some(Value::Num(text::year_of(
            self.game.record.tag("Date").unwrap_or(""),
        )))
    }

    /// `hhdb cooked` (CQL 6.2's `HhdbHasCookNode`)
    pub(super) fn eval_hhdb_cooked(&self) -> Option<Value<P::Set>> {
        let record = self.game.record;
        let in_tags = record
            .tags
            .iter()
            .any(|(k, v)| k.contains(COOK_MARK) || v.contains(COOK_MARK));
        let in_comments = record.nodes.iter().any(|n| {
            n.comments_before
                .iter()
                .chain(&n.comments_after)
                .any(|c| c.contains(COOK_MARK))
        });
        (in_tags || in_comments).then_some(Value::Bool(true))
    }

    /// `hhdb [special] [max] award|prize|hm|commendation`
    pub(super) fn eval_hhdb_award(&self, award: HhdbAward) -> Option<Value<P::Set>> {
        let event = self.game.record.tag("Event").unwrap_or("");
        let place = text::hhdb_award(event, award)?;
        // A special award when `special` was not asked for matches, but has no
        // place (CQL 6.2's `HhdbAwardNode`: `match_position` true, `match_count`
        // false), so a comparison or `sort` on it fails.
        Some(if place > 0 {
            Value::Num(place)
        } else {
            Value::Bool(true)
        })
    }

    /// `readfile x`
    pub(super) fn eval_read_file(&self, name: &Node<P::Set>, at: u32) -> Option<Value<P::Set>> {
        let name = self.string(name, at)?;
        match files::read(&self.env.files, &name, super::budget::MAX_STRING_BYTES)? {
            Ok(text) => Some(Value::Str(text)),
            Err(files::ReadStop::TooLong) => {
                self.stop_for_size("readfile", &format!("the file {name}"), at);
                None
            }
            Err(files::ReadStop::NotAFile(what)) => {
                let m = format!(
                    "'readfile' refuses {name}: it is {what}, not a regular file \
                     (game number {} and position id {at})",
                    self.game.number
                );
                self.state.borrow_mut().prog.abort.get_or_insert(m);
                None
            }
        }
    }

    /// `writefile(name text)`: recorded in the game's edits.
    pub(super) fn eval_write_file(
        &self,
        name: &Node<P::Set>,
        text: &Node<P::Set>,
        at: u32,
    ) -> Option<Value<P::Set>> {
        let (name, text) = (self.string(name, at)?, self.string(text, at)?);
        if self.hold_text("writefile", name.len() + text.len(), at) {
            return None;
        }
        // A refused write (`--secure`, an input file) is reported by the writer.
        self.state.borrow_mut().strs.edits.writes.push((name, text));
        Some(Value::Bool(true))
    }

    /// The string value of a filter (None when it does not match or is no string).
    fn string(&self, f: &Node<P::Set>, at: u32) -> Option<String> {
        match self.eval(f, at)? {
            Value::Str(s) => Some(s),
            _ => None,
        }
    }

    /// CQL 6.2's bounds of `s[i:j]` for a string of `len` bytes (its `BracketRange`).
    fn slice_bounds(
        &self,
        len: usize,
        i: Option<&Node<P::Set>>,
        j: Option<&Node<P::Set>>,
        at: u32,
    ) -> Option<(usize, usize)> {
        let i = match i {
            Some(i) => Some(self.num(i, at)?),
            None => None,
        };
        let j = match j {
            Some(j) => Some(self.num(j, at)?),
            None => None,
        };
        Some(text::slice_bounds(len, i, j))
    }

    /// `str`/`message` text: each argument converted as CQL 6.2 converts values, `<false>`
    /// for one that does not match.
    fn parts_text(&self, parts: &[Node<P::Set>], at: u32) -> String {
        let mut text = String::new();
        for part in parts {
            let value = self.eval(part, at);
            match value.as_ref().and_then(text::value_text) {
                Some(t) => text.push_str(&t),
                None => text.push_str(match value {
                    Some(Value::Bool(true)) => "<true>",
                    Some(Value::Piece(_)) => "<piece>",
                    _ => "<false>",
                }),
            }
        }
        text
    }

    /// What precedes a message: the game number, the move number and the side to move (and
    /// the position's id inside a variation).
    fn message_prefix(&self, at: u32) -> String {
        let pos = &self.node(at).position;
        let side = if pos.turn() == crate::ir::Color::White {
            "wtm"
        } else {
            "btm"
        };
        let variation = if self.depth(at) > 0 {
            format!(" positionid {at}")
        } else {
            String::new()
        };
        format!(
            "Game {} move {}({side}){variation}: ",
            self.game.number,
            pos.fullmove_number()
        )
    }
}

/// The byte range of `s[i]` in a string of `len` bytes: none when out of range.
fn index_bounds(len: usize, i: i64) -> Option<(usize, usize)> {
    let len = len as i64;
    let i = if i < 0 { i + len } else { i };
    (0..len).contains(&i).then(|| (i as usize, i as usize + 1))
}

/// The bytes `lo..hi` of `text` (a split multi-byte character becomes U+FFFD).
fn byte_slice(text: &str, lo: usize, hi: usize) -> String {
    String::from_utf8_lossy(&text.as_bytes()[lo..hi]).into_owned()
}
