//! Fuzz target: arbitrary bytes as a `.cqlqi` index file must give an index or an error,
//! never a panic or an allocation the file cannot back, both to the full reader
//! (`cqlq::index::format::decode`) and to a search's reading of some columns only
//! (`cqlq::index::reader::visit_games`; of every column, as `--stats` and a grown build read
//! it, with its tags checked against the table); an index that reads is written back to the same
//! bytes, a search reads of it the places and flags the full reader reads, and each game's
//! packed main line decodes to moves or an error, never a panic.
//!
//! Run with `cargo fuzz run index_reader` from the repository root (nightly).

#![no_main]

use cqlq::index::format::{decode, encode};
use cqlq::index::reader::{Columns, check_tags, read_header, visit_games};
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    let full = decode(data);
    if let Ok(header) = read_header(data) {
        for columns in [Columns::default(), Columns::ALL] {
            let mut seen = Vec::new();
            let read = visit_games(data, &header, columns, |game| {
                let moves = game.moves.to_vec();
                seen.push((
                    game.position,
                    game.offset,
                    game.length,
                    game.summary.flags,
                    moves,
                ))
            });
            if let Ok(index) = &full {
                assert!(read.is_ok(), "a search refuses what the full reader reads");
                // `--stats` and a grown build read every column so, then check the tags.
                if let (Ok(max_tag), true) = (&read, columns == Columns::ALL) {
                    let values = index.strings.len() as u64;
                    assert!(
                        check_tags(*max_tag, values).is_ok(),
                        "tags the full reader reads"
                    );
                }
                let games = index.games.iter().enumerate();
                let expected: Vec<_> = games
                    .map(|(i, g)| {
                        let moves = if columns.moves {
                            g.summary.moves.clone()
                        } else {
                            Vec::new()
                        };
                        (i as u64, g.offset, g.length, g.summary.flags, moves)
                    })
                    .collect();
                assert_eq!(seen, expected, "a search reads other games");
            }
        }
    }
    if let Ok(index) = full {
        for game in &index.games {
            for decoded in game.main_line() {
                if decoded.is_err() {
                    break;
                }
            }
        }
        assert_eq!(
            encode(&index),
            data,
            "an index read back is written as it was"
        );
    }
});
