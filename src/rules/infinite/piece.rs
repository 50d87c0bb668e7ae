//! Piece kinds of infinite chess, their ICN abbreviations and how they move.
//!
//! Every kind is described by data (leap offsets, ride directions, royalty), so move
//! generation, attack detection and the brute-force checks read the same table.

/// Who owns a piece: a side, or nobody (obstacles and voids).
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Owner {
    /// White (upper-case abbreviation).
    White,
    /// Black (lower-case abbreviation).
    Black,
    /// Neutral pieces: `ob` (obstacle, capturable) and `vo` (void, a hole in the board).
    Neutral,
}

impl Owner {
    /// The opponent (neutral stays neutral).
    pub fn other(self) -> Owner {
        match self {
            Owner::White => Owner::Black,
            Owner::Black => Owner::White,
            Owner::Neutral => Owner::Neutral,
        }
    }
    /// The direction white or black pawns move in y (neutral: 0).
    pub fn forward(self) -> i64 {
        match self {
            Owner::White => 1,
            Owner::Black => -1,
            Owner::Neutral => 0,
        }
    }
}

/// A kind of piece, without colour.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Kind {
    /// `p`.
    Pawn,
    /// `n`.
    Knight,
    /// `b`.
    Bishop,
    /// `r`.
    Rook,
    /// `q`.
    Queen,
    /// `k` (royal).
    King,
    /// `am`: queen + knight.
    Amazon,
    /// `ha`: leaps 2 or 3 squares orthogonally or diagonally.
    Hawk,
    /// `ch`: rook + knight.
    Chancellor,
    /// `ar`: bishop + knight.
    Archbishop,
    /// `gu`: a king without royalty.
    Guard,
    /// `ca`: (1,3) leaper.
    Camel,
    /// `gi`: (1,4) leaper.
    Giraffe,
    /// `ze`: (2,3) leaper.
    Zebra,
    /// `ce`: king + knight leaps, not royal.
    Centaur,
    /// `rq`: royal queen.
    RoyalQueen,
    /// `rc`: royal centaur.
    RoyalCentaur,
    /// `nr`: knight rider.
    Knightrider,
    /// `hu`: huygen, an orthogonal rider that lands and is blocked only at prime distances.
    Huygen,
    /// `ro`: rose, the circular knight.
    Rose,
    /// `ob`: obstacle (neutral, does not move, can be captured).
    Obstacle,
    /// `vo`: void (neutral, nothing enters or passes it).
    Void,
}

/// Every kind, in the order their abbreviations are listed.
pub const ALL_KINDS: [Kind; 22] = [
    Kind::Pawn,
    Kind::Knight,
    Kind::Bishop,
    Kind::Rook,
    Kind::Queen,
    Kind::King,
    Kind::Amazon,
    Kind::Hawk,
    Kind::Chancellor,
    Kind::Archbishop,
    Kind::Guard,
    Kind::Camel,
    Kind::Giraffe,
    Kind::Zebra,
    Kind::Centaur,
    Kind::RoyalQueen,
    Kind::RoyalCentaur,
    Kind::Knightrider,
    Kind::Huygen,
    Kind::Rose,
    Kind::Obstacle,
    Kind::Void,
];

/// The four orthogonal unit steps.
pub const ORTHOGONAL: [(i64, i64); 4] = [(1, 0), (-1, 0), (0, 1), (0, -1)];
/// The four diagonal unit steps.
pub const DIAGONAL: [(i64, i64); 4] = [(1, 1), (1, -1), (-1, 1), (-1, -1)];
/// The eight knight steps in circular order (the rose walks them in this order).
pub const KNIGHT: [(i64, i64); 8] = [
    (1, 2),
    (2, 1),
    (2, -1),
    (1, -2),
    (-1, -2),
    (-2, -1),
    (-2, 1),
    (-1, 2),
];

