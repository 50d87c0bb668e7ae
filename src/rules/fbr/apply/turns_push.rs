//! Turn parts that move the opponent's pieces (seed 001): a `turn` part with a piece suffix
//! (`turn#<2>{!p}` with `#P=mfW`: "only the move definition #P=mfW is available for this
//! move, this means that the opponent pawn will be pushed"), its `avalanche` attribute, and
//! the `avalanche` rule, whose expansion they are (`turn<1> turn#<2>{!p}=avalanche ...
//! #P=mfW`). The engine's side is `fairy::layer_turns_push`.

use super::super::mbn::{Reach, mbn_to_moves};
use super::super::model::{Rule, RuleList};
use super::super::parse::FbrError;
use super::{Applier, refuse};
use crate::rules::fairy::layer_turns::{TurnPart, TurnRules};

/// The rules a push of the opponent's pieces (`avalanche`, `turn#`) may stand beside. A push
/// is made by its own short path (`FairyPos::make_push`) that runs only the turn bookkeeping
/// and the repetition history, so a rule whose after-effects or counts follow every move
/// (`cheshire`, `magnetic`, `conversion`, `atomic`, `alice`, `pieces`, ...) would not see it.
const PUSHES_BESIDE: [&str; 9] = [
    "turn",
    "avalanche",
    "royal",
    "mirror",
    "promotion",
    "stalemate",
    "win",
    "loss",
    "draw",
];

impl Applier {
    /// `turn#<seq>{set}=attributes` with the prefixed definitions `#L=MBN` of `list`: a part
    /// that pushes the opponent's pieces `L` along their definition's moves. The seed's only
    /// example writes the set `{!p}` for "the opponent pawn": the set is read so, `!` and the
    /// suffixed letters; without it, or with another, the part would move the mover's own
    /// pieces by the definitions, which is refused.
    pub(super) fn turn_suffixed(&mut self, r: &Rule, list: &RuleList) -> Result<(), FbrError> {
        let col = r.column;
        if list
            .rules
            .iter()
            .any(|x| x.name == "avalanche" && !x.cancel)
        {
            return refuse(
                col,
                "`turn` beside `avalanche` is not implemented: `avalanche` is its own turn's parts",
            );
        }
        let Some(prefix) = r.prefix else {
            if let Some(a) = r.attrs.iter().find(|a| a.name == "avalanche") {
                return refuse(
                    a.column,
                    "`turn=avalanche` needs a piece suffix and its definitions (`turn#<2>{!p}=avalanche #P=mfW`): the part pushes the opponent's pieces they define",
                );
            }
            return self.turn_part(r);
        };
        let mut pushes = Vec::new();
        let mut mask = 0u64;
        let mut letters = Vec::new();
        for d in list.pieces.iter().filter(|d| d.prefix == Some(prefix)) {
            let letter = d.letter.to_string();
            let Some(t) = self.type_of(&letter) else {
                return refuse(d.column, format!("`{letter}` names no piece of this board"));
            };
            let Some((text, column)) = &d.mbn else {
                return refuse(
                    d.column,
                    format!("`{prefix}{letter}` needs a movement `=MBN`"),
                );
            };
            let moves = mbn_to_moves(text).or_else(|e| {
                refuse(
                    column + e.column - 1,
                    format!("MBN of `{prefix}{letter}`: {}", e.reason),
                )
            })?;
            let mut white = Vec::new();
            for m in &moves {
                if m.captures || m.swaps.is_some() {
                    return refuse(
                        *column,
                        format!(
                            "`{prefix}{letter}` moves an opponent's piece for `turn{prefix}`: only non-capturing moves (`m`) are evaluated (a capture would take the mover's own piece, \"Capturing with an opponent's pawn is not permitted\" in Avalanche Chess)"
                        ),
                    );
                }
                let steps = match m.reach {
                    Reach::Leap => 1,
                    Reach::Unlimited => u8::MAX,
                    Reach::UpTo(n) => n,
                };
                white.extend(m.vectors().into_iter().map(|(x, y)| (x, y, steps)));
            }
            pushes.push((t as u8, self.both_sides(white)));
            mask |= 1 << t;
            letters.push(d.letter.to_ascii_uppercase());
        }
        if pushes.is_empty() {
            return refuse(
                col,
                format!(
                    "`turn{prefix}` needs a prefixed piece definition `{prefix}X=MBN` giving the part's moves"
                ),
            );
        }
        let why = format!(
            "a suffixed `turn{prefix}` part is read as the seed's example writes it, `{{!...}}` naming the pieces of its definitions (`turn#<2>{{!p}}` with `#P=mfW`: \"the opponent pawn will be pushed\"): it moves the opponent's pieces; a part moving the mover's own pieces by the suffix's definitions (no set, or `{{L}}`) is not implemented"
        );
        let Some(set) = &r.pieces else {
            return refuse(col, why);
        };
        let named: Vec<String> = set.pieces.iter().map(|p| p.to_ascii_uppercase()).collect();
        let same = named.len() == letters.len() && named.iter().all(|c| letters.contains(c));
        if !set.not || !same {
            return refuse(col, why);
        }
        let plain = Rule {
            prefix: None,
            pieces: None,
            ..r.clone()
        };
        self.turn_part(&plain)?;
        if let Some(TurnRules::Parts(parts)) = &mut self.layers.turns
            && let Some(part) = parts.last_mut()
        {
            part.pushes = pushes;
            part.pieces = mask;
        }
        Ok(())
    }

