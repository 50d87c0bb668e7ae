//! Shortcuts past shakmaty's move list on the standard board: the move a SAN names and
//! whether any legal move exists, answered from the board's attacks when that is safe, and
//! left to shakmaty's list otherwise (each checked against the list by its test).

use shakmaty::attacks::between;
use shakmaty::{Bitboard, Chess, Color, Move, Position as _, Rank, Role, Square};

/// The move `san` names in `pos`, as shakmaty's `San::to_move` finds it (its error too), most
/// moves found faster ([`quick_move`]).
pub(super) fn san_move(
    pos: &Chess,
    san: &shakmaty::san::San,
) -> Result<Move, shakmaty::san::SanError> {
    quick_move(pos, san).map_or_else(|| san.to_move(pos), Ok)
}

/// The move of a piece, a pawn (not en passant) or the king (not castling) that `san` names
/// in `pos`, found without listing the legal moves (what shakmaty's `San::to_move` does):
/// the squares from which a piece of that type reaches the target (a pawn: the squares behind
/// it, or those it captures from), narrowed to our pieces of that type and by the SAN's file
/// and rank; when exactly one is left, the move is legal unless it leaves our king attacked
/// (for the king: unless its target is attacked once it has left its square). Then
/// shakmaty's list, which holds only legal moves of that type to that square, matching the
/// same hints, capture mark and promotion, holds exactly that move. None in every other case
/// (no piece or several, an illegal move, a capture mark or promotion that does not fit, en
/// passant, castling), for `San::to_move` to decide.
fn quick_move(pos: &Chess, san: &shakmaty::san::San) -> Option<Move> {
    let &shakmaty::san::San::Normal {
        role,
        file,
        rank,
        capture,
        to,
        promotion,
    } = san
    else {
        return None;
    };
    let turn = pos.turn();
    let board = pos.board();
    let occupied = board.occupied();
    if pos.us().contains(to) {
        return None;
    }
    let taken = board.role_at(to);
    // A capture onto an empty square is en passant (or illegal): shakmaty's list decides.
    if taken.is_some() != capture {
        return None;
    }
    // Only a pawn reaching the last rank promotes, and only to a knight, bishop, rook or queen.
    let promotes = role == Role::Pawn && to.rank() == (!turn).backrank();
    let promotion_fits = match promotion {
        None => !promotes,
        Some(Role::Pawn | Role::King) => false,
        Some(_) => promotes,
    };
    if !promotion_fits {
        return None;
    }
    let reach = match role {
        Role::Knight => shakmaty::attacks::knight_attacks(to),
        Role::Bishop => shakmaty::attacks::bishop_attacks(to, occupied),
        Role::Rook => shakmaty::attacks::rook_attacks(to, occupied),
        Role::Queen => shakmaty::attacks::queen_attacks(to, occupied),
        Role::King => shakmaty::attacks::king_attacks(to),
        // Our pawns that capture on `to` stand where their pawn would be attacked from.
        Role::Pawn if capture => shakmaty::attacks::pawn_attacks(!turn, to),
        Role::Pawn => pawn_push_origin(turn, to, occupied),
    };
    let mut from = reach & pos.our(role);
    if let Some(file) = file {
        from &= Bitboard::from_file(file);
    }
    if let Some(rank) = rank {
        from &= Bitboard::from_rank(rank);
    }
    let from = from.single_square()?;
    let after = (occupied ^ Bitboard::from_square(from)) | Bitboard::from_square(to);
    let king = if role == Role::King {
        to
    } else {
        board.king_of(turn)?
    };
    safe_after(pos, king, to, after).then_some(Move::Normal {
        role,
        from,
        capture: taken,
        to,
        promotion,
    })
}

