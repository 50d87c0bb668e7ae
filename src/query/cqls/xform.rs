//! CQL-S transforms (`:flipcolor`, `:flip`, `:shift`, ...) as maps of squares and colours, and
//! their action on lowered IR: a position list under transforms becomes the `Or` of its images.
//! An image that pushes a written square off the board is dropped; a designator of every
//! square is invariant under shifts (CQL 3's rule).

use crate::ir::cqls::{CqlsNode, GameInfo, LineMove, PawnCount};
use crate::ir::{Color, GameResult, Node, PieceKinds, Placements};
use crate::squares::{Coord, Geometry, SquareSet};

type Matrix = [[i64; 2]; 2];

/// One transform: a symmetry about the board's centre, a translation, a colour swap.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub struct Xform {
    m: Matrix,
    shift: (i64, i64),
    /// White and black are exchanged (`:flipcolor`).
    pub swap: bool,
}

const ID: Matrix = [[1, 0], [0, 1]];
const FILE_MIRROR: Matrix = [[-1, 0], [0, 1]];
const RANK_MIRROR: Matrix = [[1, 0], [0, -1]];

fn mul(a: Matrix, b: Matrix) -> Matrix {
    let mut o = [[0; 2]; 2];
    for (i, row) in o.iter_mut().enumerate() {
        for (j, cell) in row.iter_mut().enumerate() {
            *cell = a[i][0] * b[0][j] + a[i][1] * b[1][j];
        }
    }
    o
}

impl Xform {
    /// The identity.
    pub const IDENTITY: Xform = Xform {
        m: ID,
        shift: (0, 0),
        swap: false,
    };

    fn sym(m: Matrix) -> Xform {
        Xform {
            m,
            ..Xform::IDENTITY
        }
    }

    /// First `inner`, then `self`.
    fn compose(self, inner: Xform) -> Xform {
        let s = inner.shift;
        let (sx, sy) = (
            self.m[0][0] * s.0 + self.m[0][1] * s.1,
            self.m[1][0] * s.0 + self.m[1][1] * s.1,
        );
        Xform {
            m: mul(self.m, inner.m),
            shift: (sx + self.shift.0, sy + self.shift.1),
            swap: self.swap ^ inner.swap,
        }
    }

    /// Where square `c` goes (it may leave the board).
    pub fn map(&self, geo: Geometry, c: Coord) -> Coord {
        // Doubled coordinates about the centre, so that reflections stay integral.
        let x = 2 * c.file - (i64::from(geo.files) - 1);
        let y = 2 * c.rank - (i64::from(geo.ranks) - 1);
        let (x2, y2) = (
            self.m[0][0] * x + self.m[0][1] * y,
            self.m[1][0] * x + self.m[1][1] * y,
        );
        Coord {
            file: (x2 + i64::from(geo.files) - 1) / 2 + self.shift.0,
            rank: (y2 + i64::from(geo.ranks) - 1) / 2 + self.shift.1,
        }
    }

    fn moves_squares(&self) -> bool {
        self.m != ID || self.shift != (0, 0)
    }
}

/// The transform group a CQL-S keyword names (`flipcolor`, `shift`, ...), or None.
pub fn group(name: &str, geo: Geometry) -> Option<Vec<Xform>> {
    let w = i64::from(geo.files);
    let h = i64::from(geo.ranks);
    let diag: Matrix = [[0, 1], [1, 0]];
    let shifts = |keep: &dyn Fn(i64, i64) -> bool| {
        let mut out = Vec::new();
        for dx in -(w - 1)..w {
            for dy in -(h - 1)..h {
                if keep(dx, dy) {
                    out.push(Xform {
                        shift: (dx, dy),
                        ..Xform::IDENTITY
                    });
                }
            }
        }
        out
    };
    Some(match name {
        "flipcolor" => vec![
            Xform::IDENTITY,
            Xform {
                m: RANK_MIRROR,
                shift: (0, 0),
                swap: true,
            },
        ],
        "flipvertical" => vec![Xform::IDENTITY, Xform::sym(FILE_MIRROR)],
        "fliphorizontal" => vec![Xform::IDENTITY, Xform::sym(RANK_MIRROR)],
        // "reflects each square in its square set about the main diagonal": the help's
        // example `(position Rc3 qg3 :flipdiagonal)` matches Rc3 qg3 or Rc3 qc7 only.
        "flipdiagonal" if w == h => vec![Xform::IDENTITY, Xform::sym(diag)],
        "flip" | "flipdihedral" if w == h => {
            let rot: Matrix = [[0, -1], [1, 0]];
            let mut out = Vec::new();
            let mut r = ID;
            for _ in 0..4 {
                out.push(Xform::sym(r));
                out.push(Xform::sym(mul(r, FILE_MIRROR)));
                r = mul(rot, r);
            }
            out
        }
        "shift" => shifts(&|_, _| true),
        "shifthorizontal" => shifts(&|_, dy| dy == 0),
        "shiftvertical" => shifts(&|dx, _| dx == 0),
        "shiftmaindiagonal" => shifts(&|dx, dy| dx == dy),
        "shiftoffdiagonal" => shifts(&|dx, dy| dx == -dy),
        "shiftdiagonal" => shifts(&|dx, dy| dx == dy || dx == -dy),
        _ => return None,
    })
}

