//! A game's main line packed about a byte a ply (`docs/index.md`, "Packed moves"): each
//! move names its piece by its rank among the mover's occupied squares (4 bits) and its
//! destination by a code relative to the piece's type (4 bits; a queen's move takes a second
//! byte, its destination square). Coding and decoding follow only which piece stands where
//! (a mailbox played along), never move generation, so both cost a few operations a ply.
//!
//! The moves are those of a game from the standard start position, white first; the decoder
//! gives them back as (from, to, promotion) with squares a1 = 0 .. h8 = 63, castling as the
//! king's destination and promotion 0 none, 1 knight, 2 bishop, 3 rook, 4 queen.

use crate::chess::piece_type::{BISHOP, KING, KNIGHT, PAWN, QUEEN, ROOK};

/// One move: from square, to square (castling: the king's destination), promotion (0 none,
/// 1 knight, 2 bishop, 3 rook, 4 queen).
pub type PackedMove = (u8, u8, u8);

/// The packed bytes do not describe moves of the standard game played along (a damaged or
/// hostile index; a written index never holds this).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct BadMoves;

impl std::fmt::Display for BadMoves {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str("packed moves that no game plays")
    }
}

impl std::error::Error for BadMoves {}

/// The bit of a black piece's cell (a cell is the piece type plus 1, in the project's standard
/// numbering, `chess::piece_type`, plus this bit for black).
const BLACK: u8 = 8;

/// The knight's moves as (file, rank) steps, in code order.
pub(super) const KNIGHT_STEPS: [(i8, i8); 8] = [
    (1, 2),
    (2, 1),
    (2, -1),
    (1, -2),
    (-1, -2),
    (-2, -1),
    (-2, 1),
    (-1, 2),
];
/// The king's one-square moves as (file, rank) steps, in code order (8 and 9: castling
/// king-side and queen-side).
pub(super) const KING_STEPS: [(i8, i8); 8] = [
    (0, 1),
    (1, 1),
    (1, 0),
    (1, -1),
    (0, -1),
    (-1, -1),
    (-1, 0),
    (-1, 1),
];
/// A pawn's moves as (file, rank forward) steps, in code order (times 4, plus the promotion).
pub(super) const PAWN_STEPS: [(i8, i8); 4] = [(0, 1), (0, 2), (-1, 1), (1, 1)];

/// The board a coder or decoder plays along: what stands on each square, and who moves.
#[derive(Clone, Debug)]
struct Mailbox {
    /// Per square (a1 = 0): 0 empty, else the piece type + 1, plus [`BLACK`].
    cells: [u8; 64],
    /// Whether black moves next.
    black_to_move: bool,
    /// The squares of white's pieces, of black's (a bit each), kept with `cells`.
    by_colour: [u64; 2],
}

impl Mailbox {
    /// The standard start position, white to move.
    fn start() -> Mailbox {
        let mut cells = [0u8; 64];
        let back = [ROOK, KNIGHT, BISHOP, QUEEN, KING, BISHOP, KNIGHT, ROOK];
        for file in 0..8 {
            cells[file] = back[file] + 1;
            cells[8 + file] = PAWN + 1;
            cells[48 + file] = PAWN + 1 + BLACK;
            cells[56 + file] = back[file] + 1 + BLACK;
        }
        Mailbox {
            cells,
            black_to_move: false,
            by_colour: [0xffff, 0xffff << 48],
        }
    }

    /// The squares of the side to move, a bit each.
    fn own(&self) -> u64 {
        self.by_colour[usize::from(self.black_to_move)]
    }

    /// The type of the mover's piece on `sq`, if one stands there.
    fn own_type(&self, sq: u8) -> Option<u8> {
        let cell = self.cells[usize::from(sq)];
        (cell != 0 && (cell & BLACK != 0) == self.black_to_move).then(|| (cell & 7) - 1)
    }

