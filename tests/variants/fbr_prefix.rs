//! MBN prefixed promotion rules in a rule list (`+P==QRBN`, `-Q==R`, `*KQRBNP==X`, a bare
//! `+P`), `promotion<p>=origin` with `demote`, and the rule `swap=demote,promote`, on FIDE
//! chess (the bundled definition). No oracle has prefixed rules (Fairy-Stockfish's
//! `promotionPieceTypes` is one list per variant, SjaakII's promotions neither demote nor
//! fill squares), so each expectation is hand-made from seed 001's sentence beside it, and
//! `cheshire`'s own tests (`fbr_rest`) are the truth for the seed's expansion of `cheshire`.

use cqlq::rules::fairy::{FMove, FairyPos, MoveKind};
use cqlq::rules::fbr::chess_with_rules;

use super::fbr_rules::{from, moves, play, pos};

/// The piece on a square: its FEN letter (upper case white).
fn letter_on(p: &FairyPos, square: &str) -> Option<String> {
    let b = square.as_bytes();
    let s = usize::from(b[1] - b'1') * 16 + usize::from(b[0] - b'a');
    p.piece(s).map(|(c, t)| p.v.kinds[t].def.symbols[c].clone())
}

/// Reads and plays a SAN move.
fn san(p: &mut FairyPos, text: &str) -> FMove {
    let m = p
        .san_to_move(text)
        .unwrap_or_else(|e| panic!("{text}: {e} in {}", p.to_fen(true)));
    p.make(&m);
    m
}

fn refusal(rules: &str) -> cqlq::rules::fbr::parse::FbrError {
    match chess_with_rules(rules) {
        Ok(_) => panic!("`{rules}` was accepted"),
        Err(e) => e,
    }
}

/// The start position without castling rights: `cheshire` removes castling ("castling is
/// impossible in Cheshire Cat Chess"), its expansion does not say so, so the two are compared
/// where no castling can happen.
const START_NO_CASTLING: &str = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w - - 0 1";

/// The seed's expansion of `cheshire{X}`: "royal pieces{X}=neutral,immovable,transparent
/// promotion*=origin,move X *KQRBNP==X", with `X` written `X=W` (the seed's bare `X` declares
/// the removed square's piece; a bare letter in cqlq must name a piece of the board, and an
/// immovable transparent piece's movement never shows).
const CHESHIRE_EXPANDED: &str =
    "royal pieces{X}=neutral,immovable,transparent promotion*=origin,move X=W *KQRBNP==X";

#[test]
fn the_seeds_cheshire_expansion_plays_as_cheshire() {
    // A game with captures, an en passant capture and a promotion (each leaves its origin
    // square removed); at every ply both rule lists give the same position and moves.
    let game = [
        "e2e4", "d7d5", "e4d5", "g8f6", "d1f3", "c7c5", "d5c6", "b8a6", "c6b7", "f6g4", "b7c8q",
        "d8c8",
    ];
    let mut built_in = pos("royal cheshire{X}", START_NO_CASTLING);
    let mut expanded = pos(CHESHIRE_EXPANDED, START_NO_CASTLING);
    for m in game {
        play(&mut built_in, m);
        play(&mut expanded, m);
        assert_eq!(built_in.to_fen(true), expanded.to_fen(true), "after {m}");
        assert_eq!(moves(&built_in), moves(&expanded), "after {m}");
    }
    // The promotion's origin (b7) and the en passant capturer's (d5) are removed.
    assert!(letter_on(&expanded, "b7").is_some_and(|l| l.eq_ignore_ascii_case("x")));
    assert!(letter_on(&expanded, "d5").is_some_and(|l| l.eq_ignore_ascii_case("x")));
}

