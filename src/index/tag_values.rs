//! A build's table of tag values (`docs/index.md`, "The file": the string table), within a
//! fixed size: a value is numbered when first met while its tag has added at most
//! [`TAG_VALUE_BYTES`] to the table in this build and the table holds at most
//! [`TABLE_BYTES`]; past that a new value is [`TAG_NOT_KEPT`] (the game's tag is present, its
//! value unknown to the index: no tag test rules the game out). So the build's memory is
//! flat in the number of games even where nearly every game brings new values (a lichess
//! month's players); the values met first, and every value met again, keep their numbers.

use std::collections::HashMap;
use std::hash::{BuildHasher, Hasher};

use super::format::{FIRST_VALUE, TABLE_BYTES, TAG_NOT_KEPT};
use super::summary::TAGS;

/// The most bytes one kept tag's new values add to the table in one build (about 150,000
/// players' names): a tag whose values are all new (players) does not crowd out the values
/// of the others (the dates of a month's second half).
pub const TAG_VALUE_BYTES: usize = 2 << 20;

/// The tag values met so far, numbered from [`FIRST_VALUE`] in the order first met.
#[derive(Debug)]
pub struct TagValues {
    /// Every value's bytes, one after another.
    text: String,
    /// Where each value ends in `text`.
    ends: Vec<u32>,
    /// A value's number by its keyed hash; a value whose hash an earlier value has is not
    /// kept (with a random key: never, in practice).
    numbers: HashMap<u64, u32, KeyIsHash>,
    /// The hash of the values.
    hashing: WordHashing,
    /// The string table's bytes so far (`format::string_table`'s encoding).
    table_bytes: usize,
    /// Per kept tag (`summary::TAG_NAMES`), the table's bytes its new values added.
    added: [usize; TAGS],
    /// The most bytes a tag adds ([`TAG_VALUE_BYTES`]; less in tests).
    tag_budget: usize,
    /// Per kept tag, the number of the last game's value (0: none yet): games in a row
    /// mostly share their event, date, round and the like, and the value is compared with
    /// it before any hashing.
    last: [u32; TAGS],
}

impl Default for TagValues {
    /// An empty table whose tags each add at most [`TAG_VALUE_BYTES`]; a debug build (the
    /// tests') takes another budget from `CQLQ_TEST_TAG_BYTES`, so that a test fills a
    /// small file's table as a big file's fills.
    fn default() -> Self {
        #[cfg(debug_assertions)]
        if let Some(bytes) =
            (std::env::var("CQLQ_TEST_TAG_BYTES").ok()).and_then(|v| v.parse().ok())
        {
            return TagValues::with_budget(bytes);
        }
        TagValues::with_budget(TAG_VALUE_BYTES)
    }
}

impl TagValues {
    /// An empty table whose tags each add at most `tag_budget` bytes.
    pub fn with_budget(tag_budget: usize) -> TagValues {
        TagValues {
            text: String::new(),
            ends: Vec::new(),
            numbers: HashMap::default(),
            hashing: WordHashing::default(),
            table_bytes: varint_len(0),
            added: [0; TAGS],
            tag_budget,
            last: [0; TAGS],
        }
    }

    /// The values of an earlier index, numbered as there (within [`TABLE_BYTES`], as that
    /// index's build kept them).
    pub fn from_values(values: &[String]) -> TagValues {
        let mut table = TagValues::default();
        for value in values {
            let hash = table.hashing.hash_one(value.as_str());
            table.push(value, hash);
        }
        table
    }

    /// The number of `value`, the value of kept tag `tag` (compared first with that tag's
    /// last value): given one when new and within the budgets, else [`TAG_NOT_KEPT`].
    pub fn number_of_tag(&mut self, tag: usize, value: &str) -> u32 {
        let last = self.last[tag];
        if last >= FIRST_VALUE && self.value(last) == value {
            return last;
        }
        let hash = self.hashing.hash_one(value);
        let n = match self.numbers.get(&hash) {
            Some(&n) if self.value(n) == value => n,
            Some(_) => TAG_NOT_KEPT,
            None => {
                let bytes = entry_len(value);
                let fits = self.added[tag] + bytes <= self.tag_budget
                    && self.table_bytes + bytes <= TABLE_BYTES - varint_len(u64::MAX);
                if fits {
                    self.added[tag] += bytes;
                    self.push(value, hash)
                } else {
                    TAG_NOT_KEPT
                }
            }
        };
        self.last[tag] = n;
        n
    }

    /// Numbers `value` (new, its keyed hash `hash`), whatever the budgets.
    fn push(&mut self, value: &str, hash: u64) -> u32 {
        self.text.push_str(value);
        self.ends.push(self.text.len() as u32);
        self.table_bytes += entry_len(value);
        let n = FIRST_VALUE - 1 + self.ends.len() as u32;
        self.numbers.insert(hash, n);
        n
    }

    /// The value numbered `n` (at least [`FIRST_VALUE`]).
    fn value(&self, n: u32) -> &str {
        let i = (n - FIRST_VALUE) as usize;
        let start = i.checked_sub(1).map_or(0, |j| self.ends[j] as usize);
        &self.text[start..self.ends[i] as usize]
    }

    /// The values in their numbers' order (the string table's).
    pub fn into_values(self) -> Vec<String> {
        let mut start = 0;
        (self.ends.iter())
            .map(|&end| {
                let value = self.text[start..end as usize].to_string();
                start = end as usize;
                value
            })
            .collect()
    }
}

/// A value's bytes in the string table: its length's varint, then its bytes.
fn entry_len(value: &str) -> usize {
    varint_len(value.len() as u64) + value.len()
}

