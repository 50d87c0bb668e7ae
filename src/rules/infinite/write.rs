//! Writing positions as ICN strings (the inverse of [`super::read::icn_to_position`]).

use super::piece::Owner;
use super::position::{InfPosition, Rules};

/// The ICN string of a position: turn, en passant, `N/M`, fullmove, promotions, world border,
/// win conditions, JSON extras, then the piece list sorted by descending y, then x.
pub fn position_to_icn(pos: &InfPosition) -> String {
    let mut parts: Vec<String> = Vec::new();
    parts.push(if pos.turn == Owner::Black { "b" } else { "w" }.into());
    if let Some((x, y)) = pos.en_passant {
        parts.push(format!("{x},{y}"));
    }
    if let Some(m) = pos.rules.move_rule {
        parts.push(format!("{}/{m}", pos.halfmove));
    }
    parts.push(pos.fullmove.to_string());
    if pos.rules.promotion_given {
        parts.push(promotions(&pos.rules));
    }
    if let Some(b) = pos.rules.border {
        let f = |v: Option<i64>| v.map_or("_".to_string(), |v| v.to_string());
        parts.push(b.map(f).join(","));
    }
    if pos.rules.win_given {
        let words = |side: usize| {
            pos.rules.win[side]
                .iter()
                .map(|w| w.word())
                .collect::<Vec<_>>()
                .join(",")
        };
        if pos.rules.win[0] == pos.rules.win[1] {
            parts.push(words(0));
        } else {
            parts.push(format!("({}|{})", words(0), words(1)));
        }
    }
    if let Some(map) = &pos.rules.extras {
        parts.push(serde_json::Value::Object(map.clone()).to_string());
    }
    let mut pieces: Vec<_> = pos.board.iter().collect();
    pieces.sort_by_key(|((x, y), _)| (-(*y as i128), *x));
    let list: Vec<String> = pieces
        .into_iter()
        .map(|(sq, p)| {
            let plus = if pos.rights.contains(&sq) { "+" } else { "" };
            format!("{}{},{}{plus}", p.to_icn(), sq.0, sq.1)
        })
        .collect();
    parts.push(list.join("|"));
    parts.join(" ")
}

fn promotions(rules: &Rules) -> String {
    let side = |i: usize, owner: Owner| match &rules.promotion[i] {
        None => String::new(),
        Some(p) => {
            let ranks: Vec<String> = p.ranks.iter().map(i64::to_string).collect();
            let mut s = ranks.join(",");
            if p.explicit_choices {
                let kinds: Vec<String> = p
                    .choices
                    .iter()
                    .map(|k| super::piece::Piece { kind: *k, owner }.to_icn())
                    .collect();
                s.push(';');
                s.push_str(&kinds.join(","));
            }
            s
        }
    };
    format!("({}|{})", side(0, Owner::White), side(1, Owner::Black))
}
