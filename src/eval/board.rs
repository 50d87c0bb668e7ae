//! Board-state computations of seed 003 that need more than one rules call: attacks between
//! sets and the pawn-structure sets.

use crate::ir::{Color, PawnStructure};
use crate::rules::Position;
use crate::squares::{Coord, SquareSet};

/// `x attackedby y`: the squares of x attacked by a piece standing on y.
pub fn attacked_by<P: Position>(pos: &P, x: &P::Set, y: &P::Set) -> P::Set {
    pos.attacked_within(y, x)
}

/// `x attacks y`: the squares of x holding a piece that attacks a square of y.
pub fn attackers<P: Position>(pos: &P, x: &P::Set, y: &P::Set) -> P::Set {
    pos.attacking(x, y)
}

fn pawns_of<P: Position>(pos: &P, color: Color) -> Vec<Coord> {
    pos.pawns(color).coords()
}

/// `connectedpawns`, `doubledpawns`, `isolatedpawns`, `passedpawns` (both colours), with
/// seed 003's definitions: connected = a friendly pawn on an adjacent file; isolated = none
/// there; doubled = another friendly pawn on the same file; passed = no enemy pawn ahead on
/// the same or an adjacent file.
pub fn pawn_structure<P: Position>(pos: &P, kind: PawnStructure) -> P::Set {
    let mut chosen = Vec::new();
    for color in [Color::White, Color::Black] {
        let ours = pawns_of(pos, color);
        let theirs = pawns_of(pos, color.other());
        for &p in &ours {
            let keep = match kind {
                PawnStructure::Connected => ours.iter().any(|q| (q.file - p.file).abs() == 1),
                PawnStructure::Isolated => !ours.iter().any(|q| (q.file - p.file).abs() == 1),
                PawnStructure::Doubled => ours.iter().any(|q| q.file == p.file && q.rank != p.rank),
                PawnStructure::Passed => !theirs.iter().any(|q| {
                    (q.file - p.file).abs() <= 1
                        && match color {
                            Color::White => q.rank > p.rank,
                            Color::Black => q.rank < p.rank,
                        }
                }),
            };
            if keep {
                chosen.push(p);
            }
        }
    }
    P::Set::from_coords(pos.geometry(), chosen)
}
