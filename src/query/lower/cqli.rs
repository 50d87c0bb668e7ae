//! CQLi's extensions whose syntax the CQLi manual text at hand does not give: `imagine`,
//! `saveposition`, `currentmutation` and `commandpipe` are refused by name, with the reason,
//! when the query is compiled (never a silent non-match), from [`Lower::lower`]'s match.
//!
//! What the manual says of them (stored pages of cql64.com, searched with the project's
//! search tool; only each page's opening is stored, so the sections that define the
//! syntax are not available):
//! - `manual/imaginary-position-exploration/`: imaginary positions come from the
//!   speculative `move ... : F` (implemented, `eval::imagine`) "or by arbitrarily adding or
//!   removing pieces from a position using the imagine filter"; they are "transient by
//!   default but the saveposition filter allows imaginary positions to be saved and
//!   revisited later in the same game"; "the currentmutation filter provides a string
//!   representation of the current changes in effect for an imaginary position". The page's
//!   text stops inside the speculative move section, before `imagine` is defined.
//! - `faqs.html` and `manual/appendix-a-differences-between-cql-6.1/`: "Command Pipe —
//!   integration with external programs written in any language"; the option list
//!   (`manual/commandline-options/`, and CQLi 1.0.6's `--help` as recorded in the reti
//!   repository's `docs/cql_cli_comparison.md`) gives `--pipetimeout N` ("Command Pipe
//!   response timeout") and `--secure` ("forbid readfile, writefile, commandpipe"). The
//!   arguments of `commandpipe`, the messages exchanged and the result are not given.
//!
//! So `--secure` refuses `commandpipe` as documented, and every other use is refused as not
//! evaluated, naming the word and the missing definition.

use super::Lower;
use crate::query::ast::Expr;
use crate::query::error::{ErrorKind, LowerError};

/// The CQLi manual page that introduces each refused word.
fn manual_page(word: &str) -> &'static str {
    match word {
        "commandpipe" => "cql64.com/manual/appendix-a-differences-between-cql-6.1",
        _ => "cql64.com/manual/imaginary-position-exploration",
    }
}

impl Lower<'_> {
    /// `'commandpipe' is refused under --secure`, or `cqlq does not evaluate 'WORD' yet` with
    /// the reason.
    pub(super) fn cqli_refusal(&self, e: &Expr, word: &str) -> LowerError {
        if word == "commandpipe" && self.secure {
            let m = "'commandpipe' is refused under --secure (as CQLi's --secure)";
            return self.err(ErrorKind::Unsupported, e.span, m);
        }
        let m = format!(
            "cqlq does not evaluate '{word}' yet: CQLi's extension, whose syntax is not in \
             the CQLi manual text at hand ({})",
            manual_page(word)
        );
        self.err(ErrorKind::Unsupported, e.span, m)
    }
}
