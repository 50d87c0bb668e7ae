//! FBR rules without a Fairy-Stockfish oracle, position by position on FIDE chess (the
//! bundled definition) plus the rule. Each expectation is reasoned from the FBR page's text
//! (seed 001), in the comment beside it.

use cqlq::rules::fairy::layer_end::Verdict;
use cqlq::rules::fairy::{FMove, FairyPos, MoveKind, RankBase, load_variants};
use cqlq::rules::fbr::{chess_with_rules, variant_with_rules};

pub(crate) fn pos(rules: &str, fen: &str) -> FairyPos {
    let v = chess_with_rules(rules).unwrap_or_else(|e| panic!("{rules}: {e}"));
    FairyPos::from_fen(v, fen).expect("fen")
}

use crate::common::fairy_square_name as sq;

fn uci(p: &FairyPos, m: &FMove) -> String {
    match m.kind {
        MoveKind::Drop => format!(
            "{}@{}",
            p.v.kinds[m.piece as usize].def.symbols[0],
            sq(m.to)
        ),
        MoveKind::Pickup => format!("-{}", sq(m.from)),
        _ => {
            let mut s = format!("{}{}", sq(m.from), sq(m.to));
            if let Some(t) = m.promo {
                s += &p.v.kinds[t as usize].def.symbols[1];
            }
            if let Some((t, _)) = m.gate {
                s += &p.v.kinds[t as usize].def.symbols[1];
            }
            s
        }
    }
}

pub(crate) fn moves(p: &FairyPos) -> Vec<String> {
    let mut v: Vec<String> = p.legal_moves().iter().map(|m| uci(p, m)).collect();
    v.sort();
    v
}

/// The piece on a square (`"e5"`): colour and white's FEN symbol of its type.
pub(crate) fn on(p: &FairyPos, square: &str) -> Option<(usize, String)> {
    let b = square.as_bytes();
    let s = usize::from(b[1] - b'1') * 16 + usize::from(b[0] - b'a');
    p.piece(s)
        .map(|(c, t)| (c, p.v.kinds[t].def.symbols[0].clone()))
}

pub(crate) fn from(p: &FairyPos, square: &str) -> Vec<String> {
    moves(p)
        .into_iter()
        .filter(|m| m.starts_with(square))
        .map(|m| m[2..].to_string())
        .collect()
}

pub(crate) fn play(p: &mut FairyPos, m: &str) {
    let mv = p
        .coord_to_move(m, RankBase::One)
        .unwrap_or_else(|e| panic!("{m}: {e} in {}", p.to_fen(true)));
    p.make(&mv);
}

fn at(p: &FairyPos, square: &str) -> Option<(usize, String)> {
    let b = square.as_bytes();
    let s = (b[1] - b'1') as usize * 16 + (b[0] - b'a') as usize;
    p.piece(s)
        .map(|(c, t)| (c, p.v.kinds[t].def.symbols[0].clone()))
}

#[test]
fn cylindric_wraps_files() {
    // "the last file connecting to the first file ... moves like Nh2-b3".
    let p = pos("cylindric", "4k3/8/8/8/8/8/7N/4K3 w - - 0 1");
    assert_eq!(from(&p, "h2"), ["a4", "b1", "b3", "f1", "f3", "g4"]);
    // A rook on a4 going west comes round to h4 .. d4 before the pawn on c4.
    let p = pos("cylindric", "4k3/8/8/8/R1p5/8/8/4K3 w - - 0 1");
    let rank: Vec<String> = from(&p, "a4")
        .into_iter()
        .filter(|t| t.ends_with('4'))
        .collect();
    assert_eq!(rank, ["b4", "c4", "d4", "e4", "f4", "g4", "h4"]);
    // The rook on h1 attacks a1 across the edge: black's king there is in check.
    let p = pos("cylindric", "8/8/8/8/8/8/8/k3K2R b - - 0 1");
    assert!(p.layer_in_check(1));
    // `null`: a rook on an empty rank may come back to its own square.
    let p = pos("cylindric=null", "4k3/8/8/8/R7/8/8/4K3 w - - 0 1");
    assert!(from(&p, "a4").contains(&"a4".to_string()));
}

#[test]
fn torus_wraps_files_and_ranks() {
    // A knight on a1 reaches b7, c8, g8, h7 over the bottom and left edges.
    // (Black's king stands on e5: on a torus e8 would touch e1.)
    let p = pos("torus", "8/8/8/4k3/8/8/8/N3K3 w - - 0 1");
    assert_eq!(
        from(&p, "a1"),
        ["b3", "b7", "c2", "c8", "g2", "g8", "h3", "h7"]
    );
}

