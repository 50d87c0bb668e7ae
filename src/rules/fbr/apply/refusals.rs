//! What cqlq refuses of seed 001, and why: the rules refused as a whole and the attributes
//! refused of rules it evaluates, each with the reason the error message gives (what a PGN
//! game or the fairy engine cannot hold).

/// FBR rules refused, with the reason.
pub(super) const REFUSED: &[(&str, &str)] = &[
    (
        "announcement",
        "needs announcements declared before a move (`/Name/`), which a PGN game does not record, and the MBN promotion rules bound to them (the seed's `*W/DragonResurrection/==+D`), which cqlq's MBN does not read (a prefixed promotion rule bound to an announcement is refused at its `/`)",
    ),
    ("bughouse", "needs two boards and partner games"),
    (
        "muskeeter",
        "needs Musketeer gating of MBN-defined pieces: the two extra piece types are chosen, and each placed behind a first-rank piece, before the first move (Musketeer-Stockfish writes these as moves of their own, `C`, `C@a0`), which a PGN's SAN moves do not hold, and the seed gives no expansion of the rule",
    ),
    (
        "musketeer",
        "needs Musketeer gating of MBN-defined pieces: the two extra piece types are chosen, and each placed behind a first-rank piece, before the first move (Musketeer-Stockfish writes these as moves of their own, `C`, `C@a0`), which a PGN's SAN moves do not hold, and the seed gives no expansion of the rule",
    ),
    (
        "pincher",
        "needs a pinch the seed leaves open (a move of its own or part of the pincher's move, once a turn or for every piece in the zone) that puts the pinched piece on a square of the pincher's choice, which a PGN move (SAN) cannot record",
    ),
    (
        "swapping",
        "needs swap sequences (the seed's `(dttwQ)0`: Swap Chess's piece swapping on and on in one move, `Qd1/g4/g7/h8`), which a SAN move cannot write; single swaps are MBN `w` (`Q=mQ+wQ`)",
    ),
];

/// Attributes refused of rules cqlq evaluates (`rule`, `attribute`, why).
const REFUSED_ATTRIBUTES: &[(&str, &str, &str)] = &[];

/// The error text for an attribute of a rule cqlq evaluates but not with that attribute.
pub(super) fn attribute_refusal(rule: &str, attribute: &str) -> String {
    match REFUSED_ATTRIBUTES
        .iter()
        .find(|(r, a, _)| *r == rule && *a == attribute)
    {
        Some((_, _, why)) if why.starts_with("needs") => {
            format!("`{rule}={attribute}` is not implemented: it {why}")
        }
        Some((_, _, why)) => format!("`{rule}={attribute}` is not implemented: {why}"),
        None => format!("`{rule}={attribute}` is not implemented"),
    }
}
