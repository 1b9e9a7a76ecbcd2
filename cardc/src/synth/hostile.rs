//! Hostile names ([`Options::hostile`](super::Options::hostile)): names of cards,
//! vocabulary entries, abilities and rules, and sentences of card text, that stress
//! everything a name travels through after the checker has accepted it: the code
//! generator (identifiers, string literals, doc comments), prettyplease and rustc, and
//! the packed format.
//!
//! Every shape the language accepts is here. The language itself refuses a few, which
//! are therefore left out: a line break (`\n`, `\r`) inside a string (the writer writes
//! one as a space, as it does a tab), and ids that are not kebab-case (`a_b`, `Foo`,
//! `r#fn`): those shapes appear as names, whose ids are then written with `as`.

use std::collections::HashSet;

use super::plan::Plan;
use super::{Dice, HOSTILE};
use crate::emit::ident::pascal;
use crate::resolve::ids::is_valid_id;

/// Names that break out of strings, comments and raw strings, that are Rust keywords or
/// the names of generated items, that are digits, that collide once made identifiers,
/// and non-ASCII of every kind.
pub(super) const NAMES: &[&str] = &[
    // Quotes, backslashes, comments, braces, raw-string breakers.
    "Vader's \"Wrath\"",
    "\"",
    "\"\"",
    "\\",
    "C:\\Temp\\",
    "\\\"",
    "\\u{0}",
    "\\n",
    "#",
    "# not a comment",
    "#[derive(Debug)]",
    "#![no_std]",
    "{",
    "}",
    "{}",
    "} {",
    "{{card}}",
    "*/",
    "/*",
    "/* */ */",
    "/**",
    "///",
    "//! inner doc",
    "\"#",
    "\"##",
    "\"###",
    "r#\"raw\"#",
    "r\"",
    "b\"bytes\"",
    "'",
    "'static",
    "`code`",
    "[link](http://x)",
    "<b>bold</b>",
    "&amp;",
    // Rust keywords and macros.
    "self",
    "Self",
    "type",
    "crate",
    "super",
    "r#fn",
    "fn",
    "mod",
    "impl",
    "dyn",
    "async",
    "gen",
    "union",
    "static",
    "macro_rules!",
    "panic!(\"boom\")",
    "\"); panic!(\"",
    "concat!(",
    ");",
    // Digits.
    "0",
    "42",
    "007",
    "-1",
    "+3",
    "3.14",
    "1e9",
    "0x1F",
    "18446744073709551616",
    "4-LOM",
    "2nd Wave",
    // Names that become one id, or one identifier.
    "A-B",
    "A B",
    "a_b",
    "a b",
    "A_B",
    "AB",
    "Ab",
    "aB",
    "Foo",
    "FOO",
    "foo",
    "x-1",
    "x1",
    // The names of generated items.
    "SET",
    "DATA",
    "Card",
    "Set",
    "CardId",
    "ALL",
    "cards",
    "Ship",
    "Upgrade",
    "Chassis",
    "index",
    "from_id",
    "as_str",
    "core",
    "std",
    "cards_runtime",
    "Self_",
    "_4Lom",
    "_",
    "main",
    "Option",
    "None",
    // Non-ASCII: accents, ligatures, case mappings that change length, scripts, RTL,
    // emoji with joiners and flags, combining marks, zero-width and invisible characters,
    // bidirectional controls, separators, the private use area, the last code point.
    "Séra",
    "Ørn",
    "Straße",
    "\u{fb01}nal",
    "İstanbul",
    "Σίσυφος",
    "東京",
    "ナイト",
    "한국어",
    "שלום",
    "مرحبا",
    "\u{1f680}",
    "\u{1f469}\u{200d}\u{1f680}",
    "\u{1f3f3}\u{fe0f}\u{200d}\u{1f308}",
    "e\u{301}",
    "\u{301}",
    "a\u{200d}b",
    "\u{200b}",
    "zero\u{200b}width",
    "\u{feff}bom",
    "\u{202e}evil\u{202c}",
    "\u{2066}isolate\u{2069}",
    "\u{200f}rlm",
    "line\u{2028}separator",
    "para\u{2029}separator",
    "next\u{85}line",
    "\u{fffd}",
    "\u{10ffff}",
    "\u{e000}",
    // Control characters and white space.
    "nul\u{0}",
    "bell\u{7}",
    "esc\u{1b}[31m",
    "del\u{7f}",
    "back\u{8}space",
    "form\u{c}feed",
    "vertical\u{b}tab",
    "  padded  ",
    " ",
];

/// Valid ids that are Rust keywords, the names of generated items or of the crates the
/// generated code names, digits first, or that come close to colliding as identifiers.
pub(super) const IDS: &[&str] = &[
    "self",
    "type",
    "crate",
    "super",
    "fn",
    "gen",
    "async",
    "await",
    "dyn",
    "try",
    "union",
    "static",
    "abstract",
    "r",
    "set",
    "data",
    "card",
    "card-id",
    "cards",
    "all",
    "core",
    "std",
    "cards-runtime",
    "sets",
    "index",
    "from-id",
    "as-str",
    "ship",
    "upgrade",
    "chassis",
    "option",
    "some",
    "none",
    "main",
    "4-lom",
    "0-0-0",
    "1a",
    "42-x",
    "a-b",
    "ab",
    "a-b-c",
    "ab-c",
    "a-bc",
    "x-1",
    "x1",
];

