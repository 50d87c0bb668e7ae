//! Divided perft of a fairy position, to compare with SjaakII's `perft D 1`
//! (`scripts/sjaak_divide.py`): one line per legal move, `from-to count` (promotions
//! `=T`, captures of another square `xSQ`, kinds other than a plain move named).
//!
//! `cargo run --example fairy_divide -- VARIANTS_FILE NAME FEN|- 'MOVES'|- DEPTH`
//! (moves in XBoard coordinates, as SjaakII plays them). Vertical moves see SjaakII's
//! folded file occupancy (`rules::fairy::sjaak_fold`), as SjaakII does.

use cqlq::rules::fairy::bits::square_name;
use cqlq::rules::fairy::{FairyPos, MoveKind, RankBase, find_variant, load_variants};

fn main() {
    let a: Vec<String> = std::env::args().collect();
    if a.len() < 6 {
        eprintln!("usage: fairy_divide VARIANTS NAME FEN|- MOVES|- DEPTH");
        std::process::exit(2);
    }
    let text = std::fs::read_to_string(&a[1]).expect("variants file");
    let vs = load_variants(&a[1], &text).unwrap_or_else(|e| panic!("{e}"));
    let v = find_variant(&vs, &a[2]).expect("variant");
    let v = std::sync::Arc::new((**v).clone().with_sjaak_file_fold());
    let mut p = if a[3] == "-" {
        FairyPos::start(v.clone()).expect("start")
    } else {
        FairyPos::from_fen(v.clone(), &a[3]).expect("fen")
    };
    if a[4] != "-" {
        for m in a[4].split_whitespace() {
            let mv = p.coord_to_move(m, RankBase::Xboard).expect("move");
            p.make(&mv);
        }
    }
    let depth: u32 = a[5].parse().expect("depth");
    let mut total = 0;
    for m in p.legal_moves() {
        let mut q = p.clone();
        q.make(&m);
        let n = q.perft(depth - 1);
        total += n;
        let mut s = format!(
            "{}-{}",
            square_name(m.from as usize),
            square_name(m.to as usize)
        );
        if let Some(c) = m.capture
            && c != m.to
        {
            s += &format!("x{}", square_name(c as usize));
        }
        if let Some(t) = m.promo {
            s += &format!("={}", v.kinds[t as usize].def.name);
        }
        match m.kind {
            MoveKind::Normal => {}
            k => s += &format!(" {k:?}"),
        }
        if let Some((t, sq)) = m.gate {
            s += &format!(
                " gate {}@{}",
                v.kinds[t as usize].def.name,
                square_name(sq as usize)
            );
        }
        println!("{s} {n}");
    }
    println!("total {total}");
}
