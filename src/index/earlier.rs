//! An index of an earlier, shorter state of its source, which a build grows (`cqlq index`
//! run again after games were appended): checked whole when opened, then its games copied
//! into the new index one at a time as they are read again ([`EarlierIndex::copy_into`]),
//! never held together (memory flat in its games, as the build's own; only its string
//! table, which `format::TABLE_BYTES` bounds, is held).

use std::path::{Path, PathBuf};

use super::build::BuildCounts;
use super::format::{GameEntry, Header, IndexError, IndexWriter, SourceId};
use super::reader::{Columns, IndexFile, check_tags, read_header, read_strings, visit_games};
use super::summary::GameSummary;

/// An earlier index, checked, to be copied into a grown one.
#[derive(Debug)]
pub struct EarlierIndex {
    path: PathBuf,
    file: IndexFile,
    header: Header,
    /// Its string table (the values its games' tags number).
    pub strings: Vec<String>,
}

impl EarlierIndex {
    /// Opens the index at `path` and checks every part (each column of each block against
    /// its CRC-32 and decoded, the string table, every tag number within it), holding
    /// nothing but the string table: an index that is not whole is not grown (the build
    /// then reads every game).
    pub fn open(path: &Path) -> Result<EarlierIndex, IndexError> {
        let file = IndexFile::open(path)?;
        let header = read_header(&file)?;
        let mut strings = Vec::new();
        read_strings(&file, &header, |text| strings.push(text.to_string()))?;
        let max_tag = visit_games(&file, &header, Columns::ALL, |_| {})?;
        check_tags(max_tag, strings.len() as u64)?;
        Ok(EarlierIndex {
            path: path.to_path_buf(),
            file,
            header,
            strings,
        })
    }

    /// The source the index was made from.
    pub fn source(&self) -> SourceId {
        self.header.source
    }

    /// Whether its games hold their positions' keys.
    pub fn keys(&self) -> bool {
        self.header.keys
    }

    /// Pushes its games but the last to `writer`, read again one at a time, counting them
    /// in `counts` (kept, games, searched always); gives the last game's first byte (where
    /// the build reads the text again: that game may have grown), 0 without games. The
    /// file changed since it was opened (a part no longer matching its CRC-32) is an error
    /// naming it.
    pub fn copy_into(
        &self,
        writer: &mut IndexWriter,
        counts: &mut BuildCounts,
    ) -> std::io::Result<u64> {
        let last = self.header.games.saturating_sub(1);
        let mut restart = 0;
        let mut written = Ok(());
        let read = visit_games(&self.file, &self.header, Columns::ALL, |game| {
            if game.position == last {
                restart = game.offset;
                return;
            }
            if written.is_err() {
                return;
            }
            let summary = if game.summary.must_scan() {
                GameSummary::scan()
            } else {
                GameSummary {
                    moves: game.moves.to_vec(),
                    keys: game.keys.to_vec(),
                    ..game.summary.clone()
                }
            };
            counts.must_scan += u64::from(summary.must_scan());
            counts.kept += 1;
            written = writer.push(&GameEntry {
                offset: game.offset,
                length: game.length,
                summary,
            });
        });
        written?;
        read.map_err(|e| {
            std::io::Error::other(format!(
                "{}: the earlier index changed while it was read ({e})",
                self.path.display()
            ))
        })?;
        counts.games = counts.kept;
        Ok(restart)
    }
}
