//! The MBN page's predefined move `X`, the explosion, as the last leg of a movement: seed 001's
//! atomic expansion `Q=mQ+(cQ--X)` and its Fire Demon `:FD:=(mF4+msW4+([mK]--[mK]--K))--X`.
//!
//! What `X` removes, read from its definition (the MBN page's table of basic pieces, restated
//! in LeCodex's `mbn.js`: `X  Explosion  (!dcy{^P}OK)0*`) through the MBN BNF
//! (`../shared/variants/fbr/fbr-mbn-reference.md`) and the modifier table:
//! - `(...)0*` is a complex rider with the steps `0*`, "maximal": the partial move inside is
//!   taken as often as it can be, so every target it has is hit, not one chosen target;
//! - `!` is the setup operator (`<MovePrefix> ::= '!'? ...`): the piece does not go where the
//!   leg reaches (seed 001's `spacious` writes `K=K-!mK`, a test of the squares around the
//!   landing square that moves nothing; its `benedict` writes `(!dcK)**`, acting on every
//!   square a king step reaches without going there);
//! - `d` (independent) takes each target on its own;
//! - `cy{^P}`: `cy` "all pieces, inclusively friendly pieces, can be captured", and the piece
//!   set `{^P}` spares pawns (the seed's `atomic`: "Normally pawns will not be affected, this
//!   means that normally the argument `{^P}` will be given");
//! - `OK`: the zero leap `O` (the square the piece stands on, the landing square of the legs
//!   before `X`) and the king's leaps `K` (the eight squares around it).
//!
//! So after the legs before it, `X` removes every piece but pawns, of either side, on the
//! landing square and on the eight squares around it. The piece on the landing square is the
//! mover itself: it is removed too (unless it is a pawn). That is what makes
//! `cQ--X` atomic chess's capture (the seed: "Any piece will affect an explosion after
//! capturing"; Fairy-Stockfish's atomic removes the capturer, the captured piece and the
//! non-pawns around), and it is what `X` does after the seed's Fire Demon as written: the
//! Fire Demon explodes with the pieces around its landing square, after every move (its
//! moves and its captures both end in `X`). cqlq evaluates the definition as written and
//! does not guess another one for the Fire Demon (Tenjiku shogi's burning spares the burner;
//! the seed's passive burning, `#:FD:=K` under `burner`, is `fairy::layer_powers`').
//!
//! The fairy engine keeps a piece's movements as tables of moves and of captures; a move
//! does not record which movement made it. So `X` is evaluated where it ends all of a piece's
//! moves, or all of its captures, or both ([`MbnExplosion`]); a piece whose moves (or
//! captures) explode on some movements and not on others (`Q+(cN--X)`) is refused by name,
//! as is `X` anywhere but as the last leg after a movement (`X` alone, `Q+X`, `X-W`, `[X]`,
//! `(cQ--X)0`, after a swap) and outside a piece's movement in a rule list
//! ([`super::mbn_move_sets`] refuses it; [`super::mbn_move_sets_with_explosion`] reads it).

use super::lower::MbnMoveSets;
use super::parse::MbnError;
use super::sequence::err;

/// The refusal of `X` where it is no last leg after a movement.
pub(super) const NEEDS_MOVEMENT: &str = "the predefined move `X` (the MBN page's explosion \
     `(!dcy{^P}OK)0*`) is evaluated by cqlq as the last leg after a movement (`cQ--X`): it \
     explodes where the movement lands, so it needs a movement before it";

/// Which of a piece's movements end in the explosion `X` (see the module text).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct MbnExplosion {
    /// The piece's moves to empty squares explode where they land.
    pub on_moves: bool,
    /// Its captures explode where they land (after taking the captured piece).
    pub on_captures: bool,
    /// 1-based column of the first `X` in the definition.
    pub column: usize,
}

/// What the chains of one definition contributed: for its moves and its captures, whether
/// a chain without `X` (index 0) and one with `X` (index 1) gave any.
#[derive(Default)]
pub(super) struct ExplosionTally {
    moves: [bool; 2],
    captures: [bool; 2],
    column: Option<usize>,
}

impl ExplosionTally {
    /// Notes one chain's lowered movements; `explodes` is the column of its `X`, if any.
    pub(super) fn note(
        &mut self,
        sets: &MbnMoveSets,
        explodes: Option<usize>,
    ) -> Result<(), MbnError> {
        if let Some(column) = explodes
            && !sets.swaps.is_empty()
        {
            return Err(err(
                column,
                "the predefined move `X` after a swap (`w`) is not evaluated by cqlq (a swap \
                 moves two pieces; which one explodes is not said)",
            ));
        }
        let e = usize::from(explodes.is_some());
        self.moves[e] |= !sets.moves.is_empty();
        self.captures[e] |= !sets.captures.is_empty();
        self.column = self.column.or(explodes);
        Ok(())
    }

    /// The definition's explosion, or a refusal where its moves (or captures) explode on
    /// some movements and not on others.
    pub(super) fn finish(self) -> Result<Option<MbnExplosion>, MbnError> {
        let Some(column) = self.column else {
            return Ok(None);
        };
        for (what, seen) in [("moves", self.moves), ("captures", self.captures)] {
            if seen[0] && seen[1] {
                return Err(err(
                    column,
                    format!(
                        "a piece whose {what} end in the predefined move `X` on some movements \
                         and not on others is not evaluated by cqlq (its moves do not say which \
                         movement made them): end all its {what} in `X`, or none"
                    ),
                ));
            }
        }
        Ok(Some(MbnExplosion {
            on_moves: self.moves[1],
            on_captures: self.captures[1],
            column,
        }))
    }
}
