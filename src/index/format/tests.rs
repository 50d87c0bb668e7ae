//! The format's unit tests: written and read back, cut, flipped, keyed.
use super::*;
use crate::index::summary::summarize;

/// A two-game index made from written games.
fn sample() -> (Vec<u8>, Index) {
    let pgn = b"[Event \"a\"]\n\n1. e4 e5 2. Qh5 Nc6 3. Bc4 Nf6 4. Qxf7# 1-0\n\n\
[Event \"b\"]\n\n1. f3 e5 2. g4 Qh4# 0-1\n";
    let games = crate::pgn::split_games(pgn)
        .map(|r| GameEntry {
            offset: r.start as u64,
            length: r.len() as u32,
            summary: summarize(&pgn[r]).summary,
        })
        .collect();
    let mut index = Index {
        source: SourceId {
            size: pgn.len() as u64,
            ..SourceId::default()
        },
        text: Text::Plain,
        games,
        strings: vec!["a".into()],
        keys: false,
    };
    index.games[1].summary.tags[0] = super::FIRST_VALUE;
    (encode(&index), index)
}

/// What is written is read back as it was.
#[test]
fn an_index_is_read_back_as_written() {
    let (bytes, index) = sample();
    assert_eq!(decode(&bytes).unwrap(), index);
    // Both games end in mate (4.Qxf7#, 2...Qh4#), the second has 4 plies.
    assert!(
        index
            .games
            .iter()
            .all(|g| g.summary.flags & super::super::summary::MATE != 0)
    );
    assert_eq!(index.games[1].summary.plies, 4);
    // 4. Qxf7# takes a pawn: white a piece and a pawn's power ahead at the end; the fool's
    // mate takes nothing.
    assert_eq!(index.games[0].summary.piece_lead, (0, 1));
    assert_eq!(index.games[0].summary.power_lead, (0, 1));
    assert_eq!(index.games[1].summary.piece_lead, (0, 0));
}

/// Each kind's fewest and most are read back in its place (a different pair each), the
/// kings' as one each without being written; a king counted otherwise than one makes the
/// game "search always".
#[test]
fn counts_are_read_back_per_kind_and_the_kings_as_one() {
    let (_, mut index) = sample();
    for k in COUNTED_KINDS {
        index.games[0].summary.fewest[k] = k as u8;
        index.games[0].summary.most[k] = 15 - k as u8;
    }
    index.games[1].summary.most[KING_KINDS[1]] = 2;
    let read = decode(&encode(&index)).unwrap();
    assert_eq!(read.games[0], index.games[0]);
    assert!(read.games[1].summary.must_scan());
}

/// The leads are read back at their bytes' ends; one beyond them makes the game "search
/// always" (its counts all 0).
#[test]
fn leads_are_read_back_to_their_bounds() {
    let (_, mut index) = sample();
    index.games[0].summary.piece_lead = (-15, 15);
    index.games[0].summary.power_lead = (-255, 255);
    index.games[1].summary.power_lead = (-256, 0);
    let read = decode(&encode(&index)).unwrap();
    assert_eq!(read.games[0], index.games[0]);
    assert!(read.games[1].summary.must_scan());
    assert_eq!(read.games[1].summary.power_lead, (0, 0));
}

/// The sample with its games' positions' keys.
fn keyed_sample() -> (Vec<u8>, Index) {
    let (_, mut index) = sample();
    let pgn = b"[Event \"a\"]\n\n1. e4 e5 2. Qh5 Nc6 3. Bc4 Nf6 4. Qxf7# 1-0\n\n\
[Event \"b\"]\n\n1. f3 e5 2. g4 Qh4# 0-1\n";
    for (game, r) in index.games.iter_mut().zip(crate::pgn::split_games(pgn)) {
        game.summary.keys = crate::index::summary::summarize_keyed(&pgn[r], true)
            .summary
            .keys;
    }
    index.keys = true;
    (encode(&index), index)
}

/// An index with keys is read back as written: each game's filter holds the keys of its
/// positions (the start's, Polyglot's published 463b96181691fc9c, in both; the fool's
/// mate's only in game 2's, by the key `Standard::zobrist` gives it).
#[test]
fn an_index_with_keys_is_read_back_as_written() {
    use crate::index::keys::may_hold;
    let (bytes, index) = keyed_sample();
    let read = decode(&bytes).unwrap();
    assert_eq!(read, index);
    assert!(read.keys);
    // 8 and 5 positions (the start and each ply's), 16 bits each.
    assert_eq!(read.games[0].summary.keys.len(), 16);
    assert_eq!(read.games[1].summary.keys.len(), 10);
    for game in &read.games {
        assert!(may_hold(&game.summary.keys, 0x463b_9618_1691_fc9c));
    }
    let mate = read.games[1].summary.final_key;
    assert!(may_hold(&read.games[1].summary.keys, mate));
    assert!(!may_hold(&read.games[0].summary.keys, mate));
    // The keys column of an index without keys is empty: setting the feature bit alone
    // makes a file the reader refuses.
    let (mut plain, _) = sample();
    plain[92] = 1;
    let sum = crc32(&plain[16..HEADER_BYTES]);
    plain[12..16].copy_from_slice(&sum.to_le_bytes());
    assert!(decode(&plain).is_err());
}

