//! Pictures (issue 7, item 5): `--html FILE` opened in headless Chromium (the page loads, the
//! rendered DOM holds one SVG board per matched position, a screenshot is taken), `--diagram`
//! in a pipe, and the squares a query marks (`Evaluator::matches_marking`). Chromium
//! (Debian's `chromium`, installed by `.ci/run`) missing: the browser checks are skipped.

use std::path::{Path, PathBuf};
use std::process::Command;

use crate::common;

/// Four games. The checks, by ply (the position after the move):
/// - game 1, Scholar's mate: only 4. Qxf7# (ply 7) gives check; the checker is the queen
///   on f7;
/// - game 2, Fool's mate: only 2... Qh4# (ply 4); the checker is the queen on h4;
/// - game 3, 1. e4 f5 2. Qh5+ (ply 3: h5-g6-f7-e8 is open since f7 went to f5) g6 3. Qxg6+
///   (ply 5: g6-f7-e8) hxg6: two checks, the queen on h5, then on g6;
/// - game 4, 1. d4 d5: no check.
///
/// `A attacks k | a attacks K` is the set of pieces attacking the other side's king (CQL's
/// `x attacks y`: the squares of x attacking a square of y), so it matches exactly where a
/// king is in check: 4 positions in 3 games. At each, the checking queen is the only such
/// piece (no other piece of either side reaches the other king), so each board has one
/// marked square: f7, h4, h5, g6. (`[Aa] attacks [Kk]` would also mark a king's defenders:
/// after 4. Qxf7# the black queen on d8 and knight on f6 "attack" e8.)
const GAMES: &str = "[Event \"pictures\"]\n[White \"Scholar\"]\n[Black \"Victim\"]\n[Result \"1-0\"]\n\n\
1. e4 e5 2. Qh5 Nc6 3. Bc4 Nf6 4. Qxf7# 1-0\n\n\
[Event \"pictures\"]\n[White \"Fool\"]\n[Black \"Wit\"]\n[Result \"0-1\"]\n\n1. f3 e5 2. g4 Qh4# 0-1\n\n\
[Event \"pictures\"]\n[White \"Hasty\"]\n[Black \"Loose\"]\n[Result \"*\"]\n\n1. e4 f5 2. Qh5+ g6 3. Qxg6+ hxg6 *\n\n\
[Event \"pictures\"]\n[White \"Quiet\"]\n[Black \"Calm\"]\n[Result \"*\"]\n\n1. d4 d5 *\n";
const QUERY: &str = "A attacks k | a attacks K";

/// A Capablanca (10x8) game: the white chancellor (`C`, on h1 at the start) stands on the
/// board at every ply, from h1 and then on i3 after 2. Ci3: `[=C]` matches the 4 positions
/// (plies 0 to 3) and marks the chancellor's square.
const CAPABLANCA: &str = "[Event \"capa\"]\n[White \"Capa\"]\n[Black \"Blanca\"]\n\
[Variant \"Capablanca\"]\n\n1. e4 e5 2. Ci3 *\n";

/// An infinite-chess game (ICN): after 1. 1,9>5,9 the rook on 5,9 attacks the king on 5,5
/// down the open 5-file (5,6 to 5,8 are empty); 5,5>4,4 leaves it. The obstacle on 20,20
/// is too far for a 16x16 window with the others.
const ICN: &str = "[Event \"inf\"]\n[White \"Inf\"]\n[Black \"Inity\"]\n\n\
w K0,0|k5,5|R1,9|ob20,20\n1,9>5,9+|5,5>4,4\n";

/// Runs cqlq with `--html page.html` on `games` (written to `input`); returns the page.
fn html_page(dir: &Path, input: &str, games: &str, query: &str) -> (PathBuf, String) {
    let file = dir.join(input);
    std::fs::write(&file, games).unwrap();
    let page = dir.join("page.html");
    let out = common::cqlq(&[
        "-q",
        "--html",
        page.to_str().unwrap(),
        "-e",
        query,
        file.to_str().unwrap(),
    ]);
    assert_eq!(
        out.status.code(),
        Some(0),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    assert!(out.stdout.is_empty(), "the page goes to its file only");
    let text = std::fs::read_to_string(&page).unwrap();
    (page, text)
}

/// Debian's `chromium`, or None (after saying the test is skipped).
fn chromium() -> Option<&'static str> {
    let found = ["chromium", "chromium-browser"].into_iter().find(|name| {
        Command::new(name)
            .arg("--version")
            .output()
            .is_ok_and(|o| o.status.success())
    });
    if found.is_none() {
        crate::common::skip("chromium is not installed (.ci/run installs it)");
    }
    found
}

