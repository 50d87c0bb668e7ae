//! Prints the filter IR a query compiles to (a debugging aid): `cargo run --example dump_ir -- "QUERY"`.
fn main() {
    let q = std::env::args().nth(1).unwrap();
    let ir = cqlq::query::Program::from_text(&q, None, false)
        .and_then(|prog| prog.lower::<shakmaty::Bitboard>(cqlq::squares::Geometry::STANDARD));
    println!("{:#?}", ir.map(|q| q.filter).map_err(|e| e.message));
}
