//! Syzygy endgame tables for CQL-S's `:endgameevaluation` (`--syzygy DIR`), read with
//! shakmaty-syzygy: the result of a position with best play from the side to move's view.
//! Cursed wins and blessed losses (won or lost only past the fifty-move rule) count as draws.

use std::io;
use std::path::Path;

use shakmaty::fen::Fen;
use shakmaty::{CastlingMode, Chess};
use shakmaty_syzygy::{Tablebase, Wdl};

/// The tables of one folder.
pub struct Tables(Tablebase<Chess>);

impl Tables {
    /// Opens the tables of `dir`: an error when it cannot be read or holds no table.
    pub fn open(dir: &Path) -> io::Result<Tables> {
        let mut tables = Tablebase::new();
        if tables.add_directory(dir)? == 0 {
            return Err(io::Error::new(
                io::ErrorKind::NotFound,
                "it holds no Syzygy table (.rtbw / .rtbz files)",
            ));
        }
        Ok(Tables(tables))
    }

    /// The side to move's result with best play (1 win, 0 draw, -1 loss), or None when the
    /// tables cannot tell (a material the folder lacks, too many pieces, castling rights, a
    /// FEN that is not standard chess).
    pub fn result(&self, fen: &str) -> Option<i32> {
        let pos: Chess = Fen::from_ascii(fen.as_bytes())
            .ok()?
            .into_position(CastlingMode::Standard)
            .ok()?;
        Some(match self.0.probe_wdl_after_zeroing(&pos).ok()? {
            Wdl::Win => 1,
            Wdl::Loss => -1,
            Wdl::CursedWin | Wdl::Draw | Wdl::BlessedLoss => 0,
        })
    }
}
