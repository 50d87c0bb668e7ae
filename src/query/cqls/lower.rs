//! CQL-S syntax tree → filter IR ([`cqls_ast_to_ir`]): the shared [`Node`]s wherever CQL 6 has
//! the same idea, [`CqlsNode`]s for the rest; transforms expanded into `Or`s of images; the
//! match list's game-level semantics (every position list must match somewhere, `:matchcount`,
//! `:cut`, `:exclude`) made into one per-position filter.

use std::cell::RefCell;

use crate::ir::cqls::{CqlsNode, Range};
use crate::ir::{Color, MoveFilter, MoveSource, MoveYield, Node, PieceKinds};
use crate::query::{ErrorKind, Header, HeaderParam, HeaderValue, LowerError, Query, Span};
use crate::squares::{Coord, Geometry, SquareSet};

use super::ast::{Arg, CqlsAst, Item, MatchList, PositionList};
use super::designator::Designator;
use super::xform::{Xform, apply, group, product_keyed};

/// Lowers a CQL-S syntax tree for a board of `geo`.
pub fn cqls_ast_to_ir<S: SquareSet>(ast: &CqlsAst, geo: Geometry) -> Result<Query<S>, LowerError> {
    let l = Lower::new(&ast.source, geo);
    let (filter, _) = l.match_list(&ast.root, true)?;
    let mut header = Header::default();
    for (name, span) in l.flags.borrow().iter() {
        if header.get(name).is_none() {
            header.params.push(HeaderParam {
                name: name.clone(),
                value: HeaderValue::Flag,
                span: *span,
            });
        }
    }
    Ok(Query { header, filter })
}

/// Lowering state: the source (for errors) and what position lists hand up to the match list.
pub(super) struct Lower<'a> {
    pub(super) src: &'a str,
    pub(super) geo: Geometry,
    /// `:cut` conditions: the search stops after a position where one matched.
    cut_lists: RefCell<Vec<PositionList>>,
    /// `:exclude` conditions: the game is dropped if one matches anywhere.
    exclude_lists: RefCell<Vec<PositionList>>,
    /// Header flags raised by keywords (`variations`, `engine`).
    flags: RefCell<Vec<(String, Span)>>,
    /// The tags defined by `:forany`; a tag's variable is its index.
    pub(super) tags: RefCell<Vec<String>>,
}

/// What a lowered position list hands to its match list.
struct ListIr<S> {
    node: Node<S>,
    matchcount: Option<Range>,
    skip: bool,
}

/// The list keywords of one position list (`:not`, `:inside`, `:matchcount`, the
/// transforms, ...), as read before the list is lowered.
#[derive(Default)]
struct ListKeywords<'i> {
    /// The transform groups, one per transform keyword.
    groups: Vec<Vec<Xform>>,
    /// The transform keywords seen (a closed group given again adds nothing).
    group_names: Vec<&'i str>,
    negate: bool,
    inside: Option<(Designator, Designator)>,
    accumulate: Option<(String, bool)>,
    reset: bool,
    pretransform: Option<Range>,
    matchcount: Option<Range>,
    /// `:repetitioncount r`.
    repetition: Option<Range>,
    /// `:pretransformrepetitioncount r`.
    pretransform_repetition: Option<Range>,
    skip: bool,
    cut_self: bool,
    exclude_self: bool,
    following: bool,
    preceding: bool,
}

/// Whether `k` is a keyword about the position list itself (`:matchcount`, `:cut`,
/// `:following`, ...) rather than a filter; none takes `:not` before it.
pub(super) fn is_list_keyword(k: &str) -> bool {
    matches!(
        k,
        "matchcount"
            | "pretransformmatchcount"
            | "repetitioncount"
            | "pretransformrepetitioncount"
            | "accumulate"
            | "accumulate*"
            | "reset"
            | "sumrange"
            | "cut"
            | "exclude"
            | "following"
            | "preceding"
            | "skip"
            | "inside"
            | "variations"
            | "variationsonly"
    )
}