/// The eight symmetric images of a leap `(a, b)`, without duplicates.
pub fn symmetric(a: i64, b: i64) -> Vec<(i64, i64)> {
    let mut out = Vec::new();
    for (x, y) in [(a, b), (b, a)] {
        for (sx, sy) in [(1, 1), (1, -1), (-1, 1), (-1, -1)] {
            let v = (x * sx, y * sy);
            if !out.contains(&v) {
                out.push(v);
            }
        }
    }
    out
}

impl Kind {
    /// The lower-case ICN abbreviation (`p`, `am`, `ob`, ...).
    pub fn abbreviation(self) -> &'static str {
        match self {
            Kind::Pawn => "p",
            Kind::Knight => "n",
            Kind::Bishop => "b",
            Kind::Rook => "r",
            Kind::Queen => "q",
            Kind::King => "k",
            Kind::Amazon => "am",
            Kind::Hawk => "ha",
            Kind::Chancellor => "ch",
            Kind::Archbishop => "ar",
            Kind::Guard => "gu",
            Kind::Camel => "ca",
            Kind::Giraffe => "gi",
            Kind::Zebra => "ze",
            Kind::Centaur => "ce",
            Kind::RoyalQueen => "rq",
            Kind::RoyalCentaur => "rc",
            Kind::Knightrider => "nr",
            Kind::Huygen => "hu",
            Kind::Rose => "ro",
            Kind::Obstacle => "ob",
            Kind::Void => "vo",
        }
    }

    /// The kind for a lower-case abbreviation.
    pub fn from_abbreviation(s: &str) -> Option<Kind> {
        ALL_KINDS.iter().copied().find(|k| k.abbreviation() == s)
    }

    /// Whether the kind is neutral by nature (obstacle, void).
    pub fn is_neutral(self) -> bool {
        matches!(self, Kind::Obstacle | Kind::Void)
    }

    /// Whether losing this piece to an attack loses the game under checkmate rules.
    pub fn is_royal(self) -> bool {
        matches!(self, Kind::King | Kind::RoyalQueen | Kind::RoyalCentaur)
    }

    /// Single-step leaps (every symmetric image included). Pawns, huygens and roses have their
    /// own move rules and no leaps here.
    pub fn leaps(self) -> Vec<(i64, i64)> {
        let king = || {
            let mut v = symmetric(1, 0);
            v.extend(symmetric(1, 1));
            v
        };
        match self {
            Kind::Knight | Kind::Amazon | Kind::Chancellor | Kind::Archbishop => symmetric(1, 2),
            Kind::King | Kind::Guard => king(),
            Kind::Centaur | Kind::RoyalCentaur => {
                let mut v = king();
                v.extend(symmetric(1, 2));
                v
            }
            Kind::Hawk => {
                let mut v = symmetric(2, 0);
                v.extend(symmetric(3, 0));
                v.extend(symmetric(2, 2));
                v.extend(symmetric(3, 3));
                v
            }
            Kind::Camel => symmetric(1, 3),
            Kind::Giraffe => symmetric(1, 4),
            Kind::Zebra => symmetric(2, 3),
            _ => Vec::new(),
        }
    }

    /// Ride directions (unit steps repeated until blocked or the slide limit).
    pub fn rides(self) -> Vec<(i64, i64)> {
        match self {
            Kind::Rook | Kind::Chancellor => ORTHOGONAL.to_vec(),
            Kind::Bishop | Kind::Archbishop => DIAGONAL.to_vec(),
            Kind::Queen | Kind::Amazon | Kind::RoyalQueen => {
                let mut v = ORTHOGONAL.to_vec();
                v.extend(DIAGONAL);
                v
            }
            Kind::Knightrider => KNIGHT.to_vec(),
            _ => Vec::new(),
        }
    }

    /// The value for `power`: the infinitechess.org-independent classical values extended to
    /// fairy pieces by their components (documented in `docs/infinite.md`).
    pub fn power(self) -> i64 {
        match self {
            Kind::Pawn => 1,
            Kind::Knight | Kind::Bishop | Kind::Camel | Kind::Zebra | Kind::Giraffe => 3,
            Kind::Guard | Kind::Hawk | Kind::Rose | Kind::Huygen => 4,
            Kind::Rook => 5,
            Kind::Centaur | Kind::Knightrider => 6,
            Kind::Archbishop => 7,
            Kind::Chancellor => 8,
            Kind::Queen => 9,
            Kind::Amazon => 12,
            Kind::King | Kind::RoyalQueen | Kind::RoyalCentaur | Kind::Obstacle | Kind::Void => 0,
        }
    }
}

