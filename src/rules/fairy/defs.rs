//! Variant definitions as read from a SjaakII `variants.txt` file (before tables are built).
//!
//! Squares are [`Bits256`] indices (`rank * 16 + file`). Movement is kept as parsed
//! ([`Atom`]); `tables` turns it into per-square lookups.

use super::bits::Bits256;

/// One movement atom of a `Move:`/`Capture:`/`Special:`/`Initial:` line.
#[derive(Clone, Debug, PartialEq)]
pub enum Atom {
    /// `slide (H,V,D,A)`: bit 0 H, 1 V, 2 D (a1-h8 direction), 3 A (a8-h1 direction).
    Slide(u8),
    /// `hop (H,V,D,A)`: a cannon-like hopper over exactly one piece.
    Hop(u8),
    /// `leap ...` (symmetric, vectors mirrored 8 ways) or `aleap ...` (as written for white,
    /// mirrored north-south for black).
    Leap(Leaper),
    /// `ride (x,y)|...`: repeated leaps in one direction until blocked (nightrider).
    Ride(Vec<(i8, i8)>),
    /// `step [n]DIR,...`: up to n single steps in a compass direction (white's view), blocked
    /// by any piece; `(dx, dy, n)`.
    Step(Vec<(i8, i8, u8)>),
    /// A movement of several legs (MBN move sequences, exact step counts), white's vectors,
    /// black's mirrored north-south ([`super::leg_paths`]).
    Path(super::leg_paths::LegPath),
}

/// A leaper: `first` ∪ (`second` from each `first` target) ∩ `mask`.
#[derive(Clone, Debug, PartialEq, Default)]
pub struct Leaper {
    /// `aleap`: vectors are not mirrored (white's view; black flips dy).
    pub asymmetric: bool,
    /// The first leap's vectors (already mirrored for symmetric leapers).
    pub first: Vec<(i8, i8)>,
    /// `a+b`: the second leap's vectors (from each first target).
    pub second: Vec<(i8, i8)>,
    /// `... & m`: final targets must be reachable by this leap; with a mask, the intermediate
    /// square of a two-step leap must be empty (lame leapers: the xiangqi horse).
    pub mask: Option<Vec<(i8, i8)>>,
}

/// What a piece may do: the union of its atoms.
pub type MoveSet = Vec<Atom>;

/// A piece's castling move: king from, king to (one or more: flexible castling), partner from.
#[derive(Clone, Debug, PartialEq)]
pub struct CastleDef {
    /// 0 white, 1 black.
    pub color: usize,
    /// The castling piece's start square.
    pub from: usize,
    /// Its destination(s).
    pub to: Vec<usize>,
    /// The partner's start square (its destination is next to the king's, on the inside).
    pub partner: usize,
}

/// A promotion rule: zones per colour and the choices as written (`"QRBN"`, `"+"`, `"Q~R~"`).
#[derive(Clone, Debug, PartialEq)]
pub struct PromotionDef {
    /// Zone for white, for black.
    pub zone: [Bits256; 2],
    /// The choices as written.
    pub choices: String,
    /// Written as `Optional promotion:`.
    pub optional: bool,
    /// Promoting is compulsory on every square of the zone, even where the piece could still
    /// move (FBR's `promotion`; SjaakII keeps the plain move there).
    pub forced: bool,
}

/// Piece properties of a `Flags:` line.
#[derive(Copy, Clone, Debug, Default, PartialEq, Eq)]
pub struct PieceFlags {
    /// `royal`
    pub royal: bool,
    /// `set_ep`
    pub set_ep: bool,
    /// `take_ep`
    pub take_ep: bool,
    /// `drop_no_check`
    pub drop_no_check: bool,
    /// `drop_no_mate`
    pub drop_no_mate: bool,
    /// `drop_one_file`
    pub drop_one_file: bool,
    /// `drop_dead`
    pub drop_dead: bool,
    /// `no_mate`
    pub no_mate: bool,
    /// `shak`
    pub shak: bool,
    /// `assimilate`
    pub assimilate: bool,
    /// `no_retaliate`
    pub no_retaliate: bool,
    /// `endangered`
    pub endangered: bool,
    /// `iron`
    pub iron: bool,
    /// `capture_flag`
    pub capture_flag: bool,
    /// MBN's `i` (`fbr::mbn::state`): a dropped piece, and a piece promoted to this type,
    /// has its initial moves ("i applies for dropped pieces and promoted pieces").
    pub renews_initial: bool,
    /// MBN's `ii`: the piece's initial moves end with its side's first check
    /// (`Layers::checked_history`).
    pub initial_decays: bool,
}