/// Game ids, hence module names, that stress the index file and the module of a set:
/// keywords (raw or not), the crates the generated code names, the index file's own name.
pub const GAME_IDS: &[&str] = &[
    "type",
    "self",
    "crate",
    "super",
    "core",
    "std",
    "cards-runtime",
    "fn",
    "r",
    "set",
    "cardc-sets",
    "4-lom",
    "0-0-0",
    "main",
];

/// Sentences of card text that no rule reads, holding what a name could: they must reach
/// the generated documentation and the packed data intact.
pub(super) const SENTENCES: &[&str] = &[
    "Gain 1 focus token. \"Quoted\" \\ backslash #hash */ /* \"### r#\"raw\"#.",
    "You may gain 1 stress token: 東京 \u{1f680} \u{1f469}\u{200d}\u{1f680} e\u{301} \u{202e}reversed\u{202c} \u{2066}isolated\u{2069}.",
    "Roll 1 attack die.\u{0}\u{7}\u{1b}[31m\u{7f} Control characters.",
    "A lone\rcarriage return, a form\u{c}feed, a vertical\u{b}tab, a line\u{2028}separator and a next\u{85}line.",
    "After you perform an attack, gain 1 focus token } { and ( ).",
    "Self type crate super r#fn SET DATA CardId `code` *emphasis* _under_ <b>tag</b> &amp;.",
];

/// A hostile name: one of [`NAMES`], two of them joined, or a long one (a few kilobytes).
pub(super) fn name(d: &mut Dice) -> String {
    match d.below(10) {
        0 => format!("{}{}", d.pick(NAMES), d.pick(NAMES)),
        1 if d.chance(30) => long_name(d),
        _ => d.pick(NAMES).to_string(),
    }
}

/// A name of a few kilobytes, made of hostile names.
fn long_name(d: &mut Dice) -> String {
    let target = d.range(2_000, 5_000) as usize;
    let mut out = String::with_capacity(target + 64);
    while out.len() < target {
        let piece: &&str = d.pick(NAMES);
        out.push_str(piece);
        out.push(' ');
    }
    out.trim_end().to_string()
}

/// Ids taken in one namespace (the cards of a set, or one vocabulary kind), and the Rust
/// identifiers they become: a new id must be new in both.
#[derive(Default)]
pub(super) struct Taken {
    ids: HashSet<String>,
    idents: HashSet<String>,
}

impl Taken {
    /// Takes `id` if it is valid and neither it nor its identifier is taken.
    pub(super) fn take(&mut self, id: &str) -> bool {
        if !is_valid_id(id) || self.ids.contains(id) || self.idents.contains(&pascal(id)) {
            return false;
        }
        self.idents.insert(pascal(id));
        self.ids.insert(id.to_string())
    }

    /// A hostile id not taken yet, which it takes: one of [`IDS`] as it is, else with
    /// `suffix`, else a long one, else `x<suffix>-<k>`.
    pub(super) fn hostile(&mut self, d: &mut Dice, suffix: usize) -> String {
        let stem = if d.chance(3) {
            "very-long-id-".repeat(d.range(50, 200) as usize) + "end"
        } else {
            d.pick(IDS).to_string()
        };
        let fallback = (0..).map(|k| format!("x{suffix}-{k}"));
        [stem.clone(), format!("{stem}-{suffix}")]
            .into_iter()
            .chain(fallback)
            .find(|id| self.take(id))
            .expect("the fallback ids never run out")
    }
}

/// Gives some cards of `plan` hostile names, and ids of their own where the name gives
/// none, an id already taken or one that collides as an identifier (and sometimes anyway):
/// ids written with `as`, which may be keywords, digits first, or long.
pub(super) fn rename_cards(plan: &mut Plan) {
    let n = plan.names.len();
    let renamed: Vec<bool> = (0..n)
        .map(|i| {
            let mut d = Dice::new(plan.seed, i, HOSTILE);
            let rename = d.chance(40);
            if rename {
                plan.names[i] = name(&mut d);
            }
            rename
        })
        .collect();
    let mut taken = Taken::default();
    for i in (0..n).filter(|&i| !renamed[i]) {
        taken.take(&plan.ids[i]);
    }
    for i in (0..n).filter(|&i| renamed[i]) {
        let mut d = Dice::new(plan.seed, i, HOSTILE + 1);
        let derived = crate::resolve::ids::derive_id(&plan.names[i]);
        if !d.chance(40) && taken.take(&derived) {
            plan.ids[i] = derived;
        } else {
            plan.ids[i] = taken.hostile(&mut d, i);
            plan.written_ids[i] = true;
        }
    }
}

/// The name of something `what` (an ability, a vocabulary entry) of `seed`'s set
/// numbered `k`: hostile half the time when `hostile`, else `plain`.
pub(super) fn maybe(hostile: bool, seed: u64, what: u64, k: usize, plain: &str) -> String {
    let mut d = Dice::new(seed, k, HOSTILE + 10 + what);
    if hostile && d.chance(50) {
        name(&mut d)
    } else {
        plain.to_string()
    }
}
