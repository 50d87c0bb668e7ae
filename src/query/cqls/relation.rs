//! `:relation (...)` → [`CqlsNode::Relation`]: the CQL 3 relation specifier (Scidb's
//! "CQL-Relation-List" help page), compared between this position and a later one.

use crate::ir::cqls::{CqlsNode, Range, Relation, SideRelation};
use crate::ir::{Node, PieceKinds};
use crate::query::{ErrorKind, LowerError};
use crate::squares::SquareSet;

use super::ast::{Arg, Item};
use super::designator::{Designator, parse_designator};
use super::lower::{Lower, cqls};
use super::parse::range_token;

/// A range written as one or two tokens at `toks[*at]` (`0`, `1 100`, `>0`, `1 unlimited`).
fn range_at(toks: &[&str], at: &mut usize) -> Option<Range> {
    let (op, num, pct) = range_token(toks.get(*at)?)?;
    if pct {
        return None;
    }
    *at += 1;
    Some(match (op, num) {
        (Some(">="), Some(n)) => Range::at_least(n),
        (Some(">"), Some(n)) => Range::at_least(n.saturating_add(1)),
        (Some("<="), n) => Range { lo: None, hi: n },
        (Some("<"), n) => Range {
            lo: None,
            hi: n.map(|n| n.saturating_sub(1)),
        },
        (Some(_), n) => Range { lo: n, hi: n },
        (None, lo) => match toks.get(*at).and_then(|t| range_token(t)) {
            Some((None, hi, false)) => {
                *at += 1;
                Range { lo, hi }
            }
            _ => Range { lo, hi: lo },
        },
    })
}

impl Lower<'_> {
    /// Lowers `:relation (...)`; `list` is the enclosing position list's items (for
    /// `:pattern`).
    pub(super) fn relation<S: SquareSet>(
        &self,
        item: &Item,
        list: &[Item],
    ) -> Result<Node<S>, LowerError> {
        let Some(Arg::Text(text, span)) = item.args.first() else {
            unreachable!("the signature gives a text here")
        };
        let bad = |msg: String| self.err(ErrorKind::Invalid, *span, msg);
        let toks: Vec<&str> = text.split_whitespace().collect();
        let any = || self.pieces::<S>(&parse_designator("U").expect("U is a designator"));
        let mut rel = Relation {
            pattern: None,
            side: SideRelation::Same,
            missing: (any(), Range::exactly(0)),
            new: (any(), Range::exactly(0)),
            different: None,
            same: None,
            shift: false,
            flip: false,
            variations: None,
        };
        let mut at = 0;
        while at < toks.len() {
            let word = toks[at];
            at += 1;
            match word {
                ":pattern" => rel.pattern = Some(self.pattern_squares(list)),
                ":samesidetomove" => rel.side = SideRelation::Same,
                ":changesidetomove" => rel.side = SideRelation::Change,
                ":ignoresidetomove" => rel.side = SideRelation::Ignore,
                ":missingpiececount" | ":newpiececount" => {
                    let d = toks
                        .get(at)
                        .and_then(|t| parse_designator(t).ok())
                        .ok_or_else(|| bad(format!("'{word}' needs a piece designator")))?;
                    at += 1;
                    let r = range_at(&toks, &mut at)
                        .ok_or_else(|| bad(format!("'{word}' needs a range")))?;
                    let slot = if word == ":newpiececount" {
                        &mut rel.new
                    } else {
                        &mut rel.missing
                    };
                    *slot = (self.pieces(&d), r);
                }
                ":originaldifferentcount" | ":originalsamecount" => {
                    let r = range_at(&toks, &mut at)
                        .ok_or_else(|| bad(format!("'{word}' needs a range")))?;
                    if word == ":originalsamecount" {
                        rel.same = Some(r);
                    } else {
                        rel.different = Some(r);
                    }
                }
                ":shift" => rel.shift = true,
                ":flip" => rel.flip = true,
                ":variations" | ":variationsonly" => {
                    // P1 may then lie in a variation too: the search covers them.
                    self.flag("variations", *span);
                    rel.variations = Some(word == ":variationsonly");
                }
                other => {
                    return Err(bad(format!("unknown relation keyword '{other}'")));
                }
            }
        }
        let node = cqls(CqlsNode::Relation(Box::new(rel)));
        Ok(if item.negated {
            Node::Not(Box::new(node))
        } else {
            node
        })
    }

    /// `:pattern`: the squares of the list's plain piece designators (whatever stands on
    /// them).
    fn pattern_squares<S: SquareSet>(&self, list: &[Item]) -> Node<S> {
        let named: Vec<&Designator> = list
            .iter()
            .filter(|i| i.keyword.is_empty() && !i.negated)
            .filter_map(|i| match i.args.first() {
                Some(Arg::Designator(d, _)) => Some(d),
                _ => None,
            })
            .collect();
        let all = PieceKinds {
            white: u32::MAX,
            black: u32::MAX,
            empty: true,
        };
        Node::Union(
            named
                .into_iter()
                .map(|d| Node::Pieces(all, self.squares(d)))
                .collect(),
        )
    }
}
