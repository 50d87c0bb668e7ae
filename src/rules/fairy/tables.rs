//! [`VariantDef`] → [`Variant`]: per piece type and colour, movement compiled into per-square
//! lookup tables, promotion choices and demotions resolved to type indices.

use super::bits::{Bits256, square};
use super::defs::*;

/// A two-step or masked leaper: first-leap targets per square, second-leap vectors, mask
/// targets per square.
pub type Compound = (Vec<Bits256>, Vec<(i8, i8)>, Option<Vec<Bits256>>);

/// Movement of one piece type for one colour, ready to generate targets.
#[derive(Clone, Debug, Default)]
pub struct Gen {
    /// Simple (one-step) leaps: targets per square.
    pub leaps: Vec<Bits256>,
    /// Two-step and masked leapers: (first per square, second vectors, mask per square).
    pub compound: Vec<Compound>,
    /// Slide directions (bit 0 H, 1 V, 2 D, 3 A).
    pub slide: u8,
    /// Hop directions.
    pub hop: u8,
    /// Rider vectors (mirrored).
    pub ride: Vec<(i8, i8)>,
    /// Steps `(dx, dy, count)` already oriented for the colour.
    pub steps: Vec<(i8, i8, u8)>,
    /// The one-square steps of `steps` as targets per square (a step of one square is a
    /// leap): what [`super::position::FairyPos::targets`] reads instead of walking them.
    pub step_leaps: Vec<Bits256>,
    /// The steps of `steps` longer than one square (walked, as they stop at a piece).
    pub long_steps: Vec<(i8, i8, u8)>,
    /// `bouncing` (FBR): diagonal slides reflect off the first and last files
    /// (`fairy::layer_bounce`).
    pub bounce: bool,
    /// The vectors of `leaps` (oriented for the colour): what `torus=spacious` steps on by
    /// (`fairy::layer_spacious`).
    pub leap_vectors: Vec<(i8, i8)>,
    /// Multi-leg movements, oriented for the colour ([`super::leg_paths`]).
    pub paths: Vec<super::leg_paths::LegPath>,
}

impl Gen {
    /// Whether there is no movement at all.
    pub fn is_empty(&self) -> bool {
        self.leaps.iter().all(|b| b.none())
            && self.compound.is_empty()
            && self.slide == 0
            && self.hop == 0
            && self.ride.is_empty()
            && self.steps.is_empty()
            && self.paths.is_empty()
    }
}

/// A compiled piece type.
#[derive(Clone, Debug)]
pub struct Kind {
    /// The definition.
    pub def: PieceDef,
    /// Moves per colour.
    pub moves: [Gen; 2],
    /// Captures per colour.
    pub captures: [Gen; 2],
    /// Special moves: zone and movement per colour.
    pub special: Option<([Bits256; 2], [Gen; 2])>,
    /// Initial moves per colour.
    pub initial: Option<[Gen; 2]>,
    /// Prison per colour (all squares when none).
    pub prison: [Bits256; 2],
    /// Block per colour.
    pub block: [Bits256; 2],
    /// Drop zone per colour.
    pub drop_zone: [Bits256; 2],
    /// Promotion rules: zone per colour, choices (type indices), optional flag.
    pub promotions: Vec<([Bits256; 2], Vec<u8>)>,
    /// `Optional promotion` zone per colour, when given (then promotion elsewhere is forced).
    pub optional_zone: Option<[Bits256; 2]>,
    /// The type a captured piece of this type becomes in hand.
    pub demotes_to: u8,
    /// Squares from which the piece has some move on an empty board, per colour.
    pub mobile: [Bits256; 2],
    /// Squares from which the piece has a non-capture move on an empty board, per colour:
    /// SjaakII's default optional promotion zone (a Troitzky pawn on a5 must promote when it
    /// captures there: it cannot step on, though it could capture on).
    pub move_mobile: [Bits256; 2],
    /// Capture targets on an empty board with every hopper screen present (a superset), per
    /// colour and square: a quick "can this piece attack that square" test.
    pub reach: [Vec<Bits256>; 2],
    /// Every destination on an empty board (moves, captures, special, initial, castling), per
    /// colour and square: a quick "can this piece get there" test for reading moves.
    pub reach_all: [Vec<Bits256>; 2],
    /// [`Kind::reach_all`] turned around, per colour and square: the squares from which this
    /// type gets to the square on an empty board (reading a move looks only at pieces there).
    pub reach_from: [Vec<Bits256>; 2],
    /// Maximum count per colour (0 = unlimited).
    pub max: [u32; 2],
    /// Captures move as moves do (no `Capture:` line): one target computation serves both.
    pub same_captures: bool,
    /// Per colour: captures by leaps, one-square steps and slides only, without a block zone
    /// (the attack test answers those without computing targets).
    pub plain_captures: [bool; 2],
    /// Moves by steps only and promotes: a pawn for the halfmove clock and CQL's pawn filters.
    pub pawnlike: bool,
    /// Letters that name the piece in SAN: its SAN string, its FEN letter, and the FEN letter
    /// without `~` (and without `+` unless the piece is promoted).
    pub san_aliases: Vec<String>,
    /// Written without a letter in SAN (a pawn: SAN string empty, or `P` for the `P` piece).
    pub san_letterless: bool,
}