/// Which transform groups name a list's reset groups: with `:reset` and an accumulator, every
/// group but the innermost (the first written; under `:accumulate*` the first that is not
/// `:flipcolor`, whose colours are counted apart and "will not be reseted"). The seed's
/// tripled-pawn example `Pe2 :flipcolor :accumulate* acc :sumrange acc 3 :shiftvertical
/// :shifthorizontal` counts the pawns of one file (vertical shifts) per horizontal shift.
fn reset_keyed(kw: &ListKeywords<'_>) -> Vec<bool> {
    let n = kw.group_names.len();
    let Some((_, per_color)) = &kw.accumulate else {
        return vec![false; n];
    };
    if !kw.reset {
        return vec![false; n];
    }
    let inner = kw
        .group_names
        .iter()
        .position(|g| !(*per_color && *g == "flipcolor"));
    kw.group_names
        .iter()
        .enumerate()
        .map(|(i, g)| Some(i) != inner && !(*per_color && *g == "flipcolor"))
        .collect()
}

/// Any of the images: the one, none (false), or their `Or`.
fn any_image<S>(mut images: Vec<(Node<S>, bool)>) -> Node<S> {
    match images.len() {
        1 => images.pop().expect("one").0,
        0 => Node::False,
        _ => Node::Or(images.into_iter().map(|(i, _)| i).collect()),
    }
}

/// `n`, and no `:cut` condition matched at a searched position before this one.
fn guarded<S: Clone>(n: Node<S>, cuts: &[Node<S>]) -> Node<S> {
    if cuts.is_empty() {
        n
    } else {
        let mut v = vec![n];
        v.extend(cuts.iter().map(|c| cqls(CqlsNode::NoneBefore(c.clone()))));
        Node::And(v)
    }
}

/// The match list's game-level facts about its position lists, pushed to `game` (each list
/// matches somewhere, or as often as its `:matchcount` says; no `:exclude` list matches),
/// and the filter of the positions it marks (the lists' and the sub-match lists' positions,
/// or the first position when none need to match).
fn mark_positions<S: SquareSet>(
    lists: Vec<ListIr<S>>,
    sub_marks: Vec<Node<S>>,
    cuts: &[Node<S>],
    excludes: Vec<Node<S>>,
    game: &mut Vec<Node<S>>,
) -> Node<S> {
    // A sub-match list may hold without marking a position (`:xor` decided by a list of
    // keywords only): then the first position is marked.
    let unmarked = (!sub_marks.is_empty()).then(|| Node::Or(sub_marks.clone()));
    let mut marked = sub_marks;
    let mut zero_ok = lists.is_empty() && marked.is_empty();
    let single = lists.len() == 1;
    for l in lists {
        let node = guarded(l.node, cuts);
        match l.matchcount {
            Some(range) => {
                zero_ok |= range.admits_zero();
                game.push(cqls(CqlsNode::GameCount {
                    filter: node.clone(),
                    range,
                }));
            }
            None if !single => game.push(cqls(CqlsNode::GameCount {
                filter: node.clone(),
                range: Range::at_least(1),
            })),
            None => {}
        }
        if !l.skip {
            marked.push(node);
        }
    }
    for e in excludes {
        game.push(cqls(CqlsNode::GameCount {
            filter: guarded(e, cuts),
            range: Range::exactly(0),
        }));
    }
    if zero_ok || marked.is_empty() {
        marked.push(Node::Initial);
    } else if let Some(subs) = unmarked {
        marked.push(Node::And(vec![
            Node::Initial,
            cqls(CqlsNode::GameCount {
                filter: subs,
                range: Range::exactly(0),
            }),
        ]));
    }
    if marked.len() == 1 {
        marked.pop().expect("one")
    } else {
        Node::Or(marked)
    }
}