#[test]
fn diagonals_dark_only() {
    // "Only the dark diagonals (a1, a3, ...)": c1 is dark, f1 is light.
    let p = pos("diagonals=dark", "4k3/8/8/8/8/8/8/2B1KB2 w - - 0 1");
    assert!(!from(&p, "c1").is_empty());
    assert!(from(&p, "f1").is_empty());
}

#[test]
fn direction_restricts_moves_from_a_range() {
    // "any piece on a square which belongs to the given board range can only move into the
    // defined directions"; black reads the range and the direction mirrored (FBR's default
    // `mirror=vertical`): its rank 8 pieces move "north" towards rank 1.
    let p = pos("direction<n>[1]", "4k3/8/8/8/8/8/8/R3K3 w - - 0 1");
    assert_eq!(from(&p, "a1"), ["a2", "a3", "a4", "a5", "a6", "a7", "a8"]);
    assert_eq!(from(&p, "e1"), ["e2"]);
    let p = pos("direction<n>[1]", "4k3/8/8/8/8/8/8/R3K3 b - - 0 1");
    assert_eq!(from(&p, "e8"), ["e7"]);
}

#[test]
fn zones() {
    // hole: "No piece can move into a hole, or cross a hole".
    let p = pos("zone[d-e4-5]=hole", "4k3/8/8/8/8/8/8/3RK3 w - - 0 1");
    assert_eq!(
        from(&p, "d1")
            .iter()
            .filter(|t| t.starts_with('d'))
            .collect::<Vec<_>>(),
        ["d2", "d3"]
    );
    // captureonly: entering only by capturing.
    let p = pos(
        "zone[d-e4-5]=captureonly",
        "4k3/8/8/3p4/8/8/8/3RK3 w - - 0 1",
    );
    let d: Vec<String> = from(&p, "d1")
        .into_iter()
        .filter(|t| t.starts_with('d'))
        .collect();
    assert_eq!(d, ["d2", "d3", "d5"]);
    // dontcross: a slider may enter the zone but not pass it; a knight leaps over.
    let p = pos("zone[4-5]=dontcross", "4k3/8/8/8/8/8/8/RN2K3 w - - 0 1");
    let a: Vec<String> = from(&p, "a1")
        .into_iter()
        .filter(|t| t.starts_with('a'))
        .collect();
    assert_eq!(a, ["a2", "a3", "a4"]);
    // river: a piece ending its move in the river must leave it on its next turn or drown.
    let mut p = pos("zone[4-5]=river", "4k3/8/8/8/8/8/8/R3K3 w - - 0 1");
    play(&mut p, "a1a4");
    assert_eq!(at(&p, "a4"), Some((0, "R".into())), "entering is safe");
    play(&mut p, "e8d8");
    play(&mut p, "e1e2");
    assert_eq!(
        at(&p, "a4"),
        None,
        "the rook stayed in the river and drowned"
    );
}

#[test]
fn andernach_capturer_changes_colour() {
    // "The piece making a capture changes color (except royal pieces)."
    let mut p = pos("andernach", "n3k3/8/8/8/8/8/8/R3K3 w - - 0 1");
    play(&mut p, "a1a8");
    assert_eq!(at(&p, "a8"), Some((1, "R".into())));
    // A king capturing stays its colour.
    let mut p = pos("andernach", "4k3/8/8/8/8/8/3n4/4K3 w - - 0 1");
    play(&mut p, "e1d2");
    assert_eq!(at(&p, "d2"), Some((0, "K".into())));
}

#[test]
fn benedict_flips_attacked_pieces_and_wins_by_flipping_the_king() {
    // "Any move definition will become move only"; "all enemy pieces attacked by the moving
    // piece are flipped"; "Win by flipping the enemy King".
    let p = pos("benedict", "4k3/8/8/8/n7/8/8/R3K3 w - - 0 1");
    assert_eq!(
        from(&p, "a1").iter().filter(|t| t.starts_with('a')).count(),
        2,
        "a2, a3: no a4 capture"
    );
    let mut p = pos("benedict", "4k3/8/8/8/3n4/8/8/R3K3 w - - 0 1");
    play(&mut p, "a1a4");
    assert_eq!(at(&p, "d4"), Some((0, "n".to_uppercase())));
    let mut p = pos("benedict", "4k3/8/8/8/8/8/8/R3K3 w - - 0 1");
    play(&mut p, "a1a8");
    assert_eq!(at(&p, "e8"), Some((0, "K".into())));
    assert_eq!(p.game_end().map(|e| e.verdict), Some(Verdict::Win(0)));
}

