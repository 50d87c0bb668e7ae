//! What cqlq refuses of seed 001, and why: the rules refused as a whole and the attributes
//! refused of rules it evaluates, each with the reason the error message gives (what a PGN
//! game or the fairy engine cannot hold).

/// FBR rules refused, with the reason.
pub(super) const REFUSED: &[(&str, &str)] = &[
    (
        "announcement",
        "needs a PGN token for an announcement declared before a move (`/Name/`, not defined yet) and the MBN promotion rules bound to it (the seed's `*W/DragonResurrection/==+D`: a prefixed promotion rule with an announcement), which cqlq's MBN does not read (prefixed promotion rules are refused)",
    ),
    (
        "avalanche",
        "needs two moves a turn, the second pushing an enemy pawn (the seed's `turn<1> turn#<2>{!p}=avalanche #P=mfW`); no source fixes how a PGN writes that push (whose pawn a SAN `e5` moves), and the fairy engine's moves move only the mover's own pieces",
    ),
    ("bughouse", "needs two boards and partner games"),
    (
        "swap",
        "needs prefixed promotion rules (`-Q==R`, `+R==Q`) applied to the swapped pieces; swap moves themselves are MBN `w` (`Q=mQ+wQ`)",
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
        "the seed does not say what facing is (royals on an open file as xiangqi's kings, on any open line, or side by side: \"performed with check only given by opponent's King\"), and the answer may be a draw claim, which a PGN move list does not hold",
    ),
    (
        "torus",
        "spacious",
        "spacious pieces (the seed's `K=K-!mK`) need MBN multi-leg moves with a negated leg, whose direction the expansion does not fix (Betza's spacious pieces look one step on in the move's direction, the expansion's pawn `-!mK` in any; the FBR author himself calls the spacious pawn's and knight's rules unclear, ccif feature request 5)",
    ),
    (
        "promotion",
        "available",
        "a dead piece promoting as soon as a piece is available needs a promotion without a move",
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
        "enpassant",
        "promotion in any leg needs MBN multi-leg moves",
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
        "warp",
        "a piece that reaches the zone stays unpromoted until `warp` takes it off (`@@sq`) and is then promoted; the warp layer does not tie a removal to a pending promotion yet",
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
