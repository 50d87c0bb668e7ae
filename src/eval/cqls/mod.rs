//! Evaluation of the CQL-S only IR nodes ([`CqlsNode`]): game-level counts (`:matchcount`,
//! `:cut`, `:exclude`, the match list's "each position list somewhere"), sequences and
//! `:line`, accumulators, attack counts, rays and the game properties of seed 004.
//!
//! Game-level answers are computed once per game and filter and kept in the game's
//! evaluator (`GameCache`), so a per-position query stays linear in the game.

use std::collections::HashMap;
use std::rc::Rc;

use super::{Evaluator, Value, is_match};
use crate::eval::engine::Score;
use crate::ir::cqls::{Bound, CqlsNode, EndRange, EngineTest, LineMove, RayDirs};
use crate::ir::{Color, Node, PieceKinds, piece_type};
use crate::rules::Position;
use crate::squares::{Coord, SquareSet};

mod counters;
mod game;
mod gameinfo;
mod pawns;
mod relation;
mod swap;
mod tags;

/// What the CQL-S filters keep for the game being evaluated: owned by its `Evaluator`
/// (`cqls_cache`), made on first use, so nothing is shared between games or threads.
#[derive(Default)]
pub(super) struct GameCache {
    /// Per filter (its address and the tags' binding; the filter checked by equality): per
    /// searched node in search order, whether it matched.
    matches: HashMap<(usize, Vec<u32>), Vec<CachedMatches>>,
    /// The marks bound to the tags (`:forany`) while a filter is evaluated: part of the key
    /// of `matches`.
    binding: Vec<u32>,
    /// The marks each tag designator admits in this game (`:forany`).
    marks: Vec<(crate::ir::PieceKinds, Vec<u32>)>,
    /// Accumulators at one position: (node, name) → contribution per colour, per-colour flag.
    acc_at: u32,
    /// Per accumulator name: per `:accumulate` node, the count of each reset group (by
    /// colour) and whether colours count apart.
    acc: HashMap<String, HashMap<usize, GroupCounts>>,
}

type Searched = Rc<(Vec<u32>, Vec<bool>)>;

/// One `:accumulate` node's counts at a position: per reset group, by colour (white, black:
/// apart only under `:accumulate*`); and whether colours count apart.
type GroupCounts = (Vec<[i64; 2]>, bool);

/// A filter (for the equality check) and where it matched.
type CachedMatches = (Box<dyn std::any::Any>, Searched);

