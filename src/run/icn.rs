//! ICN (infinite chess) inputs: recognised by the `.icn` extension or by content, and
//! searched like PGN. The query is compiled once per input for the unbounded board
//! ([`SparseSet`] on [`Geometry::UNBOUNDED`]); each game becomes a [`GameRecord`] whose moves
//! are its compact ICN moves, replayed through [`InfPosition`](crate::rules::infinite::InfPosition) by the generic replay, and
//! evaluated by the same evaluator as PGN games. Matched games are written as ICN with
//! `{CQL}` comments after the matched moves (ICN's long format allows a `{comment}` after a
//! move; a comment before the first move marks the start position); `--fen` and `--json`
//! print ICN position strings. See `docs/infinite.md`.

use std::io;

use super::driver::{GameWork, drive};
use super::searcher::Searcher;
use super::{GameOutput, RunConfig};
use crate::ir::{Color, Node};
use crate::pgn::{GameRecord, MoveNode};
use crate::query::{Dialect, PieceLetters, Program, QueryError};
use crate::rules::infinite::moves::compact;
use crate::rules::infinite::piece::ALL_KINDS;
use crate::rules::infinite::query::piece_type;
use crate::rules::infinite::squares::SparseSet;
use crate::rules::infinite::{IcnError, IcnGame, icn_games_within, refusal};
use crate::squares::Geometry;

/// Why a query cannot run on the unbounded board of ICN input.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum IcnQueryError {
    /// A CQL-S query (evaluated on PGN games only).
    Cqls,
    /// Lowering for the unbounded board failed.
    Lower(QueryError),
    /// A filter that needs a bounded board, named (`'rotate90'`).
    NeedsBoundedBoard(&'static str),
}

impl std::fmt::Display for IcnQueryError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            IcnQueryError::Cqls => f.write_str(
                "the query cannot run on the unbounded board: cqlq evaluates CQL-S queries on PGN games only",
            ),
            IcnQueryError::Lower(e) => {
                write!(f, "the query cannot run on the unbounded board: {e}")
            }
            IcnQueryError::NeedsBoundedBoard(word) => write!(
                f,
                "infinite chess (ICN) input: cqlq does not evaluate {word} on the unbounded board (see docs/infinite.md)"
            ),
        }
    }
}

impl std::error::Error for IcnQueryError {}

/// The query lowered for the unbounded board, or why it cannot run there (a lowering error,
/// a CQL-S query, or a filter that needs a bounded board, named).
pub fn icn_filter(program: &Program) -> Result<Node<SparseSet>, IcnQueryError> {
    if program.dialect() == Dialect::Cqls {
        return Err(IcnQueryError::Cqls);
    }
    let query = program
        .lower_for::<SparseSet>(Geometry::UNBOUNDED, &icn_letters())
        .map_err(IcnQueryError::Lower)?;
    if let Some(word) = crate::query::lower_coords::needs_bounded_board(&query.filter) {
        return Err(IcnQueryError::NeedsBoundedBoard(word));
    }
    Ok(query.filter)
}

/// The piece names of infinite chess for `[=...]` designators: ICN's abbreviations, upper
/// case for white and lower case for black (`[=AM]` a white amazon, `[=ha]` a black hawk),
/// with the piece types of [`piece_type`]; the neutral obstacle and void (`[=ob]`, `[=vo]`,
/// either case) belong to neither side. The standard six keep their one letter (`[=N]` = `N`).
pub fn icn_letters() -> PieceLetters {
    let mut fen = Vec::new();
    let mut neutral = Vec::new();
    for kind in ALL_KINDS {
        let name = kind.abbreviation();
        let t = piece_type(kind);
        if kind.is_neutral() {
            neutral.push((name.to_string(), t));
        } else {
            fen.push((name.to_ascii_uppercase(), Color::White, t));
            fen.push((name.to_string(), Color::Black, t));
        }
    }
    PieceLetters::new("infinite chess (ICN)", fen, Vec::new()).with_neutral(neutral)
}

/// An ICN game as a [`GameRecord`]: its tags, one node per move holding the compact move
/// (what [`InfPosition`](crate::rules::infinite::InfPosition) plays as "SAN") and its comment.
pub fn icn_to_record(game: &IcnGame) -> GameRecord {
    let mut nodes = vec![MoveNode::default()];
    let mut turn = game.start.turn;
    for (i, m) in game.moves.iter().enumerate() {
        let at = i as u32 + 1;
        nodes[i].children.push(at);
        nodes.push(MoveNode {
            parent: Some(at - 1),
            san: compact(&m.mv, turn).into(),
            comments_after: m.comment.iter().cloned().collect(),
            ..MoveNode::default()
        });
        turn = turn.other();
    }
    GameRecord {
        tags: game.tags.clone(),
        nodes,
        outcome: game.result.clone(),
        encoding: Default::default(),
    }
}

