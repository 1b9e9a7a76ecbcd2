//! E0301: ids that become the same Rust identifier (`gr-75` and `gr75` are both `Gr75`).

use std::collections::HashMap;

use crate::ast::{FileId, Span, VocabKind};
use crate::declare_code;
use crate::diagnostics::Diagnostic;
use crate::emit::ident;
use crate::resolve::Names;

declare_code! {
    /// ## What
    /// Two ids of one kind become the same Rust identifier in the generated code: card
    /// ids `gr-75` and `gr75` are both `Gr75`.
    ///
    /// ## Why
    /// Each card becomes a variant of `CardId` and a type, each vocabulary entry a variant
    /// of its enum. The compiler never makes names unique by adding a suffix behind your
    /// back: the generated API would change the day a card is added.
    ///
    /// ## Example
    /// `faction gr-75, gr75` — rename one of the two.
    pub static E0301: "E0301", "identifier-collision", Error;
}

/// The public tables every generated enum has (`CardId::ALL`, `Faction::IDS`, …).
const TABLES: [&str; 4] = ["ALL", "IDS", "NAMES", "DATES"];

fn report(what: &str, items: impl Iterator<Item = (String, FileId, Span)>, d: &mut Vec<Diagnostic>) {
    let mut seen: HashMap<String, (String, FileId, Span)> = HashMap::new();
    for (id, file, span) in items {
        let rust = ident::pascal(&id);
        // Each enum of the generated module has these tables beside its variants, which a
        // variant of the same name would hide.
        if TABLES.contains(&rust.as_str()) {
            d.push(
                Diagnostic::new(
                    &E0301,
                    format!("`{id}` is `{rust}` in Rust, the name of a table the generated enum of {what} has"),
                )
                .label(file, span, format!("`{id}` becomes `{rust}`"))
                .help("rename it; cardc does not add suffixes"),
            );
            continue;
        }
        match seen.get(&rust) {
            Some((first, ff, fs)) => d.push(
                Diagnostic::new(&E0301, format!("{what} `{id}` and `{first}` are both `{rust}` in Rust"))
                    .label(file, span, format!("`{id}` becomes `{rust}`"))
                    .label(*ff, *fs, format!("and so does `{first}`"))
                    .help("rename one of them; cardc does not add suffixes"),
            ),
            None => {
                seen.insert(rust, (id, file, span));
            }
        }
    }
}

/// What a name of the generated module other than a vocabulary enum is, if `rust` is one:
/// a kind's type of that name would collide with it, or hide the prelude's name that the
/// generated tables use.
fn generated_name(rust: &str) -> Option<&'static str> {
    match rust {
        "CardId" => Some("the set's enum of card ids"),
        "Kind" => Some("the set's enum of card kinds"),
        "Release" => Some("the set's enum of releases"),
        "Option" | "Some" | "None" => Some("the prelude's name the generated code uses"),
        _ => None,
    }
}

/// Reports card ids, and vocabulary ids of one kind, that collide as Rust identifiers.
pub fn check(names: &Names<'_>, d: &mut Vec<Diagnostic>) {
    report("cards", names.cards.iter().map(|c| (c.id.clone(), c.file, c.id_span)), d);
    for kind in VocabKind::ALL {
        // An entry kept from a line that does not parse may have no valid id: that line is
        // reported already.
        let entries = names
            .entries(kind)
            .iter()
            .filter(|v| crate::resolve::ids::is_valid_id(&v.entry.id.text))
            .map(|v| (v.entry.id.text.clone(), v.file, v.entry.id.span));
        report(&format!("{kind} entries"), entries, d);
    }
    let releases = names.releases.iter().map(|r| (r.decl.id.text.clone(), r.file, r.decl.id.span));
    report("releases", releases, d);
    // A kind the game declares becomes a type beside the vocabulary's enums and `CardId`.
    let kinds = names.kinds.declared.iter().map(|k| (k.entry.id.text.clone(), k.file, k.entry.id.span));
    report("kinds", kinds, d);
    for k in &names.kinds.declared {
        let rust = ident::pascal(&k.entry.id.text);
        let taken = VocabKind::ALL
            .into_iter()
            .find(|v| v.enum_name() == rust && !names.entries(*v).is_empty())
            .map(|v| format!("the set's enum of {}", v.plural()))
            .or_else(|| generated_name(&rust).map(str::to_string));
        if let Some(taken) = taken {
            d.push(
                Diagnostic::new(&E0301, format!("kind `{}` is `{rust}` in Rust, which is {taken}", k.entry.id.text))
                    .label(k.file, k.entry.id.span, format!("`{}` becomes `{rust}`", k.entry.id.text))
                    .help("give the kind another word"),
            );
        }
    }
}
