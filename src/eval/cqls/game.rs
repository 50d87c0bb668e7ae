//! Game and material properties of CQL-S: mating material and Chess960 / shuffle start
//! positions (Scharnagl numbers).

use crate::ir::{Color, piece_type};
use crate::rules::Position;
use crate::squares::{Coord, SquareSet};

/// Whether either side has mating material (standard chess): not K v K, K+minor v K, or kings
/// with two bishops all on one square colour (seed 004's expansion of `!:matingmaterial`).
pub fn mating_material<P: Position>(pos: &P) -> bool {
    let geo = pos.geometry();
    let pieces: Vec<(Color, u8, Coord)> = pos
        .occupied()
        .coords()
        .into_iter()
        .filter_map(|c| {
            pos.piece_at(&P::Set::from_coords(geo, [c]))
                .map(|(col, t)| (col, t, c))
        })
        .filter(|(_, t, _)| *t != piece_type::KING)
        .collect();
    match pieces.as_slice() {
        [] => false,
        [(_, t, _)] => !(*t == piece_type::BISHOP || *t == piece_type::KNIGHT),
        [(_, t1, c1), (_, t2, c2)] => {
            let shade = |c: &Coord| (c.file + c.rank) % 2;
            !(*t1 == piece_type::BISHOP && *t2 == piece_type::BISHOP && shade(c1) == shade(c2))
        }
        _ => true,
    }
}

/// The white back rank's piece types a-h, if the position is a shuffle start position (pawns
/// on their second ranks, the back ranks mirrored, nothing else, castling-neutral).
fn back_rank<P: Position>(pos: &P) -> Option<Vec<u8>> {
    let geo = pos.geometry();
    if geo.files != 8 || geo.ranks != 8 || pos.occupied().count() != 32 {
        return None;
    }
    let at = |f: i64, r: i64| pos.piece_at(&P::Set::from_coords(geo, [Coord { file: f, rank: r }]));
    let mut rank = Vec::new();
    for f in 0..8 {
        if at(f, 1) != Some((Color::White, piece_type::PAWN))
            || at(f, 6) != Some((Color::Black, piece_type::PAWN))
        {
            return None;
        }
        let (Some((Color::White, w)), Some((Color::Black, b))) = (at(f, 0), at(f, 7)) else {
            return None;
        };
        if w != b || w == piece_type::PAWN {
            return None;
        }
        rank.push(w);
    }
    Some(rank)
}

/// The Scharnagl number (0-959) of a Chess960 start position; with `chess960` false any
/// shuffle start position is accepted (and numbered when it is a Chess960 one, else 960).
pub fn shuffle_number<P: Position>(pos: &P, chess960: bool) -> Option<u32> {
    let rank = back_rank(pos)?;
    let count = |t: u8| rank.iter().filter(|&&x| x == t).count();
    let standard_set = count(piece_type::KING) == 1
        && count(piece_type::QUEEN) == 1
        && count(piece_type::ROOK) == 2
        && count(piece_type::BISHOP) == 2
        && count(piece_type::KNIGHT) == 2;
    let files = |t: u8| -> Vec<usize> { (0..8).filter(|&f| rank[f] == t).collect() };
    let b = files(piece_type::BISHOP);
    let r = files(piece_type::ROOK);
    let k = files(piece_type::KING);
    let is960 = standard_set && b[0] % 2 != b[1] % 2 && r[0] < k[0] && k[0] < r[1];
    if !is960 {
        return if chess960 || !standard_set {
            None
        } else {
            Some(960)
        };
    }
    let light = b.iter().find(|&&f| f % 2 == 1).expect("one light") / 2;
    let dark = b.iter().find(|&&f| f % 2 == 0).expect("one dark") / 2;
    let rest: Vec<usize> = (0..8).filter(|f| !b.contains(f)).collect();
    let q = rest.iter().position(|&f| rank[f] == piece_type::QUEEN)?;
    let rest2: Vec<usize> = rest
        .iter()
        .copied()
        .filter(|&f| rank[f] != piece_type::QUEEN)
        .collect();
    let knights: Vec<usize> = (0..5)
        .filter(|&i| rank[rest2[i]] == piece_type::KNIGHT)
        .collect();
    let pairs = [
        (0, 1),
        (0, 2),
        (0, 3),
        (0, 4),
        (1, 2),
        (1, 3),
        (1, 4),
        (2, 3),
        (2, 4),
        (3, 4),
    ];
    let krn = pairs.iter().position(|&(a, c)| knights == [a, c])?;
    Some((96 * krn + 16 * q + 4 * dark + light) as u32)
}

/// Whether the side to move is in a contact check (seed 004: "it's not possible to place a
/// piece between the checker and the king, even not theoretical. This includes knight checks
/// and double checks"): two checkers, or one on a square next to the king or off every rank,
/// file and diagonal through it (a knight's leap: nothing lies between).
pub fn contact_check<P: Position>(pos: &P) -> bool {
    if !pos.is_check() {
        return false;
    }
    let geo = pos.geometry();
    let us = pos.turn();
    let king = pos.pieces(crate::ir::PieceKinds::one(us, piece_type::KING));
    let Some(k) = king.coords().into_iter().next() else {
        return false;
    };
    let them = pos.pieces(match us.other() {
        Color::White => crate::ir::PieceKinds {
            white: u32::MAX,
            black: 0,
            empty: false,
        },
        Color::Black => crate::ir::PieceKinds {
            white: 0,
            black: u32::MAX,
            empty: false,
        },
    });
    let mut checkers = 0;
    let mut contact = false;
    for c in them.coords() {
        let from = P::Set::from_coords(geo, [c]);
        if pos.attacks_from(&from).intersect(&king).is_empty() {
            continue;
        }
        checkers += 1;
        let (df, dr) = ((c.file - k.file).abs(), (c.rank - k.rank).abs());
        let adjacent = df <= 1 && dr <= 1;
        let on_a_line = df == 0 || dr == 0 || df == dr;
        contact |= adjacent || !on_a_line;
    }
    checkers >= 2 || contact
}
