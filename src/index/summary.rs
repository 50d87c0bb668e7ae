//! One game's summary for the index: what its positions and moves hold, over the whole game
//! tree (main line and variations), so that a query's necessary condition can rule the game
//! out without replaying it (`index::prune`), and its main line's moves packed.
//!
//! A summary is only made for a game the careful reader and the replay take without a fault,
//! under standard rules from the standard start; any other game is marked [`SCAN`] and always
//! searched.

use std::borrow::Cow;

use shakmaty::{Bitboard, Position as _};

use super::moves::{MoveCoder, Mover, PackedMove, push_code};

use crate::chess::{Color, PieceKinds};
use crate::eval::tree::replay;
use crate::pgn::plain::{PlainGame, PlainToken};
use crate::pgn::{MoveReading, read_game_with};
use crate::rules::select::{GameRules, rules_for_game};
use crate::rules::standard::Standard;
use crate::rules::{MoveInfo, Position};

mod check_runs;

pub use check_runs::{CheckRuns, RUN_CAP};

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

/// The tags the index keeps (the game filters' `player`, `elo`, `result`, `event`, `date`,
/// `eco` read them), in the order of a summary's `tags`. Not `Site`: every lichess game's is
/// its own address, so its values would grow the string table, and the memory of building
/// and of reading it, by a string a game (`site "x"` is decided on the game's text).
pub const TAG_NAMES: [&str; TAGS] = [
    "Event", "Date", "Round", "White", "Black", "Result", "WhiteElo", "BlackElo", "ECO",
];
/// The number of tags kept.
pub const TAGS: usize = 9;

/// The number of piece kinds summarised: white pawn..king (0..6), black pawn..king (6..12).
pub const KINDS: usize = 12;

/// A piece's power by its type (the evaluator's `power`): pawn 1, knight 3, bishop 3, rook
/// 5, queen 9, king 0.
pub const POWER: [i16; 6] = [1, 3, 3, 5, 9, 0];

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
    /// The least and the most of white's pieces less black's over the tree's positions
    /// (both 0 at the standard start, where every summarised game begins).
    pub piece_lead: (i8, i8),
    /// The least and the most of white's power less black's over the tree's positions
    /// ([`POWER`] a piece).
    pub power_lead: (i16, i16),
    /// 0 when every position of the tree has a queen (of either colour) on the board; else
    /// one more than the smallest ply of a position of the tree without a queen.
    pub queens_gone: u32,
    /// 0 when no move of the tree castles queen-side; else the largest ply of a position of
    /// the tree a queen-side castling reached (at least 1).
    pub last_long_castle: u32,
    /// The positions of the tree with the side to move in check.
    pub checks: u32,
    /// The most positions in check in a row along a line of the tree (each the child of
    /// the one before), at most [`RUN_CAP`].
    pub check_run: u8,
    /// The most positions in check in a row two plies apart along a line of the tree (the
    /// same side in check each time), at most [`RUN_CAP`].
    pub same_side_check_run: u8,
    /// The main line's moves packed ([`super::moves`]: about a byte a ply).
    pub moves: Vec<u8>,
    /// Per tag of [`TAG_NAMES`], its value's number in the index's string table plus one
    /// (0: the game has no such tag).
    pub tags: [u32; TAGS],
    /// The Bloom filter of its tree's positions' Zobrist keys ([`super::keys`]; empty when
    /// the index holds no keys).
    pub keys: Vec<u8>,
}

/// A game's summary and its kept tags' values (the index numbers them).
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Summarized<'a> {
    /// The summary (its `tags` still 0).
    pub summary: GameSummary,
    /// Per tag of [`TAG_NAMES`], its value (the first such tag's, as `Game::tag` reads it).
    pub tags: [Option<Cow<'a, str>>; TAGS],
}

impl Summarized<'_> {
    /// A game searched always: no summary, no tags.
    pub fn scan() -> Self {
        Summarized {
            summary: GameSummary::scan(),
            tags: Default::default(),
        }
    }
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

/// A move as the packed main line holds it: (from, to, promotion), or None for a move it
/// cannot hold (a null move, a drop).
fn packed(played: &MoveInfo<Bitboard>) -> Option<PackedMove> {
    let from = played.from.first()? as u8;
    let to = played.to.first()? as u8;
    Some((from, to, played.promotion.unwrap_or(0)))
}

