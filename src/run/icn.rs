//! ICN (infinite chess) inputs: recognised by the `.icn` extension or by content, read and
//! replayed with full move validation. CQL evaluation on the unbounded board is not yet
//! wired into the evaluator (it needs non-`Copy` square sets, see `docs/infinite.md`), so such
//! an input is refused with a message saying so, never searched as PGN or silently skipped.

use std::io;
use std::path::Path;

use crate::rules::infinite::{icn_to_games, looks_like_icn};

/// Whether the input is ICN: a `.icn` file, or text whose first position is an ICN one.
pub fn is_icn(path: &Path, data: &[u8]) -> bool {
    if path
        .extension()
        .is_some_and(|e| e.eq_ignore_ascii_case("icn"))
    {
        return true;
    }
    let head = &data[..data.len().min(64 * 1024)];
    let text = String::from_utf8_lossy(head);
    looks_like_icn(&text)
}

/// Reads and validates every game of an ICN input, then refuses the query: the error names
/// what was read (or the first fault, with line and column) and what is missing.
pub fn refuse(data: &[u8]) -> io::Error {
    let text = String::from_utf8_lossy(data);
    let read = match icn_to_games(&text) {
        Err(e) => format!("{e}"),
        Ok(games) => {
            let bad = games.iter().filter_map(|g| g.replay().err()).next();
            match bad {
                Some(e) => format!("{} ICN games read; {e}", games.len()),
                None => format!("{} ICN games read, every move legal", games.len()),
            }
        }
    };
    io::Error::new(
        io::ErrorKind::Unsupported,
        format!(
            "infinite chess (ICN) input: {read}; CQL queries over the unbounded board are not implemented yet (see docs/infinite.md)"
        ),
    )
}
