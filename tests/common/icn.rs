//! Running the `cqlq` binary on the infinitechess.org ICN data (`../shared/variants/icn/`),
//! shared by the infinite-chess query tests.

use std::collections::BTreeSet;
use std::path::{Path, PathBuf};
use std::process::Command;

/// `../shared/variants/icn`, or None (with a "skipped" line) when it is absent.
pub fn icn_dir() -> Option<PathBuf> {
    let p = Path::new(env!("CARGO_MANIFEST_DIR")).join("../shared/variants/icn");
    if p.is_dir() {
        Some(p)
    } else {
        crate::common::skip("../shared/variants/icn is absent");
        None
    }
}

/// Runs `cqlq -q ARGS -e QUERY FILE`; returns (exit code, stdout, stderr).
pub fn cqlq(args: &[&str], query: &str, file: &Path) -> (Option<i32>, String, String) {
    let out = Command::new(env!("CARGO_BIN_EXE_cqlq"))
        .arg("-q")
        .args(args)
        .args(["-e", query, file.to_str().unwrap()])
        .output()
        .unwrap();
    (
        out.status.code(),
        String::from_utf8_lossy(&out.stdout).into_owned(),
        String::from_utf8_lossy(&out.stderr).into_owned(),
    )
}

/// The matched (game, ply) pairs of a query, from `--json`.
pub fn matches(query: &str, file: &Path) -> BTreeSet<(u64, u64)> {
    let (_, out, err) = cqlq(&["--json"], query, file);
    assert!(err.is_empty(), "{query}: {err}");
    out.lines()
        .map(|l| {
            let v: serde_json::Value = serde_json::from_str(l).unwrap();
            (v["game"].as_u64().unwrap(), v["ply"].as_u64().unwrap())
        })
        .collect()
}
