//! SjaakII `variants.txt` text → [`VariantDef`]s (`sjaak_to_defs`), with file/line/reason
//! errors.
//!
//! Lines are read as SjaakII reads them: `#` starts a comment, a directive is recognised by its
//! prefix at the start of the line, zone names are looked up as SjaakII does (the first zone,
//! in definition order, whose name starts the written word; `empty` and `all` predefined).
//! Unlike SjaakII, a line that cannot be understood is an error naming the file and line.

use super::bits::{Bits256, square};
use super::defs::*;

/// A definition that cannot be read: where and why.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct DefError {
    /// The file name as given (or `<bundled>`).
    pub file: String,
    /// 1-based line number.
    pub line: usize,
    /// What is wrong.
    pub reason: String,
}

impl std::fmt::Display for DefError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "{}:{}: {}", self.file, self.line, self.reason)
    }
}

impl std::error::Error for DefError {}

struct Ctx<'a> {
    file: &'a str,
    line: usize,
}

impl Ctx<'_> {
    fn err<T>(&self, reason: impl Into<String>) -> Result<T, DefError> {
        Err(DefError {
            file: self.file.to_string(),
            line: self.line,
            reason: reason.into(),
        })
    }
}

/// Reads every `Variant:` block of a definitions file. `file` names it in errors.
pub fn sjaak_to_defs(file: &str, text: &str) -> Result<Vec<VariantDef>, DefError> {
    let mut out: Vec<VariantDef> = Vec::new();
    let mut cur: Option<Builder> = None;
    for (i, raw) in text.lines().enumerate() {
        let ctx = Ctx { file, line: i + 1 };
        let line = raw.split('#').next().unwrap_or("").trim_end();
        let line = line.trim_start();
        if line.is_empty() {
            continue;
        }
        if let Some(rest) = line.strip_prefix("Variant:") {
            if let Some(b) = cur.take() {
                out.push(b.finish(file)?);
            }
            let title = rest.trim().to_string();
            if title.is_empty() {
                return ctx.err("`Variant:` without a name");
            }
            cur = Some(Builder::new(title, i + 1));
            continue;
        }
        match cur.as_mut() {
            Some(b) => b.line(&ctx, line)?,
            None => return ctx.err(format!("`{line}` before the first `Variant:` line")),
        }
    }
    if let Some(b) = cur.take() {
        out.push(b.finish(file)?);
    }
    Ok(out)
}

struct Builder {
    def: VariantDef,
    zones: Vec<(String, Bits256)>,
    piece: Option<PieceDef>,
    has_board: bool,
}

impl Builder {
    fn new(title: String, line: usize) -> Builder {
        Builder {
            def: VariantDef {
                name: short_name(&title),
                title,
                line,
                ..VariantDef::default()
            },
            zones: vec![("empty".into(), Bits256::EMPTY)],
            piece: None,
            has_board: false,
        }
    }

    fn finish(mut self, file: &str) -> Result<VariantDef, DefError> {
        let ctx = Ctx {
            file,
            line: self.def.line,
        };
        if let Some(p) = self.piece.take() {
            self.def.pieces.push(p);
        }
        if !self.has_board {
            return ctx.err(format!("variant `{}` has no `Board:` line", self.def.title));
        }
        if self.def.fen.is_empty() {
            return ctx.err(format!("variant `{}` has no `FEN:` line", self.def.title));
        }
        if self.def.pieces.len() > 32 {
            return ctx.err(format!(
                "variant `{}` has more than 32 piece types",
                self.def.title
            ));
        }
        Ok(self.def)
    }

    fn board_all(&self) -> Bits256 {
        let mut b = Bits256::EMPTY;
        for r in 0..self.def.ranks as usize {
            for f in 0..self.def.files as usize {
                b.set(square(f, r));
            }
        }
        b
    }

    fn zone(&self, ctx: &Ctx, word: &str) -> Result<Bits256, DefError> {
        let word = word.trim();
        for (name, z) in &self.zones {
            if word.starts_with(name.as_str()) {
                return Ok(*z);
            }
        }
        ctx.err(format!("unknown zone `{word}`"))
    }

