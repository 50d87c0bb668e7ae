//! The values of `sort` in each output game, as CQL 6.2 writes them (its
//! `CqlNode::setFirstComment`): after `Game number N` in the game's first comment, for each
//! `sort` that is not `quiet`, in the order written, ` DOC: VALUE`: the documentation string
//! (`<sort-id-K>` for the K-th written without one) and the game's best value (`none` when it
//! had none). `sort matchcount` in the header comes first, as ` matchcount: N`. CQL joins
//! these to `Game number N` with a blank of its own, so two blanks stand before the first.

use std::ops::ControlFlow;

use crate::eval::SortValue;
use crate::ir::Node;
use crate::ir::walk::walk;

/// One `sort` filter of a query as the comment names it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SortHeading {
    /// The documentation string as recorded with the values (empty when none was written).
    pub label: String,
    /// The name written in the comment.
    pub shown: String,
    /// `sort min`.
    pub min: bool,
}

/// The `sort` filters of `query` that are not `quiet`, in written order, one per
/// documentation string and direction (a transform's copies share their original's).
pub fn sort_headings<S>(query: &Node<S>) -> Vec<SortHeading> {
    let mut headings: Vec<SortHeading> = Vec::new();
    let mut unnamed = 0;
    let _ = walk(query, &mut |n| {
        if let Node::Sort(s) = n {
            let known = headings
                .iter()
                .any(|h| h.label == s.label && h.min == s.min && !s.label.is_empty());
            if !known && !s.quiet {
                let shown = if s.label.is_empty() {
                    unnamed += 1;
                    format!("<sort-id-{unnamed}>")
                } else {
                    s.label.clone()
                };
                headings.push(SortHeading {
                    label: s.label.clone(),
                    shown,
                    min: s.min,
                });
            }
        }
        ControlFlow::<()>::Continue(())
    });
    headings
}

/// The text added to the game's first comment: ` DOC: VALUE` per heading (with
/// ` matchcount: N` first when the header sorts by `matchcount`), or "" for none.
pub fn sort_comment(
    headings: &[SortHeading],
    best: &[SortValue],
    match_count: Option<u64>,
) -> String {
    let mut text = String::new();
    if let Some(n) = match_count {
        text.push_str(&format!(" matchcount: {n}"));
    }
    for h in headings {
        let value = best
            .iter()
            .find(|b| b.label == h.label && b.min == h.min)
            .map_or_else(|| "none".to_string(), SortValue::shown);
        text.push_str(&format!(" {}: {value}", h.shown));
    }
    text
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::ir::Sort;

    fn sort(label: &str, min: bool, quiet: bool) -> Node<u64> {
        Node::Sort(Box::new(Sort {
            label: label.to_string(),
            min,
            quiet,
            body: Node::Number(1),
        }))
    }

    /// CQL 6.2's `setFirstComment`: each sort that is not quiet, in written order, the ones
    /// without a documentation string numbered; a sort that never had a value shows `none`.
    #[test]
    fn sort_comment_names_each_loud_sort_with_its_best_value() {
        let query = Node::And(vec![
            sort("material", false, false),
            sort("", false, false),
            sort("hidden", false, true),
            sort("material", false, false),
        ]);
        let headings = sort_headings(&query);
        let shown: Vec<&str> = headings.iter().map(|h| h.shown.as_str()).collect();
        assert_eq!(shown, ["material", "<sort-id-1>"]);
        let best = [SortValue {
            label: "material".to_string(),
            min: false,
            value: 18,
            text: None,
        }];
        assert_eq!(
            sort_comment(&headings, &best, None),
            " material: 18 <sort-id-1>: none"
        );
        assert_eq!(sort_comment(&[], &[], Some(3)), " matchcount: 3");
    }
}