/// One `Piece:` block.
#[derive(Clone, Debug, PartialEq, Default)]
pub struct PieceDef {
    /// The name on the `Piece:` line.
    pub name: String,
    /// The SAN letter(s) (first string of `Symbol:`).
    pub san: String,
    /// FEN symbols for white and black (second string of `Symbol:`).
    pub symbols: [String; 2],
    /// `Move:` atoms.
    pub moves: MoveSet,
    /// `Capture:` atoms; `None` = same as the moves; `Some(empty)` = `Capture: none`.
    pub captures: Option<MoveSet>,
    /// `Special:` zone per colour and atoms (non-capturing moves from the zone).
    pub special: Option<([Bits256; 2], MoveSet)>,
    /// `Initial:` atoms (non-capturing, only for a piece that has not moved).
    pub initial: MoveSet,
    /// `Castle:` lines.
    pub castles: Vec<CastleDef>,
    /// `Prison:` zone per colour (moves must stay inside).
    pub prison: Option<[Bits256; 2]>,
    /// `Block:` zone per colour (squares the piece may not enter or pass).
    pub block: Option<[Bits256; 2]>,
    /// `Drop zone:` per colour.
    pub drop_zone: Option<[Bits256; 2]>,
    /// `Promotion:` / `Optional promotion:` lines in order.
    pub promotions: Vec<PromotionDef>,
    /// `Max: w[,b]` (0 = default).
    pub max: [u32; 2],
    /// `Value:` (centipawns).
    pub value: i32,
    /// `Flags:`.
    pub flags: PieceFlags,
}

/// How a game ends when a condition holds, from the side to move's view after `=`.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum Outcome {
    /// `win` (for the side that reached the condition's goal, as SjaakII reads it).
    Win,
    /// `loss`
    Loss,
    /// `draw`
    Draw,
    /// `illegal`
    Illegal,
    /// `repeat` (perpetual: treat as a repetition)
    Repeat,
}

/// The `Rule:` lines of a variant.
#[derive(Clone, Debug, PartialEq, Default)]
pub struct RuleSet {
    /// `checkmate = ...` (default win for the mating side).
    pub checkmate: Option<Outcome>,
    /// `stalemate = ...` (default draw).
    pub stalemate: Option<Outcome>,
    /// `repeatN = ...`: N and outcome.
    pub repeat: Option<(u32, Outcome)>,
    /// `perpetual = ...`
    pub perpetual: Option<Outcome>,
    /// `loneking = ...`
    pub loneking: Option<Outcome>,
    /// `nopieces = ...`
    pub nopieces: Option<Outcome>,
    /// `captureanyflag = ...`
    pub capture_any_flag: Option<Outcome>,
    /// `captureallflags = ...`
    pub capture_all_flags: Option<Outcome>,
    /// `checkN = ...`: N and outcome.
    pub check_limit: Option<(u32, Outcome)>,
    /// `movecountdraw = N`: moves without capture or pawn move before a draw.
    pub move_count_draw: Option<u32>,
    /// `taboo`: royal pieces may not face each other on an open line.
    pub taboo: bool,
    /// `keep capture`: captured pieces go to the capturer's hand.
    pub keep_capture: bool,
    /// `return capture`: captured pieces go to their owner's hand.
    pub return_capture: bool,
    /// `forced capture`: a capture must be made when one is possible.
    pub forced_capture: bool,
    /// `duplecheck`: with several royal pieces, check only when all are attacked.
    pub duplecheck: bool,
    /// `check any king`: with several royal pieces, check when any is attacked.
    pub check_any_king: bool,
    /// `allow pickup`
    pub allow_pickup: bool,
    /// `allow drops`
    pub allow_drops: bool,
    /// `force drops`
    pub force_drops: bool,
    /// `gate drops`
    pub gate_drops: bool,
    /// `promote here`
    pub promote_here: bool,
    /// `promote drop`
    pub promote_drop: bool,
    /// `special init`: special moves only for pieces that have not moved.
    pub special_init: bool,
    /// `bare rule`
    pub bare_rule: bool,
    /// `chase rule`
    pub chase_rule: bool,
    /// `shak rule`
    pub shak_rule: bool,
    /// `en-passant check`
    pub en_passant_check: bool,
    /// `quiet promotion`
    pub quiet_promotion: bool,
    /// `promote by move`
    pub promote_by_move: bool,
    /// `makruk counting` (a cqlq extension): Makruk's counting rules as Fairy-Stockfish
    /// keeps and writes them in the FEN ([`super::counting`]).
    pub makruk_counting: bool,
}

/// One `Variant:` block.
#[derive(Clone, Debug, PartialEq, Default)]
pub struct VariantDef {
    /// The title on the `Variant:` line.
    pub title: String,
    /// The short name SjaakII and PGN tags use (`fide_chess`, `mini_xiangqi`).
    pub name: String,
    /// Files.
    pub files: u8,
    /// Ranks.
    pub ranks: u8,
    /// Start position.
    pub fen: String,
    /// `Exclude:` squares (holes).
    pub holes: Bits256,
    /// `WhiteFlag:` squares (for black to capture) and `BlackFlag:` (for white): index = the
    /// side that must reach them.
    pub flags: [Bits256; 2],
    /// Pieces in definition order.
    pub pieces: Vec<PieceDef>,
    /// Rules.
    pub rules: RuleSet,
    /// `XBoard pieces:` string, if given.
    pub xboard_pieces: Option<String>,
    /// `XBoard parent:`, if given.
    pub xboard_parent: Option<String>,
    /// The line of the `Variant:` header (1-based).
    pub line: usize,
    /// An FBR rule list (`Rules: cylindric atomic{^P}`, see `rules::fbr`) and its line.
    pub fbr_rules: Option<(usize, String)>,
}

/// The short name SjaakII derives from a `Variant:` title: text before the first `(` or `'`,
/// trimmed, lower case, spaces as `_` (`Judkins' Shogi (6x6)` → `judkins`).
pub fn short_name(title: &str) -> String {
    let cut = title.find(['(', '\'']).unwrap_or(title.len());
    title[..cut].trim().to_lowercase().replace(' ', "_")
}
