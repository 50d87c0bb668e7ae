//! The heavy filters' fast forms against their plain forms, at every main-line position of
//! real games (`../shared/data/std-visible-5k.pgn`; skipped when absent). Each pair must
//! match exactly the same positions. The right-hand form is the same filter written so that
//! the fast path cannot be taken (reasoning next to each pair), so it is the loop the fast
//! path replaces:
//! - nested `piece`/`square` loops whose body is existential in the inner variables are
//!   decided with the inner variables bound to whole sets (`eval/loops.rs`); `not not F`
//!   matches exactly where F does but is not existential, so the loops iterate square by
//!   square;
//! - a `piece` loop whose body reads the current position only binds its variable as a
//!   square; `ply >= 0` is always true but is not on the list of filters that read the
//!   current position only, so the variable is bound to the piece's identity (the piece
//!   table);
//! - `move legal count` / `move pseudolegal count` are counted on bitboards without listing
//!   the moves; `from .` admits every move (each has a from square, `.` is every square)
//!   but is a parameter, so the moves are listed and counted one by one;
//! - the `or` of a transform's images is decided on piece sets read once; an image with a
//!   trailing `true` is not a placement, so each image is evaluated filter by filter;
//! - a `square` loop whose body picks squares of its variable one by one (`x attackedby T`,
//!   `x attacks T`, `x & T`) is evaluated once for the whole domain (`loops::selects_from`);
//!   `not not F` matches where F does but picks nothing, so the loop goes square by square.

use crate::common;

/// (fast form, plain form)
const PAIRS: &[(&str, &str)] = &[
    (
        "flipcolor { piece X in [QRB] piece Y in [qrbnp] piece Z in [qrbnp] ray orthogonal (X Y Z) or ray diagonal (X Y Z) }",
        "flipcolor { piece X in [QRB] piece Y in [qrbnp] piece Z in [qrbnp] not not (ray orthogonal (X Y Z) or ray diagonal (X Y Z)) }",
    ),
    (
        "piece X in [RQ] piece Y in [nbrq] pin from X through Y",
        "piece X in [RQ] piece Y in [nbrq] not not pin from X through Y",
    ),
    (
        "square X in [QRB] square Y in a { xray (X Y k) }",
        "square X in [QRB] square Y in a { not not xray (X Y k) }",
    ),
    (
        "piece X in A piece Y in a { Y attackedby X and Y & between(X k) }",
        "piece X in A piece Y in a { not not (Y attackedby X and Y & between(X k)) }",
    ),
    (
        "piece X in [QRB] { piece Y in [qrbnp] ray (X Y k) or X attacks q }",
        "piece X in [QRB] { piece Y in [qrbnp] not not ray (X Y k) or X attacks q }",
    ),
    (
        "#(piece x in N { #(a attackedby x) >= 3 }) >= 1",
        "#(piece x in N { ply >= 0 #(a attackedby x) >= 3 }) >= 1",
    ),
    (
        "#(piece x in [RQ] { ray (x k) }) == 1",
        "#(piece x in [RQ] { ply >= 0 ray (x k) }) == 1",
    ),
    (
        "move pseudolegal count == move pseudolegal from . count",
        "true",
    ),
    ("move legal count == move legal from . count", "true"),
    ("shift { Ra1 Rb1 }", "shift { Ra1 Rb1 true }"),
    (
        "square all x in a { x attackedby a }",
        "square all x in a { not not x attackedby a }",
    ),
    (
        "square all x in [RQ] { x attacks . }",
        "square all x in [RQ] { not not x attacks . }",
    ),
    (
        "#(square x in [RQ] { x attacks k }) == 1",
        "#(square x in [RQ] { not not x attacks k }) == 1",
    ),
    (
        "#(square x in A { x & [Kk] }) == 1",
        "#(square x in A { not not x & [Kk] }) == 1",
    ),
    ("flip { Ka1 Rb1 }", "flip { Ka1 Rb1 true }"),
    (
        "shifthorizontal { Pc4 Pd4 Pe4 }",
        "shifthorizontal { Pc4 Pd4 Pe4 true }",
    ),
];

/// The fast forms match exactly where their plain forms do, on 300 real games.
#[test]
fn fast_filters_match_their_plain_forms_on_real_games() {
    let Some(path) = common::shared_file("data/std-visible-5k.pgn") else {
        return;
    };
    let games = common::replay_file(&path, 300);
    let mut matched = vec![0usize; PAIRS.len()];
    for (k, (fast, plain)) in PAIRS.iter().enumerate() {
        let (f, p) = (common::compile(fast), common::compile(plain));
        for (i, game) in games.iter().enumerate() {
            let Some(game) = game else { continue };
            let n = i as u64 + 1;
            let (a, b) = (
                common::matching_plies(game, n, &f),
                common::matching_plies(game, n, &p),
            );
            assert_eq!(a, b, "game {n}: `{fast}` vs `{plain}`");
            matched[k] += a.len();
        }
    }
    // Each pair is exercised: both sides match somewhere (so an always-false fast path
    // would not pass).
    for (k, (fast, _)) in PAIRS.iter().enumerate() {
        assert!(matched[k] > 0, "`{fast}` never matched");
    }
}
