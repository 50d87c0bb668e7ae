//! Dictionaries: the evaluation of [`DictFilter`] (`D[k]`, `D[k] = v`, `unbind`, `#D`,
//! `x ∊ D body`), and the values kept apart from the board's square-set type: dictionary
//! entries, and what a query carries from game to game ([`Carried`]: persistent variables
//! and non-local dictionaries).
//!
//! A [`Datum`] stores a set as its squares, so a dictionary or a persistent value outlives
//! the game (and the board type) it was made in, and moves between games without copying.

use std::collections::BTreeMap;

use super::{Evaluator, Value, is_match};
use crate::ir::{DictFilter, DictLoop};
use crate::ir::{Globals, PersistentType};
use crate::rules::Position;
use crate::squares::{Coord, Geometry, SquareSet};

/// A value stored in a dictionary or carried between games.
#[derive(Clone, Debug, PartialEq, Eq, PartialOrd, Ord)]
pub enum Datum {
    /// A number.
    Num(i64),
    /// A string.
    Str(String),
    /// A set of squares, sorted.
    Squares(Vec<Coord>),
    /// A position of the current game (local dictionaries only).
    Pos(u32),
}

impl Datum {
    /// The datum of a filter's value; None for values that are not stored (plain matches).
    pub fn of<S: SquareSet>(v: &Value<S>) -> Option<Datum> {
        Some(match v {
            Value::Num(n) => Datum::Num(*n),
            Value::Str(s) => Datum::Str(s.clone()),
            Value::Set(s) => {
                let mut c = s.coords();
                c.sort();
                Datum::Squares(c)
            }
            Value::Pos(p) => Datum::Pos(*p),
            Value::Bool(_) | Value::Piece(_) => return None,
        })
    }

    /// The value again, on a board of `geo` (squares off that board are dropped).
    pub fn value<S: SquareSet>(&self, geo: Geometry) -> Value<S> {
        match self {
            Datum::Num(n) => Value::Num(*n),
            Datum::Str(s) => Value::Str(s.clone()),
            Datum::Squares(c) => Value::Set(S::from_coords(
                geo,
                c.iter().copied().filter(|&c| geo.contains(c)),
            )),
            Datum::Pos(p) => Value::Pos(*p),
        }
    }

    /// As CQL 6.2 prints a persistent variable: a number, a quoted string, `a1` or `[a1,b2]`.
    pub fn printed(&self) -> String {
        match self {
            Datum::Num(n) => n.to_string(),
            Datum::Str(s) => format!("\"{s}\""),
            Datum::Squares(c) => super::text::coords_text(c),
            Datum::Pos(p) => format!("<position {p}>"),
        }
    }
}

/// A dictionary: keys to values, in key order.
pub type Dict = BTreeMap<Datum, Datum>;

/// The programming words' part of an evaluation's state.
#[derive(Debug, Default)]
pub(super) struct ProgState {
    /// The dictionaries, by slot.
    pub dicts: Vec<Dict>,
    /// Whether the persistent variables have their values (carried in, or their defaults).
    pub initialized: bool,
    /// Why the run must stop (`assert` failed).
    pub abort: Option<String>,
}

impl ProgState {
    /// Dictionary `id`, created empty on first use.
    pub fn dict(&mut self, id: u16) -> &mut Dict {
        let i = usize::from(id);
        if self.dicts.len() <= i {
            self.dicts.resize_with(i + 1, Dict::new);
        }
        &mut self.dicts[i]
    }
}

/// What a query carries from one game to the next, in input order: its persistent
/// variables' values and the entries of its dictionaries not declared `local`.
#[derive(Clone, Debug, PartialEq)]
pub struct Carried {
    /// What is carried.
    pub globals: Globals,
    /// The persistent variables' values, in the order of `globals.persistent` (None: unbound).
    pub values: Vec<Option<Datum>>,
    /// Every dictionary slot's entries (local ones are emptied at each game).
    pub dicts: Vec<Dict>,
}

