//! Fairy games in the run: the query lowered once per fairy variant met (its board's geometry
//! and piece letters), and the refusals of a query that cannot run on some board, told once
//! per board. (Which rules a game's name selects is `rules::families`.)

use std::collections::HashMap;
use std::sync::{Arc, Mutex, Once, OnceLock};

use crate::ir::{Color, Node};
use crate::query::{Header, PieceLetters, Program, Query};
use crate::rules::fairy::{Bits256, Variant};
use crate::squares::Geometry;

/// The piece letters of a variant for `[=...]` designators: each piece's FEN letters (white,
/// black) with its CQL type, and its SAN letter when it is one letter.
pub fn piece_letters(v: &Variant) -> PieceLetters {
    let mut fen = Vec::new();
    let mut san = Vec::new();
    for (t, k) in v.kinds.iter().enumerate() {
        let cql = v.cql_type[t];
        for (c, color) in [(0, Color::White), (1, Color::Black)] {
            let letter = k.def.symbols[c].trim_end_matches('~');
            if !letter.is_empty() && !fen.iter().any(|(l, _, _)| l == letter) {
                fen.push((letter.to_string(), color, cql));
            }
        }
        let s = k.def.san.trim();
        if s.len() == 1 && s.chars().all(|ch| ch.is_ascii_alphabetic()) {
            let s = s.to_ascii_uppercase();
            if !san.iter().any(|(l, _)| *l == s) {
                san.push((s, cql));
            }
        }
    }
    PieceLetters::new(&v.def.title, fen, san)
}

/// Why the query cannot run on the games of one board, told on stderr once.
pub struct Refusal {
    /// The message (what board, and the query error rendered with its caret).
    message: String,
    told: Once,
}

impl Refusal {
    /// A refusal to tell when the first game of the board is met.
    pub fn new(message: String) -> Self {
        Refusal {
            message,
            told: Once::new(),
        }
    }

    /// Writes the message to stderr, the first time only.
    pub fn tell(&self) {
        self.told.call_once(|| eprint!("cqlq: {}", self.message));
    }
}

/// A filter lowered for one fairy variant, or the refusal of the query for it.
type Compiled = Result<Arc<Node<Bits256>>, Arc<Refusal>>;

/// The query for fairy boards: lowered on first use for each variant (its geometry and piece
/// letters), then shared by the games of that variant.
pub struct FairyQuery {
    /// The query, parsed and checked once.
    program: Arc<Program>,
    /// The query's name in messages (its file, or `<-e>`).
    name: String,
    /// The query lowered for a 16x16 board taking every fairy letter (None: it cannot be),
    /// made on first use.
    any_board: OnceLock<Option<Query<Bits256>>>,
    /// Lowered filters (or the refusal) by variant (the address of its shared definition).
    cache: Mutex<HashMap<usize, Compiled>>,
}

impl FairyQuery {
    /// A query to lower for fairy boards when a fairy game needs it.
    pub fn new(program: Arc<Program>, name: String) -> Self {
        FairyQuery {
            program,
            name,
            any_board: OnceLock::new(),
            cache: Mutex::new(HashMap::new()),
        }
    }

    /// The filter for games of `v`; None when the query cannot run on its board (told once,
    /// on stderr, with the query error: `Ri1` on an 8x8 board, `[=C]` where no piece is `C`).
    pub fn filter(&self, v: &Arc<Variant>) -> Option<Arc<Node<Bits256>>> {
        let key = Arc::as_ptr(v) as usize;
        let compiled = {
            let mut cache = self.cache.lock().unwrap_or_else(|p| p.into_inner());
            cache.entry(key).or_insert_with(|| self.lower(v)).clone()
        };
        match compiled {
            Ok(filter) => Some(filter),
            Err(refusal) => {
                refusal.tell();
                None
            }
        }
    }

    /// The query lowered for a 16x16 board whose variant has every letter: what any fairy
    /// board could run (None: no fairy board can).
    fn any_board(&self) -> Option<&Query<Bits256>> {
        self.any_board
            .get_or_init(|| {
                let wide = Geometry {
                    files: 16,
                    ranks: 16,
                };
                self.program
                    .lower_for(wide, &PieceLetters::any_letter())
                    .ok()
            })
            .as_ref()
    }

    /// Whether a query that the 8x8 board refuses can run on some fairy board: it lowers on
    /// a 16x16 board with every fairy letter accepted. Returns its header then (the squares
    /// or letters it names decide, per variant, whether it runs).
    pub fn runs_on_some_board(&self) -> Option<Header> {
        self.any_board().map(|q| q.header.clone())
    }

    /// Whether some filter of the query, lowered for a 16x16 board taking every letter, is
    /// one `is` accepts (`sort`, `lastgamenumber`: asked once per run).
    pub fn any_board_has(&self, is: impl Fn(&Node<Bits256>) -> bool) -> bool {
        self.any_board()
            .is_some_and(|q| crate::ir::walk::any_node(&q.filter, is))
    }

    fn lower(&self, v: &Variant) -> Compiled {
        let geo = Geometry {
            files: v.files as u8,
            ranks: v.ranks as u8,
        };
        let query = self.program.lower_for::<Bits256>(geo, &piece_letters(v));
        query.map(|q| Arc::new(q.filter)).map_err(|e| {
            let size = format!("{}x{}", v.files, v.ranks);
            let board = if v.def.title.contains(&size) {
                String::new()
            } else {
                format!(" ({size} board)")
            };
            Arc::new(Refusal::new(format!(
                "the query cannot run on {} games{board}; they are skipped:\n{}",
                v.def.title,
                e.render(&self.name, self.program.text())
            )))
        })
    }

    /// The query, parsed and checked once (lowered for other boards too, e.g. the unbounded
    /// one of ICN input).
    pub fn program(&self) -> &Program {
        &self.program
    }
}
