//! The game-tree and move words: `virtualmainline`, `position N` (and the
//! numbering `positionid` reads, as CQL 6.2's `GotoNode`), `child(n)` computed, `primary`,
//! `secondary`, `pieceid`,
//! `consecutivemoves`, `countmoves`, `currentmove`, `move primary|secondary|comment`, the
//! positional intersection `x & y`,
//! CQLi's speculative `move ... : F` (evaluated in imaginary positions, `eval::imagine`) and
//! `legalposition`. Each follows CQL 6.2's source where it has one (named below).

use super::{Evaluator, Value, board, moves};
use crate::ir::{Color, ConsecutiveMoves, MoveExt, MoveYield, Node, PieceKinds, piece_type};
use crate::rules::{MoveInfo, Position};
use crate::squares::{Coord, SquareSet};

impl<P: Position> Evaluator<'_, P> {
    /// `positionid` at `at`: CQL 6.2 numbers the positions of the searched tree (the main
    /// line alone unless variations are searched) depth first, each position's main
    /// continuation first (`QPos::visitRoot`), so a main-line position's id is its ply.
    /// Imaginary positions keep their own numbers.
    pub(super) fn position_id(&self, at: u32) -> i64 {
        if at >= super::imagine::BASE {
            return i64::from(at);
        }
        // `tree_rank` is that depth-first rank over the whole record; without variations
        // the main line comes first in it, with the same ranks.
        self.tree_rank(at) as i64
    }

    /// The searched position whose `positionid` is `id` (`position N`).
    fn position_with_id(&self, id: i64) -> Option<u32> {
        let id = u32::try_from(id).ok()?;
        let at = if self.game.variations {
            self.tree_rank(0);
            let order = self.tree_order.get()?;
            u32::try_from(order.iter().position(|&r| r == id)?).ok()?
        } else {
            *self.game.record.mainline().get(id as usize)?
        };
        let reached = self
            .game
            .replayed
            .nodes
            .get(at as usize)
            .is_some_and(|n| n.is_some());
        reached.then_some(at)
    }

    /// `position N`
    pub(super) fn eval_position_by_id(&self, n: &Node<P::Set>, at: u32) -> Option<Value<P::Set>> {
        let id = self.num(n, at)?;
        self.position_with_id(id).map(Value::Pos)
    }

    /// `child(n)` with a computed index.
    pub(super) fn eval_child_at(&self, n: &Node<P::Set>, at: u32) -> Option<Value<P::Set>> {
        let n = u32::try_from(self.num(n, at)?).ok()?;
        self.position_ref(&crate::ir::PositionRef::Child(n), at)
            .map(Value::Pos)
    }

    /// `primary` (`primary` true), `secondary` (false).
    pub(super) fn eval_primary_move(&self, primary: bool, at: u32) -> Option<Value<P::Set>> {
        let parent = self.parent_of(at)?;
        let first = self.game.record.nodes[parent as usize].children.first() == Some(&at);
        (first == primary).then_some(Value::Bool(true))
    }

    /// `pieceid x`
    pub(super) fn eval_piece_id(&self, x: &Node<P::Set>, at: u32) -> Option<Value<P::Set>> {
        let s = self.set(x, at)?;
        let [c] = s.coords()[..] else {
            return None;
        };
        match self.pieces().piece_at(at, c) {
            0 => None,
            id => Some(Value::Num(i64::from(id))),
        }
    }

    /// `x & y` of two positions.
    pub(super) fn eval_same_content(
        &self,
        x: &Node<P::Set>,
        y: &Node<P::Set>,
        at: u32,
    ) -> Option<Value<P::Set>> {
        let (p, q) = self.eval_positions(x, y, at)?;
        Some(Value::Set(self.same_content(p, q)))
    }

    /// The positions `x` and `y` evaluate to; None unless both are positions.
    fn eval_positions(&self, x: &Node<P::Set>, y: &Node<P::Set>, at: u32) -> Option<(u32, u32)> {
        match (self.eval(x, at)?, self.eval(y, at)?) {
            (Value::Pos(p), Value::Pos(q)) => Some((p, q)),
            _ => None,
        }
    }

    /// `distance(x y)` of two positions.
    pub(super) fn eval_tree_distance(
        &self,
        x: &Node<P::Set>,
        y: &Node<P::Set>,
        at: u32,
    ) -> Option<Value<P::Set>> {
        let (p, q) = self.eval_positions(x, y, at)?;
        let (pp, pq) = (self.root_path(p), self.root_path(q));
        let shared = pp.iter().zip(&pq).take_while(|(a, b)| a == b).count();
        Some(Value::Num((pp.len() + pq.len() - 2 * shared) as i64))
    }

    /// The index of `child` among its parent's continuations (0 the main one); imaginary
    /// positions count as variations.
    fn child_index(&self, child: u32) -> Option<usize> {
        let parent = self.parent_of(child)?;
        let kids = &self.game.record.nodes.get(parent as usize)?.children;
        Some(kids.iter().position(|&c| c == child).unwrap_or(usize::MAX))
    }

    /// CQL 6.2's `QPos::virtualmainline`: back to the start, no null move, and every move
    /// made by White is its position's main continuation.
    pub(super) fn on_virtual_mainline(&self, at: u32) -> bool {
        let mut here = at;
        while let Some(parent) = self.parent_of(here) {
            if self.node(here).played.as_ref().is_some_and(|mv| mv.null) {
                return false;
            }
            if self.child_index(here) != Some(0)
                && self.node(parent).position.turn() == Color::White
            {
                return false;
            }
            here = parent;
        }
        true
    }

    /// `move ...` with `primary`, `secondary`, `comment`, `: F`, and `countmoves`.
    pub(super) fn eval_move_ext(&self, x: &MoveExt<P::Set>, at: u32) -> Option<Value<P::Set>> {
        let m = &x.base;
        // As `move` (moves.rs): no matching move is 0, or the empty set.
        let none = || {
            Some(if x.count {
                Value::Num(0)
            } else {
                moves::no_move_value(m.yields)
            })
        };
        let Some((candidates, from_node)) = self.move_candidates(m.source, at, None) else {
            return none();
        };
        if candidates.is_empty() {
            return none();
        }
        let meets = self.move_matcher(m, from_node)?;
        let mut matching: Vec<(&MoveInfo<P::Set>, Option<u32>)> = Vec::new();
        for (mv, target) in &candidates {
            if !meets(mv) {
                continue;
            }
            // CQL 6.2's MoveBase::match_move: primary rejects a move of index > 0,
            // secondary one of index 0.
            if x.primary || x.secondary {
                let main = target.and_then(|t| self.child_index(t)) == Some(0);
                if (x.primary && !main) || (x.secondary && main) {
                    continue;
                }
            }
            matching.push((mv, *target));
        }
        if let Some((all, f)) = &x.then {
            let mut kept = Vec::new();
            for (mv, target) in matching {
                // A played move leads to its node; a generated one to an imaginary position.
                let after = target.or_else(|| self.imagine_move(from_node, mv));
                if after.is_some_and(|p| self.matches(f, p)) {
                    kept.push((mv, target));
                } else if *all {
                    return none();
                }
            }
            matching = kept;
        }
        if let Some(c) = &x.comment {
            // Evaluated where the move leads (MoveBase::match_move), so it comments there.
            for (_, target) in &matching {
                if let Some(t) = target {
                    self.eval(c, *t);
                }
            }
        }
        if x.count {
            // Played moves count one by one (CQL 6.2's DashNode::computeCount walks the
            // game's moves); generated ones as `move legal count` does, a promotion once
            // whatever it promotes to (MoveLegalNode counts destination squares).
            let generated: Vec<&MoveInfo<P::Set>> = matching
                .iter()
                .filter(|(_, target)| target.is_none())
                .map(|(mv, _)| *mv)
                .collect();
            let played = (matching.len() - generated.len()) as i64;
            return match moves::move_value(MoveYield::Count, &generated) {
                Some(Value::Num(n)) => Some(Value::Num(n + played)),
                _ => Some(Value::Num(played)),
            };
        }
        let moves: Vec<&MoveInfo<P::Set>> = matching.iter().map(|(mv, _)| *mv).collect();
        moves::move_value(m.yields, &moves)
    }

    /// `consecutivemoves (x y)` (CQL 6.2's ConsecutiveMovesNode): the longest run of equal
    /// moves (from, to, moving piece) on the paths from the latest common ancestor L to x
    /// and to y; no match when x is y, when L is x or y, or when the length is 0 or outside
    /// the range. Unless `quiet`, the moves of the run are commented `x-move[i]`, `y-move[i]`.
    pub(super) fn eval_consecutive_moves(
        &self,
        c: &ConsecutiveMoves<P::Set>,
        at: u32,
    ) -> Option<Value<P::Set>> {
        let (Value::Pos(x), Value::Pos(y)) = (self.eval(&c.left, at)?, self.eval(&c.right, at)?)
        else {
            return None;
        };
        if x == y {
            return None;
        }
        let (px, py) = (self.root_path(x), self.root_path(y));
        let shared = px.iter().zip(&py).take_while(|(a, b)| a == b).count();
        if shared == px.len() || shared == py.len() {
            return None;
        }
        // The nodes reached by the moves after L, and the moves' keys.
        let (tx, ty) = (&px[shared..], &py[shared..]);
        let key = |n: &u32| {
            self.node(*n)
                .played
                .as_ref()
                .map(|mv| (mv.from.clone(), mv.to.clone(), mv.color, mv.mover))
        };
        let (kx, ky): (Vec<_>, Vec<_>) =
            (tx.iter().map(key).collect(), ty.iter().map(key).collect());
        let (len, ix, iy) = longest_common_run(&kx, &ky);
        if len == 0 || !c.range.contains(len as i64) {
            return None;
        }
        if !c.quiet {
            let mut state = self.state.borrow_mut();
            for i in 0..len {
                state.comment(tx[ix + i], format!("{}-move[{}]", c.left_name, i + 1));
                state.comment(ty[iy + i], format!("{}-move[{}]", c.right_name, i + 1));
            }
        }
        Some(Value::Num(len as i64))
    }

    /// The squares on which positions `p` and `q` hold the same thing (CQL's positional
    /// intersection: same colour and type of piece, or both empty).
    fn same_content(&self, p: u32, q: u32) -> P::Set {
        let (a, b) = (&self.node(p).position, &self.node(q).position);
        let geo = a.geometry();
        let differ = a
            .occupied()
            .union(&b.occupied())
            .coords()
            .into_iter()
            .filter(|&c| {
                let square = P::Set::from_coords(geo, [c]);
                a.piece_at(&square) != b.piece_at(&square)
            });
        P::Set::full(geo).minus(&P::Set::from_coords(geo, differ))
    }

    /// The rank of position `at` in depth-first order with each main continuation's whole
    /// subtree before the variations (CQL 6.2 orders positions so: underpromotionecho.cql's
    /// `source<target`, a main-line source before a target in a variation that branches off
    /// earlier, matches CQL 6.2's games only so); imaginary positions come after all.
    pub(super) fn tree_rank(&self, at: u32) -> u64 {
        if at >= super::imagine::BASE {
            return u64::from(at) << 1;
        }
        let order = self.tree_order.get_or_init(|| {
            let nodes = &self.game.record.nodes;
            let mut rank = vec![0u32; nodes.len().max(1)];
            let (mut next, mut stack) = (0u32, vec![0u32]);
            while let Some(n) = stack.pop() {
                if let Some(r) = rank.get_mut(n as usize) {
                    *r = next;
                    next += 1;
                }
                if let Some(node) = nodes.get(n as usize) {
                    stack.extend(node.children.iter().rev());
                }
            }
            rank
        });
        u64::from(order.get(at as usize).copied().unwrap_or(u32::MAX))
    }

    /// The nodes from the start to `at`, the start first.
    fn root_path(&self, at: u32) -> Vec<u32> {
        let mut path = vec![at];
        let mut here = at;
        while let Some(p) = self.parent_of(here) {
            path.push(p);
            here = p;
        }
        path.reverse();
        path
    }

    /// `legalposition` (CQLi): one king of each colour, no pawn on the first or last rank,
    /// and the side that has just moved is not in check.
    pub(super) fn is_legal_position(&self, at: u32) -> bool {
        let pos = &self.node(at).position;
        let geo = pos.geometry();
        let bit = |t: u8| 1u32 << t;
        let kinds = |color: Color, types: u32| match color {
            Color::White => PieceKinds {
                white: types,
                black: 0,
                empty: false,
            },
            Color::Black => PieceKinds {
                white: 0,
                black: types,
                empty: false,
            },
        };
        let kings = |color| pos.pieces(kinds(color, bit(piece_type::KING)));
        if kings(Color::White).count() != 1 || kings(Color::Black).count() != 1 {
            return false;
        }
        let edge_ranks = P::Set::from_coords(
            geo,
            (0..i64::from(geo.files)).flat_map(|file| {
                [
                    Coord { file, rank: 0 },
                    Coord {
                        file,
                        rank: i64::from(geo.ranks) - 1,
                    },
                ]
            }),
        );
        let pawns = PieceKinds {
            white: bit(piece_type::PAWN),
            black: bit(piece_type::PAWN),
            empty: false,
        };
        if !pos.pieces(pawns).intersect(&edge_ranks).is_empty() {
            return false;
        }
        let mover = pos.turn();
        let exposed = kings(mover.other());
        board::attacked_by(pos, &exposed, &pos.pieces(kinds(mover, u32::MAX))).is_empty()
    }
}