    fn squares(&self, ctx: &Ctx, text: &str) -> Result<Bits256, DefError> {
        let mut b = Bits256::EMPTY;
        for word in text.split(',') {
            let word = word.trim();
            if word.is_empty() {
                continue;
            }
            match self.square(ctx, word) {
                Ok(sq) => b.set(sq),
                Err(e) if e.reason.contains("off the") => {
                    // SjaakII numbers squares rank * files + file, so a file beyond the board
                    // lands on the next rank (`k7` on 10x8 is `a8`); squares past the last
                    // one are dropped. Kept for compatibility with SjaakII's own reading.
                    if let Some(sq) = self.wrapped_square(word) {
                        b.set(sq);
                    }
                }
                Err(e) => return Err(e),
            }
        }
        Ok(b)
    }

    fn square(&self, ctx: &Ctx, word: &str) -> Result<usize, DefError> {
        let bytes = word.as_bytes();
        if !self.has_board {
            return ctx.err("a square before the `Board:` line");
        }
        if bytes.is_empty() || !bytes[0].is_ascii_lowercase() {
            return ctx.err(format!("bad square `{word}`"));
        }
        let file = (bytes[0] - b'a') as usize;
        let digits: String = word[1..]
            .chars()
            .take_while(|c| c.is_ascii_digit())
            .collect();
        let rank: usize = match digits.parse::<usize>() {
            Ok(r) if r >= 1 => r - 1,
            _ => return ctx.err(format!("bad square `{word}`")),
        };
        if file >= self.def.files as usize || rank >= self.def.ranks as usize {
            return ctx.err(format!(
                "square `{word}` is off the {}x{} board",
                self.def.files, self.def.ranks
            ));
        }
        Ok(square(file, rank))
    }

    fn wrapped_square(&self, word: &str) -> Option<usize> {
        let file = (word.as_bytes()[0] - b'a') as usize;
        let rank: usize = word[1..].parse::<usize>().ok()?.checked_sub(1)?;
        let (files, ranks) = (self.def.files as usize, self.def.ranks as usize);
        // Checked: a rank past usize (`b9223372036854775808`) is off every board.
        let idx = rank.checked_mul(files)?.checked_add(file)?;
        (idx < files * ranks).then(|| square(idx % files, idx / files))
    }

    fn piece(&mut self, ctx: &Ctx, what: &str) -> Result<&mut PieceDef, DefError> {
        match self.piece.as_mut() {
            Some(p) => Ok(p),
            None => ctx.err(format!("`{what}` outside a `Piece:` block")),
        }
    }