impl<P: Position> Evaluator<'_, P> {
    fn with_cache<R>(&self, f: impl FnOnce(&mut GameCache) -> R) -> R {
        let mut cache = self.cqls_cache.borrow_mut();
        f(cache.get_or_insert_with(GameCache::default))
    }

    /// The searched nodes in order and whether `filter` matches at each (cached per game; the
    /// filter is identified by its address and checked by equality).
    /// The score of `fen` to `limit` from the worker's engine (None: no engine, or it failed).
    fn engine_score(&self, fen: &str, limit: crate::ir::cqls::EngineLimit) -> Option<Score> {
        self.worker?.engine_score(self.env, fen, limit)
    }

    pub(super) fn searched_matches(&self, filter: &Node<P::Set>) -> Searched {
        let addr = std::ptr::from_ref(filter) as usize;
        let binding = self.with_cache(|c| c.binding.clone());
        if let Some(hit) = self.with_cache(|c| {
            c.matches
                .get(&(addr, binding.clone()))?
                .iter()
                .find(|(f, _)| f.downcast_ref::<Node<P::Set>>() == Some(filter))
                .map(|(_, r)| Rc::clone(r))
        }) {
            return hit;
        }
        let nodes = self.searched_nodes();
        let hits = nodes.iter().map(|&n| self.matches(filter, n)).collect();
        let result = Rc::new((nodes, hits));
        let stored: Box<dyn std::any::Any> = Box::new(filter.clone());
        self.with_cache(|c| {
            c.matches
                .entry((addr, binding))
                .or_default()
                .push((stored, Rc::clone(&result)))
        });
        result
    }

    /// Evaluates a CQL-S only node at `at`.
    pub(super) fn eval_cqls(&self, c: &CqlsNode<P::Set>, at: u32) -> Option<Value<P::Set>> {
        let truth = |b: bool| b.then_some(Value::Bool(true));
        let pos = &self.node(at).position;
        match c {
            // :piececount X r, :power X r, :whiteelo r, ...
            CqlsNode::InRange(n, r) => {
                let v = self.num(n, at)?;
                r.contains(v).then_some(Value::Num(v))
            }
            // :attackcount X Y r
            CqlsNode::AttackCount {
                attackers,
                targets,
                range,
            } => {
                let (a, t) = (self.set(attackers, at)?, self.set(targets, at)?);
                let geo = pos.geometry();
                let mut n = 0i64;
                for sq in a.intersect(&pos.occupied()).coords() {
                    let s = P::Set::from_coords(geo, [sq]);
                    n += i64::from(pos.attacks_from(&s).intersect(&t).count());
                }
                range.contains(n).then_some(Value::Num(n))
            }
            // :sequence, :gappedsequence, :line
            CqlsNode::Sequence { steps, gapped } => {
                let mut memo = HashMap::new();
                truth(self.sequence(steps, *gapped, 0, at, &mut memo))
            }
            // :line "... *"
            CqlsNode::LineTransposed(moves) => truth(self.transposed(moves, at)),
            // :matchcount r (and "each position list matches somewhere")
            CqlsNode::GameCount { filter, range } => {
                let m = self.searched_matches(filter);
                let n = m.1.iter().filter(|b| **b).count() as i64;
                range.contains(n).then_some(Value::Num(n))
            }
            // :cut: no searched position before this one matched
            CqlsNode::NoneBefore(filter) => {
                let m = self.searched_matches(filter);
                let here = m.0.iter().position(|&n| n == at)?;
                truth(!m.1[..here].iter().any(|b| *b))
            }
            // :following
            CqlsNode::AtParent(filter) => {
                let parent = self.game.record.nodes.get(at as usize)?.parent?;
                truth(is_match(&self.eval(filter, parent)))
            }
            // :preceding
            CqlsNode::AtChild(filter) => {
                let kids: Vec<u32> = self.children(at).collect();
                truth(kids.into_iter().any(|k| self.matches(filter, k)))
            }
            // :relation (...)
            CqlsNode::Relation(r) => truth(self.relation_holds(r, at)),
            // :forany NAME D (match list)
            CqlsNode::ForAny {
                var,
                kinds,
                distinct,
                body,
            } => truth(self.for_any(*var, *kinds, distinct, body, at)),
            // :castling K
            CqlsNode::CastlingRights(bits) => {
                let fen = pos.fen(true);
                let field = fen.split_whitespace().nth(2).unwrap_or("-");
                let mut have = 0u8;
                for ch in field.chars() {
                    have |= match ch {
                        'K' => 1,
                        'Q' => 2,
                        'k' => 4,
                        'q' => 8,
                        'A'..='H' => 3,
                        'a'..='h' => 12,
                        _ => 0,
                    };
                }
                truth(have & bits != 0)
            }
            // :iscastling K
            CqlsNode::IsCastling(bits) => {
                let kids: Vec<u32> = self.children(at).collect();
                truth(kids.into_iter().any(|k| {
                    let Some(m) = &self.node(k).played else {
                        return false;
                    };
                    let Some(king_side) = m.castle else {
                        return false;
                    };
                    let bit = match (m.color, king_side) {
                        (Color::White, true) => 1,
                        (Color::White, false) => 2,
                        (Color::Black, true) => 4,
                        (Color::Black, false) => 8,
                    };
                    bits & bit != 0
                }))
            }
            // :fen "..."
            CqlsNode::FenIs(fen) => {
                let here = pos.fen(true);
                let a: Vec<&str> = here.split_whitespace().take(3).collect();
                let b: Vec<&str> = fen.split_whitespace().take(3).collect();
                let castling_b = b.get(2).copied().unwrap_or("-");
                truth(
                    a.first() == b.first()
                        && a.get(1) == b.get(1)
                        && a.get(2).copied().unwrap_or("-") == castling_b,
                )
            }
            // :halfmovenumber r
            CqlsNode::Ply(r) => {
                let last = i64::from(self.node(self.last_mainline_node()).ply);
                let ply = i64::from(self.node(at).ply);
                truth(in_end_range(r, ply, last))
            }
            // :movenumber r
            CqlsNode::MoveNumber(r) => {
                let last_node = self.last_mainline_node();
                let last = i64::from(self.node(last_node).position.fullmove_number());
                truth(in_end_range(r, i64::from(pos.fullmove_number()), last))
            }
            // :ray (D1 ... Dk) r
            CqlsNode::Ray {
                steps,
                dirs,
                attack,
                range,
            } => {
                let sets = steps
                    .iter()
                    .map(|s| self.set(s, at))
                    .collect::<Option<Vec<_>>>()?;
                let n = count_rays(pos, &sets, *dirs, *attack);
                range.contains(n).then_some(Value::Num(n))
            }
            // :pawncount, :pawncountdifference
            CqlsNode::PawnCount {
                count,
                minus,
                range,
            } => {
                let (n, total) = pawns::count(pos, count);
                let (v, total) = match minus {
                    Some(m) => (n - pawns::count(pos, m).0, total),
                    None => (n, total),
                };
                range.contains(v, total).then_some(Value::Num(v))
            }
            // :opposition
            CqlsNode::Opposition(color) => {
                let c = color.unwrap_or(pos.turn());
                let king = |col: Color| {
                    pos.pieces(PieceKinds::one(col, piece_type::KING))
                        .coords()
                        .first()
                        .copied()
                };
                let (a, b) = (king(Color::White)?, king(Color::Black)?);
                let both_even = (a.file - b.file) % 2 == 0 && (a.rank - b.rank) % 2 == 0;
                truth(both_even == (c != pos.turn()))
            }
            // :goodbishop B r : r
            CqlsNode::GoodBishop {
                bishops,
                enemy,
                own,
            } => {
                let b = self.set(bishops, at)?;
                truth(pawns::good_bishop(pos, &b, enemy, own))
            }
            // :accumulate NAME
            CqlsNode::Accumulate {
                name,
                images,
                per_color,
                reset,
                groups,
            } => {
                let group_count = groups.iter().max().map_or(1, |g| *g as usize + 1);
                let mut counts = vec![[0i64; 2]; group_count];
                for (i, (img, swapped)) in images.iter().enumerate() {
                    if self.matches(img, at) {
                        let g = groups.get(i).map_or(0, |g| *g as usize);
                        counts[g][usize::from(*per_color && *swapped)] += 1;
                    }
                }
                let total: i64 = counts.iter().map(|c| c[0] + c[1]).sum();
                let addr = std::ptr::from_ref(c) as usize;
                self.with_cache(|cache| {
                    if cache.acc_at != at {
                        cache.acc_at = at;
                        cache.acc.clear();
                    }
                    let slot = cache.acc.entry(name.clone()).or_default();
                    if *reset {
                        slot.clear();
                    }
                    slot.insert(addr, (counts, *per_color));
                });
                (total > 0).then_some(Value::Num(total))
            }
            // :sumrange NAME r
            CqlsNode::SumRange(name, range) => {
                let (sums, per_color) = self.with_cache(|cache| {
                    if cache.acc_at != at {
                        return (vec![[0, 0]], false);
                    }
                    accumulated_sums(cache.acc.get(name).into_iter().flat_map(|m| m.values()))
                });
                truth(sums.iter().any(|sum| {
                    if per_color {
                        range.contains(sum[0]) || range.contains(sum[1])
                    } else {
                        range.contains(sum[0] + sum[1])
                    }
                }))
            }
            // :insidevariation
            CqlsNode::InsideVariation => truth(!self.on_mainline(at)),
            // :mustcapture
            CqlsNode::MustCapture => truth(
                pos.compels_capture() && {
                    let moves = pos.legal_moves();
                    !moves.is_empty() && moves.iter().all(|m| m.capture.is_some())
                },
            ),
            // :fiftymoverule
            CqlsNode::FiftyMoveRule => truth(self.first_fifty_move_position(at)),
            // :contactcheck
            CqlsNode::ContactCheck => truth(game::contact_check(pos)),
            // :endgameevaluation[*]
            CqlsNode::EndgameEvaluation { outcome, first } => {
                truth(self.endgame_evaluation(*outcome, *first, at))
            }
            // :eventtype, :title, :date, :eco, :rating, :plycount, :tag, ...
            CqlsNode::GameInfo(g) => truth(self.game_info(g)),
            // :ischeck r
            CqlsNode::NextCheck(range) => truth(self.next_check(at, range)),
            // :forced
            CqlsNode::OnlyOneLegalMove => truth(self.only_one_legal_move(at)),
            // :checkcount
            CqlsNode::CheckCount(count) => truth(self.check_count(at, *count)),
            // :fivefoldrepetition
            CqlsNode::Repetition(n) => truth(self.nth_occurrence(at, usize::from(*n))),
            // :repetitioncount r
            CqlsNode::RunCount { filter, range } => truth(self.run_count(filter, range, at)),
            // :threefoldrepetition
            CqlsNode::ThreefoldRepetition => truth(self.nth_occurrence(at, 3)),
            // :matingmaterial
            CqlsNode::MatingMaterial(_) => truth(game::mating_material(pos)),
            // :ischess960, :isshufflechess
            CqlsNode::StartShuffle { chess960 } => {
                let root = &self.node(0).position;
                truth(game::shuffle_number(root, *chess960).is_some())
            }
            // :startposition N,...
            CqlsNode::StartPosition(numbers) => {
                let root = &self.node(0).position;
                let n = game::shuffle_number(root, true)?;
                truth(numbers.contains(&n))
            }
            // :variant NAME
            CqlsNode::Variant(names) => {
                let v = self
                    .game
                    .record
                    .tag("Variant")
                    .map_or("normal".to_string(), |t| t.trim().to_ascii_lowercase());
                let normal = |s: &str| matches!(s, "normal" | "standard" | "chess");
                truth(names.iter().any(|n| *n == v || (normal(n) && normal(&v))))
            }
            // :exchangeevaluation r
            CqlsNode::ExchangeEvaluation(range) => {
                let kids: Vec<u32> = self.children(at).collect();
                truth(kids.into_iter().any(|k| {
                    self.node(k).played.as_ref().is_some_and(|m| {
                        m.capture.is_some()
                            && swap::see(pos, m).is_some_and(|v| range.contains(v * 100))
                    })
                }))
            }
            // :maxswapevaluation X Y r
            CqlsNode::MaxSwap {
                movers,
                targets,
                range,
            } => {
                let (from, to) = (self.set(movers, at)?, self.set(targets, at)?);
                let best = swap::sides(pos)
                    .iter()
                    .flat_map(|side| {
                        side.legal_moves()
                            .into_iter()
                            .filter(|m| {
                                !m.from.intersect(&from).is_empty()
                                    && !m.to.intersect(&to).is_empty()
                            })
                            .filter_map(|m| swap::see(side, &m))
                    })
                    .max()?;
                range.contains(best * 100).then_some(Value::Num(best))
            }
            // :evaluation depth 4 >=2.5 sidetomove
            CqlsNode::Evaluation { limit, test } => {
                let score = self.engine_score(&pos.fen(true), *limit)?;
                truth(match test {
                    EngineTest::Mate => matches!(score, Score::Mate(n) if n != 0),
                    EngineTest::Score { range, absolute } => {
                        let mut v = score.centipawns();
                        if *absolute && pos.turn() == Color::Black {
                            v = -v;
                        }
                        range.contains(v)
                    }
                })
            }
            // :moveevaluation X Y depth 4 >=3.0 sidetomove
            CqlsNode::MoveEvaluation {
                movers,
                targets,
                limit,
                test,
            } => {
                let parent = self.game.record.nodes.get(at as usize)?.parent?;
                let m = self.node(at).played.as_ref()?;
                let (from, to) = (self.set(movers, parent)?, self.set(targets, parent)?);
                if m.from.intersect(&from).is_empty() || m.to.intersect(&to).is_empty() {
                    return None;
                }
                let prev = &self.node(parent).position;
                let now = self.engine_score(&pos.fen(true), *limit)?.centipawns();
                let before = self.engine_score(&prev.fen(true), *limit)?.centipawns();
                let EngineTest::Score { range, absolute } = test else {
                    return None;
                };
                // Both scores from the point of view of the side to move here (or White).
                let white_now = if pos.turn() == Color::White {
                    now
                } else {
                    -now
                };
                let white_before = if prev.turn() == Color::White {
                    before
                } else {
                    -before
                };
                let diff = if *absolute || pos.turn() == Color::White {
                    white_now - white_before
                } else {
                    white_before - white_now
                };
                truth(range.contains(diff))
            }
        }
    }

    /// The last main-line node that could be replayed (a bad move ends the line).
    fn last_mainline_node(&self) -> u32 {
        self.game
            .record
            .mainline()
            .into_iter()
            .take_while(|&n| {
                self.game
                    .replayed
                    .nodes
                    .get(n as usize)
                    .is_some_and(Option::is_some)
            })
            .last()
            .unwrap_or(0)
    }

    pub(super) fn on_mainline(&self, at: u32) -> bool {
        let nodes = &self.game.record.nodes;
        let mut n = at;
        while let Some(parent) = nodes.get(n as usize).and_then(|x| x.parent) {
            if nodes[parent as usize].children.first() != Some(&n) {
                return false;
            }
            n = parent;
        }
        true
    }

    /// Whether `at` is the game's first main-line position where the fifty-move rule applies
    /// (no capture and no pawn move in the last fifty moves: a halfmove clock of 100 or more).
    fn first_fifty_move_position(&self, at: u32) -> bool {
        if !self.on_mainline(at) {
            return false;
        }
        for n in self.game.record.mainline() {
            let Some(Some(node)) = self.game.replayed.nodes.get(n as usize) else {
                return false;
            };
            if node.position.halfmove_clock() >= 100 {
                return n == at;
            }
            if n == at {
                return false;
            }
        }
        false
    }

    fn sequence(
        &self,
        steps: &[Node<P::Set>],
        gapped: bool,
        i: usize,
        at: u32,
        memo: &mut HashMap<(usize, u32), bool>,
    ) -> bool {
        if let Some(&v) = memo.get(&(i, at)) {
            return v;
        }
        let kids: Vec<u32> = self.children(at).collect();
        let mut ok = self.matches(&steps[i], at)
            && (i + 1 == steps.len()
                || kids
                    .iter()
                    .any(|&k| self.sequence(steps, gapped, i + 1, k, memo)));
        if !ok && gapped {
            ok = kids
                .iter()
                .any(|&k| self.sequence(steps, gapped, i, k, memo));
        }
        memo.insert((i, at), ok);
        ok
    }

    /// `:line "... *"`: the moves from the game's start to here are the line's moves, each
    /// side's in any order.
    fn transposed(&self, line: &[LineMove], at: u32) -> bool {
        if self.node(at).ply as usize != line.len() {
            return false;
        }
        let geo = self.node(at).position.geometry();
        let mut played = Vec::new();
        let mut n = at;
        while let Some(parent) = self
            .game
            .record
            .nodes
            .get(n as usize)
            .and_then(|x| x.parent)
        {
            match &self.node(n).played {
                Some(m) => played.push(m.clone()),
                None => return false,
            }
            n = parent;
        }
        played.reverse();
        let sq = |(f, r): (u8, u8)| {
            P::Set::from_coords(
                geo,
                [Coord {
                    file: i64::from(f),
                    rank: i64::from(r),
                }],
            )
        };
        for parity in 0..2 {
            let mut want: Vec<&LineMove> = line.iter().skip(parity).step_by(2).collect();
            for m in played.iter().skip(parity).step_by(2) {
                let found = want.iter().position(|w| {
                    sq(w.from) == m.from
                        && sq(w.to) == m.to
                        && (w.piece.white | w.piece.black) & (1 << m.mover) != 0
                });
                match found {
                    Some(i) => {
                        want.remove(i);
                    }
                    None => return false,
                }
            }
        }
        true
    }
}

