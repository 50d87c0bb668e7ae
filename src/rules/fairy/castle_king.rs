//! Castling from where the king stands: SjaakII 1.4.1 reads the start FEN's castling letters
//! by finding the castling piece of that colour on the board and re-deriving the castling
//! rule from that square to the defined destinations (its `record_castle_state`). Elven
//! chess defines black's castling from f10 but starts its king on e10: SjaakII castles from
//! e10 (to i10 and c10), and so does cqlq.

use std::sync::Arc;

use super::position::FairyPos;
use super::tables::Variant;

/// Moves each castling rule's king square to where the start position has that colour's
/// castling piece (the lowest such square), when the defined square holds none and the
/// partner stands on the king's rank.
pub fn castle_from_start_king(v: &mut Variant) {
    if v.kinds.iter().all(|k| k.def.castles.is_empty()) {
        return;
    }
    let fen = v.def.fen.clone();
    let Ok(p) = FairyPos::from_fen(Arc::new(v.clone()), &fen) else {
        return;
    };
    for (t, k) in v.kinds.iter_mut().enumerate() {
        for c in k.def.castles.iter_mut() {
            if p.piece(c.from) == Some((c.color, t)) {
                continue;
            }
            let Some(king) = p.color[c.color]
                .iter()
                .find(|&s| p.piece(s) == Some((c.color, t)))
            else {
                continue;
            };
            if king / 16 == c.partner / 16 && king != c.partner {
                c.from = king;
            }
        }
    }
}
