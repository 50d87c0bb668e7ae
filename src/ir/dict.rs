//! The IR of CQL 6's dictionaries: reading, setting and removing an entry, counting the
//! entries, naming a dictionary alone, and iterating its keys. Each dictionary has a slot
//! ([`DictId`]), numbered by lowering in order of declaration; whether it keeps its entries
//! from game to game is the query's [`Globals`](super::Globals)'.
//!
//! [`Node::Dict`] holds a [`DictFilter`]; `eval::dictionary` evaluates it.

use super::{Node, VarId};

/// A dictionary's slot, numbered by lowering in order of declaration.
pub type DictId = u16;

/// A filter that reads or changes one dictionary's entries.
#[derive(Clone, Debug, PartialEq)]
pub enum DictFilter<S> {
    /// `D[k]`: the entry's value; no match when absent.
    Get(DictId, Node<S>),
    /// `D[k] = v`: sets the entry; no match when the key or the value does not match.
    Set(DictId, Node<S>, Node<S>),
    /// `unbind D[k]` (Some) / `unbind D` (None): removes the entry / every entry.
    Unbind(DictId, Option<Node<S>>),
    /// `#D`: the number of entries.
    Count(DictId),
    /// A dictionary named alone (`dictionary D`, `D`): always matches.
    Named,
    /// `x ∊ D body`: iterating the keys, see [`DictLoop`].
    Loop(DictLoop<S>),
}

/// `x ∊ D body` (also CQL 6.1's `string x in D body`): binds x to each key of dictionary D in
/// key order and evaluates the body; always matches, and leaves x unbound (CQL 6.2's
/// `DictionaryIterateNode`).
#[derive(Clone, Debug, PartialEq)]
pub struct DictLoop<S> {
    /// The dictionary's slot.
    pub dict: DictId,
    /// The variable bound to each key.
    pub var: VarId,
    /// The variable's name, for the error when it is already bound.
    pub name: String,
    /// The filter evaluated for each key.
    pub body: Node<S>,
}