/// A compiled variant: what the position code needs.
#[derive(Clone, Debug)]
pub struct Variant {
    /// The definition as read.
    pub def: VariantDef,
    /// Files.
    pub files: usize,
    /// Ranks.
    pub ranks: usize,
    /// Playable squares (board minus holes).
    pub board: Bits256,
    /// The rectangle `files x ranks` (holes included).
    pub rect: Bits256,
    /// Piece types in definition order.
    pub kinds: Vec<Kind>,
    /// Whether any piece is royal.
    pub has_royal: bool,
    /// Bit `t` set when piece type `t` is royal (a quick test for finding kings).
    pub royal_types: u64,
    /// Per square, the squares of the rectangle along each of the eight line directions (in
    /// [`line_dirs`]'s order), nearest first: slider attacks by first blocker.
    pub rays: Vec<[Bits256; 8]>,
    /// CQL piece type of each kind: P N B R Q K keep the standard indices 0..5 (unpromoted
    /// kinds whose FEN letter is one of them); the other kinds take 6, 7, ... in definition
    /// order (at most 31).
    pub cql_type: Vec<u8>,
    /// Rule layers (FBR rules); `Layers::default()` for a plain SjaakII definition.
    pub layers: super::layers::Layers,
    /// Bit `t` set when piece type `t` moves as SjaakII's lion ([`super::lion`]).
    pub lion_types: u64,
    /// Whether a piece type has `no_retaliate` or `endangered` ([`super::lion`]).
    pub victim_rules: bool,
    /// Per colour and square: the squares from which some piece type of that colour reaches
    /// the square by capture on an empty board (the union of [`Kind::reach`] turned around):
    /// the only pieces the attack test needs to look at.
    pub attack_from: [Vec<Bits256>; 2],
    /// Per colour and square: the squares from which some piece type of that colour gets to
    /// the square on an empty board (the union of [`Kind::reach_all`] turned around): the
    /// pieces reading a move needs to look at.
    pub reach_to: [Vec<Bits256>; 2],
    /// Per ASCII byte: the piece types (bit `t`, types below 64) a one-letter SAN piece name
    /// names, case-insensitively (the test of `san_aliases` done once per variant).
    pub san_letter_types: Vec<u64>,
    /// The piece types (bit `t`, types below 64) written without a letter in SAN.
    pub san_letterless_types: u64,
    /// SjaakII's file-occupancy fold as `(rank, ghost rank)` pairs ([`super::sjaak_fold`]):
    /// empty (the rules of the game) unless [`Variant::with_sjaak_file_fold`] asked for it.
    pub file_fold: Vec<(u8, u8)>,
}

