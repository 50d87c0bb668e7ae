//! The text encoding of a game's PGN bytes. PGN is meant to be UTF-8 (or ASCII), but old
//! databases write names and comments in Latin-1 or Windows-1252. A game whose bytes are not
//! valid UTF-8 has all its text (tags, comments) decoded as Windows-1252, which maps every
//! byte to one character, so the query and JSON output see `Müller`, not `M�ller`; and
//! its PGN output encodes that text back, giving the bytes read.

use std::borrow::Cow;

/// How a game's text was decoded from its bytes.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub enum TextEncoding {
    /// UTF-8 (the game's bytes were valid UTF-8).
    #[default]
    Utf8,
    /// Windows-1252 (the game's bytes were not valid UTF-8): written back as Windows-1252.
    Windows1252,
}

impl TextEncoding {
    /// The encoding of a game's bytes: UTF-8 when they are valid UTF-8, else Windows-1252.
    pub fn of_game(bytes: &[u8]) -> TextEncoding {
        if std::str::from_utf8(bytes).is_ok() {
            TextEncoding::Utf8
        } else {
            TextEncoding::Windows1252
        }
    }

    /// `bytes` as text in this encoding (invalid UTF-8 replaced by U+FFFD for
    /// [`TextEncoding::Utf8`]; Windows-1252 has no invalid bytes).
    pub fn decode(self, bytes: &[u8]) -> Cow<'_, str> {
        match self {
            // `from_utf8` first: it checks ASCII a word at a time, the lossy reading a byte at
            // a time (a lichess game's clock comments, one a move, are all ASCII).
            TextEncoding::Utf8 => match std::str::from_utf8(bytes) {
                Ok(text) => Cow::Borrowed(text),
                Err(_) => String::from_utf8_lossy(bytes),
            },
            TextEncoding::Windows1252 => {
                encoding_rs::WINDOWS_1252
                    .decode_without_bom_handling(bytes)
                    .0
            }
        }
    }

    /// `text` as bytes in this encoding. For Windows-1252, a character it cannot encode (text
    /// a query added, such as a comment in Greek) is written as UTF-8.
    ///
    /// ```
    /// use cqlq::pgn::TextEncoding;
    /// let latin = b"[White \"M\xfcller\"]";
    /// let text = TextEncoding::Windows1252.decode(latin);
    /// assert_eq!(text, "[White \"Müller\"]");
    /// assert_eq!(TextEncoding::Windows1252.encode(&text), &latin[..]);
    /// ```
    pub fn encode(self, text: &str) -> Cow<'_, [u8]> {
        if self == TextEncoding::Utf8 || text.is_ascii() {
            return Cow::Borrowed(text.as_bytes());
        }
        let mut out = Vec::with_capacity(text.len());
        let mut encoder = encoding_rs::WINDOWS_1252.new_encoder();
        let mut utf8 = [0u8; 4];
        for c in text.chars() {
            let one = c.encode_utf8(&mut utf8);
            let mut byte = [0u8; 1];
            let (result, _, written) =
                encoder.encode_from_utf8_without_replacement(one, &mut byte, false);
            match result {
                encoding_rs::EncoderResult::InputEmpty if written == 1 => out.push(byte[0]),
                _ => out.extend_from_slice(one.as_bytes()),
            }
        }
        Cow::Owned(out)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Every byte decodes to one character and encodes back to itself (WHATWG's
    /// Windows-1252 maps 0x81, 0x8D, 0x8F, 0x90, 0x9D to the C1 controls of the same value).
    #[test]
    fn every_byte_round_trips_through_windows_1252() {
        let bytes: Vec<u8> = (0..=255).collect();
        let text = TextEncoding::Windows1252.decode(&bytes);
        assert_eq!(text.chars().count(), 256);
        assert_eq!(TextEncoding::Windows1252.encode(&text), &bytes[..]);
    }

    #[test]
    fn characters_windows_1252_lacks_are_written_as_utf8() {
        let written = TextEncoding::Windows1252.encode("é→");
        assert_eq!(written, &b"\xe9\xe2\x86\x92"[..]);
    }

    #[test]
    fn a_game_is_windows_1252_only_when_not_utf8() {
        use TextEncoding::{Utf8, Windows1252};
        assert_eq!(TextEncoding::of_game("Müller".as_bytes()), Utf8);
        assert_eq!(TextEncoding::of_game(b"M\xfcller"), Windows1252);
    }
}
