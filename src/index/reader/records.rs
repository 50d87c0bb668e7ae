//! An index file in memory read whole, record by record ([`Records`]: every column decoded
//! and checked, the string table after), or decoded at once ([`decode`]).

use super::cursor::Reader;
use super::{
    BlockGames, BlockRef, Blocks, CUT_SHORT, DAMAGED, blocks, check_tags, read_header,
    read_strings, slice_at,
};
use crate::index::format::{GameEntry, Header, Index, IndexError, Section, SourceId, crc32};
use crate::index::summary::{GameSummary, SCAN};

/// The records of an index file in memory read one at a time, in place, every column
/// decoded and checked (a search of packed moves reads each game's as it goes, without
/// holding every entry); [`Records::finish`] or [`Records::check_end`] then read the string
/// table and check the tags against it.
pub struct Records<'a> {
    bytes: &'a [u8],
    header: Header,
    blocks: Blocks<'a, [u8]>,
    block: Option<BlockGames<'a>>,
    end: u64,
    read: u64,
    count: u64,
    /// The largest tag id met (each must name a string of the table).
    max_tag: u32,
}

/// One record read in place: the game's entry (its summary's `moves` left empty) and its
/// packed moves, a slice of the file's bytes.
pub struct RecordRef<'a> {
    /// Where the game lies, and its summary (without the moves).
    pub entry: GameEntry,
    /// The main line packed ([`crate::index::moves`]); empty for a game searched always.
    pub moves: &'a [u8],
}

/// Checks the index file's header and returns its records to read.
pub fn records(bytes: &[u8]) -> Result<Records<'_>, IndexError> {
    let header = read_header(bytes)?;
    Ok(Records {
        bytes,
        header,
        blocks: blocks(bytes, &header),
        block: None,
        end: 0,
        read: 0,
        count: header.games,
        max_tag: 0,
    })
}

/// A section of a block of the file in memory, checked against its CRC-32.
fn section_in<'a>(
    bytes: &'a [u8],
    block: &BlockRef,
    which: Section,
) -> Result<&'a [u8], IndexError> {
    let i = which as usize;
    let out = slice_at(bytes, block.at[i], u64::from(block.len[i]))?;
    if crc32(out) != block.crc[i] {
        return Err(DAMAGED);
    }
    Ok(out)
}

impl<'a> Records<'a> {
    /// The source the index was made from.
    pub fn source(&self) -> SourceId {
        self.header.source
    }

    /// The number of games the header announces.
    pub fn count(&self) -> u64 {
        self.count
    }

    fn next_in_blocks(&mut self) -> Result<RecordRef<'a>, IndexError> {
        if self.block.as_ref().is_none_or(|b| b.next == b.games) {
            if let Some(done) = &self.block {
                done.finish()?;
            }
            let block = self.blocks.next().unwrap_or(Err(CUT_SHORT))?;
            let bytes = self.bytes;
            let section = |which| section_in(bytes, &block, which);
            self.block = Some(BlockGames {
                places: Reader::new(section(Section::Places)?),
                flags: section(Section::Flags)?,
                counts: Some(section(Section::Counts)?),
                squares: Some(Reader::new(section(Section::Squares)?)),
                tags: Some(Reader::new(section(Section::Tags)?)),
                moves: Some(Reader::new(section(Section::Moves)?)),
                keys: Some(Reader::new(section(Section::Keys)?)).filter(|_| self.header.keys),
                plies: Some(Reader::new(section(Section::Plies)?)),
                checks: Some(Reader::new(section(Section::Checks)?)),
                next: 0,
                games: block.games,
                varint_columns: true,
                more_columns: true,
            });
        }
        let games = self.block.as_mut().ok_or(CUT_SHORT)?;
        let mut summary = GameSummary::default();
        let place = games.next_game(
            &mut self.end,
            self.header.text.size(self.header.source.size),
            &mut summary,
        )?;
        if summary.flags & SCAN != 0 {
            summary = GameSummary::scan();
        } else {
            self.max_tag = summary.tags.iter().fold(self.max_tag, |m, &t| m.max(t));
            summary.keys = place.keys.to_vec();
        }
        if self.read == self.count
            && let Some(done) = &self.block
        {
            done.finish()?;
        }
        Ok(RecordRef {
            entry: GameEntry {
                offset: place.offset,
                length: place.length,
                summary,
            },
            moves: place.moves,
        })
    }

    /// The next game's record (None after the last).
    pub fn next_record(&mut self) -> Option<Result<RecordRef<'a>, IndexError>> {
        if self.read == self.count {
            return None;
        }
        self.read += 1;
        let record = self.next_in_blocks();
        if record.is_err() {
            // Nothing more is read after a fault.
            self.count = self.read;
        }
        Some(record)
    }

    /// After the records (any not read yet are read and checked): the string table, checked
    /// as [`decode`] checks it.
    pub fn finish(self) -> Result<Vec<String>, IndexError> {
        let mut strings = Vec::new();
        self.end_with(|text| strings.push(text.to_string()))?;
        Ok(strings)
    }

    /// [`Records::finish`]'s checks, without keeping the strings.
    pub fn check_end(self) -> Result<(), IndexError> {
        self.end_with(|_| ())
    }

    fn end_with(mut self, keep: impl FnMut(&str)) -> Result<(), IndexError> {
        while let Some(record) = self.next_record() {
            record?;
        }
        if self.blocks.next().is_some() {
            return Err(IndexError::Corrupt("more blocks than games"));
        }
        let strings = read_strings(self.bytes, &self.header, keep)?;
        check_tags(self.max_tag, strings)
    }
}

/// Reads an index from its file's bytes, every part checked: the header, each block and
/// section against its CRC-32, that each game lies inside the source after the one before,
/// that every number is in its shortest form, that each tag names a string of the table.
pub fn decode(bytes: &[u8]) -> Result<Index, IndexError> {
    let mut records = records(bytes)?;
    let mut games = Vec::with_capacity(records.count() as usize);
    while let Some(record) = records.next_record() {
        let record = record?;
        let mut entry = record.entry;
        entry.summary.moves = record.moves.to_vec();
        games.push(entry);
    }
    let source = records.source();
    let text = records.header.text;
    let keys = records.header.keys;
    let strings = records.finish()?;
    Ok(Index {
        source,
        text,
        games,
        strings,
        keys,
    })
}

/// Reads the index file at `path`.
pub fn read_index(path: &std::path::Path) -> Result<Index, IndexError> {
    decode(&std::fs::read(path)?)
}
