//! What `cqlq annotate` cannot do before or around its pass: load a theme, rewrite a file in
//! place. A game it cannot read or replay is not an error here: it is written unchanged
//! with a note (`game`).

use std::fmt;
use std::io;
use std::path::PathBuf;

use crate::query::QueryError;

/// Why a theme cannot be loaded, or an input rewritten in place.
#[derive(Debug)]
#[non_exhaustive]
pub enum AnnotateError {
    /// A theme file or folder cannot be read.
    Read {
        /// The file or folder.
        path: PathBuf,
        /// Why not.
        error: io::Error,
    },
    /// A folder given as themes holds no `.cql` file.
    NoThemeInFolder(PathBuf),
    /// A theme file's name gives no theme name (`.cql`).
    NoThemeName(String),
    /// Two theme files of one name (the tag could not tell them apart).
    DuplicateTheme {
        /// The second file.
        path: PathBuf,
        /// Their name.
        name: String,
    },
    /// The theme's query does not compile, or a parameter of its `cql(...)` header cannot be
    /// used; shown rendered with its caret.
    Query {
        /// The theme file, as shown.
        file: String,
        /// The query's text.
        text: String,
        /// The compile error (boxed: the rare case should not make every result large).
        error: Box<QueryError>,
    },
    /// The theme compiles but annotate cannot run it (an engine, persistent variables,
    /// `lastgamenumber`).
    CannotRun {
        /// The theme file, as shown.
        file: String,
        /// Why not.
        why: &'static str,
    },
    /// `--in-place`: the input could not be rewritten (it is left as it was).
    Rewrite {
        /// The input.
        path: PathBuf,
        /// Why not.
        error: io::Error,
    },
}

impl fmt::Display for AnnotateError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            AnnotateError::Read { path, error } | AnnotateError::Rewrite { path, error } => {
                write!(f, "{}: {error}", path.display())
            }
            AnnotateError::NoThemeInFolder(path) => {
                write!(f, "{}: no .cql file in this folder", path.display())
            }
            AnnotateError::NoThemeName(file) => {
                write!(f, "{file}: no file name to name the theme")
            }
            AnnotateError::DuplicateTheme { path, name } => write!(
                f,
                "{}: a theme named '{name}' is already given",
                path.display()
            ),
            AnnotateError::Query { file, text, error } => {
                f.write_str(error.render(file, text).trim_end())
            }
            AnnotateError::CannotRun { file, why } => {
                write!(f, "{file}: cqlq annotate cannot run this theme: {why}")
            }
        }
    }
}

impl std::error::Error for AnnotateError {}
