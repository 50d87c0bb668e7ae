//! Prints the filter IR a query compiles to (a debugging aid): `cargo run --example dump_ir -- "QUERY"`.
fn main() {
    let q = std::env::args().nth(1).unwrap();
    let ir =
        cqlq::query::compile_any::<shakmaty::Bitboard>(&q, cqlq::squares::Geometry::STANDARD, None);
    println!("{:#?}", ir.map(|q| q.filter).map_err(|e| e.message));
}