impl Variant {
    /// This variant with vertical moves seeing SjaakII 1.4.1's folded file occupancy (a piece
    /// on a low rank also blocks a high one on boards with more ranks than files): only for
    /// comparing perft with SjaakII, whose error it reproduces.
    pub fn with_sjaak_file_fold(mut self) -> Variant {
        self.file_fold = super::sjaak_fold::sjaak_file_fold_pairs(self.files, self.ranks);
        self
    }
}

/// Builds a variant's tables (a promotion choice naming no defined piece is skipped, as
/// SjaakII does, so nothing here fails: the definition was checked as it was read).
pub fn defs_to_variant(def: &VariantDef) -> Variant {
    defs_to_variant_with(def, super::layers::Layers::default())
}

/// Builds a variant's tables with rule layers: a wrapping board (`cylindric`, `torus`) and
/// `mirror` change the movement tables; the other layers are kept for the move generator.
pub fn defs_to_variant_with(def: &VariantDef, layers: super::layers::Layers) -> Variant {
    let files = def.files as usize;
    let ranks = def.ranks as usize;
    let mut rect = Bits256::EMPTY;
    for r in 0..ranks {
        for f in 0..files {
            rect.set(square(f, r));
        }
    }
    let board = rect & !def.holes;
    let geo = Geo {
        files,
        ranks,
        board,
        wrap: (layers.wrap_files, layers.wrap_ranks),
        mirror: layers.mirror,
    };
    let mut kinds: Vec<Kind> = def.pieces.iter().map(|p| compile_kind(p, &geo)).collect();
    link_promotions(def, &mut kinds);
    super::layer_bounce::mark_bouncing(&mut kinds, layers.bounce, board);
    let has_royal = kinds.iter().any(|k| k.def.flags.royal);
    let cql_type = super::cql::cql_types(&kinds);
    let royal_types = kinds
        .iter()
        .enumerate()
        .filter(|(t, k)| *t < 64 && k.def.flags.royal)
        .fold(0u64, |m, (t, _)| m | 1u64 << t);
    let (attack_from, reach_to) = reverse_reach(&mut kinds);
    let types_named = |pick: &dyn Fn(&Kind) -> bool| {
        kinds
            .iter()
            .enumerate()
            .filter(|(t, k)| *t < 64 && pick(k))
            .fold(0u64, |m, (t, _)| m | 1u64 << t)
    };
    let san_letter_types = (0u8..128)
        .map(|b| {
            let letter = [b];
            types_named(&|k: &Kind| {
                k.san_aliases
                    .iter()
                    .any(|a| a.as_bytes().eq_ignore_ascii_case(&letter))
            })
        })
        .collect();
    let san_letterless_types = types_named(&|k: &Kind| k.san_letterless);
    let lion_types = super::lion::lion_types(&kinds);
    let victim_rules = super::lion::has_victim_rules(&kinds);
    let mut v = Variant {
        def: def.clone(),
        files,
        ranks,
        board,
        rect,
        kinds,
        has_royal,
        royal_types,
        cql_type,
        rays: rays_of(files, ranks),
        layers,
        lion_types,
        victim_rules,
        attack_from,
        reach_to,
        san_letter_types,
        san_letterless_types,
        file_fold: Vec::new(),
    };
    super::castle_king::castle_from_start_king(&mut v);
    v
}

