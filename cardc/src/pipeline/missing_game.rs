//! A set whose cards were written before their `game.cards`: the errors the missing game
//! explains are folded into it (E0101). A pass of its own, after the checks and the
//! lowering whose errors it folds (unknown headers are known only then).

use std::collections::{HashMap, HashSet};

use crate::ast::{FieldValue, FileId, Ident, Span, Token, VocabKind};
use crate::check::cards::{builtin_field_names, field_refers, takes_stats, Refers};
use crate::diagnostics::Diagnostic;
use crate::resolve::{ids, Names};

/// When the set declares no game and no vocabulary (its cards were written before its
/// `game.cards`), every name of the game that its cards use is unknown: all those errors
/// are one mistake, the missing `game.cards`, reported by E0101. They are folded into it:
/// its help then lists the lines `game.cards` needs for the names the cards use, and an
/// error that does not follow from it (an unknown chassis, a syntax error) is kept.
pub fn fold_into_missing_game(names: &Names<'_>, sources: &crate::source::SourceMap, d: &mut Vec<Diagnostic>) {
    let missing = crate::resolve::E0101.id;
    if names.game.is_some() || names.vocab.values().any(|v| !v.is_empty()) || !d.iter().any(|x| x.code.id == missing) {
        return;
    }
    let mut wanted: Vec<(VocabKind, String)> = Vec::new();
    let mut explained: HashSet<(FileId, Span)> = HashSet::new();
    let mut want = |kind: VocabKind, ident: &Ident, file: FileId| {
        explained.insert((file, ident.span));
        if ids::is_valid_id(&ident.text) && !wanted.iter().any(|(k, id)| *k == kind && *id == ident.text) {
            wanted.push((kind, ident.text.clone()));
        }
    };
    let builtin: HashSet<&str> = builtin_field_names().collect();
    for def in &names.cards {
        for field in &def.card.fields {
            let key = field.key.text.as_str();
            match (&field.value, field_refers(key)) {
                (FieldValue::Tokens(tokens), Some(Refers::Vocab(kind))) => {
                    for token in tokens {
                        if let Token::Ident(i) = token {
                            want(kind, i, def.file);
                        }
                    }
                }
                (FieldValue::Restriction { parsed: Some(r), .. }, _) => {
                    r.vocab_names().into_iter().for_each(|(kind, i)| want(kind, i, def.file));
                }
                // `actions: focus, red boost > evade`: every word but a colour is an action.
                (FieldValue::Tokens(tokens), Some(Refers::Entries)) if key == "actions" => {
                    for token in tokens {
                        if let Token::Ident(i) = token {
                            if cards_runtime::model::Difficulty::from_word(&i.text).is_none() {
                                want(VocabKind::Action, i, def.file);
                            }
                        }
                    }
                }
                (FieldValue::Tokens(_), None) if takes_stats(def.kind) && !builtin.contains(key) => {
                    want(VocabKind::Stat, &field.key, def.file);
                }
                _ => {}
            }
        }
    }
    // What ability text names in brackets (`[Hit]`) and its headers (`Setup:`), which
    // only a game declares: the text each unknown one covers.
    let covered = |x: &Diagnostic| {
        let l = x.primary()?;
        let text = sources.file(l.file).slice(l.span);
        Some(text.trim_matches(|c: char| matches!(c, '[' | ']' | ':') || c.is_whitespace()).to_string())
    };
    let mut brackets: Vec<String> = Vec::new();
    let mut headers: Vec<String> = Vec::new();
    for x in d.iter() {
        let into = match x.code.id {
            id if id == crate::check::abilities::E0401.id => &mut brackets,
            id if id == crate::lint::unknown_header::E0402.id => &mut headers,
            _ => continue,
        };
        if let Some(name) = covered(x).filter(|n| !n.is_empty() && !into.contains(n)) {
            into.push(name);
        }
    }
    let before = d.len();
    let follows = |x: &Diagnostic| {
        let ability = [crate::check::abilities::E0401.id, crate::lint::unknown_header::E0402.id].contains(&x.code.id);
        ability
            || [crate::resolve::E0105.id, crate::check::cards::E0201.id].contains(&x.code.id)
                && x.primary().is_some_and(|l| explained.contains(&(l.file, l.span)))
    };
    d.retain(|x| !follows(x));
    let folded = before - d.len();
    // A bracketed name that is an entry the cards use is its display name.
    let mut shown: HashMap<(VocabKind, String), String> = HashMap::new();
    brackets.retain(|b| {
        let id = ids::derive_id(b);
        let kinds: Vec<VocabKind> = wanted.iter().filter(|(_, w)| *w == id).map(|(k, _)| *k).collect();
        for &kind in &kinds {
            shown.insert((kind, id.clone()), b.clone());
        }
        kinds.is_empty()
    });
    for h in &headers {
        wanted.push((VocabKind::Header, ids::derive_id(h)));
        shown.insert((VocabKind::Header, ids::derive_id(h)), h.clone());
    }
    let Some(root) = d.iter_mut().find(|x| x.code.id == missing) else { return };
    let mut lines = vec!["game my-game \"My Game\"".to_string()];
    for kind in VocabKind::ALL {
        let entries: Vec<String> = wanted
            .iter()
            .filter(|(k, _)| *k == kind)
            .map(|(k, id)| match shown.get(&(*k, id.clone())) {
                Some(name) => format!("{id} \"{name}\""),
                None => id.clone(),
            })
            .collect();
        if !entries.is_empty() {
            lines.push(format!("{} {}", kind.keyword(), entries.join(", ")));
        }
    }
    if !brackets.is_empty() {
        let list: Vec<String> = brackets.iter().map(|b| format!("[{b}]")).collect();
        lines.push(format!("# and what ability text names, each with its kind: {}", list.join(", ")));
    }
    let mut help =
        format!("create `game.cards` with the game and the names its cards use:\n    {}", lines.join("\n    "));
    if folded > 0 {
        let s = if folded == 1 { "" } else { "s" };
        help.push_str(&format!("\n({folded} error{s} about these names follow from it and are not shown)"));
    }
    root.help = Some(help);
}
