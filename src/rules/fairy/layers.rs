//! Rule layers on a fairy variant: the engine's side of FBR rules (`rules::fbr` fills them).
//!
//! A variant without layers has `Layers::default()` (`active == false`) and takes none of the
//! layer paths: the only cost is a test of that flag (and of the wrap flags in the stepping
//! helpers). With layers, legality is decided by making the move on a copy
//! (`layer_moves.rs`), the move's after-effects (explosions, colour changes, magnets,
//! drowning, holdings) are applied by `layer_make.rs`, and game ends by `layer_end.rs`.
//! Piece-type sets are bit masks over the variant's piece types (bit `t` = type `t`).

use super::bits::Bits256;

/// What a capture puts in a holding, and who may drop it (`holding`).
#[derive(Clone, Debug, Default)]
pub struct Holding {
    /// Types stacked on the holding when captured (`holding{...}`; all by default).
    pub pieces: u64,
    /// Squares where a capture feeds the holding (`holding[...]`; all by default).
    pub zone: Bits256,
    /// `demote`: a promoted piece goes to the holding as the piece it promoted from.
    pub demote: bool,
    /// `either`: a held piece may also be dropped as any piece it promotes to.
    pub either: bool,
    /// `notflip`: the captured piece stays its owner's (goes to the owner's holding).
    pub notflip: bool,
    /// `promote`: the captured piece goes to the holding promoted (its first promotion).
    pub promote: bool,
    /// `share`: one holding for both players (kept as white's hand).
    pub share: bool,
    /// `pocket` (or a holding only implied by `gating`): captures feed no holding.
    pub pocket: bool,
    /// Per type: the type it came from by promotion (`demote`).
    pub demoted: Vec<u8>,
    /// Per type: its first promotion choice (`promote`, `either`), if any.
    pub promoted: Vec<Option<u8>>,
    /// `demote` with MBN demotion rules (`-R==B`): per type, what a captured piece without
    /// promoted status goes to the holding as.
    pub demote_rules: Vec<Option<u8>>,
}

/// A `drop` rule's extra conditions.
#[derive(Clone, Debug, Default)]
pub struct DropRule {
    /// Types it applies to.
    pub pieces: u64,
    /// `captured{...}`: a drop needs a credit, earned by losing one of these types.
    pub captured: Option<u64>,
    /// `withattack`: the dropped piece must attack an enemy piece at once.
    pub with_attack: bool,
}

/// A hill (`hill`): entering it wins.
#[derive(Clone, Debug, Default)]
pub struct Hill {
    /// The hill per colour (black's mirrored).
    pub zone: [Bits256; 2],
    /// Types that win by entering (royal types when no piece set is given).
    pub pieces: u64,
    /// `balance`: black may answer white's arrival with its own (a draw).
    pub balance: bool,
    /// `fill`: every hill square occupied by the side's pieces wins.
    pub fill: bool,
    /// `pass[...]`: a piece wins by entering only after it stood on these squares.
    pub pass: Option<[Bits256; 2]>,
}

/// `mustcapture`: captures are compulsory.
#[derive(Clone, Debug, Default)]
pub struct MustCapture {
    /// Types that must capture (all by default).
    pub pieces: u64,
    /// `compulsory`: capturing comes before lifting check.
    pub compulsory: bool,
    /// `most`: the capture taking the most pieces (or points, with values per type).
    pub most: Option<Vec<i64>>,
    /// `multiple`: a capture taking several pieces before one taking one.
    pub multiple: bool,
}

/// A zone rule (`zone[...]=...`).
#[derive(Clone, Debug, Default)]
pub struct ZoneRule {
    /// Squares per colour.
    pub zone: [Bits256; 2],
    /// Types it restricts.
    pub pieces: u64,
}

/// A `conversion` rule of the `ccO` form: pieces that change colour after their move.
#[derive(Clone, Debug, Default)]
pub struct Conversion {
    /// Types that change colour (the piece on the destination, after any promotion).
    pub pieces: u64,
    /// After a capture.
    pub on_capture: bool,
    /// After a non-capturing move.
    pub on_move: bool,
    /// `capture{...}`: only after capturing one of these types.
    pub captured: Option<u64>,
}

