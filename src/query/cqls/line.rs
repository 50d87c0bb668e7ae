//! `:line "e2-e4 e7-e6 2.d2-d4"`: long algebraic moves with designators, `x` captures, `e.p.`,
//! `=Q` promotions, `+ ++ #` marks, ascending move numbers and the transposition-invariant `*`
//! (seed 004), lowered to a `:sequence` of move filters. Piece letters keep their colour
//! (`Qf3-g2` is a white queen, as seed 004's `(position Re8 :line "Qf3-g2")` ≡
//! `(position Re8 :movefrom Qf3 :moveto .g2)` says); a move without one is a pawn move of
//! the side to move.

use crate::ir::cqls::{Bound, CqlsNode, EndRange, LineMove};
use crate::ir::{Color, Node, PieceKinds, piece_type};
use crate::query::{ErrorKind, LowerError, Span};
use crate::squares::SquareSet;

use super::ast::{Arg, Item};
use super::designator::{Designator, parse_designator, parse_squares, piece_char};
use super::lower::{Lower, cqls, played};

/// One parsed move of a line.
struct Step {
    mover: PieceKinds,
    from: Designator,
    to: Designator,
    capture: bool,
    en_passant: bool,
    promote: Option<PieceKinds>,
    mark: Option<&'static str>,
    number: Option<(u32, Color)>,
}

/// Both colours of the types a piece part names.
fn both(k: PieceKinds) -> PieceKinds {
    let t = k.white | k.black;
    PieceKinds {
        white: t,
        black: t,
        empty: false,
    }
}

fn pawn() -> PieceKinds {
    both(PieceKinds {
        white: 1 << piece_type::PAWN,
        ..PieceKinds::default()
    })
}

/// Splits at the first `-`, `x` or `:` outside brackets.
fn split_move(text: &str) -> Option<(&str, char, &str)> {
    let mut depth = 0;
    for (i, c) in text.char_indices() {
        match c {
            '[' => depth += 1,
            ']' => depth -= 1,
            '-' | 'x' | ':' if depth == 0 && i > 0 => return Some((&text[..i], c, &text[i + 1..])),
            _ => {}
        }
    }
    None
}

/// A `:line` token that is not a long-algebraic move, and why.
#[derive(Clone, Debug, PartialEq, Eq)]
struct NotAMove {
    /// The token.
    token: String,
    /// What is wrong: `no '-' or 'x' between the squares`.
    why: &'static str,
}

impl std::fmt::Display for NotAMove {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(
            f,
            "'{}' is not a long-algebraic move: {}",
            self.token, self.why
        )
    }
}