    /// Two zones separated by a comma, and the rest of the line.
    fn two_zones<'t>(&self, ctx: &Ctx, text: &'t str) -> Result<([Bits256; 2], &'t str), DefError> {
        let mut parts = text.splitn(3, ',');
        let w = parts.next().unwrap_or("");
        let Some(b) = parts.next() else {
            return ctx.err("expected two zones: `white_zone, black_zone`");
        };
        let rest = parts.next().unwrap_or("");
        Ok(([self.zone(ctx, w)?, self.zone(ctx, b)?], rest))
    }

    /// Reads one `Directive: value` line of a variant or of its current `Piece:` block.
    fn line(&mut self, ctx: &Ctx, line: &str) -> Result<(), DefError> {
        let Some(colon) = line.find(':') else {
            return ctx.err(format!("expected `Directive: value`, found `{line}`"));
        };
        let key = &line[..colon];
        let val = line[colon + 1..].trim();
        match key {
            "Board" => self.board_directive(ctx, val)?,
            "FEN" => self.def.fen = quoted(ctx, val)?.to_string(),
            "XBoard pieces" | "WinBoard pieces" => {
                self.def.xboard_pieces = Some(quoted(ctx, val)?.to_string())
            }
            "XBoard parent" | "WinBoard parent" => {
                self.def.xboard_parent = Some(quoted(ctx, val)?.to_string())
            }
            "Zone" => {
                let Some((name, sq)) = val.split_once('=') else {
                    return ctx.err("expected `Zone: name = a1,b2,...`");
                };
                let z = self.squares(ctx, sq)?;
                self.zones.push((name.trim().to_string(), z));
            }
            "Exclude" => self.def.holes |= self.squares(ctx, val)?,
            "WhiteFlag" => self.def.flags[1] |= self.squares(ctx, val)?,
            "BlackFlag" => self.def.flags[0] |= self.squares(ctx, val)?,
            "Piece" => {
                if let Some(p) = self.piece.take() {
                    self.def.pieces.push(p);
                }
                self.piece = Some(PieceDef {
                    name: val.to_string(),
                    ..PieceDef::default()
                });
            }
            "Move" | "Capture" | "Initial" | "Special" | "Prison" | "Block" | "Drop zone"
            | "Promotion" | "Optional promotion" | "Castle" | "Symbol" | "Value" | "Max"
            | "Flags" | "MBN" => self.piece_directive(ctx, key, val)?,
            "Rule" => parse_rule(ctx, val, &mut self.def.rules)?,
            // FBR rules, applied when the variant is compiled (`rules::fbr`).
            "Rules" => self.def.fbr_rules = Some((ctx.line, val.to_string())),
            "Entry promotion" | "Demotion" | "Allowed victims" => {
                return ctx.err(format!("`{key}:` is not supported"));
            }
            _ => return ctx.err(format!("unknown directive `{key}:`")),
        }
        Ok(())
    }

    /// A directive of the current `Piece:` block (`Move:`, `Capture:`, `Promotion:`, `Flags:`,
    /// ...).
    fn piece_directive(&mut self, ctx: &Ctx, key: &str, val: &str) -> Result<(), DefError> {
        match key {
            "Move" => {
                let m = parse_moves(ctx, val)?;
                self.piece(ctx, key)?.moves.extend(m);
            }
            "Capture" => {
                let m = parse_moves(ctx, val)?;
                self.piece(ctx, key)?
                    .captures
                    .get_or_insert_with(Vec::new)
                    .extend(m);
            }
            "MBN" => {
                // A movement in MBN (`MBN: mfW+cfF`): its moving and capturing parts.
                let sets = crate::rules::fbr::mbn::mbn_piece_move_sets(val.trim())
                    .or_else(|e| ctx.err(e.to_string()))?;
                let p = self.piece(ctx, key)?;
                p.moves.extend(sets.moves);
                p.captures
                    .get_or_insert_with(Vec::new)
                    .extend(sets.captures);
            }
            "Initial" => {
                let m = parse_moves(ctx, val)?;
                self.piece(ctx, key)?.initial.extend(m);
            }
            "Special" => self.special_directive(ctx, key, val)?,
            "Prison" | "Block" | "Drop zone" => {
                let (zones, _) = self.two_zones(ctx, val)?;
                let p = self.piece(ctx, key)?;
                match key {
                    "Prison" => p.prison = Some(zones),
                    "Block" => p.block = Some(zones),
                    _ => {
                        p.drop_zone = Some(zones);
                        p.flags.drop_dead = true;
                    }
                }
            }
            "Promotion" | "Optional promotion" => self.promotion_directive(ctx, key, val)?,
            "Castle" => {
                // SjaakII accepts castling squares off the board (diana's `d8` on 6x6); such a
                // castling move can never happen, so it is dropped.
                let off_board = |e: &DefError| e.reason.contains("off the");
                match self.castle(ctx, val) {
                    Ok(c) => self.piece(ctx, key)?.castles.push(c),
                    Err(e) if off_board(&e) => {}
                    Err(e) => return Err(e),
                }
            }
            "Symbol" => self.symbol_directive(ctx, key, val)?,
            "Value" => {
                let v = val
                    .parse::<i32>()
                    .or_else(|_| ctx.err(format!("bad value `{val}`")))?;
                self.piece(ctx, key)?.value = v;
            }
            "Max" => {
                let nums: Result<Vec<u32>, _> =
                    val.split(',').map(|s| s.trim().parse::<u32>()).collect();
                let max = match nums.as_deref() {
                    Ok([n]) => [*n, *n],
                    Ok([w, b]) => [*w, *b],
                    _ => return ctx.err(format!("bad `Max: {val}` (expected n or white,black)")),
                };
                self.piece(ctx, key)?.max = max;
            }
            "Flags" => {
                let mut flags = self.piece(ctx, key)?.flags;
                for f in val.split(',') {
                    set_piece_flag(ctx, &mut flags, f.trim())?;
                }
                self.piece(ctx, key)?.flags = flags;
            }
            _ => unreachable!("piece directives are listed in `line`"),
        }
        Ok(())
    }

    /// `Board: FILESxRANKS` (once per variant, 1..16 each way); defines the zone `all`.
    fn board_directive(&mut self, ctx: &Ctx, val: &str) -> Result<(), DefError> {
        let Some((f, r)) = val.split_once('x') else {
            return ctx.err(format!("bad board size `{val}` (expected FILESxRANKS)"));
        };
        let (Ok(f), Ok(r)) = (f.trim().parse::<u32>(), r.trim().parse::<u32>()) else {
            return ctx.err(format!("bad board size `{val}` (expected FILESxRANKS)"));
        };
        if self.has_board {
            return ctx.err("second `Board:` line in one variant");
        }
        if f == 0 || r == 0 || f > 16 || r > 16 {
            return ctx.err(format!("board {f}x{r}: files and ranks must be 1..16"));
        }
        self.def.files = f as u8;
        self.def.ranks = r as u8;
        self.has_board = true;
        let all = self.board_all();
        self.zones.push(("all".into(), all));
        Ok(())
    }

    /// `Special: white_zone, black_zone, moves`: moves allowed in the zones (a second line
    /// replaces the zones and adds its moves).
    fn special_directive(&mut self, ctx: &Ctx, key: &str, val: &str) -> Result<(), DefError> {
        let (zones, rest) = self.two_zones(ctx, val)?;
        let m = parse_moves(ctx, rest)?;
        let p = self.piece(ctx, key)?;
        match &mut p.special {
            Some((z, atoms)) => {
                *z = zones;
                atoms.extend(m);
            }
            None => p.special = Some((zones, m)),
        }
        Ok(())
    }

    /// `Promotion: white_zone, black_zone, "choices"` (the choices may be left out of an
    /// `Optional promotion`).
    fn promotion_directive(&mut self, ctx: &Ctx, key: &str, val: &str) -> Result<(), DefError> {
        let (zone, rest) = self.two_zones(ctx, val)?;
        let optional = key != "Promotion";
        let choices = if rest.trim().is_empty() && optional {
            String::new()
        } else {
            quoted(ctx, rest)?.to_string()
        };
        self.piece(ctx, key)?.promotions.push(PromotionDef {
            zone,
            choices,
            optional,
            forced: false,
        });
        Ok(())
    }

    /// `Symbol: "SAN", "W,b"`: the piece's SAN letter and its FEN symbols.
    fn symbol_directive(&mut self, ctx: &Ctx, key: &str, val: &str) -> Result<(), DefError> {
        let mut q = val.split('"');
        let (_, Some(san), _, Some(fen)) = (q.next(), q.next(), q.next(), q.next()) else {
            return ctx.err("expected `Symbol: \"SAN\", \"W,b\"`");
        };
        let Some((w, b)) = fen.split_once(',') else {
            return ctx.err(format!("FEN symbols `{fen}`: expected `W,b`"));
        };
        let p = self.piece(ctx, key)?;
        p.san = san.trim().to_string();
        p.symbols = [w.trim().to_string(), b.trim().to_string()];
        Ok(())
    }

    fn castle(&self, ctx: &Ctx, val: &str) -> Result<CastleDef, DefError> {
        let (color, rest) = if let Some(r) = val.strip_prefix("white") {
            (0, r)
        } else if let Some(r) = val.strip_prefix("black") {
            (1, r)
        } else {
            return ctx.err("expected `Castle: white|black FROM-TO with PARTNER`");
        };
        let Some((moves, partner)) = rest.split_once("with") else {
            return ctx.err("castling without `with PARTNER`");
        };
        let Some((from, tos)) = moves.split_once('-') else {
            return ctx.err("castling without `FROM-TO`");
        };
        let from = self.square(ctx, from.trim())?;
        let mut to = Vec::new();
        for t in tos.split(',') {
            to.push(self.square(ctx, t.trim())?);
        }
        let partner = self.square(ctx, partner.trim())?;
        Ok(CastleDef {
            color,
            from,
            to,
            partner,
        })
    }
}