/// `promotion=setup`: per colour and file, the type a promotion there gives (`None`: the
/// fallback set's types).
#[derive(Clone, Debug, Default)]
pub struct PromotionSetup {
    /// Per colour, per file: the file's opening piece (not a royal one).
    pub by_file: [[Option<u8>; 16]; 2],
    /// `setup{...}`: the types allowed on a file without such a piece (none: no promotion).
    pub fallback: u64,
}

/// `difficulttrading{...}`: trading these pieces is hard (Chu Shogi's lion rules).
#[derive(Clone, Debug, Default)]
pub struct DifficultTrading {
    /// The pieces ("Lions"; `{L}` by default).
    pub pieces: u64,
    /// `minor{...}`: captures on an adjacent square that do not license a distant
    /// capture of one of the pieces.
    pub minor: u64,
    /// `royal`: royal pieces do not defend.
    pub royals_do_not_defend: bool,
}

/// The royal rule's behaviour (`royal=...`).
#[derive(Clone, Debug, Default)]
pub struct Royal {
    /// `expose`: royal pieces may be left attacked (and captured).
    pub expose: bool,
    /// `bare`: baring the opponent's royals wins.
    pub bare: bool,
    /// `baremove`: as `bare`, a draw when the bared side bares back at once.
    pub baremove: bool,
    /// `checkmated`: being checkmated wins.
    pub checkmated: bool,
    /// `maxchecks(N)`: the Nth check wins.
    pub max_checks: Option<u32>,
    /// `mustevase`: in check, only royal pieces move.
    pub must_evade: bool,
    /// `solely`: a lone royal at the start of the opponent's turn loses.
    pub solely: bool,
    /// `taboo`: no move may give check.
    pub no_check: bool,
    /// `untilcaptured`: mate does not end the game; losing every royal does.
    pub until_captured: bool,
    /// `passover`: a castling royal may pass over attacked squares (not start or land on
    /// one).
    pub passover: bool,
    /// `castle{...}`: the types a royal may castle with (any of the definition's partners:
    /// `None`).
    pub castle_with: Option<u64>,
    /// `virginzone[...]`: per colour, the squares an unmoved royal may move within keeping
    /// its castling rights.
    pub virgin_zone: Option<[Bits256; 2]>,
    /// `noperpetualcheck`: a check that brings about the third occurrence of a position,
    /// every move of the checking side since its first occurrence a check, is illegal
    /// against a sole royal piece.
    pub no_perpetual_check: bool,
    /// `royal[range]`: per colour, the range's squares; of a side's pieces of the royal
    /// types only the nearest to it are royal (`fairy::layer_royal`).
    pub range: Option<[Bits256; 2]>,
    /// `suicide`: a side with several royals, one of them mated, removes it (or evades the
    /// others' check) instead of losing (`fairy::layer_royal`).
    pub suicide: bool,
    /// `evasefacing`: royals facing on an open file are in check, a move may bring the
    /// facing about, the facing side must break it (`fairy::layer_facing`).
    pub evade_facing: bool,
}

/// End rules that need the game's history.
#[derive(Clone, Debug, Default)]
pub struct HistoryRules {
    /// `draw=repetition(N)`.
    pub draw_repetition: Option<u32>,
    /// `loss=repetition(N)`: the side repeating the position loses.
    pub loss_repetition: Option<u32>,
    /// `nonrepeating`: moves that repeat an earlier position are illegal (types, `check`,
    /// `never`).
    pub nonrepeating: Option<(u64, bool, bool)>,
    /// `loss=perpetualcheck(N)`: the Nth occurrence of a position, every move of one side
    /// since its first occurrence a check, loses for that side.
    pub perpetual_check: Option<u32>,
}

/// `pieces` limits read by the move and end checks of `layer_pieces.rs`; each a type mask
/// (the rule's piece set) and its count.
#[derive(Clone, Debug, Default)]
pub struct PieceLimits {
    /// `file(N)`: at most N pieces of the set per side on any file.
    pub per_file: Vec<(u64, u32)>,
    /// `holding(N)`: at most N pieces of the set in each side's hand.
    pub in_hand: Vec<(u64, u32)>,
    /// `avoidsamecolored(N)`: at most N pieces of the set per side on squares of one colour.
    pub per_square_colour: Vec<(u64, u32)>,
    /// `cannotbechecked`: a side whose pieces are all of the set may not be checked.
    pub cannot_be_checked: Vec<u64>,
    /// `maxcaptures(N)`: no move removes more than N enemy pieces of the set.
    pub max_captures: Vec<(u64, u32)>,
    /// `minimum(N)`: no capture of a side with at most N (non-royal) pieces of the set.
    pub minimum: Vec<(u64, u32)>,
    /// `overall(N)`: at most N pieces of the set per side on the board over the whole game
    /// (those on the board and those that left it since the game's start or the FEN).
    pub overall: Option<(u64, u32)>,
    /// `morethan(N)`: a side with at most N pieces of the set loses.
    pub more_than: Vec<(u64, u32)>,
    /// `draw`: a board holding only pieces of the set is a draw.
    pub draw_when_only: Vec<u64>,
    /// `win`: per colour and type the most pieces the board may hold for the side to move
    /// to win (`{Kpp}`: one white king, two black pawns).
    pub win_when_at_most: Vec<[Vec<u32>; 2]>,
}

