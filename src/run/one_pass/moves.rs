//! The one-pass search's inner loop: a game's main line played move by move as it is read
//! (`pgn::plain`, or the index's packed moves: `index::replay`), the filter evaluated at each
//! position, and what the output needs kept.

use super::{AtEnd, FindDirection, JsonPosition, OnePass};
use crate::eval::compiled::Test;
use crate::eval::{Evaluator, ReplayedNode};
use crate::index::replay::PackedLine;
use crate::output::Format;
use crate::pgn::plain::{NotPlain, PlainGame, PlainToken};
use crate::rules::standard::Standard;
use crate::run::RunConfig;
use crate::run::plan::Neighbours;

/// A game's movetext being read by the search, and its tokens kept when the output writes
/// the game (PGN): the writer then reads nothing again, nor the careful reader what the
/// search read.
pub(super) struct Moves<'a> {
    /// The game being read.
    pub(super) game: PlainGame<'a>,
    /// The tokens read so far, kept (in PGN) for the writer and for the careful reader to
    /// read on after them.
    pub(super) kept: Option<Vec<PlainToken<'a>>>,
}

/// Where the search's main-line moves come from: the game's text ([`Moves`]), or the index's
/// packed moves ([`PackedLine`]: `index::replay`).
pub(super) trait MainLine {
    /// A move as the source gives it.
    type Move;
    /// Whether the source vouches that every move after the current one is legal, so that
    /// a game decided at its first match need not be played on.
    ///
    /// Why stopping there gives the scan's answer: `mode.stop_at_first_match` holds only for
    /// `--count` / `--gamenumbers` without `matchcount`, `sort` or a summary line
    /// (`one_pass_for`), where a game's output and every count printed depend only on
    /// whether it matched; the text path stops evaluating at the first match too (so no
    /// loop budget, comment or variable can differ after it), and plays on only to find a
    /// later illegal move, which makes the game a bad game for the careful path. A game
    /// whose packed moves the index holds was replayed whole without a fault when the index
    /// was built (any other is marked "search always" and has none), from the same bytes:
    /// the index matched the file's size, modification time and a hash of its ends, and
    /// its moves column its CRC-32, the same trust as when a summary skips a game. So the
    /// packed moves are vouched for; the text is not (it is played on).
    const VOUCHED: bool;
    /// The next main-line move, from `position` (None after the last).
    fn next_move(&mut self, position: &Standard) -> Result<Option<Self::Move>, NotPlain>;
    /// Plays `m` on `node` (its position and ply move on; the move described in
    /// `node.played` when `describe`, else left out); an error when it is not legal there.
    fn play(
        node: &mut ReplayedNode<Standard>,
        m: Self::Move,
        describe: bool,
    ) -> Result<(), NotPlain>;
}

impl MainLine for Moves<'_> {
    type Move = shakmaty::san::SanPlus;
    const VOUCHED: bool = false;

    /// The next main-line move (see [`PlainGame::next_main_move_kept`]).
    fn next_move(&mut self, _: &Standard) -> Result<Option<Self::Move>, NotPlain> {
        self.game.next_main_move_kept(self.kept.as_mut())
    }

    /// Plays the move read (described only when `describe`).
    fn play(
        node: &mut ReplayedNode<Standard>,
        m: Self::Move,
        describe: bool,
    ) -> Result<(), NotPlain> {
        node.played = if describe {
            Some(node.position.play_read_san(&m.san).map_err(|_| NotPlain)?)
        } else {
            (node.position.play_read_san_undescribed(&m.san)).map_err(|_| NotPlain)?;
            None
        };
        node.ply += 1;
        Ok(())
    }
}

impl MainLine for PackedLine<'_> {
    type Move = shakmaty::Move;
    const VOUCHED: bool = true;

    /// The next packed move, decoded in `position` (bytes that name no move: an error).
    fn next_move(&mut self, position: &Standard) -> Result<Option<Self::Move>, NotPlain> {
        PackedLine::next_move(self, position.chess())
            .transpose()
            .map_err(|_| NotPlain)
    }

    /// Plays the decoded move only where it is legal (`Standard::play_if_legal`).
    fn play(
        node: &mut ReplayedNode<Standard>,
        m: Self::Move,
        describe: bool,
    ) -> Result<(), NotPlain> {
        node.played = node
            .position
            .play_if_legal(m, describe)
            .map_err(|_| NotPlain)?;
        node.ply += 1;
        Ok(())
    }
}

