//! Seed 001's `swap` example, evaluated word for word:
//!
//! ```text
//! promotion+[1-12]=capture{D} swap{K:MD:}=demote,promote swap{:KD:M}=demote,promote
//! K=acc?{D}:K: :KD:=:K: +K==:KD: -:KD:==K M=acc?{D}:M: :MD:=:M: +M==:MD: -:MD:==M
//! ```
//!
//! "After capturing a friendly Disk the piece will mount the Disk (promotion from K to :KD:,
//! for instance). When swapping a mounted piece with an unmounted piece the Disk will also
//! swap, because in this case the mounted piece will demote to an unmounted piece, and the
//! unmounted piece will promote to a mounted piece."
//!
//! `:X:` as a movement is the movement the board gives `X` before the list (docs/fbr.md, "A
//! compound letter as a movement"). The board is Makruk's (the bundled SjaakII definition),
//! which has both letters the example moves, `K` (its king: one step any way, no castling) and
//! `M` (the Met: one diagonal step). The example leaves two things to the rest of the list,
//! which each test adds: the Disk `D` (moving as a king, as the seed's first Disk example
//! writes it, `@D=K D`) and the royal set: the seed's `royal` ("If this piece set is not given
//! then only letter K is assumed ... a promoted piece like +K is not inheriting the royalty;
//! if this piece also should be royal, then +K has to be included in the piece set"), so the
//! mounted king is royal by `royal{K:KD:}`, and without it the list is refused.
//!
//! The king's ordinary moves are Fairy-Stockfish's (pyffish 0.0.90, `legal_moves("makruk",
//! fen, [])`, each Disk replaced by a white knight, which stands in the king's way alike); what
//! the Disks add is reasoned beside each expectation (no oracle captures friendly pieces).

use std::sync::Arc;

use cqlq::rules::fairy::{FMove, FairyPos, MoveKind, Variant, bundled_variants, find_variant};
use cqlq::rules::fbr::{FbrError, variant_with_rules};

use super::common::rules_count_summary;
use super::fbr_rules::on;

/// The seed's example as its `swap` section writes it.
const SEED: &str = "promotion+[1-12]=capture{D} swap{K:MD:}=demote,promote \
                    swap{:KD:M}=demote,promote K=acc?{D}:K: :KD:=:K: +K==:KD: -:KD:==K \
                    M=acc?{D}:M: :MD:=:M: +M==:MD: -:MD:==M";

/// The example with what it leaves to the rest of the list: the royal set, the Disk, and
/// swap moves (`switching`: every piece may exchange places with a friendly neighbour, the
/// seed's expansion `@X=wwK`), without which its `swap` rules apply to nothing (refused).
fn disks() -> String {
    format!("royal{{K:KD:}} switching D|Disk|=K {SEED}")
}

fn makruk(rules: &str) -> Result<Arc<Variant>, FbrError> {
    let all = bundled_variants();
    let m = find_variant(&all, "makruk").expect("bundled makruk");
    variant_with_rules(&m.def, rules).map(Arc::new)
}

fn pos(rules: &str, fen: &str) -> FairyPos {
    let v = makruk(rules).unwrap_or_else(|e| panic!("{rules}: {e}"));
    FairyPos::from_fen(v, fen).expect("fen")
}

/// The squares the piece on `square` may move to but by a swap (each once, sorted): the
/// switches `switching` adds are left out.
fn targets(p: &FairyPos, square: &str) -> Vec<String> {
    let b = square.as_bytes();
    let from = usize::from(b[1] - b'1') * 16 + usize::from(b[0] - b'a');
    let mut v: Vec<String> = p
        .legal_moves()
        .iter()
        .filter(|m| usize::from(m.from) == from && !matches!(m.kind, MoveKind::Swap(_)))
        .map(|m| crate::common::fairy_square_name(m.to))
        .collect();
    v.sort();
    v.dedup();
    v
}

fn play(p: &mut FairyPos, san: &str) -> FMove {
    let m = p
        .san_to_move(san)
        .unwrap_or_else(|e| panic!("{san}: {e} in {}", p.to_fen(true)));
    p.make(&m);
    m
}

/// White: king e1, Disks c3 and d2; black: king e8.
const MOUNT_FEN: &str = "4k3/8/8/8/8/2D5/3D4/4K3 w - - 0 1";