#[test]
fn magnetic_repels_and_attracts() {
    // The rook lands on a4: the black knight nearest on its rank (f4) is pulled next to it
    // (b4); the white knight nearest on its file (a6) is pushed away to the edge (a8).
    let mut p = pos("magnetic", "4k3/8/N7/8/5n2/8/8/R3K3 w - - 0 1");
    play(&mut p, "a1a4");
    assert_eq!(at(&p, "b4"), Some((1, "N".into())));
    assert_eq!(at(&p, "a8"), Some((0, "N".into())));
    assert_eq!(at(&p, "f4"), None);
    assert_eq!(at(&p, "a6"), None);
}

#[test]
fn alice_pieces_change_boards() {
    // The rook moving to a5 passes to the other board: the black rook (first board) cannot
    // capture it, nor land on a5 ("only if the destination square on the other board is
    // vacant"), but reaches b5.
    let mut p = pos("alice", "4k3/8/8/7r/8/8/8/R3K3 w - - 0 1");
    play(&mut p, "a1a5");
    let h5 = from(&p, "h5");
    assert!(h5.contains(&"b5".to_string()));
    assert!(!h5.contains(&"a5".to_string()));
}

#[test]
fn pieces_limits() {
    // total(1): no promotion to a second queen.
    let p = pos("pieces{Q}=total(1)", "4k3/P7/8/8/8/8/8/3QK3 w - - 0 1");
    assert_eq!(from(&p, "a7"), ["a8b", "a8n", "a8r"]);
    // extinction: a side without knights has lost.
    let p = pos("pieces{N}=extinction", "1n2k3/8/8/8/8/8/8/R3K3 w - - 0 1");
    assert_eq!(p.game_end().map(|e| e.verdict), Some(Verdict::Win(1)));
    // immovable(2): rooks stay for the first two plies.
    let p = pos("pieces{R}=immovable(2)", "4k3/8/8/8/8/8/8/R3K3 w - - 0 1");
    assert!(from(&p, "a1").is_empty());
    let p = pos("pieces{R}=immovable(2)", "4k3/8/8/8/8/8/8/R3K3 w - - 0 2");
    assert!(!from(&p, "a1").is_empty());
    // taboo: knights cannot be captured.
    let p = pos("pieces{N}=taboo", "4k3/8/8/8/8/8/n7/R3K3 w - - 0 1");
    assert!(!from(&p, "a1").contains(&"a2".to_string()));
}

#[test]
fn warp_takes_pieces_off() {
    // "Any piece, except the royal piece, can be removed from the board."
    let mut p = pos("warp", "4k3/8/8/8/8/8/8/R3K3 w - - 0 1");
    let m = moves(&p);
    assert!(m.contains(&"-a1".to_string()) && !m.contains(&"-e1".to_string()));
    let mv = *p
        .legal_moves()
        .iter()
        .find(|m| m.kind == MoveKind::Pickup)
        .expect("warp");
    p.make(&mv);
    assert_eq!(at(&p, "a1"), None);
    assert!(
        p.hand[0].iter().all(|&n| n == 0),
        "no holding: the piece is gone"
    );
    // start(2): not in the first two plies.
    let p = pos("warp=start(2)", "4k3/8/8/8/8/8/8/R3K3 w - - 0 1");
    assert!(!moves(&p).iter().any(|m| m.starts_with('-')));
}

#[test]
fn nonrepeating_forbids_returning_to_a_position() {
    let mut p = pos(
        "nonrepeating",
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
    );
    play(&mut p, "g1f3");
    play(&mut p, "g8f6");
    play(&mut p, "f3g1");
    // Black's f6g8 would bring back the start position with white to move.
    assert!(!moves(&p).contains(&"f6g8".to_string()));
}