    /// `avalanche[=balance]`: the seed's expansion `turn<1> turn#<2>{!p}=avalanche #P=mfW`:
    /// a move, then a push of one of the opponent's pawns one square forward (for its owner:
    /// toward the mover). `balance` is balanced Avalanche ("White has no pawn push on the
    /// first move", vchess's rules): the push part is skipped in white's first turn. The
    /// seed puts `balance` on the first part, which would leave white's first turn a lone
    /// push that no Avalanche rules describe (written out as a turn list it is read so).
    pub(super) fn avalanche(&mut self, r: &Rule) -> Result<(), FbrError> {
        let col = r.column;
        if r.prefix.is_some() || r.seq.is_some() || r.pieces.is_some() || r.range.is_some() {
            return refuse(col, "`avalanche` takes only the attribute `balance`");
        }
        let first = TurnPart {
            seq: Some(1),
            pieces: self.all_types(),
            ..TurnPart::default()
        };
        let mut balance = false;
        for a in &r.attrs {
            if a.name != "balance" || a.negated || a.arg.is_some() {
                return refuse(a.column, "`avalanche` takes only the attribute `balance`");
            }
            balance = true;
        }
        let Some(pawn) = self.type_of("P") else {
            return refuse(
                col,
                "`avalanche` pushes pawns (`P`), and this board has none",
            );
        };
        let push = TurnPart {
            seq: Some(2),
            pieces: 1 << pawn,
            pushes: vec![(pawn as u8, self.both_sides(vec![(0, 1, 1)]))],
            avalanche: true,
            balance,
            ..TurnPart::default()
        };
        if self.layers.turns.is_some() || self.layers.monster {
            return refuse(
                col,
                "`avalanche` beside `turn`, `progressive` or `monster` is not implemented: its expansion is the turn's parts",
            );
        }
        self.layers.turns = Some(TurnRules::Parts(vec![first, push]));
        Ok(())
    }

    /// Refuses a rule beside a part that pushes the opponent's pieces unless the push's own
    /// short path serves it ([`PUSHES_BESIDE`]).
    pub(super) fn pushes_beside(&self, list: &RuleList) -> Result<(), FbrError> {
        let Some(TurnRules::Parts(parts)) = &self.layers.turns else {
            return Ok(());
        };
        if parts.iter().all(|p| p.pushes.is_empty()) {
            return Ok(());
        }
        match list
            .rules
            .iter()
            .find(|o| !o.cancel && !PUSHES_BESIDE.contains(&o.name.as_str()))
        {
            Some(other) => refuse(
                other.column,
                format!(
                    "`{}` beside a push of the opponent's pieces (`avalanche`, `turn#`) is not implemented: a push runs only the turn's bookkeeping, not that rule's",
                    other.name
                ),
            ),
            None => Ok(()),
        }
    }
}
