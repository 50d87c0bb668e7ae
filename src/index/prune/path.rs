//! The conditions of CQL 6.2's `path` (`⊢`) and of a dash with targets outside one
//! (`X--Y(check)`): what their dashes' moves and their filters need, each met at a position
//! of the game tree.

use shakmaty::Bitboard;

use super::move_filter::promotion_flags;
use super::{Need, need_of};
use crate::index::summary;
use crate::ir::MoveSource;
use crate::ir::path::{Dash, PathCon, PathFilter};

/// A path filter's condition. A `path` matches only through a path it found
/// (`eval::path::eval_path`: no best path, no value), whose search consumed every
/// constituent in order from the position it starts at: each filter matched at the position
/// reached, each dash played a move of the game tree (`compute_dash` takes the children of
/// the position, focused or not) and each repetition ran its least number of times, so every
/// position it reached is the tree's. A dash outside a path (`eval::dash::eval_dash`) takes
/// a move of the tree too, when its source is the game's moves. `from` / `to` alone,
/// `pathcount` and the other status filters, `pathdebug`: no condition.
pub fn path_need(p: &PathFilter<Bitboard>) -> Need {
    match p {
        PathFilter::Path(path) => Need::All(path.cons.iter().map(con_need).collect()),
        PathFilter::Dash(d) => dash_need(d),
        PathFilter::MoveSquares(_) | PathFilter::Status(_) | PathFilter::Debug => Need::Nothing,
    }
}

/// What a constituent the path's search consumed needs: a filter matched at a position of
/// the tree; a chain, each of its constituents; a repetition run at least once, its
/// constituent (none, when it may run no time).
fn con_need(c: &PathCon<Bitboard>) -> Need {
    match c {
        PathCon::Filter(f) => need_of(f),
        PathCon::Dash(d) => dash_need(d),
        PathCon::Chain(cons) => Need::All(cons.iter().map(con_need).collect()),
        PathCon::Repeat(con, least, _) if *least >= 1 => con_need(con),
        PathCon::Repeat(..) => Need::Nothing,
    }
}

/// A dash on the game's moves matches only through a move of the tree (`dash_fits`,
/// `promotion_ok`): one that captures with `[x]`; promoting to one of its types with `=Q`
/// (to any with `="N"`: a name admits only a promotion); from a square of its left side and
/// to (or, capturing, taking on) one of its right side, read at the position the move is
/// played from, so each side is not empty there; its target matched at the position the move
/// reaches. A `legal` or `pseudolegal` dash looks at moves that are not the game's: no
/// condition.
fn dash_need(d: &Dash<Bitboard>) -> Need {
    if d.source != MoveSource::Played {
        return Need::Nothing;
    }
    let mut all = Vec::new();
    if d.capture {
        all.push(Need::AnyFlag(summary::CAPTURE));
    }
    let promotions = match (d.promote, &d.promote_named) {
        (Some(types), _) => Some(types),
        (None, Some(_)) => Some(!0),
        (None, None) => None,
    };
    if let Some(types) = promotions {
        all.push(Need::AnyFlag(promotion_flags(types)));
    }
    all.extend(
        [&d.from, &d.to, &d.target]
            .into_iter()
            .flatten()
            .map(need_of),
    );
    Need::All(all)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::ir::Node;
    use crate::ir::path::Path;

    /// A dash promoting to a queen, `=Q` (bit 4 of the types).
    fn promoting(types: u32) -> Dash<Bitboard> {
        Dash {
            source: MoveSource::Played,
            from: None,
            to: None,
            capture: false,
            promote: Some(types),
            promote_named: None,
            target: None,
            move_target: None,
        }
    }

    /// A path's dashes each need their move; a repetition that may run no time needs
    /// nothing; a legal dash nothing.
    #[test]
    fn a_path_needs_what_its_constituents_consumed_need() {
        let queen = summary::promotion_flag(4).unwrap();
        let knight = summary::promotion_flag(1).unwrap();
        let path = Path::of(vec![
            PathCon::Dash(Box::new(promoting(1 << 4))),
            PathCon::Repeat(Box::new(PathCon::Filter(Node::Check)), 0, None),
            PathCon::Chain(vec![PathCon::Repeat(
                Box::new(PathCon::Dash(Box::new(promoting(1 << 1)))),
                1,
                None,
            )]),
        ]);
        let need = path_need(&PathFilter::Path(path)).simplified();
        let mut s = summary::GameSummary::default();
        assert!(!need.admits(&s, &[]));
        s.flags = queen;
        assert!(!need.admits(&s, &[]));
        s.flags = queen | knight;
        assert!(need.admits(&s, &[]));
        let mut legal = promoting(1 << 4);
        legal.source = MoveSource::Legal;
        assert!(path_need(&PathFilter::Dash(legal)).is_nothing());
    }

    /// A path may skip games; `pathdebug`, which prints at positions that need not match,
    /// may not, wherever it stands.
    #[test]
    fn pathdebug_is_never_skipped() {
        use crate::index::prune::prunable;
        let dash = Node::Path(Box::new(PathFilter::Dash(promoting(1 << 4))));
        assert!(prunable(&dash));
        let debug = Node::Path(Box::new(PathFilter::Debug));
        assert!(!prunable(&debug));
        let path = Path::of(vec![PathCon::Filter(Node::And(vec![Node::Check, debug]))]);
        assert!(!prunable(&Node::Path(Box::new(PathFilter::Path(path)))));
    }
}
