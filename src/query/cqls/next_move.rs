//! The position list's keywords about the next move and the game's counters that Scidb's help
//! describes (its "CQL - The position list" page, in German for these): `:ischeck [r]`,
//! `:iscontactcheck`, `:isdoublecheck`, `:ismate`, `:isstalemate`, `:isnull`, `:forced`,
//! `:captureforced`, `:takeslastpiece`, `:checkcount`, `:fivefoldrepetition`,
//! `:halfmoveclock`, `:line*`, `:match`, `:matchconsecutive`, `:endgameevaluation[*]`; and the
//! refusals of `:isillegal` / `:isinvalid`.

use crate::ir::cqls::{CheckCount, CqlsNode, EndgameOutcome, Range};
use crate::ir::{Color, Node, NumProp};
use crate::query::LowerError;
use crate::squares::SquareSet;

use super::ast::{Arg, Item};
use super::lower::{Lower, cqls, played, range_arg, word_arg};

/// At most this many lists in `:matchconsecutive` (each order is tried: 6! = 720).
const MAX_CONSECUTIVE: usize = 6;

impl Lower<'_> {
    /// The next-move keywords and game counters of this module; None for another group's.
    pub(super) fn next_move_keyword<S: SquareSet>(
        &self,
        item: &Item,
    ) -> Result<Option<Node<S>>, LowerError> {
        let k = item.keyword.as_str();
        let next = |n: Node<S>| cqls(CqlsNode::AtChild(n));
        Ok(Some(match k {
            // "Filtert eine Position, wenn der nächste Zug ein Schachgebot ist"; with a range,
            // the number of checks the side to move has given, the next one included.
            "ischeck" => match item.args.first() {
                None => next(Node::Check),
                Some(r) => cqls(CqlsNode::NextCheck(range_arg(r))),
            },
            "iscontactcheck" => next(cqls(CqlsNode::ContactCheck)),
            "isdoublecheck" => next(self.double_check()),
            "ismate" => next(Node::Mate),
            "isstalemate" => next(Node::Stalemate),
            "isnull" => {
                let mut m = played::<S>();
                m.null = true;
                Node::Move(m)
            }
            // "Der nächste Zug ist erzwungen, kein anderer Zug ist möglich."
            "forced" => Node::And(vec![
                Node::Move(played::<S>()),
                cqls(CqlsNode::OnlyOneLegalMove),
            ]),
            // "Der nächste Zug ist verpflichtet eine Figur zu schlagen" (Antichess only): a
            // next move, in a position that compels a capture.
            "captureforced" => {
                Node::And(vec![Node::Move(played::<S>()), cqls(CqlsNode::MustCapture)])
            }
            // "wenn im nächsten Zug die letzte gegnerische Figur geschlagen wird": after the
            // next move the side to move (the opponent) has no piece left.
            "takeslastpiece" => next(Node::If(
                Box::new(Node::ToMove(Color::White)),
                Box::new(self.count("A", Range::exactly(0))),
                Some(Box::new(self.count("a", Range::exactly(0)))),
            )),
            "isillegal" | "isinvalid" => {
                return Err(self.unsupported(
                    item.span,
                    format!(
                        "':{k}' needs the moves after an illegal or invalid one, and cqlq stops \
                         replaying a game at its first such move (the game is reported as bad), \
                         so no searched position has one next"
                    ),
                ));
            }
            "obligation" | "donthasobligation" => {
                return Err(self.unsupported(
                    item.span,
                    format!(
                        "':{k}' is only named in seed 004's index: neither the seed, Scidb's help \
                         pages nor its source (cql_position.cpp) describes what it matches"
                    ),
                ));
            }
            "checkcount" => self.check_count(item)?,
            "fivefoldrepetition" => cqls(CqlsNode::Repetition(5)),
            // "Inside of sub-variations this keyword has no effect and will always succeed."
            "halfmoveclock" => Node::Or(vec![
                cqls(CqlsNode::InsideVariation),
                cqls(CqlsNode::InRange(
                    Node::Num(NumProp::HalfmoveClock),
                    range_arg(&item.args[0]),
                )),
            ]),
            // `:line` with a final `*`: transposition-invariant from the game's start.
            "line*" => {
                let mut star = item.clone();
                star.keyword = "line".to_string();
                if let Some(Arg::Text(t, _) | Arg::Word(t, _)) = star.args.first_mut() {
                    *t = colored_by_half_move(t);
                    t.push_str(" *");
                }
                self.line(&star)?
            }
            // "Dies entspricht genau dem Verhalten der Suchliste (match ...)": each list
            // matches at some searched position of the game.
            "match" => {
                let Arg::Lists(lists, _) = &item.args[0] else {
                    unreachable!("signature")
                };
                let mut each = Vec::new();
                for l in lists {
                    each.push(cqls(CqlsNode::GameCount {
                        filter: self.sublist(l)?,
                        range: Range::at_least(1),
                    }));
                }
                Node::And(each)
            }
            // "wenn alle Positionen dieser Suchfolge nacheinander aufgefunden werden, jedoch
            // unabhängig von der Reihenfolge": the lists at consecutive positions from here,
            // in some order.
            "matchconsecutive" => {
                let Arg::Lists(lists, span) = &item.args[0] else {
                    unreachable!("signature")
                };
                if lists.len() > MAX_CONSECUTIVE {
                    return Err(self.unsupported(
                        *span,
                        format!(
                            "':matchconsecutive' takes at most {MAX_CONSECUTIVE} lists in cqlq \
                             (each order is tried)"
                        ),
                    ));
                }
                let steps = lists
                    .iter()
                    .map(|l| self.sublist(l))
                    .collect::<Result<Vec<Node<S>>, _>>()?;
                Node::Or(
                    permutations(steps.len())
                        .into_iter()
                        .map(|order| {
                            cqls(CqlsNode::Sequence {
                                steps: order.iter().map(|&i| steps[i].clone()).collect(),
                                gapped: false,
                            })
                        })
                        .collect(),
                )
            }
            "endgameevaluation" | "endgameevaluation*" => {
                let word = word_arg(&item.args[0]);
                let outcome = match word.as_str() {
                    "remis" | "draw" => EndgameOutcome::Draw,
                    "mate" => EndgameOutcome::SideToMoveWins,
                    "*mate" => EndgameOutcome::EitherWins,
                    "+mate" => EndgameOutcome::WhiteWins,
                    "-mate" => EndgameOutcome::BlackWins,
                    _ => {
                        return Err(self.err(
                            crate::query::ErrorKind::Invalid,
                            item.span,
                            format!(
                                "':{k}' takes remis, mate, *mate, +mate or -mate, not '{word}'"
                            ),
                        ));
                    }
                };
                if item.args.len() > 1 {
                    return Err(self.unsupported(
                        item.span,
                        format!(
                            "':{k}' with a number of half-moves to mate: Syzygy tables give the \
                             distance to the next capture or pawn move, not to mate"
                        ),
                    ));
                }
                self.flag("syzygy", item.span);
                cqls(CqlsNode::EndgameEvaluation {
                    outcome,
                    first: k.ends_with('*'),
                })
            }
            _ => return Ok(None),
        }))
    }

    /// `:checkcount n` (the last move gave its side's n-th check) or `:checkcount +n1+n2`
    /// (the first position where White has given n1 checks and Black n2). "This query is
    /// working only in chess variant ThreeCheck, in other chess variants it fails always
    /// (except all values in given parameter are zero)".
    fn check_count<S: SquareSet>(&self, item: &Item) -> Result<Node<S>, LowerError> {
        let text = word_arg(&item.args[0]);
        let number = |s: &str| s.parse::<u32>().ok();
        let count = match text.strip_prefix('+').map(|r| r.split_once('+')) {
            Some(Some((w, b))) => number(w)
                .zip(number(b))
                .map(|(w, b)| CheckCount::Both(w, b)),
            Some(None) => None,
            None => number(&text).map(CheckCount::Last),
        };
        let Some(count) = count else {
            return Err(self.err(
                crate::query::ErrorKind::Invalid,
                item.span,
                format!("':checkcount' takes a number or +n1+n2, not '{text}'"),
            ));
        };
        Ok(cqls(CqlsNode::CheckCount(count)))
    }
}

