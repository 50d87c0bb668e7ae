//! What a `[` in an MBN movement opens, for the refusal that names it: MBN writes three
//! different things in brackets (the MBN BNF restated in `../shared/variants/fbr`): a board
//! range on a partial move (`[1-2]mefW02`, `[a,h]zB`), an optional move of a sequence
//! (`<OptionalMove> ::= '[' <MoveSequence> ']'`: the seed's Fire Demon `[mK]--[mK]--K`, read
//! by `super::sequence` when it is a whole leg) and a condition (the seed's conversion king
//! `[+]cK`, castling's and switching's `[*]`; those at the start of an alternative are taken
//! out before the MBN reader by `fbr::mbn_conditions`, so one reaching it stands elsewhere).

/// The name of what the bracket at `chars[at]` opens (`chars[at] == '['`).
pub(super) fn bracket_meaning(chars: &[char], at: usize) -> &'static str {
    let inside: String = chars[at + 1..].iter().take_while(|&&c| c != ']').collect();
    match inside.as_str() {
        "+" => {
            "the condition `[+]` at this place (cqlq reads a condition at the start of an alternative of a definition, the seed's conversion king `*K=[+]cK`: `fbr::mbn_conditions`)"
        }
        "*" => {
            "the condition `[*]` at this place (cqlq reads a condition at the start of an alternative of a definition, switching's `K=K+[*]wwK`, and after a sequence as `--!jj{K}U[*]`: `fbr::mbn_conditions`)"
        }
        _ if inside.chars().any(|c| c.is_ascii_uppercase()) => {
            "an optional move `[...]` anywhere but as a whole leg of a move sequence (as in the seed's Fire Demon `[mK]--[mK]--K`, which is read)"
        }
        _ => {
            "a board range anywhere but before a partial move (the squares it starts from, `[1-2]mfW02`) or right after its steps (the squares it lands on, `mR[4]`)"
        }
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
