//! The piece letters of the board a query is lowered for: what a fairy designator `[=Cc]`
//! names.
//!
//! CQL's own letters (`K Q R B N P`, `A a _ .`) keep their meaning on every board. A fairy
//! variant's other pieces are written by their FEN letter inside `[=...]`: `[=C]` is the white
//! piece whose FEN letter is `C` (Capablanca's chancellor), `[=a]` the black archbishop (not
//! CQL's "any black piece"), `[=+P]` a promoted piece written `+P` in FEN (shogi's tokin). A
//! letter no FEN letter matches is looked up among the SAN letters (xiangqi's horse is `N` in
//! Fairy-Stockfish's FEN and `H` in its SAN: `[=H]` and `N` both name it). The letters come
//! from the variant's definition (`run::fairy` builds them); the query module knows nothing
//! of rules.

use crate::ir::{Color, PieceKinds, PieceType, piece_type};

/// The piece letters of one variant, for lowering `[=...]` designators.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PieceLetters {
    /// The variant's name, for messages (`Capablanca (10x8)`).
    pub variant: String,
    /// FEN letters as written (`C`, `c`, `+P`), each with its colour and CQL piece type.
    fen: Vec<(String, Color, PieceType)>,
    /// SAN letters (upper case), each with its CQL piece type; the case written gives the colour.
    san: Vec<(String, PieceType)>,
    /// Every letter is accepted (as type 31): for asking whether a query can run on some board.
    any: bool,
    /// Pieces of neither side (infinite chess's obstacle `ob` and void `vo`), named in either
    /// case: both colours' bit of their type.
    neutral: Vec<(String, PieceType)>,
}

impl PieceLetters {
    /// The letters of a variant: its FEN letters (with colour and type) and SAN letters.
    pub fn new(
        variant: &str,
        fen: Vec<(String, Color, PieceType)>,
        san: Vec<(String, PieceType)>,
    ) -> Self {
        PieceLetters {
            variant: variant.to_string(),
            fen,
            san,
            any: false,
            neutral: Vec::new(),
        }
    }

    /// Adds pieces of neither side (lower-case names; matched in either case).
    pub fn with_neutral(mut self, neutral: Vec<(String, PieceType)>) -> Self {
        self.neutral = neutral;
        self
    }

    /// The piece names of a fairy designator's letters as written (`[=AMha]` gives `A M h a`):
    /// two letters of one case that together name a piece are one name (infinite chess's
    /// `AM`, `ha`), taken before single letters; every other letter stays alone. Fairy boards
    /// name their pieces with single letters (or `+X`), so there nothing is joined.
    pub fn group(&self, written: &[String]) -> Vec<String> {
        let mut out = Vec::new();
        let mut i = 0;
        while i < written.len() {
            if let Some(next) = written.get(i + 1) {
                let pair = format!("{}{}", written[i], next);
                let same_case = pair.chars().all(|c| c.is_ascii_uppercase())
                    || pair.chars().all(|c| c.is_ascii_lowercase());
                let known = self.fen.iter().any(|(l, _, _)| *l == pair)
                    || self
                        .neutral
                        .iter()
                        .any(|(l, _)| l.eq_ignore_ascii_case(&pair));
                if same_case && known {
                    out.push(pair);
                    i += 2;
                    continue;
                }
            }
            out.push(written[i].clone());
            i += 1;
        }
        out
    }

    /// Standard chess: `[=N]` is `N`; any other letter is refused.
    pub fn standard() -> Self {
        let types = [
            ("P", piece_type::PAWN),
            ("N", piece_type::KNIGHT),
            ("B", piece_type::BISHOP),
            ("R", piece_type::ROOK),
            ("Q", piece_type::QUEEN),
            ("K", piece_type::KING),
        ];
        let mut fen = Vec::new();
        for (letter, t) in types {
            fen.push((letter.to_string(), Color::White, t));
            fen.push((letter.to_lowercase(), Color::Black, t));
        }
        PieceLetters::new("standard chess", fen, Vec::new())
    }

    /// Accepts every letter: a query that lowers with these on a 16x16 board may run on some
    /// fairy board.
    pub fn any_letter() -> Self {
        PieceLetters {
            any: true,
            ..PieceLetters::new("any variant", Vec::new(), Vec::new())
        }
    }

