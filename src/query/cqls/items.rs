//! One CQL-S keyword → IR ([`Lower::keyword`]): the simple, piece-configuration, move, game
//! and logical keywords of seed 004. Words the evaluator cannot honour are refused by name.

use crate::ir::cqls::{CountRange, CqlsNode, PawnCount, Range, RayDirs};
use crate::ir::{Color, GameResult, Node, NumProp, PieceKinds, piece_type};
use crate::query::{ErrorKind, LowerError};
use crate::squares::SquareSet;

use super::ast::{Arg, Item};
use super::designator::{Designator, parse_designator};
use super::lower::{Lower, cqls, is_list_keyword, only, played, range_arg, word_arg};

/// What a group of keywords gives an item: its node, or None when the keyword is another
/// group's.
type Lowered<S> = Result<Option<Node<S>>, LowerError>;

fn in_range<S>(n: Node<S>, r: Range) -> Node<S> {
    cqls(CqlsNode::InRange(n, r))
}

impl Lower<'_> {
    /// Lowers a parsed CQL-S designator written as text (for built-in expansions).
    fn d<S: SquareSet>(&self, text: &str) -> Node<S> {
        self.pieces(&parse_designator(text).expect("a valid designator"))
    }

    pub(super) fn count<S: SquareSet>(&self, text: &str, r: Range) -> Node<S> {
        in_range(Node::Count(Box::new(self.d(text))), r)
    }

    fn designator_arg<'a>(&self, a: &'a Arg) -> &'a Designator {
        match a {
            Arg::Designator(d, _) => d,
            _ => unreachable!("the signature gives a designator here"),
        }
    }

    /// Lowers one keyword item (without its `!`).
    /// Lowers one keyword item (without its `!`): the designator item (no keyword), then the
    /// keywords of each concept's group (each lowers its own and passes over the rest; no
    /// keyword is in two groups, so their order does not matter), else the refusal.
    pub(super) fn keyword<S: SquareSet>(&self, item: &Item) -> Result<Node<S>, LowerError> {
        let groups: [fn(&Self, &Item) -> Lowered<S>; 7] = [
            Self::piece_keyword,
            Self::check_keyword,
            Self::next_move_keyword,
            Self::state_keyword,
            Self::move_keyword,
            Self::logical_keyword,
            Self::game_keyword,
        ];
        for lower in groups {
            if let Some(node) = lower(self, item)? {
                return Ok(node);
            }
        }
        Err(self.refused_keyword(item))
    }

    /// Check, mate and the material to win: `:check`, `:doublecheck`, `:contactcheck`,
    /// `:endgame`, `:gameisover`, `:matingmaterial`, `:losing`, `:mustcapture`,
    /// `:blackcannotwin`, ...
    fn check_keyword<S: SquareSet>(&self, item: &Item) -> Lowered<S> {
        let k = item.keyword.as_str();
        Ok(Some(match k {
            "check" => Node::Check,
            "nocheck" => Node::Not(Box::new(Node::Check)),
            "mate" => Node::Mate,
            "stalemate" => Node::Stalemate,
            "doublecheck" => self.double_check(),
            // The seed's expansion shifts `[QR]d4 k[c4,e4,d3,d5]`, and an image pushing a
            // written square off the board is dropped, so it misses checkers beside a king
            // on the edge (rook f8, king g8): the definition is evaluated directly.
            "contactcheck" => cqls(CqlsNode::ContactCheck),
            "endgame" => self.endgame(),
            "gameisover" => Node::Or(vec![
                Node::Mate,
                Node::Stalemate,
                Node::Not(Box::new(cqls(CqlsNode::MatingMaterial(None)))),
            ]),
            "matingmaterial" => cqls(CqlsNode::MatingMaterial(None)),
            "nomatingmaterial" => Node::Not(Box::new(cqls(CqlsNode::MatingMaterial(None)))),
            // Standard chess: nobody loses all pieces, there is no capture obligation, there
            // are no drops (seed 004: "possible only in Antichess", "cannot be successful in
            // all other chess variants").
            // "Will match the final position if one side has lost all pieces" (possible in
            // Antichess only: elsewhere the king stays).
            "losing" => Node::And(vec![
                Node::Terminal,
                Node::Or(vec![
                    in_range(Node::Count(Box::new(self.d("A"))), Range::exactly(0)),
                    in_range(Node::Count(Box::new(self.d("a"))), Range::exactly(0)),
                ]),
            ]),
            // "provided for chess variant Antichess, and cannot be successful in all other
            // chess variants": the rules say which variants compel captures.
            "mustcapture" => cqls(CqlsNode::MustCapture),
            "blackcannotwin" | "whitecannotwin" => {
                let (all, minor) = if k == "blackcannotwin" {
                    ("a", "i")
                } else {
                    ("A", "I")
                };
                Node::Or(vec![
                    self.count(all, Range::exactly(1)),
                    Node::And(vec![
                        self.count(all, Range::exactly(2)),
                        self.count(minor, Range::exactly(1)),
                    ]),
                ])
            }
            _ => return Ok(None),
        }))
    }

    /// `:doublecheck`: in check from two pieces.
    pub(super) fn double_check<S: SquareSet>(&self) -> Node<S> {
        Node::And(vec![
            Node::Check,
            Node::If(
                Box::new(Node::ToMove(Color::White)),
                Box::new(cqls(CqlsNode::AttackCount {
                    attackers: self.d("a"),
                    targets: self.d("K"),
                    range: Range::at_least(2),
                })),
                Some(Box::new(cqls(CqlsNode::AttackCount {
                    attackers: self.d("A"),
                    targets: self.d("k"),
                    range: Range::at_least(2),
                }))),
            ),
        ])
    }

    /// The side to move, the game's state and rules: `:wtm`, `:initial`, `:terminal`,
    /// `:fiftymoverule`, `:threefoldrepetition`, `:insidevariation`, `:halfmoveclocklimit`,
    /// `:fen`, `:castling`; the output flags `:markall`, `:noannotate` (always true).
    fn state_keyword<S: SquareSet>(&self, item: &Item) -> Lowered<S> {
        let args = &item.args;
        let k = item.keyword.as_str();
        Ok(Some(match k {
            "wtm" => Node::ToMove(Color::White),
            "btm" => Node::ToMove(Color::Black),
            "initial" => Node::Initial,
            "terminal" | "final" => Node::Terminal,
            "nopiecedrop" | "markall" | "noannotate" => Node::True,
            "fiftymoverule" => cqls(CqlsNode::FiftyMoveRule),
            "threefoldrepetition" => cqls(CqlsNode::ThreefoldRepetition),
            "insidevariation" => cqls(CqlsNode::InsideVariation),
            "halfmoveclocklimit" => in_range(
                Node::Num(NumProp::HalfmoveClock),
                Range {
                    lo: None,
                    hi: range_arg(&args[0]).lo,
                },
            ),
            "fen" => {
                let text = word_arg(&args[0]);
                let fields: Vec<&str> = text.split_whitespace().collect();
                if fields.len() < 2 || fields[0].split('/').count() != 8 {
                    return Err(self.err(
                        ErrorKind::Invalid,
                        item.span,
                        format!("'{text}' is not a FEN"),
                    ));
                }
                cqls(CqlsNode::FenIs(text))
            }
            "castling" | "iscastling" => {
                let bits = match args.first() {
                    None => 0b1111,
                    Some(a) => {
                        let d = self.designator_arg(a);
                        let kings = 1u32 << piece_type::KING;
                        let queens = 1u32 << piece_type::QUEEN;
                        let mut b = 0u8;
                        for (mask, bit) in [
                            (d.kinds.white & kings, 1),
                            (d.kinds.white & queens, 2),
                            (d.kinds.black & kings, 4),
                            (d.kinds.black & queens, 8),
                        ] {
                            if mask != 0 {
                                b |= bit;
                            }
                        }
                        b
                    }
                };
                if k == "castling" {
                    cqls(CqlsNode::CastlingRights(bits))
                } else {
                    cqls(CqlsNode::IsCastling(bits))
                }
            }
            _ => return Ok(None),
        }))
    }

    /// The move played: `:enpassant`, `:nocastling`, `:null`, `:movefrom`, `:moveto`,
    /// `:promote`, `:movenumber`, `:line`, `:sequence`.
    fn move_keyword<S: SquareSet>(&self, item: &Item) -> Lowered<S> {
        let args = &item.args;
        let k = item.keyword.as_str();
        let move_of = |m| Node::Move(m);
        Ok(Some(match k {
            // Moves.
            "enpassant" | "noenpassant" => {
                let mut m = played::<S>();
                m.enpassant = true;
                let n = move_of(m);
                if k == "enpassant" {
                    n
                } else {
                    Node::Not(Box::new(n))
                }
            }
            "nocastling" => Node::Not(Box::new(cqls(CqlsNode::IsCastling(0b1111)))),
            "null" => {
                let mut m = played::<S>();
                m.null = true;
                move_of(m)
            }
            "movefrom" => {
                let mut m = played::<S>();
                m.from = Some(Box::new(self.pieces(self.designator_arg(&args[0]))));
                move_of(m)
            }
            "moveto" => {
                let mut m = played::<S>();
                m.to = Some(Box::new(self.pieces(self.designator_arg(&args[0]))));
                move_of(m)
            }
            "promote" => self.promote(self.designator_arg(&args[0])),
            "movenumber" | "halfmovenumber" => {
                let Arg::EndRange(r, _) = &args[0] else {
                    unreachable!("signature")
                };
                if k == "movenumber" {
                    cqls(CqlsNode::MoveNumber(*r))
                } else {
                    cqls(CqlsNode::Ply(*r))
                }
            }
            "line" => self.line(item)?,
            "sequence" | "gappedsequence" => {
                let Arg::Lists(lists, _) = &args[0] else {
                    unreachable!("signature")
                };
                let steps = lists
                    .iter()
                    .map(|l| self.sublist(l))
                    .collect::<Result<Vec<_>, _>>()?;
                cqls(CqlsNode::Sequence {
                    steps,
                    gapped: k == "gappedsequence",
                })
            }
            _ => return Ok(None),
        }))
    }

    /// Logic over position lists: `:and`, `:or`, `:xor`, `:cond`, `:not`.
    fn logical_keyword<S: SquareSet>(&self, item: &Item) -> Lowered<S> {
        let args = &item.args;
        let k = item.keyword.as_str();
        Ok(Some(match k {
            // Logical.
            "and" | "or" | "xor" | "cond" => {
                let Arg::Lists(lists, _) = &args[0] else {
                    unreachable!("signature")
                };
                let parts = lists
                    .iter()
                    .map(|l| self.sublist(l))
                    .collect::<Result<Vec<Node<S>>, _>>()?;
                match k {
                    "and" => Node::And(parts),
                    "or" => Node::Or(parts),
                    "xor" => Node::Or(
                        (0..parts.len())
                            .map(|i| {
                                let others: Vec<Node<S>> = parts
                                    .iter()
                                    .enumerate()
                                    .filter(|(j, _)| *j != i)
                                    .map(|(_, p)| p.clone())
                                    .collect();
                                Node::And(vec![
                                    parts[i].clone(),
                                    Node::Not(Box::new(Node::Or(others))),
                                ])
                            })
                            .collect(),
                    ),
                    _ => {
                        // :cond C1 E1 C2 E2 ... [default]: the first matching clause's
                        // association decides; "a position cannot match if none of the
                        // clauses is matching", so without an odd last list (the default)
                        // the chain ends in false (an `if` without `else` would match).
                        let mut rest: Option<Box<Node<S>>> =
                            Some(Box::new(if parts.len() % 2 == 1 {
                                parts.last().expect("odd").clone()
                            } else {
                                Node::False
                            }));
                        let pairs = parts.len() / 2;
                        for i in (0..pairs).rev() {
                            rest = Some(Box::new(Node::If(
                                Box::new(parts[2 * i].clone()),
                                Box::new(Node::And(vec![
                                    parts[2 * i].clone(),
                                    parts[2 * i + 1].clone(),
                                ])),
                                rest,
                            )));
                        }
                        *rest.expect("at least one clause")
                    }
                }
            }
            "not" => match args.first() {
                Some(Arg::List(l)) => Node::Not(Box::new(self.sublist(l)?)),
                _ => {
                    return Err(self.err(
                        ErrorKind::Invalid,
                        item.span,
                        ":not without a list negates its whole position list; it cannot stand in a match list",
                    ));
                }
            },
            _ => return Ok(None),
        }))
    }

    /// Piece configuration: a designator item, `:piececount`, `:power`, `:powerdifference`,
    /// `:attackcount`, `:pawncount`, `:ray`, `:opposition`, `:goodbishop`, `:relation`.
    fn piece_keyword<S: SquareSet>(&self, item: &Item) -> Lowered<S> {
        let args = &item.args;
        let k = item.keyword.as_str();
        Ok(Some(match k {
            "" => self.pieces(self.designator_arg(&args[0])),
            // Piece configuration.
            "piececount" => in_range(
                Node::Count(Box::new(self.pieces(self.designator_arg(&args[0])))),
                range_arg(&args[1]),
            ),
            "power" => in_range(
                Node::Power(Box::new(self.pieces(self.designator_arg(&args[0])))),
                range_arg(&args[1]),
            ),
            "powerdifference" | "piececountdifference" => self.difference(k, args),
            "attackcount" => cqls(CqlsNode::AttackCount {
                attackers: self.pieces(self.designator_arg(&args[0])),
                targets: self.pieces(self.designator_arg(&args[1])),
                range: range_arg(&args[2]),
            }),
            "pawncount" | "pawncountdifference" => self.pawncount(item)?,
            "ray" | "rayattack" | "raydiagonal" | "rayhorizontal" | "rayorthogonal"
            | "rayvertical" => {
                let Arg::Ray(ds, _) = &args[0] else {
                    unreachable!("signature")
                };
                let steps = ds
                    .iter()
                    .map(|d| self.pieces(self.designator_arg(d)))
                    .collect();
                cqls(CqlsNode::Ray {
                    steps,
                    dirs: match k {
                        "raydiagonal" => RayDirs::Diagonal,
                        "rayhorizontal" => RayDirs::Horizontal,
                        "rayorthogonal" => RayDirs::Orthogonal,
                        "rayvertical" => RayDirs::Vertical,
                        _ => RayDirs::All,
                    },
                    attack: k == "rayattack",
                    range: args.get(1).map_or(Range::at_least(1), range_arg),
                })
            }
            "opposition" => cqls(CqlsNode::Opposition(args.first().map(|a| {
                let d = self.designator_arg(a);
                if d.kinds.white != 0 {
                    Color::White
                } else {
                    Color::Black
                }
            }))),
            "goodbishop" => self.goodbishop(args),
            // Position lists lower `:relation` with their designators (for `:pattern`); here
            // there is no enclosing list to take them from. The caller applies the `!`.
            "relation" => self.relation(
                &Item {
                    negated: false,
                    ..item.clone()
                },
                &[],
            )?,
            _ => return Ok(None),
        }))
    }

    /// The game's facts: `:whiteelo`, `:elo`, `:result`, `:ischess960`, `:startposition`,
    /// `:variant`, the engine's `:evaluation`, `:exchangeevaluation`, `:maxswapevaluation`,
    /// `:tagmatch`.
    fn game_keyword<S: SquareSet>(&self, item: &Item) -> Lowered<S> {
        let args = &item.args;
        let k = item.keyword.as_str();
        Ok(Some(match k {
            // Game keywords.
            "whiteelo" | "blackelo" | "whiterating" | "blackrating" => {
                let white = k.starts_with("white");
                let r = if k.ends_with("rating") {
                    let kind = word_arg(&args[0]);
                    if !kind.eq_ignore_ascii_case("elo") {
                        return Err(self.unsupported(
                            item.span,
                            format!("only ELO ratings are in PGN tags cqlq reads, not '{kind}'"),
                        ));
                    }
                    range_arg(&args[1])
                } else {
                    range_arg(&args[0])
                };
                self.elo(if white { Color::White } else { Color::Black }, r)
            }
            "elo" => {
                let r = range_arg(&args[0]);
                Node::Or(vec![self.elo(Color::White, r), self.elo(Color::Black, r)])
            }
            "result" => {
                let w = word_arg(&args[0]);
                Node::Result(match w.as_str() {
                    "1-0" => GameResult::WhiteWins,
                    "0-1" => GameResult::BlackWins,
                    "1/2" | "1/2-1/2" | "=" => GameResult::Draw,
                    _ => {
                        return Err(self.err(
                            ErrorKind::Invalid,
                            item.span,
                            format!("'{w}' is not a result: 1-0, 0-1 or 1/2"),
                        ));
                    }
                })
            }
            "ischess960" => cqls(CqlsNode::StartShuffle { chess960: true }),
            "isshufflechess" => cqls(CqlsNode::StartShuffle { chess960: false }),
            "startposition" => self.startposition(item)?,
            "variant" => cqls(CqlsNode::Variant(
                word_arg(&args[0])
                    .split(',')
                    .map(|s| s.trim().to_ascii_lowercase())
                    .collect(),
            )),
            "exchangeevaluation" => cqls(CqlsNode::ExchangeEvaluation(range_arg(&args[0]))),
            "maxswapevaluation" => {
                let ds: Vec<&Designator> = args
                    .iter()
                    .filter_map(|a| match a {
                        Arg::Designator(d, _) => Some(d),
                        _ => None,
                    })
                    .collect();
                let movers = ds.first().map_or_else(|| self.d("A"), |d| self.pieces(d));
                let targets = ds.get(1).map_or_else(|| self.d("?"), |d| self.pieces(d));
                cqls(CqlsNode::MaxSwap {
                    movers,
                    targets,
                    range: range_arg(args.last().expect("a range")),
                })
            }
            "evaluation" | "moveevaluation" => self.engine_keyword(item)?,
            "tagmatch" => self.tagmatch(item)?,
            _ => return Ok(None),
        }))
    }

    /// Why a keyword no group lowers is refused: one that belongs in the match list, one that
    /// cannot be negated or used here, or one cqlq does not support.
    fn refused_keyword(&self, item: &Item) -> LowerError {
        let k = item.keyword.as_str();
        match k {
            "forany" => self.err(
                ErrorKind::Invalid,
                item.span,
                "':forany' belongs in the match list (it defines a tag for the whole game)",
            ),
            "eithercolor" => self.unsupported(
                item.span,
                "':eithercolor' belongs in the match list; use :flipcolor in a position list",
            ),
            "year" | "player" | "whiteplayer" | "blackplayer" | "event" | "site" | "annotator" => {
                self.err(
                    ErrorKind::Invalid,
                    item.span,
                    format!("':{k}' belongs in the match list (it is a fact about the game)"),
                )
            }
            _ if is_list_keyword(k) => self.err(
                ErrorKind::Invalid,
                item.span,
                format!("':{k}' cannot be negated or used here"),
            ),
            _ => self.unsupported(item.span, format!("':{k}' is not supported by cqlq")),
        }
    }

    /// `:promote P`: a move promoting to P (onto P's squares, when given), by the side of
    /// P's colour.
    fn promote<S: SquareSet>(&self, d: &Designator) -> Node<S> {
        if d.kinds.white == 0 && d.kinds.black == 0 {
            // `:promote []`: "the next move is not a promotion (because the piecetype
            // designator is empty)" (seed 004): a next move, and not one that promotes.
            let mut any_promotion = played::<S>();
            any_promotion.promote = Some(PieceKinds {
                white: u32::MAX,
                black: u32::MAX,
                empty: false,
            });
            return Node::And(vec![
                Node::Move(played::<S>()),
                Node::Not(Box::new(Node::Move(any_promotion))),
            ]);
        }
        let mut m = played::<S>();
        m.promote = Some(d.kinds);
        if d.squares.is_some() {
            m.to = Some(Box::new(Node::Pieces(
                PieceKinds {
                    white: u32::MAX,
                    black: u32::MAX,
                    empty: true,
                },
                self.squares(d),
            )));
        }
        let mut parts = vec![Node::Move(m)];
        // The promoted piece's colour is the mover's.
        if d.kinds.black == 0 {
            parts.push(Node::ToMove(Color::White));
        } else if d.kinds.white == 0 {
            parts.push(Node::ToMove(Color::Black));
        }
        Node::And(parts)
    }

    /// `:powerdifference` / `:piececountdifference A [B] r`: A's power (or count) less B's
    /// (without B: A's white pieces against its black ones) in r.
    fn difference<S: SquareSet>(&self, k: &str, args: &[Arg]) -> Node<S> {
        let measure = |n: Node<S>| {
            if k == "powerdifference" {
                Node::Power(Box::new(n))
            } else {
                Node::Count(Box::new(n))
            }
        };
        let a = self.designator_arg(&args[0]);
        let (left, right, r) = match &args[1] {
            Arg::Designator(b, _) => (self.pieces(a), self.pieces(b), range_arg(&args[2])),
            r => {
                let sq = self.squares::<S>(a);
                (
                    Node::Pieces(only(a.kinds, Color::White), sq.clone()),
                    Node::Pieces(only(a.kinds, Color::Black), sq),
                    range_arg(r),
                )
            }
        };
        in_range(
            Node::Arith(
                crate::ir::ArithOp::Sub,
                Box::new(measure(left)),
                Box::new(measure(right)),
            ),
            r,
        )
    }

    /// `:goodbishop [B] enemy : own`.
    fn goodbishop<S: SquareSet>(&self, args: &[Arg]) -> Node<S> {
        let (bishops, rest) = match &args[0] {
            Arg::Designator(d, _) => (self.pieces(d), &args[1..]),
            _ => (self.d("B"), args),
        };
        let cr = |a: &Arg| match a {
            Arg::CountRange(c, _) => *c,
            _ => unreachable!("signature"),
        };
        cqls(CqlsNode::GoodBishop {
            bishops,
            enemy: cr(&rest[0]),
            own: cr(&rest[1]),
        })
    }

    /// `:startposition N,M,...`: Chess960 start positions by number.
    fn startposition<S: SquareSet>(&self, item: &Item) -> Result<Node<S>, LowerError> {
        let w = word_arg(&item.args[0]);
        let mut numbers = Vec::new();
        for part in w.split(',').filter(|p| !p.is_empty()) {
            numbers.push(
                part.trim()
                    .parse::<u32>()
                    .ok()
                    .filter(|n| *n < 960)
                    .ok_or_else(|| {
                        self.unsupported(
                            item.span,
                            format!(
                                "start position '{part}': cqlq reads Chess960 numbers 0-959 only"
                            ),
                        )
                    })?,
            );
        }
        Ok(cqls(CqlsNode::StartPosition(numbers)))
    }

    /// `:whiteelo r`: the tag's Elo in r; `:whiteelo 0` (a range admitting 0) also matches a
    /// game without the tag (seed 004).
    fn elo<S: SquareSet>(&self, c: Color, r: Range) -> Node<S> {
        let has = in_range(Node::Elo(c), r);
        if r.admits_zero() {
            Node::Or(vec![has, Node::Not(Box::new(Node::Elo(c)))])
        } else {
            has
        }
    }

    /// `:endgame`, written out from its three cases (seed 004).
    fn endgame<S: SquareSet>(&self) -> Node<S> {
        let c = |t: &str, lo: i64, hi: i64| {
            self.count::<S>(
                t,
                Range {
                    lo: Some(lo),
                    hi: Some(hi),
                },
            )
        };
        let no_queens = Node::And(vec![c("[Qq]", 0, 0), c("[RBN]", 0, 3), c("[rbn]", 0, 3)]);
        let queen_each = Node::And(vec![
            c("Q", 1, 1),
            c("q", 1, 1),
            c("[Rr]", 0, 0),
            c("I", 0, 1),
            c("i", 0, 1),
        ]);
        let queen_one = |white: bool| {
            let (q, r, i, q2, rbn) = if white {
                ("Q", "R", "I", "q", "[rbn]")
            } else {
                ("q", "r", "i", "Q", "[RBN]")
            };
            Node::And(vec![
                c(q, 1, 1),
                c(r, 0, 0),
                c(i, 0, 1),
                c(q2, 0, 0),
                in_range(
                    Node::Power(Box::new(self.d(rbn))),
                    Range {
                        lo: Some(0),
                        hi: Some(16),
                    },
                ),
            ])
        };
        Node::Or(vec![
            no_queens,
            queen_each,
            queen_one(true),
            queen_one(false),
        ])
    }

    fn pawncount<S: SquareSet>(&self, item: &Item) -> Result<Node<S>, LowerError> {
        let args = &item.args;
        let mut designators = Vec::new();
        let mut attrs = None;
        let mut range = None;
        for a in args {
            match a {
                Arg::Designator(d, _) => designators.push(d.clone()),
                Arg::PawnAttrs(v, c, _) => attrs = Some((v.clone(), *c)),
                Arg::CountRange(c, _) => range = Some(*c),
                Arg::Range(r, _) => {
                    range = Some(CountRange {
                        range: *r,
                        percent: false,
                    })
                }
                _ => {}
            }
        }
        let (attrs, counting) = attrs.expect("signature");
        let structure = |d: &Designator| -> Result<PawnCount<S>, LowerError> {
            let pawn = 1u32 << piece_type::PAWN;
            if (d.kinds.white | d.kinds.black) & !pawn != 0 {
                return Err(self.err(
                    ErrorKind::Invalid,
                    item.span,
                    ":pawncount's designator may contain only pawns (P, p, [Pp])",
                ));
            }
            let sq = self.squares::<S>(d);
            let mut pawns = Vec::new();
            if d.kinds.white & pawn != 0 {
                pawns.push((Color::White, sq.clone()));
            }
            if d.kinds.black & pawn != 0 {
                pawns.push((Color::Black, sq));
            }
            Ok(PawnCount {
                pawns,
                attrs: attrs.clone(),
                counting,
            })
        };
        let default = parse_designator("P").expect("P");
        let (count, minus) = if item.keyword == "pawncount" {
            (structure(designators.first().unwrap_or(&default))?, None)
        } else {
            let first = &designators[0];
            match designators.get(1) {
                Some(second) => (structure(first)?, Some(structure(second)?)),
                None => {
                    let w = Designator {
                        kinds: only(first.kinds, Color::White),
                        squares: first.squares.clone(),
                        tag: None,
                    };
                    let b = Designator {
                        kinds: only(first.kinds, Color::Black),
                        squares: first.squares.clone(),
                        tag: None,
                    };
                    (structure(&w)?, Some(structure(&b)?))
                }
            }
        };
        Ok(cqls(CqlsNode::PawnCount {
            count,
            minus,
            range: range.expect("signature"),
        }))
    }
}