/// The summary of the game whose PGN text is `slice` (one game, as `pgn::split_games` cuts
/// it), and its kept tags: [`Summarized::scan`] for any game the search could read, set up
/// or replay otherwise than from the standard start under standard rules without a fault.
/// A plain game without variations (`pgn::plain`, the one-pass search's reading) is read in
/// one pass; any other by the careful reader, whose tree is replayed.
pub fn summarize(slice: &[u8]) -> Summarized<'_> {
    summarize_keyed(slice, false)
}

/// [`summarize`], with the filter of the tree's positions' keys when `keys` is asked for
/// ([`GameSummary::keys`]).
pub fn summarize_keyed(slice: &[u8], keys: bool) -> Summarized<'_> {
    if crate::pgn::split::ends_in_tags(slice) {
        return Summarized::scan();
    }
    let mut seen = keys.then(Vec::new);
    let mut done = match summarize_plain_keyed(slice, seen.as_mut()) {
        Some(done) => done,
        None => {
            if let Some(seen) = &mut seen {
                seen.clear();
            }
            summarize_careful_keyed(slice, seen.as_mut())
        }
    };
    if let Some(mut seen) = seen
        && !done.summary.must_scan()
    {
        done.summary.keys = super::keys::filter_of(&mut seen);
    }
    done
}

/// Whether a game with these tags (the first of each name) is set up otherwise than as
/// standard chess from the standard start: a `[FEN]` or `[SetUp]` tag, or a `[Variant]` tag
/// the search does not resolve to standard chess (`rules::select::rules_for_game`, as the
/// search resolves it: "Standard", "Chess", "From Position" stay; Chess960 does not).
fn sets_up(fen: Option<&str>, set_up: Option<&str>, variant: Option<&str>) -> bool {
    fen.is_some()
        || set_up.is_some()
        || !matches!(
            rules_for_game(variant, None),
            Ok(GameRules::Standard { chess960: false })
        )
}

/// [`summarize`] for a plain game with moves and no variations, read and played in one pass
/// as the one-pass search reads it (`pgn::plain` reads only what the careful reader reads
/// the same way without a fault; `Standard::play_read_san` plays the move the careful
/// replay plays): the summary the careful path makes. None: let the careful path read it
/// (not plain, a variation, a move the strict SAN reading refuses, no moves).
pub fn summarize_plain(slice: &[u8]) -> Option<Summarized<'_>> {
    summarize_plain_keyed(slice, None)
}

/// [`summarize_plain`], each position's key (`Standard::zobrist`, as `zobristkey` reads it)
/// pushed on `keys` when given.
fn summarize_plain_keyed<'a>(
    slice: &'a [u8],
    mut keys: Option<&mut Vec<u64>>,
) -> Option<Summarized<'a>> {
    let mut game = PlainGame::new(slice);
    let mut tags: [Option<Cow<'_, str>>; TAGS] = Default::default();
    let mut set_up: [Option<&str>; 3] = [None; 3];
    while let Some((name, value)) = game.next_tag().ok()? {
        let slot = match tag_slot(name) {
            TagSlot::SetUp(i) => &mut set_up[i],
            TagSlot::Kept(i) => {
                if tags[i].is_none() {
                    tags[i] = Some(Cow::Borrowed(value));
                }
                continue;
            }
            TagSlot::Other => continue,
        };
        *slot = slot.or(Some(value));
    }
    if sets_up(set_up[0], set_up[1], set_up[2]) {
        return Some(Summarized::scan());
    }
    let mut position = Standard::start(false);
    let mut summary = GameSummary {
        fewest: [u8::MAX; KINDS],
        // Most games' packed moves fit (about a byte a ply): one allocation, not five.
        moves: Vec::with_capacity(MOVES_CAPACITY),
        ..GameSummary::default()
    };
    add_board(&mut summary, position.chess().board());
    let mut runs = CheckRuns::root(position.is_check());
    summary.add_check_runs(runs);
    if let Some(keys) = keys.as_deref_mut() {
        keys.push(position.zobrist());
    }
    while let Some(token) = game.next_token().ok()? {
        match token {
            PlainToken::Move(san, _) => {
                play_plain(&mut position, &san.san, &mut summary)?;
                summary.plies += 1;
                // The first position without queens: its ply, plus one.
                if summary.queens_gone == 0 && position.chess().board().queens().is_empty() {
                    summary.queens_gone = summary.plies + 1;
                }
                runs = runs.child(position.is_check());
                summary.add_check_runs(runs);
                if let Some(keys) = keys.as_deref_mut() {
                    keys.push(position.zobrist());
                }
            }
            PlainToken::Open | PlainToken::Close => return None,
            PlainToken::Nag(_) | PlainToken::Comment(_) | PlainToken::Result(_) => {}
        }
    }
    if summary.plies == 0 {
        return None;
    }
    if summary.checks > 0 {
        summary.flags |= CHECK;
    }
    // The last position is the tree's only leaf.
    if position.is_mate() {
        summary.flags |= MATE;
    }
    if position.is_stalemate() {
        summary.flags |= STALEMATE;
    }
    summary.final_key = position.zobrist();
    Some(Summarized { summary, tags })
}