/// Wraps a CQL-S only node.
pub(super) fn cqls<S>(c: CqlsNode<S>) -> Node<S> {
    Node::Cqls(Box::new(c))
}

impl<'a> Lower<'a> {
    /// A lowering of the query text `src`.
    pub(super) fn new(src: &'a str, geo: Geometry) -> Lower<'a> {
        Lower {
            src,
            geo,
            cut_lists: RefCell::new(Vec::new()),
            exclude_lists: RefCell::new(Vec::new()),
            flags: RefCell::new(Vec::new()),
            tags: RefCell::new(Vec::new()),
        }
    }

    pub(super) fn err(&self, kind: ErrorKind, span: Span, msg: impl Into<String>) -> LowerError {
        LowerError::new(kind, self.src, span, msg)
    }

    pub(super) fn unsupported(&self, span: Span, msg: impl Into<String>) -> LowerError {
        self.err(ErrorKind::Unsupported, span, msg)
    }

    pub(super) fn flag(&self, name: &str, span: Span) {
        self.flags.borrow_mut().push((name.to_string(), span));
    }

    /// The set of a designator's squares.
    pub(super) fn squares<S: SquareSet>(&self, d: &Designator) -> S {
        match &d.squares {
            None => S::full(self.geo),
            Some(list) => S::from_coords(
                self.geo,
                list.iter().map(|&(f, r)| Coord {
                    file: i64::from(f),
                    rank: i64::from(r),
                }),
            ),
        }
    }

    /// A designator as a set filter.
    pub(super) fn pieces<S: SquareSet>(&self, d: &Designator) -> Node<S> {
        match &d.tag {
            Some(name) => self.tagged(name, d),
            None => Node::Pieces(d.kinds, self.squares(d)),
        }
    }

    /// Lowers a match list to the filter of the positions it marks: the game matches when
    /// some position does. `top`: the query's own list (not a sub-match list of `:or` ...).
    /// Also says whether the list marks positions of its own (it has position lists): a list
    /// of keywords only marks the game's first position.
    pub(super) fn match_list<S: SquareSet>(
        &self,
        m: &MatchList,
        top: bool,
    ) -> Result<(Node<S>, bool), LowerError> {
        let foranys = self.declare_tags(m, top)?;
        // A sub-match list's :cut / :exclude belong to it.
        let outer_cuts = self.cut_lists.take();
        let outer_excludes = self.exclude_lists.take();
        let body = self.match_body(m);
        *self.cut_lists.borrow_mut() = outer_cuts;
        *self.exclude_lists.borrow_mut() = outer_excludes;
        let (node, marks) = body?;
        Ok((self.bind_tags(&foranys, node), marks))
    }

    fn match_body<S: SquareSet>(&self, m: &MatchList) -> Result<(Node<S>, bool), LowerError> {
        let mut game: Vec<Node<S>> = Vec::new();
        let mut either_color = false;
        let mut negate_all = false;
        // Positions marked by the sub-match lists of :and :or :xor :cond.
        let mut sub_marks: Vec<Node<S>> = Vec::new();
        for k in &m.keywords {
            match k.keyword.as_str() {
                "eithercolor" if !k.negated => either_color = true,
                "forany" => {}
                "not" if k.args.is_empty() => negate_all = !negate_all,
                "and" | "or" | "xor" | "cond" | "not"
                    if matches!(k.args.first(), Some(Arg::Matches(..))) =>
                {
                    let (fact, marks) = self.logical_matches(k)?;
                    game.push(fact);
                    sub_marks.extend(marks);
                }
                _ => game.push(self.match_keyword(k)?),
            }
        }
        let mut lists = Vec::new();
        for p in &m.positions {
            lists.push(self.list(p, true)?);
        }
        // :cut / :exclude conditions, lowered for this set type.
        let cuts: Vec<Node<S>> = self.collected(&self.cut_lists)?;
        let excludes: Vec<Node<S>> = self.collected(&self.exclude_lists)?;
        let marks_positions = !lists.is_empty() || !sub_marks.is_empty();
        let marked = mark_positions(lists, sub_marks, &cuts, excludes, &mut game);
        game.push(marked);
        let mut node = Node::And(game);
        // `:eithercolor`: the whole match list, or its colour-flipped image.
        if either_color {
            let flip = group("flipcolor", self.geo).expect("flipcolor is a group");
            if let Some(image) = apply(&flip[1], self.geo, &node) {
                node = Node::Or(vec![node, image]);
            }
        }
        // `(match ... :not)`: "match if the containing match list would not match without
        // the :not"; the game's first position is marked.
        if negate_all {
            node = Node::And(vec![
                cqls(CqlsNode::GameCount {
                    filter: node,
                    range: Range::exactly(0),
                }),
                Node::Initial,
            ]);
        }
        Ok((node, marks_positions))
    }

    /// Lowers one position list.
    fn list<S: SquareSet>(&self, p: &PositionList, top: bool) -> Result<ListIr<S>, LowerError> {
        let mut kw = ListKeywords::default();
        let mut core: Vec<Node<S>> = Vec::new();
        let mut after: Vec<Node<S>> = Vec::new();
        for item in &p.items {
            if let Some(c) = self.list_keyword(item, &p.items, top, &mut kw, &mut after)? {
                core.push(c);
            }
        }
        let mut core = merge_moves(core);
        let core = if core.len() == 1 {
            core.pop().expect("one")
        } else {
            Node::And(core)
        };
        let keyed = reset_keyed(&kw);
        let keyed_images = self.images(&core, &kw, &keyed);
        let groups = keyed_images.iter().map(|(_, _, g)| *g).collect();
        let images = keyed_images.into_iter().map(|(n, s, _)| (n, s)).collect();
        let mut node = match kw.accumulate {
            Some((name, per_color)) => cqls(CqlsNode::Accumulate {
                name,
                images,
                per_color,
                reset: kw.reset,
                groups,
            }),
            None => any_image(images),
        };
        if let Some(range) = kw.repetition {
            node = cqls(CqlsNode::RunCount {
                filter: node,
                range,
            });
        }
        if kw.negate {
            node = Node::Not(Box::new(node));
        }
        if !after.is_empty() {
            after.insert(0, node);
            node = Node::And(after);
        }
        if kw.cut_self || kw.exclude_self {
            self.cut_or_exclude_self(p, kw.cut_self, kw.exclude_self);
        }
        if kw.following {
            node = cqls(CqlsNode::AtParent(node));
        }
        if kw.preceding {
            node = cqls(CqlsNode::AtChild(node));
        }
        Ok(ListIr {
            node,
            matchcount: kw.matchcount,
            skip: kw.skip,
        })
    }

    /// Reads one item of a position list: a list keyword is noted in `kw` (a `:sumrange` goes
    /// to `after`); a filter item is lowered and returned.
    fn list_keyword<'i, S: SquareSet>(
        &self,
        item: &'i Item,
        items: &[Item],
        top: bool,
        kw: &mut ListKeywords<'i>,
        after: &mut Vec<Node<S>>,
    ) -> Result<Option<Node<S>>, LowerError> {
        let k = item.keyword.as_str();
        if let Some(g) = group(k, self.geo) {
            // A transform given again adds no image when its group is closed under
            // composition (it holds the identity, and composing two of its transforms
            // gives one of them): the flips and the colour swap are groups, and so are
            // the shifts along one line or all of them (two shifts make one shift, and an
            // image is made by the composed transform at once, so only the total counts).
            // Not `shiftdiagonal`: two diagonal shifts make an orthogonal one. Without
            // this, `:shift :shift :shift ...` multiplies the transforms to try.
            if k == "shiftdiagonal" || !kw.group_names.contains(&k) {
                kw.group_names.push(k);
                kw.groups.push(g);
            }
            return Ok(None);
        }
        if item.negated && (is_list_keyword(k) || k == "not") {
            return Err(self.err(
                ErrorKind::Invalid,
                item.span,
                format!("':{k}' cannot be negated"),
            ));
        }
        let top_only = |what: &str| -> Result<(), LowerError> {
            if top {
                Ok(())
            } else {
                Err(self.err(
                    ErrorKind::Invalid,
                    item.span,
                    format!("{what} can only be used in a position list at the top level of the match list"),
                ))
            }
        };
        match k {
            "not" if item.args.is_empty() => kw.negate = !kw.negate,
            "inside" => {
                if let [Arg::Designator(a, _), Arg::Designator(b, _)] = item.args.as_slice() {
                    kw.inside = Some((a.clone(), b.clone()));
                }
            }
            "matchcount" => kw.matchcount = Some(range_arg(&item.args[0])),
            "pretransformmatchcount" => {
                top_only(":pretransformmatchcount")?;
                kw.pretransform = Some(range_arg(&item.args[0]));
            }
            "repetitioncount" => kw.repetition = Some(range_arg(&item.args[0])),
            "pretransformrepetitioncount" => {
                kw.pretransform_repetition = Some(range_arg(&item.args[0]));
            }
            "accumulate" | "accumulate*" => {
                kw.accumulate = Some((word_arg(&item.args[0]), k.ends_with('*')));
            }
            "reset" => kw.reset = true,
            "sumrange" => {
                let name = word_arg(&item.args[0]);
                after.push(cqls(CqlsNode::SumRange(name, range_arg(&item.args[1]))));
            }
            "cut" | "exclude" if item.args.is_empty() => {
                if k == "cut" {
                    kw.cut_self = true;
                } else {
                    kw.exclude_self = true;
                }
            }
            "cut" | "exclude" => self.cut_or_exclude_list(k, item),
            "following" => {
                top_only(":following")?;
                kw.following = true;
            }
            "preceding" => {
                top_only(":preceding")?;
                kw.preceding = true;
            }
            "skip" => kw.skip = true,
            "variations" => self.flag("variations", item.span),
            "variationsonly" => {
                self.flag("variations", item.span);
                return Ok(Some(cqls(CqlsNode::InsideVariation)));
            }
            "relation" => return self.relation(item, items).map(Some),
            _ => return self.item(item).map(Some),
        }
        Ok(None)
    }