/// One piece type's movement compiled for the board of `geo`: its move tables per colour,
/// the squares it reaches from each square, and its SAN names (its promotions, demotion and
/// whether it moves like a pawn are [`link_promotions`]'s).
fn compile_kind(p: &PieceDef, geo: &Geo) -> Kind {
    let board = geo.board;
    let moves = [geo.compile(&p.moves, 0), geo.compile(&p.moves, 1)];
    let captures = match &p.captures {
        Some(c) => [geo.compile(c, 0), geo.compile(c, 1)],
        None => moves.clone(),
    };
    let special = p
        .special
        .as_ref()
        .map(|(z, m)| (*z, [geo.compile(m, 0), geo.compile(m, 1)]));
    let initial =
        (!p.initial.is_empty()).then(|| [geo.compile(&p.initial, 0), geo.compile(&p.initial, 1)]);
    let reach = Reach::of(p, geo, &moves, &captures, &special, &initial);
    let royal = p.flags.royal;
    let block = p.block.unwrap_or([Bits256::EMPTY; 2]);
    let plain_captures = [0, 1].map(|c| {
        let g: &Gen = &captures[c];
        g.compound.is_empty()
            && g.paths.is_empty()
            && g.hop == 0
            && g.ride.is_empty()
            && g.long_steps.is_empty()
            && block[c].none()
    });
    Kind {
        def: p.clone(),
        moves,
        captures,
        special,
        initial,
        prison: p.prison.unwrap_or([board, board]),
        block,
        drop_zone: p.drop_zone.unwrap_or([board, board]),
        promotions: Vec::new(),
        optional_zone: None,
        demotes_to: 0,
        mobile: reach.mobile,
        move_mobile: reach.move_mobile,
        reach: reach.reach,
        reach_all: reach.reach_all,
        reach_from: [Vec::new(), Vec::new()],
        max: [
            if p.max[0] == 0 && royal { 1 } else { p.max[0] },
            if p.max[1] == 0 && royal { 1 } else { p.max[1] },
        ],
        pawnlike: false,
        same_captures: p.captures.is_none(),
        plain_captures,
        san_aliases: san_aliases(p),
        san_letterless: p.san.trim().is_empty() || (p.san.trim() == "P" && p.symbols[0] == "P"),
    }
}

/// The names a piece type is written with in SAN: its FEN letter, its SAN letter when it
/// has one, and the bare letter (without `~`) of a piece that is not a promoted form (`+X`).
fn san_aliases(p: &PieceDef) -> Vec<String> {
    let san = p.san.trim().to_string();
    let fen = p.symbols[0].clone();
    let bare = fen
        .trim_start_matches('+')
        .trim_end_matches('~')
        .to_string();
    let mut a = vec![fen.clone()];
    if !san.is_empty() {
        a.push(san);
    }
    if !fen.starts_with('+') {
        a.push(bare);
    }
    a
}

/// The squares a piece type reaches from each square, per colour (see [`Kind`]'s fields of
/// these names).
struct Reach {
    mobile: [Bits256; 2],
    move_mobile: [Bits256; 2],
    reach: [Vec<Bits256>; 2],
    reach_all: [Vec<Bits256>; 2],
}

impl Reach {
    /// The tables of the piece `p` with these compiled moves on the board of `geo`.
    fn of(
        p: &PieceDef,
        geo: &Geo,
        moves: &[Gen; 2],
        captures: &[Gen; 2],
        special: &Option<([Bits256; 2], [Gen; 2])>,
        initial: &Option<[Gen; 2]>,
    ) -> Reach {
        let board = geo.board;
        let mut mobile = [Bits256::EMPTY; 2];
        let mut move_mobile = [Bits256::EMPTY; 2];
        let mut reach = [Vec::new(), Vec::new()];
        let mut reach_all = [Vec::new(), Vec::new()];
        for c in 0..2 {
            for sq in 0..256 {
                let r = if board.has(sq) {
                    geo.reach(&captures[c], sq)
                } else {
                    Bits256::EMPTY
                };
                reach[c].push(r);
                let mut all = r;
                if board.has(sq) {
                    if !(geo.reach(&moves[c], sq) & board).none() {
                        move_mobile[c].set(sq);
                    }
                    let m = geo.reach(&moves[c], sq) | r;
                    if !(m & board).none() {
                        mobile[c].set(sq);
                    }
                    all |= m;
                    if let Some((_, g)) = special {
                        all |= geo.reach(&g[c], sq);
                    }
                    if let Some(g) = initial {
                        all |= geo.reach(&g[c], sq);
                    }
                    for cd in &p.castles {
                        for &t in &cd.to {
                            all.set(t);
                        }
                    }
                }
                reach_all[c].push(all);
            }
        }
        Reach {
            mobile,
            move_mobile,
            reach,
            reach_all,
        }
    }
}