/// The packed moves' first allocation in the one-pass summary (bytes).
const MOVES_CAPACITY: usize = 160;

/// What the one-pass summary does with a tag, by its name.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum TagSlot {
    /// `FEN`, `SetUp`, `Variant` (0, 1, 2): they decide whether the game is set up.
    SetUp(usize),
    /// A kept tag: its place in [`TAG_NAMES`].
    Kept(usize),
    /// Any other.
    Other,
}

/// A name of up to 8 bytes as a number (its bytes, the first lowest), with its length: the
/// names [`tag_slot`] knows compared as two integers, not as strings.
const fn packed_name(name: &[u8]) -> (usize, u64) {
    let mut packed = 0u64;
    let mut i = 0;
    while i < name.len() && i < 8 {
        packed |= (name[i] as u64) << (8 * i);
        i += 1;
    }
    (name.len(), packed)
}

/// What to do with the tag `name` (every game has a dozen tags: compared as integers).
fn tag_slot(name: &str) -> TagSlot {
    const FEN: (usize, u64) = packed_name(b"FEN");
    const SET_UP: (usize, u64) = packed_name(b"SetUp");
    const VARIANT: (usize, u64) = packed_name(b"Variant");
    const KEPT: [(usize, u64); TAGS] = {
        let mut kept = [(0, 0); TAGS];
        let mut i = 0;
        while i < TAGS {
            kept[i] = packed_name(TAG_NAMES[i].as_bytes());
            i += 1;
        }
        kept
    };
    if name.len() > 8 {
        return TagSlot::Other;
    }
    let packed = packed_name(name.as_bytes());
    match packed {
        FEN => TagSlot::SetUp(0),
        SET_UP => TagSlot::SetUp(1),
        VARIANT => TagSlot::SetUp(2),
        _ => KEPT
            .iter()
            .position(|&k| k == packed)
            .map_or(TagSlot::Other, TagSlot::Kept),
    }
}