#[test]
fn the_seeds_cheshire_list_with_plus_p_is_cheshire() {
    // The seed's example list "royal cheshire{X} K Q R B N P +P": `+P` says the pawn
    // promotes by the predefined `+` rule (to the board's choices, Q R B N), `K Q R B N P`
    // name the board's pieces; so it is `royal cheshire{X}`.
    let fen = "4k3/1P6/8/8/8/8/8/4K3 w - - 0 1";
    let listed = pos("royal cheshire{X} K Q R B N P +P", fen);
    let short = pos("royal cheshire{X}", fen);
    assert_eq!(moves(&listed), moves(&short));
    assert_eq!(from(&listed, "b7"), ["b8b", "b8n", "b8q", "b8r"]);
}

#[test]
fn plus_rules_name_the_promotion_choices() {
    // `+P==N` (the seed's `swap=promote` example's pawn): the pawn promotes to a knight only.
    let fen = "4k3/1P6/8/8/8/8/8/R3K3 w - - 0 1";
    assert_eq!(from(&pos("+P==N", fen), "b7"), ["b8n"]);
    assert_eq!(
        from(&pos("+P==QRBN", fen), "b7"),
        ["b8b", "b8n", "b8q", "b8r"]
    );
    // `+R==Q`: "A piece must promote when entering the promotion zone, but only if a
    // promotion for this piece is defined (this can be done implicitly with the use of a
    // piece prefix)", the zone being the last rank by default: the rook entering the eighth
    // rank becomes a queen; its other moves stay.
    let rook = from(&pos("+R==Q", fen), "a1");
    assert!(rook.contains(&"a8q".to_string()), "{rook:?}");
    assert!(!rook.contains(&"a8".to_string()), "{rook:?}");
    assert!(rook.contains(&"a7".to_string()), "{rook:?}");
    // A sequence number is read (`+P<1>==Q`).
    assert_eq!(from(&pos("+P<1>==Q", fen), "b7"), ["b8q"]);
}

#[test]
fn origin_puts_the_rules_piece_on_the_square_left() {
    // "promotion*=origin,move N *N==X: After the Knight has moved, the piece X will be set
    // onto the origin square" (a friendly piece; lower case: the opponent's, "occupied with
    // a friendly (or opponent) piece"). Here X is a pawn.
    let fen = "4k3/8/8/8/8/8/8/4K1N1 w - - 0 1";
    let mut p = pos("promotion*=origin,move *N==P", fen);
    play(&mut p, "g1f3");
    assert_eq!(letter_on(&p, "g1").as_deref(), Some("P"));
    assert_eq!(letter_on(&p, "f3").as_deref(), Some("N"));
    // The king has no rule: its origin stays empty.
    play(&mut p, "e8d8");
    assert_eq!(letter_on(&p, "e8"), None);
    let mut p = pos("promotion*=origin,move *N==p", fen);
    play(&mut p, "g1f3");
    assert_eq!(letter_on(&p, "g1").as_deref(), Some("p"));
    // With a zone and the default trigger `enter`: only a knight entering ranks 5-8 from
    // outside leaves a bishop behind.
    let fen = "k7/8/8/8/8/8/4N3/4K3 w - - 0 1";
    let mut p = pos("promotion*[5-8]=origin *N==B", fen);
    play(&mut p, "e2f4");
    assert_eq!(letter_on(&p, "e2"), None);
    play(&mut p, "a8b8");
    play(&mut p, "f4e6");
    assert_eq!(letter_on(&p, "f4").as_deref(), Some("B"));
    play(&mut p, "b8a8");
    play(&mut p, "e6g7");
    assert_eq!(letter_on(&p, "e6"), None, "within the zone: no entering");
}

#[test]
fn origin_with_demote_demotes_the_moved_piece() {
    // "demote: ... After applying the promotion the causing piece will be demoted. The
    // associated demotion rule is ... the default prefix `-`" (the seed's Disk example: the
    // promoted queen moves, demotes to a queen, and the Disk stays on its start square).
    let fen = "4k3/8/8/8/8/8/8/3QK3 w - - 0 1";
    let mut p = pos("promotion*=origin,move,demote *Q==N -Q==R", fen);
    play(&mut p, "d1d5");
    assert_eq!(letter_on(&p, "d1").as_deref(), Some("N"));
    assert_eq!(letter_on(&p, "d5").as_deref(), Some("R"));
}