#[test]
fn royal_attributes() {
    // bare: the side whose royals are bared loses.
    let p = pos("royal=bare", "4k3/8/8/8/8/8/8/R3K3 b - - 0 1");
    assert_eq!(p.game_end().map(|e| e.verdict), Some(Verdict::Win(0)));
    // baremove: the bared king may bare back at once (Kxd7), then it is a draw.
    let mut p = pos("royal=baremove", "4k3/3R4/8/8/8/8/8/4K3 b - - 0 1");
    assert_eq!(p.game_end(), None);
    play(&mut p, "e8d7");
    assert_eq!(p.game_end().map(|e| e.verdict), Some(Verdict::Draw));
    // solely: the opponent has only its royal at the start of the turn: the side to move wins.
    let p = pos("royal=solely", "4k3/8/8/8/8/8/8/R3K3 w - - 0 1");
    assert_eq!(p.game_end().map(|e| e.verdict), Some(Verdict::Win(0)));
    // mustevase: in check only the royal moves (the rook could block on e3).
    let p = pos("royal=mustevase", "4k3/8/8/8/4r3/R7/8/4K3 w - - 0 1");
    assert!(moves(&p).iter().all(|m| m.starts_with("e1")));
    let p = pos("royal", "4k3/8/8/8/4r3/R7/8/4K3 w - - 0 1");
    assert!(moves(&p).contains(&"a3e3".to_string()));
    // taboo: "check is entirely forbidden".
    let p = pos("royal=taboo", "4k3/8/8/8/8/8/8/R3K3 w - - 0 1");
    assert!(!from(&p, "a1").contains(&"a8".to_string()));
    assert!(from(&p, "a1").contains(&"a7".to_string()));
    // checkmated: being mated wins.
    let p = pos("royal=checkmated", "R5k1/5ppp/8/8/8/8/8/4K3 b - - 0 1");
    assert_eq!(p.game_end().map(|e| e.verdict), Some(Verdict::Win(1)));
    // untilcaptured: mate does not end the game; the mated side moves on (into check).
    let p = pos("royal=untilcaptured", "R5k1/5ppp/8/8/8/8/8/4K3 b - - 0 1");
    assert!(!moves(&p).is_empty());
    assert_eq!(p.game_end(), None);
}

#[test]
fn stalemate_outcomes() {
    let fen = "7k/5Q2/6K1/8/8/8/8/8 b - - 0 1";
    let verdict = |rules: &str| pos(rules, fen).game_end().map(|e| e.verdict);
    assert_eq!(verdict("stalemate=loss"), Some(Verdict::Win(0)));
    assert_eq!(verdict("stalemate=win"), Some(Verdict::Win(1)));
    assert_eq!(verdict("stalemate=draw"), Some(Verdict::Draw));
    assert_eq!(verdict("loss=stalemate"), Some(Verdict::Win(0)));
}

#[test]
fn hill_balance_and_fill() {
    // balance (with knights as the hill's pieces): after white's knight arrives, black may
    // only answer by arriving too, which draws.
    let mut p = pos(
        "hill{N}[d-e4-5]=balance",
        "4k3/8/6n1/8/8/2N5/8/4K3 w - - 0 1",
    );
    play(&mut p, "c3d5");
    assert_eq!(p.game_end(), None);
    assert_eq!(moves(&p), ["g6e5"]);
    play(&mut p, "g6e5");
    assert_eq!(p.game_end().map(|e| e.verdict), Some(Verdict::Draw));
    // fill: every hill square occupied by white wins.
    let p = pos("hill[d-e4-5]=fill", "4k3/8/8/3NN3/3NN3/8/8/4K3 b - - 0 1");
    assert_eq!(p.game_end().map(|e| e.verdict), Some(Verdict::Win(0)));
}

#[test]
fn mustcapture_attributes() {
    // compulsory: white in check can capture a7 but no capture lifts the check: mate.
    let p = pos(
        "mustcapture=compulsory",
        "4r1k1/p7/8/8/8/8/8/R3K3 w - - 0 1",
    );
    assert!(moves(&p).is_empty());
    assert_eq!(p.game_end().map(|e| e.verdict), Some(Verdict::Win(1)));
    // Without `compulsory` lifting the check comes first.
    let p = pos("mustcapture", "4r1k1/p7/8/8/8/8/8/R3K3 w - - 0 1");
    assert!(moves(&p).iter().all(|m| m.starts_with("e1")) && !moves(&p).is_empty());
    // most{Q=9}: the capture worth most (the queen) over the pawn.
    let p = pos(
        "mustcapture=most{Q=9}",
        "4k3/8/8/8/8/p7/1q6/R2NK3 w - - 0 1",
    );
    assert_eq!(moves(&p), ["d1b2"]);
    let p = pos("mustcapture", "4k3/8/8/8/8/p7/1q6/R2NK3 w - - 0 1");
    assert_eq!(moves(&p), ["a1a3", "d1b2"]);
}

