//! Times each stage separately on one thread: split, read, replay.
use std::time::Instant;
fn main() {
    let path = std::env::args().nth(1).unwrap();
    let data = std::fs::read(&path).unwrap();
    let t = Instant::now();
    let ranges: Vec<_> = cqlq::pgn::split_games(&data).collect();
    println!("split: {:.3}s {} games", t.elapsed().as_secs_f64(), ranges.len());
    let t = Instant::now();
    let records: Vec<_> = ranges.iter().filter_map(|r| cqlq::pgn::read_game(&data[r.clone()]).ok()).collect();
    println!("read: {:.3}s", t.elapsed().as_secs_f64());
    let t = Instant::now();
    let mut n = 0;
    for rec in &records {
        let start = cqlq::rules::standard::Standard::for_game(rec.tag("FEN"), rec.tag("Variant")).unwrap();
        let r = cqlq::eval::replay(rec, start, false);
        n += r.nodes.len();
    }
    println!("replay: {:.3}s {n}", t.elapsed().as_secs_f64());
    // bare shakmaty replay of the same SANs, no storage
    let t = Instant::now();
    use shakmaty::Position;
    for rec in &records {
        let mut pos = shakmaty::Chess::default();
        for i in rec.mainline().into_iter().skip(1) {
            let san: shakmaty::san::SanPlus = rec.nodes[i as usize].san.parse().unwrap();
            let m = san.san.to_move(&pos).unwrap();
            pos.play_unchecked(m);
        }
    }
    println!("bare replay: {:.3}s", t.elapsed().as_secs_f64());
}
