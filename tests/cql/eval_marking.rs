//! The squares a query marks at a matched position (`Evaluator::matches_marking`, what the
//! picture formats draw), compared with the squares named in each test. (Moved from
//! `src/output/picture_tests.rs`: the printer's tests do not compile queries.)

use cqlq::eval::{Evaluator, GameContext, replay};
use cqlq::pgn::read_game;
use cqlq::rules::standard::Standard;
use cqlq::squares::{Coord, Geometry, SquareSet};
use shakmaty::Bitboard;

fn sq(name: &str) -> Coord {
    let b = name.as_bytes();
    Coord {
        file: i64::from(b[0] - b'a'),
        rank: i64::from(b[1] - b'1'),
    }
}

fn bits(names: &[&str]) -> Bitboard {
    Bitboard::from_coords(Geometry::STANDARD, names.iter().map(|n| sq(n)))
}

/// Scholar's mate: after 4. Qxf7# the white queen on f7 attacks the king on e8, the white
/// bishops stand on c1 and c4.
#[test]
fn marked_squares_of_set_filters_and_of_a_braced_body() {
    let pgn = b"[White \"a\"]\n\n1. e4 e5 2. Qh5 Nc6 3. Bc4 Nf6 4. Qxf7# 1-0\n";
    let record = read_game(pgn).unwrap();
    let replayed = replay(&record, Standard::start(false), false);
    let context = GameContext {
        record: &record,
        replayed: &replayed,
        number: 1,
        variations: false,
    };
    let evaluator = Evaluator::new(&context);
    let last = record.mainline().last().copied().unwrap();
    let marks = |query: &str, at: u32| {
        let filter = crate::common::compile(query);
        evaluator.matches_marking(&filter, at)
    };
    assert_eq!(marks("Q attacks k", last), Some(bits(&["f7"])));
    assert_eq!(marks("{check Q attacks k}", last), Some(bits(&["f7"])));
    assert_eq!(marks("{Q B check}", last), Some(bits(&["f7", "c1", "c4"])));
    assert_eq!(
        marks("flipcolor {check Q attacks k}", last),
        Some(bits(&["f7"]))
    );
    assert_eq!(marks("check", last), Some(Bitboard::EMPTY));
    assert_eq!(marks("#B == 2", last), Some(Bitboard::EMPTY));
    assert_eq!(marks("Ra8", last), None);
    // Marking never changes what matches: the same positions as `matches`.
    for query in [
        "Q attacks k",
        "{check Q}",
        "N or Q",
        "flipcolor {Q attacks p}",
        "not B",
    ] {
        let filter = crate::common::compile(query);
        for at in record.mainline() {
            let marked = evaluator.matches_marking(&filter, at).is_some();
            assert_eq!(marked, evaluator.matches(&filter, at), "{query} at {at}");
        }
    }
}