/// Plays the game's main line with `evaluator` and evaluates the query at each position; the
/// number of positions matched (None when the careful path must search the game). Keeps
/// what the output needs (`plies`, `positions`): the matched plies for PGN and JSON, the
/// positions for JSON; and for a query answered at the game's end, each position's marks.
pub(super) fn search_moves(
    config: &RunConfig,
    (mode, compiled): (OnePass, Option<&Test<Standard>>),
    game: &mut impl MainLine,
    evaluator: &mut Evaluator<'_, Standard>,
    (plies, positions, marks): (&mut Vec<u32>, &mut Vec<JsonPosition>, &mut Vec<u64>),
) -> Option<u64> {
    let filter = &config.filter;
    let keep = matches!(config.format, Format::Pgn | Format::Json);
    let json = config.format == Format::Json;
    let mut matched = 0u64;
    // The commonest query (no `find`, no `line`): a position matches when the filter does.
    if mode.find.is_none() && mode.at_end.is_none() {
        let at_position =
            |evaluator: &mut Evaluator<Standard>, ply: u32, before: Option<&Standard>| {
                if matches_at(compiled, filter, evaluator, ply) {
                    let kept = (&mut matched, &mut *plies, &mut *positions);
                    keep_match((keep, json), kept, evaluator, ply, before);
                }
                matched > 0
            };
        play_all(game, evaluator, mode, json, at_position).ok()?;
        return Some(matched);
    }
    // A `find` (the run's plan checked it once): its body is what is evaluated at each
    // position; the last position where it matched (forward), or whether it has matched yet
    // (backward), is kept.
    let looked_for = match (mode.find, filter) {
        (Some(_), crate::ir::Node::Find(f)) => &f.body,
        (Some(_), _) => return None,
        (None, _) => filter,
    };
    let mut last_found = None;
    // A `line` (the run's plan checked it): its distinct constituents.
    let line = match (mode.at_end, filter) {
        (Some(AtEnd::Line), crate::ir::Node::Line(l)) => {
            Some((l, crate::eval::LineFilters::new(l)?))
        }
        (Some(AtEnd::Line), _) => return None,
        _ => None,
    };
    // A counted `find` (the run's plan checked it).
    let counted = match mode.at_end {
        Some(AtEnd::CountedFind) => Some(crate::eval::CountedFind::of(filter)?),
        _ => None,
    };
    // A counted `find`'s body is what is evaluated at each position.
    let counts = counted.is_some();
    let looked_for = counted.as_ref().map_or(looked_for, |c| &c.find.body);
    // At each position: evaluate (`looked_for`, compiled when it can be), keep what the
    // output needs; whether the game matched yet.
    let at_position = |evaluator: &mut Evaluator<Standard>, ply: u32, before: Option<&Standard>| {
        // Matches known at the game's end.
        if let Some((l, filters)) = &line {
            marks.push(evaluator.line_marks(l, filters, ply));
            return false;
        }
        let found_here = matches_at(compiled, looked_for, evaluator, ply);
        if counts {
            marks.push(u64::from(found_here));
            return false;
        }
        if found_here {
            last_found = Some(ply);
        }
        let is_match = match mode.find {
            Some(FindDirection::Forward) => return last_found.is_some(),
            // At and after the body's first match (the body is still evaluated at each
            // position, as the careful path's `find <--` does).
            Some(FindDirection::Backward) => last_found.is_some(),
            None => found_here,
        };
        if is_match {
            let kept = (&mut matched, &mut *plies, &mut *positions);
            keep_match((keep, json), kept, evaluator, ply, before);
        }
        matched > 0
    };
    play_all(game, evaluator, mode, json, at_position).ok()?;
    if let Some((l, filters)) = &line {
        for start in 0..u32::try_from(marks.len()).ok()? {
            if crate::eval::line_on_main_line(l, filters, marks, start) {
                matched += 1;
                if keep {
                    plies.push(start);
                }
            }
        }
    }
    if let Some(counted) = &counted {
        // Each position's count: the body's matches from there to the end.
        let mut count = 0;
        for mark in marks.iter_mut().rev() {
            count += *mark;
            *mark = count;
        }
        for (ply, &count) in (0u32..).zip(marks.iter()) {
            if counted.matches(i64::try_from(count).ok()?) {
                matched += 1;
                if keep {
                    plies.push(ply);
                }
            }
        }
    }
    // A forward `find` matches at every position up to its body's last match.
    if let (Some(FindDirection::Forward), Some(last)) = (mode.find, last_found) {
        matched = u64::from(last) + 1;
        if keep {
            plies.extend(0..=last);
        }
    }
    Some(matched)
}

