//! The one-pass search: for a query that reads the position, or at most its neighbours on
//! the main line (`run::plan::one_pass_neighbours`), on a standard-chess game written in plain
//! PGN (`pgn::plain`), each main-line move is played as it is read and the filter is
//! evaluated on the spot. No `GameRecord` is built, no position is stored (but the one
//! before or after, for a query that reads it), the game's bytes are read in place, and
//! nothing is allocated per move (the tags go into a per-worker record whose strings are
//! reused). A matched game in PGN is written straight from its bytes (`pgn::write_plain`).
//!
//! The one-pass search decides only for games it fully handles. Any game it does not — not
//! plain PGN, a `[Variant]` tag, a bad FEN, an illegal or ambiguous move — is searched again
//! by the careful path (`run::process_game`: read, replay, evaluate), which gives today's
//! exact messages, byte offsets and results; so does a matched game in a format this module
//! does not write (FEN, EPD, pictures).

use super::plan::Neighbours;
use super::{GameOutput, RunConfig};
use crate::eval::compiled::Test;
use crate::eval::{Evaluator, GameContext, ReplayedGame, ReplayedNode};
use crate::output::{Format, Notes};
use crate::pgn::plain::{NotPlain, PlainGame, PlainToken};
use crate::pgn::write_plain::{PlainMarks, ReadGame, write_plain_game};
use crate::pgn::{GameRecord, read_game};
use crate::rules::select::{GameRules, rules_for_game};
use crate::rules::standard::Standard;

/// How a run uses the one-pass search, decided once per run.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) struct OnePass {
    /// A game may stop being evaluated at its first matched position (see [`one_pass_for`]).
    pub stop_at_first_match: bool,
    /// The positions beside the current one that the query reads.
    pub neighbours: Neighbours,
    /// The query is a `find` answered in one look at each position (`run::plan::one_pass_find`):
    /// its body is evaluated at each position.
    pub find: Option<FindDirection>,
    /// The query is answered at the game's end, from marks kept by ply at each position
    /// (`Scratch::marks`).
    pub at_end: Option<AtEnd>,
    /// Whether a filter of the query may add comments or sort values
    /// (`run::plan::adds_output`); when none can, the evaluator keeps no marks to roll back
    /// ([`Evaluator::adding_nothing`]).
    pub adds_output: bool,
    /// Whether a filter of the query may read the moves played (`move previous`, `move`,
    /// `parent`...): when none can (every filter is position-local), a move is played
    /// without describing it ([`crate::rules::MoveInfo`]), which nothing would read.
    pub describe_moves: bool,
}

/// Which way the query's `find` looks (see [`OnePass::find`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum FindDirection {
    /// `find F`: the query matches at every position up to the body's last match.
    Forward,
    /// `find <-- F`: the query matches at every position from the body's first match on.
    Backward,
}

/// A query answered at the game's end (see [`OnePass::at_end`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum AtEnd {
    /// A `line` (`run::plan::one_pass_line`): its constituents are evaluated at each
    /// position, a bit each in the position's marks.
    Line,
    /// A counted `find` (`run::plan::one_pass_counted_find`): its body is evaluated at each
    /// position (mark 1 where it matches); a position's count is the marks from there on.
    CountedFind,
}