/// Plays the move `san` names (as `Standard::play_read_san` reads it) and adds it and the
/// position it makes to `summary`, what the careful path's [`add_move`], [`add_pieces`] and
/// `MoveCoder` add, read off shakmaty's move (`Standard::play_read_san_move`) instead of a
/// move description. Only the pieces that moved stand on new squares (the mover's piece, or
/// what it promoted to, and the rook when castling), and only a capture or a promotion
/// changes a count: the kind taken, the promoting pawns and the promoted piece's kind are
/// counted again, and the leads (every other count is one a position before had). The move
/// is packed from the board before it (`moves::push_code`: the mover's squares and the
/// moving piece's type, a king's for castling), so no second board is played along. None: a
/// null move, a drop, a move the strict SAN reading refuses, a move the packing cannot hold
/// (let the careful path decide).
fn play_plain(
    position: &mut Standard,
    san: &shakmaty::san::San,
    summary: &mut GameSummary,
) -> Option<()> {
    use shakmaty::{Move, Role, Square};
    let before = position.chess();
    let (us, ours) = (before.turn(), before.us());
    let played = position.play_read_san_move(san).ok()?;
    let board = position.chess().board();
    let reached = |summary: &mut GameSummary, role: Role, sq: Square| {
        summary.ever_on[kind_index(color_of(us), role as u8 - 1)] |= 1u64 << (sq as u32);
    };
    let (from, to, role, promotion) = match played {
        Move::Normal {
            role,
            from,
            capture,
            to,
            promotion,
        } => {
            reached(summary, promotion.unwrap_or(role), to);
            if let Some(taken) = capture {
                summary.flags |= CAPTURE;
                count_kind(summary, board, !us, taken);
            }
            let promotion = match promotion {
                Some(promoted) => {
                    let promotion = promoted as u8 - 1;
                    summary.flags |= promotion_flag(promotion)?;
                    count_kind(summary, board, us, Role::Pawn);
                    count_kind(summary, board, us, promoted);
                    promotion
                }
                None => 0,
            };
            if capture.is_some() || promotion != 0 {
                add_board_leads(summary, board);
            }
            (from, to, role, promotion)
        }
        Move::EnPassant { from, to } => {
            reached(summary, Role::Pawn, to);
            summary.flags |= CAPTURE | EN_PASSANT;
            count_kind(summary, board, !us, Role::Pawn);
            add_board_leads(summary, board);
            (from, to, Role::Pawn, 0)
        }
        Move::Castle { king, rook } => {
            // Standard castling: the king from the e-file two files towards the rook, the
            // rook beside it on the king's other side.
            let king_side = rook.file() > king.file();
            summary.flags |= if king_side {
                CASTLE_KING_SIDE
            } else {
                // The position it reaches is the main line's next (the caller counts it).
                summary.last_long_castle = summary.plies + 1;
                CASTLE_QUEEN_SIDE
            };
            let (king_to, rook_to) = if king_side {
                (shakmaty::File::G, shakmaty::File::F)
            } else {
                (shakmaty::File::C, shakmaty::File::D)
            };
            let king_to = Square::from_coords(king_to, king.rank());
            reached(summary, Role::King, king_to);
            reached(
                summary,
                Role::Rook,
                Square::from_coords(rook_to, king.rank()),
            );
            (king, king_to, Role::King, 0)
        }
        Move::Put { .. } => return None,
    };
    let mover = Mover {
        own: ours.0,
        // The project's piece types are shakmaty's roles less one.
        piece_type: role as u8 - 1,
        black: us == shakmaty::Color::Black,
    };
    push_code(&mut summary.moves, mover, (from as u8, to as u8, promotion))
}

/// The project's colour of shakmaty's.
fn color_of(color: shakmaty::Color) -> Color {
    match color {
        shakmaty::Color::White => Color::White,
        shakmaty::Color::Black => Color::Black,
    }
}

/// Folds the count of `color`'s pieces of `role` on `board` into their kind's bounds.
fn count_kind(
    summary: &mut GameSummary,
    board: &shakmaty::Board,
    color: shakmaty::Color,
    role: shakmaty::Role,
) {
    let k = kind_index(color_of(color), role as u8 - 1);
    let count = (board.by_color(color) & board.by_role(role)).count() as u8;
    summary.fewest[k] = summary.fewest[k].min(count);
    summary.most[k] = summary.most[k].max(count);
}

/// [`add_pieces`] read straight off shakmaty's board (the one-pass path's).
fn add_board(summary: &mut GameSummary, board: &shakmaty::Board) {
    let mut counts = [0u8; KINDS];
    for (side, color) in [shakmaty::Color::White, shakmaty::Color::Black]
        .into_iter()
        .enumerate()
    {
        let ours = board.by_color(color);
        for (t, role) in shakmaty::Role::ALL.into_iter().enumerate() {
            let k = side * 6 + t;
            let squares = ours & board.by_role(role);
            summary.ever_on[k] |= squares.0;
            let count = squares.count() as u8;
            summary.fewest[k] = summary.fewest[k].min(count);
            summary.most[k] = summary.most[k].max(count);
            counts[k] = count;
        }
    }
    add_leads(summary, &counts);
}

/// Folds a board's leads (white's pieces less black's, white's power less black's) into
/// the summary's ranges.
fn add_board_leads(summary: &mut GameSummary, board: &shakmaty::Board) {
    let mut counts = [0u8; KINDS];
    for (side, color) in [shakmaty::Color::White, shakmaty::Color::Black]
        .into_iter()
        .enumerate()
    {
        for (t, role) in shakmaty::Role::ALL.into_iter().enumerate() {
            counts[side * 6 + t] = (board.by_color(color) & board.by_role(role)).count() as u8;
        }
    }
    add_leads(summary, &counts);
}