/// Sets one flag of a `Flags:` line (`royal`, `set_ep`, `drop_no_check`, ...); `castle` and
/// an empty word set nothing.
fn set_piece_flag(ctx: &Ctx, flags: &mut PieceFlags, f: &str) -> Result<(), DefError> {
    match f {
        "royal" => flags.royal = true,
        "castle" => {}
        "set_ep" => flags.set_ep = true,
        "take_ep" => flags.take_ep = true,
        "drop_no_check" => flags.drop_no_check = true,
        "drop_no_mate" => flags.drop_no_mate = true,
        "drop_one_file" => flags.drop_one_file = true,
        "drop_dead" => flags.drop_dead = true,
        "no_mate" => flags.no_mate = true,
        "shak" => flags.shak = true,
        "assimilate" => flags.assimilate = true,
        "no_retaliate" => flags.no_retaliate = true,
        "endangered" => flags.endangered = true,
        "iron" => flags.iron = true,
        "capture_flag" => flags.capture_flag = true,
        "" => {}
        other => return ctx.err(format!("unknown piece flag `{other}`")),
    }
    Ok(())
}

fn quoted<'t>(ctx: &Ctx, text: &'t str) -> Result<&'t str, DefError> {
    let mut q = text.splitn(3, '"');
    q.next();
    match (q.next(), q.next()) {
        (Some(s), Some(_)) => Ok(s),
        _ => ctx.err(format!("expected a quoted string, found `{}`", text.trim())),
    }
}