/// Every composition of one transform from each group (identity included), each with its
/// key: the indices, within their groups, of the
/// transforms taken from the groups marked in `keyed` (a composition is repeated only under
/// another key). `:reset` counts the images sharing a key together.
pub fn product_keyed(groups: &[Vec<Xform>], keyed: &[bool]) -> Vec<(Xform, Vec<usize>)> {
    let mut all = vec![(Xform::IDENTITY, Vec::new())];
    for (g, in_key) in groups.iter().zip(keyed) {
        let mut next = Vec::with_capacity(all.len() * g.len());
        let mut seen = std::collections::HashSet::with_capacity(all.len() * g.len());
        for (a, key) in &all {
            for (i, t) in g.iter().enumerate() {
                let c = t.compose(*a);
                let mut k = key.clone();
                if *in_key {
                    k.push(i);
                }
                if seen.insert((c, k.clone())) {
                    next.push((c, k));
                }
            }
        }
        all = next;
    }
    all
}

fn kinds(x: &Xform, k: PieceKinds) -> PieceKinds {
    if x.swap { k.swap_colors() } else { k }
}

fn color(x: &Xform, c: Color) -> Color {
    if x.swap { c.other() } else { c }
}

/// The image of a set under `x`; None when a square leaves the board. The whole board is
/// invariant.
fn set<S: SquareSet>(x: &Xform, geo: Geometry, s: &S) -> Option<S> {
    if !x.moves_squares() || *s == S::full(geo) {
        return Some(s.clone());
    }
    let mut out = Vec::new();
    for c in s.coords() {
        let d = x.map(geo, c);
        if !geo.contains(d) {
            return None;
        }
        out.push(d);
    }
    Some(S::from_coords(geo, out))
}

/// The image of a lowered filter under `x`, or None when the image is dropped.
pub fn apply<S: SquareSet>(x: &Xform, geo: Geometry, n: &Node<S>) -> Option<Node<S>> {
    let many = |v: &[Node<S>]| {
        v.iter()
            .map(|i| apply(x, geo, i))
            .collect::<Option<Vec<_>>>()
    };
    let one = |b: &Node<S>| apply(x, geo, b).map(Box::new);
    Some(match n {
        Node::And(v) => Node::And(many(v)?),
        Node::Or(v) => Node::Or(many(v)?),
        Node::Union(v) => Node::Union(many(v)?),
        Node::Placements(t) => {
            let images = many(&t.images())?;
            match Placements::of(&images, t.union) {
                Some(table) => Node::Placements(Box::new(table)),
                None if t.union => Node::Union(images),
                None => Node::Or(images),
            }
        }
        Node::Intersect(v) => Node::Intersect(many(v)?),
        Node::Not(a) => Node::Not(one(a)?),
        Node::If(c, a, b) => Node::If(
            one(c)?,
            one(a)?,
            match b {
                Some(b) => Some(one(b)?),
                None => None,
            },
        ),
        Node::Pieces(k, s) => Node::Pieces(kinds(x, *k), set(x, geo, s)?),
        Node::Complement(a) => Node::Complement(one(a)?),
        Node::AttackedBy(a, b) => Node::AttackedBy(one(a)?, one(b)?),
        Node::Attacks(a, b) => Node::Attacks(one(a)?, one(b)?),
        Node::Move(m) => {
            let mut m = m.clone();
            for p in [&mut m.from, &mut m.to, &mut m.capture]
                .into_iter()
                .flatten()
            {
                *p = one(p)?;
            }
            m.promote = m.promote.map(|k| kinds(x, k));
            Node::Move(m)
        }
        Node::Count(a) => Node::Count(one(a)?),
        Node::Arith(op, a, b) => Node::Arith(*op, one(a)?, one(b)?),
        Node::Negate(a) => Node::Negate(one(a)?),
        Node::Power(a) => Node::Power(one(a)?),
        Node::Compare(op, a, b) => Node::Compare(*op, one(a)?, one(b)?),
        Node::In(a, b) => Node::In(one(a)?, one(b)?),
        Node::ToMove(c) => Node::ToMove(color(x, *c)),
        Node::Elo(c) => Node::Elo(color(x, *c)),
        Node::Result(r) if x.swap => Node::Result(match r {
            GameResult::WhiteWins => GameResult::BlackWins,
            GameResult::BlackWins => GameResult::WhiteWins,
            GameResult::Draw => GameResult::Draw,
        }),
        Node::Cqls(c) => Node::Cqls(Box::new(apply_cqls(x, geo, c)?)),
        other => other.clone(),
    })
}