/// Whether (and how) the run can search games in one pass: a query the one-pass search can
/// evaluate (`run::plan::one_pass_neighbours`), the main line only, standard chess for
/// untagged games, and a format that draws no marks.
///
/// `stop_at_first_match`: with `--count` or `--gamenumbers`, no `matchcount` range, no
/// `sort` of any kind and no summary line (which reports the matched positions), a game's
/// output and every count printed depend only on whether it matched. The rest of its
/// moves are still read and played, so a game that later turns out bad (an illegal move
/// after the match) is still found and searched again by the careful path, which reports
/// and counts it exactly as before.
///
/// A forward `find`, a counted `find` and a `line` are searched so in PGN and the formats
/// without positions (JSON writes the positions matched, known only at the game's end: the
/// careful path writes it); a backward `find` in every format (a position's match is known
/// when it is reached).
pub(super) fn one_pass_for(config: &RunConfig) -> Option<OnePass> {
    let json = config.format == Format::Json;
    let (neighbours, find, at_end) =
        if let Some(n) = super::plan::one_pass_neighbours(&config.filter) {
            (n, None, None)
        } else if let Some((f, n)) = super::plan::one_pass_find(&config.filter) {
            match f.backward {
                true => (n, Some(FindDirection::Backward), None),
                // JSON writes the matched positions, known only at the game's end.
                false if json => return None,
                false => (n, Some(FindDirection::Forward), None),
            }
        } else if json {
            return None;
        } else if let Some((_, n)) = super::plan::one_pass_counted_find(&config.filter) {
            (n, None, Some(AtEnd::CountedFind))
        } else {
            let n = super::plan::one_pass_line(&config.filter)?.1;
            (n, None, Some(AtEnd::Line))
        };
    let usable = !config.variations
        && config.default_fairy.is_none()
        && config.rules_chess.is_none()
        && config.standard_refusal.is_none()
        && config.split.is_none()
        && !config.format.is_picture()
        && matches!(
            config.default_variant,
            None | Some(GameRules::Standard { .. })
        )
        && crate::eval::carried_globals(&config.filter).is_none();
    let stop_at_first_match = matches!(config.format, Format::Count | Format::GameNumbers)
        && config.games.match_count.is_none()
        && !config.sort_by_match_count
        && !config.counts_positions
        // A game's `sort` value is its best over every matched position.
        && !super::has_sort(&config.filter);
    usable.then_some(OnePass {
        stop_at_first_match,
        neighbours,
        find,
        at_end,
        adds_output: super::plan::adds_output(&config.filter),
        describe_moves: !super::plan::is_position_local(&config.filter),
    })
}

/// The filter evaluated at each position (the query, or its `find`'s body) compiled
/// (`eval::compiled`), when no filter of the query adds output; None: the evaluator
/// evaluates it.
pub(super) fn compiled_for(config: &RunConfig, mode: OnePass) -> Option<Test<'_, Standard>> {
    if mode.adds_output {
        return None;
    }
    let evaluated = match (mode.find, mode.at_end, &config.filter) {
        (None, None, filter) => filter,
        (Some(_), None, crate::ir::Node::Find(f)) => &f.body,
        (None, Some(AtEnd::CountedFind), filter) => {
            &crate::eval::CountedFind::of(filter)?.find.body
        }
        _ => return None,
    };
    Test::new(evaluated)
}

/// What one worker reuses from game to game.
#[derive(Default)]
pub(super) struct Scratch {
    /// The current game's tags (the record has no nodes).
    record: GameRecord,
    /// Tag strings of earlier games, reused for the next game's tags.
    spare: Vec<(String, String)>,
    /// The current game's matched plies, kept when the output needs them (PGN, JSON).
    plies: Vec<u32>,
    /// For `--json`: the position before each matched ply's move (None at the start) and
    /// the matched position.
    json: Vec<JsonPosition>,
    /// For a query answered at the game's end (`OnePass::at_end`): each position's marks,
    /// by ply.
    marks: Vec<u64>,
}

/// For `--json`: the position before a matched ply's move (None at the start) and the matched
/// position.
type JsonPosition = (Option<Standard>, ReplayedNode<Standard>);

impl Scratch {
    /// Empties the record for a new game, keeping its strings for reuse.
    fn clear(&mut self) {
        self.spare.append(&mut self.record.tags);
        self.plies.clear();
        self.json.clear();
        self.marks.clear();
    }

    /// Stores one tag of the current game, reusing an earlier game's strings.
    fn push_tag(&mut self, name: &str, value: &str) {
        let (mut k, mut v) = self.spare.pop().unwrap_or_default();
        k.clear();
        k.push_str(name);
        v.clear();
        v.push_str(value);
        self.record.tags.push((k, v));
    }
}