/// Each piece type's promotions (their choices found among every type's symbols), the
/// zone where promoting is optional, whether it moves like a pawn, and the type it demotes to
/// when captured (a `+X` to X, an `X~` to the type promoting to it).
fn link_promotions(def: &VariantDef, kinds: &mut [Kind]) {
    // Promotions and demotions need every symbol.
    let symbols: Vec<String> = def.pieces.iter().map(|p| p.symbols[0].clone()).collect();
    let find = |s: &str| symbols.iter().position(|x| x.eq_ignore_ascii_case(s));
    for (i, p) in def.pieces.iter().enumerate() {
        let own = &p.symbols[0];
        let mut optional_zone: Option<[Bits256; 2]> = None;
        for pr in &p.promotions {
            if pr.optional {
                let z = optional_zone.get_or_insert([Bits256::EMPTY; 2]);
                z[0] |= pr.zone[0];
                z[1] |= pr.zone[1];
            }
            if pr.forced {
                optional_zone.get_or_insert([Bits256::EMPTY; 2]);
            }
            let mut choices = Vec::new();
            for tok in promotion_tokens(&pr.choices) {
                let name = if tok == "+" { format!("+{own}") } else { tok };
                // SjaakII skips choices that name no piece (iesonmora's pawn lists `Q`).
                if let Some(t) = find(&name) {
                    choices.push(t as u8);
                }
            }
            if !choices.is_empty() || pr.optional {
                kinds[i].promotions.push((pr.zone, choices));
            }
        }
        kinds[i].optional_zone = optional_zone;
        let g = &kinds[i].moves[0];
        kinds[i].pawnlike = !g.steps.is_empty()
            && g.slide == 0
            && g.hop == 0
            && g.ride.is_empty()
            && g.compound.is_empty()
            && g.paths.is_empty()
            && g.leaps.iter().all(|b| b.none())
            && !kinds[i].promotions.is_empty();
        let demoted = if let Some(base) = own.strip_prefix('+') {
            find(base)
        } else if own.ends_with('~') {
            def.pieces.iter().position(|q| {
                q.promotions.iter().any(|pr| {
                    promotion_tokens(&pr.choices)
                        .iter()
                        .any(|t| t.eq_ignore_ascii_case(own))
                })
            })
        } else {
            None
        };
        kinds[i].demotes_to = demoted.unwrap_or(i) as u8;
    }
}

/// Per colour and square, the squares a piece of any type attacks it from (`attack_from`) and
/// reaches it from (`reach_to`); each type's own `reach_from` is filled on the way.
fn reverse_reach(kinds: &mut [Kind]) -> ([Vec<Bits256>; 2], [Vec<Bits256>; 2]) {
    let mut attack_from = [vec![Bits256::EMPTY; 256], vec![Bits256::EMPTY; 256]];
    let mut reach_to = [vec![Bits256::EMPTY; 256], vec![Bits256::EMPTY; 256]];
    for k in kinds.iter_mut() {
        for c in 0..2 {
            k.reach_from[c] = vec![Bits256::EMPTY; 256];
            for from in 0..256 {
                for to in k.reach[c][from].iter() {
                    attack_from[c][to].set(from);
                }
                for to in k.reach_all[c][from].iter() {
                    reach_to[c][to].set(from);
                    k.reach_from[c][to].set(from);
                }
            }
        }
    }
    (attack_from, reach_to)
}

/// The eight line directions in [`line_dirs`]'s order, with the bit selecting them.
pub const LINE_DIRS: [(u8, (i8, i8)); 8] = [
    (1, (1, 0)),
    (1, (-1, 0)),
    (2, (0, 1)),
    (2, (0, -1)),
    (4, (1, 1)),
    (4, (-1, -1)),
    (8, (1, -1)),
    (8, (-1, 1)),
];

/// Whether walking along [`LINE_DIRS`]`[i]` raises the square index (`rank * 16 + file`).
pub const fn dir_ascends(i: usize) -> bool {
    let (dx, dy) = LINE_DIRS[i].1;
    dy > 0 || (dy == 0 && dx > 0)
}

