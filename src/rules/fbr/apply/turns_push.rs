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
/// A part moving the mover's own pieces by the suffix's lines stands beside the same rules:
/// its lines are plain steps on the board, which the rules that bend or hide lines
/// (`cylindric`, `alice`, `pieces=transparent`, ...) would change.
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
    /// `turn#<seq>{set}=attributes` with the prefixed definitions `#L=MBN` of `list`. The
    /// seed's only example writes the set `{!p}` for "the opponent pawn": such a set (`!` and
    /// the suffixed letters) makes a part that pushes the opponent's pieces `L` along their
    /// definition's moves. Without a set, or with a set of the suffixed letters (`{N}`), the
    /// part moves the mover's own pieces (those of the set, else every suffixed one) by the
    /// definitions only ("only the moves belonging to this suffix can be used for this
    /// move"), moving (`m`) and capturing (`c`) as the MBN says.
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
        // Each suffixed definition: its type, letter, white's move and capture lines.
        let mut defs = Vec::new();
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
            let (mut quiet, mut captures) = (Vec::new(), Vec::new());
            for m in &moves {
                if m.swaps.is_some() {
                    return refuse(
                        *column,
                        format!(
                            "`{prefix}{letter}`: a swap in a `turn{prefix}` part is not implemented"
                        ),
                    );
                }
                let steps = match m.reach {
                    Reach::Leap => 1,
                    Reach::Unlimited => u8::MAX,
                    Reach::UpTo(n) => n,
                };
                let lines = m.vectors().into_iter().map(|(x, y)| (x, y, steps));
                if m.moves {
                    quiet.extend(lines.clone());
                }
                if m.captures {
                    captures.extend(lines);
                }
            }
            defs.push((t, d.letter.to_ascii_uppercase(), *column, quiet, captures));
        }
        if defs.is_empty() {
            return refuse(
                col,
                format!(
                    "`turn{prefix}` needs a prefixed piece definition `{prefix}X=MBN` giving the part's moves"
                ),
            );
        }
        let letters: Vec<String> = defs.iter().map(|d| d.1.clone()).collect();
        let named: Vec<String> = r
            .pieces
            .iter()
            .flat_map(|set| &set.pieces)
            .map(|p| p.to_ascii_uppercase())
            .collect();
        let opponents = r.pieces.as_ref().is_some_and(|set| set.not);
        let plain = Rule {
            prefix: None,
            pieces: None,
            ..r.clone()
        };
        if opponents {
            // The seed's example: `{!p}` names the opponent's pieces of the definitions.
            let same = named.len() == letters.len() && named.iter().all(|c| letters.contains(c));
            if !same {
                return refuse(
                    col,
                    format!(
                        "`turn{prefix}{{!...}}` is read as the seed's example writes it, `{{!...}}` naming the opponent's pieces of the part's definitions (`turn#<2>{{!p}}` with `#P=mfW`: \"the opponent pawn will be pushed\"); this set names others"
                    ),
                );
            }
            let mut pushes = Vec::new();
            let mut mask = 0u64;
            for (t, letter, column, quiet, captures) in defs {
                if !captures.is_empty() {
                    return refuse(
                        column,
                        format!(
                            "`{prefix}{letter}` moves an opponent's piece for `turn{prefix}`: only non-capturing moves (`m`) are evaluated (a capture would take the mover's own piece, \"Capturing with an opponent's pawn is not permitted\" in Avalanche Chess)"
                        ),
                    );
                }
                pushes.push((t as u8, self.both_sides(quiet)));
                mask |= 1 << t;
            }
            self.turn_part(&plain)?;
            if let Some(TurnRules::Parts(parts)) = &mut self.layers.turns
                && let Some(part) = parts.last_mut()
            {
                part.pushes = pushes;
                part.pieces = mask;
            }
            return Ok(());
        }
        // The mover's own pieces: the set's (each needing a definition), or every defined one.
        if let Some(c) = named.iter().find(|c| !letters.contains(c)) {
            return refuse(
                col,
                format!("`turn{prefix}` names `{c}`, which has no `{prefix}{c}=MBN` definition"),
            );
        }
        if let Some(a) = r.attrs.iter().find(|a| a.name == "avalanche") {
            return refuse(
                a.column,
                "`turn=avalanche` pushes the opponent's pieces: its part needs the set of the seed's example (`turn#<2>{!p}=avalanche`)",
            );
        }
        let (mut own_moves, mut own_captures) = (Vec::new(), Vec::new());
        let mut mask = 0u64;
        for (t, letter, _, quiet, captures) in defs {
            if !named.is_empty() && !named.contains(&letter) {
                continue;
            }
            own_moves.push((t as u8, self.both_sides(quiet)));
            own_captures.push((t as u8, self.both_sides(captures)));
            mask |= 1 << t;
        }
        self.turn_part(&plain)?;
        if let Some(TurnRules::Parts(parts)) = &mut self.layers.turns
            && let Some(part) = parts.last_mut()
        {
            part.own_moves = own_moves;
            part.own_captures = own_captures;
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
        let own = parts
            .iter()
            .any(|p| !p.own_moves.is_empty() || !p.own_captures.is_empty());
        if parts.iter().all(|p| p.pushes.is_empty()) && !own {
            return Ok(());
        }
        let why = if own {
            "a part moving the mover's pieces by a suffix's lines (`turn#`) steps on the plain board, which that rule would change"
        } else {
            "a push runs only the turn's bookkeeping, not that rule's"
        };
        match list
            .rules
            .iter()
            .find(|o| !o.cancel && !PUSHES_BESIDE.contains(&o.name.as_str()))
        {
            Some(other) => refuse(
                other.column,
                format!(
                    "`{}` beside a suffixed part (`avalanche`, `turn#`) is not implemented: {why}",
                    other.name
                ),
            ),
            None => Ok(()),
        }
    }
}
