//! FBR's `announcement` (seed 001) with the seed's own example, on a board of nine ranks (its
//! ranges `[8-9]` and `[9]`): `promotion+[8-9] promotion*[9]
//! announcement{GHW}[8-9]/DragonResurrection/ +W==H !+W/DragonResurrection/
//! *W/DragonResurrection/==+D`. No oracle has announcements (Fairy-Stockfish and SjaakII have
//! no declared moves), so each position is hand-made with the seed's sentence beside it; a PGN
//! game replayed by `--rules` checks the token `Wc9=D/DragonResurrection/` end to end.

use std::sync::Arc;

use cqlq::rules::fairy::{FMove, FairyPos, MoveKind, load_variants};
use cqlq::rules::fbr::variant_with_rules;

/// A board of 8 files and 9 ranks: a king, the Warrior `W` (a pawn without double step or en
/// passant), the Hero `H` (a king's leaps), the Griffon `G` (a knight) and the Dragon `D` (a
/// queen). None of them promotes by its definition: the rules give the promotions.
const DRAGONS: &str = "Variant: Dragon announcement (8x9)
Board: 8x9
FEN: \"4k3/8/8/8/8/8/8/WWWWWWWW/4K3 w - - 0 1\"

Piece: King
Move: leap (0,1)|(1,1)
Symbol: \"K\", \"K,k\"
Flags: royal

Piece: Warrior
Move: step N
Capture: step NE,NW
Symbol: \"W\", \"W,w\"

Piece: Hero
Move: leap (0,1)|(1,1)
Symbol: \"H\", \"H,h\"

Piece: Griffon
Move: leap (2,1)
Symbol: \"G\", \"G,g\"

Piece: Dragon
Move: slide (D,A,H,V)
Symbol: \"D\", \"D,d\"
";

/// The seed's example, word for word.
const SEED: &str = "promotion+[8-9] promotion*[9] announcement{GHW}[8-9]/DragonResurrection/ +W==H !+W/DragonResurrection/ *W/DragonResurrection/==+D";

fn variant(rules: &str) -> Result<Arc<cqlq::rules::fairy::Variant>, String> {
    let def = load_variants("dragons", DRAGONS).expect("definition")[0]
        .def
        .clone();
    variant_with_rules(&def, rules)
        .map(Arc::new)
        .map_err(|e| e.to_string())
}

fn pos(rules: &str, fen: &str) -> FairyPos {
    let v = variant(rules).unwrap_or_else(|e| panic!("{rules}: {e}"));
    FairyPos::from_fen(v, fen).expect("fen")
}

use crate::common::fairy_square_name as sq;

/// The legal moves from `square`: destination and promotion letter, sorted.
fn from(p: &FairyPos, square: &str) -> Vec<String> {
    let mut v: Vec<String> = p
        .legal_moves()
        .iter()
        .filter(|m| m.kind == MoveKind::Normal && sq(m.from) == square)
        .map(|m| {
            let promo = m.promo.map_or(String::new(), |t| {
                p.v.kinds[t as usize].def.symbols[0].clone()
            });
            format!("{}{promo}", sq(m.to))
        })
        .collect();
    v.sort();
    v
}

fn san(p: &FairyPos, text: &str) -> Result<FMove, String> {
    p.san_to_move(text).map_err(|e| e.to_string())
}

fn strings(v: &[&str]) -> Vec<String> {
    v.iter().map(|s| s.to_string()).collect()
}

#[test]
fn the_announced_warrior_promotes_to_the_bound_dragon_only() {
    // "The piece W is promoting to piece +D, but only if the announcment DragonResurrection
    // has been declared previously for this specific piece. And in this case this promotion
    // rule must be applied, there is no choice." W on c8 (rank 8 of 9) stepping to c9 (the `*`
    // zone `[9]`): plainly it becomes H (`+W==H` on `[8-9]`), announced only D.
    let p = pos(SEED, "4k3/2W5/8/8/8/8/8/8/4K3 w - - 0 1");
    assert_eq!(from(&p, "c8"), strings(&["c9D", "c9H"]));
    let plain = san(&p, "Wc9=H").unwrap();
    let announced = san(&p, "Wc9=D/DragonResurrection/").unwrap();
    assert_eq!(
        plain
            .promo
            .map(|t| p.v.kinds[t as usize].def.symbols[0].as_str()),
        Some("H")
    );
    assert_eq!(
        announced
            .promo
            .map(|t| p.v.kinds[t as usize].def.symbols[0].as_str()),
        Some("D")
    );
    // No choice under the announcement: the bare move names the one announced promotion.
    assert_eq!(san(&p, "Wc9/DragonResurrection/").unwrap(), announced);
    // "+D": the Dragon has promoted status (the engine's promoted mark, as every promotion's
    // piece: what `holding=demote` and `promotion=once` read).
    let mut after = p.clone();
    after.make(&announced);
    assert!(
        after.to_fen(true).starts_with("2D1k3/"),
        "{}",
        after.to_fen(true)
    );
    assert!(after.promoted.has(8 * 16 + 2), "c9 holds a promoted piece");
}

