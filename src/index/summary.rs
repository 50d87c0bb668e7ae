//! One game's summary for the index: what its positions and moves hold, over the whole game
//! tree (main line and variations), so that a query's necessary condition can rule the game
//! out without replaying it (`index::prune`), and its main line's moves packed.
//!
//! A summary is only made for a game the careful reader and the replay take without a fault,
//! under standard rules from the standard start; any other game is marked [`SCAN`] and always
//! searched.

use shakmaty::Bitboard;

use crate::chess::{Color, PieceKinds};
use crate::eval::tree::replay;
use crate::pgn::{MoveReading, read_game_with};
use crate::rules::standard::Standard;
use crate::rules::{MoveInfo, Position};

/// The game must be searched: the index knows nothing of it (a fault, a variant, a set-up
/// start, a null move).
pub const SCAN: u32 = 1 << 0;
/// Some position of the tree has the side to move in check.
pub const CHECK: u32 = 1 << 1;
/// Some position of the tree is checkmate.
pub const MATE: u32 = 1 << 2;
/// Some position of the tree is stalemate.
pub const STALEMATE: u32 = 1 << 3;
/// Some move of the tree captures.
pub const CAPTURE: u32 = 1 << 4;
/// Some move of the tree captures en passant.
pub const EN_PASSANT: u32 = 1 << 5;
/// Some move of the tree castles king-side.
pub const CASTLE_KING_SIDE: u32 = 1 << 6;
/// Some move of the tree castles queen-side.
pub const CASTLE_QUEEN_SIDE: u32 = 1 << 7;
/// Some move of the tree promotes to a knight (bishop, rook, queen: the next three bits).
pub const PROMOTE_KNIGHT: u32 = 1 << 8;
/// The game has variations (informational: the summary covers them).
pub const VARIATIONS: u32 = 1 << 12;

/// The number of piece kinds summarised: white pawn..king (0..6), black pawn..king (6..12).
pub const KINDS: usize = 12;

/// The flag of a promotion to `piece_type` (knight, bishop, rook, queen), if it has one.
pub fn promotion_flag(piece_type: u8) -> Option<u32> {
    (1..=4)
        .contains(&piece_type)
        .then(|| PROMOTE_KNIGHT << (piece_type - 1))
}

/// What the index holds of one game.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct GameSummary {
    /// The flags above ([`SCAN`], [`CHECK`], ...).
    pub flags: u32,
    /// The main line's length in plies.
    pub plies: u32,
    /// The main line's final position's Zobrist key (Polyglot's).
    pub final_key: u64,
    /// Per piece kind (see [`KINDS`]), the fewest pieces of it on the board in any position
    /// of the tree.
    pub fewest: [u8; KINDS],
    /// Per piece kind, the most pieces of it on the board in any position of the tree.
    pub most: [u8; KINDS],
    /// Per piece kind, every square a piece of it stood on in some position of the tree.
    pub ever_on: [u64; KINDS],
    /// The main line's moves, two bytes each ([`pack_move`]).
    pub moves: Vec<u16>,
}

impl GameSummary {
    /// The summary of a game the index cannot speak for: searched whatever the query.
    pub fn scan() -> GameSummary {
        GameSummary {
            flags: SCAN,
            ..GameSummary::default()
        }
    }

    /// Whether the game must be searched whatever the query.
    pub fn must_scan(&self) -> bool {
        self.flags & SCAN != 0
    }
}

/// The index of a piece kind: `color`'s pieces of type `piece_type` (0 pawn .. 5 king).
pub fn kind_index(color: Color, piece_type: u8) -> usize {
    let side = match color {
        Color::White => 0,
        Color::Black => 6,
    };
    side + usize::from(piece_type)
}

/// A move in two bytes: from square (6 bits), to square (6 bits; the king's destination for
/// castling), promotion (3 bits: 0 none, 1 knight, 2 bishop, 3 rook, 4 queen).
pub fn pack_move(played: &MoveInfo<Bitboard>) -> Option<u16> {
    let from = played.from.first()? as u16;
    let to = played.to.first()? as u16;
    let promotion = match played.promotion {
        None => 0,
        Some(t @ 1..=4) => u16::from(t),
        Some(_) => return None,
    };
    Some(from | (to << 6) | (promotion << 12))
}