    /// Plays `(from, to, promotion)` (already checked against the piece's type): moves the
    /// piece, the rook when the king castles, removes a pawn taken en passant.
    fn play(&mut self, (from, to, promotion): PackedMove, piece_type: u8) {
        let (from, to) = (usize::from(from), usize::from(to));
        let colour = if self.black_to_move { BLACK } else { 0 };
        let (us, them) = (
            usize::from(self.black_to_move),
            usize::from(!self.black_to_move),
        );
        if piece_type == PAWN && from % 8 != to % 8 && self.cells[to] == 0 {
            // A diagonal step to an empty square: en passant, the pawn beside is taken.
            let taken = from / 8 * 8 + to % 8;
            self.cells[taken] = 0;
            self.by_colour[them] &= !(1u64 << taken);
        }
        if piece_type == KING && from.abs_diff(to) == 2 {
            let rank = from / 8 * 8;
            let (rook_from, rook_to) = if to > from { (7, 5) } else { (0, 3) };
            self.cells[rank + rook_to] = self.cells[rank + rook_from];
            self.cells[rank + rook_from] = 0;
            self.by_colour[us] &= !(1u64 << (rank + rook_from));
            self.by_colour[us] |= 1u64 << (rank + rook_to);
        }
        self.by_colour[them] &= !(1u64 << to);
        self.by_colour[us] &= !(1u64 << from);
        self.by_colour[us] |= 1u64 << to;
        self.cells[to] = if promotion != 0 {
            promotion + 1 + colour
        } else {
            self.cells[from]
        };
        self.cells[from] = 0;
        self.black_to_move = !self.black_to_move;
    }

    /// The rank the mover's pawns promote on.
    fn last_rank(&self) -> i8 {
        if self.black_to_move { 0 } else { 7 }
    }

    /// The rank direction of the mover's pawns.
    fn forward(&self) -> i8 {
        if self.black_to_move { -1 } else { 1 }
    }
}

/// The square `steps` (file, rank) from `sq`, if on the board.
fn step(sq: u8, (df, dr): (i8, i8)) -> Option<u8> {
    let file = (sq % 8) as i8 + df;
    let rank = (sq / 8) as i8 + dr;
    ((0..8).contains(&file) && (0..8).contains(&rank)).then(|| (rank * 8 + file) as u8)
}

/// Packs a game's main line, move by move, from the standard start.
#[derive(Clone, Debug)]
pub struct MoveCoder {
    board: Mailbox,
}

impl Default for MoveCoder {
    fn default() -> Self {
        MoveCoder {
            board: Mailbox::start(),
        }
    }
}

impl MoveCoder {
    /// Appends `played`'s code to `out` and plays it along; None (nothing appended) when no
    /// piece of the side to move can make it by its type's geometry (a move no game of the
    /// standard start plays).
    pub fn push(&mut self, out: &mut Vec<u8>, played: PackedMove) -> Option<()> {
        let from = played.0;
        let piece_type = self.board.own_type(from.min(63))?;
        let mover = Mover {
            own: self.board.own(),
            piece_type,
            black: self.board.black_to_move,
        };
        push_code(out, mover, played)?;
        self.board.play(played, piece_type);
        Some(())
    }
}

/// Who makes a move, as its code needs it: the mover's squares (a bit each, a1 = bit 0),
/// the type of the piece that moves (`chess::piece_type`) and the mover's colour.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Mover {
    /// The squares of the side to move's pieces before the move.
    pub own: u64,
    /// The moving piece's type (a king for castling, a pawn for a promotion).
    pub piece_type: u8,
    /// Whether black moves.
    pub black: bool,
}

/// Appends the code of `played`, made by `mover` (a byte, two for a queen's move), to
/// `out`: what [`MoveCoder::push`] appends, for a caller that keeps a board of its own (the
/// summary's replay) and so needs no mailbox played along. None (nothing appended) when no
/// piece of `mover`'s type makes the move by its geometry, or `from` is not among its
/// squares.
///
/// Every move of every game is packed, its piece's type as good as random from one move to
/// the next: the code is looked up in the type's table of steps (`STEP_CODES`) and the
/// checks gathered into one test, with no branch on the type.
#[inline(always)]
pub fn push_code(out: &mut Vec<u8>, mover: Mover, played: PackedMove) -> Option<()> {
    let (from, to, promotion) = played;
    let (from_sq, to_sq) = (from & 63, to & 63);
    // A black pawn's steps have a row of their own (its ranks counted down the board).
    let row = ROW_OF[usize::from(mover.piece_type.min(7)) | usize::from(mover.black) << 3];
    let entry = STEP_CODES[usize::from(row)][step_between(from_sq, to_sq)];
    let code = (entry & 15)
        + (to_sq & 7) * ((entry >> 4) & 1)
        + (to_sq >> 3) * ((entry >> 5) & 1)
        + promotion.saturating_sub(1);
    // A pawn promotes on its last rank, and only there (never by a double step); no other
    // piece promotes.
    let promotes = to_sq >> 3 == LAST_RANK_OF_ROW[usize::from(row)];
    if (from > 63)
        | (to > 63)
        | (promotion > 4)
        | (mover.own & (1u64 << from_sq) == 0)
        | (entry == NO_CODE)
        | (promotes != (promotion != 0))
        | (promotes & (entry == DOUBLE_STEP))
    {
        return None;
    }
    let rank_among = (mover.own & ((1u64 << from_sq) - 1)).count_ones() as u8;
    // A queen's second byte is its destination: both written, the second kept for a queen.
    out.extend_from_slice(&[rank_among << 4 | code, to]);
    out.truncate(out.len() - usize::from(entry & TWO_BYTES == 0));
    Some(())
}

