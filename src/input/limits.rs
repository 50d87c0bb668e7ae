//! Size limits on what one input may ask of memory: the largest game (PGN bytes) and the
//! largest ICN board (pieces × positions). A game over a limit is reported with its place
//! and skipped, never an abort; the options `--max-game-bytes` and `--max-icn-board` raise
//! them. (The query's own limit, `--max-query-bytes`, is checked before it is compiled.)

/// The default largest game, in PGN bytes (4 MiB). Reading and replaying a game costs about
/// 60 bytes of memory per byte of its text, so a game at the limit takes about 250 MB; the
/// longest real games (annotated, with deep variations) stay well under 1 MiB.
pub const DEFAULT_MAX_GAME_BYTES: u64 = 4 << 20;

/// The default largest ICN board: pieces of the start position times the positions of the
/// game (its moves plus one). Each position of the replay holds every piece.
pub const DEFAULT_MAX_ICN_BOARD: u64 = 4_000_000;

/// The default largest query text, in bytes (1 MiB). Compiling costs about 150 bytes of
/// memory per byte of query text; real queries are a few kilobytes.
pub const DEFAULT_MAX_QUERY_BYTES: u64 = 1 << 20;

/// The limits of one run.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct InputLimits {
    /// The largest game read, in bytes of its PGN text (a longer game is skipped).
    pub max_game_bytes: u64,
    /// The largest ICN game: start pieces × (moves + 1) (a larger game is skipped).
    pub max_icn_board: u64,
}

impl Default for InputLimits {
    fn default() -> Self {
        InputLimits {
            max_game_bytes: DEFAULT_MAX_GAME_BYTES,
            max_icn_board: DEFAULT_MAX_ICN_BOARD,
        }
    }
}

/// Why a game of `len` bytes (None: more than the limit, not read to its end) is skipped.
pub fn game_too_long(len: Option<u64>, limit: u64) -> String {
    let size = match len {
        Some(n) => show_bytes(n),
        None => format!("more than {}", show_bytes(limit)),
    };
    format!(
        "the game is {size} long, over the limit of {} (--max-game-bytes SIZE raises it); skipped",
        show_bytes(limit)
    )
}

/// A size given on the command line: a number of bytes, or with a suffix `K`, `M` or `G`
/// (powers of 1024; `KiB`, `MiB`, `GiB` and `B` also read).
///
/// ```
/// use cqlq::input::limits::parse_size;
/// assert_eq!(parse_size("4096"), Ok(4096));
/// assert_eq!(parse_size("16M"), Ok(16 << 20));
/// assert_eq!(parse_size("2GiB"), Ok(2 << 30));
/// assert!(parse_size("lots").is_err());
/// ```
pub fn parse_size(text: &str) -> Result<u64, SizeError> {
    let t = text.trim();
    let digits = t.bytes().take_while(u8::is_ascii_digit).count();
    let (number, unit) = t.split_at(digits);
    let shift = match unit.trim().to_ascii_uppercase().as_str() {
        "" | "B" => 0,
        "K" | "KB" | "KIB" => 10,
        "M" | "MB" | "MIB" => 20,
        "G" | "GB" | "GIB" => 30,
        _ => return Err(SizeError::NotASize(text.to_string())),
    };
    let n: u64 = number
        .parse()
        .map_err(|_| SizeError::NotASize(text.to_string()))?;
    n.checked_mul(1 << shift)
        .ok_or_else(|| SizeError::TooLarge(text.to_string()))
}

/// Why [`parse_size`] refused a text (the text as given).
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum SizeError {
    /// Not a number followed by an optional unit: `lots`, `-1`, `3X`.
    NotASize(String),
    /// More bytes than a `u64` holds: `99999999999G`.
    TooLarge(String),
}

impl std::fmt::Display for SizeError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            SizeError::NotASize(text) => {
                write!(f, "`{text}` is not a size (a number, then K, M or G)")
            }
            SizeError::TooLarge(text) => write!(f, "`{text}` is too large"),
        }
    }
}

impl std::error::Error for SizeError {}

/// A byte count for messages: `16 MiB`, `1.5 KiB`, `300 bytes`.
pub fn show_bytes(n: u64) -> String {
    const UNITS: [(u64, &str); 3] = [(1 << 30, "GiB"), (1 << 20, "MiB"), (1 << 10, "KiB")];
    for (size, unit) in UNITS {
        if n >= size {
            let value = n as f64 / size as f64;
            return if n.is_multiple_of(size) {
                format!("{} {unit}", n / size)
            } else {
                format!("{value:.1} {unit}")
            };
        }
    }
    format!("{n} bytes")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn sizes_read_and_show() {
        assert_eq!(parse_size("1k"), Ok(1024));
        assert_eq!(parse_size("3 MiB"), Ok(3 << 20));
        assert!(parse_size("-1").is_err());
        assert!(parse_size("99999999999G").is_err());
        assert_eq!(show_bytes(4 << 20), "4 MiB");
        assert_eq!(show_bytes(1536), "1.5 KiB");
        assert_eq!(show_bytes(12), "12 bytes");
    }
}