#[test]
fn swap_demote_demotes_the_swapped_enemy_piece() {
    // "swap=demote Q=mQ+wQ -Q==R: After piece swap the opposing piece will be demoted
    // instantly by one rank": the white queen swaps with the black queen (written as the
    // queen's move to its square, without the capture mark); the black queen, now on d1,
    // becomes a rook.
    let rules = "swap=demote Q=mQ+wQ -Q==R";
    // The white king stands on h2, off the lines of what lands on d1.
    let fen = "3qk3/8/8/8/8/8/7K/3Q4 w - - 0 1";
    let mut p = pos(rules, fen);
    let m = san(&mut p, "Qd8");
    assert!(matches!(m.kind, MoveKind::Swap(_)));
    assert_eq!(letter_on(&p, "d8").as_deref(), Some("Q"));
    assert_eq!(letter_on(&p, "d1").as_deref(), Some("r"));
    // A swapped piece without a `-` rule stays as it is.
    let mut p = pos(rules, "3bk3/8/8/8/8/8/7K/3Q4 w - - 0 1");
    san(&mut p, "Qd8");
    assert_eq!(letter_on(&p, "d1").as_deref(), Some("b"));
    // `swap{B}=demote`: "Only if either pieces of a swap are contained in this piece set,
    // this rule will be applied": each of the two (seed 001's own example, `swap{K:MD:}`,
    // names the pair it is for: `fbr_disk_swap`): a queen for a queen, or for a bishop, is no
    // swap of `{B}`; a queen for a bishop is one of `{QB}`.
    let set = "swap{B}=demote Q=mQ+wQ -Q==R -B==N";
    let mut p = pos(set, fen);
    san(&mut p, "Qd8");
    assert_eq!(letter_on(&p, "d1").as_deref(), Some("q"));
    let mut p = pos(set, "3bk3/8/8/8/8/8/7K/3Q4 w - - 0 1");
    san(&mut p, "Qd8");
    assert_eq!(letter_on(&p, "d1").as_deref(), Some("b"));
    let set = "swap{QB}=demote Q=mQ+wQ -Q==R -B==N";
    let mut p = pos(set, "3bk3/8/8/8/8/8/7K/3Q4 w - - 0 1");
    san(&mut p, "Qd8");
    assert_eq!(letter_on(&p, "d1").as_deref(), Some("n"));
}

#[test]
fn swap_promote_promotes_the_mover() {
    // "swap=promote R=mR+wR +R==Q +B==R +N==B +P==N: After piece swap the friendly piece
    // will be promoted instantly by one rank": the rook swapping with the knight on a5
    // becomes a queen there; the knight goes to a2 unchanged.
    let rules = "swap=promote R=mR+wR +R==Q +B==R +N==B +P==N";
    let mut p = pos(rules, "4k3/8/8/n7/8/8/R7/4K3 w - - 0 1");
    let m = san(&mut p, "Ra5=Q");
    assert!(matches!(m.kind, MoveKind::Swap(_)));
    assert_eq!(letter_on(&p, "a5").as_deref(), Some("Q"));
    assert_eq!(letter_on(&p, "a2").as_deref(), Some("n"));
    // The `+` rules are also the board's promotions (`promotion+` is predefined on the last
    // rank, and a prefix defines a piece's promotion): a knight a swap puts on its last rank
    // (black's first rank) promotes there by `+N==B`, as a knight entering it by a move.
    let mut p = pos(rules, "4k3/8/8/n7/8/8/8/R3K3 w - - 0 1");
    san(&mut p, "Ra5=Q");
    assert_eq!(letter_on(&p, "a1").as_deref(), Some("b"));
}