fn in_end_range(r: &EndRange, v: i64, last: i64) -> bool {
    let resolve = |b: Bound| match b {
        Bound::Abs(n) => n,
        Bound::End(k) => last.saturating_sub(k),
    };
    r.lo.is_none_or(|b| v >= resolve(b)) && r.hi.is_none_or(|b| v <= resolve(b))
}

/// The number of rays valid for the designator sets `sets` (seed 004's `:ray`).
fn count_rays<P: Position>(pos: &P, sets: &[P::Set], dirs: RayDirs, attack: bool) -> i64 {
    let geo = pos.geometry();
    let occupied = pos.occupied();
    let all: [(i64, i64); 8] = [
        (1, 0),
        (-1, 0),
        (0, 1),
        (0, -1),
        (1, 1),
        (-1, -1),
        (1, -1),
        (-1, 1),
    ];
    let mut count = 0;
    for &(dx, dy) in &all {
        let diagonal = dx != 0 && dy != 0;
        let keep = match dirs {
            RayDirs::All => true,
            RayDirs::Diagonal => diagonal,
            RayDirs::Orthogonal => !diagonal,
            RayDirs::Horizontal => dy == 0,
            RayDirs::Vertical => dx == 0,
        };
        if !keep {
            continue;
        }
        for start in sets[0].coords() {
            let one = |c: Coord| P::Set::from_coords(geo, [c]);
            if attack {
                let Some((_, t)) = pos.piece_at(&one(start)) else {
                    continue;
                };
                let slides = t == piece_type::QUEEN
                    || (t == piece_type::ROOK && !diagonal)
                    || (t == piece_type::BISHOP && diagonal);
                if !slides {
                    continue;
                }
            }
            // Walk the line; each prefix ending on a square of the last set is a candidate.
            let mut line: Vec<Coord> = Vec::new();
            let mut c = start;
            loop {
                c = Coord {
                    file: c.file + dx,
                    rank: c.rank + dy,
                };
                if !geo.contains(c) {
                    break;
                }
                line.push(c);
                let end = *line.last().expect("pushed");
                if one(end).is_subset(&sets[sets.len() - 1])
                    && middle_fits(
                        &line[..line.len() - 1],
                        &sets[1..sets.len() - 1],
                        &occupied,
                        geo,
                    )
                {
                    count += 1;
                }
            }
        }
    }
    count
}

