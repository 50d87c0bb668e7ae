//! CQL-S keywords on positions built for them (FEN + moves), each expectation reasoned in a
//! comment from seed 004's definitions. Mostly `:pawncount`'s attributes, then the other
//! piece-configuration, move and game keywords whose CQL 6 counterpart cqlq cannot run.

use crate::common;

use common::cqls::{holds, matches_at, refused};

/// White: a2 b2 (a duo on rank 2), d4, d5 (doubled, d4-d5 consecutive), g3 (isolated), h7?
/// no: h5. Black: c7 (before d-file? it stands on c7), e6, h6.
/// Files: a(a2) b(b2) d(d4,d5) g(g3) h(h5); black c(c7) e(e6) h(h6).
const STRUCT: &str = "4k3/2p5/4p2p/3P3P/3P4/6P1/PP6/4K3 w - - 0 1";

#[test]
fn pawncount_file_attributes() {
    // single: the only white pawn on its file — a2, b2, g3, h5 = 4 (d4/d5 share the d-file).
    assert!(holds(STRUCT, "(position :pawncount P single 4)"));
    // double: at least two on the file — d4, d5 = 2 pawns counted.
    assert!(holds(STRUCT, "(position :pawncount P double 2)"));
    // double! (exactly two) also 2; triple: none.
    assert!(holds(STRUCT, "(position :pawncount P double! 2)"));
    assert!(holds(STRUCT, "(position :pawncount P triple 0)"));
    // consecutive: d4-d5 stand directly behind each other: 2.
    assert!(holds(STRUCT, "(position :pawncount P consecutive 2)"));
    // duo: side by side on one rank — a2-b2: 2; uno: alone on its rank group: d4, d5, g3, h5.
    assert!(holds(STRUCT, "(position :pawncount P duo 2)"));
    assert!(holds(STRUCT, "(position :pawncount P uno 4)"));
    // trio: no three side by side.
    assert!(holds(STRUCT, "(position :pawncount P trio 0)"));
}

#[test]
fn pawncount_neighbour_attributes() {
    // isolated: no own pawn on an adjacent file. a2 has b2; b2 has a2; d4, d5: c and e files
    // have no white pawn → isolated; g3 has h5 on the h-file → connected; h5 has g3.
    // So isolated = d4, d5 = 2; connected = a2, b2, g3, h5 = 4.
    assert!(holds(STRUCT, "(position :pawncount P isolated 2)"));
    assert!(holds(STRUCT, "(position :pawncount P connected 4)"));
    // integrated: own pawns on every adjacent file: a2 (only the b-file) yes, h5 (only g) yes,
    // b2 (a yes, c no) no, g3 (f no) no → 2.
    assert!(holds(STRUCT, "(position :pawncount P integrated 2)"));
    // halfisolated: exactly one of two neighbour files, never an edge pawn: b2, g3 → 2.
    assert!(holds(STRUCT, "(position :pawncount P halfisolated 2)"));
    // defended: an own pawn diagonally behind: none (g3 is not behind h5 diagonally: h5's
    // defenders would stand on g4). defender: none.
    assert!(holds(STRUCT, "(position :pawncount P defended 0)"));
    assert!(holds(STRUCT, "(position :pawncount P defender 0)"));
    // The seed: chained-isolated is contradictory → a compile error.
    refused("(position :pawncount P chained-isolated >0)");
}