#[test]
fn a_swap_demotion_game_replays_from_pgn() {
    // 1.e4 e5 2.Qh5 Qh4 3.Qh4 (the swap, written without `x`): under `swap=demote
    // Q=mQ+wQ -Q==R` the black queen lands on h5 as a rook: `rh5` holds in exactly the last
    // position of the one game; without the demotion (`Q=mQ+wQ` only) it is a queen there.
    let scratch = crate::common::scratch("fbr", "prefix");
    let pgn = scratch.path().join("swap.pgn");
    std::fs::write(&pgn, "[Event \"swap\"]\n\n1. e4 e5 2. Qh5 Qh4 3. Qh4 *\n").expect("write");
    let count = |rules: &str, query: &str| {
        let out = crate::common::cqlq(&[
            "--count",
            "--rules",
            rules,
            "-e",
            query,
            pgn.to_str().unwrap(),
        ]);
        let err = crate::common::stderr(&out);
        // Exit 1: nothing matched (as grep); 2 would be a fault.
        assert!(out.status.code().is_some_and(|c| c < 2), "{err}");
        assert!(err.contains(" 0 bad games"), "bad game: {err}");
        String::from_utf8_lossy(&out.stdout).trim().to_string()
    };
    assert_eq!(count("swap=demote Q=mQ+wQ -Q==R", "rh5 Qh4"), "1");
    assert_eq!(count("Q=mQ+wQ", "rh5"), "0");
    assert_eq!(count("Q=mQ+wQ", "qh5 Qh4"), "1");
}

#[test]
fn prefixed_rules_cqlq_cannot_apply_are_refused_at_their_column() {
    for (rules, column, words) in [
        // The king has no promotion to keep, and the seed names no default choice.
        ("royal +K", 8, "no promotion to keep"),
        // A `-` rule no rule applies.
        ("royal -Q==R", 7, "applied by no rule"),
        // `origin` needs a letter of its own; `demote` needs `origin`.
        ("promotion=origin *N==P", 1, "letter of its own"),
        ("promotion*=demote *N==P", 12, "only beside `origin`"),
        // Several results would be the mover's choice.
        ("promotion*=origin *N==PB", 24, "one result per piece"),
        ("swap=demote Q=mQ+wQ -Q==RB", 26, "several results"),
        // `swap` without swap moves.
        ("swap=demote -Q==R", 1, "needs swap moves"),
        // Letters naming no piece, compound letters, MBN results.
        ("+P==Y", 5, "`Y` names no piece"),
        // A compound letter is read (`fbr_mbn_more`); it must name a piece of the board.
        ("+K==:KD:", 5, "`:KD:` names no piece"),
        // A movement result other than seed 001's zero swap (`fbr_disk_queen` reads that one).
        ("*Q==(mW--:QD:)", 5, "MBN movement"),
        ("+P==Q +P==R", 8, "second `+` rule"),
    ] {
        let e = refusal(rules);
        assert_eq!(e.column, column, "{rules}: {e}");
        assert!(e.reason.contains(words), "{rules}: {e}");
    }
}

/// The count of type `letter` in `colour`'s hand.
fn in_hand(p: &FairyPos, colour: usize, letter: &str) -> u8 {
    let t =
        p.v.kinds
            .iter()
            .position(|k| k.def.symbols[0] == letter)
            .expect("type");
    p.hand[colour][t]
}