/// The square a pawn of `turn` pushed to the empty square `to` comes from: one behind it when
/// that square is occupied (by a pawn of ours, or the push is impossible), else two behind
/// when `to` is on the double step's rank. Empty when neither exists.
#[inline(always)]
fn pawn_push_origin(turn: Color, to: Square, occupied: Bitboard) -> Bitboard {
    let back = if turn.is_white() { -8 } else { 8 };
    let Some(one) = to.offset(back) else {
        return Bitboard::EMPTY;
    };
    if occupied.contains(one) {
        return Bitboard::from_square(one);
    }
    if to.rank() != turn.relative_rank(Rank::Fourth) {
        return Bitboard::EMPTY;
    }
    one.offset(back)
        .map_or(Bitboard::EMPTY, Bitboard::from_square)
}

/// Our pieces alone between an enemy slider and our king (on `king`): those that may move
/// only along that line.
fn pinned(pos: &Chess, king: Square) -> Bitboard {
    use shakmaty::attacks;
    let board = pos.board();
    let (us, occupied) = (pos.us(), board.occupied());
    let snipers = (attacks::rook_attacks(king, Bitboard::EMPTY) & board.rooks_and_queens()
        | attacks::bishop_attacks(king, Bitboard::EMPTY) & board.bishops_and_queens())
        & pos.them();
    let mut pinned = Bitboard::EMPTY;
    for sniper in snipers {
        let between = attacks::between(king, sniper) & occupied;
        if between.is_subset(us) && between.count() == 1 {
            pinned |= between;
        }
    }
    pinned
}

/// Whether a legal move is seen without listing the moves, in `pos` not in check (true in
/// most positions; false leaves it to shakmaty's list): a piece that is not pinned against
/// our king has a legal move wherever its movement rules take it, except en passant, which is
/// not looked at; and the king may step to any square not of ours that no enemy piece
/// attacks, since no slider attacks the king's square, so its leaving opens no line.
pub(super) fn plain_move_exists(pos: &Chess) -> bool {
    use shakmaty::attacks;
    let board = pos.board();
    let Some(king) = board.king_of(pos.turn()) else {
        return false;
    };
    let (us, them, occupied) = (pos.us(), pos.them(), board.occupied());
    let steps = attacks::king_attacks(king) & !us;
    if steps
        .into_iter()
        .any(|to| board.attacks_to(to, !pos.turn(), occupied).is_empty())
    {
        return true;
    }
    let free = us & !pinned(pos, king) & !board.kings();
    let forward = match pos.turn() {
        shakmaty::Color::White => (board.pawns() & free).shift(8),
        shakmaty::Color::Black => (board.pawns() & free).shift(-8),
    };
    if !(forward & !occupied).is_empty() {
        return true;
    }
    free.into_iter().any(|from| {
        let reach = match board.role_at(from) {
            Some(Role::Pawn) => attacks::pawn_attacks(pos.turn(), from) & them,
            Some(role) => attacks::attacks(from, role.of(pos.turn()), occupied) & !us,
            None => Bitboard::EMPTY,
        };
        !reach.is_empty()
    })
}

/// Whether `pos`, in check from `checkers` (not empty), has a legal move, decided without
/// listing the moves: the king steps to a square not of ours that no enemy piece attacks once
/// the king has left its square; else, against a single checker, a piece of ours that is not
/// pinned (a pinned piece stays on its line, which meets the checker's line only at the king)
/// takes the checker or, but for a pawn, moves between it and the king, or a pawn is pushed
/// there. With an en passant square the list decides (a capture en passant may answer a
/// check).
pub(super) fn evasion_exists(pos: &Chess, checkers: Bitboard) -> bool {
    let (turn, board) = (pos.turn(), pos.board());
    let Some(king) = board.king_of(turn) else {
        return !pos.legal_moves().is_empty();
    };
    let (us, occupied) = (pos.us(), board.occupied());
    let without_king = occupied ^ Bitboard::from_square(king);
    let steps = shakmaty::attacks::king_attacks(king) & !us;
    if steps
        .into_iter()
        .any(|to| board.attacks_to(to, !turn, without_king).is_empty())
    {
        return true;
    }
    let Some(checker) = checkers.single_square() else {
        // Double check: only the king may move.
        return false;
    };
    if pos.maybe_ep_square().is_some() {
        return !pos.legal_moves().is_empty();
    }
    let movers = us & !board.kings() & !pinned(pos, king);
    if (board.attacks_to(checker, turn, occupied) & movers).any() {
        return true;
    }
    let pawns = board.pawns() & movers;
    between(king, checker).into_iter().any(|square| {
        (board.attacks_to(square, turn, occupied) & movers & !pawns).any()
            || (pawn_push_origin(turn, square, occupied) & pawns).any()
    })
}