fn apply_pawns<S: SquareSet>(x: &Xform, geo: Geometry, p: &PawnCount<S>) -> Option<PawnCount<S>> {
    Some(PawnCount {
        pawns: p
            .pawns
            .iter()
            .map(|(c, s)| Some((color(x, *c), set(x, geo, s)?)))
            .collect::<Option<Vec<_>>>()?,
        attrs: p.attrs.clone(),
        counting: p.counting,
    })
}

fn apply_cqls<S: SquareSet>(x: &Xform, geo: Geometry, c: &CqlsNode<S>) -> Option<CqlsNode<S>> {
    let a = |n: &Node<S>| apply(x, geo, n);
    Some(match c {
        CqlsNode::InRange(n, r) => CqlsNode::InRange(a(n)?, *r),
        CqlsNode::AttackCount {
            attackers,
            targets,
            range,
        } => CqlsNode::AttackCount {
            attackers: a(attackers)?,
            targets: a(targets)?,
            range: *range,
        },
        CqlsNode::Sequence { steps, gapped } => CqlsNode::Sequence {
            steps: steps.iter().map(a).collect::<Option<Vec<_>>>()?,
            gapped: *gapped,
        },
        CqlsNode::LineTransposed(moves) => CqlsNode::LineTransposed(line_moves(x, geo, moves)?),
        CqlsNode::GameCount { filter, range } => CqlsNode::GameCount {
            filter: a(filter)?,
            range: *range,
        },
        CqlsNode::NoneBefore(n) => CqlsNode::NoneBefore(a(n)?),
        CqlsNode::AtParent(n) => CqlsNode::AtParent(a(n)?),
        CqlsNode::AtChild(n) => CqlsNode::AtChild(a(n)?),
        CqlsNode::CastlingRights(b) => CqlsNode::CastlingRights(swap_castling_bits(x, *b)),
        CqlsNode::IsCastling(b) => CqlsNode::IsCastling(swap_castling_bits(x, *b)),
        CqlsNode::Ray {
            steps,
            dirs,
            attack,
            range,
        } => CqlsNode::Ray {
            steps: steps.iter().map(a).collect::<Option<Vec<_>>>()?,
            dirs: *dirs,
            attack: *attack,
            range: *range,
        },
        CqlsNode::PawnCount {
            count,
            minus,
            range,
        } => CqlsNode::PawnCount {
            count: apply_pawns(x, geo, count)?,
            minus: match minus {
                Some(m) => Some(apply_pawns(x, geo, m)?),
                None => None,
            },
            range: *range,
        },
        CqlsNode::Opposition(col) => CqlsNode::Opposition(col.map(|c| color(x, c))),
        CqlsNode::GoodBishop {
            bishops,
            enemy,
            own,
        } => CqlsNode::GoodBishop {
            bishops: a(bishops)?,
            enemy: *enemy,
            own: *own,
        },
        CqlsNode::Accumulate {
            name,
            images,
            per_color,
            reset,
            groups,
        } => CqlsNode::Accumulate {
            name: name.clone(),
            images: accumulated_images(x, geo, images)?,
            per_color: *per_color,
            reset: *reset,
            groups: groups.clone(),
        },
        CqlsNode::EndgameEvaluation { outcome, first } if x.swap => {
            use crate::ir::cqls::EndgameOutcome::{BlackWins, WhiteWins};
            CqlsNode::EndgameEvaluation {
                outcome: match outcome {
                    WhiteWins => BlackWins,
                    BlackWins => WhiteWins,
                    o => *o,
                },
                first: *first,
            }
        }
        // `:eithercolor`: White's tags become Black's.
        CqlsNode::GameInfo(g) if x.swap => CqlsNode::GameInfo(swap_player_tags(g)),
        CqlsNode::RunCount { filter, range } => CqlsNode::RunCount {
            filter: a(filter)?,
            range: *range,
        },
        CqlsNode::MatingMaterial(col) => CqlsNode::MatingMaterial(col.map(|c| color(x, c))),
        CqlsNode::MaxSwap {
            movers,
            targets,
            range,
        } => CqlsNode::MaxSwap {
            movers: a(movers)?,
            targets: a(targets)?,
            range: *range,
        },
        // The pattern squares move with the list; the piece designators of
        // :missingpiececount / :newpiececount do not ("no shift or flip transformation
        // specifiers in the containing position list affect the piece designator").
        CqlsNode::Relation(r) => CqlsNode::Relation(Box::new(crate::ir::cqls::Relation {
            pattern: match &r.pattern {
                Some(p) => Some(a(p)?),
                None => None,
            },
            ..(**r).clone()
        })),
        // `:eithercolor` around a match list with tags: the tag's pieces change colour too.
        CqlsNode::ForAny {
            var,
            kinds: k,
            distinct,
            body,
        } => CqlsNode::ForAny {
            var: *var,
            kinds: kinds(x, *k),
            distinct: distinct.clone(),
            body: a(body)?,
        },
        other => other.clone(),
    })
}