/// Folds a position's leads, read off its count per piece kind, into the summary's ranges.
fn add_leads(summary: &mut GameSummary, counts: &[u8; KINDS]) {
    let (mut pieces, mut power) = (0i16, 0i16);
    for (k, &count) in counts.iter().enumerate() {
        let sign = if k < 6 { 1 } else { -1 };
        pieces += sign * i16::from(count);
        power += sign * POWER[k % 6] * i16::from(count);
    }
    // A side has at most 16 pieces and one (its king) at least.
    let pieces = pieces.clamp(-16, 16) as i8;
    summary.piece_lead = (
        summary.piece_lead.0.min(pieces),
        summary.piece_lead.1.max(pieces),
    );
    summary.power_lead = (
        summary.power_lead.0.min(power),
        summary.power_lead.1.max(power),
    );
}

/// [`summarize`] by the careful reader and a replay of the whole tree.
pub fn summarize_careful(slice: &[u8]) -> Summarized<'_> {
    summarize_careful_keyed(slice, None)
}

/// [`summarize_careful`], each position's key of the tree pushed on `keys` when given.
fn summarize_careful_keyed<'a>(slice: &'a [u8], mut keys: Option<&mut Vec<u64>>) -> Summarized<'a> {
    let Ok(record) = read_game_with(slice, MoveReading::San) else {
        return Summarized::scan();
    };
    let set_up = sets_up(
        record.tag("FEN"),
        record.tag("SetUp"),
        record.tag("Variant"),
    );
    if set_up || record.nodes.is_empty() {
        return Summarized::scan();
    }
    let replayed = replay(&record, Standard::start(false), true);
    if replayed.fault.is_some() || replayed.nodes.iter().any(Option::is_none) {
        return Summarized::scan();
    }
    let mut summary = GameSummary {
        fewest: [u8::MAX; KINDS],
        ..GameSummary::default()
    };
    // Each node's runs of checks (a node's parent comes before it: the reader adds a move's
    // node after its parent's).
    let mut runs: Vec<CheckRuns> = Vec::with_capacity(replayed.nodes.len());
    for (i, node) in replayed.nodes.iter().enumerate() {
        let Some(node) = node else {
            return Summarized::scan();
        };
        let position = &node.position;
        add_pieces(&mut summary, position);
        add_plies(&mut summary, node);
        if let Some(keys) = keys.as_deref_mut() {
            keys.push(position.zobrist());
        }
        let in_check = position.is_check();
        let here = match record.nodes[i].parent {
            None => CheckRuns::root(in_check),
            Some(parent) => match runs.get(parent as usize) {
                Some(before) => before.child(in_check),
                None => return Summarized::scan(),
            },
        };
        runs.push(here);
        summary.add_check_runs(here);
        if in_check {
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
            return Summarized::scan();
        }
    }
    // The main line: from the root, each node's first child.
    let mut at = 0usize;
    let mut coder = MoveCoder::default();
    while let Some(&next) = record.nodes[at].children.first() {
        at = next as usize;
        let Some(Some(played)) = replayed.nodes[at].as_ref().map(|n| n.played.as_ref()) else {
            return Summarized::scan();
        };
        if packed(played)
            .and_then(|m| coder.push(&mut summary.moves, m))
            .is_none()
        {
            return Summarized::scan();
        }
        summary.plies += 1;
    }
    if let Some(Some(last)) = replayed.nodes.get(at) {
        summary.final_key = last.position.zobrist();
    }
    let tags = TAG_NAMES.map(|name| record.tag(name).map(|v| Cow::Owned(v.to_string())));
    Summarized { summary, tags }
}

/// Adds a position's pieces: the squares each kind stands on, its count's bounds, and the
/// leads.
fn add_pieces(summary: &mut GameSummary, position: &Standard) {
    let mut counts = [0u8; KINDS];
    for color in [Color::White, Color::Black] {
        for piece_type in 0..6u8 {
            let k = kind_index(color, piece_type);
            let squares = position.pieces(PieceKinds::one(color, piece_type));
            summary.ever_on[k] |= squares.0;
            let count = squares.count() as u8;
            summary.fewest[k] = summary.fewest[k].min(count);
            summary.most[k] = summary.most[k].max(count);
            counts[k] = count;
        }
    }
    add_leads(summary, &counts);
}