/// Whether `m` is legal in `pos`, as shakmaty's `is_legal` says, a normal move (a piece's,
/// a pawn's or the king's step: not en passant, not castling) answered from the board's
/// attacks without listing moves: its piece stands on `from`, `to` holds what `capture` says
/// and none of ours, the piece's movement reaches `to` (a slider over empty squares, a
/// pawn's push onto an empty square, one or two from its start rank, a pawn's capture
/// diagonally forward), a pawn promotes exactly on the last rank to a knight, bishop, rook or
/// queen, and once it is played no enemy piece attacks our king (the piece taken on `to`
/// attacks no more; the king's own square left empty). En passant and castling are asked
/// of shakmaty.
pub(super) fn is_legal(pos: &Chess, m: Move) -> bool {
    let Move::Normal {
        role,
        from,
        capture,
        to,
        promotion,
    } = m
    else {
        return pos.is_legal(m);
    };
    let (turn, board) = (pos.turn(), pos.board());
    let occupied = board.occupied();
    // `to` holds none of ours: what stands there is theirs, of the kind `capture` names.
    let holds_capture = match capture {
        None => !occupied.contains(to),
        Some(taken) => board.by_role(taken).contains(to),
    };
    if !pos.our(role).contains(from) || pos.us().contains(to) || !holds_capture {
        return false;
    }
    let promotes = role == Role::Pawn && to.rank() == (!turn).backrank();
    let promotion_fits = match promotion {
        None => !promotes,
        Some(Role::Pawn | Role::King) => false,
        Some(_) => promotes,
    };
    let reaches = match role {
        Role::Pawn if capture.is_some() => shakmaty::attacks::pawn_attacks(turn, from).contains(to),
        Role::Pawn => pawn_push_origin(turn, to, occupied).contains(from),
        Role::Knight => shakmaty::attacks::knight_attacks(from).contains(to),
        // A slider's line from the small tables (`DIAGONALS`, a file or rank), its way
        // clear by `between`: the attack tables' lookup costs a cache miss in most moves.
        Role::Bishop => diagonal(from, to) && clear(from, to, occupied),
        Role::Rook => straight(from, to) && clear(from, to, occupied),
        Role::Queen => (diagonal(from, to) || straight(from, to)) && clear(from, to, occupied),
        Role::King => shakmaty::attacks::king_attacks(from).contains(to),
    };
    if !promotion_fits || !reaches {
        return false;
    }
    let king = if role == Role::King {
        to
    } else {
        match board.king_of(turn) {
            Some(king) => king,
            None => return pos.is_legal(m),
        }
    };
    let after = (occupied ^ Bitboard::from_square(from)) | Bitboard::from_square(to);
    safe_after(pos, king, to, after)
}

/// Whether `to` is on one of `from`'s diagonals (not `from` itself).
#[inline(always)]
fn diagonal(from: Square, to: Square) -> bool {
    DIAGONALS[from.to_usize()] & (1 << to.to_u32()) != 0
}

/// Whether `to` is on `from`'s file or rank (not `from` itself).
#[inline(always)]
fn straight(from: Square, to: Square) -> bool {
    from != to && (from.file() == to.file() || from.rank() == to.rank())
}

/// Whether no square between `from` and `to` (on one line) is occupied.
#[inline(always)]
fn clear(from: Square, to: Square, occupied: Bitboard) -> bool {
    (between(from, to) & occupied).is_empty()
}