#[test]
fn an_announcement_cancels_the_plus_rule_for_the_moving_piece() {
    // "the promotion rule +W==H is canceled when announcment DragonResurrection is active for
    // the related piece, this means that it cannot promote to piece H on rank 8 or 9 if
    // DragonResurrection is announced": W c7-c8 announced stays a W (rank 8 is no `*` zone);
    // plainly it must become H.
    let p = pos(SEED, "4k3/8/2W5/8/8/8/8/8/4K3 w - - 0 1");
    assert_eq!(from(&p, "c7"), strings(&["c8", "c8H"]));
    let announced = san(&p, "Wc8/DragonResurrection/").unwrap();
    assert_eq!(announced.promo, None);
    assert!(san(&p, "Wc8=H").unwrap().promo.is_some());
    // Without the declaration the bare `Wc8` is the plain (forced) promotion.
    assert!(san(&p, "Wc8").unwrap().promo.is_some());
    // Announced, an H is impossible.
    assert!(san(&p, "Wc8=H/DragonResurrection/").is_err());
}

#[test]
fn an_announcement_is_declared_only_for_its_pieces_on_its_range_and_where_it_changes_the_move() {
    // "the announcement can be done only for these pieces at one of the squares matching the
    // board range" and "it must be applied, but only if possible": W c6-c7 (rank 7, outside
    // `[8-9]`) has no announced move; the Griffon of `{GHW}` has no rule bound, so announcing
    // for it changes nothing and is no move; the king is not of the set.
    let p = pos(SEED, "4k3/8/8/2W2G2/8/8/8/8/4K3 w - - 0 1");
    assert_eq!(from(&p, "c6"), strings(&["c7"]));
    assert!(san(&p, "Wc7/DragonResurrection/").is_err());
    let griffon = from(&p, "f6");
    assert!(griffon.iter().all(|m| m.len() == 2), "{griffon:?}");
    assert!(san(&p, "Ge8/DragonResurrection/").is_err());
    assert!(san(&p, "Ge8").is_ok());
    // A range of rank 9 only: W c7-c8 can no longer be announced.
    let rules = SEED.replace("[8-9]/Dragon", "[9]/Dragon");
    let p = pos(&rules, "4k3/8/2W5/8/8/8/8/8/4K3 w - - 0 1");
    assert_eq!(from(&p, "c7"), strings(&["c8H"]));
}

#[test]
fn the_declared_announcement_must_be_the_one_a_move_needs() {
    // A move only an announcement gives needs its declaration; a declaration of an unknown
    // name is an illegal move naming it.
    let p = pos(SEED, "4k3/2W5/8/8/8/8/8/8/4K3 w - - 0 1");
    assert!(san(&p, "Wc9=D").is_err());
    let e = san(&p, "Wc9=D/Dragon/").unwrap_err();
    assert!(e.contains("/Dragon/"), "{e}");
    // Check marks may stand before or after the declaration.
    assert!(san(&p, "Wc9=D+/DragonResurrection/").is_ok());
    assert!(san(&p, "Wc9=D/DragonResurrection/+").is_ok());
    // Black's ranges are mirrored: a black W on c2 announced to c1 becomes a D.
    let p = pos(SEED, "4k3/8/8/8/8/8/8/2w5/4K3 b - - 0 1");
    assert_eq!(from(&p, "c2"), strings(&["c1D", "c1H"]));
}

