//! The ICN reader's error: what went wrong and where (line, column, byte offset).

/// A malformed ICN text or an illegal move in it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct IcnError {
    /// 1-based line.
    pub line: usize,
    /// 1-based column (in characters).
    pub column: usize,
    /// 0-based byte offset into the text read.
    pub offset: usize,
    /// What went wrong.
    pub message: String,
}

impl IcnError {
    /// An error at byte `offset` of `text`.
    pub fn at(text: &str, offset: usize, message: impl Into<String>) -> IcnError {
        let offset = offset.min(text.len());
        let before = &text[..floor_char(text, offset)];
        let line = before.matches('\n').count() + 1;
        let column = before.rsplit('\n').next().map_or(0, |l| l.chars().count()) + 1;
        IcnError {
            line,
            column,
            offset,
            message: message.into(),
        }
    }
}

fn floor_char(text: &str, mut i: usize) -> usize {
    while !text.is_char_boundary(i) {
        i -= 1;
    }
    i
}

impl std::fmt::Display for IcnError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(
            f,
            "ICN line {}, column {} (byte {}): {}",
            self.line, self.column, self.offset, self.message
        )
    }
}

impl std::error::Error for IcnError {}