/// A move token (`Ng1-f3`, `d5xe6`, `[bg]7x?8`, `e7-e8=Q+`) without move number.
fn parse_move(tok: &str) -> Result<Step, NotAMove> {
    let bad = |why: &'static str| NotAMove {
        token: tok.to_string(),
        why,
    };
    let (mut body, mut mark) = (tok, None);
    for m in ["++", "+", "#"] {
        if let Some(b) = body.strip_suffix(m) {
            body = b;
            mark = Some(m);
            break;
        }
    }
    let mut promote = None;
    if let Some(i) = body.rfind('=') {
        let p = &body[i + 1..];
        let k = p
            .chars()
            .next()
            .and_then(piece_char)
            .filter(|_| p.chars().count() == 1)
            .ok_or_else(|| bad("a promotion is written =Q, =R, =B or =N"))?;
        promote = Some(both(k));
        body = &body[..i];
    }
    let (left, sep, right) =
        split_move(body).ok_or_else(|| bad("no '-' or 'x' between the squares"))?;
    // The moving piece: an upper-case letter or a bracketed set of them, else a pawn.
    // The moving piece, as written: `N` a white knight, `q` a black queen, `[Qq]` either;
    // a from-square alone (`e2`, `[bg]7`) is a pawn of the side to move.
    let (mover, from_text) = if parse_squares(left).is_some() {
        (pawn(), left)
    } else if let Some(c) = left.chars().next().filter(|&c| c != '[')
        && let Some(k) = piece_char(c).filter(|k| !k.empty)
    {
        (k, &left[c.len_utf8()..])
    } else if left.starts_with('[')
        && let Some(close) = left.find(']')
        && let Ok(d) = parse_designator(&left[..=close])
        && !d.kinds.empty
    {
        (d.kinds, &left[close + 1..])
    } else {
        (pawn(), left)
    };
    let from_squares = parse_squares(from_text)
        .ok_or_else(|| bad("the from-square is not a square designator"))?;
    let capture = sep != '-';
    let to = match parse_designator(right) {
        Ok(d) if d.kinds == piece_char('?').expect("?") => Designator {
            kinds: if capture {
                piece_char('U').expect("U")
            } else {
                piece_char('.').expect(".")
            },
            squares: d.squares,
            tag: None,
        },
        Ok(_) if !capture => return Err(bad("a piece on the destination needs 'x' (a capture)")),
        Ok(d) => d,
        Err(_) => return Err(bad("the destination is not a square designator")),
    };
    Ok(Step {
        mover,
        from: Designator {
            kinds: mover,
            squares: from_squares,
            tag: None,
        },
        to,
        capture,
        en_passant: false,
        promote,
        mark,
        number: None,
    })
}

/// A move-number prefix: `12.` (White's move 12) or `12...` (Black's); the rest of the token.
fn move_number(tok: &str) -> Option<(u32, Color, &str)> {
    let digits = tok.bytes().take_while(u8::is_ascii_digit).count();
    if digits == 0 {
        return None;
    }
    let n: u32 = tok[..digits].parse().ok()?;
    let rest = &tok[digits..];
    if let Some(r) = rest.strip_prefix("...") {
        return Some((n, Color::Black, r));
    }
    rest.strip_prefix('.').map(|r| (n, Color::White, r))
}