/// The index of the step from `from` to `to` (squares 0..64) in a table of [`STEPS`]: as
/// [`step_at`] of their file and rank differences.
fn step_between(from: u8, to: u8) -> usize {
    // A square's file plus 15 times its rank: the difference of two is the step's index
    // less `step_at(0, 0)`.
    const AT: [u8; 64] = {
        let mut at = [0u8; 64];
        let mut sq = 0;
        while sq < 64 {
            at[sq] = (sq % 8 + 15 * (sq / 8)) as u8;
            sq += 1;
        }
        at
    };
    usize::from(AT[usize::from(to & 63)]) + step_at(0, 0) - usize::from(AT[usize::from(from & 63)])
}

/// The row of [`STEP_CODES`] of a piece type (0 pawn .. 5 king; 6 and 7: none), plus 8
/// for black: each type's own, but black's pawns'.
const ROW_OF: [u8; 16] = {
    let mut rows = [0u8; 16];
    let mut i = 0;
    while i < 16 {
        let piece_type = (i % 8) as u8;
        rows[i] = if piece_type > KING {
            NO_TYPE_ROW as u8
        } else if piece_type == PAWN && i >= 8 {
            BLACK_PAWN_ROW as u8
        } else {
            piece_type
        };
        i += 1;
    }
    rows
};

/// Per row of [`STEP_CODES`], the rank its pieces promote on (8, none, but for pawns).
const LAST_RANK_OF_ROW: [u8; 8] = {
    let mut ranks = [8u8; 8];
    ranks[PAWN as usize] = 7;
    ranks[BLACK_PAWN_ROW] = 0;
    ranks
};

/// A [`STEP_CODES`] entry's flag: add the destination's file to the code.
const ADD_FILE: u8 = 16;
/// A [`STEP_CODES`] entry's flag: add the destination's rank to the code.
const ADD_RANK: u8 = 32;
/// A [`STEP_CODES`] entry's flag: the move takes a second byte (its destination: a queen's).
const TWO_BYTES: u8 = 64;
/// A pawn's double step's entry (its direction 1, times 4).
const DOUBLE_STEP: u8 = 4;
/// The row of [`STEP_CODES`] for black's pawns.
const BLACK_PAWN_ROW: usize = 6;
/// The row of [`STEP_CODES`] for a type no piece has (no code).
const NO_TYPE_ROW: usize = 7;

/// Per piece type (pawn .. king, white's pawns; then black's pawns, then a row for any
/// other type: no code), per step ([`step_at`]), the move's code ([`NO_CODE`]: no piece of
/// the row takes the step): its low 4 bits, plus the destination's file ([`ADD_FILE`]) or
/// rank ([`ADD_RANK`]); a queen's takes a second byte ([`TWO_BYTES`]). A pawn's promotion is
/// added to its code (0 knight .. 3 queen).
const STEP_CODES: [[u8; STEPS]; 8] = {
    let mut tables = [[NO_CODE; STEPS]; 8];
    let mut i = 0;
    while i < STEPS {
        let (df, dr) = ((i % 15) as i8 - 7, (i / 15) as i8 - 7);
        let diagonal = df == dr || df == -dr;
        let line = df == 0 || dr == 0;
        if df != 0 || dr != 0 {
            tables[PAWN as usize][i] = mul4(PAWN_CODES[i]);
            tables[BLACK_PAWN_ROW][i] = mul4(PAWN_CODES[step_at(df, -dr)]);
            tables[KNIGHT as usize][i] = KNIGHT_CODES[i];
            tables[BISHOP as usize][i] = if df == dr {
                ADD_FILE
            } else if df == -dr {
                8 | ADD_FILE
            } else {
                NO_CODE
            };
            tables[ROOK as usize][i] = if dr == 0 {
                ADD_FILE
            } else if df == 0 {
                8 | ADD_RANK
            } else {
                NO_CODE
            };
            tables[QUEEN as usize][i] = if diagonal || line { TWO_BYTES } else { NO_CODE };
            tables[KING as usize][i] = KING_CODES[i];
        }
        i += 1;
    }
    tables
};

