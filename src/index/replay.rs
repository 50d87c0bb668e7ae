//! A game's main line replayed from the index's packed moves ([`super::moves`]' code,
//! `docs/index.md`, "Packed moves") instead of its SAN: each move is decoded against the
//! position the moves before it reached (the mover's occupied squares name the piece, its
//! type reads the code) as a shakmaty move, which the caller plays only when it is legal
//! there (`Standard::play_if_legal`). Bytes that name no move, or a move that is not legal
//! where it stands, are an error ([`BadMoves`]): the caller then searches the game's text,
//! so a damaged or hostile index never gives a wrong position.

use shakmaty::{CastlingSide, Chess, Color, File, Move, Position as _, Rank, Role, Square};

use super::moves::{BadMoves, KING_STEPS, KNIGHT_STEPS, PAWN_STEPS};

/// The moves of a packed main line, decoded one at a time against the position they are
/// played on.
#[derive(Clone, Debug)]
pub struct PackedLine<'a> {
    bytes: &'a [u8],
    at: usize,
}

impl<'a> PackedLine<'a> {
    /// The moves packed in `bytes` (a game's main line from the standard start, as the
    /// index holds it).
    pub fn new(bytes: &'a [u8]) -> PackedLine<'a> {
        PackedLine { bytes, at: 0 }
    }

    /// The next move, decoded in `position` (the position the moves before it reached):
    /// None after the last; an error when the bytes name no move of a piece of the side to
    /// move. The move is not checked for legality beyond its piece's geometry: the caller
    /// plays it only where it is legal.
    pub fn next_move(&mut self, position: &Chess) -> Option<Result<Move, BadMoves>> {
        let first = *self.bytes.get(self.at)?;
        self.at += 1;
        Some(self.decode(position, first))
    }

    /// The move whose first byte is `first` (a queen's move reads its second byte).
    fn decode(&mut self, position: &Chess, first: u8) -> Result<Move, BadMoves> {
        let board = position.board();
        let turn = position.turn();
        // The piece: the `first >> 4`-th of the mover's occupied squares, a1 first.
        let mut squares = position.us().0;
        for _ in 0..first >> 4 {
            squares &= squares.wrapping_sub(1);
        }
        if squares == 0 {
            return Err(BadMoves);
        }
        let from = Square::new(squares.trailing_zeros());
        let role = board.role_at(from).ok_or(BadMoves)?;
        let code = usize::from(first & 15);
        let normal = |to: Square, promotion: Option<Role>| Move::Normal {
            role,
            from,
            capture: board.role_at(to),
            to,
            promotion,
        };
        Ok(match role {
            Role::Pawn => {
                let (df, dr) = PAWN_STEPS[code / 4];
                let forward = if turn == Color::White { dr } else { -dr };
                let to = step(from, (df, forward)).ok_or(BadMoves)?;
                let promotes = to.rank() == (!turn).backrank();
                let promotion = match (promotes, code % 4) {
                    (true, p) if code / 4 != 1 => Some(PROMOTIONS[p]),
                    (false, 0) => None,
                    _ => return Err(BadMoves),
                };
                // A diagonal step to an empty square takes en passant.
                if df != 0 && !board.occupied().contains(to) {
                    Move::EnPassant { from, to }
                } else {
                    normal(to, promotion)
                }
            }
            Role::Knight => {
                let steps = KNIGHT_STEPS.get(code).ok_or(BadMoves)?;
                normal(step(from, *steps).ok_or(BadMoves)?, None)
            }
            Role::Bishop => {
                let df = (code % 8) as i8 - i8::from(from.file());
                let dr = if code < 8 { df } else { -df };
                normal(step(from, (df, dr)).ok_or(BadMoves)?, None)
            }
            Role::Rook if code < 8 => normal(
                Square::from_coords(File::new(code as u32), from.rank()),
                None,
            ),
            Role::Rook => normal(
                Square::from_coords(from.file(), Rank::new(code as u32 % 8)),
                None,
            ),
            Role::Queen => {
                let to = *self.bytes.get(self.at).ok_or(BadMoves)?;
                self.at += 1;
                if code != 0 || to > 63 {
                    return Err(BadMoves);
                }
                normal(Square::new(u32::from(to)), None)
            }
            Role::King => match code {
                8 | 9 => {
                    let side = if code == 8 {
                        CastlingSide::KingSide
                    } else {
                        CastlingSide::QueenSide
                    };
                    let rook_file = if side.is_king_side() {
                        File::H
                    } else {
                        File::A
                    };
                    Move::Castle {
                        king: from,
                        rook: Square::from_coords(rook_file, from.rank()),
                    }
                }
                c => normal(
                    step(from, *KING_STEPS.get(c).ok_or(BadMoves)?).ok_or(BadMoves)?,
                    None,
                ),
            },
        })
    }
}

/// The promotions in the code's order (its low two bits).
const PROMOTIONS: [Role; 4] = [Role::Knight, Role::Bishop, Role::Rook, Role::Queen];

/// The square `(files, ranks)` from `sq`, if on the board.
fn step(sq: Square, (df, dr): (i8, i8)) -> Option<Square> {
    let file = i8::from(sq.file()) + df;
    let rank = i8::from(sq.rank()) + dr;
    ((0..8).contains(&file) && (0..8).contains(&rank))
        .then(|| Square::new((rank * 8 + file) as u32))
}

#[cfg(test)]
mod tests {
    use super::super::moves::pack;
    use super::*;
    use crate::rules::standard::Standard;

