//! Positions' Zobrist keys in the index (`cqlq index --keys`, `docs/index.md`): per game a
//! Bloom filter of the keys of every position of its tree, and the condition a query's
//! exact position (`zobristkey == "…"`, an exact `fen` placement) puts on it.
//!
//! The key is the one the evaluator's `zobristkey` reads (`Standard::zobrist`: shakmaty's
//! Polyglot-compatible `Zobrist64`, en passant hashed when a pawn could capture
//! pseudo-legally). A Bloom filter has no false negatives: every key inserted answers "may
//! hold", so a game whose filter answers "holds none of the keys" has no position with one
//! of them, and a query that can only match at such a position cannot match in it.

use shakmaty::zobrist::{Zobrist64, ZobristValue};
use shakmaty::{Board, CastlingSide, Color as SColor, File, Piece, Rank, Role, Square};

use crate::ir::{CmpOp, Node, StrProp};

/// Filter bits per distinct key (a false "may hold" about 1 in 2,000 per key asked).
pub const BITS_PER_KEY: usize = 16;
/// Bits set per key.
pub const HASHES: u32 = 11;
/// The most candidate keys a condition keeps (more: no condition; each multiplies the
/// false "may hold"s).
const MOST_CANDIDATES: usize = 64;

/// The Bloom filter of `keys` (sorted and deduplicated here): [`BITS_PER_KEY`] bits a
/// distinct key, rounded up to whole bytes; empty for no key.
pub fn filter_of(keys: &mut Vec<u64>) -> Vec<u8> {
    keys.sort_unstable();
    keys.dedup();
    let mut filter = vec![0u8; (keys.len() * BITS_PER_KEY).div_ceil(8)];
    let bits = filter.len() as u64 * 8;
    for &key in keys.iter() {
        for bit in bit_places(key, bits) {
            filter[(bit / 8) as usize] |= 1 << (bit % 8);
        }
    }
    filter
}

/// Whether the filter `filter` may hold `key` (false: it certainly does not).
pub fn may_hold(filter: &[u8], key: u64) -> bool {
    let bits = filter.len() as u64 * 8;
    bits > 0 && bit_places(key, bits).all(|bit| filter[(bit / 8) as usize] & (1 << (bit % 8)) != 0)
}

/// The [`HASHES`] bits of `key` in a filter of `bits` bits (double hashing of the key's two
/// halves, each reduced to `0..bits` by a multiply: Zobrist keys are uniform already).
fn bit_places(key: u64, bits: u64) -> impl Iterator<Item = u64> {
    let (h1, h2) = (key as u32, (key >> 32) as u32 | 1);
    (0..HASHES).map(move |i| (u64::from(h1.wrapping_add(i.wrapping_mul(h2))) * bits) >> 32)
}

/// A condition on a game's position keys: some position of its tree has one of `keys`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct KeyNeed {
    /// The candidate keys, sorted, each once.
    pub keys: Vec<u64>,
}

impl KeyNeed {
    /// Whether a game whose filter is `filter` may hold one of the keys.
    pub fn admits(&self, filter: &[u8]) -> bool {
        self.keys.iter().any(|&k| may_hold(filter, k))
    }
}

/// A necessary condition on the position keys for `node` to match at a searched position,
/// if it gives one: `zobristkey == "k"` (the position's key is `k`), an exact `fen` (the
/// position's key is one of those its placement can have), and through `and` (any operand's
/// condition: all must match at the position) and `or` (every operand must give one: their
/// keys together). Anything else gives none.
pub fn key_need_of(node: &Node<shakmaty::Bitboard>) -> Option<KeyNeed> {
    let keys = match node {
        Node::And(v) => {
            v.iter()
                .filter_map(key_need_of)
                .min_by_key(|need| need.keys.len())?
                .keys
        }
        Node::Or(v) => {
            let mut keys = Vec::new();
            for need in v.iter().map(key_need_of) {
                keys.extend(need?.keys);
            }
            keys
        }
        // The evaluator compares the key's text, `format!("{:016x}")`, with the string: only
        // 16 lowercase hexadecimal digits can be equal to it.
        Node::Compare(CmpOp::Eq, a, b) => match (&**a, &**b) {
            (Node::StrProp(StrProp::ZobristKey), Node::Str(text))
            | (Node::Str(text), Node::StrProp(StrProp::ZobristKey)) => vec![key_of_text(text)?],
            _ => return None,
        },
        Node::Placement(parts) => placement_keys(&exact_board(parts)?),
        _ => return None,
    };
    let mut keys = keys;
    keys.sort_unstable();
    keys.dedup();
    (keys.len() <= MOST_CANDIDATES).then_some(KeyNeed { keys })
}

/// The key `text` spells as `zobristkey` writes keys (16 lowercase hexadecimal digits).
fn key_of_text(text: &str) -> Option<u64> {
    let digits = text
        .bytes()
        .all(|b| b.is_ascii_digit() || (b'a'..=b'f').contains(&b));
    (text.len() == 16 && digits)
        .then(|| u64::from_str_radix(text, 16).ok())
        .flatten()
}

