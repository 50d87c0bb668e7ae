//! No CQL-S text makes the compiler panic: every prefix and many one-character deletions and
//! insertions of the Scidb help snippets compile or give an error whose span lies inside the
//! text and renders with a caret (a cheap, deterministic stand-in for the fuzz target
//! `fuzz/fuzz_targets/cqls_parser.rs`).

use crate::common;

use cqlq::squares::Geometry;
use shakmaty::Bitboard;

fn check(text: &str) {
    match cqlq::query::Program::from_text(text, Some(cqlq::query::Dialect::Cqls), false)
        .and_then(|prog| prog.lower::<Bitboard>(Geometry::STANDARD))
    {
        Ok(_) => {}
        Err(e) => {
            assert!(
                e.span.start <= e.span.end && e.span.end <= text.len(),
                "{text:?}: {e:?}"
            );
            assert!(text.is_char_boundary(e.span.start) && text.is_char_boundary(e.span.end));
            assert!(e.line >= 1 && e.column >= 1);
            assert!(e.render("x.cql", text).contains('^'));
        }
    }
}

#[test]
fn mangled_snippets_never_panic() {
    let Some(dir) = common::shared_file("cql/cqls-snippets") else {
        return;
    };
    let mut texts: Vec<String> = std::fs::read_dir(dir)
        .expect("dir")
        .filter_map(Result::ok)
        .filter(|e| e.path().extension().is_some_and(|x| x == "cql"))
        .map(|e| std::fs::read_to_string(e.path()).expect("read"))
        .collect();
    texts.sort();
    texts.push(
        "(position :pawncount P triple(99999999999)-consecutive(0) >99999999999999999999)".into(),
    );
    texts.push(
        "(position :movenumber >9223372036854775807 :halfmovenumber end-9223372036854775807)"
            .into(),
    );
    texts.push(
        "(position :piececount Q <-9223372036854775808 :pawncount P blocked >9223372036854775807%)"
            .into(),
    );
    texts.push("(position :line \"1.e2-e4 1.e7-e5 [[-]] x-x e.p. *\")".into());
    let inserts = [")", "(", "\"", ":", "!", "[", "]", "-", "?", "%"];
    let mut checked = 0;
    for text in &texts {
        let cuts: Vec<usize> = (0..=text.len())
            .filter(|&i| text.is_char_boundary(i))
            .collect();
        for (k, &i) in cuts.iter().enumerate() {
            if k % 2 == 0 {
                check(&text[..i]);
            }
            if k % 5 == 0 && i < text.len() {
                let next = cuts.get(k + 1).copied().unwrap_or(text.len());
                check(&format!("{}{}", &text[..i], &text[next..]));
                let ins = inserts[k / 5 % inserts.len()];
                check(&format!("{}{ins}{}", &text[..i], &text[i..]));
            }
            checked += 1;
        }
    }
    assert!(checked > 1000);
}

/// The filter CQL-S text compiles to on the 8x8 board.
fn filter(text: &str) -> cqlq::ir::Node<Bitboard> {
    cqlq::query::Program::from_text(text, Some(cqlq::query::Dialect::Cqls), false)
        .and_then(|prog| prog.lower::<Bitboard>(Geometry::STANDARD))
        .unwrap_or_else(|e| panic!("{text}: {e:?}"))
        .filter
}

/// A transform given twice adds no image when its group is closed under composition (the
/// flips, the colour swap, the shifts along one line or all of them: composing two of a
/// group's transforms gives one of the group), so the query is the one with each given once;
/// repeating them used to multiply the transforms tried (the fuzz target `cqls_parser` timed
/// out on the first query below). Two diagonal shifts make an orthogonal one, so a repeated
/// `:shiftdiagonal` still adds images.
#[test]
fn a_repeated_transform_adds_no_images() {
    let line = r#":line "Qa2-b3+ Qb3-c3+")"#;
    assert_eq!(
        filter(&format!(
            "(position :shift :flip :flip :shift :flip :flipcolor {line}"
        )),
        filter(&format!("(position :shift :flip :flipcolor {line}"))
    );
    assert_eq!(
        filter("(position Qa2 :flipcolor :fliphorizontal :flipcolor)"),
        filter("(position Qa2 :flipcolor :fliphorizontal)")
    );
    assert_ne!(
        filter("(position Qd4 :shiftdiagonal :shiftdiagonal)"),
        filter("(position Qd4 :shiftdiagonal)")
    );
}