/// `:line*`'s moves with each piece letter in the colour of its half-move ("die Figurenfarbe
/// wird durch die Halbzugposition eindeutig bestimmt": `(Pe2-e4 Pd7-d5)` is a white then a
/// black pawn move), counted from White's move or from the side a move number names (`3.`
/// White, `3...` Black).
fn colored_by_half_move(text: &str) -> String {
    let mut white = true;
    let mut out = Vec::new();
    for tok in text.split_whitespace() {
        let digits = tok.len() - tok.trim_start_matches(|c: char| c.is_ascii_digit()).len();
        let dots = tok[digits..].len() - tok[digits..].trim_start_matches('.').len();
        let (number, body) = if digits > 0 && dots > 0 {
            white = dots == 1;
            tok.split_at(digits + dots)
        } else {
            ("", tok)
        };
        let is_move = body.contains('-') || body.contains('x');
        let mut chars = body.chars();
        let body = match chars.next() {
            Some(c) if is_move && "KQRBNPkqrbnp".contains(c) => {
                let c = if white {
                    c.to_ascii_uppercase()
                } else {
                    c.to_ascii_lowercase()
                };
                format!("{c}{}", chars.as_str())
            }
            _ => body.to_string(),
        };
        if is_move {
            white = !white;
        }
        out.push(format!("{number}{body}"));
    }
    out.join(" ")
}

/// Every order of `0..n`.
fn permutations(n: usize) -> Vec<Vec<usize>> {
    let mut out = Vec::new();
    let mut order: Vec<usize> = (0..n).collect();
    permute(&mut order, 0, &mut out);
    out
}

fn permute(order: &mut Vec<usize>, at: usize, out: &mut Vec<Vec<usize>>) {
    if at + 1 >= order.len() {
        out.push(order.clone());
        return;
    }
    for i in at..order.len() {
        order.swap(at, i);
        permute(order, at + 1, out);
        order.swap(at, i);
    }
}
