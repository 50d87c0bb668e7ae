//! The game tree as read from PGN, before any rules are applied: tags, moves as SAN text,
//! comments, NAGs and variations, with the game's place in its file.

/// A move as written: a string held inline when short (see [`MoveNode::san`]).
pub type MoveText = compact_str::CompactString;

/// A node's children (see [`MoveNode::children`]).
pub type Children = smallvec::SmallVec<[u32; 2]>;

/// One game as written in its PGN source.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct GameRecord {
    /// Tag pairs in source order, e.g. `("White", "Kasparov, G.")`.
    pub tags: Vec<(String, String)>,
    /// The move tree. `nodes[0]` is the root (the start position, no move); every other node is
    /// reached by its `san` from its parent.
    pub nodes: Vec<MoveNode>,
    /// The game termination marker at the end of the movetext (`1-0`, `0-1`, `1/2-1/2`, `*`),
    /// if present.
    pub outcome: Option<String>,
    /// How the game's text was decoded from its bytes (and is encoded back when written).
    pub encoding: super::TextEncoding,
}

/// A position in the move tree and the move that reached it.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct MoveNode {
    /// The parent node (None for the root).
    pub parent: Option<u32>,
    /// The move from the parent, as written (SAN without move number; `--` for a null move).
    /// Empty for the root. Held inline up to 24 bytes (every SAN), so a move costs no
    /// allocation.
    pub san: MoveText,
    /// The move's SAN as the reader parsed it (None: kept as written, or made otherwise), so
    /// that the replay need not read `san` again.
    pub parsed: Option<pgn_reader::shakmaty::san::San>,
    /// Child nodes: the first is the main continuation, the others are variations in order.
    /// Held inline up to two (most nodes have one child, or none).
    pub children: Children,
    /// Numeric annotation glyphs after the move (`!` is 1, `?` is 2, `$14` is 14, ...).
    pub nags: Vec<u8>,
    /// Comments written before the move: the reader puts here the comments right after the
    /// `(` that opens the variation this move starts. (A comment before the first move of the
    /// game goes to the root's `comments_after`.)
    pub comments_before: Vec<String>,
    /// Comments written after the move (for the root: a comment before any move).
    pub comments_after: Vec<String>,
}

impl GameRecord {
    /// The value of a tag, if present (tag names compare case-sensitively, as PGN says).
    pub fn tag(&self, name: &str) -> Option<&str> {
        self.tags
            .iter()
            .find(|(k, _)| k == name)
            .map(|(_, v)| v.as_str())
    }

    /// The nodes in the order PGN movetext writes their moves (the root first; see
    /// [`GameRecord::walk_movetext`]). [`read_game`](super::read_game) numbers the nodes in
    /// this order, so that writing and reading a game gives back the same indices.
    pub fn movetext_order(&self) -> Vec<u32> {
        let mut order = Vec::with_capacity(self.nodes.len());
        if !self.nodes.is_empty() {
            order.push(0);
        }
        self.walk_movetext(0, |step| {
            if let MovetextStep::Move(at, _) = step {
                order.push(at);
            }
        });
        order
    }

    /// Tells `visit` the moves (not the root) in the order PGN movetext writes them, the
    /// first at ply `first_ply`: each move, then its alternatives (its parent's other
    /// children, each with its whole line, in parentheses), then its continuation. Each node
    /// is told once at most (a hand-made cyclic tree ends).
    pub fn walk_movetext(&self, first_ply: u64, mut visit: impl FnMut(MovetextStep)) {
        let Some(&first) = self.nodes.first().and_then(|root| root.children.first()) else {
            return;
        };
        // What is left to tell, kept on a stack (variations nest without recursion): a move
        // and the line after it (`main`: its parent's first child, so its alternatives
        // follow it), or an `Open` or `Close`.
        let mut tasks = vec![(MovetextStep::Move(first, first_ply), 0, true)];
        let mut budget = self.nodes.len();
        while let Some((step, parent, main)) = tasks.pop() {
            let MovetextStep::Move(index, ply) = step else {
                visit(step);
                continue;
            };
            let Some(node) = self.nodes.get(index as usize).filter(|_| budget > 0) else {
                continue;
            };
            budget -= 1;
            visit(step);
            if let Some(&next) = node.children.first() {
                tasks.push((MovetextStep::Move(next, ply.saturating_add(1)), index, true));
            }
            let parent_node = self.nodes.get(parent as usize);
            if let (true, Some(siblings)) = (main, parent_node.and_then(|p| p.children.get(1..))) {
                for &alternative in siblings.iter().rev() {
                    tasks.push((MovetextStep::Close, parent, false));
                    tasks.push((MovetextStep::Move(alternative, ply), parent, false));
                    tasks.push((MovetextStep::Open, parent, false));
                }
            }
        }
    }

    /// The main line: node indices from the root along first children.
    pub fn mainline(&self) -> Vec<u32> {
        let mut line = vec![0u32];
        let mut at = 0usize;
        while let Some(&next) = self.nodes.get(at).and_then(|n| n.children.first()) {
            line.push(next);
            at = next as usize;
        }
        line
    }
}

/// One step of [`GameRecord::walk_movetext`].
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum MovetextStep {
    /// The move of this node, at this ply (0: White's first move from the standard start).
    Move(u32, u64),
    /// A variation opens: `(` before its first move.
    Open,
    /// The variation closes: `)`.
    Close,
}
