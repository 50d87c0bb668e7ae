//! What cqlq refuses of seed 001, and why: the rules refused as a whole and the attributes
//! refused of rules it evaluates, each with the reason the error message gives (what a PGN
//! game or the fairy engine cannot hold).

/// FBR rules refused, with the reason.
pub(super) const REFUSED: &[(&str, &str)] = &[
    (
        "announcement",
        "needs announcements declared before a move (`/Name/`), which a PGN game does not record, and MBN definitions bound to them",
    ),
    (
        "avalanche",
        "needs two moves a turn, the second pushing an enemy pawn (the seed's `turn<1> turn#<2>{!p}=avalanche #P=mfW`); no source fixes how a PGN writes that push (whose pawn a SAN `e5` moves)",
    ),
    ("bughouse", "needs two boards and partner games"),
    (
        "multicapture",
        "needs MBN multi-leg moves capturing several pieces, which the fairy engine's moves (one capture, or a lion's two) cannot hold",
    ),
    ("muskeeter", "needs Musketeer gating of MBN-defined pieces"),
    ("musketeer", "needs Musketeer gating of MBN-defined pieces"),
    (
        "pincher",
        "needs a move that also puts the pinched piece on a square of the pincher's choice, which a PGN move (SAN) cannot record",
    ),
    (
        "progressive",
        "needs turns of growing length (1, 2, 3 ... moves); only `monster`'s double move is built in",
    ),
    (
        "swap",
        "needs MBN swap moves (`w`: two pieces exchange squares) and prefixed promotion rules; the fairy engine has no swap move",
    ),
    (
        "swapping",
        "needs MBN swap moves (`(dttwQ)0`: two pieces exchange squares); the fairy engine has no swap move",
    ),
    (
        "switching",
        "needs MBN swap moves (`wwK`: two friendly pieces exchange squares); the fairy engine has no swap move",
    ),
    (
        "turn",
        "needs multi-move turns (only `monster`'s double move is built in)",
    ),
];

/// Attributes refused of rules cqlq evaluates (`rule`, `attribute`, why).
const REFUSED_ATTRIBUTES: &[(&str, &str, &str)] = &[
    (
        "drop",
        "immediate",
        "the seed leaves open who places the piece (its own `TODO: who is placing the piece`), and a PGN move does not record where",
    ),
    (
        "royal",
        "evasefacing",
        "a royal moved to face the enemy royal, answered by a draw claim or a move breaking the facing needs a claim a PGN move list does not hold",
    ),
    (
        "royal",
        "suicide",
        "a mated royal removed from the board needs a removal move, which SAN cannot write",
    ),
    (
        "torus",
        "spacious",
        "spacious pieces (the seed's `K=K-!mK`) need MBN multi-leg moves with a negated leg, whose direction the expansion does not fix (Betza's spacious pieces look one step on in the move's direction, the expansion's pawn `-!mK` in any)",
    ),
    (
        "promotion",
        "available",
        "a dead piece promoting as soon as a piece is available needs a promotion without a move",
    ),
    (
        "promotion",
        "capture",
        "promotion after a capture in the zone needs promotion rules tied to captures, which the fairy promotion zones do not hold",
    ),
    (
        "promotion",
        "captures",
        "needs promotion rules tied to captures, which the fairy promotion zones do not hold",
    ),
    (
        "promotion",
        "castle",
        "castling rights for a promoted piece need castling partners made by promotion; the rights are the definition's",
    ),
    (
        "promotion",
        "continue",
        "the promoted piece moving on needs MBN multi-leg moves",
    ),
    (
        "promotion",
        "demote",
        "needs `origin` and an MBN demotion rule (`-Q==R`)",
    ),
    (
        "promotion",
        "entersuspend",
        "a promotion put off by turns needs each piece's promotion history, which a position does not hold",
    ),
    (
        "promotion",
        "suspend",
        "a promotion put off by turns needs each piece's promotion history, which a position does not hold",
    ),
    (
        "promotion",
        "enpassant",
        "promotion in any leg needs MBN multi-leg moves",
    ),
    (
        "promotion",
        "leave",
        "promotion on leaving the zone needs MBN prefixed promotion rules",
    ),
    (
        "promotion",
        "move",
        "promotion after a move within the zone needs MBN prefixed promotion rules (`*N==X`; `cheshire` is built in)",
    ),
    (
        "promotion",
        "null",
        "promotion without a move needs a move SAN cannot write",
    ),
    (
        "promotion",
        "origin",
        "a piece put on the square a piece leaves needs MBN prefixed promotion rules (`*N==X`; `cheshire` is built in)",
    ),
    (
        "promotion",
        "stack",
        "promotion only to captured pieces kept on a stack needs a stack of captured pieces per side",
    ),
    (
        "promotion",
        "swap",
        "promotion after a swap needs MBN swap moves, which the fairy engine does not have",
    ),
    (
        "promotion",
        "warp",
        "promotion when warped needs a warp's removal, which SAN cannot write",
    ),
];

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