    /// `:cut (list)` or `:exclude (list)`: the list is handed to the match list.
    fn cut_or_exclude_list(&self, k: &str, item: &Item) {
        let Arg::List(inner) = &item.args[0] else {
            unreachable!("signature")
        };
        // `:cut (position :preceding B)`: "the search will stop with a negative
        // result, independent from all other matches" — the game fails when B
        // matches, as with `:exclude`.
        let fails = inner.items.iter().any(|i| i.keyword == "preceding");
        let mut inner = inner.clone();
        inner.items.retain(|i| i.keyword != "preceding");
        let target = if k == "cut" && !fails {
            &self.cut_lists
        } else {
            &self.exclude_lists
        };
        target.borrow_mut().push(inner);
    }

    /// A bare `:cut` or `:exclude`: the list itself, without those items, is handed to the
    /// match list.
    fn cut_or_exclude_self(&self, p: &PositionList, cut_self: bool, exclude_self: bool) {
        let list_without = PositionList {
            items: p
                .items
                .iter()
                .filter(|i| !(matches!(i.keyword.as_str(), "cut" | "exclude") && i.args.is_empty()))
                .cloned()
                .collect(),
            span: p.span,
        };
        if cut_self {
            self.cut_lists.borrow_mut().push(list_without.clone());
        }
        if exclude_self {
            self.exclude_lists.borrow_mut().push(list_without);
        }
    }

