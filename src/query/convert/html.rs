//! The query as HTML (CQL 6.2's `-colorize` and `-html`): each token in a `<span>` of its
//! kind's class, each glyph written `&#x...;` with its ASCII spelling as the title; and the
//! query's characters listed one a line (`-echo`).

use std::fmt::Write as _;

use super::{TokenKind, glyph, tokens};

/// The class of a token's `<span>` (CQL 6.2's colorizer classes: `k` keywords, `s`
/// strings and operators, `c` comments), or none.
fn class(kind: TokenKind, text: &str) -> Option<&'static str> {
    Some(match kind {
        TokenKind::Comment => "c",
        TokenKind::Str | TokenKind::Other => "s",
        TokenKind::Glyph(e) if e.ascii.starts_with(|c: char| c.is_ascii_alphabetic()) => {
            match e.ascii {
                "flip" | "flipcolor" => "k",
                _ => "s",
            }
        }
        TokenKind::Glyph(_) => "s",
        TokenKind::Word if crate::query::reserved_words::is_reserved(text) => "k",
        TokenKind::Word => "identifier",
        TokenKind::Designator { .. } => "piecedesignator",
        TokenKind::Dash => "dash",
        TokenKind::Blank | TokenKind::Number | TokenKind::Header => return None,
    })
}

/// `text` with `<`, `>`, `&` escaped and each character beyond ASCII written `&#x...;`, a
/// glyph in a span titled with its ASCII spelling.
fn escape(out: &mut String, text: &str) {
    for c in text.chars() {
        match c {
            '<' => out.push_str("&lt;"),
            '>' => out.push_str("&gt;"),
            '&' => out.push_str("&amp;"),
            c if c.is_ascii() => out.push(c),
            c => match glyph(c) {
                Some(e) => {
                    let mut title = String::new();
                    escape(&mut title, e.ascii);
                    let _ = write!(
                        out,
                        "<span class=\"glyph\" title=\"{title}\">&#x{:X};</span>",
                        c as u32
                    );
                }
                None => {
                    let _ = write!(out, "&#x{:X};", c as u32);
                }
            },
        }
    }
}

/// `cql -colorize`: the query as an HTML fragment, each token in a span of its class.
pub fn colorize(text: &str) -> String {
    let mut out = String::with_capacity(text.len() * 3);
    for t in tokens(text) {
        if t.kind == TokenKind::Header {
            // The header's inside is coloured as the tokens it holds.
            let inner = &t.text[3..];
            out.push_str("<span class=\"k\">cql</span>");
            let mut rest = String::new();
            for u in tokens(&format!(" {inner}")).into_iter() {
                span(&mut rest, u.kind, u.text);
            }
            out.push_str(&rest[1..]);
            continue;
        }
        span(&mut out, t.kind, t.text);
    }
    out
}

fn span(out: &mut String, kind: TokenKind, text: &str) {
    match class(kind, text) {
        Some(c) => {
            let _ = write!(out, "<span class=\"{c}\">");
            escape(out, text);
            out.push_str("</span>");
        }
        None => escape(out, text),
    }
}

/// `cql -html q.cql`: a whole HTML page showing the query `text`, titled `name`.
pub fn html_page(text: &str, name: &str) -> String {
    let mut title = String::new();
    escape(&mut title, name);
    let mut out = String::new();
    out.push_str("<!DOCTYPE html>\n<html>\n<head>\n<meta charset=\"UTF-8\">\n");
    let _ = writeln!(out, "<title>{title}</title>");
    out.push_str(
        "<style>\n\
         pre.cql { font-family: \"DejaVu Sans Mono\", monospace; }\n\
         .k { color: #008000; font-weight: bold; }\n\
         .s { color: #ba2121; }\n\
         .c { color: #408080; font-style: italic; }\n\
         .piecedesignator { color: #0000ff; }\n\
         .dash { color: #aa22ff; }\n\
         .glyph { font-family: \"DejaVu Sans\", sans-serif; }\n\
         </style>\n</head>\n<body>\n",
    );
    let _ = writeln!(
        out,
        "<!-- made from {title} by cqlq -html; a glyph's title is its ASCII spelling -->"
    );
    out.push_str("<pre class=\"cql\">\n");
    out.push_str(&colorize(text));
    if !text.ends_with('\n') {
        out.push('\n');
    }
    out.push_str("</pre>\n</body>\n</html>\n");
    out
}

/// `cql -echo q.cql`: one line per character: line, column, byte offset, code point, its
/// UTF-8 bytes and, for a glyph or a blank, its Unicode name.
pub fn echo_table(text: &str) -> String {
    let mut out = String::from("line col offset codepoint bytes name\n");
    let (mut line, mut column) = (1, 1);
    for (offset, c) in text.char_indices() {
        let mut bytes = String::new();
        for b in text[offset..offset + c.len_utf8()].bytes() {
            let _ = write!(bytes, "{b:02X}");
        }
        let name = match c {
            ' ' => "SPACE",
            '\t' => "CHARACTER TABULATION",
            '\n' => "LINE FEED",
            '\r' => "CARRIAGE RETURN",
            '\u{FEFF}' => "ZERO WIDTH NO-BREAK SPACE",
            c => glyph(c).map_or("", |e| e.name),
        };
        let _ = writeln!(
            out,
            "{line:4} {column:3} {offset:6} U+{:04X} {bytes:8} {name}",
            c as u32
        );
        if c == '\n' {
            line += 1;
            column = 1;
        } else {
            column += 1;
        }
    }
    out
}