fn outcome(ctx: &Ctx, text: &str) -> Result<Outcome, DefError> {
    let v = text.split_once('=').map(|(_, v)| v.trim()).unwrap_or("");
    Ok(match v {
        "win" => Outcome::Win,
        "loss" => Outcome::Loss,
        "draw" => Outcome::Draw,
        "illegal" => Outcome::Illegal,
        "repeat" => Outcome::Repeat,
        _ => {
            return ctx.err(format!(
                "expected `= win|loss|draw|illegal`, found `{text}`"
            ));
        }
    })
}

fn parse_rule(ctx: &Ctx, val: &str, r: &mut RuleSet) -> Result<(), DefError> {
    let head: String = val
        .chars()
        .take_while(|c| c.is_ascii_alphabetic())
        .collect();
    let num = |s: &str| -> Option<u32> {
        let d: String = s
            .chars()
            .skip_while(|c| c.is_ascii_alphabetic())
            .take_while(|c| c.is_ascii_digit())
            .collect();
        d.parse().ok()
    };
    match head.as_str() {
        "checkmate" => r.checkmate = Some(outcome(ctx, val)?),
        "stalemate" => r.stalemate = Some(outcome(ctx, val)?),
        "repeat" => r.repeat = Some((num(val).unwrap_or(3), outcome(ctx, val)?)),
        "perpetual" => r.perpetual = Some(outcome(ctx, val)?),
        "loneking" => r.loneking = Some(outcome(ctx, val)?),
        "nopieces" => r.nopieces = Some(outcome(ctx, val)?),
        "captureanyflag" => r.capture_any_flag = Some(outcome(ctx, val)?),
        "captureallflags" => r.capture_all_flags = Some(outcome(ctx, val)?),
        "check" if num(val).is_some() => {
            r.check_limit = Some((num(val).unwrap_or(3), outcome(ctx, val)?))
        }
        "movecountdraw" => {
            let v = val.split_once('=').map(|(_, v)| v.trim()).unwrap_or("50");
            r.move_count_draw = Some(
                v.parse()
                    .or_else(|_| ctx.err(format!("bad move count `{v}`")))?,
            );
        }
        _ => {
            for word in val.split(',') {
                let w = word.trim();
                match w {
                    "taboo" => r.taboo = true,
                    "keep capture" => r.keep_capture = true,
                    "return capture" => r.return_capture = true,
                    "forced capture" => r.forced_capture = true,
                    "duplecheck" => r.duplecheck = true,
                    "check any king" => r.check_any_king = true,
                    "allow pickup" => r.allow_pickup = true,
                    "allow drops" | "allow drop" => r.allow_drops = true,
                    "force drops" | "force drop" => r.force_drops = true,
                    "gate drops" | "gate drop" => r.gate_drops = true,
                    "promote here" => r.promote_here = true,
                    "promote drop" => r.promote_drop = true,
                    "special init" => r.special_init = true,
                    "bare rule" => r.bare_rule = true,
                    "chase rule" => r.chase_rule = true,
                    "shak rule" => r.shak_rule = true,
                    "en-passant check" => r.en_passant_check = true,
                    "quiet promotion" => r.quiet_promotion = true,
                    "promote by move" => r.promote_by_move = true,
                    "makruk counting" => r.makruk_counting = true,
                    other => return ctx.err(format!("unknown rule `{other}`")),
                }
            }
        }
    }
    Ok(())
}