/// Replays one ICN game and evaluates the filter at each of its positions. A question the
/// unbounded board cannot answer exactly withdraws the game's matches and reports it.
fn search_icn_game(
    config: &RunConfig,
    filter: &Node<SparseSet>,
    game: &IcnGame,
    number: u64,
    name: &str,
    worker: &crate::eval::Worker,
) -> GameOutput {
    let at = format!("{name}: game {number}");
    let board = (game.start.board.len() as u64).saturating_mul(game.moves.len() as u64 + 1);
    let limit = config.limits.max_icn_board;
    if board > limit {
        return GameOutput::bad(format!(
            "{at}: {} pieces × {} positions is over the limit of {limit} \
             (--max-icn-board N raises it); skipped",
            game.start.board.len(),
            game.moves.len() + 1
        ));
    }
    let record = icn_to_record(game);
    // A move naming a piece its start square does not hold (`N4,2>4,4` over a pawn) ends
    // the replay as an illegal move does: the moves before it are searched.
    let misnamed = game.first_misnamed_move();
    let searched = misnamed.as_ref().map(|(i, _)| {
        icn_to_record(&IcnGame {
            moves: game.moves[..*i].to_vec(),
            ..game.clone()
        })
    });
    refusal::take();
    let settings = config.search_settings(false);
    let found = crate::eval::search_game(
        searched.as_ref().unwrap_or(&record),
        game.start.clone(),
        number,
        Some(filter),
        &settings,
        worker,
        None,
    );
    // A question the unbounded board could not answer exactly (`rules::infinite::refusal`)
    // withdraws the game's matches and reports it.
    if let Some(reason) = refusal::take() {
        return GameOutput::bad(format!("{at}: not searched: {reason}"));
    }
    let misnamed = misnamed.map(|(i, e)| {
        format!(
            "{at} (line {}, column {}): {} at ply {}",
            e.line,
            e.column,
            e.message,
            i + 1
        )
    });
    let error = misnamed.or_else(|| {
        found.replayed.fault.as_ref().map(|f| {
            let (line, column) = game
                .moves
                .get((f.ply as usize).saturating_sub(1))
                .map_or((0, 0), |m| (m.location.0, m.location.1));
            format!(
                "{at} (line {line}, column {column}): {} at ply {}",
                f.error, f.ply
            )
        })
    });
    GameOutput {
        error,
        ..config.renderer().icn(game, &record, number, found)
    }
}

/// An ICN input's games searched (a game that cannot be read is reported, with its number
/// and place, and the others searched).
struct IcnSearch<'s> {
    config: &'s RunConfig,
    filter: &'s Node<SparseSet>,
    name: &'s str,
    workers: &'s super::workers::Pool,
}

impl GameWork<Result<IcnGame, IcnError>> for IcnSearch<'_> {
    type Done = GameOutput;

    fn batch(&self, batch: &[Result<IcnGame, IcnError>], before: u64) -> Vec<GameOutput> {
        let (config, name) = (self.config, self.name);
        let one = |worker: &mut super::workers::WorkerState, k: usize, g: &Result<_, _>| {
            let number = before + 1 + k as u64;
            match g {
                Ok(g) => search_icn_game(config, self.filter, g, number, name, &worker.eval),
                Err(e) => GameOutput::bad(format!("{name}: game {number}: {e}")),
            }
        };
        self.workers.map(batch, false, one)
    }

    fn end_of(&self, _: &Result<IcnGame, IcnError>) -> Option<u64> {
        None
    }
}

impl Searcher<'_> {
    /// Searches every game of an ICN input, in parallel batches (as the PGN input's: smaller
    /// near `--limit`), writing in input order. Read a batch at a time: memory holds one
    /// batch's games, not the collection's.
    pub(super) fn icn_games(&mut self, data: &[u8], name: &str) -> io::Result<()> {
        let text = String::from_utf8_lossy(data);
        let filter = icn_filter(self.config.fairy_query.program())
            .map_err(|e| io::Error::new(io::ErrorKind::Unsupported, e))?;
        let games = icn_games_within(&text, self.config.limits.max_game_bytes);
        let work = IcnSearch {
            config: self.config,
            filter: &filter,
            name,
            workers: &self.search.workers,
        };
        drive(&work, &mut self.out, games, false).map(|_| ())
    }
}