/// The longest run of equal consecutive items in `a` and `b`: (length, start in a, start
/// in b); the earliest such run in `a` when several are as long.
fn longest_common_run<T: PartialEq>(a: &[T], b: &[T]) -> (usize, usize, usize) {
    let mut best = (0, 0, 0);
    // prev[j]: length of the common run ending at a[i-1], b[j-1].
    let mut prev = vec![0usize; b.len() + 1];
    for i in 1..=a.len() {
        let mut row = vec![0usize; b.len() + 1];
        for j in 1..=b.len() {
            if a[i - 1] == b[j - 1] {
                row[j] = prev[j - 1] + 1;
                if row[j] > best.0 {
                    best = (row[j], i - row[j], j - row[j]);
                }
            }
        }
        prev = row;
    }
    best
}

#[cfg(test)]
mod tests {
    use super::longest_common_run;

    #[test]
    fn longest_run_is_found_anywhere() {
        // "bcd" is the longest run both share: at 1 in the first, 3 in the second.
        let a: Vec<char> = "abcdxy".chars().collect();
        let b: Vec<char> = "zzbbcdy".chars().collect();
        assert_eq!(longest_common_run(&a, &b), (3, 1, 3));
        assert_eq!(longest_common_run::<char>(&[], &b).0, 0);
        assert_eq!(longest_common_run(&['a'], &['b']).0, 0);
    }
}