#[test]
fn the_king_captures_its_own_disk_and_mounts_it() {
    let mut p = pos(&disks(), MOUNT_FEN);
    // Fairy-Stockfish (Disks as knights): e1 goes to d1 e2 f1 f2. `K=acc?{D}:K:` keeps the
    // king's movement (`a`: "moving and capturing anyway") and adds the capture of its own
    // Disk on d2, a king step away (`cc?{D}`); c3 is not a king step away.
    assert_eq!(targets(&p, "e1"), ["d1", "d2", "e2", "f1", "f2"]);
    // "After capturing a friendly Disk the piece will mount the Disk (promotion from K to
    // :KD:)": `promotion+[1-12]=capture{D}` with `+K==:KD:`.
    play(&mut p, "Kxd2");
    assert_eq!(on(&p, "d2"), Some((0, ":KD:".to_string())));
    assert_eq!(on(&p, "e1"), None);
    play(&mut p, "Ke7");
    // `:KD:=:K:`: the mounted king moves as the king did: Fairy-Stockfish's king on d2 (the
    // Disk on c3 a knight) goes to c1 c2 d1 d3 e1 e2 e3. It has no `cc`, so its own Disk on
    // c3 stays out of reach.
    assert_eq!(
        targets(&p, "d2"),
        ["c1", "c2", "d1", "d3", "e1", "e2", "e3"]
    );
    // A move that captures nothing does not mount.
    let mut q = pos(&disks(), MOUNT_FEN);
    play(&mut q, "Kf2");
    assert_eq!(on(&q, "f2"), Some((0, "K".to_string())));
    // Black, mirrored (seed 001's `mirror`): Fairy-Stockfish's black king on e8 (its Disks on
    // c6 and d7 as knights) goes to d8 e7 f7 f8; it also takes its own Disk on d7, and mounts it.
    let mut b = pos(&disks(), "4k3/3d4/2d5/8/8/8/8/4K3 b - - 0 1");
    assert_eq!(targets(&b, "e8"), ["d7", "d8", "e7", "f7", "f8"]);
    play(&mut b, "Kxd7");
    assert_eq!(on(&b, "d7"), Some((1, ":KD:".to_string())));
    // Makruk's own king (no definition in the list) does not take its Disk.
    let plain = pos("D|Disk|=K", MOUNT_FEN);
    assert_eq!(targets(&plain, "e1"), ["d1", "e2", "f1", "f2"]);
}

#[test]
fn on_fide_chess_the_king_keeps_its_castling() {
    // The example's king half on FIDE chess (which has no `M`; without swap moves its `swap`
    // rules would apply to nothing, and so would its demotion `-:KD:==K`: both left out).
    // `:K:` is the king's movement; castling is no movement but the king's move with its
    // rook, which `K` keeps as it keeps its other properties.
    // Fairy-Stockfish (the Disk a knight): e1 goes to c1 d1 e2 f1 f2 g1 (both castlings);
    // `cc?{D}` adds the Disk on d2.
    let rules = "royal{K:KD:} D|Disk|=K promotion+[1-12]=capture{D} K=acc?{D}:K: :KD:=:K: \
                 +K==:KD:";
    let v = cqlq::rules::fbr::chess_with_rules(rules).unwrap_or_else(|e| panic!("{e}"));
    let p = FairyPos::from_fen(v, "4k3/8/8/8/8/8/3D4/R3K2R w KQ - 0 1").expect("fen");
    assert_eq!(
        targets(&p, "e1"),
        ["c1", "d1", "d2", "e2", "f1", "f2", "g1"]
    );
    assert!(p.san_to_move("O-O").is_ok() && p.san_to_move("O-O-O").is_ok());
}

#[test]
fn the_met_captures_its_own_disk_and_moves_as_the_met_mounted() {
    // `M=acc?{D}:M:`: Makruk's Met (one diagonal step: Fairy-Stockfish's met on d1 goes to
    // e2 here, the Disk on c2 a knight) also captures its own Disk a diagonal step away (c2),
    // and mounts it (`+M==:MD:`); `:MD:=:M:` then moves as the Met: Fairy-Stockfish's met on
    // c2 goes to b1 b3 d1 d3.
    let mut p = pos(&disks(), "4k3/8/8/8/8/8/2D5/3MK3 w - - 0 1");
    assert_eq!(targets(&p, "d1"), ["c2", "e2"]);
    play(&mut p, "Mxc2");
    assert_eq!(on(&p, "c2"), Some((0, ":MD:".to_string())));
    play(&mut p, "Kd7");
    assert_eq!(targets(&p, "c2"), ["b1", "b3", "d1", "d3"]);
}