/// A game information test with each `White...` tag read as `Black...` and back.
fn swap_player_tags(g: &GameInfo) -> GameInfo {
    let swap = |t: &String| {
        if let Some(rest) = t.strip_prefix("White") {
            format!("Black{rest}")
        } else if let Some(rest) = t.strip_prefix("Black") {
            format!("White{rest}")
        } else {
            t.clone()
        }
    };
    match g {
        GameInfo::TagWord {
            tags,
            words,
            missing,
        } => GameInfo::TagWord {
            tags: tags.iter().map(swap).collect(),
            words: words.clone(),
            missing: *missing,
        },
        GameInfo::Rating { tags, mode, range } => GameInfo::Rating {
            tags: [swap(&tags[0]), swap(&tags[1])],
            mode: *mode,
            range: *range,
        },
        other => other.clone(),
    }
}

/// `:castling` / `:iscastling` bits (0 K, 1 Q, 2 k, 3 q) with the colours swapped when `x`
/// swaps them.
fn swap_castling_bits(x: &Xform, b: u8) -> u8 {
    if x.swap {
        ((b & 0b0011) << 2) | ((b & 0b1100) >> 2)
    } else {
        b
    }
}

/// The moves of a transposed line under `x`; None when a square leaves the board.
fn line_moves(x: &Xform, geo: Geometry, moves: &[LineMove]) -> Option<Vec<LineMove>> {
    let sq = |(f, r): (u8, u8)| {
        let d = x.map(
            geo,
            Coord {
                file: i64::from(f),
                rank: i64::from(r),
            },
        );
        geo.contains(d).then_some((d.file as u8, d.rank as u8))
    };
    moves
        .iter()
        .map(|m| {
            Some(LineMove {
                piece: kinds(x, m.piece),
                from: sq(m.from)?,
                to: sq(m.to)?,
            })
        })
        .collect()
}

/// `:accumulate`'s images under `x`, each with its colour swap composed with `x`'s.
fn accumulated_images<S: SquareSet>(
    x: &Xform,
    geo: Geometry,
    images: &[(Node<S>, bool)],
) -> Option<Vec<(Node<S>, bool)>> {
    images
        .iter()
        .map(|(n, s)| Some((apply(x, geo, n)?, *s ^ x.swap)))
        .collect()
}
