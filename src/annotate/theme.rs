//! Themes: the queries `cqlq annotate` runs, each a `.cql` file (or every `.cql` file of a
//! folder, in name order) named by its file stem (`smothered-mate.cql` → `smothered-mate`),
//! compiled once before any game is read.
//!
//! Of a theme's `cql(...)` header, annotate reads what concerns the theme alone: the game
//! filters and `matchcount` (which games it is looked for in, and when it counts as found),
//! `variations` (searched for it even without `--variations`), and the comment parameters:
//! `matchstring "X"` writes X instead of the name at its matched positions (`""`: nothing),
//! `quiet` only the query's own comments, `silent` none (the tag still names the theme).
//! `input`, `output` and `sort` are the command line's business and are not read.

use super::AnnotateError;
use std::path::{Path, PathBuf};
use std::sync::Arc;

use crate::eval::GameEdits;
use crate::ir::Node;
use crate::output::CommentLevel;
use crate::query::{HeaderSettings, Program};
use crate::run::fairy::{FairyQuery, Refusal};
use crate::run::params::RunParams;
use crate::run::select::GameSelect;
use crate::squares::Geometry;

/// One compiled theme.
pub struct Theme {
    /// The name written into the games (the file stem).
    pub name: String,
    /// The query for standard chess and the online variants.
    pub(super) filter: Node<shakmaty::Bitboard>,
    /// The query for fairy boards, lowered per variant when a game needs it.
    pub(super) fairy: FairyQuery,
    /// The header's game filters and `matchcount` range.
    pub(super) select: GameSelect,
    /// Whether the header asks for variations to be searched (`cql(variations)`).
    pub(super) variations: bool,
    /// The comment at a matched position without the query's own text: the header's
    /// `matchstring`, else the name; None with `matchstring ""`, `quiet` or `silent`.
    pub(super) mark: Option<String>,
    /// The header's `silent`: not even the query's own comments (the tag still names it).
    pub(super) silent: bool,
    /// Told once when the query edits a game (`settag`, `removetag`, `removecomment`) or
    /// writes a file: `annotate` only adds its comments and tag.
    ignored_edits: Refusal,
}

impl Theme {
    /// Compiles the theme in file `path` (its text `text`); the error shows the query error
    /// rendered with its caret, or what `annotate` cannot run.
    pub fn compile(path: &Path, text: &str) -> Result<Theme, AnnotateError> {
        let shown = path.display().to_string();
        let name = path
            .file_stem()
            .map(|s| s.to_string_lossy().into_owned())
            .filter(|s| !s.is_empty())
            .ok_or_else(|| AnnotateError::NoThemeName(shown.clone()))?;
        let query_error = |error| AnnotateError::Query {
            file: shown.clone(),
            text: text.to_string(),
            error: Box::new(error),
        };
        let program = Arc::new(Program::from_text(text, None, false).map_err(query_error)?);
        let query = program
            .lower::<shakmaty::Bitboard>(Geometry::STANDARD)
            .map_err(query_error)?;
        let refuse = |why: &'static str| {
            Err(AnnotateError::CannotRun {
                file: shown.clone(),
                why,
            })
        };
        if query.header.get("engine").is_some() {
            return refuse("it needs a UCI engine (--engine is not an annotate option)");
        }
        if query.header.get("syzygy").is_some() {
            return refuse("it needs Syzygy tables (--syzygy is not an annotate option)");
        }
        if crate::eval::carried_globals(&query.filter).is_some() {
            return refuse("its persistent variables would carry values between games");
        }
        if crate::ir::walk::any_node(&query.filter, |n| matches!(n, Node::LastGameNumber)) {
            return refuse("'lastgamenumber' is not known to annotate");
        }
        let params = HeaderSettings::read(&query.header)
            .map(RunParams::from)
            .map_err(|e| query_error(e.to_query_error(text)))?;
        let level = params.comments.unwrap_or_default();
        let mark = match (level, params.match_string) {
            (CommentLevel::Normal, Some(m)) => Some(m).filter(|m| !m.is_empty()),
            (CommentLevel::Normal, None) => Some(name.clone()),
            _ => None,
        };
        Ok(Theme {
            mark,
            silent: level == CommentLevel::Silent,
            ignored_edits: Refusal::new(format!(
                "cqlq: {shown}: settag, removetag, removecomment and writefile are ignored by \
                 annotate (it only adds comments and the themes tag)"
            )),
            name,
            filter: query.filter,
            fairy: FairyQuery::new(program, shown),
            select: params.select,
            variations: params.variations.unwrap_or(false),
        })
    }

    /// Tells once that the query's game edits and file writes are not applied.
    pub(super) fn note_edits(&self, edits: &GameEdits) {
        let ignored = edits.changes_the_game() || !edits.writes.is_empty();
        if ignored {
            self.ignored_edits.tell();
        }
    }
}

/// The theme files named on the command line: a file as given, a folder as its `.cql` files
/// in name order (not its subfolders).
pub fn theme_files(paths: &[PathBuf]) -> Result<Vec<PathBuf>, AnnotateError> {
    let mut files = Vec::new();
    for path in paths {
        if path.is_dir() {
            let entries = std::fs::read_dir(path).map_err(|error| AnnotateError::Read {
                path: path.clone(),
                error,
            })?;
            let mut found: Vec<PathBuf> = entries
                .filter_map(|e| e.ok().map(|e| e.path()))
                .filter(|p| p.is_file() && p.extension().is_some_and(|x| x == "cql"))
                .collect();
            if found.is_empty() {
                return Err(AnnotateError::NoThemeInFolder(path.clone()));
            }
            found.sort();
            files.extend(found);
        } else {
            files.push(path.clone());
        }
    }
    Ok(files)
}

/// Reads and compiles every theme file, in order; two themes of one name are refused (the
/// tag could not tell them apart).
pub fn load_themes(files: &[PathBuf]) -> Result<Vec<Theme>, AnnotateError> {
    let mut themes: Vec<Theme> = Vec::with_capacity(files.len());
    for file in files {
        let text = std::fs::read_to_string(file).map_err(|error| AnnotateError::Read {
            path: file.clone(),
            error,
        })?;
        let theme = Theme::compile(file, &text)?;
        if themes.iter().any(|t| t.name == theme.name) {
            return Err(AnnotateError::DuplicateTheme {
                path: file.clone(),
                name: theme.name,
            });
        }
        themes.push(theme);
    }
    Ok(themes)
}