    /// The kinds `letter` (as written inside `[=...]`) names, or None when the variant has no
    /// such piece.
    pub fn kinds(&self, letter: &str) -> Option<PieceKinds> {
        let white = !letter.chars().any(|c| c.is_ascii_lowercase());
        let color = if white { Color::White } else { Color::Black };
        if let Some((_, t)) = self
            .neutral
            .iter()
            .find(|(l, _)| l.eq_ignore_ascii_case(letter))
        {
            let bit = 1u32 << (*t).min(31);
            return Some(PieceKinds {
                white: bit,
                black: bit,
                empty: false,
            });
        }
        let t = if self.any {
            31
        } else if let Some((_, c, t)) = self.fen.iter().find(|(l, _, _)| l == letter) {
            return Some(PieceKinds::one(*c, *t));
        } else {
            let upper = letter.to_ascii_uppercase();
            self.san.iter().find(|(l, _)| *l == upper)?.1
        };
        Some(PieceKinds::one(color, t))
    }

    /// The FEN letters, for messages (`C c A a ...`).
    pub fn known(&self) -> String {
        let mut letters: Vec<&str> = self.fen.iter().map(|(l, _, _)| l.as_str()).collect();
        letters.extend(self.neutral.iter().map(|(l, _)| l.as_str()));
        letters.join(" ")
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn fen_letters_first_then_san() {
        let letters = PieceLetters::new(
            "xiangqi",
            vec![
                ("N".into(), Color::White, 1),
                ("n".into(), Color::Black, 1),
                ("A".into(), Color::White, 6),
            ],
            vec![("H".into(), 1), ("A".into(), 6)],
        );
        assert_eq!(letters.kinds("N"), Some(PieceKinds::one(Color::White, 1)));
        assert_eq!(letters.kinds("h"), Some(PieceKinds::one(Color::Black, 1)));
        assert_eq!(letters.kinds("A"), Some(PieceKinds::one(Color::White, 6)));
        assert_eq!(letters.kinds("a"), Some(PieceKinds::one(Color::Black, 6)));
        assert_eq!(letters.kinds("C"), None);
        assert_eq!(PieceLetters::standard().kinds("C"), None);
        assert!(PieceLetters::any_letter().kinds("Z").is_some());
    }

    #[test]
    fn two_letter_names_are_grouped_first() {
        let letters = PieceLetters::new(
            "infinite chess",
            vec![
                ("N".into(), Color::White, 1),
                ("R".into(), Color::White, 3),
                ("NR".into(), Color::White, 17),
                ("am".into(), Color::Black, 6),
            ],
            Vec::new(),
        )
        .with_neutral(vec![("ob".into(), 20)]);
        let g = |s: &str| letters.group(&s.chars().map(String::from).collect::<Vec<_>>());
        // `NR` is the knightrider, before `N` then `R`; mixed case is never one name.
        assert_eq!(g("NRam"), ["NR", "am"]);
        assert_eq!(g("NaR"), ["N", "a", "R"]);
        assert_eq!(g("OBob"), ["OB", "ob"]);
        assert_eq!(g("Am"), ["A", "m"]);
        // Neutral pieces: both colours' bit, whatever the case.
        let both = letters.kinds("OB").unwrap();
        assert_eq!((both.white, both.black), (1 << 20, 1 << 20));
        // Single-letter boards join nothing.
        assert_eq!(
            PieceLetters::standard().group(&["N".into(), "R".into()]),
            ["N", "R"]
        );
    }

    fn designator(text: &str) -> crate::query::ast::Designator {
        let ast = crate::query::cql_to_ast(text).expect("parses");
        match &ast.body[0].kind {
            crate::query::ast::ExprKind::Pieces(d) => d.clone(),
            other => panic!("{text}: not a designator: {other:?}"),
        }
    }

    #[test]
    fn fairy_sets_and_corner_ranges_parse() {
        let d = designator("[=Cc+P]i1");
        assert_eq!(d.fairy, ["C", "c", "+P"]);
        assert_eq!(d.pieces, Some(vec![]));
        // `[a1-j10]` is the rectangle `a-j1-10`; `[=A]` is not CQL's `A`.
        assert_eq!(
            designator("R[a1-j10]").squares,
            designator("Ra-j1-10").squares
        );
        assert_eq!(designator("[=A]").pieces, Some(vec![]));
        assert_eq!(designator("A").pieces, Some(vec!['A']));
        assert!(crate::query::cql_to_ast("[=]").is_err());
    }
}