/// The bytes of `n`'s varint (LEB128).
fn varint_len(n: u64) -> usize {
    (64 - (n | 1).leading_zeros() as usize).div_ceil(7)
}

/// The table's map from a value's hash to its number: the hash is the key's own.
#[derive(Clone, Copy, Debug, Default)]
struct KeyIsHash;

impl BuildHasher for KeyIsHash {
    type Hasher = HashPassed;

    fn build_hasher(&self) -> HashPassed {
        HashPassed(0)
    }
}

/// Hashes a u64 (a value's keyed hash) as itself.
#[derive(Clone, Copy, Debug)]
struct HashPassed(u64);

impl Hasher for HashPassed {
    fn write(&mut self, bytes: &[u8]) {
        for &b in bytes {
            self.0 = self.0.rotate_left(8) ^ u64::from(b);
        }
    }

    fn write_u64(&mut self, n: u64) {
        self.0 = n;
    }

    fn finish(&self) -> u64 {
        self.0
    }
}

/// Makes the [`WordHasher`]s of a build's table of tag values, all with one random key.
#[derive(Clone, Debug)]
struct WordHashing {
    key: u64,
}

impl Default for WordHashing {
    /// A key drawn at random (std's `RandomState`): a file cannot choose values that collide.
    fn default() -> Self {
        WordHashing {
            key: std::collections::hash_map::RandomState::new().hash_one(0x9e37_79b9_u64) | 1,
        }
    }
}

impl BuildHasher for WordHashing {
    type Hasher = WordHasher;

    fn build_hasher(&self) -> WordHasher {
        WordHasher {
            state: self.key,
            key: self.key,
        }
    }
}

/// A keyed hash of tag values 8 bytes at a time, each word folded into the state by a
/// 128-bit multiply (aHash's fallback): every game's nine tags are looked up, and std's
/// SipHash a byte at a time cost 3 % of a build.
#[derive(Clone, Copy, Debug)]
struct WordHasher {
    state: u64,
    key: u64,
}

impl WordHasher {
    /// Folds `word` into the state.
    fn mix(&mut self, word: u64) {
        let product = u128::from(self.state ^ word) * u128::from(self.key);
        self.state = (product as u64 ^ (product >> 64) as u64).rotate_left(23);
    }
}

impl Hasher for WordHasher {
    fn write(&mut self, bytes: &[u8]) {
        self.mix(bytes.len() as u64);
        let mut words = bytes.chunks_exact(8);
        for word in &mut words {
            self.mix(u64::from_le_bytes(word.try_into().unwrap_or_default()));
        }
        let rest = words.remainder();
        if !rest.is_empty() {
            let mut last = [0u8; 8];
            last[..rest.len()].copy_from_slice(rest);
            self.mix(u64::from_le_bytes(last));
        }
    }

    fn write_u8(&mut self, byte: u8) {
        self.mix(u64::from(byte));
    }

    fn finish(&self) -> u64 {
        let product = u128::from(self.state) * u128::from(self.key);
        product as u64 ^ (product >> 64) as u64
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A tag's new values are numbered until they would add more than its budget; then its
    /// new values are not kept, while values already numbered (by any tag) keep their
    /// numbers, and the other tags still number theirs. The table's values come out in
    /// their numbers' order, and an earlier index's values keep their numbers.
    #[test]
    fn values_past_a_tags_budget_are_not_kept() {
        // "Anna" and "Bob" take 5 and 4 bytes (the length's byte and the name), the date 11.
        let mut table = TagValues::with_budget(11);
        let (white, black, date) = (3, 4, 1);
        assert_eq!(table.number_of_tag(white, "Anna"), FIRST_VALUE);
        assert_eq!(table.number_of_tag(white, "Bob"), FIRST_VALUE + 1);
        assert_eq!(table.number_of_tag(white, "Carl"), TAG_NOT_KEPT);
        assert_eq!(table.number_of_tag(white, "Anna"), FIRST_VALUE);
        assert_eq!(table.number_of_tag(black, "Bob"), FIRST_VALUE + 1);
        assert_eq!(table.number_of_tag(black, "Carl"), FIRST_VALUE + 2);
        assert_eq!(table.number_of_tag(white, "Carl"), FIRST_VALUE + 2);
        assert_eq!(table.number_of_tag(date, "2024.01.02"), FIRST_VALUE + 3);
        assert_eq!(table.number_of_tag(white, "Dan"), TAG_NOT_KEPT);
        assert_eq!(table.number_of_tag(white, "Bob"), FIRST_VALUE + 1);
        let values = table.into_values();
        assert_eq!(values, ["Anna", "Bob", "Carl", "2024.01.02"]);
        let mut again = TagValues::from_values(&values);
        assert_eq!(again.number_of_tag(black, "Carl"), FIRST_VALUE + 2);
        assert_eq!(again.number_of_tag(black, "Dan"), FIRST_VALUE + 4);
        assert_eq!(again.number_of_tag(black, ""), FIRST_VALUE + 5);
    }

    /// The bytes counted are the string table's as written (`format::string_table`).
    #[test]
    fn the_bytes_counted_are_the_tables() {
        let mut table = TagValues::default();
        let long = "x".repeat(200);
        for (i, value) in ["", "a", long.as_str(), "ä"].into_iter().enumerate() {
            table.number_of_tag(i, value);
        }
        let bytes = table.table_bytes;
        let written = super::super::format::string_table(&table.into_values());
        assert_eq!(bytes, written.len());
        assert_eq!(varint_len(127), 1);
        assert_eq!(varint_len(128), 2);
        assert_eq!(varint_len(u64::MAX), 10);
    }
}
