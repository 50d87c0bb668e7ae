//! Imaginary positions: positions outside the replayed game tree, made on the fly (CQLi's
//! speculative `move ... : F`), at which any filter can be evaluated.
//!
//! An imaginary position is a node like the game's: its id is at or above [`BASE`] (the
//! game's nodes are numbered from 0), `Evaluator::node` finds it here, and `nav` gives it
//! its parent (the real or imaginary position it was made from). It has no children, no
//! comment, no NAG and no piece identities; `depth` counts it as a variation. The store is
//! append-only for the evaluator's game (an id stays valid while a variable holds it), built
//! of chunks that are only allocated when the first imaginary position is made, so a query
//! without imaginary positions pays one untaken branch in `Evaluator::node`.

use std::cell::Cell;
use std::sync::OnceLock;

use super::{Evaluator, ReplayedNode};
use crate::chess::standard_letter;
use crate::rules::{MoveInfo, Position};
use crate::squares::SquareSet;

/// The first imaginary position's id.
pub(super) const BASE: u32 = 1 << 31;

/// The most imaginary positions one game may make: past it the run stops with an error naming
/// the limit. The store is kept until the game ends (a variable may hold an id), so
/// `loop { move legal : true }` grew without bound (7.3 GB on one game). Measured: 100,000
/// standard positions in 40 MB, so the limit holds about 200 MB; two nested `move legal :` at
/// every position of a 200-ply game (about 245,000 positions) stay under it.
pub const MAX_IMAGINED_POSITIONS: usize = 500_000;

/// Chunk `k` holds `FIRST_CHUNK << k` positions (about 2^30 in all).
const CHUNKS: usize = 24;
const FIRST_CHUNK: usize = 64;

/// One imaginary position.
pub(super) struct ImaginedNode<P: Position> {
    /// The position, the move that made it and its ply.
    pub node: ReplayedNode<P>,
    /// The position it was made from.
    pub parent: u32,
}

/// The imaginary positions of one game, numbered from [`BASE`] in the order made.
pub(super) struct Imagined<P: Position> {
    /// Made when the first imaginary position is (most games have none: an evaluator is made
    /// and dropped per game).
    chunks: OnceLock<Box<Chunks<P>>>,
    len: Cell<usize>,
}

/// The chunks of imaginary positions, each made when first needed.
type Chunks<P> = [OnceLock<Vec<OnceLock<ImaginedNode<P>>>>; CHUNKS];

impl<P: Position> Default for Imagined<P> {
    fn default() -> Self {
        Imagined {
            chunks: OnceLock::new(),
            len: Cell::new(0),
        }
    }
}

/// (chunk, offset) of the `i`-th imaginary position.
fn locate(i: usize) -> (usize, usize) {
    let k = (i / FIRST_CHUNK + 1).ilog2() as usize;
    (k, i - FIRST_CHUNK * ((1 << k) - 1))
}

impl<P: Position> Imagined<P> {
    /// The imaginary position `id`, if it was made.
    pub fn get(&self, id: u32) -> Option<&ImaginedNode<P>> {
        let i = id.checked_sub(BASE)? as usize;
        let (k, off) = locate(i);
        self.chunks.get()?.get(k)?.get()?.get(off)?.get()
    }

    /// Stores a new imaginary position; its id (None when the store is full).
    pub fn push(&self, node: ImaginedNode<P>) -> Option<u32> {
        let i = self.len.get();
        let (k, off) = locate(i);
        let chunk = self
            .chunks
            .get_or_init(|| Box::new(std::array::from_fn(|_| OnceLock::new())))
            .get(k)?
            .get_or_init(|| (0..FIRST_CHUNK << k).map(|_| OnceLock::new()).collect());
        let id = BASE.checked_add(u32::try_from(i).ok()?)?;
        chunk.get(off)?.set(node).ok()?;
        self.len.set(i + 1);
        Some(id)
    }
}

