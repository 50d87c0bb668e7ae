//! MBN prefixed promotion rules applied after a move (FBR seed 001): `promotion<p>=origin`
//! ("the origin square (where the piece comes from) will be occupied with a friendly (or
//! opponent) piece, the promotion rule specifies the choice", the seed's `promotion*=origin,
//! move N *N==X`), its `demote` (the moved piece then demoted by a `-` rule), and the rule
//! `swap=demote,promote` (after a swap the partner is demoted, the mover promoted, by their
//! rules). The FBR side is `fbr::apply::prefix_rules`.

use super::bits::Bits256;
use super::layers::has_type;
use super::position::{FMove, FairyPos, MoveKind};

/// When an origin rule puts its piece (the `promotion` trigger attributes, over its zone).
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum OriginTrigger {
    /// `enter` (the default): the move ends in the zone and starts outside it.
    Enter,
    /// `move`: the move starts and ends in the zone.
    Within,
    /// `leave`: the move starts in the zone and ends outside it.
    Leave,
    /// `capture{set}`: the move captures (a piece of the set) and ends in the zone.
    Capture(Option<u64>),
    /// `!capture`: the move ends in the zone without capturing.
    NoCapture,
}

/// One `promotion<p>=origin` rule with the `p` rules of its pieces.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct OriginRule {
    /// The zone per colour (white's, black's).
    pub zone: [Bits256; 2],
    /// When it applies.
    pub trigger: OriginTrigger,
    /// Per mover type: the piece put on the origin square (type, of the opponent).
    pub put: Vec<Option<(u8, bool)>>,
    /// `demote`: per mover type, the type the moved piece becomes once the origin is set.
    pub demote: Vec<Option<u8>>,
}

/// A piece's promotion choices in a swap (`None`: stays as it is).
pub type SwapChoices = Vec<Option<u8>>;

/// One `swap{set}=demote,promote` rule.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SwapChange {
    /// The types of which both of a swap's pieces must be (all: every swap).
    pub pieces: u64,
    /// `demote`: per partner type, the types it may become (the partner, on the mover's
    /// start square).
    pub demote: Option<Vec<Vec<u8>>>,
    /// `promote`: per mover type, the types it may become (the mover, on its destination).
    pub promote: Option<Vec<Vec<u8>>>,
}

/// The prefixed rules a variant applies after moves.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct PrefixLayer {
    /// The `origin` rules.
    pub origin: Vec<OriginRule>,
    /// The `swap` rules.
    pub swap_changes: Vec<SwapChange>,
    /// `promotion=move*`: "in case of a castling both pieces, the King and the corresponding
    /// Rook will promote" (each castling piece whose move lies wholly within its zone, to its
    /// one choice there).
    pub castle_within: bool,
    /// `promotion<p>=<trigger>` without `origin`: the moved piece promoted where it lands
    /// (seed 001's Disk queen, `super::layer_mounting`).
    pub moved: Vec<super::layer_mounting::MovedPromotion>,
    /// `promotion<q>=swap,enpassant,origin,demote` read with a zero swap `(wwO--L)`: the
    /// unmounting moves (`super::layer_mounting`).
    pub unmount: Option<super::layer_mounting::Unmount>,
}

impl OriginTrigger {
    /// Whether a move from `from` to `to` (capturing type `captured`) fires the trigger
    /// over `zone`.
    pub(super) fn fires(
        self,
        zone: Bits256,
        from: usize,
        to: usize,
        captured: Option<usize>,
    ) -> bool {
        let (a, b) = (zone.has(from), zone.has(to));
        match self {
            OriginTrigger::Enter => b && !a,
            OriginTrigger::Within => a && b,
            OriginTrigger::Leave => a && !b,
            OriginTrigger::Capture(set) => {
                b && captured.is_some_and(|t| set.is_none_or(|s| has_type(s, t)))
            }
            OriginTrigger::NoCapture => b && captured.is_none(),
        }
    }
}

impl FairyPos {
    /// `promotion<p>=origin`: after a board move of `us` (not a castling, a drop or a swap,
    /// whose origin square is never empty), the rule's piece goes on the square left when
    /// it is still empty (an after-effect may have filled it: "If the origin square is
    /// occupied ... then a setup is not possible"); then `demote` changes the moved piece.
    /// `captured` is the captured piece's type.
    pub(super) fn fill_origin(&mut self, m: &FMove, us: usize, captured: Option<usize>) {
        let Some(layer) = self.v.layers.prefix.as_ref().map(std::sync::Arc::clone) else {
            return;
        };
        if !matches!(m.kind, MoveKind::Normal | MoveKind::Double(_)) {
            return;
        }
        let (from, to) = (m.from as usize, m.to as usize);
        // The promoted type stands on `to` when the move promoted (the rules apply to it).
        let moved = m.promo.map_or(m.piece as usize, usize::from);
        for rule in &layer.origin {
            if from == to
                || self.piece(from).is_some()
                || !rule.trigger.fires(rule.zone[us], from, to, captured)
            {
                continue;
            }
            let Some(Some((x, opponent))) = rule.put.get(moved).copied() else {
                continue;
            };
            self.put(from, if opponent { 1 - us } else { us }, x as usize);
            if let Some(Some(d)) = rule.demote.get(moved).copied()
                && self.piece(to) == Some((us, moved))
            {
                self.remove(to);
                self.put(to, us, d as usize);
            }
        }
    }

    /// `promotion=move*`: after a castling, the king and its partner each promote when its
    /// move lies wholly within its promotion zone (a piece has one choice there: several are
    /// refused when the rule is read).
    pub(super) fn promote_castling(&mut self, m: &FMove, us: usize) {
        let MoveKind::Castle(pf, pt) = m.kind else {
            return;
        };
        if !self
            .v
            .layers
            .prefix
            .as_ref()
            .is_some_and(|l| l.castle_within)
        {
            return;
        }
        for (from, to) in [(m.from as usize, m.to as usize), (pf as usize, pt as usize)] {
            let Some((c, t)) = self.piece(to).filter(|&(c, _)| c == us) else {
                continue;
            };
            let choice = self.v.kinds[t]
                .promotions
                .iter()
                .find(|(zone, choices)| zone[c].has(from) && zone[c].has(to) && !choices.is_empty())
                .map(|(_, choices)| choices[0]);
            if let Some(x) = choice {
                self.remove(to);
                self.put(to, c, x as usize);
                self.promoted.set(to);
            }
        }
    }

    /// `swap=demote,promote`: the mover's and the partner's promotion choices for a swap of
    /// the mover (type `t`) with the partner (type `pt`), where a swap rule changes them;
    /// `None` keeps the zone's promotions (`swap_promotions`) for that piece.
    pub(super) fn swap_changes(
        &self,
        t: usize,
        pt: usize,
    ) -> (Option<SwapChoices>, Option<SwapChoices>) {
        let Some(layer) = &self.v.layers.prefix else {
            return (None, None);
        };
        let (mut mover, mut partner) = (None, None);
        for rule in &layer.swap_changes {
            // "Only if either pieces of a swap are contained in this piece set": both.
            if !has_type(rule.pieces, t) || !has_type(rule.pieces, pt) {
                continue;
            }
            if let Some(to) = rule.promote.as_ref().and_then(|p| p.get(t))
                && !to.is_empty()
            {
                mover = Some(to.iter().map(|&x| Some(x)).collect());
            }
            if let Some(to) = rule.demote.as_ref().and_then(|d| d.get(pt))
                && !to.is_empty()
            {
                partner = Some(to.iter().map(|&x| Some(x)).collect());
            }
        }
        (mover, partner)
    }
}