#[test]
fn holding_demote_applies_the_minus_rules() {
    // "If this attribute is not followed by a piece prefix, and if the captured piece is not
    // having a promoted status ... the default rule "-" will be applied for demotion, if
    // existing. Example: holding=demote B +B==H R +R==D -R==B: The rook demotes to a bishop
    // when captured" (here on chess, with the `-R==B` rule alone): Rxa2 puts a bishop in
    // white's hand; a knight (no `-` rule) stays a knight.
    let fen = "4k3/8/8/8/8/8/r7/R3K3 w - - 0 1";
    let mut p = pos("holding=demote -R==B", fen);
    play(&mut p, "a1a2");
    assert_eq!(in_hand(&p, 0, "B"), 1);
    assert_eq!(in_hand(&p, 0, "R"), 0);
    let mut p = pos("holding=demote -R==B", "4k3/8/8/8/8/8/n7/R3K3 w - - 0 1");
    play(&mut p, "a1a2");
    assert_eq!(in_hand(&p, 0, "N"), 1);
    // Without the rule the rook is held as a rook.
    let mut p = pos("holding=demote", fen);
    play(&mut p, "a1a2");
    assert_eq!(in_hand(&p, 0, "R"), 1);
    // "The associated promotion rule is either specified with a piece prefix following the
    // attribute, or the default prefix "+"": `holding=promote*` holds the rook as its `*`
    // rule's queen.
    let mut p = pos("holding=promote* *R==Q", fen);
    play(&mut p, "a1a2");
    assert_eq!(in_hand(&p, 0, "Q"), 1);
}

#[test]
fn move_star_promotes_a_castlings_king_and_rook() {
    // "move*: This is the same as attribute move, but with a change: in case of a castling
    // both pieces, the King and the corresponding Rook will promote" (under `move`: "Note
    // that castling moves will not promote"). Zone rank 1 (black's mirrored: rank 8), the
    // rook promoting by `+R==Q`, the king without a promotion: O-O leaves a queen on f1; a
    // rook's move along the rank promotes under both.
    let fen = "r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1";
    let mut p = pos("promotion[1]=move* +R==Q", fen);
    san(&mut p, "O-O");
    assert_eq!(letter_on(&p, "f1").as_deref(), Some("Q"));
    assert_eq!(letter_on(&p, "g1").as_deref(), Some("K"));
    san(&mut p, "O-O-O");
    assert_eq!(letter_on(&p, "d8").as_deref(), Some("q"));
    let mut p = pos("promotion[1]=move +R==Q", fen);
    san(&mut p, "O-O");
    assert_eq!(letter_on(&p, "f1").as_deref(), Some("R"));
    for rules in ["promotion[1]=move +R==Q", "promotion[1]=move* +R==Q"] {
        let rook = from(&pos(rules, fen), "a1");
        assert!(rook.contains(&"b1q".to_string()), "{rules}: {rook:?}");
        assert!(!rook.contains(&"b1".to_string()), "{rules}: {rook:?}");
    }
    // Several choices for the rook would be the mover's choice at castling: refused.
    let e = refusal("promotion[1]=move* +R==QN");
    assert!(e.reason.contains("several promotion choices"), "{e}");
}

#[test]
fn a_letters_promotion_zone_promotes_its_pieces() {
    // "The optional letter after promotion is defining the letter of the rule" and "The
    // optional board range defines the promotion zone" (the seed's `promotion+[8-9]
    // promotion*[9]`): `promotion*[5] *N==Q`: a knight entering rank 5 becomes a queen (it
    // "must promote when entering the promotion zone"); one staying below does not; black's
    // zone is mirrored (rank 4).
    let rules = "promotion*[5] *N==Q";
    let p = pos(rules, "4k3/8/8/8/8/4N3/8/4K3 w - - 0 1");
    let knight = from(&p, "e3");
    assert!(knight.contains(&"d5q".to_string()), "{knight:?}");
    assert!(!knight.contains(&"d5".to_string()), "{knight:?}");
    assert!(knight.contains(&"c4".to_string()), "{knight:?}");
    let p = pos(rules, "4k3/8/8/4n3/8/8/8/4K3 b - - 0 1");
    assert!(from(&p, "e5").contains(&"d3".to_string()));
    assert!(from(&p, "e5").contains(&"c4q".to_string()));
    // The pawn's `+` zone (rank 8) and a `*` zone on rank 8 overlap: applying both in turn
    // is refused; a letter without its rules too.
    assert!(refusal("promotion*[8] *P==N").reason.contains("overlaps"));
    assert!(
        refusal("promotion*[8]")
            .reason
            .contains("needs the `*` rules")
    );
}