/// A piece: kind and owner.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Piece {
    /// What it is.
    pub kind: Kind,
    /// Whose it is.
    pub owner: Owner,
}

impl Piece {
    /// Parses an abbreviation whose case gives the colour (`K`, `am`, `AM`, `ob`).
    pub fn from_icn(s: &str) -> Option<Piece> {
        let lower = s.to_ascii_lowercase();
        let kind = Kind::from_abbreviation(&lower)?;
        let owner = if kind.is_neutral() {
            Owner::Neutral
        } else if s.chars().all(|c| c.is_ascii_uppercase()) {
            Owner::White
        } else if s.chars().all(|c| c.is_ascii_lowercase()) {
            Owner::Black
        } else {
            return None;
        };
        Some(Piece { kind, owner })
    }

    /// The ICN abbreviation with the owner's case (neutral pieces lower case).
    pub fn to_icn(self) -> String {
        let a = self.kind.abbreviation();
        match self.owner {
            Owner::White => a.to_ascii_uppercase(),
            _ => a.to_string(),
        }
    }
}

/// Whether `n` is prime: trial division by the primes below 40, then Miller–Rabin with the
/// first twelve primes as bases, which is exact for every 64-bit `n` (no composite below
/// 3.3 * 10^24 is a strong pseudoprime to all of them), so a huge huygen distance costs
/// microseconds, not the seconds trial division up to its square root took.
pub fn is_prime(n: u64) -> bool {
    const BASES: [u64; 12] = [2, 3, 5, 7, 11, 13, 17, 19, 23, 29, 31, 37];
    if n < 2 {
        return false;
    }
    for p in BASES {
        if n == p {
            return true;
        }
        if n.is_multiple_of(p) {
            return false;
        }
    }
    let mul = |a: u64, b: u64| (u128::from(a) * u128::from(b) % u128::from(n)) as u64;
    let pow = |mut b: u64, mut e: u64| {
        let mut r = 1u64;
        while e > 0 {
            if e & 1 == 1 {
                r = mul(r, b);
            }
            b = mul(b, b);
            e >>= 1;
        }
        r
    };
    let shift = (n - 1).trailing_zeros();
    let odd = (n - 1) >> shift;
    BASES.iter().all(|&a| {
        let mut x = pow(a, odd);
        if x == 1 || x == n - 1 {
            return true;
        }
        (1..shift).any(|_| {
            x = mul(x, x);
            x == n - 1
        })
    })
}

#[cfg(test)]
mod tests {
    use super::is_prime;

    /// Trial division, the definition, for the small numbers.
    fn by_division(n: u64) -> bool {
        n >= 2
            && (2..n)
                .take_while(|d| d * d <= n)
                .all(|d| !n.is_multiple_of(d))
    }

    #[test]
    fn is_prime_agrees_with_trial_division_below_100000() {
        for n in 0..100_000 {
            assert_eq!(is_prime(n), by_division(n), "{n}");
        }
    }

    #[test]
    fn is_prime_at_64_bits() {
        // 2^61 - 1 is a Mersenne prime; 2^64 - 59 is the largest prime below 2^64 (OEIS
        // A014234); 3,215,031,751 = 151 * 751 * 28351 is a strong pseudoprime to the bases 2, 3,
        // 5 and 7; 2^64 - 1 = 3 * 5 * 17 * 257 * 641 * 65537 * 6700417.
        assert!(is_prime((1 << 61) - 1));
        assert!(is_prime(u64::MAX - 58));
        assert!(!is_prime(3_215_031_751));
        assert!(!is_prime(u64::MAX));
        assert!(!is_prime(((1u64 << 31) - 1) * ((1 << 31) - 1)));
    }
}