/// A pawn's direction's code times 4 ([`NO_CODE`] kept).
const fn mul4(code: u8) -> u8 {
    if code == NO_CODE { NO_CODE } else { code * 4 }
}

/// A step's entry in a table of [`STEPS`] entries, its file and rank differences each
/// within -7..=7.
const fn step_at(df: i8, dr: i8) -> usize {
    ((dr as i16 + 7) * 15 + (df as i16 + 7)) as usize
}

/// The number of steps a piece can take on the board (15 × 15 differences).
const STEPS: usize = 225;
/// A step no piece of the table's type takes.
const NO_CODE: u8 = u8::MAX;

/// Per step, its place in `steps` (a code of the table's piece type), else [`NO_CODE`]:
/// looked up at once, not searched (every move of every game is packed).
const fn step_codes(steps: &[(i8, i8)]) -> [u8; STEPS] {
    let mut codes = [NO_CODE; STEPS];
    let mut i = 0;
    while i < steps.len() {
        codes[step_at(steps[i].0, steps[i].1)] = i as u8;
        i += 1;
    }
    codes
}

/// The knight's codes: its place in [`KNIGHT_STEPS`].
const KNIGHT_CODES: [u8; STEPS] = step_codes(&KNIGHT_STEPS);
/// The king's codes: its place in [`KING_STEPS`], 8 and 9 for castling (two files right,
/// left).
const KING_CODES: [u8; STEPS] = {
    let mut codes = step_codes(&KING_STEPS);
    codes[step_at(2, 0)] = 8;
    codes[step_at(-2, 0)] = 9;
    codes
};
/// A pawn's directions (rank counted forward): its place in [`PAWN_STEPS`].
const PAWN_CODES: [u8; STEPS] = step_codes(&PAWN_STEPS);

/// The moves of a packed main line, decoded as they are read (each needs the board the
/// moves before it left).
#[derive(Clone, Debug)]
pub struct MainLine<'a> {
    bytes: &'a [u8],
    at: usize,
    board: Mailbox,
    failed: bool,
}

impl<'a> MainLine<'a> {
    /// The moves packed in `bytes` (a game's main line from the standard start).
    pub fn new(bytes: &'a [u8]) -> MainLine<'a> {
        MainLine {
            bytes,
            at: 0,
            board: Mailbox::start(),
            failed: false,
        }
    }

    /// Decodes the next move, or says why the bytes cannot be one.
    fn decode(&mut self, first: u8) -> Result<PackedMove, BadMoves> {
        let own = self.board.own();
        let rank_among = u32::from(first >> 4);
        if own.count_ones() <= rank_among {
            return Err(BadMoves);
        }
        let mut squares = own;
        for _ in 0..rank_among {
            squares &= squares - 1;
        }
        let from = squares.trailing_zeros() as u8;
        let piece_type = self.board.own_type(from).ok_or(BadMoves)?;
        let code = first & 15;
        let (file, rank) = (from % 8, from / 8);
        let (to, promotion) = match piece_type {
            PAWN => {
                let (df, dr) = PAWN_STEPS[usize::from(code / 4)];
                let to = step(from, (df, dr * self.board.forward())).ok_or(BadMoves)?;
                let promotes = (to / 8) as i8 == self.board.last_rank();
                match (promotes, code % 4) {
                    (true, p) if code / 4 != 1 => (to, p + 1),
                    (false, 0) => (to, 0),
                    _ => return Err(BadMoves),
                }
            }
            KNIGHT => (
                step(from, *KNIGHT_STEPS.get(usize::from(code)).ok_or(BadMoves)?)
                    .ok_or(BadMoves)?,
                0,
            ),
            BISHOP => {
                let df = (code % 8) as i8 - file as i8;
                let dr = if code < 8 { df } else { -df };
                (step(from, (df, dr)).ok_or(BadMoves)?, 0)
            }
            ROOK if code < 8 => (rank * 8 + code, 0),
            ROOK => (code % 8 * 8 + file, 0),
            QUEEN => {
                let to = *self.bytes.get(self.at).ok_or(BadMoves)?;
                self.at += 1;
                if code != 0 || to > 63 {
                    return Err(BadMoves);
                }
                (to, 0)
            }
            _ => match code {
                8 => (step(from, (2, 0)).ok_or(BadMoves)?, 0),
                9 => (step(from, (-2, 0)).ok_or(BadMoves)?, 0),
                c => (
                    step(from, *KING_STEPS.get(usize::from(c)).ok_or(BadMoves)?).ok_or(BadMoves)?,
                    0,
                ),
            },
        };
        // What is decoded must code back to the same bytes (a queen's or rook's move to its
        // own square, a queen's move off its lines: refused).
        let mut check = MoveCoder {
            board: self.board.clone(),
        };
        let mut again = Vec::with_capacity(2);
        check
            .push(&mut again, (from, to, promotion))
            .ok_or(BadMoves)?;
        if again[0] != first {
            return Err(BadMoves);
        }
        self.board = check.board;
        Ok((from, to, promotion))
    }
}

impl Iterator for MainLine<'_> {
    type Item = Result<PackedMove, BadMoves>;

