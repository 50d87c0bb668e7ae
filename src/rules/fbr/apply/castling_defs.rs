//! A rule list's castling definitions (`fbr::castling_defs`, seed 001's Alice
//! `O-O<*>=[*]isR[g]=isR[f] O-O-O<*>=[*]isR[c]=isR[d]`) as the board's castling moves.
//!
//! Reading: the definitions are the list's complete castling set (the seed writes both sides'
//! castlings where it writes any), so a board castling of a side without a definition is
//! dropped. The partner is the one the board's castling of that side names (the definition
//! writes only its movement, `isR[f]`; FBR's `royal=castle{R}` names the pieces that may be
//! partners): the definition of `O-O` (`O-O-O`) sets where the king of each board castling
//! toward a partner on the h (a) side lands, on the king's rank (`[g]`: black's ranges are
//! mirrored at the horizontal bisector, which keeps files; beside `mirror=horizontal`, which
//! mirrors black's files while its pieces stand unmirrored, refused). The fairy engine's castling (SjaakII's) lands
//! the partner next to the king's destination on the inside and keeps every other rule of the
//! board's castling: both pieces unmoved (`i`), both paths empty (`R`: a slide along the rank),
//! the king not castling out of check (`[*]`), nor through or into it (FIDE's rule, as the
//! board's own castling; `royal=passover` lets it cross attacked squares). So the standard
//! `O-O=[*]isR[g]=isR[f] O-O-O=[*]isR[c]=isR[d]` are the board's own castlings. Refused at
//! its column: a partner landing elsewhere than next to the king on the inside (the engine's
//! castling cannot hold it), a king landing off the board, not moving toward its partner, a
//! side defined twice, and a definition for which the board has no castling of that side
//! (there is no partner to read).

use super::super::model::RuleList;
use super::super::parse::FbrError;
use super::{Applier, refuse};
use crate::rules::fairy::defs::CastleDef;

impl Applier {
    /// Applies the list's castling definitions to the board's castlings (see the module).
    pub(super) fn castling_definitions(&mut self, list: &RuleList) -> Result<(), FbrError> {
        let defs = &list.castlings;
        if defs.is_empty() {
            return Ok(());
        }
        for (n, d) in defs.iter().enumerate() {
            if let Some(first) = defs[..n].iter().find(|e| e.long == d.long) {
                return refuse(
                    d.column,
                    format!(
                        "`{}` is defined twice (first at column {}): a side has one castling definition",
                        name(d.long),
                        first.column
                    ),
                );
            }
        }
        let files = self.def.files as usize;
        for d in defs {
            for (file, column) in [d.king_file, d.partner_file] {
                if usize::from(file) >= files {
                    return refuse(
                        column,
                        format!(
                            "the file `{}` is off this board of {files} files",
                            char::from(b'a' + file)
                        ),
                    );
                }
            }
        }
        if self.flip.0 {
            return refuse(
                defs[0].column,
                "castling definitions beside `mirror=horizontal` (black's files mirrored) are not evaluated by cqlq: black's king and partners stand unmirrored, and no source says which castling a mirrored `[g]` names",
            );
        }
        // Which (side, colour) a board castling was found for.
        let mut found = [[false; 2]; 2];
        for piece in &mut self.def.pieces {
            let mut kept: Vec<CastleDef> = Vec::new();
            for c in piece.castles.drain(..) {
                let (king_file, rank) = (c.from % 16, c.from / 16);
                let partner_file = c.partner % 16;
                if c.partner / 16 != rank {
                    continue; // no castling along the rank: no definition describes it
                }
                let long = partner_file < king_file;
                let Some(d) = defs.iter().find(|d| d.long == long) else {
                    continue; // a side without a definition: not in the castling set
                };
                let to_file = usize::from(d.king_file.0);
                if (long && to_file >= king_file) || (!long && to_file <= king_file) {
                    return refuse(
                        d.king_file.1,
                        format!(
                            "a castling king that does not move toward its partner (`{}` from the {} file) is not evaluated by cqlq",
                            name(long),
                            char::from(b'a' + king_file as u8)
                        ),
                    );
                }
                // `fairy::movegen::push_castles`: the partner lands beside the king's
                // destination, on the side of the board's centre.
                let inside = if to_file >= files / 2 {
                    to_file.checked_sub(1)
                } else {
                    Some(to_file + 1)
                };
                if inside != Some(usize::from(d.partner_file.0)) {
                    return refuse(
                        d.partner_file.1,
                        format!(
                            "a castling partner landing elsewhere than next to the king, on the inside (the {} file here), is not evaluated by cqlq: the engine's castling lands it there",
                            inside.map_or('?', |f| char::from(b'a' + f as u8))
                        ),
                    );
                }
                found[usize::from(long)][c.color] = true;
                kept.push(CastleDef {
                    to: vec![rank * 16 + to_file],
                    ..c
                });
            }
            piece.castles = kept;
        }
        for d in defs {
            if let Some(color) = (0..2).find(|&c| !found[usize::from(d.long)][c]) {
                return refuse(
                    d.column,
                    format!(
                        "`{}` for {}: the board has no castling of that side whose partner the definition could move (it names only the partner's movement)",
                        name(d.long),
                        ["white", "black"][color]
                    ),
                );
            }
        }
        Ok(())
    }
}

fn name(long: bool) -> &'static str {
    if long { "O-O-O" } else { "O-O" }
}