/// Searches game `number` (`slice`) in one pass; None when the careful path must search it
/// (see the module doc).
pub(super) fn search(
    config: &RunConfig,
    (mode, compiled): (OnePass, Option<&Test<Standard>>),
    slice: &[u8],
    number: u64,
    worker: &mut super::workers::WorkerState,
) -> Option<GameOutput> {
    let scratch = &mut worker.scratch;
    if !config.games.admits_number(number) {
        return Some(GameOutput::default());
    }
    let mut game = PlainGame::new(slice);
    scratch.clear();
    while let Some((name, value)) = game.next_tag().ok()? {
        scratch.push_tag(name, value);
    }
    let record = &scratch.record;
    // The game filters on the tags, then the query's own, read at the start: a refused game
    // is skipped whatever its moves (as the careful path does), unless `matchcount` admits 0
    // (then it is written: careful path).
    if config.games.reads_tags() && !config.games.admits_tags(record)
        || super::game_filters::refuses(config, record, number, &worker.eval)
    {
        return if config.games.counts_as_match(0) {
            None
        } else {
            Some(GameOutput::default())
        };
    }
    if record.tag("Variant").is_some_and(|t| !t.trim().is_empty()) {
        return None;
    }
    let GameRules::Standard { chess960 } = rules_for_game(None, config.default_variant).ok()?
    else {
        return None;
    };
    let start = Standard::from_start(record.tag("FEN"), chess960).ok()?;
    let no_tree = ReplayedGame::none();
    let context = GameContext::tags_only(record, &no_tree, number);
    let mut evaluator = Evaluator::one_position(&context, start).in_env(&config.env, &worker.eval);
    if !mode.adds_output {
        evaluator = evaluator.adding_nothing();
    }
    let kept = (&mut scratch.plies, &mut scratch.json, &mut scratch.marks);
    // PGN writes a matched game from the tokens the search read (`write_plain_game`).
    let mut game = Moves {
        game,
        kept: (config.format == Format::Pgn).then(|| Vec::with_capacity(slice.len() / 5)),
    };
    let matched = search_moves(config, (mode, compiled), &mut game, &mut evaluator, kept)?;
    // A limit went over (`eval::budget`): the careful path stops the run with its message.
    if evaluator.abort_message().is_some() {
        return None;
    }
    let is_match = config.games.counts_as_match(matched);
    let text = match config.format {
        _ if !is_match => String::new(),
        Format::Count => String::new(),
        Format::GameNumbers => format!("{number}\n"),
        Format::Pgn | Format::Json => {
            let plies = evaluator.current_mut().map(|node| node.ply)?;
            let movetext = game.kept.as_deref();
            return render(
                config,
                (slice, movetext, number, plies),
                &evaluator,
                scratch,
            );
        }
        // Other formats: the careful path renders the game.
        _ => return None,
    };
    Some(GameOutput {
        text,
        matched: is_match,
        matched_positions: matched,
        // The output order of `--gamenumbers` follows the `sort` values.
        sort: evaluator
            .sort_value()
            .filter(|_| is_match)
            .map(|s| s.output_order()),
        ..GameOutput::default()
    })
}

/// A game's movetext being read by the search, and its tokens kept when the output writes
/// the game (PGN): the writer then reads nothing again.
struct Moves<'a> {
    game: PlainGame<'a>,
    kept: Option<Vec<PlainToken<'a>>>,
}

impl Moves<'_> {
    /// The next main-line move (see [`PlainGame::next_main_move`]).
    fn next_main_move(&mut self) -> Result<Option<shakmaty::san::SanPlus>, NotPlain> {
        self.game.next_main_move_kept(self.kept.as_mut())
    }
}

