//! The tokenizer (`cqlq::pgn::tokens`) against its truth, pgn-reader 0.29's `Reader` run on the
//! same bytes: the tokens pgn-reader reports, and where it fails, are the ones the tokenizer
//! marks as pgn-reader's, on hand-made quirks, on generated movetext and on every game of the
//! shared PGN files.

use std::ops::{ControlFlow, Range};

use pgn_reader::{Nag, Outcome, RawComment, RawTag, Reader, SanPlus, Skip};

use cqlq::pgn::split_games;
use cqlq::pgn::tokens::{MoveRead, MoveToken, TagToken, Visitor, visit_tokens};

/// What a reader reports, as pgn-reader's visitor sees it.
#[derive(Clone, Debug, PartialEq, Eq)]
enum Reported {
    Tag(Vec<u8>, Vec<u8>),
    Movetext,
    San(String),
    Nag(u8),
    Comment(Vec<u8>),
    Open,
    Close,
    Outcome(String),
    /// pgn-reader's error message; nothing is reported after it.
    Failed(String),
}

/// pgn-reader's reports on `data`: every game it reads, then its error if any.
fn pgn_reader_reports(data: &[u8]) -> Vec<Reported> {
    let mut recorder = PgnReaderRecorder::default();
    let mut reader = Reader::new(data);
    loop {
        match reader.read_game(&mut recorder) {
            Ok(Some(())) => {}
            Ok(None) => break,
            Err(e) => {
                recorder.out.push(Reported::Failed(e.to_string()));
                break;
            }
        }
    }
    recorder.out
}

#[derive(Default)]
struct PgnReaderRecorder {
    out: Vec<Reported>,
    comment: Vec<u8>,
}

impl pgn_reader::Visitor for PgnReaderRecorder {
    type Tags = ();
    type Movetext = ();
    type Output = ();

    fn begin_tags(&mut self) -> ControlFlow<(), ()> {
        ControlFlow::Continue(())
    }
    fn tag(&mut self, _: &mut (), name: &[u8], value: RawTag<'_>) -> ControlFlow<()> {
        let tag = Reported::Tag(name.to_vec(), value.as_bytes().to_vec());
        self.out.push(tag);
        ControlFlow::Continue(())
    }
    fn begin_movetext(&mut self, _: ()) -> ControlFlow<(), ()> {
        self.out.push(Reported::Movetext);
        ControlFlow::Continue(())
    }
    fn san(&mut self, _: &mut (), san: SanPlus) -> ControlFlow<()> {
        self.out.push(Reported::San(san.to_string()));
        ControlFlow::Continue(())
    }
    fn nag(&mut self, _: &mut (), nag: Nag) -> ControlFlow<()> {
        self.out.push(Reported::Nag(nag.0));
        ControlFlow::Continue(())
    }
    fn partial_comment(&mut self, _: &mut (), c: RawComment<'_>) -> ControlFlow<()> {
        self.comment.extend_from_slice(c.as_bytes());
        ControlFlow::Continue(())
    }
    fn comment(&mut self, _: &mut (), c: RawComment<'_>) -> ControlFlow<()> {
        let mut text = std::mem::take(&mut self.comment);
        text.extend_from_slice(c.as_bytes());
        self.out.push(Reported::Comment(text));
        ControlFlow::Continue(())
    }
    fn begin_variation(&mut self, _: &mut ()) -> ControlFlow<(), Skip> {
        self.out.push(Reported::Open);
        ControlFlow::Continue(Skip(false))
    }
    fn end_variation(&mut self, _: &mut ()) -> ControlFlow<()> {
        self.out.push(Reported::Close);
        ControlFlow::Continue(())
    }
    fn outcome(&mut self, _: &mut (), outcome: Outcome) -> ControlFlow<()> {
        self.out.push(Reported::Outcome(outcome.to_string()));
        ControlFlow::Continue(())
    }
    fn end_game(&mut self, _: ()) {}
}

/// The tokenizer's tokens on `data`: those marked as pgn-reader's, and where it fails.
fn tokenizer_reports(data: &[u8]) -> Vec<Reported> {
    let mut recorder = TokenRecorder {
        data,
        out: Vec::new(),
        failed: false,
    };
    visit_tokens(data, &mut recorder);
    recorder.out
}

struct TokenRecorder<'a> {
    data: &'a [u8],
    out: Vec<Reported>,
    failed: bool,
}

impl TokenRecorder<'_> {
    fn push(&mut self, reported: Reported) -> ControlFlow<()> {
        if !self.failed {
            self.failed = matches!(reported, Reported::Failed(_));
            self.out.push(reported);
        }
        ControlFlow::Continue(())
    }
}