/// Whether the middle designators pair, in order, with some of `squares`, every other square
/// being empty.
fn middle_fits<S: SquareSet>(
    squares: &[Coord],
    sets: &[S],
    occupied: &S,
    geo: crate::squares::Geometry,
) -> bool {
    fn go<S: SquareSet>(sq: &[Coord], sets: &[S], occ: &S, geo: crate::squares::Geometry) -> bool {
        match (sq.split_first(), sets.split_first()) {
            (None, None) => true,
            (None, Some(_)) => false,
            (Some((s, rest)), _) => {
                let one = S::from_coords(geo, [*s]);
                let pair = sets
                    .split_first()
                    .is_some_and(|(d, more)| one.is_subset(d) && go(rest, more, occ, geo));
                pair || (one.intersect(occ).is_empty() && go(rest, sets, occ, geo))
            }
        }
    }
    go(squares, sets, occupied, geo)
}

/// The values `:sumrange` tests for one accumulator name: for each choice of one reset group
/// per `:accumulate` node, the sum of the chosen groups' counts (by colour); and whether
/// colours count apart. A node without `:reset` has one group: its whole count.
fn accumulated_sums<'a>(nodes: impl Iterator<Item = &'a GroupCounts>) -> (Vec<[i64; 2]>, bool) {
    let mut sums = vec![[0i64; 2]];
    let mut per_color = false;
    for (groups, per) in nodes {
        per_color |= *per;
        let mut next: Vec<[i64; 2]> = Vec::with_capacity(sums.len() * groups.len());
        for s in &sums {
            for g in groups {
                let v = [s[0] + g[0], s[1] + g[1]];
                if !next.contains(&v) {
                    next.push(v);
                }
            }
        }
        sums = next;
    }
    (sums, per_color)
}
