//! The boards of a rule list's piece definitions (`fbr::mbn::boards`): each board identifier
//! (`C<1>`, `K<*>`; a castling definition's `O-O<*>`, a promotion rule's `+P<*>`) checked against the boards the list plays (one; two under `alice`; three or
//! four under `alice=3D`/`4D`), and board transitions (`<2>mO`) refused beside `alice`, whose
//! boards cqlq's MBN reader does not move between (it reads a transition on one board, where it
//! reaches no board and gives no move).

use super::super::model::RuleList;
use super::super::parse::FbrError;
use super::refuse;
use crate::rules::fbr::mbn::boards::identifier_fits;

/// How many boards the list plays: `alice` two (the seed's "double board description",
/// which cqlq keeps on one board), `alice=3D` three, `alice=4D` four, else one.
fn boards_of(list: &RuleList) -> u32 {
    let alice = list.rules.iter().find(|r| r.name == "alice" && !r.cancel);
    match alice.and_then(|r| r.attrs.first()).map(|a| a.name.as_str()) {
        None if alice.is_none() => 1,
        Some("3d") => 3,
        Some("4d") => 4,
        _ => 2,
    }
}

/// Refuses a board identifier naming a board the list lacks or leaving one out, and a board
/// transition beside `alice`.
pub(super) fn check_definition_boards(list: &RuleList) -> Result<(), FbrError> {
    let boards = boards_of(list);
    // `O-O<*>=...`, `+P<*>`: the same reading as a piece's identifier.
    let castlings = list.castlings.iter().filter_map(|d| d.boards.as_ref());
    let prefixed = list.prefix_rules.iter().chain(&list.alice_rules);
    for id in castlings.chain(prefixed.filter_map(|r| r.boards.as_ref())) {
        identifier_fits(id, boards).or_else(|e| refuse(e.column, e.reason))?;
    }
    for d in list.pieces.iter().chain(&list.negated) {
        if let Some(id) = &d.boards {
            identifier_fits(id, boards).or_else(|e| refuse(e.column, e.reason))?;
        }
        if let Some(column) = d.transition.filter(|_| boards > 1) {
            return refuse(
                column,
                "an MBN board transition (`<2>mO`) beside `alice` is not evaluated by cqlq: the rule moves each piece between its boards itself (the seed's Alice expansions end each move with `--<+>mO`)",
            );
        }
    }
    Ok(())
}