/// Plays the game's main line with `evaluator` and evaluates the query at each position; the
/// number of positions matched (None when the careful path must search the game). Keeps
/// what the output needs (`plies`, `positions`): the matched plies for PGN and JSON, the
/// positions for JSON; and for a query answered at the game's end, each position's marks.
fn search_moves(
    config: &RunConfig,
    (mode, compiled): (OnePass, Option<&Test<Standard>>),
    game: &mut Moves<'_>,
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
    game: &mut Moves<'_>,
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
/// plays on when the mode stops at the first match.
fn play_and_evaluate<'e>(
    game: &mut Moves<'_>,
    evaluator: &mut Evaluator<'e, Standard>,
    mode: OnePass,
    keep_before: bool,
    mut at_position: impl FnMut(&mut Evaluator<'e, Standard>, u32, Option<&Standard>) -> bool,
) -> Result<(), NotPlain> {
    let mut before: Option<Standard> = None;
    evaluator.begin_position();
    let mut matched = at_position(evaluator, 0, None);
    while let Some(san) = game.next_main_move()? {
        let node = evaluator.current_mut().ok_or(NotPlain)?;
        if keep_before {
            before = Some(node.position.clone());
        }
        play(node, &san.san, mode.describe_moves)?;
        let ply = node.ply;
        if !matched || !mode.stop_at_first_match {
            evaluator.begin_position();
            matched = at_position(evaluator, ply, before.as_ref());
        }
    }
    Ok(())
}

/// Plays `san` on `node`: its position and ply move on; the move played is described
/// (`node.played`) when `describe`, else left out.
fn play(
    node: &mut ReplayedNode<Standard>,
    san: &shakmaty::san::San,
    describe: bool,
) -> Result<(), NotPlain> {
    node.played = if describe {
        Some(node.position.play_read_san(san).map_err(|_| NotPlain)?)
    } else {
        node.position
            .play_read_san_undescribed(san)
            .map_err(|_| NotPlain)?;
        None
    };
    node.ply += 1;
    Ok(())
}

/// [`play_and_evaluate`] for a query that reads the positions beside the current one
/// (`mode.neighbours`): each move is played one position ahead, on a copy of the current
/// position, so that the evaluator holds the next position (or none, at the end) and, when
/// asked, the previous.
fn play_with_neighbours<'e>(
    game: &mut Moves<'_>,
    evaluator: &mut Evaluator<'e, Standard>,
    mode: OnePass,
    keep_before: bool,
    mut at_position: impl FnMut(&mut Evaluator<'e, Standard>, u32, Option<&Standard>) -> bool,
) -> Result<(), NotPlain> {
    let mut before: Option<Standard> = None;
    let mut matched = false;
    loop {
        match game.next_main_move()? {
            Some(san) => play(
                evaluator.next_from_current().ok_or(NotPlain)?,
                &san.san,
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

/// The output of a matched game in PGN or JSON, as the careful path writes it: the game is
/// read into its record (None when the careful reader faults on it: the careful path then
/// reports it) and written with the matched plies (`scratch.plies`) marked, with the
/// query's comments (`comment`) and `sort` values as the careful path writes them. Nothing
/// is replayed: PGN output reads no position, JSON reads those kept in `scratch.json`.
fn render(
    config: &RunConfig,
    (slice, movetext, number, plies): (&[u8], Option<&[PlainToken<'_>]>, u64, u32),
    evaluator: &Evaluator<Standard>,
    scratch: &Scratch,
) -> Option<GameOutput> {
    let comments = evaluator.take_comments();
    let effects = evaluator.take_edits();
    let headings = crate::output::sort_comment::sort_headings(&config.filter);
    let match_count = config
        .sort_by_match_count
        .then_some(scratch.plies.len() as u64);
    let sort_text =
        crate::output::sort_comment::sort_comment(&headings, &evaluator.best_sorts(), match_count);
    // A plain game in PGN is written straight from its text when it can be (most games);
    // the one-pass search's positions (the comments' keys too) are main-line plies.
    if config.format == Format::Pgn {
        let header = config.style.header(number, &sort_text);
        let after = config.style.position_marks(&scratch.plies, &comments);
        let marks = PlainMarks {
            header: header.as_deref(),
            after: &after,
        };
        let mut text = String::with_capacity(slice.len() + slice.len() / 4 + 64);
        // The writer read the main line the one-pass search played, move for move.
        let read = movetext.map(|tokens| ReadGame {
            tags: &scratch.record.tags,
            tokens,
        });
        if write_plain_game(&mut text, slice, read, &marks) == Ok(plies) {
            return Some(GameOutput {
                text,
                matched: true,
                matched_positions: scratch.plies.len() as u64,
                sort: evaluator.sort_value().map(|s| s.output_order()),
                encoding: crate::pgn::TextEncoding::Utf8,
                ..GameOutput::default()
            });
        }
    }
    let record = read_game(slice).ok()?;
    let mainline = record.mainline();
    // The careful reader read the main line the one-pass search played, move for move.
    if mainline.len() != plies as usize + 1 {
        return None;
    }
    let matched: Vec<u32> = scratch
        .plies
        .iter()
        .map(|&ply| mainline[ply as usize])
        .collect();
    // The record's nodes for the comments' plies.
    let comments: Vec<(u32, String)> = comments
        .into_iter()
        .map(|(ply, text)| (mainline[ply as usize], text))
        .collect();
    let notes = Notes {
        comments: &comments,
        messages: &effects.message_texts,
        sort: &sort_text,
    };
    let text = if config.format == Format::Json {
        let mut out = String::new();
        for (&at, (parent, node)) in matched.iter().zip(&scratch.json) {
            let line = crate::output::pipes::json_line(
                number,
                &record,
                (parent.as_ref(), node),
                at,
                &notes,
            );
            out.push_str(&line);
            out.push('\n');
        }
        out
    } else {
        let no_tree: ReplayedGame<Standard> = ReplayedGame::none();
        crate::output::render_game(
            Format::Pgn,
            &config.style,
            number,
            &record,
            &no_tree,
            &matched,
            &notes,
        )
    };
    Some(GameOutput {
        text,
        matched: true,
        matched_positions: matched.len() as u64,
        sort: evaluator.sort_value().map(|s| s.output_order()),
        encoding: match config.format {
            Format::Pgn => record.encoding,
            _ => crate::pgn::TextEncoding::Utf8,
        },
        ..GameOutput::default()
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::run::{InputName, fairy, process_game, select};

    /// A run of `cql` over one input, in `format`, as `main` would configure it.
    fn config(cql: &str, format: Format) -> RunConfig {
        let query = crate::query::Program::from_text(cql, Some(crate::query::Dialect::Cql), false)
            .and_then(|prog| prog.lower::<shakmaty::Bitboard>(crate::squares::Geometry::STANDARD))
            .expect("compiles");
        RunConfig {
            filter: query.filter,
            inputs: Vec::new(),
            format,
            style: crate::output::PgnStyle::default(),
            variations: false,
            progress: false,
            default_variant: None,
            fairy_defs: Default::default(),
            default_fairy: None,
            fairy_query: fairy::FairyQuery::new(
                std::sync::Arc::new(
                    crate::query::Program::from_text(cql, None, false).expect("parses"),
                ),
                "test".into(),
            ),
            games: select::GameSelect::default(),
            sort_by_match_count: false,
            standard_refusal: None,
            rules_chess: None,
            last_game_number: Default::default(),
            limit: None,
            split: None,
            show_matches: false,
            counts_positions: true,
            limits: Default::default(),
            shard: Default::default(),
            terminal_stdout: false,
            env: Default::default(),
            stop: None,
            index: None,
        }
    }

    /// The games the one-pass search must agree on: the CQL sample (real games, comments,
    /// variations, NAGs) and messy input (faults of every kind, which it must leave to the
    /// careful path); skipped when `../shared` is absent.
    fn games() -> Option<Vec<u8>> {
        let shared = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../shared/data");
        let mut all = std::fs::read(shared.join("cql-sample.pgn")).ok()?;
        all.extend(std::fs::read(shared.join("messy.pgn")).ok()?);
        Some(all)
    }

    /// For each game, the one-pass search (when it decides) and the careful path give the
    /// same match, matched positions and text; the careful path is the reference.
    #[test]
    fn one_pass_agrees_with_the_careful_path_game_by_game() {
        let Some(data) = games() else {
            eprintln!("../shared/data absent: skipped");
            return;
        };
        let name = InputName {
            name: "test".into(),
            decompressed: false,
        };
        let mut decided = 0;
        let mut total = 0;
        // Compiled to closures (`eval::compiled`): every kind of node with a closure of its
        // own, and others inside them (evaluated by the evaluator).
        const COMPILED: [&str; 43] = [
            "max(#R #Q) == 2 and min(#r #q) == 0",
            "abs(#A - #a) >= 2 or stalemate",
            "not check and btm and #[Qq] == 2",
            "sidetomove == white and check",
            "#A == #a and #[Pp] < 14",
            "power A >= power a + 3",
            "k in (. attackedby Q) or K in (. attackedby q)",
            "#(~(. attackedby a)) > 40 and wtm",
            "#(a attacks K) == 2 or #(A & [Bb]) * 2 > #P % 3",
            "-#P < -7 and #p / 0 == 1 or movenumber > 60",
            "halfmoveclock > 15 and #R > #r",
            "#Q == #q and #(R & a-h1-4) != #(r & a-h5-8)",
            "Ka1 or Kh1 or { Kg1 Rf1 } or { Kg8 rf8 rh8 }",
            "initial or ply == 1 or mate or #(anydirection 2 K & a) >= 3",
            "if wtm then K attackedby q else k attackedby Q",
            "#(up 1 P & p) >= 2 and #(Q | R) > 1",
            "x = #A  x >= 14 and #a <= 5",
            "find (max(#R #Q) == 0 and #A > 3)",
            "find <-- #Q == 0",
            "find all (#[Qq] == 0) >= 30",
            // Loops over squares and pieces (their variable read through the evaluator).
            "ply > 100 or piece x in N { #(a attackedby x) >= 3 }",
            "not check and piece y in [RQ] { y attacks k }",
            "square all x in [Qq] { #(x attackedby A) >= 1 } and #[Qq] > 0",
            "(piece all x in [Bb] { #(x attacks .) < 7 }) and not (square y in a-h8 { y & P })",
            "square x in a-h1 { x in K or #(x attackedby a) >= 2 }",
            "wtm and piece x in [KQ] { #(x attackedby a) > #(x attackedby A) }",
            // A piece loop over squares some of which are empty (skipped: no piece).
            "piece x in a-h4 { #(x & _) == 1 or #(x attackedby a) >= 2 }",
            // Square loops decided in one evaluation (`eval::loops::selects_from`).
            "square all x in a { x attackedby a }",
            "btm and square x in [RQ] { x attacks k }",
            "square all y in [Qq] { y & a-h1-4 }",
            // `type`, `colortype`, and a body at the position before or after.
            "type e4 == 1 and colortype e5 == -1",
            "colortype d8 == type d1 or type [Qq] == 5",
            "parent : (Q attacks k) and child : check",
            "(parent : (#Q > #q)) or child : mate",
            // Directions, shades, the ply and the depth.
            "#(light [Bb]) == 2 or #(dark _) > 16 and P & down 1 p",
            "northeast 1 B & p or #(anydirection 2 K & a) >= 3 or horizontal 1 K & k",
            "depth == 0 and ply > 30 and #(light a) > #(dark a)",
            // Sets alone: a match when not empty.
            "P & down 1 p",
            "diagonal 1 k & Q",
            "~(. attackedby a) & k",
            "k attackedby N",
            "[Qq] attacks [Kk]",
            "dark [Bb]",
        ];
        for cql in [
            "check",
            "mate",
            "true",
            "ply > 30 and Q attacks k",
            "move legal count == 1",
            "x = #P if x > 6 then btm",
            "player white \"a\" or result 1-0",
            // Game filters first: a refused game's moves are not read.
            "result 1-0 and mate",
            "elo white > 2700 and elo black > 2700 and initial",
            "event ~~ \"Olympiad\" and check",
            "gamenumber == 10 and initial",
            "date ~~ \"^18\" and not result 0-1 and check",
            // Neighbours: the move played from the position, the one that reached it, the end.
            "mainline mate",
            "depth == 0 and ply == 30",
            "move from N capture q",
            "move previous capture Q",
            "move capture Q and not move capture [Qq] previous",
            "stalemate move previous promote [Qq]",
            "result 1/2-1/2 terminal not stalemate and ply > 10",
            "terminal ply < 40",
            "move to a-h7 previous from R",
            "move o-o-o or move enpassant",
            "x = move legal count move previous from [Pp] x > 30",
            // A body evaluated at the position before or after.
            "parent : check",
            "child : check",
            "child(1) : check",
            "parent : (Q attacks k) and move previous capture q",
            "not parent : check and check and child : mate",
            // A piece loop over squares.
            "piece x in N { #(a attackedby x) >= 3 }",
            "piece x in [RQ] { x attacks k }",
            // Comments and sort values, kept at the matched positions.
            "comment(\"seen\") mate",
            "check comment(\"check \" ply) or mate",
            "sort \"material\" #A + #a",
            "sort min \"ply\" ply check",
            // A forward `find` answered in one look at each position (not in JSON).
            "find mate",
            "find check",
            "find (ply > 60 and check)",
            "find move capture Q",
            // A backward `find`: from the body's first match on (JSON too).
            "find <-- check",
            "find <-- mate",
            "find <-- (ply > 60 and check)",
            "find <-- move capture Q",
            "find <-- move previous capture q",
            // A `line`, decided at the game's end (not in JSON).
            "line --> check --> check --> check",
            "line --> check{2,} --> mate",
            "line singlecolor --> check{3,}",
            "line --> move capture [RQrq] --> move capture [RQrq]",
            "line singlecolor --> move capture [Qq] --> check",
            "line <-- check <-- check",
            "line lastposition --> check --> not check",
            "line 3 10 --> true{2,} --> check",
            "line --> move previous capture q --> check{1,2}",
            "line primary --> check --> (parent : check)",
            // A counted `find`, decided at the game's end (not in JSON).
            "find all check >= 20",
            "find all check",
            "find 2 5 check",
            "3 < find all (ply > 40 and check)",
            "find all move capture Q == 1",
            "find all mate",
        ]
        .into_iter()
        .chain(COMPILED)
        {
            for format in [
                Format::Count,
                Format::GameNumbers,
                Format::Pgn,
                Format::Json,
            ] {
                let config = config(cql, format);
                let Some(mode) = one_pass_for(&config) else {
                    // JSON writes a forward `find`'s matched positions: the careful path.
                    assert!(
                        (cql.contains("find") && !cql.contains("<--") || cql.starts_with("line"))
                            && format == Format::Json,
                        "{cql}"
                    );
                    continue;
                };
                let compiled = compiled_for(&config, mode);
                assert!(compiled.is_some() || !COMPILED.contains(&cql), "{cql}");
                let mut worker = crate::run::workers::WorkerState::default();
                for (k, range) in crate::pgn::split_games(&data).enumerate() {
                    let (slice, number) = (&data[range.clone()], k as u64 + 1);
                    let careful =
                        process_game(&config, slice, number, 0, &name, None, &worker.eval);
                    total += 1;
                    let fast = search(
                        &config,
                        (mode, compiled.as_ref()),
                        slice,
                        number,
                        &mut worker,
                    );
                    if let Some(fast) = fast {
                        decided += 1;
                        let what = format!("{cql} {format:?}, game {number}");
                        assert_eq!(fast.matched, careful.matched, "{what}");
                        assert_eq!(fast.matched_positions, careful.matched_positions, "{what}");
                        assert_eq!(fast.text, careful.text, "{what}");
                        assert_eq!(
                            format!("{:?}", fast.sort),
                            format!("{:?}", careful.sort),
                            "{what}"
                        );
                        assert!(careful.error.is_none(), "{what}: a bad game was decided");
                    }
                }
            }
        }
        // Most games are plain: the one-pass search decides them.
        assert!(decided * 2 > total, "{decided} of {total} decided");
    }
}
