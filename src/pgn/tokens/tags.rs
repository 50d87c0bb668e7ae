//! The tokenizer's tag lines (`pgn::tokens`): one turn of `Reader::read_tags`' loop at a
//! `[`, a plain tag read in one scan, and where pgn-reader ends a tag's value.

use std::ops::Range;

use super::{BYTE_CLASS, ENDS_VALUE, Found, NAME, Phase, TagToken, Tokenizer, Visitor};

impl Tokenizer<'_> {
    /// One turn of `Reader::read_tags`' loop, at a `[`.
    pub(super) fn tag(&mut self, v: &mut impl Visitor) -> Found {
        if let Some(tag) = self.plain_tag() {
            // As the general reading below reads it, in one scan.
            if !self.in_buffer(tag.end - 2) {
                v.beyond_buffer(tag.start)?;
            }
            self.pos = tag.end;
            self.skip_whitespace(false);
            return v.tag(tag);
        }
        let start = self.pos;
        self.pos += 1;
        let rest = self.rest();
        // (Names and values are short: a look at each byte is cheaper than `memchr3`.)
        let left_quote = match rest.iter().position(|&b| matches!(b, b'"' | b'\n' | b']')) {
            Some(q) if rest[q] == b'"' => q,
            Some(eol) => {
                if !self.in_buffer(start + 1 + eol) {
                    v.beyond_buffer(start)?;
                }
                self.pos += eol + 1;
                let end = start + 1 + eol + usize::from(rest[eol] == b']');
                self.skip_ket();
                return v.bad_tag(start..end);
            }
            None => {
                self.phase = Phase::Done;
                return v.unterminated_tag(start);
            }
        };
        // The value ends at its closing quote (taken) or at the line's end (not taken).
        let mut right_quote = left_quote + 1;
        let (value_end, taken) = loop {
            let value = &rest[right_quote..];
            match value
                .iter()
                .position(|&b| matches!(b, b'\\' | b'"' | b'\n'))
            {
                Some(delta) if rest[right_quote + delta] == b'"' => break (right_quote + delta, 1),
                Some(delta) if rest[right_quote + delta] == b'\n' => {
                    break (right_quote + delta, 0);
                }
                Some(delta) => right_quote = (right_quote + delta + 2).min(rest.len()),
                None => {
                    self.phase = Phase::Done;
                    return v.unterminated_tag(start);
                }
            }
        };
        if !self.in_buffer(start + 1 + value_end) {
            v.beyond_buffer(start)?;
        }
        let name_end = left_quote - usize::from(left_quote > 0 && rest[left_quote - 1] == b' ');
        let value_start = start + 1 + left_quote + 1;
        self.pos += value_end + taken;
        let mut tag = TagToken {
            start,
            end: self.ket_end(self.pos),
            name: start + 1..start + 1 + name_end,
            value: value_start..start + 1 + value_end,
            line_end: 0,
            plain: false,
        };
        if let Some((value, line_end)) = self.quoted_value(value_start, self.pos) {
            (tag.value, tag.line_end) = (value, line_end);
        }
        self.skip_ket();
        v.tag(tag)
    }

    /// The tag at the `[` at `pos` when it is plain ([`TagToken::plain`]).
    #[inline]
    fn plain_tag(&self) -> Option<TagToken> {
        let (start, line) = (self.pos, &self.data[self.pos + 1..]);
        let name_len = line
            .iter()
            .position(|&b| BYTE_CLASS[usize::from(b)] & NAME == 0)?;
        if name_len == 0 || !matches!(line[name_len..], [b' ', b'"', ..]) {
            return None;
        }
        let value = &line[name_len + 2..];
        let close = name_len
            + 2
            + value
                .iter()
                .position(|&b| BYTE_CLASS[usize::from(b)] & ENDS_VALUE != 0)?;
        if !matches!(line[close..], [b'"', b']', ..]) {
            return None;
        }
        let mut end = close + 2;
        while let Some(b' ' | b'\t' | b'\r') = line.get(end) {
            end += 1;
        }
        let alone =
            matches!(line.get(end), None | Some(b'\n')) && end < crate::pgn::read::TAG_LINE_BYTES;
        let at = start + 1;
        alone.then(|| TagToken {
            start,
            end: at + close + 2,
            name: at..at + name_len,
            value: at + name_len + 2..at + close,
            line_end: 0,
            plain: true,
        })
    }

    /// After a tag value ending at `after`: past the `]` that `skip_ket` took, if it took one.
    fn ket_end(&self, after: usize) -> usize {
        let gap = self.data[after..]
            .iter()
            .position(|b| !matches!(b, b' ' | b'\t' | b'\r'))
            .map_or(self.data.len(), |i| after + i);
        if self.data.get(gap) == Some(&b']') {
            gap + 1
        } else {
            after
        }
    }

    /// For a tag value that pgn-reader ended at `after - 1`: if the line goes on with more than
    /// `]` and ends with `"]`, the value really runs to that quote (see [`TagToken::value`]).
    fn quoted_value(&mut self, value_start: usize, after: usize) -> Option<(Range<usize>, usize)> {
        let data = self.data;
        if data.get(after - 1) != Some(&b'"') {
            return None;
        }
        let rest = data[after..]
            .iter()
            .position(|b| !matches!(b, b' ' | b'\t' | b'\r'));
        if rest.is_none_or(|i| matches!(data[after + i], b']' | b'\n')) {
            return None;
        }
        let (line_end, close) = self.line_and_close(after);
        Some((value_start..close?, line_end))
    }

    /// The end of the line at `at`, and the first `"]` on it at or after `at`. Cached, so that a
    /// line of many tags takes linear time (`at` only grows).
    fn line_and_close(&mut self, at: usize) -> (usize, Option<usize>) {
        let data = self.data;
        let (from, line_end, close) = self.line_cache;
        if at < from || at > line_end || close.is_some_and(|c| c < at) {
            let line_end = memchr::memchr(b'\n', &data[at..]).map_or(data.len(), |i| at + i);
            let close = memchr::memmem::find(&data[at..line_end], b"\"]").map(|i| at + i);
            self.line_cache = (at, line_end, close);
        }
        (self.line_cache.1, self.line_cache.2)
    }
}