/// Runs headless Chromium on `page` with `extra` arguments (its own profile directory, so
/// tests may run it at the same time); returns stdout.
fn headless(browser: &str, page: &Path, extra: &[&str]) -> String {
    let profile = page.with_extension("profile");
    let out = Command::new(browser)
        .args([
            "--headless",
            "--no-sandbox",
            "--disable-gpu",
            "--no-first-run",
            "--allow-file-access-from-files",
        ])
        .arg(format!("--user-data-dir={}", profile.display()))
        .args(extra)
        .arg(format!("file://{}", page.display()))
        .output()
        .expect("chromium runs");
    assert!(
        out.status.success(),
        "chromium failed: {}",
        String::from_utf8_lossy(&out.stderr)
    );
    String::from_utf8_lossy(&out.stdout).into_owned()
}

/// The DOM Chromium rendered from `page`.
fn rendered_dom(browser: &str, page: &Path) -> String {
    let dom = headless(browser, page, &["--dump-dom"]);
    assert!(dom.contains("</html>"), "no DOM from chromium: {dom}");
    dom
}

/// Occurrences of `needle` in `text`.
fn count(text: &str, needle: &str) -> usize {
    text.matches(needle).count()
}

#[test]
fn html_report_renders_one_board_per_matched_position_in_chromium() {
    let scratch = common::scratch("pictures", "html");
    let dir = scratch.path();
    let (page, text) = html_page(dir, "games.pgn", GAMES, QUERY);
    // The page as written: self-contained (nothing fetched), 4 boards in 3 game sections.
    assert!(
        !text.contains("http://") || !text.contains("src="),
        "no fetched resource"
    );
    assert!(!text.contains("<script"), "no script");
    assert_eq!(count(&text, "<svg"), 4);
    for n in 1..=3 {
        assert!(text.contains(&format!("id=\"game-{n}\"")), "game {n}");
    }
    assert!(!text.contains("id=\"game-4\""), "game 4 has no check");
    assert!(text.contains("<b>4. Qxf7#</b>"), "the matched move in bold");
    assert!(
        text.contains("1. f3 e5 2. g4 <b>Qh4#</b>"),
        "the moves around"
    );
    assert!(
        text.contains("2... Qh4#"),
        "the caption numbers a black move"
    );
    assert!(text.contains("4 matched positions"), "the footer's count");
    let Some(browser) = chromium() else {
        return;
    };
    let dom = rendered_dom(browser, &page);
    assert_eq!(count(&dom, "<svg"), 4, "one board per matched position");
    assert_eq!(
        count(&dom, "class=\"mark\""),
        4,
        "one marked square per board"
    );
    for square in ["f7", "h4", "h5", "g6"] {
        assert!(
            dom.contains(&format!("class=\"mark\" data-square=\"{square}\"")),
            "{square} marked"
        );
    }
    // 64 squares and 32 labels per 8x8 board, in the DOM as parsed.
    assert_eq!(count(&dom, "<rect") - count(&dom, "class=\"mark\""), 4 * 64);
    assert!(dom.contains("href=\"#game-2\""), "a link back to the game");
    let shot = dir.join("page.png");
    headless(
        browser,
        &page,
        &[
            &format!("--screenshot={}", shot.display()),
            "--window-size=1200,900",
        ],
    );
    let png = std::fs::read(&shot).expect("the screenshot is written");
    assert_png_shows_something(&png, 1200, 900);
}

/// A PNG of `width` x `height` whose pixels are not all alike: the signature, the IHDR size,
/// and the decompressed image data (a filter byte per row, then RGB(A) pixels) with many
/// distinct byte values, as boards, glyphs and text give and a blank page does not.
fn assert_png_shows_something(png: &[u8], width: u32, height: u32) {
    use std::io::Read;
    assert_eq!(&png[..8], b"\x89PNG\r\n\x1a\n", "a PNG file");
    let be = |at: usize| u32::from_be_bytes(png[at..at + 4].try_into().unwrap());
    assert_eq!((be(16), be(20)), (width, height), "the window's size");
    let mut data = Vec::new();
    let mut at = 8;
    while at + 8 <= png.len() {
        let len = be(at) as usize;
        if &png[at + 4..at + 8] == b"IDAT" {
            data.extend_from_slice(&png[at + 8..at + 8 + len]);
        }
        at += 12 + len;
    }
    let mut pixels = Vec::new();
    flate2::read::ZlibDecoder::new(&data[..])
        .read_to_end(&mut pixels)
        .expect("image data inflates");
    assert!(pixels.len() >= (height * (1 + width * 3)) as usize);
    let mut seen = [false; 256];
    for &b in &pixels {
        seen[b as usize] = true;
    }
    let distinct = seen.iter().filter(|&&s| s).count();
    assert!(
        distinct > 64,
        "the screenshot looks blank ({distinct} byte values)"
    );
}