impl Carried {
    /// The state before the first game: numbers 0, strings and sets empty, no entries.
    pub fn new(globals: &Globals) -> Carried {
        let values = globals
            .persistent
            .iter()
            .map(|p| {
                Some(match p.ty {
                    PersistentType::Number => Datum::Num(0),
                    PersistentType::Str => Datum::Str(String::new()),
                    PersistentType::Set => Datum::Squares(Vec::new()),
                })
            })
            .collect();
        Carried {
            globals: globals.clone(),
            values,
            dicts: vec![Dict::new(); globals.dictionaries.len()],
        }
    }

    /// What CQL 6.2 prints after the run: each persistent variable not declared `quiet`, in
    /// order of declaration, with its value (None: unbound).
    pub fn report(&self) -> Vec<(String, Option<Datum>)> {
        self.globals
            .persistent
            .iter()
            .zip(&self.values)
            .filter(|(p, _)| !p.quiet)
            .map(|(p, v)| (p.name.clone(), v.clone()))
            .collect()
    }
}

impl<P: Position> Evaluator<'_, P> {
    /// Evaluates a dictionary filter at `at`.
    pub(super) fn eval_dict(&self, d: &DictFilter<P::Set>, at: u32) -> Option<Value<P::Set>> {
        match d {
            // D[k]
            DictFilter::Get(id, key) => {
                let key = Datum::of(&self.eval(key, at)?)?;
                let st = self.state.borrow();
                let value = st.prog.dicts.get(usize::from(*id))?.get(&key)?.clone();
                drop(st);
                Some(value.value(self.geometry(at)))
            }
            // D[k] = v
            DictFilter::Set(id, key, value) => {
                let key = Datum::of(&self.eval(key, at)?)?;
                let value = self.eval(value, at)?;
                if !matches!(value, Value::Set(_)) && !is_match(&Some(value.clone())) {
                    return None;
                }
                let value = Datum::of(&value)?;
                self.state.borrow_mut().prog.dict(*id).insert(key, value);
                Some(Value::Bool(true))
            }
            // unbind D[k], unbind D
            DictFilter::Unbind(id, key) => {
                match key {
                    Some(k) => {
                        let k = Datum::of(&self.eval(k, at)?)?;
                        self.state.borrow_mut().prog.dict(*id).remove(&k);
                    }
                    None => self.state.borrow_mut().prog.dict(*id).clear(),
                }
                Some(Value::Bool(true))
            }
            // #D
            DictFilter::Count(id) => {
                let st = self.state.borrow();
                let n = st.prog.dicts.get(usize::from(*id)).map_or(0, |d| d.len());
                Some(Value::Num(n as i64))
            }
            // dictionary D, D
            DictFilter::Named => Some(Value::Bool(true)),
            // x ∊ D body
            DictFilter::Loop(l) => self.eval_dict_loop(l, at),
        }
    }

    /// `x ∊ D body`: the body at `at` with x bound to each key of D in key order (the keys
    /// as they were when the loop began); x is left unbound. CQL 6.2 stops when x is
    /// already bound (its previous value would be lost).
    fn eval_dict_loop(&self, l: &DictLoop<P::Set>, at: u32) -> Option<Value<P::Set>> {
        if self.state.borrow().get(l.var).is_some() {
            let m = format!(
                "the variable {} of a dictionary iteration is already bound",
                l.name
            );
            self.state.borrow_mut().prog.abort.get_or_insert(m);
            return None;
        }
        let keys: Vec<Datum> = {
            let st = self.state.borrow();
            st.prog
                .dicts
                .get(usize::from(l.dict))
                .map(|d| d.keys().cloned().collect())
                .unwrap_or_default()
        };
        let geo = self.geometry(at);
        for key in keys {
            if self.spend_round("dictionary loop", at) {
                break;
            }
            self.state.borrow_mut().set(l.var, Some(key.value(geo)));
            self.eval(&l.body, at);
        }
        self.state.borrow_mut().set(l.var, None);
        Some(Value::Bool(true))
    }
}
