//! The `pieces` rule: its attributes (`total`, `sum`, `file`, `avoidsamecolored`, `holding`,
//! `extinction`, `immovable`, `neutral`, `impartial`, `taboo`, `cannotbechecked`,
//! `maxcaptures`, `minimum`, `morethan`, `draw`, `win`, `consecutive`, `transparent`) as the fairy engine's
//! layers.

use super::super::model::{Attribute, PieceSet, Rule};
use super::super::parse::FbrError;
use super::{Applier, refuse};

impl Applier {
    /// The `pieces` rule: its attributes as layers (limits, ends, taboo, neutral pieces).
    pub(super) fn pieces(&mut self, r: &Rule, has_holding: bool) -> Result<(), FbrError> {
        let col = r.column;
        if r.attrs.is_empty() {
            return refuse(col, "`pieces` needs an attribute");
        }
        if r.prefix.is_some() {
            // A drop rule's condition (`pieces*<1>{!k}=minimum(1)`): `Applier::forced_drops`.
            return Ok(());
        }
        for a in &r.attrs {
            let given = r.pieces.as_ref().map(|s| self.mask(s, col)).transpose()?;
            match a.name.as_str() {
                "total" => match a.arg {
                    Some(n) if n >= 0 => self
                        .layers
                        .totals
                        .push((given.unwrap_or(self.all_types()), n as u32)),
                    _ => return refuse(a.column, "`total` needs a count `(N)`"),
                },
                "extinction" => {
                    let mask = match given {
                        Some(m) => m,
                        None => self.start_types(),
                    };
                    self.layers.extinction = Some(mask);
                }
                "immovable" => {
                    let Some(m) = given else {
                        return refuse(col, "`pieces=immovable` needs a piece set");
                    };
                    self.layers
                        .immovable
                        .push((m, a.arg.map(|n| n.max(0) as u32)));
                }
                "neutral" => {
                    let Some(m) = given else {
                        return refuse(col, "`pieces=neutral` needs a piece set");
                    };
                    self.layers.neutral |= m;
                }
                "overall" => {
                    let n = Self::count(a)?;
                    if self.layers.limits.overall.is_some() {
                        return refuse(a.column, "a second `pieces=overall` is not implemented");
                    }
                    let mask = given.unwrap_or(self.all_types());
                    self.layers.limits.overall = Some((mask, n));
                }
                "consecutive" => {
                    let n = Self::count(a)?;
                    if self.layers.consecutive.is_some() {
                        return refuse(
                            a.column,
                            "a second `pieces=consecutive` is not implemented",
                        );
                    }
                    if n > 255 {
                        // Counted per side in a byte.
                        return refuse(a.column, "`consecutive` counts up to 255");
                    }
                    self.layers.consecutive = Some((given.unwrap_or(self.all_types()), n));
                }
                "transparent" => {
                    // "the piece set following the rule name is mandatory".
                    let Some(m) = given else {
                        return refuse(col, "`pieces=transparent` needs a piece set");
                    };
                    self.layers.transparent |= m;
                }
                "impartial" => {
                    let Some(m) = given else {
                        return refuse(col, "`pieces=impartial` needs a piece set");
                    };
                    self.layers.impartial |= m;
                }
                "sum" => {
                    // A limit per type: a `total` of each type of the set.
                    let n = Self::count(a)?;
                    let mask = given.unwrap_or(self.all_types());
                    for t in (0..self.types()).filter(|&t| mask >> t & 1 != 0) {
                        self.layers.totals.push((1 << t, n));
                    }
                }
                "file" | "avoidsamecolored" | "holding" | "maxcaptures" | "minimum"
                | "morethan" => {
                    let n = Self::count(a)?;
                    let mask = given.unwrap_or(self.all_types());
                    let lim = &mut self.layers.limits;
                    match a.name.as_str() {
                        "file" => lim.per_file.push((mask, n)),
                        // At most N of the set per side on squares of one colour: with
                        // N = 1, no pair on same-coloured squares (the seed's text).
                        "avoidsamecolored" => lim.per_square_colour.push((mask, n)),
                        "holding" if !has_holding => {
                            return refuse(a.column, "`pieces=holding` needs the `holding` rule");
                        }
                        "holding" => lim.in_hand.push((mask, n)),
                        "maxcaptures" => lim.max_captures.push((mask, n)),
                        "minimum" => lim.minimum.push((mask, n)),
                        _ => lim.more_than.push((mask, n)),
                    }
                }
                "cannotbechecked" | "draw" => {
                    let Some(m) = given else {
                        return refuse(col, format!("`pieces={}` needs a piece set", a.name));
                    };
                    if a.name == "draw" {
                        self.layers.limits.draw_when_only.push(m);
                    } else {
                        self.layers.limits.cannot_be_checked.push(m);
                    }
                }
                "win" => {
                    let Some(set) = &r.pieces else {
                        return refuse(col, "`pieces=win` needs a piece set");
                    };
                    let most = self.counts_by_colour(set, col)?;
                    self.layers.limits.win_when_at_most.push(most);
                }
                "taboo" => {
                    let Some(m) = given else {
                        return refuse(col, "`pieces=taboo` needs a piece set");
                    };
                    let by = a
                        .pieces
                        .as_ref()
                        .map(|s| self.mask(s, a.column))
                        .transpose()?;
                    self.layers.taboo.push((m, by));
                }
                _ => return Self::unsupported(r, a),
            }
        }
        Ok(())
    }

    /// The count `(N)` of a `pieces` attribute.
    fn count(a: &Attribute) -> Result<u32, FbrError> {
        match a.arg {
            Some(n) if n >= 0 => Ok(n.min(i64::from(u32::MAX)) as u32),
            _ => refuse(a.column, format!("`{}` needs a count `(N)`", a.name)),
        }
    }

    /// `pieces{Kpp}=win`'s set: per colour (upper case white, lower case black) and type,
    /// how many times the letter is written.
    fn counts_by_colour(&self, set: &PieceSet, column: usize) -> Result<[Vec<u32>; 2], FbrError> {
        if set.not || set.caret {
            return refuse(column, "`pieces=win` needs a plain piece set (no `!`, `^`)");
        }
        let mut most = [vec![0; self.types()], vec![0; self.types()]];
        for p in &set.pieces {
            let at = set.column_of(p, column);
            let Some(t) = self.type_of(p) else {
                return refuse(at, format!("`{p}` names no piece of this variant"));
            };
            let black = p.chars().all(|c| !c.is_ascii_uppercase());
            most[usize::from(black)][t] += 1;
        }
        Ok(most)
    }

    /// The types standing in the definition's start position.
    fn start_types(&self) -> u64 {
        let board = self.def.fen.split([' ', '[']).next().unwrap_or_default();
        let mut mask = 0u64;
        for (t, p) in self.def.pieces.iter().enumerate().take(64) {
            let sym = p.symbols[0].trim_end_matches('~');
            if sym.len() == 1 && sym != "+" && board.contains(sym) {
                mask |= 1 << t;
            }
        }
        mask
    }
}