impl Visitor for TokenRecorder<'_> {
    fn tag(&mut self, tag: TagToken) -> ControlFlow<()> {
        let name = self.data[tag.name].to_vec();
        let mut value = &self.data[tag.value];
        if tag.line_end > 0 {
            // pgn-reader cuts a value with unescaped quotes at its second quote.
            value = &value[..memchr::memchr(b'"', value).unwrap_or(value.len())];
        }
        self.push(Reported::Tag(name, value.to_vec()))
    }
    fn bad_tag(&mut self, _: Range<usize>) -> ControlFlow<()> {
        ControlFlow::Continue(())
    }
    fn beyond_buffer(&mut self, _: usize) -> ControlFlow<()> {
        self.push(Reported::Failed("unterminated tag".into()))
    }
    fn begin_movetext(&mut self) -> ControlFlow<()> {
        self.push(Reported::Movetext)
    }
    fn san(&mut self, token: MoveToken) -> ControlFlow<()> {
        match token.read {
            MoveRead::San(san) => self.push(Reported::San(san.to_string())),
            MoveRead::Recovered(_) | MoveRead::NotSan => ControlFlow::Continue(()),
        }
    }
    fn nag(&mut self, _: usize, nag: u8, as_text: bool) -> ControlFlow<()> {
        match as_text {
            false => self.push(Reported::Nag(nag)),
            true => ControlFlow::Continue(()),
        }
    }
    fn comment(&mut self, _: usize, text: Range<usize>) -> ControlFlow<()> {
        self.push(Reported::Comment(self.data[text].to_vec()))
    }
    fn line_comment(&mut self, _: usize, _: Range<usize>) -> ControlFlow<()> {
        ControlFlow::Continue(())
    }
    fn begin_variation(&mut self, _: usize) -> ControlFlow<()> {
        self.push(Reported::Open)
    }
    fn end_variation(&mut self, _: usize) -> ControlFlow<()> {
        self.push(Reported::Close)
    }
    fn outcome(&mut self, _: usize, outcome: &'static str) -> ControlFlow<()> {
        self.push(Reported::Outcome(outcome.to_string()))
    }
    fn unterminated_tag(&mut self, _: usize) -> ControlFlow<()> {
        self.push(Reported::Failed("unterminated tag".into()))
    }
    fn unterminated_comment(&mut self, _: usize) -> ControlFlow<()> {
        self.push(Reported::Failed("unterminated comment".into()))
    }
    fn end(&mut self) {}
}

fn assert_agrees(data: &[u8]) {
    let expected = pgn_reader_reports(data);
    let got = tokenizer_reports(data);
    if got != expected {
        let at = got
            .iter()
            .zip(&expected)
            .take_while(|(a, b)| a == b)
            .count();
        let short = |r: Option<&Reported>| format!("{r:?}").chars().take(200).collect::<String>();
        panic!(
            "{:?}: differs at report {at}: tokenizer {}, pgn-reader {}",
            String::from_utf8_lossy(&data[..data.len().min(200)]),
            short(got.get(at)),
            short(expected.get(at))
        );
    }
}

/// Every quirk of pgn-reader the tokenizer keeps, each on the bytes that show it.
#[test]
fn quirks_are_read_as_pgn_reader_reads_them() {
    let cases: &[&[u8]] = &[
        b"[White \"A\"]\n[Black \"B\"]\n\n1. e4 e5 2. Nf3 Nc6 1-0\n",
        // A BOM, `%` escape lines (at a line's start only), `;` comments.
        b"\xef\xbb\xbf% escaped\n[A \"x\"]\n%x\n1. e4 ; rest of line {not a comment}\ne5 % e6\n%d4\n*",
        // Null moves, zeros for castling (with check), a drop, `P7d8`.
        b"1. e4 -- 2. Z0 0-0+ 3. 0-0-0# P@e4 P7d8 O-O *",
        // Tokens pgn-reader skips: coordinate moves, glued junk, glyphs as text, `e.p.`.
        "1. g1f3 e2-e4 gxf8Q Qxg7++ axb6ep Rxe3, Qh81-0 +- ± exd6 e.p. N $1, $300 1/2 *"
            .as_bytes(),
        // Results: en and em dashes, `½-½`, inside a variation, glued to a move number.
        "1. e4 (1. d4 1–0) ½-½ 0—1 1/2-1/2 12.e4".as_bytes(),
        // Unclosed and unmatched variations, a variation at the start.
        b"( 1. e4 ) ) 1. d4 (1... d5 (1... e5",
        // A blank line (or CRLF one) and a `[` after a line break start another game.
        b"[A \"x\"]\n1. e4\n\n2. e5\r\n\r\n[B \"y\"]\n3. Nf3\n[C \"z\"]\n*",
        // Tag oddities: no value, unescaped quotes, escapes, a space before the name, two
        // tags on a line, a value ending at the line's end, junk after the `]`.
        b"[Event]\n[A \"Lopez \"Battle\"\"]\n[B \"a\\\"b\\\\\"] [ C  \"d\"]x\n[D \"open\n1. e4 *",
        // Unterminated comment and tag.
        b"1. e4 {never closed",
        b"[Event \"never closed",
        // Move numbers with odd spacing and dots.
        b"1.e4 1...e5 2 . Nf3 3... ... Nc6 4.. Bb5",
    ];
    for case in cases {
        assert_agrees(case);
    }
}

