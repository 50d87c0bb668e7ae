//! The one-pass search: for a query that reads the position, or at most its neighbours on
//! the main line (`run::plan::one_pass_neighbours`), on a standard-chess game written in plain
//! PGN (`pgn::plain`), each main-line move is played as it is read and the filter is
//! evaluated on the spot. No `GameRecord` is built, no position is stored (but the one
//! before or after, for a query that reads it), the game's bytes are read in place, and
//! nothing is allocated per move (the tags go into a per-worker record whose strings are
//! reused). A matched game is handed to the output's renderer (`output::render`: in PGN
//! written straight from its bytes, `output::pgn_write_plain`).
//!
//! The one-pass search decides only for games it fully handles. Any game it does not — not
//! plain PGN, a `[Variant]` tag naming another variant, a bad FEN, an illegal or ambiguous
//! move — is searched again by the careful path (`run::process_game`: read, replay,
//! evaluate), which gives today's exact messages, byte offsets and results; so does a matched
//! game in a format this module does not write (FEN, EPD, pictures). The careful reader reads
//! on from where this search stopped ([`Stopped`]), not from the game's first byte. A tag naming standard
//! chess or Chess960 (lichess's `[Variant "Standard"]` on every game) stays here, as do
//! comments (a clock comment after every move), NAGs and variations: passed over unread.

mod moves;
mod packed_first;
#[cfg(test)]
mod tests;

pub(super) use packed_first::MatchRate;

use self::moves::{Moves, search_moves};
use super::plan::Neighbours;
use super::{GameOutput, RunConfig};
use crate::eval::compiled::Test;
use crate::eval::{Evaluator, GameContext, ReplayedGame};
use crate::index::replay::PackedLine;
use crate::ir::Node;
use crate::output::Format;
use crate::output::render::{JsonPosition, PlainFound};
use crate::pgn::plain::{NotPlain, PlainGame, PlainToken};
use crate::pgn::{GameRecord, ReadSoFar};
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
        // Only what is evaluated at each position reads the moves played: a `find`'s own
        // looking is the search's loop.
        describe_moves: !super::plan::is_position_local(
            evaluated_at_each_position(find, at_end, &config.filter).unwrap_or(&config.filter),
        ),
    })
}

/// The filter evaluated at each position (the query, or its `find`'s body) compiled
/// (`eval::compiled`), when no filter of the query adds output; None: the evaluator
/// evaluates it.
pub(super) fn compiled_for(config: &RunConfig, mode: OnePass) -> Option<Test<'_, Standard>> {
    if mode.adds_output {
        return None;
    }
    Test::new(evaluated_at_each_position(
        mode.find,
        mode.at_end,
        &config.filter,
    )?)
}

/// The one filter the search evaluates at each position of a query searched so: the query
/// itself, or its `find`'s body (a counted `find` compares its count with a constant at the
/// game's end); None for a `line` (its constituents, one by one).
fn evaluated_at_each_position(
    find: Option<FindDirection>,
    at_end: Option<AtEnd>,
    filter: &Node<shakmaty::Bitboard>,
) -> Option<&Node<shakmaty::Bitboard>> {
    match (find, at_end, filter) {
        (None, None, filter) => Some(filter),
        (Some(_), None, Node::Find(f)) => Some(&f.body),
        (None, Some(AtEnd::CountedFind), filter) => {
            Some(&crate::eval::CountedFind::of(filter)?.find.body)
        }
        _ => None,
    }
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
    /// The memory of an earlier game's movetext tokens, empty, reused for the next game's
    /// ([`recycled`]).
    spare_tokens: Vec<PlainToken<'static>>,
}

impl Scratch {
    /// Empties the record for a new game, keeping its strings for reuse.
    fn clear(&mut self) {
        self.spare.append(&mut self.record.tags);
        self.plies.clear();
        self.json.clear();
        self.marks.clear();
    }