    fn next(&mut self) -> Option<Self::Item> {
        if self.failed {
            return None;
        }
        let first = *self.bytes.get(self.at)?;
        self.at += 1;
        let decoded = self.decode(first);
        self.failed = decoded.is_err();
        Some(decoded)
    }
}

/// The moves packed in `bytes`, all of them, or why they cannot be read.
pub fn unpack(bytes: &[u8]) -> Result<Vec<PackedMove>, BadMoves> {
    MainLine::new(bytes).collect()
}

/// `moves` packed (None: one of them is no move of the standard game played along).
pub fn pack(moves: &[PackedMove]) -> Option<Vec<u8>> {
    let mut coder = MoveCoder::default();
    let mut out = Vec::with_capacity(moves.len() + moves.len() / 8);
    for &m in moves {
        coder.push(&mut out, m)?;
    }
    Some(out)
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The code `codes` gives the step (`df`, `dr`), if any.
    fn step_code(codes: &[u8; STEPS], df: i8, dr: i8) -> Option<u8> {
        let code = *codes.get(step_at(df, dr))?;
        (code != NO_CODE).then_some(code)
    }

    /// [`push_code`] as `docs/index.md`'s table of codes reads, a branch per piece type
    /// (the coder before the table of steps).
    fn push_code_by_type(out: &mut Vec<u8>, mover: Mover, played: PackedMove) -> Option<()> {
        let (from, to, promotion) = played;
        if from > 63 || to > 63 || from == to || promotion > 4 || mover.own & (1u64 << from) == 0 {
            return None;
        }
        let rank_among = (mover.own & ((1u64 << from) - 1)).count_ones() as u8;
        let (df, dr) = (
            (to % 8) as i8 - (from % 8) as i8,
            (to / 8) as i8 - (from / 8) as i8,
        );
        let code = match mover.piece_type {
            PAWN => {
                let (forward, last_rank) = if mover.black { (-1, 0) } else { (1, 7) };
                let dir = step_code(&PAWN_CODES, df, dr * forward)?;
                let promotes = (to / 8) as i8 == last_rank;
                if promotes != (promotion != 0) || (dir == 1 && promotes) {
                    return None;
                }
                dir * 4 + promotion.saturating_sub(1)
            }
            _ if promotion != 0 => return None,
            KNIGHT => step_code(&KNIGHT_CODES, df, dr)?,
            BISHOP if df == dr => to % 8,
            BISHOP if df == -dr => 8 + to % 8,
            ROOK if dr == 0 => to % 8,
            ROOK if df == 0 => 8 + to / 8,
            QUEEN if df == 0 || dr == 0 || df.abs() == dr.abs() => {
                out.extend_from_slice(&[rank_among << 4, to]);
                return Some(());
            }
            KING => step_code(&KING_CODES, df, dr)?,
            _ => return None,
        };
        out.push(rank_among << 4 | code);
        Some(())
    }

    /// The table of steps codes every move as the table of `docs/index.md` says, a branch per
    /// type: every from and to square (and two beyond the board), piece type (and one
    /// beyond), promotion (and one beyond), colour, with the piece on `from` among the
    /// mover's squares or not.
    #[test]
    fn the_table_of_steps_codes_as_the_table_of_codes() {
        let mut coded = 0usize;
        for from in 0..66u8 {
            for to in 0..66u8 {
                for piece_type in 0..7u8 {
                    for promotion in 0..6u8 {
                        for black in [false, true] {
                            let own_from = if from < 64 { 1u64 << from } else { 0 };
                            // Some of the mover's pieces besides, before and after `from`.
                            for own in [own_from | 0x8100_0000_0000_0081, 0x0042_0000_0000_4200] {
                                let mover = Mover {
                                    own,
                                    piece_type,
                                    black,
                                };
                                let played = (from, to, promotion);
                                let (mut table, mut by_type) = (vec![7u8], vec![7u8]);
                                let a = push_code(&mut table, mover, played);
                                let b = push_code_by_type(&mut by_type, mover, played);
                                assert_eq!((a, &table), (b, &by_type), "{mover:?} {played:?}");
                                coded += usize::from(a.is_some());
                            }
                        }
                    }
                }
            }
        }
        assert!(coded > 5_000, "{coded}");
    }

    /// Square `name` (`e4`) as a number (a1 = 0).
    fn sq(name: &str) -> u8 {
        let b = name.as_bytes();
        (b[1] - b'1') * 8 + (b[0] - b'a')
    }

    fn mv(from: &str, to: &str, promotion: u8) -> PackedMove {
        (sq(from), sq(to), promotion)
    }

    /// Two legal games with every kind of move between them: pawn pushes of one and two,
    /// captures both ways, en passant (3. dxc6), a promotion with capture (5. bxa8=Q), each
    /// piece type, castling both ways; they pack to a byte a ply, two for a queen's move,
    /// and back.
    #[test]
    fn every_kind_of_move_packs_and_unpacks() {
        // 1. e4 d5 2. exd5 c5 3. dxc6 Nf6 4. cxb7 Qd6 5. bxa8=Q Qd4 6. Nf3 e6 7. Be2 Be7
        // 8. O-O O-O
        let first = [
            mv("e2", "e4", 0),
            mv("d7", "d5", 0),
            mv("e4", "d5", 0),
            mv("c7", "c5", 0),
            mv("d5", "c6", 0),
            mv("g8", "f6", 0),
            mv("c6", "b7", 0),
            mv("d8", "d6", 0),
            mv("b7", "a8", 4),
            mv("d6", "d4", 0),
            mv("g1", "f3", 0),
            mv("e7", "e6", 0),
            mv("f1", "e2", 0),
            mv("f8", "e7", 0),
            mv("e1", "g1", 0),
            mv("e8", "g8", 0),
        ];
        // 1. d4 d5 2. Nc3 Nc6 3. Bf4 Bf5 4. Qd2 Qd7 5. O-O-O O-O-O
        let second = [
            mv("d2", "d4", 0),
            mv("d7", "d5", 0),
            mv("b1", "c3", 0),
            mv("b8", "c6", 0),
            mv("c1", "f4", 0),
            mv("c8", "f5", 0),
            mv("d1", "d2", 0),
            mv("d8", "d7", 0),
            mv("e1", "c1", 0),
            mv("e8", "c8", 0),
        ];
        for (moves, queen_moves) in [(&first[..], 2), (&second[..], 2)] {
            let packed = pack(moves).unwrap();
            assert_eq!(packed.len(), moves.len() + queen_moves);
            assert_eq!(unpack(&packed).unwrap(), moves);
        }
    }

    /// Bytes no move fits are refused, never a panic, at any length.
    #[test]
    fn bytes_no_move_fits_are_refused() {
        // The 16th of white's pieces has rank 15; a rook (a1 is rank 0) cannot move at the
        // start along its rank to its own square; a pawn cannot promote on rank 3.
        assert!(unpack(&[0x00]).is_err());
        assert!(unpack(&[0x81 | 0x03]).is_err());
        for first in 0..=255u8 {
            for second in [0u8, 7, 63, 64, 255] {
                let _ = unpack(&[first, second, first]);
            }
        }
        // Geometry no piece has: a knight from g1 two squares up.
        assert!(pack(&[mv("g1", "g3", 0)]).is_none());
        // A pawn reaching the last rank without promoting, or promoting before it.
        assert!(pack(&[mv("e2", "e4", 1)]).is_none());
    }
}
