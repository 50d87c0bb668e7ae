//! A compact s-expression rendering of the syntax tree (`{}` on [`Ast`] and [`Expr`]): one
//! line per body filter, operators first, so precedence is visible: `a | b & c` prints as
//! `(| a (& b c))`.

use std::fmt::{self, Display, Formatter};

use crate::ir::{ArithOp, CmpOp, Color, GameResult};

use super::ast::{Ast, BinOp, Expr, ExprKind, MoveParamKind, PrefixOp, TagWord};

impl Display for Ast {
    fn fmt(&self, f: &mut Formatter<'_>) -> fmt::Result {
        if !self.header.params.is_empty() {
            write!(f, "(cql")?;
            for p in &self.header.params {
                write!(f, " {}", p.name)?;
                if let Some(v) = p.value.as_written() {
                    write!(f, " {v}")?;
                }
            }
            writeln!(f, ")")?;
        }
        for e in &self.body {
            writeln!(f, "{e}")?;
        }
        Ok(())
    }
}

fn list(f: &mut Formatter<'_>, head: &str, items: &[Expr]) -> fmt::Result {
    write!(f, "({head}")?;
    for e in items {
        write!(f, " {e}")?;
    }
    write!(f, ")")
}

fn color(c: Color) -> &'static str {
    match c {
        Color::White => "white",
        Color::Black => "black",
    }
}

/// The spelling of a binary operator.
pub(crate) fn binop_name(op: BinOp) -> &'static str {
    match op {
        BinOp::Union => "|",
        BinOp::Intersect => "&",
        BinOp::In => "in",
        BinOp::Cmp(CmpOp::Lt) => "<",
        BinOp::Cmp(CmpOp::Le) => "<=",
        BinOp::Cmp(CmpOp::Gt) => ">",
        BinOp::Cmp(CmpOp::Ge) => ">=",
        BinOp::Cmp(CmpOp::Eq) => "==",
        BinOp::Cmp(CmpOp::Ne) => "!=",
        BinOp::Arith(ArithOp::Add) => "+",
        BinOp::Arith(ArithOp::Sub) => "-",
        BinOp::Arith(ArithOp::Mul) => "*",
        BinOp::Arith(ArithOp::Div) => "/",
        BinOp::Arith(ArithOp::Rem) => "%",
        BinOp::Attacks => "attacks",
        BinOp::AttackedBy => "attackedby",
        BinOp::Regex => "~~",
    }
}

/// The spelling of a prefix operator.
pub(crate) fn prefix_name(op: PrefixOp) -> &'static str {
    match op {
        PrefixOp::Count => "#",
        PrefixOp::Complement => "~",
        PrefixOp::Negate => "-",
        PrefixOp::Abs => "abs",
        PrefixOp::Power => "power",
        PrefixOp::Type => "type",
        PrefixOp::ColorType => "colortype",
    }
}

impl Display for Expr {
    fn fmt(&self, f: &mut Formatter<'_>) -> fmt::Result {
        match &self.kind {
            ExprKind::Compound(items) => {
                write!(f, "{{")?;
                for (i, e) in items.iter().enumerate() {
                    write!(f, "{}{e}", if i == 0 { "" } else { " " })?;
                }
                write!(f, "}}")
            }
            ExprKind::Or(items) => list(f, "or", items),
            ExprKind::And(items) => list(f, "and", items),
            ExprKind::Not(a) => write!(f, "(not {a})"),
            ExprKind::If(c, a, b) => match b {
                Some(b) => write!(f, "(if {c} {a} {b})"),
                None => write!(f, "(if {c} {a})"),
            },
            ExprKind::Transform(t, count, a) => {
                write!(
                    f,
                    "({}{} {a})",
                    t.name(),
                    if *count { " count" } else { "" }
                )
            }
            ExprKind::Binary(op, a, b) => write!(f, "({} {a} {b})", binop_name(*op)),
            ExprKind::Prefix(op, a) => write!(f, "({} {a})", prefix_name(*op)),
            ExprKind::MinMax(max, items) => list(f, if *max { "max" } else { "min" }, items),
            ExprKind::Pieces(d) => write!(f, "{}", d.text),
            ExprKind::Number(n) => write!(f, "{n}"),
            ExprKind::Str(s) => write!(f, "{s:?}"),
            ExprKind::Word(w) => write!(f, "{}", w.name()),
            ExprKind::Fen(None) => write!(f, "fen"),
            ExprKind::Fen(Some((s, _))) => write!(f, "(fen {s:?})"),
            ExprKind::Result(r) => write!(
                f,
                "(result {})",
                match r {
                    GameResult::WhiteWins => "1-0",
                    GameResult::BlackWins => "0-1",
                    GameResult::Draw => "1/2-1/2",
                }
            ),
            ExprKind::Player(c, text) => {
                write!(f, "(player")?;
                if let Some(c) = c {
                    write!(f, " {}", color(*c))?;
                }
                if let Some(t) = text {
                    write!(f, " {t:?}")?;
                }
                write!(f, ")")
            }
            ExprKind::Elo(c) => write!(f, "(elo {})", color(*c)),
            ExprKind::Tag(tag, text) => {
                let name = match tag {
                    TagWord::Event => "event",
                    TagWord::Site => "site",
                    TagWord::Date => "date",
                };
                match text {
                    Some(t) => write!(f, "({name} {t:?})"),
                    None => write!(f, "{name}"),
                }
            }
            ExprKind::Move(params) => {
                write!(f, "(move")?;
                for p in params {
                    match &p.kind {
                        MoveParamKind::Legal => write!(f, " legal")?,
                        MoveParamKind::PseudoLegal => write!(f, " pseudolegal")?,
                        MoveParamKind::Previous => write!(f, " previous")?,
                        MoveParamKind::From(e) => write!(f, " from {e}")?,
                        MoveParamKind::To(e) => write!(f, " to {e}")?,
                        MoveParamKind::Capture(e) => write!(f, " capture {e}")?,
                        MoveParamKind::Promote(e) => write!(f, " promote {e}")?,
                        MoveParamKind::Drop(e) => write!(f, " drop {e}")?,
                        MoveParamKind::EnPassant => write!(f, " enpassant")?,
                        MoveParamKind::EnPassantSquare(e) => write!(f, " enpassantsquare {e}")?,
                        MoveParamKind::Castle => write!(f, " castle")?,
                        MoveParamKind::KingSide => write!(f, " o-o")?,
                        MoveParamKind::QueenSide => write!(f, " o-o-o")?,
                        MoveParamKind::Null => write!(f, " null")?,
                        MoveParamKind::Count => write!(f, " count")?,
                        MoveParamKind::Reverse => write!(f, " reverse")?,
                        MoveParamKind::Primary => write!(f, " primary")?,
                        MoveParamKind::Secondary => write!(f, " secondary")?,
                        MoveParamKind::Comment(e) => write!(f, " comment {e}")?,
                        MoveParamKind::Then(all, e) => {
                            write!(f, "{} : {e}", if *all { " all" } else { "" })?
                        }
                    }
                }
                write!(f, ")")
            }
            other => {
                write!(f, "({}", super::names::expr_word(other))?;
                if let Some(label) = super::tree::label_detail(self) {
                    write!(f, " {label}")?;
                }
                for c in self.children() {
                    write!(f, " {c}")?;
                }
                write!(f, ")")
            }
        }
    }
}
