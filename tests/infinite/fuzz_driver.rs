//! A stable, seeded, time-bounded fuzz run (issue 32, Deliver) of the ICN reader, the SjaakII
//! and FBR parsers and the query compiler: the cargo-fuzz targets' own bodies
//! (`fuzz/bodies/mod.rs`) fed mutations of seed inputs, without nightly or libFuzzer.
//!
//! `CQLQ_FUZZ_SECONDS` (default 1) is each target's time; `CQLQ_FUZZ_SEED` (default fixed)
//! picks the mutations, so a run is repeatable. CI runs 30 s a target (`.ci/run`); a longer
//! run: `CQLQ_FUZZ_SECONDS=600 CQLQ_FUZZ_SEED=$RANDOM cargo test --release --test infinite
//! fuzz_driver -- --nocapture`. A failing input is printed (escaped) before the panic goes on.

#[path = "../../fuzz/bodies/mod.rs"]
mod bodies;

use std::time::{Duration, Instant};

/// Seeds of each target: real inputs of its format.
const ICN_SEEDS: [&str; 4] = [
    "[Event \"x\"]\nw 4,3 0/100 1 (8;Q,R,B,N|1;q,r,b,n) checkmate {\"slideLimit\": 100} P1,2+|P4,4|p3,4|R1,1+|K5,1+|r8,8+|k5,8+|am2,2|HU7,7|ro-3,3|nr0,9|ob6,6|vo-1,-1\n1. P4,4 > 4,5 | p3,4 x 4,3 {ep?} 2. K5,1 > 7,1 | r8,8 > 8,1 #\n",
    "w (2|-7) (checkmate|allpiecescaptured) -6,15,-3,12 k5,2+|q4,2|P2,-1+|P3,-1+|RC0,0+|CH3,3\n3,-1>3,1|4,2>4,-9|0,0>2,0",
    "\u{feff}[Event \"a\"]\n\nw K1,1|k5,5\n1,1>1,2\n",
    "w 0/100 1 K0,0|k5,5|q-9223372036854775808,1\n0,0>0,1\n",
];

const FBR_SEEDS: [&str; 5] = [
    "atomic",
    "hill[d-e4-5]",
    "holding=demote drop{P}[2-7]",
    "gating[1]{HE}",
    "3check",
];

const QUERY_SEEDS: [&str; 8] = [
    "mate",
    "cql(input x.pgn) Ra1 attacks k",
    "line --> check --> not check{2,} --> mate",
    "path --(--)? --{0,3} ~~ \"e4\"",
    "x = 0 while (x < 10) { x = x + 1 } sort \"n\" x",
    "piece all p in [Aa] square s in . (p attacks s)",
    "move legal from K : true",
    "settag(\"A\" \"b\") comment(\"c\" ply) writefile(\"f\" \"t\")",
];

/// Tokens inserted by the mutations: the formats' own punctuation and edge values.
const TOKENS: [&str; 24] = [
    "|",
    ",",
    ">",
    "x",
    "+",
    "-",
    "{",
    "}",
    "(",
    ")",
    "[",
    "]",
    "\"",
    ";",
    ":",
    "=",
    "\n",
    "9223372036854775807",
    "-9223372036854775808",
    "18446744073709551616",
    "\u{feff}",
    "ü",
    "\0",
    "{0,100}",
];

/// The variants of cqlq's bundled definitions, one text each (SjaakII's format).
fn sjaak_seeds() -> Vec<String> {
    let text = include_str!("../../src/rules/fairy/bundled.txt");
    text.split("\nVariant: ")
        .skip(1)
        .take(12)
        .map(|v| format!("Variant: {v}\n"))
        .collect()
}