/// Every layer a variant carries.
#[derive(Clone, Debug, Default)]
pub struct Layers {
    /// Any layer present: legality, move lists and game ends take the layer paths.
    pub active: bool,
    /// `cylindric`/`torus`: files wrap.
    pub wrap_files: bool,
    /// `torus`: ranks wrap.
    pub wrap_ranks: bool,
    /// `null`: a piece may come back to its own square around the board.
    pub null_moves: bool,
    /// `torus=spacious`, `spacious`: every target needs the square one step beyond it empty
    /// (`fairy::layer_spacious`).
    pub spacious: bool,
    /// `wrongrook`: castling also with the far partner, round the board's edge.
    pub wrong_rook: bool,
    /// `mirror` (black's movement from white's): flip files, flip ranks; `None` = SjaakII's
    /// own reading.
    pub mirror: Option<(bool, bool)>,
    /// `atomic`: types removed by a neighbouring capture's explosion.
    pub atomic: Option<u64>,
    /// MBN's explosion `X` ending pieces' movements (`fairy::explosion_move`).
    pub explosions: Vec<super::explosion_move::MoveExplosion>,
    /// `royal` attributes.
    pub royal: Royal,
    /// `mustcapture`.
    pub must_capture: Option<MustCapture>,
    /// `holding`.
    pub holding: Option<Holding>,
    /// `drop` rules.
    pub drops: Vec<DropRule>,
    /// `gating`: gating squares per colour, types that may gate (in order for `ordered`).
    pub gate: Option<([Bits256; 2], Vec<u8>, bool)>,
    /// `hill` rules.
    pub hills: Vec<Hill>,
    /// `diagonals=dark` (`Some(0)`) or `light` (`Some(1)`).
    pub diagonals: Option<u8>,
    /// `direction`: per colour and square, the allowed directions (bit `i` = [`DIRS`]`[i]`).
    pub directions: Option<Box<[[u8; 256]; 2]>>,
    /// `zone=captureonly`.
    pub capture_only: Vec<ZoneRule>,
    /// `zone=dontcross`: sliding stops on entering.
    pub dont_cross: Vec<ZoneRule>,
    /// `zone=river`.
    pub river: Vec<ZoneRule>,
    /// `andernach`: a capturing (non-royal) piece changes colour.
    pub andernach: bool,
    /// `promotion=once`: a promoted piece promotes no more.
    pub promotion_once: bool,
    /// `promotion=setup`.
    pub promotion_setup: Option<Box<PromotionSetup>>,
    /// `promotion=capture`, `leave`, `move`, `stack`: when a move promotes, and to what.
    pub promotion_rule: Option<Box<super::layer_promotion::PromotionRule>>,
    /// `conversion` rules: moved pieces that change colour.
    pub conversions: Vec<Conversion>,
    /// `conversion` rules' conversion moves (`*K=cK`): per converting type, the lines of
    /// its targets per colour (`fairy::layer_convert`).
    pub conversion_moves: Vec<super::layer_convert::ConversionMove>,
    /// MBN locust movements (`cW-mW`: `fairy::layer_locust`).
    pub locusts: Vec<super::layer_locust::LocustRule>,
    /// A conversion move has MBN's `[+]`: each side's checks are noted
    /// (`LayerState::checked`).
    pub checked_history: bool,
    /// `benedict`: no captures; the moved piece converts the enemy pieces it attacks.
    pub benedict: bool,
    /// `magnetic`.
    pub magnetic: bool,
    /// `alice`: two boards, one piece per square; a moved piece changes board.
    pub alice: bool,
    /// `alice=3D`/`4D`: the boards side by side on the wide board (`layer_alice_boards`).
    pub alice_boards: Option<std::sync::Arc<super::layer_alice_boards::AliceBoards>>,
    /// `pieces{...}=total(N)`: at most N of these types per side.
    pub totals: Vec<(u64, u32)>,
    /// `pieces=extinction`: losing every piece of one of these types loses.
    pub extinction: Option<u64>,
    /// `pieces=immovable(N)`: these types do not move in the first N plies (always: `None`).
    pub immovable: Vec<(u64, Option<u32>)>,
    /// `pieces=taboo`: these types cannot be captured (by the second set's types, or any).
    pub taboo: Vec<(u64, Option<u64>)>,
    /// `pieces=neutral`: these types belong to the side to move (but those giving check).
    pub neutral: u64,
    /// `pieces=impartial`: these types belong to the side to move (all of them) and never
    /// give check.
    pub impartial: u64,
    /// `pieces=transparent`: these types block no line, give no check and cannot be
    /// captured; their squares stay occupied.
    pub transparent: u64,
    /// `cheshire{X}`: the type put on the square each board move leaves.
    pub cheshire: Option<u8>,
    /// `pieces=consecutive(N)`: a side makes at most N moves in a row with these types.
    pub consecutive: Option<(u64, u32)>,
    /// The other `pieces` limits.
    pub limits: PieceLimits,
    /// `stalemate=invalid`: a move that stalemates the opponent is illegal.
    pub no_stalemate: bool,
    /// `stalemate=skip`: a side without a legal move (not in check) passes, the game goes on.
    pub stalemate_skip: bool,
    /// `win=mostpoints(N)`: after this many plies without a capture or promotion (N moves
    /// of each side) the side with more points (per type) wins, equal points draw.
    pub most_points: Option<(u32, Vec<i64>)>,
    /// `warp`: non-royal pieces may be taken off the board, from this ply on.
    pub warp: Option<u32>,
    /// Rules that read the game's history.
    pub history: HistoryRules,
    /// `monster`: white moves twice a turn.
    pub monster: bool,
    /// `turn`, `progressive`: turns of several moves (`fairy::layer_turns`).
    pub turns: Option<super::layer_turns::TurnRules>,
    /// `stopifchecking`: a move along a line stops on the first square where it checks.
    pub stop_if_checking: bool,
    /// `antiroyal{...}`: these types are in check when no enemy non-royal piece attacks
    /// them; they cannot be captured and capture only their own side's pieces.
    pub anti_royal: u64,
    /// `bouncing{...}`: these types' diagonal slides reflect off the first and last files.
    pub bounce: u64,
    /// `difficulttrading`.
    pub difficult_trading: Option<DifficultTrading>,
    /// `freezer`, `protector`, `burner` (`fairy::layer_powers`).
    pub powers: Vec<super::layer_powers::PowerRule>,
    /// Swap movements (MBN `w`, `switching`; `fairy::layer_swaps`).
    pub swaps: Vec<super::layer_swaps::SwapRule>,
    /// Friendly captures (MBN `cc`, `cy`; `fairy::layer_friendly_captures`).
    pub friendly_captures: Vec<super::layer_friendly_captures::FriendlyCaptureRule>,
    /// `switching=notincheck`: no swap while the side to move is in check.
    pub swap_not_in_check: bool,
    /// `promotion=swap` / `!swap`: when a swap promotes.
    pub swap_promotion: super::layer_swaps::SwapPromotion,
    /// `promotion=null`, `available`, `warp`: promotions where the piece stands.
    pub promotion_in_place: Option<super::layer_promotion_in_place::InPlacePromotion>,
    /// `promotion=castle{set}`: pieces promoted to these types are unmoved again and castle
    /// forward with their royal (`fairy::layer_promotion_castle`).
    pub promotion_castle: u64,
    /// `promotion=enpassant`: a move promotes when one of its one-square legs ends in the
    /// zone (`fairy::layer_promotion_legs`).
    pub promotion_any_leg: bool,
    /// `promotion=continue`: a promoted piece moves on in the same turn.
    pub promotion_continue: bool,
    /// `drop=immediate`: these types, captured (or held), are placed at once by the move
    /// (`fairy::layer_immediate_drops`).
    pub immediate_drops: u64,
    /// MBN prefixed promotion rules after a move: `promotion<p>=origin`, `swap=demote,promote`
    /// (`fairy::layer_prefix`).
    pub prefix: Option<std::sync::Arc<super::layer_prefix::PrefixLayer>>,
    /// `musketeer`: the Musketeer piece types (`fairy::layer_musketeer`).
    pub musketeer: Option<super::layer_musketeer::MusketeerRule>,
    /// `swapping`: swap sequences, the KO rule, first-rank pawns' double steps
    /// (`fairy::layer_swapping`).
    pub swapping: bool,
    /// `pincher`: the pinching pieces and their zones (`fairy::layer_pinch`).
    pub pincher: Option<super::layer_pinch::PinchRule>,
    /// `announcement`: declarations that change the moving piece's promotion
    /// (`fairy::layer_announcement`).
    pub announcements: Vec<super::layer_announcement::Announcement>,
    /// Drop rules (`pieces<p>=minimum(N)` with `<p>K==@k`): forced drops, in the order of
    /// their sequence numbers (`fairy::layer_forced_drops`).
    pub forced_drops: Vec<super::layer_forced_drops::ForcedDrop>,
}