#[test]
fn pawncount_enemy_attributes() {
    // passed: no black pawn ahead on the same or an adjacent file. a2: files a,b — none;
    // b2: a,b,c — c7 is ahead → not passed; d4, d5: c7 and e6 ahead → not; g3: f,g,h — h6
    // ahead → not; h5: g,h — h6 → not. passed = 1 (a2).
    assert!(holds(STRUCT, "(position :pawncount P passed 1)"));
    // passed = unblocked-unstoppable (seed): the same count.
    assert!(holds(
        STRUCT,
        "(position :pawncount P unblocked-unstoppable 1)"
    ));
    // blocked: a black pawn ahead on the same file: h5 (h6) → 1; blocked! (directly): h6 is
    // directly in front of h5 → 1.
    assert!(holds(STRUCT, "(position :pawncount P blocked 1)"));
    assert!(holds(STRUCT, "(position :pawncount P blocked! 1)"));
    // 100% of White's pawns blocked? No (1 of 6); >=16% yes (1/6 = 16.7%).
    assert!(!holds(STRUCT, "(position :pawncount P blocked 100%)"));
    assert!(holds(STRUCT, "(position :pawncount P blocked >=16%)"));
    // stoppable: a black pawn ahead on an adjacent file: b2 (c7), d4, d5 (c7, e6), g3 (h6) → 4.
    assert!(holds(STRUCT, "(position :pawncount P stoppable 4)"));
    // stopped: a black pawn two ranks ahead on an adjacent file: d4 (e6? e6 is rank 6, d4+2 =
    // rank 6 → yes), d5 (c7: rank 7 = 5+2 → yes), g3 (h5? white; h6 is 3 ahead → no) → 2.
    assert!(holds(STRUCT, "(position :pawncount P stopped 2)"));
    // advanced (enemy half, ranks 5-8): d5, h5 → 2; !advanced → 4.
    assert!(holds(STRUCT, "(position :pawncount P advanced 2)"));
    assert!(holds(STRUCT, "(position :pawncount P !advanced 4)"));
    // symmetrical: as many black as white pawns on the file: h-file 1:1 → h5; a,b,d,g have
    // no black pawn → 1.
    assert!(holds(STRUCT, "(position :pawncount P symmetrical 1)"));
    // mirrored: black h6 mirrors white h3, not h5 → 0.
    assert!(holds(STRUCT, "(position :pawncount P mirrored 0)"));
    // Black's view: c7 passed? White pawns ahead of c7 (lower ranks) on b,c,d: b2, d4, d5 →
    // not passed. e6: d4, d5 ahead → no. h6: g3, h5 → no. Black passed = 0.
    assert!(holds(STRUCT, "(position :pawncount p passed 0)"));
    // behind: white h5 is below black h6 — not beyond it → 0 behind.
    assert!(holds(STRUCT, "(position :pawncount P behind 0)"));
}

#[test]
fn pawncount_counting_modes() {
    // islands: white pawn files a,b | d | g,h → 3 islands; islands(2): groups of at least 2
    // pawns → a-b (2), d (2: d4, d5), g-h (2) → 3; islands!(1) → 0.
    assert!(holds(STRUCT, "(position :pawncount P islands 3)"));
    // !passed leaves b2, d4, d5, g3, h5 (a2 is the passed one): islands b | d | g-h → 3.
    assert!(holds(STRUCT, "(position :pawncount P !passed-islands 3)"));
    // islands(2) over all pawns (!mirrored keeps all): a-b (2), d (2), g-h (2) → 3;
    // islands!(1) → 0.
    assert!(holds(
        STRUCT,
        "(position :pawncount P !mirrored-islands(2) 3)"
    ));
    assert!(holds(
        STRUCT,
        "(position :pawncount P !mirrored-islands!(1) 0)"
    ));
    // files: files holding pawns: a, b, d, g, h = 5; files(2): only d → 1.
    assert!(holds(STRUCT, "(position :pawncount P double-files 1)"));
    assert!(holds(STRUCT, "(position :pawncount P isolated-files(2) 1)"));
    // ranks: white pawn ranks 2 (a,b), 3 (g), 4 (d), 5 (d,h) → 4 ranks.
    assert!(holds(STRUCT, "(position :pawncount P !blocked!-ranks 4)"));
    // compounds: groups of adjacent ranks: 2,3,4,5 all adjacent → 1 compound.
    assert!(holds(
        STRUCT,
        "(position :pawncount P !blocked!-compounds 1)"
    ));
    // bothsides: min(queen side a-d: a2 b2 d4 d5 = 4, king side g3 h5 = 2) = 2.
    assert!(holds(
        STRUCT,
        "(position :pawncount P !mirrored-bothsides 2)"
    ));
    // oneside: pawns on both wings → 0.
    assert!(holds(STRUCT, "(position :pawncount P !mirrored-oneside 0)"));
    // Black: c7 (queen side), e6, h6 (king side) → both wings → 0... Black's pawns on one
    // side only after removing c7 with a square designator: p[e-h?] → 2.
    assert!(holds(
        STRUCT,
        "(position :pawncount p[e-h?] !mirrored-oneside 2)"
    ));
}