/// Whether no enemy piece attacks `king` (our king's square once the move is played) when
/// the occupied squares are `after` and the enemy piece on `to`, if any, has been taken: what
/// `board.attacks_to(king, them, after)` less `to` being empty says, found for less. A knight,
/// pawn or king attacks whatever the occupation; a rook, bishop or queen is looked up through
/// `after` only when one stands on a line through `king` (its file and rank, or its
/// diagonals, [`DIAGONALS`]), which most positions do not have for both kinds of line.
#[inline(always)]
fn safe_after(pos: &Chess, king: Square, to: Square, after: Bitboard) -> bool {
    use shakmaty::attacks;
    let board = pos.board();
    let them = pos.them() & !Bitboard::from_square(to);
    let leapers = (attacks::knight_attacks(king) & board.knights())
        | (attacks::pawn_attacks(pos.turn(), king) & board.pawns())
        | (attacks::king_attacks(king) & board.kings());
    if (leapers & them).any() {
        return false;
    }
    let straight = board.rooks_and_queens() & them;
    let lines = Bitboard::from_file(king.file()) | Bitboard::from_rank(king.rank());
    if (straight & lines).any() && (attacks::rook_attacks(king, after) & straight).any() {
        return false;
    }
    let diagonal = board.bishops_and_queens() & them;
    let diagonals = Bitboard(DIAGONALS[king.to_usize()]);
    !((diagonal & diagonals).any() && (attacks::bishop_attacks(king, after) & diagonal).any())
}

/// For each square, the squares on its two diagonals (itself not included): where a bishop
/// or queen may attack it from, whatever stands between.
const DIAGONALS: [u64; 64] = {
    let mut table = [0u64; 64];
    let mut square = 0;
    while square < 64 {
        let (file, rank) = ((square % 8) as i32, (square / 8) as i32);
        let mut other = 0;
        while other < 64 {
            let (f, r) = ((other % 8) as i32, (other / 8) as i32);
            if other != square && (f - file).abs() == (r - rank).abs() {
                table[square] |= 1 << other;
            }
            other += 1;
        }
        square += 1;
    }
    table
};

#[cfg(test)]
mod tests {
    use super::super::Standard;
    use super::*;
    use crate::rules::Position as _;
    use shakmaty::fen::Fen;
    use shakmaty::{CastlingMode, EnPassantMode};

    /// `quick_move` names the move shakmaty's `San::to_move` names, or leaves it to it: on
    /// every position of random games (and hand-made pins, checks, promotions and en passant
    /// captures), for every move a piece, pawn or king of the side to move could make by its
    /// own geometry (legal or not), written with and without its file and rank, with the right
    /// and the wrong capture mark, and with each promotion or none.
    #[test]
    fn quick_moves_are_shakmatys() {
        let check = |pos: &Chess, checked: &mut usize| *checked += sans_agree(pos);
        let mut checked = 0;
        for fen in [
            // A pinned knight, a pinned rook that may move along the pin, a check to block.
            "4r2k/8/8/8/8/8/4N3/4K3 w - - 0 1",
            "4r2k/8/8/8/8/8/4R3/4K1N1 w - - 0 1",
            "k3r3/8/8/8/1N6/8/8/4K1N1 w - - 0 1",
            "k7/8/8/3N1N2/8/3N1N2/8/K7 w - - 0 1",
            // Pawns: pinned on a file and a diagonal, a capture that answers a check, a
            // double step that blocks one, promotions with and without a capture (one pinned).
            "4r2k/8/8/8/8/8/4P3/4K3 w - - 0 1",
            "7k/8/8/8/8/2b5/3P4/4K3 w - - 0 1",
            "7k/8/8/8/3q4/4P3/8/2K5 w - - 0 1",
            "7k/8/8/8/r7/8/1P6/K7 w - - 0 1",
            "1n4k1/P1P5/8/8/8/8/8/4K3 w - - 0 1",
            "r3k3/1P6/8/8/8/8/8/1K6 w - - 0 1",
            "k7/8/8/8/8/8/1p1p4/2N3K1 b - - 0 1",
            // En passant: possible, and refused because it would open the king's rank.
            "7k/8/8/3pP3/8/8/8/4K3 w - d6 0 2",
            "8/8/8/KPp4r/8/8/8/7k w - c6 0 2",
            // Kings: in check from a rook (a step along its line stays in check), next to
            // a defended and an undefended piece, and with castling rights.
            "4r2k/8/8/8/8/8/8/4K3 w - - 0 1",
            "7k/8/8/8/8/2n5/3pb3/4K3 w - - 0 1",
            "r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1",
        ] {
            let pos: Chess = fen
                .parse::<Fen>()
                .unwrap()
                .into_position(CastlingMode::Standard)
                .unwrap();
            check(&pos, &mut checked);
        }
        // Random games (a fixed linear congruential sequence picks each move among the legal
        // ones): positions with pins, checks and several pieces reaching a square.
        for pos in crate::rules::random_games::random_positions(300, 120, 12345) {
            check(&pos, &mut checked);
        }
        assert!(checked > 100, "{checked}");
    }

