//! The progress display (stderr, terminals only) and the closing summary line.
//!
//! Files of known size get a bar (bytes read of the total, speed, ETA); standard input, whose
//! size is unknown, a spinner with the bytes read and the speed. Both show the games read,
//! games per second and the games matched ([`games_message`]). The line fits the terminal:
//! after a short bar and the bytes, the message fills what is left and is cut there
//! (indicatif's `wide_msg`), so it never wraps (a wrapped frame is not cleared whole, and the
//! last output line was erased with it). A terminal on standard input
//! with nothing piped in gets a notice that cqlq is reading it ([`stdin_notice`]). Results
//! written to a terminal go through `output::writers::write_to_terminal`, which clears the
//! display first and flushes each game. [`Progress`] puts the display in front of the run's
//! sinks.

use std::io::IsTerminal;
use std::time::Duration;

use indicatif::{ProgressBar, ProgressDrawTarget, ProgressStyle};

use crate::output::sink::{Flow, GameOutput, Sink, Summary};

/// The progress display, hidden unless asked for and stderr is a terminal: a bar over
/// `total_bytes`, or a spinner when the total is unknown (None: standard input is among the
/// inputs).
pub fn bar(wanted: bool, total_bytes: Option<u64>) -> ProgressBar {
    if !wanted || !std::io::stderr().is_terminal() {
        return ProgressBar::hidden();
    }
    let bar = ProgressBar::with_draw_target(total_bytes, ProgressDrawTarget::stderr_with_hz(4));
    let style = ProgressStyle::with_template(template(total_bytes.is_some()))
        .unwrap_or_else(|_| ProgressStyle::default_bar());
    bar.set_style(style);
    bar.set_message(games_message(0, 0, Duration::ZERO));
    bar.enable_steady_tick(Duration::from_millis(250));
    bar
}

/// The display's template: a bar with the total when the size is known, else a spinner with
/// the bytes read so far (no total: there is none to show). The fixed part is at most 36
/// columns (a 12-column bar, `1023.99 MiB/1023.99 GiB`); the message ([`bar_message`]: the
/// games, the speed, the ETA) takes the rest of the line and is cut at its end.
fn template(size_known: bool) -> &'static str {
    if size_known {
        "{bar:12} {bytes}/{total_bytes} {wide_msg}"
    } else {
        "{spinner} {bytes} read {wide_msg}"
    }
}

/// The display's message at a batch's end: [`games_message`], then the speed in bytes and,
/// when the total is known, the ETA (`1200 games (400 games/s), 3 matched, 12.50 MiB/s,
/// ETA 3s`).
pub fn bar_message(bar: &ProgressBar, games: u64, matched: u64) -> String {
    let mut text = games_message(games, matched, bar.elapsed());
    let speed = indicatif::HumanBytes(bar.per_sec() as u64);
    text.push_str(&format!(", {speed}/s"));
    if bar.length().is_some() {
        text.push_str(&format!(", ETA {:#}", indicatif::HumanDuration(bar.eta())));
    }
    text
}

/// The display's message: games read, games per second over `elapsed`, games matched
/// (`1200 games (400 games/s), 3 matched`).
pub fn games_message(games: u64, matched: u64, elapsed: Duration) -> String {
    let seconds = elapsed.as_secs_f64();
    let rate = if seconds > 0.0 {
        games as f64 / seconds
    } else {
        0.0
    };
    format!("{games} games ({rate:.0} games/s), {matched} matched")
}

/// The notice for a user at a terminal whose standard input is read with nothing piped in:
/// without it cqlq waits silently for games typed there. None when standard input is not
/// among the inputs or is not a terminal.
pub fn stdin_notice(reads_stdin: bool, stdin_is_terminal: bool) -> Option<&'static str> {
    (reads_stdin && stdin_is_terminal).then_some(
        "cqlq: reading PGN from standard input (the terminal): paste or type games, end with \
         Ctrl-D; or give a PGN file after the query",
    )
}

/// The progress display as a sink in front of the run's others: it counts the games and
/// matched games it passes on for its message, and is cleared before the output's end.
pub struct Progress<S> {
    display: ProgressBar,
    games: u64,
    matched: u64,
    inner: S,
}