#[test]
fn holding_attributes() {
    // notflip: the captured knight stays black's, in black's holding.
    let mut p = pos("holding=notflip", "4k3/8/8/8/8/8/n7/R3K3 w - - 0 1");
    play(&mut p, "a1a2");
    assert_eq!(p.hand[1][0], 1, "a black knight in hand (type 0 = Knight)");
    assert_eq!(p.hand[0][0], 0);
    // share: black may drop the knight white captured.
    let mut p = pos("holding=share", "4k3/8/8/8/8/8/n7/R3K3 w - - 0 1");
    play(&mut p, "a1a2");
    assert!(moves(&p).iter().any(|m| m.starts_with("N@")));
    // promote: a captured pawn goes to the holding as its first promotion (a queen).
    let mut p = pos("holding=promote", "4k3/8/8/8/8/8/p7/R3K3 w - - 0 1");
    play(&mut p, "a1a2");
    assert_eq!(p.hand[0][3], 1, "a queen (type 3) in white's hand");
}

#[test]
fn drop_attributes() {
    // withattack: the dropped knight must attack an enemy piece (only the king is there).
    let p = pos(
        "holding drop=withattack",
        "4k3/8/8/8/8/8/8/4K3[N] w - - 0 1",
    );
    let drops: Vec<String> = moves(&p).into_iter().filter(|m| m.contains('@')).collect();
    assert_eq!(drops, ["N@c7", "N@d6", "N@f6", "N@g7"]);
    // nocheck: the same drops all give check: none left.
    let p = pos(
        "holding drop=nocheck,withattack",
        "4k3/8/8/8/8/8/8/4K3[N] w - - 0 1",
    );
    assert!(!moves(&p).iter().any(|m| m.contains('@')));
    // captured{N}: a drop needs a knight lost first.
    let p = pos(
        "holding drop=captured{N}",
        "4k3/8/8/8/8/8/8/4K3[N] w - - 0 1",
    );
    assert!(!moves(&p).iter().any(|m| m.contains('@')));
}

#[test]
fn gating_ordered() {
    // The Seirawan base of testdata without its own rule, with `gating{EH}=ordered`: the
    // elephant must be gated before the hawk.
    let text = include_str!("../../testdata/fbr/variants.txt");
    let mut def = load_variants("testdata", text).expect("testdata")[0]
        .def
        .clone();
    def.fbr_rules = None;
    let v = variant_with_rules(&def, "gating[1]{EH}=ordered").expect("rules");
    let p = FairyPos::start(std::sync::Arc::new(v)).expect("start");
    let m = moves(&p);
    assert!(m.contains(&"g1f3e".to_string()));
    assert!(!m.contains(&"g1f3h".to_string()));
}

#[test]
fn monster_white_moves_twice() {
    let mut p = pos("monster", "rnbqkbnr/pppppppp/8/8/8/8/2PPPP2/4K3 w kq - 0 1");
    play(&mut p, "c2c3");
    assert_eq!(p.turn, 0, "white moves again");
    play(&mut p, "d2d3");
    assert_eq!(p.turn, 1);
}

#[test]
fn no_mirror_moves_black_like_white() {
    // `!mirror`: black's movements are not reflected: its pawns step towards rank 8.
    let p = pos("!mirror", "4k3/8/8/8/3p4/8/8/4K3 b - - 0 1");
    assert_eq!(from(&p, "d4"), ["d5"]);
}

#[test]
fn neutral_pieces_serve_the_side_to_move() {
    // "all neutral pieces not giving check will switch the color to the color of the side to
    // move": after white's king move the knight on a1 (giving no check) is black's to move.
    let mut p = pos("pieces{N}=neutral", "4k3/8/8/8/8/8/8/N3K3 w - - 0 1");
    play(&mut p, "e1e2");
    assert_eq!(at(&p, "a1"), Some((1, "N".into())));
    assert!(!from(&p, "a1").is_empty());
}