/// pgn-reader's 16 KiB buffer: a tag line that runs past it fails; a long comment is handed
/// over in parts (a UTF-8 character kept whole).
#[test]
fn buffer_limits_are_pgn_readers() {
    let long = |n: usize| "é".repeat(n);
    let mut cases: Vec<Vec<u8>> = vec![
        format!("[Event \"{}\"]\n1. e4 *", "x".repeat(20_000)).into_bytes(),
        format!("[Event \"{}\"]\n1. e4 *", "x".repeat(9_000)).into_bytes(),
        format!("1. e4 {{{}}} e5 *", long(30_000)).into_bytes(),
    ];
    // A tag line that fits in the buffer or not, depending on where the buffer was refilled:
    // after a long comment and a blank line, at every shift of 1 byte.
    for shift in 0..40 {
        let filler = "y".repeat(16_000 + shift * 13);
        let game = format!(
            "[A \"x\"]\n1. e4 {{{filler}}} e5\n\n[B \"{}\"]\n[C \"{}\"]\n1. d4 $12 *",
            "z".repeat(300),
            "w".repeat(200)
        );
        cases.push(game.into_bytes());
    }
    for case in &cases {
        assert_agrees(case);
    }
    // The shifts put the buffer's end inside the 300-byte tag line for some, not for others.
    let failing = cases[3..]
        .iter()
        .filter(|case| {
            pgn_reader_reports(case).contains(&Reported::Failed("unterminated tag".into()))
        })
        .count();
    assert!(failing > 0 && failing < 40, "{failing} of 40 fail");
}

/// Movetext made of random pieces (a fixed seed): every token kind next to every other.
#[test]
fn generated_movetext_is_read_as_pgn_reader_reads_it() {
    let pieces: &[&str] = &[
        "e4",
        "Nf3",
        "O-O",
        "0-0",
        "0-0-0",
        "--",
        "Z0",
        "exd5",
        "e8=Q+",
        "e8Q",
        "g1f3",
        "e2-e4",
        "1.",
        "12...",
        "1-0",
        "0-1",
        "1/2-1/2",
        "1/2",
        "*",
        "½-½",
        "{c}",
        "{",
        "}",
        "(",
        ")",
        "$1",
        "$256",
        "!",
        "?!",
        "!!!",
        "+-",
        "±",
        ";x\n",
        "\n",
        "\n\n",
        "\n%e\n",
        "[A \"b\"]",
        "[B]",
        " ",
        "\t",
        "\r\n",
        ".",
        "e.p.",
        "Qh81-0",
        "Nf3+-",
        "☺",
        "P@e4",
        "$",
        "1-",
        "0-",
        "\u{feff}",
        "=",
        "N",
        "Kxe8#",
    ];
    let mut next = crate::common::below_from(0x9e37_79b9_7f4a_7c15);
    for _ in 0..3_000 {
        let len = next(30);
        let mut game = String::new();
        for _ in 0..len {
            game.push_str(pieces[next(pieces.len())]);
            if next(3) > 0 {
                game.push(' ');
            }
        }
        assert_agrees(game.as_bytes());
    }
}

/// Every game of the shared PGN files (skipped when `../shared` is absent).
#[test]
fn shared_games_are_read_as_pgn_reader_reads_them() {
    let dir = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../shared/data");
    let files = [
        "messy.pgn",
        "cql-sample.pgn",
        "std-visible-5k.pgn",
        "tiny3.pgn",
    ];
    for file in files {
        let Ok(data) = std::fs::read(dir.join(file)) else {
            eprintln!("skipped: ../shared/data/{file} is absent");
            continue;
        };
        for range in split_games(&data) {
            assert_agrees(&data[range]);
        }
    }
}

/// The large shared files (40 MB each; `cargo test --test cli pgn_tokens -- --ignored`).
#[test]
#[ignore]
fn large_shared_games_are_read_as_pgn_reader_reads_them() {
    let dir = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../shared/data");
    for file in ["annotated.pgn", "chess960.pgn"] {
        let Ok(data) = std::fs::read(dir.join(file)) else {
            eprintln!("skipped: ../shared/data/{file} is absent");
            continue;
        };
        for range in split_games(&data) {
            assert_agrees(&data[range]);
        }
    }
}
