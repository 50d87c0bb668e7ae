//! Scratch (not committed): prints a fingerprint of what every corpus query compiles to.
use std::hash::{DefaultHasher, Hash, Hasher};

fn one(name: &str, text: &str) {
    let r = cqlq::query::compile_any::<shakmaty::Bitboard>(
        text,
        cqlq::squares::Geometry::STANDARD,
        None,
    );
    let s = match r {
        Ok(q) => format!("OK {:?} {:?}", q.header, q.filter),
        Err(e) => format!(
            "ERR {} | {:?} | {}..{} | {}:{} | {:?}",
            e.message, e.expected, e.span.start, e.span.end, e.line, e.column, e.kind
        ),
    };
    let mut h = DefaultHasher::new();
    s.hash(&mut h);
    let head: String = s.chars().take(160).collect();
    println!(
        "{name}\t{:016x}\t{}\t{}",
        h.finish(),
        s.len(),
        head.replace('\n', " ")
    );
}

fn main() {
    for path in std::env::args().skip(1) {
        let text = std::fs::read_to_string(&path).unwrap();
        if path.ends_with("chessql-cases.txt") {
            for (i, line) in text.lines().enumerate() {
                if line.starts_with('#') || line.trim().is_empty() {
                    continue;
                }
                let Some(json) = line.split('\t').nth(2) else {
                    continue;
                };
                let q: String = serde_json::from_str(json).unwrap_or_default();
                one(&format!("case{i}"), &q);
            }
        } else {
            one(&path, &text);
        }
    }
}