    /// How many SANs `quick_move` names a move for in `pos`, each checked to be the move
    /// shakmaty's `San::to_move` names: every move a piece, pawn or king of the side to move
    /// could make by its own geometry (legal or not), written with and without its file and
    /// rank, with the right and the wrong capture mark, and with each promotion or none.
    fn sans_agree(pos: &Chess) -> usize {
        use shakmaty::san::San;
        let mut count = 0;
        let checked = &mut count;
        let turn = pos.turn();
        let occupied = pos.board().occupied();
        for role in Role::ALL {
            for from in pos.our(role) {
                let targets = match role {
                    // Pushes of one and two squares and both captures.
                    Role::Pawn => [8, 16, 7, 9]
                        .into_iter()
                        .filter_map(|d| from.offset(if turn.is_white() { d } else { -d }))
                        .collect(),
                    // Its steps and the castling king's two-square moves.
                    Role::King => {
                        shakmaty::attacks::king_attacks(from)
                            | [-2, 2]
                                .into_iter()
                                .filter_map(|d| from.offset(d))
                                .filter(|to| to.rank() == from.rank())
                                .collect::<Bitboard>()
                    }
                    _ => shakmaty::attacks::attacks(from, role.of(turn), occupied),
                } & !pos.us();
                for to in targets {
                    for (file, rank) in [
                        (None, None),
                        (Some(from.file()), None),
                        (None, Some(from.rank())),
                        (Some(from.file()), Some(from.rank())),
                    ] {
                        for capture in [false, true] {
                            for promotion in [
                                None,
                                Some(Role::Queen),
                                Some(Role::Knight),
                                Some(Role::King),
                                Some(Role::Pawn),
                            ] {
                                let san = San::Normal {
                                    role,
                                    file,
                                    rank,
                                    capture,
                                    to,
                                    promotion,
                                };
                                if let Some(fast) = quick_move(pos, &san) {
                                    assert_eq!(
                                        Ok(fast),
                                        san.to_move(pos),
                                        "{san} in {}",
                                        Fen::from_position(pos, EnPassantMode::Legal)
                                    );
                                    *checked += 1;
                                }
                            }
                        }
                    }
                }
            }
        }
        count
    }

    /// Positions of real games (in `../shared/data`, none when it is absent): the first
    /// `games` games of `file`, each from its `FEN` tag (Chess960 castling) or the start,
    /// played by shakmaty alone (`San::from_ascii`, `San::to_move`) until a move it refuses.
    fn real_positions(file: &str, games: usize) -> Vec<Chess> {
        use shakmaty::san::San;
        let path = std::path::Path::new(env!("CARGO_MANIFEST_DIR"))
            .join("../shared/data")
            .join(file);
        let Ok(text) = std::fs::read_to_string(path) else {
            return Vec::new();
        };
        let mut positions = Vec::new();
        for game in text.split("\n[Event ").take(games) {
            let fen = game
                .lines()
                .find_map(|line| line.strip_prefix("[FEN \"")?.strip_suffix("\"]"));
            let start = match fen {
                Some(fen) => fen
                    .parse::<Fen>()
                    .ok()
                    .and_then(|f| f.into_position(CastlingMode::Chess960).ok()),
                None => Some(Chess::default()),
            };
            let Some(mut pos) = start else { continue };
            let movetext: Vec<&str> = game.lines().filter(|l| !l.starts_with('[')).collect();
            for word in movetext.join(" ").split_whitespace() {
                let word = word.trim_start_matches(|c: char| c.is_ascii_digit() || c == '.');
                let word = word.trim_end_matches(['+', '#', '!', '?']);
                if word.is_empty() {
                    continue;
                }
                let Ok(san) = San::from_ascii(word.as_bytes()) else {
                    continue;
                };
                let Ok(m) = san.to_move(&pos) else { break };
                positions.push(pos.clone());
                pos.play_unchecked(m);
            }
        }
        positions
    }