    /// The distinct images of the list's filter under its transforms (with `:inside` and
    /// `:pretransformmatchcount` applied to each), and whether each swaps the colours.
    /// The images of `core` under the list's transforms, each with whether it swaps colours
    /// and its reset group (the transforms of the groups marked in `keyed`, numbered in order
    /// of appearance; 0 for all when none is marked).
    fn images<S: SquareSet>(
        &self,
        core: &Node<S>,
        kw: &ListKeywords<'_>,
        keyed: &[bool],
    ) -> Vec<(Node<S>, bool, u32)> {
        let xforms = product_keyed(&kw.groups, keyed);
        let mut keys: Vec<Vec<usize>> = Vec::new();
        let mut images: Vec<(Node<S>, bool, u32)> = Vec::new();
        for (x, key) in &xforms {
            let group = match keys.iter().position(|k| k == key) {
                Some(g) => g,
                None => {
                    keys.push(key.clone());
                    keys.len() - 1
                }
            } as u32;
            let Some(mut img) = apply(x, self.geo, core) else {
                continue;
            };
            if let Some((a, b)) = &kw.inside {
                let Some(moved) = apply(x, self.geo, &self.pieces::<S>(a)) else {
                    continue;
                };
                let region = Node::Pieces(
                    PieceKinds {
                        white: u32::MAX,
                        black: u32::MAX,
                        empty: true,
                    },
                    self.squares(b),
                );
                img = Node::And(vec![img, Node::Intersect(vec![moved, region])]);
            }
            if let Some(r) = kw.pretransform {
                img = Node::And(vec![
                    img.clone(),
                    cqls(CqlsNode::GameCount {
                        filter: img,
                        range: r,
                    }),
                ]);
            }
            if let Some(range) = kw.pretransform_repetition {
                img = cqls(CqlsNode::RunCount { filter: img, range });
            }
            if !images.iter().any(|(i, _, g)| *i == img && *g == group) {
                images.push((img, x.swap, group));
            }
        }
        images
    }