#[test]
fn pawncount_order_and_views() {
    // The seed: single-behind and behind-single differ. Position: white b6, b2; black b5.
    // behind (beyond Black's hindmost b-pawn b5): b6 only. single-behind: no single pawn on the
    // b-file (two white pawns) → 0. behind-single: behind leaves b6 alone → it is single → 1.
    let fen = "4k3/8/1P6/1p6/8/8/1P6/4K3 w - - 0 1";
    assert!(holds(fen, "(position :pawncount P single-behind 0)"));
    assert!(holds(fen, "(position :pawncount P behind-single 1)"));
    // behind!: directly behind the hindmost enemy pawn: b6 right above b5 → 1.
    assert!(holds(fen, "(position :pawncount P behind! 1)"));
    // forefront: the foremost pawn per file: b6 → 1; rear: b2 → 1; !forefront: b2 → 1.
    assert!(holds(fen, "(position :pawncount P forefront 1)"));
    assert!(holds(fen, "(position :pawncount P rear-blocked 1)"));
    assert!(holds(fen, "(position :pawncount P !forefront 1)"));
    // double!-forefront-duo (seed): side-by-side doubled pawns: white c2 c3 d2 d3 — both
    // files doubled; forefront leaves c3, d3, which are a duo → 2.
    let twin = "4k3/8/8/8/8/2PP4/2PP4/4K3 w - - 0 1";
    assert!(holds(
        twin,
        "(position :pawncount P double!-forefront-duo 2)"
    ));
    // forefront before double! finds no doubled pawn: the seed says this is an error.
    refused("(position :pawncount P forefront-double!-duo >0)");
}

#[test]
fn pawncount_chains_candidates_backward_inside() {
    // Chain b2-c3-d4 (white): chained → 3; chained(3) → 3; chained!(2) → 0.
    let chain = "4k3/8/8/8/3P4/2P5/1P6/4K3 w - - 0 1";
    assert!(holds(chain, "(position :pawncount P chained 3)"));
    assert!(holds(chain, "(position :pawncount P chained(3) 3)"));
    assert!(holds(chain, "(position :pawncount P chained!(2) 0)"));
    // defended: c3 (by b2), d4 (by c3) → 2; defender: b2, c3 → 2.
    assert!(holds(chain, "(position :pawncount P defended 2)"));
    assert!(holds(chain, "(position :pawncount P defender 2)"));
    // backward: own pawns on adjacent files all ahead: b2 (c3 ahead) → 1; c3 has b2 behind →
    // no; d4 has c3 behind → no.
    assert!(holds(chain, "(position :pawncount P backward 1)"));
    // Candidate: white c4, d4 vs black d6? No: white c4 and b3 vs black b6 — c4: no enemy on
    // the c-file; enemy on adjacent files ahead: b6 → 1 sentry; own helpers beside/behind on
    // b and d: b3 → 1; 1 >= 1 → candidate; not passed (b6 ahead on b) → candidate! = 1.
    let cand = "4k3/8/1p6/8/2P5/1P6/8/4K3 w - - 0 1";
    assert!(holds(cand, "(position :pawncount P[c?] candidate! 1)"));
    assert!(holds(
        cand,
        "(position :pawncount P[c?] candidate-!passed 1)"
    ));
    // Rule of the square: white a5, black king h5, White to move: the pawn needs 3 moves, the
    // king is 7 files away → not inside. King on c5: 2 files away → inside.
    assert!(holds(
        "8/8/8/P6k/8/8/8/4K3 w - - 0 1",
        "(position :pawncount P inside 0)"
    ));
    assert!(holds(
        "8/8/8/P1k5/8/8/8/4K3 w - - 0 1",
        "(position :pawncount P inside 1)"
    ));
    // :pawncountdifference with one designator: white count minus black count of passed
    // pawns. STRUCT: white 1 passed, black 0 → 1.
    assert!(holds(
        STRUCT,
        "(position :pawncountdifference [Pp] passed 1)"
    ));
}

#[test]
fn attackcount_ray_and_pieces() {
    // White Rd1, Bb3; black king d8, pawn d5, knight f7. Attacks of the rook on d-file stop at
    // d5; the bishop b3 attacks c4, d5 (black pawn), a4, a2, c2, d1? (own rook square still
    // counts as attacked), ...
    let fen = "3k4/5n2/8/3p4/8/1B6/8/3RK3 w - - 0 1";
    // :attackcount B p 1: the bishop attacks the pawn on d5 once.
    assert!(holds(fen, "(position :attackcount B p 1)"));
    // :attackcount R p 1: the rook attacks d5 along the d-file.
    assert!(holds(fen, "(position :attackcount R p 1)"));
    // :attackcount A p 2: two white attackers on the pawn.
    assert!(holds(fen, "(position :attackcount A p 2)"));
    // :ray (R p k): rook d1, pawn d5, king d8 with only empty squares between → 1 ray.
    assert!(holds(fen, "(position :ray (R p k))"));
    // :rayattack (B p k)? b3-d5 diagonal continues to e6, f7 (knight), not the king → 0.
    assert!(holds(fen, "(position :rayattack (B p n) 1)"));
    assert!(!holds(fen, "(position :rayattack (B p k))"));
    // :raydiagonal (R p k): the rook's ray is vertical → no diagonal ray.
    assert!(!holds(fen, "(position :raydiagonal (R p k))"));
    assert!(holds(fen, "(position :rayvertical (R p k))"));
    // :piececount / :power: white power R5 + B3 = 8; black n3 + p1 = 4; difference 4.
    assert!(holds(
        fen,
        "(position :power A 8 :power a 4 :powerdifference U 4)"
    ));
    assert!(holds(fen, "(position :powerdifference R n 2)"));
}

