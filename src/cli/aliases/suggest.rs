//! The nearest known option to a misspelt one (`-gamenumbr` → `-gamenumber`), for the error
//! that names an unknown word: CQL 6.2's and CQLi's words with one dash, cqlq's long options
//! with two.

/// Every word of three letters or more that [`super::cql_word`] or [`super::cqli_word`]
/// knows (the one-letter ones are too short to guess from), besides [`super::TRANSFORMS`].
pub const WORDS: &[&str] = &[
    "input",
    "output",
    "cql",
    "matchstring",
    "player",
    "white",
    "black",
    "event",
    "site",
    "result",
    "threads",
    "gamenumber",
    "year",
    "matchcount",
    "variations",
    "mainline",
    "silent",
    "quiet",
    "noheader",
    "noheaders",
    "parse",
    "showmatches",
    "help",
    "version",
    "nooutputstatus",
    "limit",
    "maxopenoutputfiles",
    "noclobber",
    "createdirectories",
    "dryrun",
    "singlethreaded",
    "multithreaded",
    "vii",
    "virtualmainline",
    "wtm",
    "btm",
    "fen",
    "assign",
    "showoutput",
    "showthread",
    "lineincrement",
    "outputbuffer",
    "debug",
    "lex",
    "showfromstring",
    "alwayscomment",
    "nosortcomments",
    "uniquecomments",
    "nouniquecomments",
    "nolinearize",
    "nosettag",
    "noremovecomment",
    "utf8",
    "html",
    "echo",
    "colorize",
    "gui",
    "guipgnstdin",
    "guipgnstdout",
    "hhdb",
    "similarposition",
    "skipunknownvariants",
    "warnlevel",
    "pipetimeout",
    "nosort",
    "nestedcomments",
    "variantalias",
    "keepallbest",
    "showdictionaries",
    "nosmartcomments",
    "noremovetag",
    "license",
    "pgnlinewidth",
];

/// The option nearest to `word` (lower case, without dashes), spelt with its dashes:
/// `-WORD` for CQL's and CQLi's words, `--NAME` for cqlq's `longs`; None when nothing is
/// within two edits (one for words of four letters or fewer), a swap of two letters counting
/// as one (`fne`: `--fen`). Of two as near, the spelling of the word's own dashes: cqlq's long
/// option when `double` (`--fne`: `--fen`), else CQL's (`-gamenumbr`: `-gamenumber`).
pub fn nearest_option<'a>(
    word: &str,
    longs: impl Iterator<Item = &'a str>,
    double: bool,
) -> Option<String> {
    let limit = if word.chars().count() <= 4 { 1 } else { 2 };
    let cql = WORDS
        .iter()
        .chain(&super::TRANSFORMS)
        .map(|w| (*w, format!("-{w}")));
    let own = longs.map(|l| (l, format!("--{l}")));
    let candidates: Vec<(&str, String)> = if double {
        own.chain(cql).collect()
    } else {
        cql.chain(own).collect()
    };
    candidates
        .into_iter()
        .map(|(w, shown)| (strsim::osa_distance(word, w), shown))
        .filter(|(d, _)| *d <= limit)
        .min_by_key(|(d, _)| *d)
        .map(|(_, shown)| shown)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_word_is_an_option() {
        for w in WORDS.iter().chain(&super::super::TRANSFORMS) {
            assert!(
                super::super::cql_word(w).is_some() || super::super::cqli_word(w).is_some(),
                "{w}"
            );
        }
    }

    #[test]
    fn misspellings_find_their_option() {
        assert_eq!(strsim::levenshtein("kitten", "sitting"), 3);
        let none = std::iter::empty();
        assert_eq!(
            nearest_option("gamenumbr", none, false).as_deref(),
            Some("-gamenumber")
        );
        let longs = ["gamenumbers", "json"].into_iter();
        assert_eq!(
            nearest_option("jsno", longs, true).as_deref(),
            Some("--json")
        );
        let longs = ["json"].into_iter();
        assert_eq!(
            nearest_option("jsn", longs, true).as_deref(),
            Some("--json")
        );
        assert_eq!(
            nearest_option("frobnicate", std::iter::empty(), false),
            None
        );
        let longs = ["fen", "json"].into_iter();
        assert_eq!(nearest_option("fne", longs, true).as_deref(), Some("--fen"));
    }
}