/// Parses the atoms of a move line (`slide (H,V)`, `leap (1,0)+(1,1)&(2,1)`, `none`).
fn parse_moves(ctx: &Ctx, text: &str) -> Result<MoveSet, DefError> {
    let t = text.trim();
    if t == "none" || t.is_empty() {
        return Ok(Vec::new());
    }
    let kind: String = t.chars().take_while(|c| c.is_ascii_alphabetic()).collect();
    if matches!(
        kind.as_str(),
        "slide" | "hop" | "leap" | "aleap" | "ride" | "step"
    ) && !t[kind.len()..].starts_with(char::is_whitespace)
    {
        // SjaakII recognises a movement only when its keyword is followed by a space:
        // `leap(2,1)` (iesonmora's unicorn) defines no movement at all there.
        return Ok(Vec::new());
    }
    let rest = t[kind.len()..].trim();
    let atom = match kind.as_str() {
        "slide" | "hop" => {
            let mut dirs = 0u8;
            for c in rest.chars() {
                match c {
                    'H' => dirs |= 1,
                    'V' => dirs |= 2,
                    'D' => dirs |= 4,
                    'A' => dirs |= 8,
                    '(' | ')' | ',' | ' ' => {}
                    other => return ctx.err(format!("unknown slide direction `{other}` in `{t}`")),
                }
            }
            if kind == "slide" {
                Atom::Slide(dirs)
            } else {
                Atom::Hop(dirs)
            }
        }
        "leap" | "aleap" => Atom::Leap(parse_leaper(ctx, rest, kind == "aleap")?),
        "ride" => {
            let l = parse_leaper(ctx, rest, false)?;
            if !l.second.is_empty() || l.mask.is_some() {
                return ctx.err(format!("`ride` takes `(x,y)|...` only: `{t}`"));
            }
            Atom::Ride(l.first)
        }
        "step" => Atom::Step(parse_steps(ctx, rest)?),
        _ => return ctx.err(format!("unknown move kind `{kind}` in `{t}`")),
    };
    Ok(vec![atom])
}

fn parse_steps(ctx: &Ctx, text: &str) -> Result<Vec<(i8, i8, u8)>, DefError> {
    let mut out = Vec::new();
    for word in text.split(',') {
        let w = word.trim();
        let digits: String = w.chars().take_while(|c| c.is_ascii_digit()).collect();
        let count: u8 = if digits.is_empty() {
            1
        } else {
            digits
                .parse()
                .or_else(|_| ctx.err(format!("bad step count in `{w}`")))?
        };
        let (dx, dy) = match &w[digits.len()..] {
            "N" => (0, 1),
            "NE" => (1, 1),
            "E" => (1, 0),
            "SE" => (1, -1),
            "S" => (0, -1),
            "SW" => (-1, -1),
            "W" => (-1, 0),
            "NW" => (-1, 1),
            d => return ctx.err(format!("unknown step direction `{d}`")),
        };
        if count > 15 {
            return ctx.err(format!("step count {count} above 15"));
        }
        out.push((dx, dy, count));
    }
    Ok(out)
}

/// Leaper expression: `mask := sum ('&' sum)?`, `sum := alt ('+' alt)?`,
/// `alt := prim ('|' prim)*`, `prim := (x,y) | '(' mask ')'`.
fn parse_leaper(ctx: &Ctx, text: &str, asymmetric: bool) -> Result<Leaper, DefError> {
    let toks: Vec<char> = text.chars().filter(|c| !c.is_whitespace()).collect();
    let mut p = LeapParser {
        t: &toks,
        i: 0,
        ctx,
        text,
        last_y: 0,
    };
    let mut l = p.mask()?;
    if p.i != toks.len() {
        return ctx.err(format!(
            "unexpected `{}` in leaper `{text}`",
            toks[p.i..].iter().collect::<String>()
        ));
    }
    l.asymmetric = asymmetric;
    if !asymmetric {
        l.first = mirror(&l.first);
        l.second = mirror(&l.second);
        l.mask = l.mask.map(|m| mirror(&m));
    }
    Ok(l)
}