/// Per square of a `files x ranks` rectangle: the squares along each line direction.
fn rays_of(files: usize, ranks: usize) -> Vec<[Bits256; 8]> {
    let mut rays = vec![[Bits256::EMPTY; 8]; 256];
    for r in 0..ranks.min(16) {
        for f in 0..files.min(16) {
            for (i, &(_, (dx, dy))) in LINE_DIRS.iter().enumerate() {
                let (mut x, mut y) = (f as i32 + dx as i32, r as i32 + dy as i32);
                while x >= 0 && y >= 0 && (x as usize) < files && (y as usize) < ranks {
                    rays[square(f, r)][i].set(square(x as usize, y as usize));
                    x += dx as i32;
                    y += dy as i32;
                }
            }
        }
    }
    rays
}

/// Splits a promotion string into symbols: `"QRBN"` → Q R B N, `"Q~R~"` → Q~ R~, `"+"` → +,
/// `"Q:QD:"` → Q :QD: (an FBR compound letter, [`super::compound_letters`]).
pub fn promotion_tokens(s: &str) -> Vec<String> {
    let c: Vec<char> = s.chars().filter(|c| !c.is_whitespace()).collect();
    let mut out = Vec::new();
    let mut i = 0;
    while i < c.len() {
        if let Some((letter, n)) = super::compound_letters::piece_letter_at(&c, i)
            && n > 1
        {
            out.push(letter);
            i += n;
            continue;
        }
        let mut tok = String::new();
        if c[i] == '+' {
            tok.push('+');
            i += 1;
            if i >= c.len() || !c[i].is_ascii_alphabetic() {
                out.push(tok);
                continue;
            }
        }
        tok.push(c[i]);
        i += 1;
        if i < c.len() && c[i] == '~' {
            tok.push('~');
            i += 1;
        }
        out.push(tok);
    }
    out
}

/// Board shape used while building tables.
struct Geo {
    files: usize,
    ranks: usize,
    board: Bits256,
    /// Files wrap, ranks wrap (`cylindric`, `torus`).
    wrap: (bool, bool),
    /// FBR `mirror`: black's vectors flip files, flip ranks (`None`: SjaakII's reading).
    mirror: Option<(bool, bool)>,
}

impl Geo {
    fn offset(&self, sq: usize, dx: i32, dy: i32) -> Option<usize> {
        let mut f = (sq % 16) as i32 + dx;
        let mut r = (sq / 16) as i32 + dy;
        if self.wrap.0 {
            f = f.rem_euclid(self.files as i32);
        }
        if self.wrap.1 {
            r = r.rem_euclid(self.ranks as i32);
        }
        (f >= 0 && r >= 0 && (f as usize) < self.files && (r as usize) < self.ranks)
            .then(|| square(f as usize, r as usize))
    }

    fn leap_table(&self, v: &[(i8, i8)]) -> Vec<Bits256> {
        (0..256)
            .map(|sq| {
                let mut b = Bits256::EMPTY;
                if sq % 16 < self.files && sq / 16 < self.ranks {
                    for &(x, y) in v {
                        if let Some(t) = self.offset(sq, x as i32, y as i32) {
                            b.set(t);
                        }
                    }
                }
                b
            })
            .collect()
    }