impl Lower<'_> {
    /// Lowers `:line "..."`.
    pub(super) fn line<S: SquareSet>(&self, item: &Item) -> Result<Node<S>, LowerError> {
        let (text, span) = match &item.args[0] {
            Arg::Text(t, s) | Arg::Word(t, s) => (t.as_str(), *s),
            _ => unreachable!("signature"),
        };
        let fail = |m: String| self.err(ErrorKind::Invalid, span, m);
        let (steps, transposed) = self.line_steps(text, span)?;
        if steps.is_empty() {
            return Err(fail("the line has no move".into()));
        }
        // Move numbers must ascend; a number fixes the colour of the following moves.
        let mut last: Option<(u32, u8)> = None;
        for s in &steps {
            if let Some((n, c)) = s.number {
                let key = (n, if c == Color::White { 0 } else { 1 });
                if last.is_some_and(|l| key <= l) {
                    return Err(fail(format!(
                        "move numbers must be strictly ascending (at {n})"
                    )));
                }
                last = Some(key);
            }
        }
        if transposed {
            return self.transposed_line(&steps, span);
        }
        let mut seq: Vec<Node<S>> = Vec::new();
        let mut mark: Option<&str> = None;
        for s in &steps {
            let mut parts = Vec::new();
            if let Some(m) = mark.take() {
                parts.push(self.mark(m)?);
            }
            self.step_filters(s, &mut parts);
            mark = s.mark;
            seq.push(Node::And(parts));
        }
        if let Some(m) = mark {
            seq.push(self.mark(m)?);
        }
        Ok(cqls(CqlsNode::Sequence {
            steps: seq,
            gapped: false,
        }))
    }

    /// The moves of the line's text (move numbers given to the move after them, `e.p.` to
    /// the move before), and whether it ends with `*` (transposition-invariant).
    fn line_steps(&self, text: &str, span: Span) -> Result<(Vec<Step>, bool), LowerError> {
        let fail = |m: String| self.err(ErrorKind::Invalid, span, m);
        let mut steps: Vec<Step> = Vec::new();
        let mut transposed = false;
        let mut pending: Option<(u32, Color)> = None;
        let tokens: Vec<&str> = text.split_whitespace().collect();
        for (i, tok) in tokens.iter().enumerate() {
            if *tok == "*" {
                if i + 1 != tokens.len() {
                    return Err(fail(
                        "'*' (transposition-invariant search) must end the line".into(),
                    ));
                }
                transposed = true;
                continue;
            }
            if *tok == "e.p." {
                let last = steps
                    .last_mut()
                    .ok_or_else(|| fail("'e.p.' follows no move".into()))?;
                last.en_passant = true;
                continue;
            }
            if tok.contains('|') || tok.ends_with('!') {
                return Err(self.unsupported(
                    span,
                    format!(
                        "'{tok}': Scidb's SAN line patterns ('|', '!') are not supported; write long algebraic moves (e2-e4)"
                    ),
                ));
            }
            let mut body = *tok;
            if let Some((n, c, rest)) = move_number(tok) {
                pending = Some((n, c));
                body = rest;
                if body.is_empty() {
                    continue;
                }
            }
            let mut step = parse_move(body).map_err(|e| fail(e.to_string()))?;
            step.number = pending.take();
            steps.push(step);
        }
        Ok((steps, transposed))
    }

    /// A line ending with `*`: its moves played in any order (single squares only).
    fn transposed_line<S: SquareSet>(
        &self,
        steps: &[Step],
        span: Span,
    ) -> Result<Node<S>, LowerError> {
        let mut moves = Vec::new();
        for s in steps {
            let single = |d: &Designator| match d.squares.as_deref() {
                Some([sq]) => Some(*sq),
                _ => None,
            };
            let (Some(from), Some(to)) = (single(&s.from), single(&s.to)) else {
                return Err(self.err(
                    ErrorKind::Invalid,
                    span,
                    "a transposition-invariant line ('*') needs single squares in every move",
                ));
            };
            moves.push(LineMove {
                piece: s.mover,
                from,
                to,
            });
        }
        Ok(cqls(CqlsNode::LineTransposed(moves)))
    }

    /// The filters of one step, pushed to `parts`: its move number and side, the move
    /// played, and "not en passant" for a written capture.
    fn step_filters<S: SquareSet>(&self, s: &Step, parts: &mut Vec<Node<S>>) {
        if let Some((n, c)) = s.number {
            parts.push(cqls(CqlsNode::MoveNumber(EndRange {
                lo: Some(Bound::Abs(i64::from(n))),
                hi: Some(Bound::Abs(i64::from(n))),
            })));
            parts.push(Node::ToMove(c));
        }
        let mut m = played::<S>();
        m.from = Some(Box::new(self.pieces(&s.from)));
        if s.en_passant {
            m.enpassant = true;
            m.to = Some(Box::new(Node::Pieces(
                piece_char('.').expect("."),
                self.squares(&s.to),
            )));
        } else {
            m.to = Some(Box::new(self.pieces(&s.to)));
        }
        m.promote = s.promote;
        parts.push(Node::Move(m));
        if s.capture && !s.en_passant {
            // "d5xe6: a pawn on d5 capturing a pawn on e6 (en-passant is precluded)"
            let mut ep = played::<S>();
            ep.enpassant = true;
            parts.push(Node::Not(Box::new(Node::Move(ep))));
        }
    }

    fn mark<S: SquareSet>(&self, m: &str) -> Result<Node<S>, LowerError> {
        Ok(match m {
            "#" => Node::Mate,
            "++" => {
                let ast = super::cqls_to_ast("(position :doublecheck)").expect("parses");
                Lower::new(&ast.source, self.geo).sublist(&ast.root.positions[0])?
            }
            _ => Node::Check,
        })
    }
}