    /// Keeps `tokens`' memory for the next game's tokens.
    pub(super) fn give_back(&mut self, tokens: Vec<PlainToken>) {
        if tokens.capacity() > self.spare_tokens.capacity() {
            self.spare_tokens = recycled(tokens);
        }
    }

    /// What the search read of the game it stopped on (`stopped`): its tags (held here) and
    /// its movetext tokens, for the careful reader to read on from (`pgn::read_game_from`).
    pub(super) fn so_far<'r, 'a>(&'r self, stopped: &'r Stopped<'a>) -> ReadSoFar<'r, 'a> {
        ReadSoFar {
            tags: &self.record.tags[..stopped.tags.min(self.record.tags.len())],
            tags_end: stopped.tags_end,
            tokens: &stopped.tokens,
            tokens_end: stopped.tokens_end,
        }
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

/// `spare`'s memory as an empty vector of another game's tokens (the tokens borrow each
/// game's bytes; the vector kept from game to game allocates once).
fn recycled<'b>(mut spare: Vec<PlainToken<'_>>) -> Vec<PlainToken<'b>> {
    spare.clear();
    // Collected in place (the same memory: both types have one layout); no element is made.
    spare.into_iter().map(|_| PlainToken::Close).collect()
}

/// Where the one-pass search stopped on a game it hands to the careful path: why, and what it
/// read first, from which the careful reader reads on (`pgn::read_game_from`) instead of
/// starting again (the tags themselves are the worker's: [`Scratch::so_far`]).
///
/// Every reason carries what was read, though two gain little: `Budget` stops the run (once),
/// and `Packed` is searched again from the game's text, not by the careful path.
#[derive(Debug)]
pub(super) struct Stopped<'a> {
    /// Why (told by the trace of debug builds, and read by the tests).
    #[cfg_attr(not(debug_assertions), allow(dead_code))]
    pub why: GaveUp,
    /// The tags read (the first ones of the worker's record).
    tags: usize,
    /// The byte after the last tag line read (0: none).
    tags_end: usize,
    /// The movetext tokens read, in order (with the move that is not legal, if one was).
    pub tokens: Vec<PlainToken<'a>>,
    /// The byte after the last of `tokens`.
    tokens_end: usize,
}

/// Why the one-pass search hands a game to the careful path (see the module doc).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum GaveUp {
    /// A tag section `pgn::plain` refuses.
    Tags,
    /// The game filters refuse the game and `matchcount` admits 0: it is written unmarked.
    RefusedButWritten,
    /// A `[Variant]` tag naming another variant than standard chess or Chess960.
    Variant,
    /// A `[FEN]` tag that is no legal standard position.
    Fen,
    /// The moves: a token `pgn::plain` refuses, an illegal or ambiguous move (or a `line`
    /// or counted `find` whose automaton or count the search cannot keep).
    Moves,
    /// A loop budget gone over (`eval::budget`): the careful path stops the run.
    Budget,
    /// A matched game the renderer does not write from what the search kept.
    Output,
    /// The index's packed moves (`search_packed`): bytes that name no move, a move not
    /// legal where it stands, a game not from the standard start, or a matched game whose
    /// text the reader refuses (its tokens are read for the writer): its text is searched.
    Packed,
}

/// Searches game `number` (`slice`) in one pass; where it stopped when the careful path must
/// search it (see the module doc). Debug builds tell why on stderr when `CQLQ_TRACE_ONE_PASS`
/// is set (`cqlq: one-pass gave up on game N: REASON, read on from byte B`); release builds
/// have no trace.
pub(super) fn search<'a>(
    config: &RunConfig,
    mode: (OnePass, Option<&Test<Standard>>),
    slice: &'a [u8],
    number: u64,
    worker: &mut super::workers::WorkerState,
) -> Result<GameOutput, Stopped<'a>> {
    traced(
        number,
        search_from(config, mode, (slice, None), number, worker),
    )
}

