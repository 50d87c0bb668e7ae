//! A small terminal screen for the tests: replays what a program wrote to a terminal of a
//! given width (printable characters wrapping at its edge as xterm wraps them, carriage
//! return, line feed, and the ANSI sequences indicatif and console write: erase in line
//! `ESC[nK`, cursor up/down/right/left `ESC[nA`..`ESC[nD`, erase below `ESC[J`; colours
//! and cursor visibility are ignored) and gives the lines left on screen.

/// The screen: its lines (no scroll-back limit), the cursor, the width.
struct Screen {
    lines: Vec<Vec<char>>,
    row: usize,
    col: usize,
    width: usize,
    /// xterm's pending wrap: a character written in the last column leaves the cursor there;
    /// the next printable character goes to the next line.
    wrap_pending: bool,
}

impl Screen {
    fn line(&mut self) -> &mut Vec<char> {
        while self.lines.len() <= self.row {
            self.lines.push(Vec::new());
        }
        &mut self.lines[self.row]
    }

    fn put(&mut self, c: char) {
        if self.wrap_pending {
            self.row += 1;
            self.col = 0;
            self.wrap_pending = false;
        }
        let col = self.col;
        let line = self.line();
        while line.len() <= col {
            line.push(' ');
        }
        line[col] = c;
        if self.col + 1 == self.width {
            self.wrap_pending = true;
        } else {
            self.col += 1;
        }
    }

    fn csi(&mut self, params: &str, command: char) {
        let n = params.parse::<usize>().unwrap_or(0);
        let moved = n.max(1);
        self.wrap_pending = false;
        match command {
            'A' => self.row = self.row.saturating_sub(moved),
            'B' => self.row += moved,
            'C' => self.col = (self.col + moved).min(self.width - 1),
            'D' => self.col = self.col.saturating_sub(moved),
            'K' => {
                let col = self.col;
                let line = self.line();
                match n {
                    0 => line.truncate(col),
                    1 => line.iter_mut().take(col + 1).for_each(|c| *c = ' '),
                    _ => line.clear(),
                }
            }
            'J' => {
                let col = self.col;
                self.line().truncate(col);
                self.lines.truncate(self.row + 1);
            }
            _ => {}
        }
    }
}

/// The lines on a `width`-column screen after `written` (trailing blanks trimmed, the empty
/// lines at the end left out).
pub fn screen_lines(written: &str, width: usize) -> Vec<String> {
    let mut screen = Screen {
        lines: Vec::new(),
        row: 0,
        col: 0,
        width,
        wrap_pending: false,
    };
    let mut chars = written.chars().peekable();
    while let Some(c) = chars.next() {
        match c {
            '\r' => {
                screen.col = 0;
                screen.wrap_pending = false;
            }
            '\n' => {
                screen.row += 1;
                screen.wrap_pending = false;
                screen.line();
            }
            '\x1b' => {
                if chars.peek() == Some(&'[') {
                    chars.next();
                    let mut params = String::new();
                    while let Some(&p) = chars.peek() {
                        chars.next();
                        if p.is_ascii_alphabetic() {
                            screen.csi(params.trim_start_matches('?'), p);
                            break;
                        }
                        params.push(p);
                    }
                } else {
                    chars.next();
                }
            }
            c if c.is_control() => {}
            c => screen.put(c),
        }
    }
    let mut lines: Vec<String> = screen
        .lines
        .iter()
        .map(|l| l.iter().collect::<String>().trim_end().to_string())
        .collect();
    while lines.last().is_some_and(String::is_empty) {
        lines.pop();
    }
    lines
}

#[test]
fn the_screen_wraps_clears_and_moves_up() {
    // 12 characters on a 10-column screen take two lines; up one, clear both, write `7`.
    let lines = screen_lines("0123456789ab\r\x1b[2K\x1b[1A\r\x1b[2K7\n", 10);
    assert_eq!(lines, ["7"]);
    // Without moving up, the first line of the wrapped text stays.
    assert_eq!(
        screen_lines("0123456789ab\r\x1b[2K7\n", 10),
        ["0123456789", "7"]
    );
}