/// The 8 mirror images of each vector (deduplicated).
fn mirror(v: &[(i8, i8)]) -> Vec<(i8, i8)> {
    let mut out: Vec<(i8, i8)> = Vec::new();
    for &(x, y) in v {
        for (a, b) in [(x, y), (y, x)] {
            for (sa, sb) in [(1, 1), (1, -1), (-1, 1), (-1, -1)] {
                let m = (a * sa, b * sb);
                if !out.contains(&m) {
                    out.push(m);
                }
            }
        }
    }
    out
}

struct LeapParser<'a> {
    t: &'a [char],
    i: usize,
    ctx: &'a Ctx<'a>,
    text: &'a str,
    last_y: i8,
}

impl LeapParser<'_> {
    fn peek(&self) -> Option<char> {
        self.t.get(self.i).copied()
    }
    fn mask(&mut self) -> Result<Leaper, DefError> {
        let mut l = self.sum()?;
        if self.peek() == Some('&') {
            self.i += 1;
            let m = self.sum()?;
            if !m.second.is_empty() || m.mask.is_some() {
                return self.ctx.err(format!(
                    "a leaper mask must be a plain leap: `{}`",
                    self.text
                ));
            }
            l.mask = Some(m.first);
        }
        Ok(l)
    }
    fn sum(&mut self) -> Result<Leaper, DefError> {
        let mut l = self.alt()?;
        if self.peek() == Some('+') {
            self.i += 1;
            let s = self.alt()?;
            if !l.second.is_empty() || !s.second.is_empty() || l.mask.is_some() || s.mask.is_some()
            {
                return self.ctx.err(format!(
                    "only two-step leapers are supported: `{}`",
                    self.text
                ));
            }
            l.second = s.first;
        }
        Ok(l)
    }
    fn alt(&mut self) -> Result<Leaper, DefError> {
        let mut l = self.prim()?;
        while self.peek() == Some('|') {
            self.i += 1;
            let o = self.prim()?;
            if !l.second.is_empty() || !o.second.is_empty() || l.mask.is_some() || o.mask.is_some()
            {
                return self
                    .ctx
                    .err(format!("`|` joins plain leaps only: `{}`", self.text));
            }
            l.first.extend(o.first);
        }
        Ok(l)
    }
    fn prim(&mut self) -> Result<Leaper, DefError> {
        if self.peek() != Some('(') {
            return self
                .ctx
                .err(format!("expected `(` in leaper `{}`", self.text));
        }
        // A vector `(x,y)` or a parenthesised expression.
        let mut j = self.i + 1;
        while j < self.t.len()
            && (self.t[j].is_ascii_digit() || self.t[j] == '-' || self.t[j] == ',')
        {
            j += 1;
        }
        if j < self.t.len() && self.t[j] == ')' && self.t[self.i + 1..j].contains(&',') {
            let inner: String = self.t[self.i + 1..j].iter().collect();
            let (a, b) = inner.split_once(',').unwrap_or(("", ""));
            // SjaakII reads `(2,)` with sscanf: the missing number keeps the previous
            // vector's value (cambodian's `(-2,1)|(2,)` is `(2,1)`).
            let x: i8 = a
                .parse()
                .or_else(|_| self.ctx.err(format!("bad vector `({inner})`")))?;
            let y: i8 = if b.is_empty() {
                self.last_y
            } else {
                b.parse()
                    .or_else(|_| self.ctx.err(format!("bad vector `({inner})`")))?
            };
            self.last_y = y;
            if a.is_empty() {
                return self.ctx.err(format!("bad vector `({inner})`"));
            }
            self.i = j + 1;
            return Ok(Leaper {
                first: vec![(x, y)],
                ..Leaper::default()
            });
        }
        self.i += 1;
        let l = self.mask()?;
        if self.peek() != Some(')') {
            return self
                .ctx
                .err(format!("missing `)` in leaper `{}`", self.text));
        }
        self.i += 1;
        Ok(l)
    }
}