#[test]
fn pieces_counting_limits_forbid_moves() {
    // sum(N): "The sum of the pieces of each piece type on the board given in the piece set
    // must not exceed N": with a queen on d1, a second queen is over the limit, a first rook
    // is not (total(N) counts the set together: no rook either).
    let p = pos("pieces{QR}=sum(1)", "4k3/P7/8/8/8/8/8/3QK3 w - - 0 1");
    assert_eq!(from(&p, "a7"), ["a8b", "a8n", "a8r"]);
    let p = pos("pieces{QR}=total(1)", "4k3/P7/8/8/8/8/8/3QK3 w - - 0 1");
    assert_eq!(from(&p, "a7"), ["a8b", "a8n"]);
    // file(1): "The sum of the pieces given in the piece set on any file must not exceed N
    // for any player": exd5 would put a second white pawn on the d-file (d2); black's dxe4
    // leaves one black pawn on the e-file.
    let fen = "4k3/8/8/3p4/4P3/8/3P4/4K3";
    let p = pos("pieces{P}=file(1)", &format!("{fen} w - - 0 1"));
    assert_eq!(from(&p, "e4"), ["e5"]);
    let p = pos("pieces{P}=file(1)", &format!("{fen} b - - 0 1"));
    assert_eq!(from(&p, "d5"), ["d4", "e4"]);
    // holding(1): "The pieces in holding, matching the pieces given with the piece set, must
    // not exceed N": holding a knight, white may not capture (and so hold) a second one.
    let rules = "holding pieces{N}=holding(1)";
    let p = pos(rules, "4k3/8/8/8/8/8/n7/R3K3[N] w - - 0 1");
    assert!(!from(&p, "a1").contains(&"a2".to_string()));
    let p = pos(rules, "4k3/8/8/8/8/8/n7/R3K3 w - - 0 1");
    assert!(from(&p, "a1").contains(&"a2".to_string()));
    // cannotbechecked: "When only the specified pieces (in piece set) are left in play, the
    // opponent may not give check": Ra8+ against the bare king is out; with a black pawn
    // left it is a check like any other.
    let p = pos(
        "pieces{K}=cannotbechecked",
        "4k3/8/8/8/8/8/8/R3K3 w - - 0 1",
    );
    assert_eq!(
        from(&p, "a1"),
        ["a2", "a3", "a4", "a5", "a6", "a7", "b1", "c1", "d1"]
    );
    let p = pos(
        "pieces{K}=cannotbechecked",
        "4k3/7p/8/8/8/8/8/R3K3 w - - 0 1",
    );
    assert!(from(&p, "a1").contains(&"a8".to_string()));
    // maxcaptures(N): "If a move would capture more than N pieces, then this move cannot be
    // applied": (0) forbids every capture; under atomic Rxa5 also blows up the bishop on b5,
    // two pieces taken, over (1).
    let p = pos("pieces=maxcaptures(0)", "4k3/8/8/n7/8/8/8/R3K3 w - - 0 1");
    assert!(!from(&p, "a1").contains(&"a5".to_string()));
    let fen = "4k3/8/8/nb6/8/8/8/R3K3 w - - 0 1";
    assert!(from(&pos("atomic", fen), "a1").contains(&"a5".to_string()));
    let p = pos("atomic pieces=maxcaptures(1)", fen);
    assert!(!from(&p, "a1").contains(&"a5".to_string()));
    // minimum(N): "As soon as this minimal number of pieces is reached the opponent cannot
    // capture pieces. The royal pieces are not included in this count, except if attribute
    // royal=expose is specified": black's lone knight (one piece besides the king) cannot be
    // taken; of two knights one can; under royal=expose the king counts, two pieces.
    let p = pos("pieces=minimum(1)", "4k3/8/8/n7/8/8/8/R3K3 w - - 0 1");
    assert!(!from(&p, "a1").contains(&"a5".to_string()));
    let p = pos("pieces=minimum(1)", "4k3/8/8/n6n/8/8/8/R3K3 w - - 0 1");
    assert!(from(&p, "a1").contains(&"a5".to_string()));
    let p = pos(
        "royal=expose pieces=minimum(1)",
        "4k3/8/8/n7/8/8/8/R3K3 w - - 0 1",
    );
    assert!(from(&p, "a1").contains(&"a5".to_string()));
    // With a prefix `minimum` is a drop rule (`pieces*<1>{!k}=minimum(1)`): refused.
    assert!(chess_with_rules("pieces*{Q}=minimum(1)").is_err());
}