/// The summary of the game whose PGN text is `slice` (one game, as `pgn::split_games` cuts
/// it): [`GameSummary::scan`] for any game the search could read, set up or replay
/// otherwise than from the standard start under standard rules without a fault.
pub fn summarize(slice: &[u8]) -> GameSummary {
    if crate::pgn::split::ends_in_tags(slice) {
        return GameSummary::scan();
    }
    let Ok(record) = read_game_with(slice, MoveReading::San) else {
        return GameSummary::scan();
    };
    let set_up = ["FEN", "SetUp", "Variant"]
        .iter()
        .any(|tag| record.tag(tag).is_some());
    if set_up || record.nodes.is_empty() {
        return GameSummary::scan();
    }
    let replayed = replay(&record, Standard::start(false), true);
    if replayed.fault.is_some() || replayed.nodes.iter().any(Option::is_none) {
        return GameSummary::scan();
    }
    let mut summary = GameSummary {
        fewest: [u8::MAX; KINDS],
        ..GameSummary::default()
    };
    for (i, node) in replayed.nodes.iter().enumerate() {
        let Some(node) = node else {
            return GameSummary::scan();
        };
        let position = &node.position;
        add_pieces(&mut summary, position);
        if position.is_check() {
            summary.flags |= CHECK;
        }
        // A node with a child was left by a legal move, so it is neither mate nor stalemate;
        // only the leaves are asked (null moves are refused below).
        if record.nodes[i].children.is_empty() {
            if position.is_mate() {
                summary.flags |= MATE;
            }
            if position.is_stalemate() {
                summary.flags |= STALEMATE;
            }
        }
        if record.nodes[i].children.len() > 1 {
            summary.flags |= VARIATIONS;
        }
        if let Some(played) = &node.played
            && (played.null || add_move(&mut summary, played).is_none())
        {
            return GameSummary::scan();
        }
    }
    // The main line: from the root, each node's first child.
    let mut at = 0usize;
    while let Some(&next) = record.nodes[at].children.first() {
        at = next as usize;
        let Some(Some(played)) = replayed.nodes[at].as_ref().map(|n| n.played.as_ref()) else {
            return GameSummary::scan();
        };
        let Some(packed) = pack_move(played) else {
            return GameSummary::scan();
        };
        summary.moves.push(packed);
    }
    summary.plies = summary.moves.len() as u32;
    if let Some(Some(last)) = replayed.nodes.get(at) {
        summary.final_key = last.position.zobrist();
    }
    summary
}

/// Adds a position's pieces: the squares each kind stands on, and its count's bounds.
fn add_pieces(summary: &mut GameSummary, position: &Standard) {
    for color in [Color::White, Color::Black] {
        for piece_type in 0..6u8 {
            let k = kind_index(color, piece_type);
            let squares = position.pieces(PieceKinds::one(color, piece_type));
            summary.ever_on[k] |= squares.0;
            let count = squares.count() as u8;
            summary.fewest[k] = summary.fewest[k].min(count);
            summary.most[k] = summary.most[k].max(count);
        }
    }
}

/// Adds a move's facts (capture, en passant, castling, promotion); None for a move the
/// summary cannot describe.
fn add_move(summary: &mut GameSummary, played: &MoveInfo<Bitboard>) -> Option<()> {
    if played.capture.is_some() {
        summary.flags |= CAPTURE;
    }
    if played.en_passant {
        summary.flags |= EN_PASSANT;
    }
    match played.castle {
        Some(true) => summary.flags |= CASTLE_KING_SIDE,
        Some(false) => summary.flags |= CASTLE_QUEEN_SIDE,
        None => {}
    }
    if let Some(t) = played.promotion {
        summary.flags |= promotion_flag(t)?;
    }
    Some(())
}