impl<S: Sink> Progress<S> {
    /// `display` in front of `inner`.
    pub fn new(display: ProgressBar, inner: S) -> Self {
        Progress {
            display,
            games: 0,
            matched: 0,
            inner,
        }
    }

    /// The sink it passes the games to.
    pub fn inner(&self) -> &S {
        &self.inner
    }

    /// The display itself (stderr lines are written with it cleared).
    pub fn display(&self) -> &ProgressBar {
        &self.display
    }
}

impl<S: Sink> Sink for Progress<S> {
    fn game(&mut self, game: GameOutput) -> std::io::Result<Flow> {
        self.games += 1;
        self.matched += u64::from(game.matched);
        self.inner.game(game)
    }

    fn unmatched_games(&mut self, n: u64) -> std::io::Result<Flow> {
        self.games += n;
        self.inner.unmatched_games(n)
    }

    /// The display goes first: what follows (the count, the page's end) is written without
    /// it, and clearing it afterwards would erase the line written after it.
    fn finish(&mut self, summary: Summary) -> std::io::Result<Summary> {
        self.display.finish_and_clear();
        self.inner.finish(summary)
    }

    /// Shows `bytes` read of the inputs, with the games so far ([`bar_message`]).
    fn read_to(&mut self, bytes: u64) {
        self.display.set_position(bytes);
        self.display
            .set_message(bar_message(&self.display, self.games, self.matched));
    }
}

/// The one-line summary: games read, matched, positions matched, bad games, a stop at
/// `--limit`, time, speed.
pub fn summary_line(summary: &Summary, seconds: f64) -> String {
    let rate = if seconds > 0.0 {
        summary.games as f64 / seconds
    } else {
        0.0
    };
    let refused = if summary.refused_games > 0 {
        format!(
            ", {} skipped (the query cannot run on their board)",
            summary.refused_games
        )
    } else {
        String::new()
    };
    let limit = summary
        .stopped_at_limit
        .map_or(String::new(), |n| format!(", stopped at --limit {n}"));
    format!(
        "cqlq: {} read, {} matched, {} matched, {}{refused}{limit}, {:.2} s, {:.0} games/s",
        counted(summary.games, "game", "games"),
        summary.matched_games,
        counted(summary.matched_positions, "position", "positions"),
        counted(summary.bad_games, "bad game", "bad games"),
        seconds,
        rate
    )
}

/// `1 game`, `2 games`: a count with its noun in the right number.
pub fn counted(n: u64, one: &str, many: &str) -> String {
    format!("{n} {}", if n == 1 { one } else { many })
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The message names the games, their rate and the matches: 1,200 games in 3 s is 400
    /// games/s.
    #[test]
    fn games_message_shows_games_per_second() {
        assert_eq!(
            games_message(1200, 3, Duration::from_secs(3)),
            "1200 games (400 games/s), 3 matched"
        );
        assert_eq!(
            games_message(0, 0, Duration::ZERO),
            "0 games (0 games/s), 0 matched"
        );
    }

    /// Standard input (no known size) gets a spinner without a total or ETA, which on a
    /// stream would read `103 MiB/0 B`, a full bar and `ETA 0s`; files keep the bar.
    #[test]
    fn unknown_size_shows_a_spinner_without_total_or_eta() {
        let spinner = template(false);
        assert!(spinner.contains("{spinner}"), "{spinner}");
        for absent in ["{total_bytes}", "{bar"] {
            assert!(!spinner.contains(absent), "{spinner}");
        }
        assert!(template(true).contains("{total_bytes}"));
        let hidden = ProgressBar::hidden();
        assert!(!bar_message(&hidden, 1, 0).contains("ETA"));
        hidden.set_length(100);
        assert!(bar_message(&hidden, 1, 0).contains("ETA"));
    }

    /// The notice appears only when standard input is read and is a terminal.
    #[test]
    fn stdin_notice_only_for_a_terminal_on_standard_input() {
        assert!(stdin_notice(true, true).unwrap().contains("standard input"));
        assert_eq!(stdin_notice(true, false), None);
        assert_eq!(stdin_notice(false, true), None);
    }
}