#[test]
fn a_mounted_king_is_still_the_king() {
    // With a black rook on d8 the d-file is closed by the Disk on d2. Fairy-Stockfish (the Disk
    // a knight): d1 e2 f1 f2. Taking the Disk would put the mounted king, royal by
    // `royal{K:KD:}`, on the opened file: not a move.
    let p = pos(&disks(), "3rk3/8/8/8/8/8/3D4/4K3 w - - 0 1");
    assert_eq!(targets(&p, "e1"), ["d1", "e2", "f1", "f2"]);
    // Without the royal set the mounted king would be no king at all (the seed: "a promoted
    // piece like +K is not inheriting the royalty"): refused at the promotion's result.
    let rules = format!("switching D|Disk|=K {SEED}");
    let e = makruk(&rules).unwrap_err();
    let at = rules.find("+K==:KD:").expect("the rule") + 5;
    assert_eq!(e.column, at, "{e}");
    assert!(e.reason.contains("royal{K:KD:}"), "{e}");
}

#[test]
fn an_unmounted_piece_swapping_with_a_mounted_one_takes_the_disk() {
    // Swaps come from `switching`; the seed's `swap` rule: "After swapping with
    // a piece the piece on start square (once the piece on destination square) the
    // associated demotion rule will be applied", and `promote` the promotion rule to the
    // piece on the destination square (the mover).
    let rules = disks();
    // The king (unmounted) swaps with the mounted Met: `swap{K:MD:}`: the Met, now on e1,
    // demotes (`-:MD:==M`), the king, now on d1, promotes (`+K==:KD:`): the Disk changes
    // hands ("the mounted piece will demote to an unmounted piece, and the unmounted piece
    // will promote to a mounted piece").
    let mut p = pos(&rules, "4k3/8/8/8/8/8/8/3:MD:K3 w - - 0 1");
    play(&mut p, "Kd1=:KD:");
    assert_eq!(on(&p, "d1"), Some((0, ":KD:".to_string())));
    assert_eq!(on(&p, "e1"), Some((0, "M".to_string())));
    // The Met (unmounted) swaps with the mounted king: `swap{:KD:M}`: the king, now on d1,
    // demotes (`-:KD:==K`), the Met, now on e1, promotes (`+M==:MD:`).
    let mut p = pos(&rules, "4k3/8/8/8/8/8/8/3M:KD:3 w - - 0 1");
    play(&mut p, "Me1=:MD:");
    assert_eq!(on(&p, "e1"), Some((0, ":MD:".to_string())));
    assert_eq!(on(&p, "d1"), Some((0, "K".to_string())));
}

#[test]
fn a_swap_of_pieces_outside_the_rules_pair_changes_nothing() {
    // `swap{K:MD:}`: "Only if either pieces of a swap are contained in this piece set, this
    // rule will be applied", read as each of the two (the rule names the pair the seed's
    // sentence is about): the king switching with its own unmounted Disk, or with a Met, gets
    // no Disk from the rule (`+K==:KD:` would give it one out of nothing) and the partner
    // stays as it is.
    let mut p = pos(&disks(), MOUNT_FEN);
    play(&mut p, "Kd2");
    assert_eq!(on(&p, "d2"), Some((0, "K".to_string())));
    assert_eq!(on(&p, "e1"), Some((0, "D".to_string())));
    let mut p = pos(&disks(), "4k3/8/8/8/8/8/8/3MK3 w - - 0 1");
    play(&mut p, "Kd1");
    assert_eq!(on(&p, "d1"), Some((0, "K".to_string())));
    assert_eq!(on(&p, "e1"), Some((0, "M".to_string())));
}

#[test]
fn a_mounted_piece_swapping_keeps_its_disk() {
    // The mounted king swaps with the Met: the rules' words give the mover (`:KD:`) its
    // promotion rule and the partner (`M`) its demotion rule, and the list has neither
    // (`+:KD:`, `-M`): both stay as they are, the Disk goes along with its king.
    let rules = disks();
    let mut p = pos(&rules, "4k3/8/8/8/8/8/8/3M:KD:3 w - - 0 1");
    play(&mut p, ":KD:d1");
    assert_eq!(on(&p, "d1"), Some((0, ":KD:".to_string())));
    assert_eq!(on(&p, "e1"), Some((0, "M".to_string())));
}