/// [`search`] with the main line replayed from the index's packed moves (`index::replay`),
/// the tags still read from `slice` (`run::replays_packed_moves` says for which outputs);
/// None when the game's text must be searched: a game not from the standard start, a packed
/// move that names no move or is not legal where it stands, a matched game in a format not
/// written from the search (FEN, pictures), or whose text the reader refuses.
pub(super) fn search_packed(
    config: &RunConfig,
    mode: (OnePass, Option<&Test<Standard>>),
    (slice, packed): (&[u8], &[u8]),
    number: u64,
    worker: &mut super::workers::WorkerState,
) -> Option<GameOutput> {
    let found = search_from(config, mode, (slice, Some(packed)), number, worker);
    traced(number, found).ok()
}

/// Reads the rest of `game`'s movetext (after its tags) into `kept`, as the text search
/// keeps it for the writer, without playing the moves.
fn read_movetext<'a>(
    game: &mut PlainGame<'a>,
    kept: &mut Vec<PlainToken<'a>>,
) -> Result<(), NotPlain> {
    while game.next_main_move_kept(Some(kept))?.is_some() {}
    Ok(())
}

/// The search's answer; debug builds tell why it gave up when `CQLQ_TRACE_ONE_PASS` is set.
fn traced(number: u64, found: Result<GameOutput, Stopped>) -> Result<GameOutput, Stopped> {
    #[cfg(debug_assertions)]
    if let Err(stopped) = &found
        && std::env::var_os("CQLQ_TRACE_ONE_PASS").is_some()
    {
        let at = match stopped.tokens.is_empty() {
            true => stopped.tags_end,
            false => stopped.tokens_end,
        };
        let why = stopped.why;
        eprintln!("cqlq: one-pass gave up on game {number}: {why:?}, read on from byte {at}");
    }
    #[cfg(not(debug_assertions))]
    let _ = number;
    found
}