/// A fuzz target: its name, its body, its seeds.
type Target = (&'static str, fn(&[u8]), Vec<Vec<u8>>);

/// xorshift64: a repeatable stream of numbers from the seed.
struct Rng(u64);

impl Rng {
    fn below(&mut self, n: usize) -> usize {
        self.0 ^= self.0 << 13;
        self.0 ^= self.0 >> 7;
        self.0 ^= self.0 << 17;
        (self.0 % n.max(1) as u64) as usize
    }
}

/// One to four edits of `seed`: a token inserted, a range deleted or duplicated, a byte
/// replaced, or a piece of another seed spliced in.
fn mutate(rng: &mut Rng, seed: &[u8], other: &[u8]) -> Vec<u8> {
    let mut s = seed.to_vec();
    for _ in 0..1 + rng.below(4) {
        let at = rng.below(s.len() + 1);
        match rng.below(6) {
            0 | 1 => {
                let t = TOKENS[rng.below(TOKENS.len())].as_bytes();
                s.splice(at..at, t.iter().copied());
            }
            2 => {
                let end = (at + 1 + rng.below(8)).min(s.len());
                s.drain(at..end);
            }
            3 => {
                let end = (at + rng.below(16)).min(s.len());
                let piece = s[at..end].to_vec();
                s.splice(at..at, piece);
            }
            4 if at < s.len() => s[at] = b" 0123456789-,|>xKkQqRr"[rng.below(22)],
            _ => {
                let from = rng.below(other.len() + 1);
                let end = (from + rng.below(24)).min(other.len());
                s.splice(at..at, other[from..end].iter().copied());
            }
        }
    }
    s
}

/// Runs `body` on the seeds and on mutations of them for `budget`; returns the inputs tried.
fn drive(name: &str, body: fn(&[u8]), seeds: &[Vec<u8>], rng: &mut Rng, budget: Duration) -> u64 {
    let started = Instant::now();
    let mut tried = 0u64;
    let run = |input: &[u8]| {
        let outcome = std::panic::catch_unwind(|| body(input));
        if let Err(panic) = outcome {
            eprintln!(
                "fuzz_driver {name}: this input panicked: \"{}\"",
                input.escape_ascii()
            );
            std::panic::resume_unwind(panic);
        }
    };
    for seed in seeds {
        run(seed);
        tried += 1;
    }
    while started.elapsed() < budget {
        let seed = &seeds[rng.below(seeds.len())];
        let other = &seeds[rng.below(seeds.len())];
        run(&mutate(rng, seed, other));
        tried += 1;
    }
    tried
}

#[test]
fn fuzz_driver() {
    let seconds: f64 = std::env::var("CQLQ_FUZZ_SECONDS")
        .ok()
        .and_then(|s| s.parse().ok())
        .unwrap_or(1.0);
    let seed: u64 = std::env::var("CQLQ_FUZZ_SEED")
        .ok()
        .and_then(|s| s.parse().ok())
        .unwrap_or(0x9E37_79B9_7F4A_7C15);
    let budget = Duration::from_secs_f64(seconds);
    let mut rng = Rng(seed | 1);
    let bytes = |seeds: &[&str]| {
        seeds
            .iter()
            .map(|s| s.as_bytes().to_vec())
            .collect::<Vec<_>>()
    };
    let sjaak: Vec<Vec<u8>> = sjaak_seeds().into_iter().map(String::into_bytes).collect();
    let targets: [Target; 4] = [
        ("icn_reader", bodies::icn_reader, bytes(&ICN_SEEDS)),
        ("fairy_defs", bodies::fairy_defs, sjaak),
        ("fbr_rules", bodies::fbr_rules, bytes(&FBR_SEEDS)),
        ("query_parser", bodies::query_parser, bytes(&QUERY_SEEDS)),
    ];
    for (name, body, seeds) in targets {
        let tried = drive(name, body, &seeds, &mut rng, budget);
        eprintln!("fuzz_driver {name}: {tried} inputs in {seconds} s, seed {seed}");
        assert!(tried >= seeds.len() as u64);
    }
}

/// The fuzz run's first find: a FEN rank whose empty-square count passes 64 bits (the
/// Capablanca seed with `922337203685477580710` spliced in) overflowed while counting; a
/// count past the board's 10 files is a rank too long.
#[test]
fn a_fen_count_past_64_bits_is_a_rank_too_long() {
    let seeds = sjaak_seeds();
    let capablanca = seeds
        .iter()
        .find(|v| v.starts_with("Variant: Capablanca"))
        .unwrap();
    let text = capablanca.replacen("/10/", "/922337203685477580710/", 1);
    let variants = cqlq::rules::fairy::load_variants("fuzz.txt", &text);
    let start = variants.map(|v| cqlq::rules::fairy::FairyPos::start(v[0].clone()));
    let err = format!("{:?}", start.expect("the definitions read").err());
    assert!(err.contains("too long"), "{err}");
}

/// The fuzz run's second find: a zone square whose rank passes 64 bits once multiplied by
/// the files (`b9223372036854775808` on Grand's 10x10 board) overflowed; it is off the
/// board, so the definitions are refused or read without it, never a panic.
#[test]
fn a_zone_square_past_64_bits_is_off_the_board() {
    let seeds = sjaak_seeds();
    let grand = seeds
        .iter()
        .find(|v| v.starts_with("Variant: Grand"))
        .unwrap();
    let text = grand.replacen(",b2,", ",b9223372036854775808,", 1);
    assert_ne!(&text, grand);
    bodies::fairy_defs(text.as_bytes());
}