impl<P: Position> Evaluator<'_, P> {
    /// The imaginary position `at` (an id at or above [`BASE`] that was made).
    pub(super) fn imagined_node(&self, at: u32) -> &ReplayedNode<P> {
        &self
            .imagined
            .get(at)
            .expect("evaluated at an imaginary position that was made")
            .node
    }

    /// The parent of the imaginary position `at`.
    pub(super) fn imagined_parent(&self, at: u32) -> Option<u32> {
        self.imagined.get(at).map(|n| n.parent)
    }

    /// The imaginary position after playing `mv` (one of the position's legal or
    /// pseudo-legal moves) at `at`; None if the rules cannot replay it.
    pub(super) fn imagine_move(&self, at: u32, mv: &MoveInfo<P::Set>) -> Option<u32> {
        if self.imagined.len.get() >= MAX_IMAGINED_POSITIONS {
            let m = format!(
                "'move' stopped: the query made more than {MAX_IMAGINED_POSITIONS} imaginary \
                 positions (`move ... :`) in one game, the limit they are held to until the \
                 game ends (game number {} and position id {at})",
                self.game.number
            );
            self.state.borrow_mut().prog.abort.get_or_insert(m);
            return None;
        }
        let from = self.node(at);
        let mut position = from.position.clone();
        let played = if mv.null {
            position.play_null().ok()?
        } else {
            position.play_san(&move_text(mv)?).ok()?
        };
        if played.from != mv.from || played.to != mv.to || played.promotion != mv.promotion {
            return None;
        }
        self.imagined.push(ImaginedNode {
            node: ReplayedNode {
                position,
                played: Some(played),
                ply: from.ply + 1,
            },
            parent: at,
        })
    }
}

/// A fully disambiguated SAN text for `mv` (`Ng1f3`, `e7e8=Q`, `O-O`, `N@f3`),
/// which the rules' SAN reader resolves to exactly that move.
pub(super) fn move_text<S: SquareSet>(mv: &MoveInfo<S>) -> Option<String> {
    match mv.castle {
        Some(true) => return Some("O-O".to_string()),
        Some(false) => return Some("O-O-O".to_string()),
        None => {}
    }
    let name = |s: &S| -> Option<String> {
        let c = *s.coords().first()?;
        let file = u8::try_from(c.file).ok().filter(|f| *f < 26)?;
        let rank = u32::try_from(c.rank).ok()? + 1;
        Some(format!("{}{rank}", char::from(b'a' + file)))
    };
    let letter = standard_letter(mv.mover)?;
    let to = name(&mv.to)?;
    if mv.from.is_empty() {
        return Some(format!("{letter}@{to}"));
    }
    let from = name(&mv.from)?;
    let piece = if letter == 'P' {
        String::new()
    } else {
        letter.to_string()
    };
    let takes = if mv.capture.is_some() { "x" } else { "" };
    let promotion = match mv.promotion {
        Some(t) => format!("={}", standard_letter(t)?),
        None => String::new(),
    };
    Some(format!("{piece}{from}{takes}{to}{promotion}"))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::standard::Standard;

    #[test]
    fn chunks_cover_consecutive_ids() {
        // Chunk k starts where the chunks before it (64, 128, ...) end.
        assert_eq!(locate(0), (0, 0));
        assert_eq!(locate(63), (0, 63));
        assert_eq!(locate(64), (1, 0));
        assert_eq!(locate(191), (1, 127));
        assert_eq!(locate(192), (2, 0));
    }

    /// Every legal move of positions with castling, en passant and promotions (with and
    /// without capture) is replayed from its disambiguated SAN to the same move.
    #[test]
    fn every_legal_move_replays_from_its_text() {
        let fens = [
            "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
            "rnbq1k1r/pp1Pbppp/2p5/8/2B5/8/PPP1NnPP/RNBQK2R w KQ - 1 8",
            "8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1",
            "4k3/1P6/8/3pP3/8/8/6p1/4K2R w K d6 0 1",
        ];
        for fen in fens {
            let pos = Standard::from_fen(fen, false).expect("fen");
            for mv in pos.legal_moves() {
                let text = move_text(&mv).expect("text");
                let mut after = pos.clone();
                let played = after
                    .play_san(&text)
                    .unwrap_or_else(|e| panic!("{text}: {e}"));
                assert_eq!(played, mv, "{fen}: {text}");
            }
        }
    }
}
