//! Where a game's movetext tokens go in its [`GameRecord`], read in text order (as
//! `pgn::read`'s module doc says): the one placement of both readers, the careful one
//! (`pgn::read`) and the plain one (`pgn::plain_record`).

use pgn_reader::shakmaty::san::San;

use super::game::{GameRecord, MoveNode, MoveText};

/// The record being built and where the next token goes.
pub(super) struct Tree {
    /// The record so far (its root pushed by [`Tree::new`]).
    pub record: GameRecord,
    /// The node the next move follows.
    current: u32,
    /// For each open variation, the node to return to at its `)`.
    open: Vec<u32>,
    /// Right after a `(`: no move of the variation read yet.
    variation_start: bool,
    /// Comments read at a variation's start, for its first move's `comments_before`.
    pending: Vec<String>,
    /// A variation opened after an alternative move (`(1. d4 (1. c4) d5)`), so the nodes may
    /// need renumbering.
    nested_alternative: bool,
}

impl Tree {
    /// A tree of `record` (its tags read), its root pushed.
    pub fn new(mut record: GameRecord) -> Self {
        record.nodes.push(MoveNode::default());
        Tree {
            record,
            current: 0,
            open: Vec::new(),
            variation_start: false,
            pending: Vec::new(),
            nested_alternative: false,
        }
    }

    /// A move from the current node (its last child, now the current node), named by `san`
    /// (`parsed`: as the reader read it); None when the record already holds `u32::MAX` nodes.
    pub fn push_move(&mut self, san: MoveText, parsed: Option<San>) -> Option<()> {
        let comments_before = match std::mem::take(&mut self.variation_start) {
            true => std::mem::take(&mut self.pending),
            false => Vec::new(),
        };
        let nodes = &mut self.record.nodes;
        let index = u32::try_from(nodes.len()).ok()?;
        nodes.push(MoveNode {
            parent: Some(self.current),
            san,
            parsed,
            comments_before,
            ..MoveNode::default()
        });
        nodes[self.current as usize].children.push(index);
        self.current = index;
        Some(())
    }

    /// The current node.
    pub fn node_mut(&mut self) -> &mut MoveNode {
        &mut self.record.nodes[self.current as usize]
    }

    /// A comment: the next move's at a variation's start, else the current node's.
    pub fn comment(&mut self, text: String) {
        if self.variation_start {
            self.pending.push(text);
        } else {
            self.node_mut().comments_after.push(text);
        }
    }

    /// `(`: an alternative to the last move read; false when there is none to vary.
    pub fn open(&mut self) -> bool {
        let parent = self.record.nodes[self.current as usize].parent;
        let Some(parent) = parent.filter(|_| !self.variation_start) else {
            return false;
        };
        let main = self.record.nodes[parent as usize].children.first() == Some(&self.current);
        self.nested_alternative |= !main;
        self.open.push(self.current);
        self.current = parent;
        self.variation_start = true;
        true
    }

    /// Comments of a variation with no moves go to the node it branches from.
    fn flush_pending(&mut self) {
        if std::mem::take(&mut self.variation_start) {
            let pending = std::mem::take(&mut self.pending);
            self.node_mut().comments_after.extend(pending);
        }
    }

    /// `)`: back to the move the variation branches from; false when none is open.
    pub fn close(&mut self) -> bool {
        self.flush_pending();
        self.open.pop().map(|back| self.current = back).is_some()
    }

    /// The variations open.
    pub fn open_variations(&self) -> usize {
        self.open.len()
    }

    /// Closes every open variation (the game ended inside them).
    pub fn close_all(&mut self) {
        if let Some(&outermost) = self.open.first() {
            self.flush_pending();
            self.current = outermost;
            self.open.clear();
        }
    }

    /// The record, its nodes in [`GameRecord::movetext_order`], and the new order (new
    /// index → old index) when it changed.
    pub fn finish(mut self) -> (GameRecord, Option<Vec<u32>>) {
        let order = match self.nested_alternative {
            true => renumber(&mut self.record),
            false => None,
        };
        (self.record, order)
    }
}

/// Numbers the nodes in [`GameRecord::movetext_order`], which differs from the order the moves
/// were read only when a variation nests an alternative to its own first move
/// (`1. e4 (1. d4 (1. c4) d5)`, where `1. c4` is written after `1. d4 d5` by the writer).
/// Returns the new order (new index → old index) when it changed.
fn renumber(record: &mut GameRecord) -> Option<Vec<u32>> {
    let order = record.movetext_order();
    if order.iter().enumerate().all(|(i, &at)| i == at as usize) {
        return None;
    }
    let mut new_index = vec![0u32; record.nodes.len()];
    for (i, &at) in order.iter().enumerate() {
        new_index[at as usize] = i as u32;
    }
    let mut old = std::mem::take(&mut record.nodes);
    record.nodes = order
        .iter()
        .map(|&at| {
            let mut node = std::mem::take(&mut old[at as usize]);
            node.parent = node.parent.map(|p| new_index[p as usize]);
            node.children
                .iter_mut()
                .for_each(|c| *c = new_index[*c as usize]);
            node
        })
        .collect();
    Some(order)
}
