//! Diagnostics on standard error that never panic: std's `eprintln!` panics when stderr
//! cannot be written (`2>/dev/full`, exit 101); the `eprintln!` and `eprint!` macros
//! defined at the top of `lib.rs` and `main.rs` shadow std's in every module declared
//! after them and write through [`write_stderr`], which ignores a failure (there is nowhere
//! left to report it).

use std::fmt;
use std::io::{self, Write};

/// Writes `text` to standard error, ignoring a failure.
pub fn write_stderr(text: fmt::Arguments<'_>) {
    let _ = io::stderr().lock().write_fmt(text);
}