#[test]
fn castling_opposition_goodbishop_fen() {
    // Start position: every castling right; Scharnagl number 518; a Chess960 start; mating
    // material; the opposition of the side to move per seed 004 ("would match even the
    // start position").
    let start = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";
    assert!(holds(start, "(position :castling K :castling q)"));
    assert!(holds(
        start,
        "(position :ischess960 :isshufflechess :startposition 518)"
    ));
    assert!(!holds(start, "(position :startposition 0)"));
    assert!(holds(start, "(position :matingmaterial)"));
    assert!(holds(start, "(position :opposition K)"));
    assert!(holds(
        start,
        "(position :fen \"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1\")"
    ));
    // Only White may castle, king side.
    let k_only = "r3k2r/8/8/8/8/8/8/R3K2R w K - 0 1";
    assert!(holds(k_only, "(position :castling K)"));
    assert!(!holds(k_only, "(position :castling [Qkq])"));
    // Kings e1, e3 (Black to move): White just took the direct opposition → White has it.
    assert!(holds(
        "8/8/8/8/8/4k3/8/4K3 b - - 0 1",
        "(position :opposition K)"
    ));
    assert!(!holds(
        "8/8/8/8/8/4k3/8/4K3 b - - 0 1",
        "(position :opposition)"
    ));
    // Good bishop: white bishop on c1 (dark square); black pawns a3? use black pawns on dark
    // squares b4, d6 (dark) → 100% attackable; white pawns on light squares b3, d3 → 100% not
    // blocking. Good: >50% : >50%.
    let good = "4k3/8/3p4/8/1p6/1P1P4/8/2B1K3 w - - 0 1";
    assert!(holds(good, "(position :goodbishop B >50% : >50%)"));
    assert!(!holds(good, "(position :goodbishop B <=30% : <=20%)"));
    // K+B v K: no mating material; K+R v K has it.
    assert!(holds(
        "4k3/8/8/8/8/8/8/2B1K3 w - - 0 1",
        "(position !:matingmaterial :gameisover)"
    ));
    assert!(!holds(
        "4k3/8/8/8/8/8/8/R3K3 w - - 0 1",
        "(position :matingmaterial !:gameisover :whitecannotwin :blackcannotwin)"
    ));
    assert!(holds(
        "4k3/8/8/8/8/8/8/R3K3 w - - 0 1",
        "(position :matingmaterial !:gameisover !:whitecannotwin :blackcannotwin)"
    ));
}

