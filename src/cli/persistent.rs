//! The persistent variables' final values after the run, which CQL 6.2 prints on its
//! console as `Name: value` lines. Standard output carries only results: when the results
//! go there, the lines go to stderr; with `--json` they are one final JSON record on stdout,
//! `{"persistent":{"Name":value}}`, the values typed (a number as a number, a string as a
//! string, squares as an array of names, unbound as null).

use std::io::{self, Write};

use cqlq::eval::Datum;
use cqlq::output::Format;

/// Prints the values (in order of declaration; None: unbound): with `--json`, the record on
/// stdout; else the `Name: value` lines, on stdout when the results went elsewhere
/// (`stdout_free`: `-o FILE`, `--split-by`, `--html FILE`), else on stderr.
pub fn print_persistent(
    values: &[(String, Option<Datum>)],
    format: Format,
    stdout_free: bool,
) -> io::Result<()> {
    if values.is_empty() {
        return Ok(());
    }
    if format == Format::Json {
        let mut out = io::stdout().lock();
        writeln!(out, "{}", json_record(values))?;
        return out.flush();
    }
    let mut lines = String::new();
    for (name, value) in values {
        let text = value
            .as_ref()
            .map_or("<unbound>".to_string(), Datum::printed);
        lines.push_str(&format!("{name}: {text}\n"));
    }
    if stdout_free {
        let mut out = io::stdout().lock();
        out.write_all(lines.as_bytes())?;
        out.flush()
    } else {
        eprint!("{lines}");
        Ok(())
    }
}

/// `{"persistent":{"Name":value,...}}` with typed values.
fn json_record(values: &[(String, Option<Datum>)]) -> serde_json::Value {
    let map: serde_json::Map<String, serde_json::Value> = values
        .iter()
        .map(|(name, value)| {
            (
                name.clone(),
                value.as_ref().map_or(serde_json::Value::Null, json_value),
            )
        })
        .collect();
    serde_json::json!({ "persistent": map })
}

/// One value as JSON: a number, a string, the squares' names (`["a1","h8"]`), a position's
/// number.
fn json_value(value: &Datum) -> serde_json::Value {
    match value {
        Datum::Num(n) => (*n).into(),
        Datum::Str(s) => s.clone().into(),
        Datum::Squares(coords) => coords
            .iter()
            .map(|c| {
                let file = char::from(b'a' + c.file.clamp(0, 25) as u8);
                serde_json::Value::from(format!("{file}{}", c.rank + 1))
            })
            .collect(),
        Datum::Pos(p) => (*p).into(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Numbers are JSON numbers, strings strings, an unbound variable null.
    #[test]
    fn the_json_record_has_typed_values() {
        let values = vec![
            ("Mates".to_string(), Some(Datum::Num(1))),
            ("Name".to_string(), Some(Datum::Str("x".into()))),
            ("Never".to_string(), None),
        ];
        assert_eq!(
            json_record(&values).to_string(),
            r#"{"persistent":{"Mates":1,"Name":"x","Never":null}}"#
        );
    }
}