/// The one board a `fen` placement admits, when it names every square: each part one piece
/// kind (one colour, one type) or the empty square only, all 64 squares covered, no square
/// given two contents (else None: no condition).
fn exact_board(parts: &[(crate::chess::PieceKinds, shakmaty::Bitboard)]) -> Option<Board> {
    let mut board = Board::empty();
    let mut covered = shakmaty::Bitboard::EMPTY;
    for (kinds, squares) in parts {
        if (covered & *squares).any() {
            return None;
        }
        covered |= *squares;
        let piece = match (kinds.white, kinds.black, kinds.empty) {
            (0, 0, true) => None,
            (w, 0, false) if w.count_ones() == 1 && w < 64 => Some((SColor::White, w)),
            (0, b, false) if b.count_ones() == 1 && b < 64 => Some((SColor::Black, b)),
            _ => return None,
        };
        if let Some((color, bit)) = piece {
            let role = Role::ALL[bit.trailing_zeros() as usize];
            for square in *squares {
                board.set_piece_at(square, Piece { color, role });
            }
        }
    }
    (covered == shakmaty::Bitboard::FULL).then_some(board)
}

/// Every key a position with the placement `board` can have (a superset: each side to move;
/// each set of castling rights whose king and rook stand on their start squares, the only
/// rights a game from the standard start can hold; no en-passant file, or each whose
/// capture a pawn of the side to move could make: the pawn that moved two squares on its
/// fourth rank beside one of the mover's pawns, which is what shakmaty's pseudo-legal
/// en-passant square asks at least).
fn placement_keys(board: &Board) -> Vec<u64> {
    let placement = board.iter().fold(0u64, |acc, (square, piece)| {
        acc ^ Zobrist64::zobrist_for_piece(square, piece).0
    });
    let mut rights = Vec::new();
    for color in [SColor::White, SColor::Black] {
        let king = Square::from_coords(File::E, relative(Rank::First, color));
        for side in [CastlingSide::KingSide, CastlingSide::QueenSide] {
            let file = match side {
                CastlingSide::KingSide => File::H,
                CastlingSide::QueenSide => File::A,
            };
            let rook = Square::from_coords(file, relative(Rank::First, color));
            if board.piece_at(king) == Some(color.king())
                && board.piece_at(rook) == Some(color.rook())
            {
                let Zobrist64(k) = Zobrist64::zobrist_for_castling_right(color, side);
                rights.push(k);
            }
        }
    }
    let mut keys = Vec::new();
    for turn in [SColor::White, SColor::Black] {
        let Zobrist64(turn_key) = if turn == SColor::White {
            Zobrist64::zobrist_for_white_turn()
        } else {
            Zobrist64(0)
        };
        let mut en_passant = vec![0u64];
        let rank = relative(Rank::Fifth, turn);
        for file in File::ALL {
            let theirs = Square::from_coords(file, rank);
            let beside = [file.offset(-1), file.offset(1)]
                .into_iter()
                .flatten()
                .any(|f| board.piece_at(Square::from_coords(f, rank)) == Some(turn.pawn()));
            if board.piece_at(theirs) == Some((!turn).pawn()) && beside {
                let Zobrist64(k) = Zobrist64::zobrist_for_en_passant_file(file);
                en_passant.push(k);
            }
        }
        for subset in 0..(1usize << rights.len()) {
            let castles = rights
                .iter()
                .enumerate()
                .filter(|(i, _)| subset & (1 << i) != 0)
                .fold(0u64, |acc, (_, k)| acc ^ k);
            for ep in &en_passant {
                keys.push(placement ^ turn_key ^ castles ^ ep);
            }
        }
    }
    keys
}

/// `rank` as `color` counts it (White's fifth rank is Black's fourth).
fn relative(rank: Rank, color: SColor) -> Rank {
    match color {
        SColor::White => rank,
        SColor::Black => rank.flip_vertical(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Every key put in a filter may be held; of 100,000 others, about as few as the filter's
    /// size promises answer "may hold" (BITS_PER_KEY 16, 11 hashes: about 0.05 %).
    #[test]
    fn a_filter_holds_its_keys_and_few_others() {
        let mut state = 0x9e37_79b9_7f4a_7c15u64;
        let mut next = || {
            state = state.wrapping_add(0x9e37_79b9_7f4a_7c15);
            let mut z = state;
            z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
            z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
            z ^ (z >> 31)
        };
        let mut keys: Vec<u64> = (0..100).map(|_| next()).collect();
        let kept = keys.clone();
        let filter = filter_of(&mut keys);
        assert_eq!(filter.len(), 200);
        assert!(kept.iter().all(|&k| may_hold(&filter, k)));
        let false_hits = (0..100_000).filter(|_| may_hold(&filter, next())).count();
        assert!(false_hits < 200, "{false_hits}");
        assert!(!may_hold(&[], 1));
    }

    /// The keys of the Polyglot book format's published examples (the position after
    /// `1. e4 d5 2. e5 f5`: en passant on f6 hashed, white to move, every castling right)
    /// are among those its placement can have; a text other than 16 lowercase digits is no
    /// key.
    #[test]
    fn a_placement_can_have_its_polyglot_keys() {
        let board: Board = "rnbqkbnr/ppp1p1pp/8/3pPp2/8/8/PPPP1PPP/RNBQKBNR"
            .parse()
            .unwrap();
        let keys = placement_keys(&board);
        assert!(keys.contains(&0x22a4_8b5a_8e47_ff78));
        let start: Board = Board::default();
        assert!(placement_keys(&start).contains(&0x463b_9618_1691_fc9c));
        // After 1. e4 (black to move, no black pawn beside e4: no en passant hashed).
        let e4: Board = "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR"
            .parse()
            .unwrap();
        assert!(placement_keys(&e4).contains(&0x823c_9b50_fd11_4196));
        assert_eq!(key_of_text("463b96181691fc9c"), Some(0x463b_9618_1691_fc9c));
        assert_eq!(key_of_text("463B96181691FC9C"), None);
        assert_eq!(key_of_text("463b96181691fc9"), None);
        assert_eq!(key_of_text("+63b96181691fc9c"), None);
    }
}
