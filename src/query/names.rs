//! The CQL word naming each syntax-tree node, for messages such as
//! `cqlq does not evaluate 'line' yet` and for the `--parse` tree.

use super::ast::{BindingOp, DashMode, ExprKind, IterKind, RayKind, Storage};
use super::display::{binop_name, prefix_name};

/// The value a spelling table (`Word::ALL`, `Builtin::ALL`, `Direction::ALL`) gives `text`.
pub fn by_spelling<T: Copy>(table: &[(&'static str, T)], text: &str) -> Option<T> {
    table
        .iter()
        .find(|(name, _)| *name == text)
        .map(|&(_, v)| v)
}

/// The first spelling a table gives `value` (CQL's own), `?` when it has none.
pub fn spelling_of<T: PartialEq>(table: &[(&'static str, T)], value: &T) -> &'static str {
    table
        .iter()
        .find(|(_, v)| v == value)
        .map_or("?", |&(name, _)| name)
}

/// The CQL word (or operator) that introduces a node of this kind.
pub fn expr_word(kind: &ExprKind) -> String {
    match kind {
        ExprKind::Compound(_) => "{}".into(),
        ExprKind::Or(_) => "or".into(),
        ExprKind::And(_) => "and".into(),
        ExprKind::Not(_) => "not".into(),
        ExprKind::If(..) => "if".into(),
        ExprKind::Transform(t, ..) => t.name().into(),
        ExprKind::Binary(op, ..) => binop_name(*op).into(),
        ExprKind::Prefix(op, _) => prefix_name(*op).into(),
        ExprKind::MinMax(max, _) => if *max { "max" } else { "min" }.into(),
        ExprKind::Pieces(_) => "piece designator".into(),
        ExprKind::Number(_) => "number".into(),
        ExprKind::Str(_) => "string".into(),
        ExprKind::Word(w) => w.name().into(),
        ExprKind::Fen(_) => "fen".into(),
        ExprKind::Result(_) => "result".into(),
        ExprKind::Player(..) => "player".into(),
        ExprKind::Elo(_) => "elo".into(),
        ExprKind::Tag(..) => "tag".into(),
        ExprKind::Move(_) => "move".into(),
        ExprKind::Var(_) => "variable".into(),
        ExprKind::Assign(a) => match a.storage {
            Storage::Plain => "=",
            Storage::Atomic => "atomic",
            Storage::Persistent | Storage::PersistentQuiet => "persistent",
            Storage::Local => "local",
            Storage::Piece => "piece",
        }
        .into(),
        ExprKind::Binding(op, _) => match op {
            BindingOp::Unbind => "unbind",
            BindingOp::IsBound => "isbound",
            BindingOp::IsUnbound => "isunbound",
        }
        .into(),
        ExprKind::Index(..) => "[]".into(),
        ExprKind::Dictionary(_) => "dictionary".into(),
        ExprKind::Function(_) => "function".into(),
        ExprKind::Call(..) => "function call".into(),
        ExprKind::Dash(d) => match d.mode {
            DashMode::Played if d.capture => "[x]",
            DashMode::Played => "--",
            DashMode::Legal => "legal",
            DashMode::PseudoLegal => "pseudolegal",
        }
        .into(),
        ExprKind::Line(_) => "line".into(),
        ExprKind::Path(_) => "path".into(),
        ExprKind::Find(_) => "find".into(),
        ExprKind::Echo(_) => "echo".into(),
        ExprKind::Iterate(i) => match i.over {
            IterKind::Square => "square",
            IterKind::Piece => "piece",
        }
        .into(),
        ExprKind::Sort(_) => "sort".into(),
        ExprKind::Direction(d, ..) | ExprKind::DirectionBy(d, ..) => d.name().into(),
        ExprKind::Ray(r) => match r.kind {
            RayKind::Ray => "ray",
            RayKind::XRay => "xray",
            RayKind::Between => "between",
        }
        .into(),
        ExprKind::Pin(_) => "pin".into(),
        ExprKind::At(..) => ":".into(),
        ExprKind::While(..) => "while".into(),
        ExprKind::Loop(_) => "loop".into(),
        ExprKind::Builtin(b, _) => b.name().into(),
        ExprKind::Capture(n) => format!("\\{n}"),
    }
}