#[test]
fn html_report_draws_a_fairy_board_and_an_infinite_window() {
    let scratch = common::scratch("pictures", "variants");
    let dir = scratch.path();
    let (page, text) = html_page(dir, "capa.pgn", CAPABLANCA, "[=C]");
    assert_eq!(count(&text, "<svg"), 4);
    // 10 files x 8 ranks; the chancellor drawn by its letter, marked where it stands.
    assert_eq!(
        count(&text, "<rect") - count(&text, "class=\"mark\""),
        4 * 80
    );
    assert!(text.contains(">j</text>"), "file j labelled");
    assert_eq!(count(&text, "class=\"mark\" data-square=\"h1\""), 3);
    assert_eq!(count(&text, "class=\"mark\" data-square=\"i3\""), 1);
    // The chancellor's letter at the centre of i3: x = 30 (rank labels) + 8 files · 40 + 20,
    // y = (8 ranks − 1 − rank index 2) · 40 + 20.
    assert_eq!(count(&text, "data-square=\"i3\" x=\"370\" y=\"220\""), 1);
    assert_eq!(
        count(&text, ">C</text>"),
        4,
        "the white chancellor by its letter"
    );
    let browser = chromium();
    if let Some(browser) = browser {
        assert_eq!(count(&rendered_dom(browser, &page), "<svg"), 4);
    }

    let scratch = common::scratch("pictures", "infinite");
    let dir = scratch.path();
    let (page, text) = html_page(dir, "game.icn", ICN, "R attacks k");
    assert_eq!(count(&text, "<svg"), 1, "one matched position (ply 1)");
    assert!(
        text.contains("class=\"mark\" data-square=\"5,9\""),
        "{text}"
    );
    // The window holds the three near pieces with their real coordinates, not the obstacle.
    // (A piece's `<text>` and a marked square's `<rect>` both name their square.)
    for (square, drawn) in [("0,0", 1), ("5,5", 1), ("5,9", 2)] {
        let named = count(&text, &format!("data-square=\"{square}\" x="));
        assert_eq!(named, drawn, "{square} drawn");
    }
    assert!(
        !text.contains("data-square=\"20,20\""),
        "the obstacle is outside"
    );
    assert!(text.contains("window x "), "the window is named");
    if let Some(browser) = browser {
        assert_eq!(count(&rendered_dom(browser, &page), "<svg"), 1);
    }
}

/// `--diagram` into a pipe: plain text (no ANSI escape), one header line and one board per
/// matched position, the marked square in brackets.
#[test]
fn diagram_in_a_pipe_is_plain_with_marked_squares_bracketed() {
    let scratch = common::scratch("pictures", "diagram");
    let dir = scratch.path();
    let file = dir.join("games.pgn");
    std::fs::write(&file, GAMES).unwrap();
    let out = common::cqlq(&["-q", "--diagram", "-e", QUERY, file.to_str().unwrap()]);
    assert_eq!(out.status.code(), Some(0));
    let text = String::from_utf8(out.stdout).unwrap();
    assert!(!text.contains('\x1b'), "no colour in a pipe");
    assert_eq!(
        count(&text, "\nGame ") + usize::from(text.starts_with("Game ")),
        4
    );
    assert!(text.starts_with("Game 1: Scholar – Victim, ply 7, after 4. Qxf7#, marked: f7\n"));
    // After 4. Qxf7#: rank 7 is a7 b7 c7 d7 pawns, e7 empty, the queen on f7 (marked), g7 h7.
    assert!(text.contains("\n7  ♟  ♟  ♟  ♟  . [♕] ♟  ♟ \n"), "{text}");
    assert!(text.contains("\n   a  b  c  d  e  f  g  h \n"), "{text}");
    assert_eq!(count(&text, "["), 4, "one marked square per board");
}
