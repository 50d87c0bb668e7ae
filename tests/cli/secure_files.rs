//! Issue 32 row 1: `--secure` (CQLi's option: "forbid readfile, writefile, commandpipe")
//! holds for every way a query can name a file: the words `readfile`, `writefile`,
//! `commandpipe`, and the `cql(...)` header's `input`, `output`, `persistentfile` and
//! `html`. Each is refused by name with exit 2, and no file is read or written.

use crate::common::cqlq_in as run;
use std::fs;

/// A game with a mate (so a query that ran would match and write).
const MATE: &str = "[Event \"scholar\"]\n[Result \"1-0\"]\n\n\
1. e4 e5 2. Bc4 Nc6 3. Qh5 Nf6 4. Qxf7# 1-0\n";

/// The reproducers (`--secure -e 'cql(output victim.txt) mate'` replaced the file;
/// `cql(input secret.txt)` read it and showed its first token) and the other file
/// parameters and words: each refused under `--secure`, naming what is refused; the victim
/// and the secret untouched and not shown.
#[test]
fn secure_refuses_every_header_parameter_and_word_that_names_a_file() {
    let scratch = crate::common::scratch("secure", "files");
    let dir = scratch.path();
    fs::write(dir.join("g.pgn"), MATE).unwrap();
    fs::write(dir.join("victim.txt"), "precious\n").unwrap();
    fs::write(dir.join("secret.txt"), "TOPSECRET token\n").unwrap();
    let cases = [
        ("cql(output victim.txt) mate", "'output'"),
        ("cql(input secret.txt) mate", "'input'"),
        ("cql(persistentfile victim.txt) mate", "'persistentfile'"),
        ("cql(html victim.txt) mate", "'html'"),
        ("cql(quiet output victim.txt) mate", "'output'"),
        ("readfile \"secret.txt\" == \"\"", "'readfile'"),
        ("writefile(\"victim.txt\" \"junk\")", "'writefile'"),
        ("commandpipe (\"cat\")", "'commandpipe'"),
    ];
    for (query, word) in cases {
        // With a PGN named, and without (then the header's input would be read).
        for args in [
            &["--secure", "-e", query, "g.pgn"][..],
            &["--secure", "-e", query],
        ] {
            let out = run(dir, args);
            let err = String::from_utf8_lossy(&out.stderr);
            assert_eq!(out.status.code(), Some(2), "{args:?}: {err}");
            assert!(
                err.contains(word) && err.contains("--secure"),
                "{args:?}: {err}"
            );
            assert!(!err.contains("TOPSECRET"), "{args:?}: {err}");
            assert!(out.stdout.is_empty(), "{args:?}");
            assert_eq!(
                fs::read_to_string(dir.join("victim.txt")).unwrap(),
                "precious\n",
                "{args:?}"
            );
        }
    }
    // Without --secure the header's output is the user's choice, as in CQL 6.2.
    let out = run(dir, &["-e", "cql(output victim.txt) mate", "g.pgn"]);
    assert_eq!(out.status.code(), Some(0));
    assert!(
        fs::read_to_string(dir.join("victim.txt"))
            .unwrap()
            .contains("Qxf7#")
    );
    // The command line's -o and inputs are the user's, allowed under --secure.
    let out = run(dir, &["--secure", "-e", "mate", "g.pgn", "-o", "out.pgn"]);
    assert_eq!(out.status.code(), Some(0));
}