/// The eight compass directions of `direction<..>`: n, ne, e, se, s, sw, w, nw.
pub const DIRS: [(i32, i32); 8] = [
    (0, 1),
    (1, 1),
    (1, 0),
    (1, -1),
    (0, -1),
    (-1, -1),
    (-1, 0),
    (-1, 1),
];

/// The per-position state layers keep (inside `FairyPos`).
#[derive(Copy, Clone, Debug, Default, PartialEq, Eq)]
pub struct LayerState {
    /// `alice`: squares whose piece stands on the second board.
    pub alice: Bits256,
    /// `hill=pass`: squares whose piece has passed the pass zone.
    pub passed: Bits256,
    /// `drop=captured`: drops each side has earned.
    pub credits: [u8; 2],
    /// `monster`: white has made the first move of its turn.
    pub second: bool,
    /// `turn`, `progressive`: where the side to move stands in its turn.
    pub turns: super::layer_turns::TurnState,
    /// `win=mostpoints`: plies played since the last capture or promotion.
    pub quiet: u16,
    /// `pieces=consecutive(N)`: each side's moves in a row with the rule's pieces.
    pub consecutive: [u8; 2],
    /// `pieces=overall(N)`: each side's pieces of the set that left the board (captured,
    /// promoted away, burnt, changed colour) since the game's start or the FEN.
    pub gone: [u8; 2],
    /// `difficulttrading`: the last move took one of its pieces with a piece outside the
    /// set, so this move may not.
    pub trade_barred: bool,
    /// `promotion=entersuspend`: per colour, the square of the piece that entered the zone
    /// on the side's last move without promoting (it may promote next only by capturing).
    pub promotion_suspended: [Bits256; 2],
    /// `promotion=suspend`: per colour, the squares of the pieces that have had their first
    /// chance to promote (since the game's start or the FEN).
    pub promotion_seen: [Bits256; 2],
    /// `promotion=continue`: the square of the promoted piece that moves on (the side to
    /// move's only piece to move).
    pub promotion_continuing: Option<u8>,
    /// `musketeer`: the selected types and each side's gates.
    pub gates: super::layer_musketeer::Gates,
    /// `swapping`: the board before the last move when it was a swap sequence (else 0).
    pub ko: u64,
    /// Drop rules: the running rule and the index of its next drop
    /// (`fairy::layer_forced_drops`).
    pub forced_drop: Option<(u8, u8)>,
    /// MBN's `[+]`: each colour has been in check since the game's start or the FEN.
    pub checked: [bool; 2],
}

impl Layers {
    /// Whether the board wraps in either direction.
    #[inline]
    pub fn wraps(&self) -> bool {
        self.wrap_files || self.wrap_ranks
    }

    /// Whether any rule needs the game's positions.
    pub fn needs_history(&self) -> bool {
        let h = &self.history;
        h.draw_repetition.is_some()
            || h.loss_repetition.is_some()
            || h.nonrepeating.is_some()
            || h.perpetual_check.is_some()
            || self.royal.no_perpetual_check
    }
}

/// Whether type `t` is in the mask.
#[inline]
pub fn has_type(mask: u64, t: usize) -> bool {
    t < 64 && mask >> t & 1 != 0
}
