//! How often a game's positions are in check, and how many in a row: the summary's
//! `checks`, `check_run` and `same_side_check_run` (`docs/index.md`), which `find all check
//! >= 20` and `line --> check --> check --> check` read (`index::prune::checks`).

use super::GameSummary;

/// The most a run counts: a longer run is held as this ("at least this many"), so the two
/// runs share a byte of the index.
pub const RUN_CAP: u8 = 15;

/// The runs of positions in check that end at one position of a line of the tree (from the
/// root down, each position the child of the one before).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct CheckRuns {
    /// Positions in check in a row, this one the last (0: it is not in check).
    consecutive: u8,
    /// Positions two plies apart in check in a row, this one the last.
    same_side: u8,
    /// `same_side` at the position before (the one two plies before the next).
    same_side_before: u8,
}

impl CheckRuns {
    /// The runs at the root, whose side to move is in check when `in_check`.
    pub fn root(in_check: bool) -> CheckRuns {
        CheckRuns::default().child(in_check)
    }

    /// The runs at a child of this position, whose side to move is in check when `in_check`.
    pub fn child(self, in_check: bool) -> CheckRuns {
        let on = |run: u8| if in_check { (run + 1).min(RUN_CAP) } else { 0 };
        CheckRuns {
            consecutive: on(self.consecutive),
            same_side: on(self.same_side_before),
            same_side_before: self.same_side,
        }
    }
}

impl GameSummary {
    /// Adds a position of the tree whose runs are `runs` (its check counted when its
    /// consecutive run is not 0).
    pub(super) fn add_check_runs(&mut self, runs: CheckRuns) {
        if runs.consecutive > 0 {
            self.checks += 1;
        }
        self.check_run = self.check_run.max(runs.consecutive);
        self.same_side_check_run = self.same_side_check_run.max(runs.same_side);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Along a line of positions in check (1) or not (0), the runs counted: consecutive,
    /// every second position, and the capped count.
    #[test]
    fn runs_count_positions_in_check_in_a_row_and_two_plies_apart() {
        for (line, checks, run, same_side) in [
            ("0000", 0, 0, 0),
            ("0110", 2, 2, 1),
            ("1010100", 3, 1, 3),
            ("0111011", 5, 3, 3),
            ("0110110", 4, 2, 2),
            ("11111111111111111111", 20, RUN_CAP, 10),
        ] {
            let mut summary = GameSummary::default();
            let mut runs: Option<CheckRuns> = None;
            for c in line.chars() {
                let in_check = c == '1';
                let next = match runs {
                    None => CheckRuns::root(in_check),
                    Some(before) => before.child(in_check),
                };
                summary.add_check_runs(next);
                runs = Some(next);
            }
            assert_eq!(
                (
                    summary.checks,
                    summary.check_run,
                    summary.same_side_check_run
                ),
                (checks, run, same_side),
                "{line}"
            );
        }
    }
}
