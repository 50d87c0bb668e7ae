//! A game replayed with its rules: the positions of every node of the move tree that could be
//! reached, and the first fault if a move could not be played.

use crate::pgn::GameRecord;
use crate::rules::{MoveInfo, Position, RulesError};

/// One reached node: the position there and the move that led to it.
#[derive(Clone, Debug)]
pub struct ReplayedNode<P: Position> {
    /// The position after the move.
    pub position: P,
    /// The move from the parent (None at the root).
    pub played: Option<MoveInfo<P::Set>>,
    /// Half-moves since the game's first position (0 at the root).
    pub ply: u32,
}

/// A fault met while replaying: where, and why.
#[derive(Clone, Debug, PartialEq)]
pub struct ReplayFault {
    /// The ply of the move that failed (1 = the first move).
    pub ply: u32,
    /// Whether the move is on the main line.
    pub mainline: bool,
    /// Why it failed.
    pub error: RulesError,
}

/// The replayed game: `nodes[i]` is the record's node `i`, or None if it was not reached
/// (a fault at it or above it).
#[derive(Clone, Debug)]
pub struct ReplayedGame<P: Position> {
    /// Per record node.
    pub nodes: Vec<Option<ReplayedNode<P>>>,
    /// The first fault on the main line, else the first fault in a variation.
    pub fault: Option<ReplayFault>,
}

impl<P: Position> ReplayedGame<P> {
    /// No replayed node: the tree of a game searched without one (the one-pass search, the
    /// game filters read before the moves).
    pub fn none() -> Self {
        ReplayedGame {
            nodes: Vec::new(),
            fault: None,
        }
    }
}

/// Replays every node of `record` from `start`. Variations are replayed only when
/// `variations` is set (CQL searches the main line by default).
pub fn replay<P: Position>(record: &GameRecord, start: P, variations: bool) -> ReplayedGame<P> {
    let mut nodes: Vec<Option<ReplayedNode<P>>> = vec![None; record.nodes.len()];
    let mut fault: Option<ReplayFault> = None;
    if record.nodes.is_empty() {
        return ReplayedGame {
            nodes: vec![Some(ReplayedNode {
                position: start,
                played: None,
                ply: 0,
            })],
            fault,
        };
    }
    nodes[0] = Some(ReplayedNode {
        position: start,
        played: None,
        ply: 0,
    });
    // Depth-first over the tree, main continuation first; (node, on main line).
    let mut stack: Vec<(u32, bool)> = vec![(0, true)];
    while let Some((at, mainline)) = stack.pop() {
        let children = &record.nodes[at as usize].children;
        let take = if variations {
            children.len()
        } else {
            children.len().min(1)
        };
        for (k, &child) in children[..take].iter().enumerate().rev() {
            let parent = nodes[at as usize].as_ref().expect("parent replayed");
            // The child's node is made in its slot and played there (a position is copied once).
            let node = ReplayedNode {
                position: parent.position.clone(),
                played: None,
                ply: parent.ply + 1,
            };
            let ply = node.ply;
            let node = nodes[child as usize].insert(node);
            let san = &record.nodes[child as usize].san;
            let child_main = mainline && k == 0;
            let parsed = &record.nodes[child as usize].parsed;
            let result = if san == "--" || san == "Z0" || san == "@@@@" {
                node.position.play_null()
            } else if let Some(parsed) = parsed {
                node.position.play_parsed_san(parsed, san)
            } else {
                node.position.play_san(san)
            };
            match result {
                Ok(info) => {
                    node.played = Some(info);
                    stack.push((child, child_main));
                }
                Err(error) => {
                    nodes[child as usize] = None;
                    let replace = match &fault {
                        None => true,
                        Some(f) => child_main && !f.mainline,
                    };
                    if replace {
                        fault = Some(ReplayFault {
                            ply,
                            mainline: child_main,
                            error,
                        });
                    }
                }
            }
        }
    }
    ReplayedGame { nodes, fault }
}