    /// Lowers a nested position list (argument of `:and`, `:sequence`, ...).
    /// A nested list with `:matchcount r` is the game-level fact "the list matches at r
    /// positions of the game" (seed 004's `(position <B> :matchcount 0)` inside `:and`), and
    /// also this position's match when r excludes 0.
    pub(super) fn sublist<S: SquareSet>(&self, p: &PositionList) -> Result<Node<S>, LowerError> {
        let l = self.list(p, false)?;
        if l.skip {
            return Err(self.err(
                ErrorKind::Invalid,
                p.span,
                ":skip can only be used at the top level",
            ));
        }
        Ok(match l.matchcount {
            None => l.node,
            Some(range) => {
                let count = cqls(CqlsNode::GameCount {
                    filter: l.node.clone(),
                    range,
                });
                if range.admits_zero() {
                    count
                } else {
                    Node::And(vec![l.node, count])
                }
            }
        })
    }

    fn collected<S: SquareSet>(
        &self,
        lists: &RefCell<Vec<PositionList>>,
    ) -> Result<Vec<Node<S>>, LowerError> {
        let taken: Vec<PositionList> = lists.borrow().clone();
        taken.iter().map(|p| self.sublist(p)).collect()
    }

    /// One item of a position list, `!` applied.
    fn item<S: SquareSet>(&self, item: &Item) -> Result<Node<S>, LowerError> {
        let n = self.keyword(item)?;
        Ok(if item.negated {
            Node::Not(Box::new(n))
        } else {
            n
        })
    }