/// Whether `filter` matches at `ply`: its compiled form's answer when given (made from the
/// same filter: `compiled_for`), else the evaluator's.
#[inline]
fn matches_at(
    compiled: Option<&Test<Standard>>,
    filter: &crate::ir::Node<shakmaty::Bitboard>,
    evaluator: &Evaluator<'_, Standard>,
    ply: u32,
) -> bool {
    match compiled {
        Some(compiled) => compiled.matches(evaluator, ply),
        None => evaluator.matches(filter, ply),
    }
}

/// Counts a matched position (`ply`) and keeps what the output needs of it: its ply when
/// `keep` (PGN, JSON), the position and the one before it when `json`.
fn keep_match(
    (keep, json): (bool, bool),
    (matched, plies, positions): (&mut u64, &mut Vec<u32>, &mut Vec<JsonPosition>),
    evaluator: &mut Evaluator<'_, Standard>,
    ply: u32,
    before: Option<&Standard>,
) {
    *matched += 1;
    if keep {
        plies.push(ply);
    }
    if let (true, Some(node)) = (json, evaluator.current_mut()) {
        positions.push((before.cloned(), node.clone()));
    }
}

/// Plays the game's main line and evaluates each position with `at_position` (see
/// [`play_and_evaluate`]), holding the positions beside the current one that the query reads.
fn play_all<'e>(
    game: &mut impl MainLine,
    evaluator: &mut Evaluator<'e, Standard>,
    mode: OnePass,
    keep_before: bool,
    at_position: impl FnMut(&mut Evaluator<'e, Standard>, u32, Option<&Standard>) -> bool,
) -> Result<(), NotPlain> {
    if mode.neighbours == Neighbours::default() {
        play_and_evaluate(game, evaluator, mode, keep_before, at_position)
    } else {
        play_with_neighbours(game, evaluator, mode, keep_before, at_position)
    }
}

/// Plays each main-line move as it is read and evaluates each position, the start first,
/// with `at_position` (given the position before, when `keep_before`); after a match, only
/// plays on when the mode stops at the first match, and not at all when the moves are
/// vouched for ([`MainLine::VOUCHED`]).
fn play_and_evaluate<'e, G: MainLine>(
    game: &mut G,
    evaluator: &mut Evaluator<'e, Standard>,
    mode: OnePass,
    keep_before: bool,
    mut at_position: impl FnMut(&mut Evaluator<'e, Standard>, u32, Option<&Standard>) -> bool,
) -> Result<(), NotPlain> {
    let mut before: Option<Standard> = None;
    evaluator.begin_position();
    let mut matched = at_position(evaluator, 0, None);
    loop {
        // Decided, and nothing later can change the output (`MainLine::VOUCHED`).
        if matched && mode.stop_at_first_match && G::VOUCHED {
            break;
        }
        let node = evaluator.current_mut().ok_or(NotPlain)?;
        let Some(m) = game.next_move(&node.position)? else {
            break;
        };
        if keep_before {
            before = Some(node.position.clone());
        }
        G::play(node, m, mode.describe_moves)?;
        let ply = node.ply;
        if !matched || !mode.stop_at_first_match {
            evaluator.begin_position();
            matched = at_position(evaluator, ply, before.as_ref());
        }
    }
    Ok(())
}

/// [`play_and_evaluate`] for a query that reads the positions beside the current one
/// (`mode.neighbours`): each move is played one position ahead, on a copy of the current
/// position, so that the evaluator holds the next position (or none, at the end) and, when
/// asked, the previous.
fn play_with_neighbours<'e, G: MainLine>(
    game: &mut G,
    evaluator: &mut Evaluator<'e, Standard>,
    mode: OnePass,
    keep_before: bool,
    mut at_position: impl FnMut(&mut Evaluator<'e, Standard>, u32, Option<&Standard>) -> bool,
) -> Result<(), NotPlain> {
    let mut before: Option<Standard> = None;
    let mut matched = false;
    loop {
        // Decided, and nothing later can change the output (`MainLine::VOUCHED`).
        if matched && mode.stop_at_first_match && G::VOUCHED {
            return Ok(());
        }
        let current = &evaluator.current_mut().ok_or(NotPlain)?.position;
        match game.next_move(current)? {
            Some(m) => G::play(
                evaluator.next_from_current().ok_or(NotPlain)?,
                m,
                mode.describe_moves,
            )?,
            None => evaluator.end_here(),
        }
        let node = evaluator.current_mut().ok_or(NotPlain)?;
        let ply = node.ply;
        let position = keep_before.then(|| node.position.clone());
        if !matched || !mode.stop_at_first_match {
            evaluator.begin_position();
            matched = at_position(evaluator, ply, before.as_ref());
        }
        before = position;
        if !evaluator.step(mode.neighbours.previous) {
            return Ok(());
        }
    }
}