#[test]
fn pieces_counting_limits_end_the_game() {
    // morethan(N): "As soon as less or equal than N pieces are on board, the game is lost
    // for the concerned player": black's king and knight are two, white's three pieces are
    // more; Rxa5 brings black from three pieces to two.
    let p = pos("pieces=morethan(2)", "4k3/8/8/n7/8/8/7P/R3K3 w - - 0 1");
    assert_eq!(p.game_end().map(|e| e.verdict), Some(Verdict::Win(0)));
    let mut p = pos("pieces=morethan(2)", "4k3/8/8/n6n/8/8/7P/R3K3 w - - 0 1");
    assert_eq!(p.game_end(), None);
    play(&mut p, "a1a5");
    assert_eq!(p.game_end().map(|e| e.verdict), Some(Verdict::Win(0)));
    assert!(p.legal_moves().is_empty(), "the game is over");
    // With a piece set, "the sum of all the pieces matching the piece set is decisive":
    // black without knights has none, at most 0.
    let p = pos("pieces{N}=morethan(0)", "4k3/8/8/8/8/8/7P/N3K3 b - - 0 1");
    assert_eq!(p.game_end().map(|e| e.verdict), Some(Verdict::Win(0)));
    // draw: "The game is draw if the board only contains the pieces specified in given
    // piece set": king and knight against king; a bishop is not in the set.
    let p = pos("pieces{KN}=draw", "4k3/8/8/8/8/8/8/N3K3 w - - 0 1");
    assert_eq!(p.game_end().map(|e| e.verdict), Some(Verdict::Draw));
    let p = pos("pieces{KN}=draw", "4k3/8/8/8/8/8/8/B3K3 w - - 0 1");
    assert_eq!(p.game_end(), None);
    // win, the page's example `pieces{Kpp}=win`: "Side to move wins as soon as if the board
    // contains a white King, and two black pawns, or less than these pieces (for example
    // only a King is on board)". Chess has a black king, so the example needs `!royal`.
    let rules = "!royal pieces{Kpp}=win";
    let p = pos(rules, "8/pp6/8/8/8/8/8/4K3 w - - 0 1");
    assert_eq!(p.game_end().map(|e| e.verdict), Some(Verdict::Win(0)));
    let p = pos(rules, "8/pp6/8/8/8/8/8/4K3 b - - 0 1");
    assert_eq!(p.game_end().map(|e| e.verdict), Some(Verdict::Win(1)));
    let p = pos(rules, "8/8/8/8/8/8/8/4K3 b - - 0 1");
    assert_eq!(p.game_end().map(|e| e.verdict), Some(Verdict::Win(1)));
    // A third black pawn, or a white pawn, is more than the set.
    let p = pos(rules, "8/ppp5/8/8/8/8/8/4K3 w - - 0 1");
    assert_eq!(p.game_end(), None);
    let p = pos(rules, "8/pp6/8/8/8/8/P7/4K3 w - - 0 1");
    assert_eq!(p.game_end(), None);
}

#[test]
fn stalemate_invalid_forbids_stalemating() {
    // "invalid: Stalemate is not allowed." Black's king a8, white's king b6: Qc7 leaves black
    // no move and no check (a stalemate) and is illegal; Qc8 is mate and stays.
    let fen = "k7/8/1K6/8/8/8/8/2Q5 w - - 0 1";
    assert!(moves(&pos("stalemate=draw", fen)).contains(&"c1c7".to_string()));
    let m = moves(&pos("stalemate=invalid", fen));
    assert!(!m.contains(&"c1c7".to_string()) && m.contains(&"c1c8".to_string()));
}

#[test]
fn royal_castle_and_passover() {
    // castle: "Only the pieces in obligatory piece set, given after this attribute, can
    // castle with this royal piece. ... The given piece set can be empty, which means that
    // this royal piece cannot castle". FIDE chess castles with rooks: `{R}` keeps both
    // castlings, `{}` and `{Q}` leave none.
    let fen = "r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1";
    let castles = |rules: &str| -> Vec<String> {
        from(&pos(rules, fen), "e1")
            .into_iter()
            .filter(|t| t == "c1" || t == "g1")
            .collect()
    };
    assert_eq!(castles("royal=castle{R}"), ["c1", "g1"]);
    assert_eq!(
        castles("royal=castle"),
        ["c1", "g1"],
        "the default set {{R}}"
    );
    assert!(castles("royal=castle{}").is_empty());
    assert!(castles("royal=castle{Q}").is_empty());
    // passover: "It is allowed for the royal piece to pass over attacked squares. But this
    // does not allow to make a move such that the royal piece can be captured." The rook on
    // f8 attacks f1, which the king crosses castling short: illegal in chess, legal here;
    // a rook on g8 attacks g1, where the king lands: illegal in both.
    let crossed = "r3kr2/8/8/8/8/8/8/R3K2R w KQ - 0 1";
    assert!(!from(&pos("royal", crossed), "e1").contains(&"g1".to_string()));
    assert!(from(&pos("royal=passover", crossed), "e1").contains(&"g1".to_string()));
    let landed = "r3k1r1/8/8/8/8/8/8/R3K2R w KQ - 0 1";
    assert!(!from(&pos("royal=passover", landed), "e1").contains(&"g1".to_string()));
}

