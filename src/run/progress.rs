//! The progress bar (stderr, terminals only) and the closing summary line.

use std::io::IsTerminal;
use std::time::Duration;

use indicatif::{ProgressBar, ProgressDrawTarget, ProgressStyle};

use super::Summary;

/// A byte-based progress bar, hidden unless asked for and stderr is a terminal.
pub fn bar(wanted: bool, total_bytes: u64) -> ProgressBar {
    if !wanted || !std::io::stderr().is_terminal() {
        return ProgressBar::hidden();
    }
    let bar =
        ProgressBar::with_draw_target(Some(total_bytes), ProgressDrawTarget::stderr_with_hz(4));
    let style = ProgressStyle::with_template(
        "{bar:30} {bytes}/{total_bytes} {bytes_per_sec} {msg} ETA {eta}",
    )
    .unwrap_or_else(|_| ProgressStyle::default_bar());
    bar.set_style(style);
    bar.enable_steady_tick(Duration::from_millis(250));
    bar
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