#[test]
fn moves_lines_and_counters() {
    let start = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";
    let moves = "1. e4 d5 2. exd5 Qxd5 3. Nc3 Qa5 4. d4 Nf6 5. Nf3 Bf5 6. Bc4 e6 7. O-O c6";
    // The first move is e2-e4: a pawn from e2 to an empty e4.
    assert!(matches_at(
        start,
        moves,
        "(position :movefrom Pe2 :moveto .e4)",
        0
    ));
    assert!(matches_at(
        start,
        moves,
        "(position :line \"1.e2-e4 d7-d5 2.e4xd5\")",
        0
    ));
    // The capture exd5 is not en passant and captures a pawn.
    assert!(matches_at(
        start,
        moves,
        "(position :moveto pd5 !:enpassant)",
        2
    ));
    // Line with a piece capture: the black queen's qd8xd5 at ply 3 (piece letters keep their
    // colour: Qd8xd5 would be a white queen).
    assert!(matches_at(
        start,
        moves,
        "(position :line \"qd8xd5 Nb1-c3\")",
        3
    ));
    assert!(!matches_at(
        start,
        moves,
        "(position :line \"Qd8xd5 Nb1-c3\")",
        3
    ));
    // Transposition-invariant: after 2 plies, any order of e2-e4 and d7-d5 from the start.
    assert!(matches_at(
        start,
        moves,
        "(position :line \"e2-e4 d7-d5 *\")",
        2
    ));
    assert!(!matches_at(
        start,
        moves,
        "(position :line \"e2-e4 e7-e5 *\")",
        2
    ));
    // Castling: ply 12 is White's 7. O-O: :iscastling K (White king side), not Q.
    assert!(matches_at(start, moves, "(position :iscastling K)", 12));
    assert!(!matches_at(start, moves, "(position :iscastling Q)", 12));
    assert!(matches_at(start, moves, "(position :nocastling)", 11));
    // Move numbers: ply 12 is move 7, White to move; the last position (ply 14) is `end`.
    assert!(matches_at(
        start,
        moves,
        "(position :movenumber 7 :wtm :halfmovenumber end-2)",
        12
    ));
    assert!(matches_at(
        start,
        moves,
        "(position :halfmovenumber end :terminal :movenumber end)",
        14
    ));
    // :sequence and :gappedsequence: ply 0 then ply 1; the queen leaves d8 later (gapped).
    assert!(matches_at(
        start,
        moves,
        "(position :sequence ((position :wtm) (position :btm)))",
        0
    ));
    assert!(matches_at(
        start,
        moves,
        "(position :gappedsequence ((position :movefrom Pe2) (position :movefrom qd8)))",
        0
    ));
    assert!(!matches_at(
        start,
        moves,
        "(position :sequence ((position :movefrom Pe2) (position :movefrom qd8)))",
        0
    ));
    // :xor: exactly one of White-to-move / a white pawn on e4 (ply 1: Black to move, e4 pawn).
    assert!(matches_at(
        start,
        moves,
        "(position :xor ((position :wtm) (position Pe4)))",
        1
    ));
    assert!(!matches_at(
        start,
        moves,
        "(position :xor ((position :btm) (position Pe4)))",
        1
    ));
    // Accumulators: the number of white pawns on the second rank found by shifting one
    // square designator along the rank (after 1. e4: 7).
    assert!(matches_at(
        start,
        moves,
        "(position Pa2 :shifthorizontal :accumulate n :sumrange n 7)",
        1
    ));
    // Static exchange: at ply 2 White plays exd5, winning a pawn that the queen retakes: the
    // exchange pawn-for-pawn is worth 0 (1 - 1).
    assert!(matches_at(
        start,
        moves,
        "(position :exchangeevaluation 0)",
        2
    ));
    // At ply 3 Black's Qxd5 wins a pawn outright (nothing recaptures on d5): +1.
    assert!(matches_at(
        start,
        moves,
        "(position :exchangeevaluation >=1.0)",
        3
    ));
}

#[test]
fn inside_keeps_shift_images_on_a_region() {
    // White pawns c2, c3, c4 (tripled on the c-file): `:piececount P[b2-7] 3 :shifthorizontal`
    // finds them (the image shifted to the c-file). With `:inside P[b2-7]
    // [b2,c3,d4,e5,f6,g7]` only images whose moved designator meets the main diagonal count:
    // the c-file image covers c2-c7, which contains c3 → still matches.
    let tripled = "4k3/8/8/8/2P5/2P5/2P5/4K3 w - - 0 1";
    assert!(holds(
        tripled,
        "(position :piececount P[b2-7] 3 :shifthorizontal)"
    ));
    assert!(holds(
        tripled,
        "(position :inside P[b2-7] [b2,c3,d4,e5,f6,g7] :piececount P[b2-7] 3 :shifthorizontal)"
    ));
    // Region the h-file only: the c-file image has no white pawn on h2-h7 → no image left.
    assert!(!holds(
        tripled,
        "(position :inside P[b2-7] [h1-8] :piececount P[b2-7] 3 :shifthorizontal)"
    ));
}

#[test]
fn null_moves_and_variants() {
    // `--` is a null move in PGN: :null matches before it.
    let fen = "4k3/8/8/8/8/8/8/4K3 w - - 0 1";
    assert!(matches_at(fen, "1. -- Kd7", "(position :null)", 0));
    assert!(!matches_at(fen, "1. -- Kd7", "(position :null)", 1));
    // No Variant tag: a normal game.
    assert!(holds(fen, "(position :variant normal)"));
    assert!(!holds(fen, "(position :variant crazyhouse)"));
    // Not a shuffle start position.
    assert!(!holds(fen, "(position :isshufflechess)"));
}
