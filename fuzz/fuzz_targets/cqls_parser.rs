//! Fuzz target: any UTF-8 text through the CQL-S front end (`cqlq::query::cqls::compile_cqls`)
//! must give a query or an error, never a panic, a hang or a stack overflow; an error's span
//! lies inside the text on character boundaries, and rendering it works.

#![no_main]

use cqlq::query::cqls::compile_cqls;
use cqlq::rules::Position;
use cqlq::rules::standard::Standard;
use cqlq::squares::Geometry;

/// Standard chess's square set (shakmaty's bitboard), named through cqlq.
type Set = <Standard as Position>::Set;
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    let Ok(text) = std::str::from_utf8(data) else {
        return;
    };
    match compile_cqls::<Set>(text, Geometry::STANDARD) {
        Ok(query) => {
            let _ = format!("{:?}", query.filter);
        }
        Err(e) => {
            assert!(
                e.span.start <= e.span.end && e.span.end <= text.len(),
                "{e:?}"
            );
            assert!(
                text.is_char_boundary(e.span.start) && text.is_char_boundary(e.span.end),
                "{e:?}"
            );
            assert!(e.line >= 1 && e.column >= 1, "{e:?}");
            let _ = e.render("fuzz.cql", text);
        }
    }
});