    /// On positions of real games (standard and Chess960): every SAN shape names through
    /// `quick_move` the move shakmaty's `San::to_move` names (or is left to it), and every
    /// legal move, written as shakmaty writes it, is found by `san_move` as itself. Skipped
    /// without `../shared`.
    #[test]
    fn real_games_moves_are_shakmatys() {
        let mut positions = real_positions("std-visible-5k.pgn", 25);
        positions.extend(real_positions("chess960.pgn", 25));
        let (mut named, mut legal) = (0, 0);
        for pos in &positions {
            named += sans_agree(pos);
            for m in pos.legal_moves() {
                let san = shakmaty::san::San::from_move(pos, m);
                assert_eq!(san_move(pos, &san), Ok(m), "{san}");
                legal += 1;
            }
        }
        assert!(
            positions.is_empty() || (named > 1000 && legal > 10_000),
            "{named} {legal}"
        );
    }

    /// `safe_after` is what shakmaty's `attacks_to` says: for every piece of the side to move
    /// and every square not of ours (the king's square moving with the king), on real games,
    /// random games and hand-made pins and checks.
    #[test]
    fn safe_after_is_attacks_to() {
        let mut positions = real_positions("std-visible-5k.pgn", 60);
        positions.extend(crate::rules::random_games::random_positions(40, 120, 4242));
        for fen in [
            "4r2k/8/8/8/8/8/4N3/4K3 w - - 0 1",
            "7k/8/8/8/8/2b5/3P4/4K3 w - - 0 1",
            "r3k2r/1b4bq/8/3nN3/2B1n3/8/1Q2P1RB/R3K2R w KQkq - 0 1",
            "4k3/1q6/8/3b4/8/1N3R2/4Q2r/4K3 b - - 0 1",
            "7k/2Q5/8/4p3/8/2B5/1R6/K2r2q1 w - - 0 1",
        ] {
            positions.push(
                fen.parse::<Fen>()
                    .unwrap()
                    .into_position(CastlingMode::Standard)
                    .unwrap(),
            );
        }
        let (mut asked, mut unsafe_count) = (0, 0);
        for pos in &positions {
            let board = pos.board();
            let Some(our_king) = board.king_of(pos.turn()) else {
                continue;
            };
            for from in pos.us() {
                for to in !pos.us() {
                    let after = (board.occupied() ^ Bitboard::from_square(from))
                        | Bitboard::from_square(to);
                    let king = if from == our_king { to } else { our_king };
                    let attacked = (board.attacks_to(king, !pos.turn(), after)
                        & !Bitboard::from_square(to))
                    .any();
                    assert_eq!(
                        safe_after(pos, king, to, after),
                        !attacked,
                        "{from} {to} in {}",
                        Fen::from_position(pos, EnPassantMode::Legal)
                    );
                    asked += 1;
                    unsafe_count += usize::from(attacked);
                }
            }
        }
        assert!(
            asked > 1_000_000 && unsafe_count > 10_000,
            "{asked} {unsafe_count}"
        );
    }

