//! Whether a converted query parses to the original's syntax tree: every node's CQL word and
//! details alike (a piece designator by its pieces and squares, not its spelling), spans aside.

use crate::query::ast::{Ast, Expr, ExprKind};
use crate::query::names::expr_word;
use crate::query::tree::label_detail;

/// The first node where two trees differ: each tree's label there (`-` for none).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct TreeDifference {
    /// The original's node.
    pub original: String,
    /// The converted query's node.
    pub converted: String,
}

impl std::fmt::Display for TreeDifference {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(
            f,
            "the original reads '{}' where the converted query reads '{}'",
            self.original, self.converted
        )
    }
}

/// A node's label: its word and details, a designator by what it denotes.
fn label(e: &Expr) -> String {
    let detail = match &e.kind {
        ExprKind::Pieces(d) => Some(format!(
            "{:?} {:?} {:?} {:?}",
            d.pieces, d.squares, d.fairy, d.coords
        )),
        _ => label_detail(e),
    };
    let label = match detail {
        Some(d) => format!("{} {d}", expr_word(&e.kind)),
        None => expr_word(&e.kind),
    };
    without_spans(&label)
}

/// `label` without the `span: 12..34` its parameters' debug text holds.
fn without_spans(label: &str) -> String {
    let mut out = String::with_capacity(label.len());
    let mut rest = label;
    while let Some(i) = rest.find("span: ") {
        out.push_str(&rest[..i]);
        rest = &rest[i + "span: ".len()..];
        rest = rest.trim_start_matches(|c: char| c.is_ascii_digit() || c == '.');
    }
    out.push_str(rest);
    out
}

/// The pairs of `xs` and `ys` at each index (`None` past the shorter), the last first.
fn pairs<'a>(xs: Vec<&'a Expr>, ys: Vec<&'a Expr>) -> Vec<(Option<&'a Expr>, Option<&'a Expr>)> {
    let n = xs.len().max(ys.len());
    (0..n)
        .rev()
        .map(|i| (xs.get(i).copied(), ys.get(i).copied()))
        .collect()
}

/// `Ok` when `original` and `converted` have the same header and the same tree.
pub fn same_tree(original: &Ast, converted: &Ast) -> Result<(), TreeDifference> {
    let param = |p: Option<&crate::query::HeaderParam>| {
        p.map_or("-".to_string(), |p| {
            format!("cql({} {})", p.name, p.value.as_written().unwrap_or(""))
        })
    };
    let (a, b) = (&original.header.params, &converted.header.params);
    for i in 0..a.len().max(b.len()) {
        let (x, y) = (param(a.get(i)), param(b.get(i)));
        if x != y {
            return Err(TreeDifference {
                original: x,
                converted: y,
            });
        }
    }
    let mut stack: Vec<(Option<&Expr>, Option<&Expr>)> = Vec::new();
    stack.extend(pairs(
        original.body.iter().collect(),
        converted.body.iter().collect(),
    ));
    while let Some((x, y)) = stack.pop() {
        let (lx, ly) = (x.map_or("-".into(), label), y.map_or("-".into(), label));
        if lx != ly {
            return Err(TreeDifference {
                original: lx,
                converted: ly,
            });
        }
        if let (Some(x), Some(y)) = (x, y) {
            stack.extend(pairs(x.children(), y.children()));
        }
    }
    Ok(())
}
