//! The two xwing-data2 pools imported and compiled the way a user would (`cardc import`
//! into a folder, then `check_paths`), and their ability text blocks.

use std::collections::BTreeSet;
use std::path::{Path, PathBuf};

use cards_runtime::ability::Ability;
use cards_runtime::Set;

/// A pool of the corpus: its short name in gold entries and its data folder.
pub const POOLS: [(&str, &str); 2] = [("xw25", "xwing-data2-xwingtmg"), ("xw20", "xwing-data2-legacy")];

/// One text block of a card: its `text { … }` or one `ability "…" { … }`.
pub struct Block<'s> {
    /// `xw25` or `xw20`.
    pub pool: &'static str,
    /// The card's id in the imported set.
    pub card: &'s str,
    /// The chassis ability's name, for `ability "…" { … }`.
    pub name: Option<&'s str>,
    /// The block's text, white space squashed.
    pub text: String,
    /// Its abilities, as the compiler reads them.
    pub abilities: Vec<&'s Ability>,
}

impl Block<'_> {
    /// FNV-1a 64 of the text, as 16 hex digits.
    pub fn fingerprint(&self) -> String {
        fingerprint(&self.text)
    }

    /// `xw25 major-vonreg` or `xw25 raider-class-corvette-first-order "Concentrated Batteries"`.
    pub fn key(&self) -> String {
        match self.name {
            Some(n) => format!("{} {} \"{n}\"", self.pool, self.card),
            None => format!("{} {}", self.pool, self.card),
        }
    }
}

/// FNV-1a 64 of a text, as 16 hex digits.
pub fn fingerprint(text: &str) -> String {
    let mut h: u64 = 0xcbf2_9ce4_8422_2325;
    for b in text.bytes() {
        h ^= u64::from(b);
        h = h.wrapping_mul(0x0100_0000_01b3);
    }
    format!("{h:016x}")
}

/// Imports a pool into the test's target folder and compiles it, once per test binary:
/// tests running side by side would otherwise write the same folder at once.
pub fn load(shared: &Path, pool: &str, data: &str) -> Set {
    static LOADED: std::sync::Mutex<Vec<(String, Set)>> = std::sync::Mutex::new(Vec::new());
    let mut loaded = LOADED.lock().unwrap_or_else(std::sync::PoisonError::into_inner);
    if let Some((_, set)) = loaded.iter().find(|(p, _)| p == pool) {
        return set.clone();
    }
    let set = load_afresh(shared, pool, data);
    loaded.push((pool.to_string(), set.clone()));
    set
}

fn load_afresh(shared: &Path, pool: &str, data: &str) -> Set {
    let out: PathBuf = Path::new(env!("CARGO_TARGET_TMPDIR")).join("gold").join(pool);
    let imported = crate::common::xwing_data2(shared, data);
    cardc::import::write_set(&out, &imported.files, true).unwrap_or_else(|e| panic!("{data}: {e}"));
    let mut report = cardc::check_paths(&[&out]).unwrap_or_else(|e| panic!("{}: {e}", out.display()));
    assert_eq!(report.errors(), 0, "the imported {pool} set has errors");
    report.sets.remove(0).set.take().unwrap_or_else(|| panic!("{pool} did not compile"))
}

/// Every block of every card of a set, in the set's order.
pub fn blocks<'s>(pool: &'static str, set: &'s Set) -> Vec<Block<'s>> {
    let mut out: Vec<Block<'s>> = Vec::new();
    for card in set.cards.iter() {
        let mut names: Vec<Option<&str>> = Vec::new();
        for a in card.abilities.iter() {
            let name = a.name.as_deref();
            if !names.contains(&name) {
                names.push(name);
            }
        }
        for name in names {
            let abilities: Vec<&Ability> = card.abilities.iter().filter(|a| a.name.as_deref() == name).collect();
            let text = abilities.iter().map(|a| &*a.text).collect::<Vec<_>>().join(" ");
            out.push(Block { pool, card: &card.id, name, text, abilities });
        }
    }
    out
}

/// The blocks of both pools with each text once: its first block, 2.5 before legacy.
pub fn distinct<'a, 's>(all: &'a [Block<'s>]) -> Vec<&'a Block<'s>> {
    let mut seen = BTreeSet::new();
    all.iter().filter(|b| seen.insert(b.text.as_str())).collect()
}
