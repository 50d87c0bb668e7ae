//! The fuzz targets' bodies, shared by the cargo-fuzz targets (`fuzz/fuzz_targets/*.rs`,
//! nightly, libFuzzer) and the stable, seeded, time-bounded driver that CI runs
//! (`tests/infinite/fuzz_driver.rs`). Each takes arbitrary bytes and panics only on a
//! defect: a panic inside cqlq, or a broken promise checked here.

// Each cargo-fuzz target uses one body.
#![allow(dead_code)]

use cqlq::rules::fairy::{FairyPos, load_variants};
use cqlq::rules::fbr::chess_with_rules;
use cqlq::rules::infinite::outcome::outcome;
use cqlq::rules::infinite::{icn_to_games, icn_to_games_each, icn_to_position, position_to_icn};

/// ICN text → `icn_to_games` → replay each game → judge its last position → write the start
/// position and read it back (it must read back equal); `icn_to_games_each` too.
pub fn icn_reader(data: &[u8]) {
    let Ok(text) = std::str::from_utf8(data) else {
        return;
    };
    let _ = icn_to_games_each(text);
    let Ok(games) = icn_to_games(text) else {
        return;
    };
    for g in games {
        let again = icn_to_position(&position_to_icn(&g.start)).expect("written ICN reads back");
        assert_eq!(again, g.start);
        if g.start.board.len() <= 64
            && let Ok(r) = g.replay()
            && let Some((last, _)) = r.last()
        {
            let _ = outcome(last);
        }
    }
}

/// SjaakII variant definitions → each variant's start position → up to 64 moves, each
/// played and the replies listed.
pub fn fairy_defs(data: &[u8]) {
    let Ok(text) = std::str::from_utf8(data) else {
        return;
    };
    let Ok(variants) = load_variants("fuzz.txt", text) else {
        return;
    };
    for v in variants {
        let Ok(p) = FairyPos::start(v) else { continue };
        for m in p.legal_moves().into_iter().take(64) {
            let mut q = p.clone();
            q.make(&m);
            let _ = q.legal_moves();
        }
    }
}

/// FBR rule text over chess → its start position → up to 32 moves, each played, the replies
/// listed and the game end judged; an error's column lies inside the text (or just after).
pub fn fbr_rules(data: &[u8]) {
    let Ok(text) = std::str::from_utf8(data) else {
        return;
    };
    let v = match chess_with_rules(text) {
        Ok(v) => v,
        Err(e) => {
            assert!(e.column >= 1 && e.column <= text.chars().count() + 1);
            return;
        }
    };
    let Ok(p) = FairyPos::start(v) else { return };
    for m in p.legal_moves().into_iter().take(32) {
        let mut q = p.clone();
        q.make(&m);
        let _ = q.legal_moves();
        let _ = q.game_end();
    }
}

/// CQL text → the compiled query for the 8x8 board; an error's span lies on character
/// boundaries inside the text, its line and column count from 1, and it renders.
pub fn query_parser(data: &[u8]) {
    use cqlq::squares::Geometry;
    let Ok(text) = std::str::from_utf8(data) else {
        return;
    };
    compiled_or_sound_error(
        text,
        cqlq::query::Program::from_text(text, Some(cqlq::query::Dialect::Cql), false)
            .and_then(|prog| prog.lower::<shakmaty::Bitboard>(Geometry::STANDARD)),
    );
}

/// CQL-S text → the compiled query for the 8x8 board, with the same promises as
/// [`query_parser`].
pub fn cqls_parser(data: &[u8]) {
    use cqlq::squares::Geometry;
    let Ok(text) = std::str::from_utf8(data) else {
        return;
    };
    compiled_or_sound_error(
        text,
        cqlq::query::Program::from_text(text, Some(cqlq::query::Dialect::Cqls), false)
            .and_then(|prog| prog.lower::<shakmaty::Bitboard>(Geometry::STANDARD)),
    );
}

/// A compiled query's filter prints; an error's span lies on character boundaries inside
/// `text`, its line and column count from 1, and it renders.
fn compiled_or_sound_error(
    text: &str,
    compiled: Result<cqlq::query::Query<shakmaty::Bitboard>, cqlq::query::QueryError>,
) {
    match compiled {
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
}
