//! `cqlq annotate THEMES... PGN...`: several queries (themes) in one pass over the games;
//! every input game is written back byte for byte as it was read, with a comment at each
//! position a theme matched and a tag listing the themes found in the game.
//!
//! | step | module | converts |
//! | --- | --- | --- |
//! | load | `theme` | `.cql` files or folders → [`Theme`]s, compiled once |
//! | game | `game` | one game's bytes → its themes and the comment text per position (read with [`crate::pgn::read_game_spans`], replayed once per variations setting, every theme evaluated at every searched position) |
//! | splice | `splice` | game bytes + additions → the annotated game's bytes |
//! | pass | `pass` | an input's bytes → batches of games annotated in parallel by the search's driver (`run::drive_into`) → the `Splicer` (an `output::sink::Sink`): written in input order, with the bytes between games |
//! | in place | [`in_place`] | an input file → rewritten through a temporary file, `fsync`, backup, rename |
//!
//! What is added, and where:
//! - After the move that reached a matched position (after its token and the NAGs right
//!   after it, before any comment): ` {name}`; several themes at one position share one
//!   comment, `{a b}`, in theme order. A theme whose query makes its own text there
//!   (`comment`, `message`; a message without CQL's `Game N move M(wtm): ` place) gives that
//!   text instead of its name. The start position's comment goes before the movetext:
//!   `{name} `. In a PGN comment `}` cannot appear: it is written as `)`. A text already in
//!   the comments right there (an earlier run's) is not written again.
//! - The tag `[Themes "a b"]` (`--tag` names it): the themes found, in theme order, after the
//!   game's last tag on a line of its own (line ending as the file's), or in place of an
//!   existing tag of that name (its themes kept, the new ones added after them; left as
//!   written when it has them all); a game without tags gets it first, then a blank line.
//! - A theme is found in a game when at least one position matches and the count is in its
//!   header's `matchcount` range; its header's game filters (`player`, `gamenumber`, ...)
//!   and `variations` apply to it alone; `matchstring "X"` writes X instead of its name,
//!   `quiet` keeps only the query's own texts, `silent` adds no comment for it. Its `settag`, `removetag`, `removecomment` and
//!   `writefile` are not applied (told once): annotate only adds.
//! - Games where no theme is found are written unchanged; so are games that cannot be read or
//!   replayed (an illegal move anywhere searched), which are reported on stderr with their
//!   number and byte offset.

mod error;
mod game;
pub mod in_place;
mod pass;
mod splice;
mod theme;

use std::sync::Arc;

pub use error::AnnotateError;
pub use pass::{AnnotateSummary, annotate_bytes, annotate_file, compression_of};
pub use theme::{Theme, load_themes, theme_files};

use crate::rules::fairy::Variant;
use crate::rules::select::GameRules;

/// What `annotate` runs and how.
pub struct AnnotateConfig {
    /// The themes, in the order given (folders expanded in name order).
    pub themes: Vec<Theme>,
    /// The tag naming the themes found (`Themes`).
    pub tag: String,
    /// Search positions inside variations for every theme (`--variations`).
    pub variations: bool,
    /// The rules of games without a `[Variant]` tag (`--variant`); None: standard chess.
    pub default_variant: Option<GameRules>,
    /// Fairy definitions a `[Variant]` tag may name: `--variants` files first, bundled last.
    pub fairy_defs: crate::rules::fairy::VariantBook,
    /// The fairy variant of games without a `[Variant]` tag (`--variant` naming one).
    pub default_fairy: Option<Arc<Variant>>,
    /// The progress display over every input's bytes (`crate::output::progress::bar`; hidden
    /// when not wanted or stderr is no terminal), moved on after each batch of games.
    pub progress: indicatif::ProgressBar,
}