    /// A keyword of the match list itself.
    fn match_keyword<S: SquareSet>(&self, item: &Item) -> Result<Node<S>, LowerError> {
        match item.keyword.as_str() {
            "result" | "elo" | "whiteelo" | "blackelo" | "whiterating" | "blackrating"
            | "ischess960" | "isshufflechess" | "startposition" | "variant" | "markall"
            | "noannotate" => self.item(item),
            k if super::gameinfo::GAME_INFO.contains(&k)
                || super::matchinfo::MATCH_INFO.contains(&k) =>
            {
                let n = if super::gameinfo::GAME_INFO.contains(&k) {
                    self.game_info(item)?
                } else {
                    self.match_info(item)?
                };
                Ok(if item.negated {
                    Node::Not(Box::new(n))
                } else {
                    n
                })
            }
            "variations" => {
                self.flag("variations", item.span);
                Ok(Node::True)
            }
            "variationsonly" => {
                self.flag("variations", item.span);
                Ok(cqls(CqlsNode::InsideVariation))
            }
            k => Err(self.unsupported(
                item.span,
                format!("the match-list keyword ':{k}' is not supported by cqlq (use it in a position list, or see docs/cqls.md)"),
            )),
        }
    }
}

/// The range of a range argument.
pub(super) fn range_arg(a: &Arg) -> Range {
    match a {
        Arg::Range(r, _) => *r,
        Arg::CountRange(c, _) => c.range,
        _ => unreachable!("the signature gives a range here"),
    }
}

/// The text of a word argument.
pub(super) fn word_arg(a: &Arg) -> String {
    match a {
        Arg::Word(w, _) | Arg::Text(w, _) => w.clone(),
        _ => unreachable!("the signature gives a word here"),
    }
}

/// A move filter over the game's next move(s).
pub(super) fn played<S>() -> MoveFilter<S> {
    MoveFilter::any(MoveSource::Played)
}

/// Only the pieces of one colour of a designator.
pub(super) fn only(kinds: PieceKinds, c: Color) -> PieceKinds {
    match c {
        Color::White => PieceKinds {
            black: 0,
            empty: false,
            ..kinds
        },
        Color::Black => PieceKinds {
            white: 0,
            empty: false,
            ..kinds
        },
    }
}

/// The move keywords of one position list (`:movefrom N :moveto q :promote Q`) describe the
/// same next move: their filters are merged into one `move` (as CQL 6's `move from N capture
/// q`), so that with variations two different next moves cannot satisfy them separately.
fn merge_moves<S: SquareSet>(items: Vec<Node<S>>) -> Vec<Node<S>> {
    // Flatten nested conjunctions (`:promote` lowers to `move and wtm`).
    let mut flat = Vec::new();
    for item in items {
        match item {
            Node::And(parts) => flat.extend(parts),
            other => flat.push(other),
        }
    }
    let mut merged: Option<MoveFilter<S>> = None;
    let mut out = Vec::new();
    let both = |a: Option<Box<Node<S>>>, b: Option<Box<Node<S>>>| match (a, b) {
        (Some(a), Some(b)) => Some(Box::new(Node::Intersect(vec![*a, *b]))),
        (a, b) => a.or(b),
    };
    for item in flat {
        match item {
            Node::Move(m) if m.source == MoveSource::Played && m.yields == MoveYield::From => {
                merged = Some(match merged.take() {
                    None => m,
                    Some(acc) => MoveFilter {
                        source: MoveSource::Played,
                        from: both(acc.from, m.from),
                        to: both(acc.to, m.to),
                        capture: both(acc.capture, m.capture),
                        promote: match (acc.promote, m.promote) {
                            (Some(a), Some(b)) => Some(PieceKinds {
                                white: a.white & b.white,
                                black: a.black & b.black,
                                empty: a.empty && b.empty,
                            }),
                            (a, b) => a.or(b),
                        },
                        enpassant: acc.enpassant || m.enpassant,
                        ep_square: both(acc.ep_square, m.ep_square),
                        castle: acc.castle.or(m.castle),
                        null: acc.null || m.null,
                        drop: acc.drop.or(m.drop),
                        yields: MoveYield::From,
                    },
                });
            }
            other => out.push(other),
        }
    }
    if let Some(m) = merged {
        out.push(Node::Move(m));
    }
    out
}
