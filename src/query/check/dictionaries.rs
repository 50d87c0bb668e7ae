//! The type rules of dictionaries: declaring one, reading an entry (`D[k]`, and a string's
//! index `s[i]`), the keys' type (from the first `D[k]`), iterating the keys (`x ∊ D body`).

use crate::query::ast::{DictionaryDecl, Expr, ExprKind, IterKind, Iterate, Span, Storage};
use crate::query::error::CheckError;

use super::Type;
use super::checker::{Checker, Typed, is_set};

impl Checker<'_> {
    /// `dictionary D`, `local dictionary D`, `persistent dictionary D`.
    pub(super) fn dictionary(&mut self, d: &DictionaryDecl) -> Typed {
        self.declare(&d.name.text, Type::Dictionary, d.name.span)?;
        if d.storage == Storage::Local {
            self.local_dicts.insert(d.name.text.clone());
        }
        Ok(Type::Logical)
    }

    /// Whether `e` names a dictionary.
    pub(super) fn names_dictionary(&self, e: &Expr) -> bool {
        matches!(&e.kind, ExprKind::Var(n) if self.vars.get(&n.text) == Some(&Type::Dictionary))
    }

    /// `x ∊ D body` (CQL 6.2's `DictionaryIterateNode`): x takes the type of D's keys, which
    /// an earlier `D[k]` must have set; the iteration always matches.
    pub(super) fn dict_iterate(&mut self, i: &Iterate) -> Typed {
        let ExprKind::Var(d) = &i.domain.kind else {
            return Err(self.err(i.domain.span, "a dictionary name"));
        };
        let Some(kt) = self.dict_keys.get(&d.text).copied() else {
            let m = format!(
                "the type of dictionary '{}' is not yet set: assign to it before iterating it",
                d.text
            );
            return Err(self.err(i.domain.span, m));
        };
        if i.all || i.over != IterKind::Square {
            return Err(self.err(i.var.span, "a dictionary is iterated with 'x ∊ D body'"));
        }
        self.declare(&i.var.text, kt, i.var.span)?;
        self.ty(&i.body)?;
        Ok(Type::Logical)
    }

    /// Checks a dictionary key: one key, of the type of the dictionary's first key.
    pub(super) fn dict_key(&mut self, dict: &str, keys: &[Option<Expr>]) -> Result<(), CheckError> {
        let [Some(k)] = keys else {
            return Err(self.syntax_err(
                keys.iter()
                    .flatten()
                    .next()
                    .map_or(Span::default(), |k| k.span),
                "a dictionary takes one key",
            ));
        };
        let kt = match self.valued(k, "a dictionary key")? {
            Type::Piece => Type::Set,
            t => t,
        };
        let position_ok = kt == Type::Position && self.local_dicts.contains(dict);
        if !position_ok && !matches!(kt, Type::Number | Type::Str | Type::Set) {
            return Err(self.err(k.span, "a dictionary key is a number, a string or a set"));
        }
        match self.dict_keys.get(dict) {
            Some(old) if *old != kt => {
                let m = format!("the keys of '{dict}' are {}", old.describe());
                Err(self.err(k.span, m))
            }
            _ => {
                self.dict_keys.insert(dict.to_string(), kt);
                Ok(())
            }
        }
    }

    /// `D[k]` (the values' type), `s[i]`, `s[i:j]` (a string).
    pub(super) fn index(&mut self, base: &Expr, keys: &[Option<Expr>]) -> Typed {
        let bt = self.ty(base)?;
        match bt {
            Type::Dictionary => {
                let name = match &base.kind {
                    ExprKind::Var(n) => n.text.clone(),
                    _ => String::new(),
                };
                self.dict_key(&name, keys)?;
                match self.dict_values.get(&name) {
                    Some(&t) => Ok(t),
                    // Read before the text assigns the dictionary: `check_ast` checks again
                    // knowing the values assigned later. A dictionary never assigned holds
                    // nothing: its entries are never found, read as numbers.
                    None => {
                        self.read_before_assigned = true;
                        Ok(Type::Number)
                    }
                }
            }
            Type::Str => {
                for k in keys.iter().flatten() {
                    self.expect(k, Type::Number, "a string index")?;
                }
                Ok(Type::Str)
            }
            // CQLi's `k[a-h]5-8` (a bracketed file range, then ranks): refused with CQL 6.2,
            // naming the form.
            t if is_set(t) && self.ranks_follow(keys) => Err(self.err(
                base.span,
                "the square syntax `k[a-h]5-8` (CQLi's, ranks after the brackets) is not CQL 6.2 \
                 and cqlq does not take it: write `k[a-h5-8]`",
            )),
            _ => Err(self.err(base.span, "only strings and dictionaries can be indexed")),
        }
    }

    /// Whether a rank digit follows the `]` closing an index: CQLi's `k[a-h]5-8`.
    pub(super) fn ranks_follow(&self, keys: &[Option<Expr>]) -> bool {
        let Some(Some(last)) = keys.last() else {
            return false;
        };
        let rest = self.src.get(last.span.end..).unwrap_or("").trim_start();
        rest.strip_prefix(']')
            .is_some_and(|r| r.starts_with(|c: char| c.is_ascii_digit()))
    }
}