    fn compile(&self, atoms: &[Atom], color: usize) -> Gen {
        let flip = |v: &[(i8, i8)], asym: bool| -> Vec<(i8, i8)> {
            match self.mirror {
                Some((fx, fy)) if color == 1 => v
                    .iter()
                    .map(|&(x, y)| (if fx { -x } else { x }, if fy { -y } else { y }))
                    .collect(),
                _ if asym && color == 1 => v.iter().map(|&(x, y)| (x, -y)).collect(),
                _ => v.to_vec(),
            }
        };
        let mut g = Gen {
            leaps: vec![Bits256::EMPTY; 256],
            step_leaps: vec![Bits256::EMPTY; 256],
            ..Gen::default()
        };
        for a in atoms {
            match a {
                Atom::Slide(d) => g.slide |= d,
                Atom::Hop(d) => g.hop |= d,
                Atom::Ride(v) => g.ride.extend(v.iter().copied()),
                Atom::Step(s) => {
                    for &(dx, dy, n) in s {
                        // SjaakII turns steps by 180 degrees for black (NW becomes SE), while
                        // `aleap` vectors are only mirrored north-south.
                        let (dx, dy) = match self.mirror {
                            Some((fx, fy)) if color == 1 => {
                                (if fx { -dx } else { dx }, if fy { -dy } else { dy })
                            }
                            _ if color == 1 => (-dx, -dy),
                            _ => (dx, dy),
                        };
                        g.steps.push((dx, dy, n));
                        if n == 1 {
                            for (sq, t) in self.leap_table(&[(dx, dy)]).iter().enumerate() {
                                g.step_leaps[sq] |= *t;
                            }
                        } else {
                            g.long_steps.push((dx, dy, n));
                        }
                    }
                }
                Atom::Leap(l) => {
                    let first = self.leap_table(&flip(&l.first, l.asymmetric));
                    if l.second.is_empty() && l.mask.is_none() {
                        g.leap_vectors.extend(flip(&l.first, l.asymmetric));
                        for (sq, t) in first.iter().enumerate() {
                            g.leaps[sq] |= *t;
                        }
                    } else {
                        let mask = l
                            .mask
                            .as_ref()
                            .map(|m| self.leap_table(&flip(m, l.asymmetric)));
                        g.compound
                            .push((first, flip(&l.second, l.asymmetric), mask));
                    }
                }
                // White's vectors, black's mirrored as `aleap` vectors are (and so the
                // legs' board ranges, `super::leg_limits`); wrapping legs learn the board.
                Atom::Path(p) => {
                    let turn = match self.mirror {
                        Some(f) if color == 1 => f,
                        _ => (false, color == 1),
                    };
                    let p = p.map_vectors(|v| flip(&[v], true)[0]);
                    g.paths.push(
                        p.with_limits_oriented(self.files, self.ranks, turn)
                            .on_board(self.files, self.ranks, self.wrap),
                    );
                }
            }
        }
        g
    }

    /// Targets on an empty board; hoppers and riders take every square of their lines.
    fn reach(&self, g: &Gen, sq: usize) -> Bits256 {
        let mut b = g.leaps[sq];
        for (first, second, mask) in &g.compound {
            let mut t = first[sq];
            for s in first[sq].iter() {
                for &(x, y) in second {
                    if let Some(u) = self.offset(s, x as i32, y as i32) {
                        t.set(u);
                    }
                }
            }
            if let Some(m) = mask {
                t &= m[sq];
            }
            b |= t;
        }
        let offset = |s: usize, dx: i8, dy: i8| self.offset(s, i32::from(dx), i32::from(dy));
        for p in &g.paths {
            // Pieces anywhere: hops and visits land wherever some board lets them.
            let unknown = |_| super::leg_hops::Standing::Unknown;
            b |= super::leg_paths::path_ends(p, sq, &offset, &unknown);
        }
        for (dx, dy) in line_dirs(g.slide | g.hop).chain(g.ride.iter().copied()) {
            let mut cur = sq;
            // On a wrapping board a line comes back to its start: 256 steps at most.
            for _ in 0..256 {
                let Some(n) = self.offset(cur, dx as i32, dy as i32) else {
                    break;
                };
                if n == sq {
                    break;
                }
                b.set(n);
                cur = n;
            }
        }
        for &(dx, dy, n) in &g.steps {
            let mut cur = sq;
            for _ in 0..n {
                match self.offset(cur, dx as i32, dy as i32) {
                    Some(t) => {
                        b.set(t);
                        cur = t;
                    }
                    None => break,
                }
            }
        }
        b.clear(sq);
        b & self.board
    }
}

/// The unit vectors of slide directions (bit 0 H, 1 V, 2 D, 3 A).
pub fn line_dirs(dirs: u8) -> impl Iterator<Item = (i8, i8)> {
    LINE_DIRS
        .into_iter()
        .filter(move |(bit, _)| dirs & bit != 0)
        .map(|(_, d)| d)
}