#[test]
fn pieces_rules_fulfilled_bar_the_announcement() {
    // "If any of the declared piece rules (pieces) is fulfilled, then an announcement is not
    // possible. This can be restricted to an optional piece set following the attribute."
    // `pieces{D}=total(1)` is fulfilled while white has its one Dragon.
    let fen = "4k3/8/2W5/8/8/8/8/8/D3K3 w - - 0 1";
    let barred = SEED.replace("/DragonResurrection/ +W", "/DragonResurrection/=pieces +W")
        + " pieces{D}=total(1)";
    let p = pos(&barred, fen);
    assert_eq!(from(&p, "c7"), strings(&["c8H"]));
    // Without the Dragon the rule is not fulfilled: the announcement is possible.
    let p = pos(&barred, "4k3/8/2W5/8/8/8/8/8/4K3 w - - 0 1");
    assert_eq!(from(&p, "c7"), strings(&["c8", "c8H"]));
    // Restricted to `{H}`, the Dragon's rule does not count.
    let restricted = barred.replace("=pieces +W", "=pieces{H} +W");
    let p = pos(&restricted, fen);
    assert_eq!(from(&p, "c7"), strings(&["c8", "c8H"]));
}

#[test]
fn announcement_rules_cqlq_cannot_apply_are_refused_at_their_column() {
    for (rules, says) in [
        ("announcement{W}[8-9]", "needs its name"),
        (
            "announcement{W}[8-9]/X/ promotion+[8-9] +W==H",
            "no rule bound",
        ),
        ("promotion+[8-9] +W==H !+W/X/", "names no announcement"),
        (
            "announcement{G}/X/ promotion+[8-9] +W==H !+W/X/",
            "not among the pieces",
        ),
        ("announcement{W}/X/ *W/X/==D", "promotion*[range]"),
        (
            "announcement{W}/X/=maxchecks(3) promotion+ +W==H !+W/X/",
            "not an attribute",
        ),
        (
            "announcement{W}/X/ promotion+=capture +W==H !+W/X/",
            "beside the `promotion` attributes",
        ),
        (
            "announcement{W}/X/ announcement{W}/X/ promotion+ +W==H !+W/X/",
            "second announcement",
        ),
        ("promotion*=origin,move *W==+D", "promoted status"),
        // The seed's other binding, "a special move definition", is an MBN movement bound
        // to the announcement, which the piece-definition reader refuses at its `/`.
        ("announcement{W}/X/ W/X/=mK", "after a piece letter"),
    ] {
        match variant(rules) {
            Ok(_) => panic!("`{rules}` was accepted"),
            Err(e) => assert!(e.contains(says), "{rules}: {e}"),
        }
    }
}

#[test]
fn a_plus_result_is_the_promoted_piece_of_the_boards_promotion() {
    // `+W==+H`: the `+` of the result is the promoted status every board promotion gives
    // (`holding=demote` gives a promoted piece back as what it promoted from).
    let p = pos("+W==+H", "4k3/2W5/8/8/8/8/8/8/4K3 w - - 0 1");
    assert_eq!(from(&p, "c8"), strings(&["c9H"]));
}

#[test]
fn an_announced_game_replays_from_pgn() {
    // End to end: the definition from a file, the seed's rules by `--rules`; 1. Wc9=D/...
    // makes a Dragon (the query `[=D]` then matches the positions after it: 2), and the game
    // without the declaration is a bad game naming its move.
    let dir = tempfile::tempdir().expect("temp dir");
    let defs = dir.path().join("dragons.txt");
    std::fs::write(&defs, DRAGONS).expect("write definitions");
    let head = "[Variant \"Dragon announcement\"]\n[SetUp \"1\"]\n[FEN \"4k3/2W5/8/8/8/8/8/8/4K3 w - - 0 1\"]\n\n";
    let pgn = format!(
        "[Event \"announced\"]\n{head}1. Wc9=D/DragonResurrection/+ Kf8 *\n\n[Event \"undeclared\"]\n{head}1. Wc9=D Kf8 *\n"
    );
    let out = crate::common::cqlq_fed(
        None,
        &[
            "--variants",
            defs.to_str().unwrap(),
            "--rules",
            SEED,
            "-e",
            "[=D]",
            "-",
        ],
        pgn.as_bytes(),
    );
    let err = crate::common::stderr(&out);
    let text = String::from_utf8_lossy(&out.stdout);
    assert!(
        err.contains("1 matched, 2 positions matched, 1 bad game"),
        "{err}"
    );
    assert!(err.contains("Wc9=D"), "the bad game names the move: {err}");
    // The matched game is written with its token as read.
    assert!(text.contains("Wc9=D/DragonResurrection/+"), "{text}");
}
