//! Counters along the game of the position list's extension keywords (Scidb's help, "CQL -
//! The position list"): checks given (`:ischeck r`, `:checkcount`), the n-th occurrence of a
//! position (`:fivefoldrepetition`), runs of consecutive matching positions
//! (`:repetitioncount`), and a position's single legal move (`:forced`).

use std::collections::HashMap;

use super::super::Evaluator;
use crate::ir::Node;
use crate::ir::cqls::{CheckCount, Range};
use crate::rules::Position;

/// Whether a game is played under Three-check rules (its `Variant` tag, as the rules name it:
/// `Three-check`, `threeCheck`, `3check`, ...).
fn three_check(variant: Option<&str>) -> bool {
    let Some(v) = variant else { return false };
    let name: String = v
        .chars()
        .filter(char::is_ascii_alphanumeric)
        .collect::<String>()
        .to_ascii_lowercase();
    matches!(
        name.as_str(),
        "threecheck" | "3check" | "threecheckchess" | "3checkchess" | "3check960"
    )
}

impl<P: Position> Evaluator<'_, P> {
    /// The checks White and Black have given on the way from the game's first position to
    /// `at` (a position in check counts for the side not to move there).
    fn checks_given(&self, at: u32) -> [u32; 2] {
        let nodes = &self.game.record.nodes;
        let mut counts = [0u32; 2];
        let mut n = Some(at);
        while let Some(i) = n {
            let pos = &self.node(i).position;
            if i != 0 && pos.is_check() {
                counts[usize::from(pos.turn() == crate::ir::Color::White)] += 1;
            }
            n = nodes.get(i as usize).and_then(|x| x.parent);
        }
        counts
    }

    /// `:ischeck r`: a next position in check, where the mover's checks number within r.
    pub(super) fn next_check(&self, at: u32, range: &Range) -> bool {
        let kids: Vec<u32> = self.children(at).collect();
        kids.into_iter().any(|c| {
            let pos = &self.node(c).position;
            if !pos.is_check() {
                return false;
            }
            let mover = usize::from(pos.turn() == crate::ir::Color::White);
            range.contains(i64::from(self.checks_given(c)[mover]))
        })
    }

    /// `:checkcount`: only Three-check games count; elsewhere it holds when all its numbers
    /// are zero and fails otherwise.
    pub(super) fn check_count(&self, at: u32, count: CheckCount) -> bool {
        if !three_check(self.game.record.tag("Variant")) {
            return match count {
                CheckCount::Last(n) => n == 0,
                CheckCount::Both(w, b) => w == 0 && b == 0,
            };
        }
        let here = self.checks_given(at);
        match count {
            CheckCount::Last(0) => true,
            CheckCount::Last(n) => {
                let pos = &self.node(at).position;
                let mover = usize::from(pos.turn() == crate::ir::Color::White);
                pos.is_check() && here[mover] == n
            }
            CheckCount::Both(w, b) => {
                let first = match self
                    .game
                    .record
                    .nodes
                    .get(at as usize)
                    .and_then(|x| x.parent)
                {
                    None => true,
                    Some(p) => self.checks_given(p) != here,
                };
                here == [w, b] && first
            }
        }
    }

    /// `:forced`: exactly one legal move.
    pub(super) fn only_one_legal_move(&self, at: u32) -> bool {
        self.node(at).position.legal_moves().len() == 1
    }

    /// Whether the main-line position `at` occurs here for the `n`-th time (same placement,
    /// side to move, castling and en passant rights).
    pub(super) fn nth_occurrence(&self, at: u32, n: usize) -> bool {
        if !self.on_mainline(at) {
            return false;
        }
        let key = |i: u32| {
            let f = self.node(i).position.fen(true);
            f.split_whitespace().take(4).collect::<Vec<_>>().join(" ")
        };
        let here = key(at);
        let mut seen = 0;
        for i in self.game.record.mainline() {
            if self
                .game
                .replayed
                .nodes
                .get(i as usize)
                .is_none_or(Option::is_none)
            {
                break;
            }
            if key(i) == here {
                seen += 1;
            }
            if i == at {
                return seen == n;
            }
        }
        false
    }

    /// `:repetitioncount r`: the length of the run of consecutive searched positions where
    /// `filter` matches that holds `at` (0 when it does not match at `at`) lies in r; when r
    /// admits 0, the game's longest run does.
    pub(super) fn run_count(&self, filter: &Node<P::Set>, range: &Range, at: u32) -> bool {
        let searched = self.searched_matches(filter);
        let (nodes, hits) = (&searched.0, &searched.1);
        let matched: HashMap<u32, bool> = nodes.iter().copied().zip(hits.iter().copied()).collect();
        let record = &self.game.record.nodes;
        let parent = |i: u32| record.get(i as usize).and_then(|x| x.parent);
        // Run ending at each searched node (search order puts parents first).
        let mut ending: HashMap<u32, i64> = HashMap::new();
        for &n in nodes {
            let len = if matched[&n] {
                1 + parent(n).and_then(|p| ending.get(&p).copied()).unwrap_or(0)
            } else {
                0
            };
            ending.insert(n, len);
        }
        if range.admits_zero() {
            let longest = ending.values().copied().max().unwrap_or(0);
            return range.contains(longest);
        }
        let back = ending.get(&at).copied().unwrap_or(0);
        if back == 0 {
            return false;
        }
        // Forward along the first searched child while it matches.
        let mut forward = 0;
        let mut n = at;
        while let Some(&c) = record.get(n as usize).and_then(|x| x.children.first()) {
            if !matched.get(&c).copied().unwrap_or(false) {
                break;
            }
            forward += 1;
            n = c;
        }
        range.contains(back + forward)
    }
}

/// The pieces of a position by colour and type (the material `:endgameevaluation*` follows).
fn material<P: Position>(pos: &P) -> Vec<usize> {
    use crate::ir::{Color, PieceKinds};
    use crate::squares::SquareSet;
    let mut out = Vec::with_capacity(12);
    for color in [Color::White, Color::Black] {
        for t in 0..6u8 {
            out.push(pos.pieces(PieceKinds::one(color, t)).count() as usize);
        }
    }
    out
}

impl<P: Position> Evaluator<'_, P> {
    /// `:endgameevaluation OUTCOME`: the Syzygy tables give that result here (with `first`,
    /// only at the first position on the way from the game's start with this material: "in
    /// denen die spezifizierte Figurenkonstellation zum ersten Mal in der Partie erfüllt
    /// wird").
    pub(super) fn endgame_evaluation(
        &self,
        outcome: crate::ir::cqls::EndgameOutcome,
        first: bool,
        at: u32,
    ) -> bool {
        use crate::ir::cqls::EndgameOutcome as O;
        let pos = &self.node(at).position;
        if first {
            let here = material(pos);
            let nodes = &self.game.record.nodes;
            let mut n = nodes.get(at as usize).and_then(|x| x.parent);
            while let Some(i) = n {
                if material(&self.node(i).position) == here {
                    return false;
                }
                n = nodes.get(i as usize).and_then(|x| x.parent);
            }
        }
        let Some(result) = self
            .worker
            .and_then(|w| w.tablebase_result(self.env, &pos.fen(true)))
        else {
            return false;
        };
        let white_to_move = pos.turn() == crate::ir::Color::White;
        match outcome {
            O::Draw => result == 0,
            O::SideToMoveWins => result == 1,
            O::EitherWins => result != 0,
            O::WhiteWins => result == if white_to_move { 1 } else { -1 },
            O::BlackWins => result == if white_to_move { -1 } else { 1 },
        }
    }
}