/// Every cut and every flipped bit of a valid index is refused with an error, without a
/// panic (the reader meets hostile files: the fuzz target's property, in miniature).
#[test]
fn every_cut_and_flipped_bit_is_refused() {
    let (bytes, _) = sample();
    let (keyed, _) = keyed_sample();
    for n in 0..keyed.len() {
        assert!(decode(&keyed[..n]).is_err(), "cut at {n}");
    }
    for i in 0..keyed.len() {
        for bit in 0..8 {
            let mut bad = keyed.clone();
            bad[i] ^= 1 << bit;
            assert!(decode(&bad).is_err(), "keyed: byte {i} bit {bit}");
        }
    }
    for n in 0..bytes.len() {
        assert!(decode(&bytes[..n]).is_err(), "cut at {n}");
    }
    for i in 0..bytes.len() {
        for bit in 0..8 {
            let mut bad = bytes.clone();
            bad[i] ^= 1 << bit;
            assert!(decode(&bad).is_err(), "byte {i} bit {bit}");
        }
    }
}

/// A well-formed file whose records lie outside its source is refused (the checksums
/// made for it, so only the structure is wrong); games cannot overlap in the file (each
/// is written as a gap after the one before: an entry starting earlier is written as
/// starting where that one ended).
#[test]
fn records_outside_the_source_are_refused() {
    let (_, mut index) = sample();
    index.source.size = 10;
    assert!(decode(&encode(&index)).is_err());
    // A compressed source of 10 bytes: its games lie in the decompressed text, which
    // must hold them (the header's text size).
    let end = index.games[1].offset + u64::from(index.games[1].length);
    index.text = Text::Zstd { size: end };
    assert_eq!(
        decode(&encode(&index)).unwrap().text,
        Text::Zstd { size: end }
    );
    index.text = Text::Zstd { size: end - 1 };
    assert!(decode(&encode(&index)).is_err());
    // An unknown compression (2), or a text size given for a plain source: refused.
    let (mut bytes, _) = sample();
    for (at, value) in [(36, 2u8), (84, 1)] {
        let mut bad = bytes.clone();
        bad[at] = value;
        let sum = crc32(&bad[16..HEADER_BYTES]);
        bad[12..16].copy_from_slice(&sum.to_le_bytes());
        assert!(decode(&bad).is_err(), "byte {at}");
    }
    bytes[36] = 1;
    bytes[84] = 0xff;
    let sum = crc32(&bytes[16..HEADER_BYTES]);
    bytes[12..16].copy_from_slice(&sum.to_le_bytes());
    assert!(decode(&bytes).is_ok(), "a zstd source's text of 255 bytes");
    let (_, mut index) = sample();
    index.games[1].offset = index.games[0].offset;
    let read = decode(&encode(&index)).unwrap();
    let first_end = index.games[0].offset + u64::from(index.games[0].length);
    assert_eq!(read.games[1].offset, first_end);
}

/// The (place, offset, length, flags) of each game, as a search reads them.
fn places(
    src: &(impl crate::index::reader::IndexBytes + ?Sized),
    columns: crate::index::reader::Columns,
) -> Result<Vec<(u64, u64, u32, u32)>, IndexError> {
    use crate::index::reader::{read_header, visit_games};
    let header = read_header(src)?;
    let mut out = Vec::new();
    visit_games(src, &header, columns, |game| {
        out.push((game.position, game.offset, game.length, game.summary.flags))
    })?;
    Ok(out)
}

/// An index of `n` games: the sample's two repeated, one in three searched always, so
/// that the file has more than one block.
fn many(n: usize) -> Index {
    let (_, sample) = sample();
    let mut index = Index {
        source: SourceId {
            size: 1 << 40,
            ..SourceId::default()
        },
        text: Text::Plain,
        games: Vec::new(),
        strings: sample.strings.clone(),
        keys: false,
    };
    for i in 0..n {
        let mut game = sample.games[i % 2].clone();
        game.offset = 100 * i as u64;
        if i % 3 == 2 {
            game.summary = GameSummary::scan();
        }
        index.games.push(game);
    }
    index
}

