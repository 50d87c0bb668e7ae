//! Bad ICN never panics: thousands of mutations of real ICN texts (bytes flipped, deleted,
//! duplicated, special characters and huge numbers inserted) are read, replayed and judged;
//! each either works or returns an error, and every start position read is written and read
//! back equal.

use cqlq::rules::infinite::outcome::outcome;
use cqlq::rules::infinite::{icn_to_games, icn_to_position, position_to_icn};

const SEEDS: [&str; 3] = [
    "[Event \"x\"]\nw 4,3 0/100 1 (8;Q,R,B,N|1;q,r,b,n) checkmate {\"slideLimit\": 100} P1,2+|P4,4|p3,4|R1,1+|K5,1+|r8,8+|k5,8+|am2,2|HU7,7|ro-3,3|nr0,9|ob6,6|vo-1,-1\n1. P4,4 > 4,5 | p3,4 x 4,3 {ep?} 2. K5,1 > 7,1 | r8,8 > 8,1 #\n",
    "w (2|-7) (checkmate|allpiecescaptured) -6,15,-3,12 k5,2+|q4,2|P2,-1+|P3,-1+|RC0,0+|CH3,3\n3,-1>3,1|4,2>4,-9|0,0>2,0",
    "b 8,3 0/100 11 (8|1) {\"slideLimit\": 16} P8,4|k7,7|K4,2|q0,4|b2,-2\n0,4>4,4|4,2>5,1.4,4>4,3Q",
];

const INSERTS: [&str; 18] = [
    "|",
    "(|)",
    "{\"slideLimit\": 3}",
    " w ",
    " _,5,_,_ ",
    ",",
    ">",
    "x",
    "+",
    "-",
    "{",
    "}",
    "(",
    ")",
    ";",
    "9223372036854775807",
    "-9223372036854775808",
    "ü",
];

#[test]
fn mutated_icn_never_panics() {
    let mut x = 0x1234_5678_9ABC_DEF1u64;
    let mut rnd = |n: usize| {
        x ^= x << 13;
        x ^= x >> 7;
        x ^= x << 17;
        (x % n as u64) as usize
    };
    let mut parsed = 0;
    for i in 0..6000 {
        let mut s = SEEDS[i % SEEDS.len()].to_string();
        for _ in 0..1 + rnd(3) {
            let mut at = rnd(s.len() + 1);
            while !s.is_char_boundary(at) {
                at -= 1;
            }
            match rnd(4) {
                0 => s.insert_str(at, INSERTS[rnd(INSERTS.len())]),
                1 => {
                    let mut end = (at + 1 + rnd(4)).min(s.len());
                    while !s.is_char_boundary(end) {
                        end += 1;
                    }
                    s.replace_range(at..end, "");
                }
                2 => s.insert(at, char::from(b'0' + rnd(10) as u8)),
                _ => {
                    let mut end = (at + rnd(8)).min(s.len());
                    while !s.is_char_boundary(end) {
                        end += 1;
                    }
                    let dup = s[at..end].to_string();
                    s.insert_str(at, &dup);
                }
            }
        }
        if let Ok(games) = icn_to_games(&s) {
            parsed += 1;
            for g in games {
                let text = position_to_icn(&g.start);
                let again = icn_to_position(&text).unwrap_or_else(|e| panic!("{text}: {e}"));
                assert_eq!(again, g.start, "{s}\n{text}");
                if let Ok(r) = g.replay()
                    && let Some((last, _)) = r.last()
                {
                    let _ = outcome(last);
                }
                let _ = outcome(&g.start);
            }
        }
    }
    assert!(parsed > 100, "{parsed}");
}