    /// `is_legal` says what shakmaty's `is_legal` says of every normal move a piece of the
    /// side to move might be asked to make (to every square, with the right and a wrong
    /// capture, with each promotion or none), en passant and castling included (asked of
    /// shakmaty): on hand-made pins, checks, promotions and en passant captures, and on
    /// every position of random games.
    #[test]
    fn quick_legality_is_shakmatys() {
        let (mut legal, mut asked) = (0usize, 0usize);
        let mut check = |pos: &Chess| {
            let board = pos.board();
            for from in pos.us() {
                let role = board.role_at(from).unwrap();
                // Every square a queen or a knight might reach from `from` on an empty board.
                let reach = shakmaty::attacks::queen_attacks(from, Bitboard::EMPTY)
                    | shakmaty::attacks::knight_attacks(from);
                let promotions: &[Option<Role>] = match role {
                    Role::Pawn => &[
                        None,
                        Some(Role::Queen),
                        Some(Role::Knight),
                        Some(Role::King),
                    ],
                    _ => &[None, Some(Role::Queen)],
                };
                for to in reach {
                    let taken = board.role_at(to);
                    let wrong = if taken.is_some() {
                        None
                    } else {
                        Some(Role::Pawn)
                    };
                    for capture in [taken, wrong] {
                        for &promotion in promotions {
                            let m = Move::Normal {
                                role,
                                from,
                                capture,
                                to,
                                promotion,
                            };
                            assert_eq!(
                                is_legal(pos, m),
                                pos.is_legal(m),
                                "{m:?} in {}",
                                Fen::from_position(pos, EnPassantMode::Legal)
                            );
                            asked += 1;
                        }
                    }
                }
            }
            for m in pos.legal_moves() {
                assert!(is_legal(pos, m), "{m:?}");
                legal += 1;
            }
        };
        for fen in [
            "4r2k/8/8/8/8/8/4N3/4K3 w - - 0 1",
            "4r2k/8/8/8/8/8/4R3/4K1N1 w - - 0 1",
            "k3r3/8/8/8/1N6/8/8/4K1N1 w - - 0 1",
            "4r2k/8/8/8/8/8/4P3/4K3 w - - 0 1",
            "7k/8/8/8/8/2b5/3P4/4K3 w - - 0 1",
            "7k/8/8/8/3q4/4P3/8/2K5 w - - 0 1",
            "1n4k1/P1P5/8/8/8/8/8/4K3 w - - 0 1",
            "k7/8/8/8/8/8/1p1p4/2N3K1 b - - 0 1",
            "7k/8/8/3pP3/8/8/8/4K3 w - d6 0 2",
            "8/8/8/KPp4r/8/8/8/7k w - c6 0 2",
            "7k/8/8/8/8/2n5/3pb3/4K3 w - - 0 1",
            "r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1",
        ] {
            let pos: Chess = fen
                .parse::<Fen>()
                .unwrap()
                .into_position(CastlingMode::Standard)
                .unwrap();
            check(&pos);
        }
        for pos in crate::rules::random_games::random_positions(12, 100, 777) {
            check(&pos);
        }
        assert!(legal > 1000 && asked > 50_000, "{legal} {asked}");
    }