/// A file of several blocks (the last one short) is read back as written, by the
/// record reader and by a search reading only places and flags.
#[test]
fn blocks_are_read_back_as_written() {
    let index = many(2 * BLOCK_GAMES + 5);
    let bytes = encode(&index);
    assert_eq!(decode(&bytes).unwrap(), index);
    let expected: Vec<_> = (index.games.iter().enumerate())
        .map(|(i, g)| (i as u64, g.offset, g.length, g.summary.flags))
        .collect();
    let columns = crate::index::reader::Columns::default();
    assert_eq!(places(&bytes[..], columns).unwrap(), expected);
    assert_eq!(
        places(&bytes[..], crate::index::reader::Columns::ALL).unwrap(),
        expected
    );
}

/// A search reads and checks only the columns it tests: a byte of a block's moves
/// damaged leaves a flag search's reading whole (and right), while the full reader and
/// a reading of the moves refuse the file. Every flipped bit of the parts a flag search
/// reads (header, block headers, places, flags) is refused by it, and no flip anywhere
/// makes it read other places or flags than the file's.
#[test]
fn a_search_reads_only_the_columns_it_tests() {
    use crate::index::reader::Columns;
    let (bytes, _) = sample();
    let good = places(&bytes[..], Columns::default()).unwrap();
    // The sample's one block: its header after the file's, then places (4 bytes: two
    // games, a gap and a length each under 128) and flags (4 bytes).
    let block = HEADER_BYTES;
    let flags_end = block + BLOCK_HEADER_BYTES + 8;
    // The moves section's last byte: the block's sections before it and itself, as its
    // header gives their lengths (each a u32 after the game count, beside its CRC-32).
    let length = |i: usize| {
        let at = block + 4 + 8 * i;
        u32::from_le_bytes(bytes[at..at + 4].try_into().unwrap()) as usize
    };
    let moves = Section::Moves as usize;
    let moves_last = block + BLOCK_HEADER_BYTES + (0..=moves).map(length).sum::<usize>() - 1;
    let mut bad = bytes.clone();
    bad[moves_last] ^= 1;
    assert!(decode(&bad).is_err());
    assert_eq!(places(&bad[..], Columns::default()).unwrap(), good);
    let moves = Columns {
        moves: true,
        ..Columns::default()
    };
    assert!(places(&bad[..], moves).is_err());
    for i in 0..bytes.len() {
        for bit in 0..8 {
            let mut bad = bytes.clone();
            bad[i] ^= 1 << bit;
            if let Ok(read) = places(&bad[..], Columns::default()) {
                assert!(i >= flags_end && read == good, "byte {i} bit {bit}");
            }
        }
    }
}

/// A file of another version (version 2's layout had the same magic) is refused by
/// name; so is one cut short or grown.
#[test]
fn another_version_or_length_is_refused_by_name() {
    let (bytes, _) = sample();
    for version in [2u32, 5, VERSION + 1] {
        let mut old = bytes.clone();
        old[8..12].copy_from_slice(&version.to_le_bytes());
        let err = decode(&old).unwrap_err().to_string();
        assert!(err.contains("another version of the format"), "{err}");
    }
    let mut grown = bytes.clone();
    grown.push(0);
    let err = decode(&grown).unwrap_err().to_string();
    assert!(err.contains("cut short or grown"), "{err}");
}

/// A string table bigger than a build writes ([`TABLE_BYTES`]) is refused before it is read,
/// whole or by a search that tests tags; one at the bound is read.
#[test]
fn a_string_table_over_its_bound_is_refused() {
    let (_, mut index) = sample();
    // The table: the count's byte, the value's length (4 bytes of varint) and its bytes.
    let at_bound = TABLE_BYTES - 5;
    index.strings = vec!["x".repeat(at_bound)];
    assert_eq!(decode(&encode(&index)).unwrap().strings[0].len(), at_bound);
    index.strings = vec!["x".repeat(at_bound + 1)];
    let bytes = encode(&index);
    let err = decode(&bytes).unwrap_err().to_string();
    assert!(
        err.contains("a string table larger than cqlq writes"),
        "{err}"
    );
    let header = crate::index::reader::read_header(&bytes[..]).unwrap();
    let read = crate::index::reader::read_strings(&bytes[..], &header, |_| {});
    assert!(read.is_err());
}

/// An index file cut short after it was opened is an error when read, not a bus fault
/// (it is read, not mapped).
#[test]
fn a_file_cut_short_under_the_reader_is_an_error() {
    let index = many(10);
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("g.pgn.cqlqi");
    std::fs::write(&path, encode(&index)).unwrap();
    let file = crate::index::reader::IndexFile::open(&path).unwrap();
    let columns = crate::index::reader::Columns::ALL;
    assert_eq!(places(&file, columns).unwrap().len(), 10);
    std::fs::OpenOptions::new()
        .write(true)
        .open(&path)
        .unwrap()
        .set_len(HEADER_BYTES as u64 + 10)
        .unwrap();
    assert!(places(&file, columns).is_err());
}