/// Adds what a node's ply tells: the first ply without queens, the last queen-side
/// castling's (the tree's nodes come in any order of plies: the least and the most kept).
fn add_plies(summary: &mut GameSummary, node: &crate::eval::tree::ReplayedNode<Standard>) {
    let queens = PieceKinds {
        white: 1 << crate::chess::piece_type::QUEEN,
        black: 1 << crate::chess::piece_type::QUEEN,
        empty: false,
    };
    if node.position.pieces(queens).is_empty() {
        let gone = node.ply + 1;
        if summary.queens_gone == 0 || gone < summary.queens_gone {
            summary.queens_gone = gone;
        }
    }
    if node
        .played
        .as_ref()
        .is_some_and(|m| m.castle == Some(false))
    {
        summary.last_long_castle = summary.last_long_castle.max(node.ply);
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

#[cfg(test)]
mod tests {
    use super::*;

    /// Random legal games written in SAN (en passant and castling taken whenever legal, so
    /// captures of promoted pieces, promotions with capture and both castlings happen): the
    /// one-pass summary, which counts only the kinds a move changes and packs moves off
    /// shakmaty's board, is the careful path's, which counts every position's whole board
    /// and packs moves on a mailbox of its own.
    #[test]
    fn random_games_summarise_alike_in_one_pass_and_carefully() {
        use shakmaty::{Chess, san::SanPlus};
        let mut seed = 35u64;
        let mut kinds = [0usize; 4];
        for game in 0..60 {
            let mut pos = Chess::default();
            let mut text = format!("[Event \"random {game}\"]\n\n");
            for ply in 0..200 {
                let Some(m) = crate::rules::random_games::rare_first_move(&pos, &mut seed) else {
                    break;
                };
                kinds[0] += usize::from(m.is_castle());
                kinds[1] += usize::from(m.is_en_passant());
                kinds[2] += usize::from(m.is_promotion());
                kinds[3] += usize::from(m.is_promotion() && m.is_capture());
                if ply % 2 == 0 {
                    text.push_str(&format!("{}. ", ply / 2 + 1));
                }
                let san = SanPlus::from_move_and_play_unchecked(&mut pos, m);
                text.push_str(&format!("{san} "));
            }
            text.push_str("*\n");
            let plain = summarize_plain(text.as_bytes()).expect("a plain game");
            assert_eq!(plain, summarize_careful(text.as_bytes()), "{text}");
        }
        assert!(
            kinds.iter().all(|&k| k > 0),
            "castling, en passant, promotion, promotion taking: {kinds:?}"
        );
    }

    /// `[Variant "Standard"]` (on every lichess game) is standard chess, as the search
    /// resolves it; another case of it too, and Chess960 is set up.
    #[test]
    fn the_standard_variant_tag_is_the_searchs_standard_chess() {
        assert!(matches!(
            rules_for_game(Some("Standard"), None),
            Ok(GameRules::Standard { chess960: false })
        ));
        assert!(!sets_up(None, None, Some("Standard")));
        assert!(sets_up(None, None, Some("Chess960")));
        assert!(!sets_up(None, None, Some("standard")));
    }

    /// The tags are told apart as the names are spelt: each kept name its place in
    /// `TAG_NAMES`, the three set-up tags theirs, any other name (a prefix, a longer name,
    /// another case, an empty one) none.
    #[test]
    fn tag_names_are_told_apart_as_spelt() {
        for (i, name) in TAG_NAMES.iter().enumerate() {
            assert_eq!(tag_slot(name), TagSlot::Kept(i), "{name}");
        }
        for (i, name) in ["FEN", "SetUp", "Variant"].iter().enumerate() {
            assert_eq!(tag_slot(name), TagSlot::SetUp(i), "{name}");
        }
        for name in [
            "",
            "E",
            "Even",
            "Events",
            "event",
            "WhiteElos",
            "BlackEl",
            "Eco",
            "FEN\0",
            "TimeControl",
            "Setup",
            "VariantX",
        ] {
            assert_eq!(tag_slot(name), TagSlot::Other, "{name:?}");
        }
    }
}