    /// A move as (from, to, promotion) the way the packing names it: castling by the king's
    /// destination, the promotion as role - 1 (0 for none).
    fn as_packed(m: &Move) -> (u8, u8, u8) {
        let to = match *m {
            Move::Castle { king, rook } => {
                let file = if rook.file() > king.file() {
                    File::G
                } else {
                    File::C
                };
                Square::from_coords(file, king.rank())
            }
            _ => m.to(),
        };
        let promotion = m.promotion().map_or(0, |r| r as u8 - 1);
        (m.from().expect("a board move") as u8, to as u8, promotion)
    }

    /// Plays the packed line from the start with `play_if_legal`; the moves played as
    /// (from, to, promotion) in the packing's numbering, or the ply where it stopped.
    fn replay(bytes: &[u8]) -> Result<Vec<(u8, u8, u8)>, usize> {
        let mut position = Standard::start(false);
        let mut line = PackedLine::new(bytes);
        let mut played = Vec::new();
        while let Some(m) = line.next_move(position.chess()) {
            let m = m.map_err(|_| played.len())?;
            m.from().ok_or(played.len())?; // a drop is no packed move
            let packed = as_packed(&m);
            position.play_if_legal(m, false).map_err(|_| played.len())?;
            played.push(packed);
        }
        Ok(played)
    }

    /// Random legal games packed by the index's coder replay move for move (every kind of
    /// move: captures, promotions, en passant and castling happen in them).
    #[test]
    fn packed_random_games_replay_as_played() {
        let mut seed = 99u64;
        let mut kinds = [0usize; 3];
        for _ in 0..40 {
            let mut pos = Chess::default();
            let mut moves = Vec::new();
            for _ in 0..160 {
                let Some(m) = crate::rules::random_games::rare_first_move(&pos, &mut seed) else {
                    break;
                };
                kinds[0] += usize::from(m.is_castle());
                kinds[1] += usize::from(m.is_en_passant());
                kinds[2] += usize::from(m.is_promotion());
                moves.push(as_packed(&m));
                pos.play_unchecked(m);
            }
            let packed = pack(&moves).expect("a legal game packs");
            assert_eq!(replay(&packed), Ok(moves));
        }
        assert!(
            kinds.iter().all(|&k| k > 0),
            "castling, en passant, promotion: {kinds:?}"
        );
    }

    /// Packed bytes of a move that is not legal where it stands stop the replay at that move
    /// (the caller then reads the text); bytes no move fits too, never a panic.
    #[test]
    fn an_illegal_packed_move_stops_the_replay() {
        // The fool's mate, 1. f3 e5 2. g4 Qh4#: after it no white move is legal.
        let sq = |name: &str| {
            let b = name.as_bytes();
            (b[1] - b'1') * 8 + (b[0] - b'a')
        };
        let mate = [
            (sq("f2"), sq("f3"), 0),
            (sq("e7"), sq("e5"), 0),
            (sq("g2"), sq("g4"), 0),
            (sq("d8"), sq("h4"), 0),
        ];
        let mut packed = pack(&mate).unwrap();
        assert_eq!(replay(&packed), Ok(mate.to_vec()));
        // White's a-pawn one step (rank 8 among white's squares: a2 after a1..h1): its
        // geometry is fine, but white is mated.
        packed.push(8 << 4);
        assert_eq!(replay(&packed), Err(4));
        // A knight from b1 to d2 (its step (2, 1)): d2 holds white's own pawn.
        assert_eq!(replay(&[1 << 4 | 1]), Err(0));
        for first in 0..=255u8 {
            for second in [0u8, 7, 63, 64, 255] {
                let _ = replay(&[first, second, first]);
            }
        }
    }
}