#[test]
fn promotion_zone_and_compulsion() {
    // Bare `promotion` is the page's pre-defined `promotion+`: "Per default the promotion
    // zone is the last rank. A piece must promote when entering the promotion zone": FIDE
    // chess as it is (the choices stay the definition's).
    let fen = "4k3/P7/8/8/8/8/8/4K3 w - - 0 1";
    assert_eq!(
        from(&pos("promotion", fen), "a7"),
        ["a8b", "a8n", "a8q", "a8r"]
    );
    // A zone of ranks 7-8: entering rank 7 promotes, compulsorily ("must promote when
    // entering"), though the pawn could still move from a7.
    let fen6 = "4k3/8/P7/8/8/8/8/4K3 w - - 0 1";
    assert_eq!(
        from(&pos("promotion[7-8]", fen6), "a6"),
        ["a7b", "a7n", "a7q", "a7r"]
    );
    // optional: "The player is choosing whether he likes to promote. Per default a piece must
    // promote if it cannot move after this turn": on rank 7 the plain move is kept, on rank 8
    // (a pawn there cannot move) it is not.
    assert_eq!(
        from(&pos("promotion[7-8]=optional", fen6), "a6"),
        ["a7", "a7b", "a7n", "a7q", "a7r"]
    );
    assert_eq!(
        from(&pos("promotion[7-8]=optional", fen), "a7"),
        ["a8b", "a8n", "a8q", "a8r"]
    );
    // notforced: "A piece may move into/inside/outside the promotion zone without doing a
    // promotion even if it reaches a rank where without promoting it becomes an immobile
    // dead piece": a8 without promoting is legal.
    assert_eq!(
        from(&pos("promotion=notforced", fen), "a7"),
        ["a8", "a8b", "a8n", "a8q", "a8r"]
    );
    // enter{set} with a zone: the choices and the zone together.
    assert_eq!(from(&pos("promotion[7-8]=enter{N}", fen6), "a6"), ["a7n"]);
    // Black's zone is mirrored (ranks 2-1 for black).
    let p = pos("promotion[7-8]", "4k3/8/8/8/8/p7/8/4K3 b - - 0 1");
    assert_eq!(from(&p, "a3"), ["a2b", "a2n", "a2q", "a2r"]);
    // A promotion letter other than `+` (MBN prefixed pieces) is refused by name.
    assert!(chess_with_rules("promotion*[8]").is_err());
}

#[test]
fn royal_virginzone_keeps_castling_rights() {
    // virginzone: "The royal piece is allowed to move inside the given board range
    // (mandatory) without losing the castling rights." Ke1-d1-e1 stays inside d1-f1: both
    // castlings are there again; by e2 (outside) the rights are gone, as in chess.
    let fen = "4k3/8/8/8/8/8/8/R3K2R w KQ - 0 1";
    let castles_after = |rules: &str, path: [&str; 4]| -> Vec<String> {
        let mut p = pos(rules, fen);
        for m in path {
            play(&mut p, m);
        }
        from(&p, "e1")
            .into_iter()
            .filter(|t| t == "c1" || t == "g1")
            .collect()
    };
    let inside = ["e1d1", "e8d8", "d1e1", "d8e8"];
    let outside = ["e1e2", "e8d8", "e2e1", "d8e8"];
    assert_eq!(
        castles_after("royal=virginzone[d-f1]", inside),
        ["c1", "g1"]
    );
    assert!(castles_after("royal", inside).is_empty());
    assert!(castles_after("royal=virginzone[d-f1]", outside).is_empty());
    assert!(
        chess_with_rules("royal=virginzone").is_err(),
        "the range is mandatory"
    );
}

#[test]
fn win_mostpoints_counts_material_after_quiet_moves() {
    // mostpoints(N): "If this number of moves are played without a capture or promotion, the
    // player with the most `points' on the board wins (Pawn=1, Bishop/Knight=3, Rook=5,
    // Queen=9)". N moves read as N of each side (a move pair, as chess counts moves): after
    // white's and black's quiet move white's rook (5) beats black's knight (3).
    let mut p = pos("win=mostpoints(1)", "4k3/8/8/n7/8/8/8/R3K3 w - - 0 1");
    play(&mut p, "e1d1");
    assert_eq!(p.game_end(), None, "one ply is half a move");
    play(&mut p, "e8d8");
    assert_eq!(p.game_end().map(|e| e.verdict), Some(Verdict::Win(0)));
    // A capture starts the count again: Rxa5, then black's move is one quiet ply.
    let mut p = pos("win=mostpoints(1)", "4k3/8/8/n7/8/8/8/R3K3 w - - 0 1");
    play(&mut p, "a1a5");
    play(&mut p, "e8d8");
    assert_eq!(p.game_end(), None);
    // Equal points: nobody has the most, a draw.
    let mut p = pos("win=mostpoints(1)", "4k3/8/8/n7/8/8/8/B3K3 w - - 0 1");
    play(&mut p, "e1d1");
    play(&mut p, "e8d8");
    assert_eq!(p.game_end().map(|e| e.verdict), Some(Verdict::Draw));
}