/// [`search`], saying why it gives up and what it read: the main line read from `slice`'s
/// text, or from `packed` when given.
fn search_from<'a>(
    config: &RunConfig,
    (mode, compiled): (OnePass, Option<&Test<Standard>>),
    (slice, packed): (&'a [u8], Option<&[u8]>),
    number: u64,
    worker: &mut super::workers::WorkerState,
) -> Result<GameOutput, Stopped<'a>> {
    // The tags read and the byte after the last one.
    let mut tags = (0, 0);
    let stop = |why, tags| stopped(why, tags, None, 0);
    let scratch = &mut worker.scratch;
    if !config.games.admits_number(number) {
        return Ok(GameOutput::default());
    }
    let mut game = PlainGame::new(slice);
    scratch.clear();
    while let Some((name, value)) = game.next_tag().map_err(|_| stop(GaveUp::Tags, tags))? {
        scratch.push_tag(name, value);
        tags = (scratch.record.tags.len(), game.read_to());
    }
    let stop = |why| stop(why, tags);
    let record = &scratch.record;
    // The game filters on the tags, then the query's own, read at the start: a refused game
    // is skipped whatever its moves (as the careful path does), unless `matchcount` admits 0
    // (then it is written: careful path).
    if config.games.reads_tags() && !config.games.admits_tags(record)
        || super::game_filters::refuses(config, record, number, &worker.eval)
    {
        return if config.games.counts_as_match(0) {
            Err(stop(GaveUp::RefusedButWritten))
        } else {
            Ok(GameOutput::default())
        };
    }
    // The rules as the careful path resolves them (`run::families::rules_of`: the
    // `[Variant]` tag, else `--variant`, else standard chess; no fairy default and no
    // `--rules` here): a tag naming standard chess or Chess960 ("Standard", "Chess",
    // "From Position", ... as lichess writes on every game) stays here; any other variant,
    // or a name `rules::select` does not know (a fairy definition's), goes careful.
    let Ok(GameRules::Standard { chess960 }) =
        rules_for_game(record.tag("Variant"), config.default_variant)
    else {
        return Err(stop(GaveUp::Variant));
    };
    let start = Standard::from_start(record.tag("FEN"), chess960).map_err(|_| stop(GaveUp::Fen))?;
    let no_tree = ReplayedGame::none();
    let context = GameContext::tags_only(record, &no_tree, number);
    let mut evaluator = Evaluator::one_position(&context, start).in_env(&config.env, &worker.eval);
    if !mode.adds_output {
        evaluator = evaluator.adding_nothing();
    }
    let kept = (&mut scratch.plies, &mut scratch.json, &mut scratch.marks);
    let modes = (mode, compiled);
    // PGN writes a matched game from the tokens the search read (`write_plain_game`), and the
    // careful path reads on after them when the search stops. Other formats keep none (a
    // push per token costs the search 2.5 % on lichess-shaped games): the careful reader then
    // reads on from the tags' end.
    let mut game = Moves {
        game,
        kept: (config.format == Format::Pgn && packed.is_none())
            .then(|| recycled(std::mem::take(&mut scratch.spare_tokens))),
    };
    let matched = match packed {
        None => search_moves(config, modes, &mut game, &mut evaluator, kept).ok_or(GaveUp::Moves),
        // The index packs main lines from the standard start only (a game with a `[FEN]`
        // tag is searched always); a Chess960 start reads the text.
        Some(_) if chess960 || record.tag("FEN").is_some() => Err(GaveUp::Packed),
        Some(bytes) => {
            let mut line = PackedLine::new(bytes);
            search_moves(config, modes, &mut line, &mut evaluator, kept).ok_or(GaveUp::Packed)
        }
    };
    let matched = match matched {
        Ok(matched) => matched,
        Err(why) => return Err(stopped(why, tags, game.kept, game.game.read_to())),
    };
    // A limit went over (`eval::budget`): the careful path stops the run with its message.
    if evaluator.abort_message().is_some() {
        let read_to = game.game.read_to();
        return Err(stopped(GaveUp::Budget, tags, game.kept, read_to));
    }
    // A matched game replayed from packed moves is written in PGN from its text's tokens,
    // read now without playing them (the writer checks that they hold the plies played);
    // a text the reader refuses is searched again from its text (then the careful path).
    let is_match = config.games.counts_as_match(matched);
    if packed.is_some() && is_match && config.format == Format::Pgn {
        let mut kept = recycled(std::mem::take(&mut scratch.spare_tokens));
        if read_movetext(&mut game.game, &mut kept).is_err() {
            scratch.give_back(kept);
            return Err(stopped(GaveUp::Packed, tags, None, 0));
        }
        game.kept = Some(kept);
    }
    let read_to = game.game.read_to();
    let found = PlainFound {
        number,
        slice,
        tags: &scratch.record.tags,
        movetext: game.kept.as_deref(),
        matched_positions: matched,
        is_match,
        plies: &scratch.plies,
        json: &scratch.json,
    };
    let output = (config.renderer()).plain(&config.filter, found, &mut evaluator);
    match output {
        Some(output) => {
            scratch.give_back(game.kept.unwrap_or_default());
            Ok(output)
        }
        None => Err(stopped(GaveUp::Output, tags, game.kept, read_to)),
    }
}

/// Where the search stopped, `why`: after the first `tags` of the worker's record, ending at
/// `tags_end`, and the tokens kept (none when not kept), ending at `tokens_end`.
fn stopped(
    why: GaveUp,
    (tags, tags_end): (usize, usize),
    tokens: Option<Vec<PlainToken>>,
    tokens_end: usize,
) -> Stopped {
    let tokens = tokens.unwrap_or_default();
    Stopped {
        why,
        tags,
        tags_end,
        tokens,
        tokens_end,
    }
}