fn game(fen: &str, moves: &str) -> String {
    format!(
        "[Event \"disks\"]\n[Variant \"makruk\"]\n[SetUp \"1\"]\n[FEN \"{fen}\"]\n\n{moves} *\n\n"
    )
}

#[test]
fn a_game_under_the_whole_example_replays_and_a_wrong_move_is_a_bad_game() {
    // 1. Kxd2 mounts; 1... Rh2+ checks the mounted king along the second rank (royal), 2.
    // :KD:e3 steps out, 2... Rh3+ checks along the third, 3. :KD:d4 steps out: two positions
    // in check, counted by hand.
    let fen = "4k2r/8/8/8/8/2D5/3D4/4K3 w - - 0 1";
    let pgn = game(fen, "1. Kxd2 Rh2+ 2. :KD:e3 Rh3+ 3. :KD:d4");
    let summary = rules_count_summary(&disks(), "check", &pgn);
    assert!(summary.contains("2 positions matched"), "{summary}");
    assert!(summary.contains("0 bad games"), "{summary}");
    // The mounted king moves as a king: two squares at once is no move.
    let bad = game(fen, "1. Kxd2 Rh2+ 2. :KD:d4");
    let summary = rules_count_summary(&disks(), "check", &bad);
    assert!(summary.contains("1 bad game"), "{summary}");
    // With a black rook on d8, taking the Disk on d2 would leave the (royal) mounted king on
    // the opened d-file: a game playing it is a bad game.
    let bad = game("3rk3/8/8/8/8/8/3D4/4K3 w - - 0 1", "1. Kxd2");
    let summary = rules_count_summary(&disks(), "check", &bad);
    assert!(summary.contains("1 bad game"), "{summary}");
    // A swap in a game: 1. Kd1=:KD: takes the Met's Disk, so 2. :KD:d2 is the mounted king's
    // move and 3. Mf2 the demoted Met's (a diagonal step from e1).
    let fen = "4k3/8/8/8/8/8/8/3:MD:K3 w - - 0 1";
    let pgn = game(fen, "1. Kd1=:KD: Kd7 2. :KD:d2 Kd6 3. Mf2");
    let summary = rules_count_summary(&disks(), "check", &pgn);
    assert!(summary.contains("0 bad games"), "{summary}");
    // After the swap there is no unmounted king to move.
    let bad = game(fen, "1. Kd1=:KD: Kd7 2. Kd2");
    let summary = rules_count_summary(&disks(), "check", &bad);
    assert!(summary.contains("1 bad game"), "{summary}");
}

#[test]
fn compound_letters_as_movements_cqlq_does_not_read_are_refused_at_their_column() {
    // On Makruk's board; each fault at the column of what is not read.
    for (rules, at, why) in [
        // A letter the board lacks: Makruk has no queen, so `:Q:` names no movement.
        ("Q|Queen|=:Q:", ":Q:", "no piece `Q`"),
        // A piece the list itself defines.
        (
            "D|Disk|=K :KD:=K :MD:=:KD:",
            "=:KD:",
            "is a piece of the list",
        ),
        // Modifiers that would narrow the board's movement, steps after it, a sequence.
        ("K=m:K:", "m:K:", "a modifier other than"),
        ("K=:K:0", "0", "steps, directions or a board range"),
        ("K=:K:-mK", "-mK", "move sequence"),
        ("K=(:K:)2", ":K:)", "inside a bracket"),
        // Where only a piece's own movement reads it: a zone, a condition.
        (
            "freezer# I|Imm|=mK #I=:K:",
            ":K:",
            "a compound letter as a movement anywhere but",
        ),
        (
            "K=K+[*]:K:",
            ":K:",
            "a compound letter as a movement anywhere but",
        ),
    ] {
        let e = makruk(rules).map(|_| ()).unwrap_err();
        let column = rules.rfind(at).expect("in the rules") + 1 + usize::from(at.starts_with('='));
        assert_eq!(e.column, column, "{rules}: {e}");
        assert!(e.reason.contains(why), "{rules}: {e}");
    }
}
