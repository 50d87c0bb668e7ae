//! The indented syntax-tree dump of `cqlq --parse`: one node per line, its CQL word, its
//! details (names, parameters, ranges) and its span, children indented below it.

use std::fmt::Write as _;

use super::ast::{Arg, Ast, Dash, Expr, ExprKind, Range, SeqParam, Storage};
use super::names::expr_word;

/// The whole tree: header parameters first, then each body filter.
pub fn ast_tree(ast: &Ast) -> String {
    let mut out = String::new();
    if !ast.header.params.is_empty() {
        out.push_str("cql\n");
        for p in &ast.header.params {
            let _ = writeln!(
                out,
                "  {}{} @{:?}",
                p.name,
                p.value
                    .as_written()
                    .map(|v| format!(" {v}"))
                    .unwrap_or_default(),
                p.span
            );
        }
    }
    for e in &ast.body {
        node(&mut out, e, 0);
    }
    out
}

fn node(out: &mut String, e: &Expr, depth: usize) {
    // An explicit stack keeps deep trees from exhausting the call stack.
    let mut stack = vec![(e, depth)];
    while let Some((e, d)) = stack.pop() {
        let detail = label_detail(e).map(|s| format!(" {s}")).unwrap_or_default();
        let _ = writeln!(
            out,
            "{:indent$}{}{} @{:?}",
            "",
            expr_word(&e.kind),
            detail,
            e.span,
            indent = 2 * d
        );
        for c in e.children().into_iter().rev() {
            stack.push((c, d + 1));
        }
    }
}

/// What a node carries besides its children, as text: a name, a literal, parameters.
pub(crate) fn label_detail(e: &Expr) -> Option<String> {
    let s = match &e.kind {
        ExprKind::Pieces(d) => d.text.clone(),
        ExprKind::Number(n) => n.to_string(),
        ExprKind::Str(s) => format!("{s:?}"),
        ExprKind::Var(n) => n.text.clone(),
        ExprKind::Call(n, _) => n.text.clone(),
        ExprKind::Dictionary(d) => d.name.text.clone(),
        ExprKind::Function(f) => {
            let ps: Vec<&str> = f.params.iter().map(|p| p.text.as_str()).collect();
            format!("{}({})", f.name.text, ps.join(" "))
        }
        ExprKind::Assign(a) => {
            let st = match a.storage {
                Storage::PersistentQuiet => "quiet ",
                _ => "",
            };
            format!("{st}{:?}", a.op).to_lowercase()
        }
        ExprKind::Dash(d) => dash_label(d),
        ExprKind::Line(l) => format!(
            "{}{}",
            if l.backward { "<-- " } else { "--> " },
            seq_params_label(&l.params)
        ),
        ExprKind::Path(p) => seq_params_label(&p.params),
        ExprKind::Find(f) => format!(
            "{}{}",
            if f.backward { "<-- " } else { "" },
            seq_params_label(&f.params)
        ),
        ExprKind::Echo(x) => format!(
            "({} {}) {}",
            x.source.text,
            x.target.text,
            seq_params_label(&x.params)
        ),
        ExprKind::Iterate(i) => format!("{}{}", if i.all { "all " } else { "" }, i.var.text),
        ExprKind::Sort(s) => format!(
            "{} {}",
            seq_params_label(&s.params),
            s.doc.as_ref().map(|d| format!("{d:?}")).unwrap_or_default()
        ),
        ExprKind::Direction(_, Some(r), _) => range_label(r),
        ExprKind::Ray(r) => r
            .directions
            .iter()
            .map(|d| d.name())
            .collect::<Vec<_>>()
            .join(" "),
        ExprKind::Pin(ps) => ps
            .iter()
            .map(|(r, _)| format!("{r:?}").to_lowercase())
            .collect::<Vec<_>>()
            .join(" "),
        ExprKind::Builtin(_, args) => args
            .iter()
            .filter_map(|a| match a {
                Arg::Flag(f, _) => Some(f.clone()),
                Arg::Range(r) => Some(range_label(r)),
                Arg::Filter(_) => None,
            })
            .collect::<Vec<_>>()
            .join(" "),
        _ => return None,
    };
    let s = s.trim().to_string();
    (!s.is_empty()).then_some(s)
}

/// A range as written: `2 5`, or `2`.
fn range_label(r: &Range) -> String {
    match r.max {
        Some(m) => format!("{} {m}", r.min),
        None => r.min.to_string(),
    }
}

/// The parameters of `line`, `path`, `find`, `echo`, `sort`: ranges, `focus`, `title`, ...
fn seq_params_label(ps: &[SeqParam]) -> String {
    ps.iter()
        .map(|p| match p {
            SeqParam::Range(r) => range_label(r),
            SeqParam::VarRange(bounds) => bounds
                .iter()
                .map(|b| match &b.kind {
                    ExprKind::Var(n) => n.text.clone(),
                    ExprKind::Number(n) => n.to_string(),
                    _ => "?".to_string(),
                })
                .collect::<Vec<_>>()
                .join(" "),
            SeqParam::Focus(capture, _) => {
                if *capture { "focus capture" } else { "focus" }.to_string()
            }
            SeqParam::Title(_) => "title".to_string(),
            other => format!("{other:?}").to_lowercase(),
        })
        .collect::<Vec<_>>()
        .join(" ")
}

/// The parts a dash (`--`) is written with: `capture`, `from`, `to`, `promote`, `target`.
fn dash_label(d: &Dash) -> String {
    let mut v = Vec::new();
    if d.capture {
        v.push("capture");
    }
    if d.from.is_some() {
        v.push("from");
    }
    if d.to.is_some() {
        v.push("to");
    }
    if d.promote.is_some() {
        v.push("promote");
    }
    if !d.target.is_empty() {
        v.push("target");
    }
    v.join(" ")
}
