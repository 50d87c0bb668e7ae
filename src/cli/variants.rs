//! The variant rules both commands (`cqlq`, `cqlq annotate`) read from their options: the
//! `--variants FILE` definitions followed by the bundled ones, and `--variant NAME` resolved
//! among them.

use std::path::PathBuf;
use std::sync::Arc;

use cqlq::rules::fairy::{Variant, VariantBook};
use cqlq::rules::families::{AnyRules, resolve_any};

use crate::cli::failure::CliError;

/// The definitions of the `--variants` files, in order, then the bundled ones; an unreadable
/// file or definition fails with its file, line and reason.
pub fn variant_definitions(paths: &[PathBuf]) -> Result<VariantBook, CliError> {
    let mut defs = Vec::new();
    for path in paths {
        let text = std::fs::read_to_string(path).map_err(|error| CliError::OptionFile {
            option: "variants",
            path: path.clone(),
            error,
        })?;
        let file = path.display().to_string();
        let loaded =
            cqlq::rules::fairy::load_variants(&file, &text).map_err(CliError::Definition)?;
        defs.extend(loaded);
    }
    Ok(VariantBook::with_bundled(defs))
}

/// The rules `--variant NAME` gives games without a `[Variant]` tag: standard, Chess960 or
/// an online variant (first), or a fairy variant of `defs` (second); neither without a name.
pub fn forced_variant(
    name: Option<&str>,
    defs: &VariantBook,
) -> Result<(Option<cqlq::rules::select::GameRules>, Option<Arc<Variant>>), CliError> {
    let Some(name) = name else {
        return Ok((None, None));
    };
    match resolve_any(name, defs).map_err(|e| CliError::Option {
        option: "variant",
        reason: format!(
            "{e} (README 'Chess variants' and docs/fairy.md list the names; \
             --variants FILE defines more)"
        ),
    })? {
        AnyRules::Known(rules) => Ok((Some(rules), None)),
        AnyRules::Fairy(v) => Ok((None, Some(v))),
    }
}

/// `--rules`: checks the FBR text (a fault: the text with a caret, exit 2), adds the rules to
/// every fairy definition (a definition they do not fit is dropped: its games then report
/// the variant as unknown) and returns the bundled chess with them, for standard games.
/// A rule's piece letters (`gating[1]{HE}`) are checked against each board's own pieces:
/// rules that standard chess refuses but a loaded definition takes run on that definition,
/// and standard games are then refused one by one (the `Err` returned inside).
pub fn with_fbr_rules(
    text: &str,
    defs: &mut VariantBook,
) -> Result<Result<Arc<Variant>, cqlq::rules::fbr::FbrError>, CliError> {
    let chess = cqlq::rules::fbr::chess_with_rules(text);
    let fitted: Vec<_> = defs
        .all()
        .filter_map(|v| {
            cqlq::rules::fbr::variant_with_rules(&v.def, text)
                .ok()
                .map(Arc::new)
        })
        .collect();
    match chess {
        Err(error) if fitted.is_empty() => Err(CliError::Rules {
            text: text.to_string(),
            error,
        }),
        chess => {
            *defs = VariantBook::only(fitted);
            Ok(chess)
        }
    }
}
