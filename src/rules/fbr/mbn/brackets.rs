//! What a `[` in an MBN movement opens, for the refusal that names it: MBN writes three
//! different things in brackets (the MBN BNF restated in `../shared/variants/fbr`): a board
//! range on a partial move (`[1-2]mefW02`, `[a,h]zB`), an optional move of a sequence
//! (`<OptionalMove> ::= '[' <MoveSequence> ']'`: the seed's Fire Demon `[mK]--[mK]--K`) and a
//! condition (the seed's conversion king `[+]cK`, castling's and switching's `[*]`).

/// The name of what the bracket at `chars[at]` opens (`chars[at] == '['`).
pub(super) fn bracket_meaning(chars: &[char], at: usize) -> &'static str {
    let inside: String = chars[at + 1..].iter().take_while(|&&c| c != ']').collect();
    match inside.as_str() {
        "+" => {
            "the condition `[+]` (the seed's conversion king `*K=[+]cK`: \"If the King is not in check ... and the moving King was not checked\"; whether `[+]` tests the present check or the king's history, as \"was not checked\" says, the seed leaves open, and `[*]` is the present check elsewhere)"
        }
        "*" => "the condition `[*]` (castling's and `switching=notincheck`'s expansion)",
        _ if inside.chars().any(|c| c.is_ascii_uppercase()) => {
            "an optional move `[...]` of a move sequence (the seed's Fire Demon `[mK]--[mK]--K`)"
        }
        _ => "a board range on a partial move",
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn meaning(text: &str) -> &'static str {
        bracket_meaning(&text.chars().collect::<Vec<_>>(), 0)
    }

    #[test]
    fn each_bracket_is_named() {
        assert!(meaning("[+]cK").contains("condition `[+]`"));
        assert!(meaning("[*]wwK").contains("condition `[*]`"));
        assert!(meaning("[mK]--K").contains("optional move"));
        assert!(meaning("[1-2]mefW02").contains("board range"));
        assert!(meaning("[a,h]zB").contains("board range"));
    }
}