    /// `plain_move_exists` (not in check) never sees a move shakmaty's list does not hold,
    /// `evasion_exists` (in check) is whether the list holds one, and the fast
    /// `has_legal_move` agrees with the list: on hand-made stalemates (a pinned knight, a king
    /// boxed in, en passant the only move), hand-made checks (answered by a block, a pawn's
    /// push or double step, a capture, en passant; or not, a pinned piece's capture or block
    /// not counting; a double check) and on random sparse positions, where stalemates, checks,
    /// mates and pins are common.
    #[test]
    fn legal_move_exists_as_shakmaty_lists() {
        let (mut in_check, mut mates) = (0, 0);
        let mut agree = |pos: &Chess| {
            let listed = !pos.legal_moves().is_empty();
            let fen = Fen::from_position(pos, EnPassantMode::Legal);
            if pos.is_check() {
                assert_eq!(evasion_exists(pos, pos.checkers()), listed, "{fen}");
                in_check += 1;
                mates += usize::from(!listed);
            } else {
                assert!(!plain_move_exists(pos) || listed, "{fen}");
            }
            let standard = Standard::of(pos.clone(), CastlingMode::Standard);
            assert_eq!(standard.has_legal_move(), listed, "{fen}");
            listed
        };
        for (fen, moves) in [
            // The b1 knight is pinned by the h1 rook; a2 and b2 are the black king's.
            ("8/8/8/8/8/1k6/8/KN5r w - - 0 1", false),
            // The same with the knight free to move (the rook on h2).
            ("8/8/8/8/8/1k6/7r/KN6 w - - 0 1", true),
            // The a1 king is boxed in by the c2 queen and the b5 pawn blocked by the b6
            // knight: en passant is the only move, and without it there is none.
            ("7k/8/1n6/1Pp5/8/8/2q5/K7 w - c6 0 2", true),
            ("7k/8/1n6/1P6/8/8/2q5/K7 w - - 0 1", false),
            // Checks (each position's answer is python-chess 1.11.2's legal move list): on
            // the first rank by the a1 rook, blocked by the d3 knight (Nc1, Ne1), or mate;
            // on the fourth rank by the h4 rook, blocked by a pawn's double step or push
            // (b4), or mate; blocked by the h3 knight (Ng1) unless the h8 rook pins it.
            ("7k/8/8/8/8/3N4/6PP/r6K w - - 0 1", true),
            ("7k/8/8/8/8/8/6PP/r6K w - - 0 1", false),
            ("1r6/8/2n5/8/K6r/8/1P6/1n5k w - - 0 1", true),
            ("1r6/8/2n5/8/K6r/1P6/8/1n5k w - - 0 1", true),
            ("1r6/8/2n5/8/K6r/8/8/1n5k w - - 0 1", false),
            ("k7/8/8/8/8/5n1N/6P1/r6K w - - 0 1", true),
            ("k6r/8/8/8/8/5n1N/6P1/r6K w - - 0 1", false),
            // A double check (d3 knight, e8 rook): Bxd3 would answer one of them only.
            ("4r2k/8/8/8/8/3n4/3P1P2/3QKB2 w - - 0 1", false),
            // The checking d5 pawn taken en passant (exd6, the only answer), and a mate
            // where that capture would open the e-file.
            ("8/4k3/8/3pP3/4K3/7q/3q4/8 w - d6 0 1", true),
            ("7k/q7/4q3/3pP1R1/4K3/6q1/8/8 w - d6 0 1", false),
        ] {
            let pos: Chess = fen
                .parse::<Fen>()
                .unwrap()
                .into_position(CastlingMode::Standard)
                .unwrap();
            assert_eq!(agree(&pos), moves, "{fen}");
        }
        // Random positions: two kings and up to five other pieces on random squares.
        let mut seed: u64 = 987654321;
        let mut next = |n: u64| {
            seed = seed
                .wrapping_mul(6364136223846793005)
                .wrapping_add(1442695040888963407);
            (seed >> 33) % n
        };
        let (mut positions, mut without_moves) = (0, 0);
        let pieces = "PNBRQpnbrq".as_bytes();
        while positions < 20_000 {
            let mut board = [b'.'; 64];
            board[next(64) as usize] = b'K';
            board[next(64) as usize] = b'k';
            for _ in 0..next(6) {
                board[next(64) as usize] = pieces[next(10) as usize];
            }
            let rows: Vec<String> = board
                .chunks(8)
                .map(|row| {
                    let mut text = String::new();
                    let mut empty = 0;
                    for &c in row {
                        if c == b'.' {
                            empty += 1;
                        } else {
                            if empty > 0 {
                                text.push_str(&empty.to_string());
                            }
                            empty = 0;
                            text.push(c as char);
                        }
                    }
                    if empty > 0 {
                        text.push_str(&empty.to_string());
                    }
                    text
                })
                .collect();
            let turn = if next(2) == 0 { "w" } else { "b" };
            let fen = format!("{} {turn} - - 0 1", rows.join("/"));
            let Ok(pos) = fen
                .parse::<Fen>()
                .unwrap()
                .into_position::<Chess>(CastlingMode::Standard)
            else {
                continue;
            };
            positions += 1;
            if !agree(&pos) {
                without_moves += 1;
            }
        }
        assert!(without_moves > 20, "{without_moves}");
        assert!(in_check > 1_000 && mates > 20, "{in_check} {mates}");
    }
}
