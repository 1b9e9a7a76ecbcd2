//! A set whose cards were written before their `game.cards`: the errors the missing game
//! explains are folded into it (E0101). A pass of its own, after the checks and the
//! lowering whose errors it folds (unknown headers are known only then).

use std::collections::{HashMap, HashSet};

use cards_runtime::model::CardKind;

use crate::ast::{Card, FieldValue, File, FileId, Ident, Item, Span, Token, VocabKind};
use crate::check::cards::{builtin_field_names, field_refers, takes_stats, Refers};
use crate::diagnostics::Diagnostic;
use crate::resolve::{ids, Names};

/// When the set declares no game and no vocabulary (its cards were written before its
/// `game.cards`), every name of the game that its cards use is unknown: all those errors
/// are one mistake, the missing `game.cards`, reported by E0101. They are folded into it:
/// its help then lists the lines `game.cards` needs for the names the cards use, and an
/// error that does not follow from it (an unknown chassis, a syntax error) is kept. Cards
/// of kinds only a game declares (`creature "…"`) are one of those errors each: their
/// kinds go into the help with the role their fields suggest (a bar of upgrades is a unit's,
/// a kind other cards name as a field a profile's, an `icon:` an upgrade's), and their
/// fields' names with the rest.
pub fn fold_into_missing_game(
    names: &Names<'_>,
    files: &[File],
    sources: &crate::source::SourceMap,
    d: &mut Vec<Diagnostic>,
) {
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
    // What else the missing game explains: cards' kinds, and the fields naming a profile.
    let mut also: HashSet<(FileId, Span)> = HashSet::new();
    // Cards of a kind no game declares yet, by kind in the order first written.
    let prelude: HashSet<&str> = CardKind::ALL.map(CardKind::as_str).into_iter().collect();
    let mut own: Vec<(String, Vec<(&Card, FileId)>)> = Vec::new();
    for file in files {
        for item in &file.items {
            let Item::Card(c) = item else { continue };
            if prelude.contains(c.kind.text.as_str()) || !ids::is_valid_id(&c.kind.text) {
                continue;
            }
            also.insert((file.id, c.kind.span));
            match own.iter_mut().find(|(k, _)| *k == c.kind.text) {
                Some((_, cards)) => cards.push((c, file.id)),
                None => own.push((c.kind.text.clone(), vec![(c, file.id)])),
            }
        }
    }
    let all_cards = || {
        files.iter().flat_map(|f| {
            f.items.iter().filter_map(move |i| if let Item::Card(c) = i { Some((c, f.id)) } else { None })
        })
    };
    let has =
        |cards: &[(&Card, FileId)], key: &str| cards.iter().any(|(c, _)| c.fields.iter().any(|f| f.key.text == key));
    let roles: Vec<(String, Option<CardKind>)> = own
        .iter()
        .map(|(kind, cards)| {
            let named_as_field = all_cards().any(|(c, _)| c.fields.iter().any(|f| f.key.text == *kind));
            let role = if has(cards, "upgrades") {
                Some(CardKind::Ship)
            } else if named_as_field {
                Some(CardKind::Chassis)
            } else if has(cards, "icon") {
                Some(CardKind::Upgrade)
            } else {
                None
            };
            (kind.clone(), role)
        })
        .collect();
    // A unit names its profile card with the profile kind's word (`strain: leviathan`).
    let profiles: HashSet<&str> =
        roles.iter().filter(|(_, r)| *r == Some(CardKind::Chassis)).map(|(k, _)| k.as_str()).collect();
    let declared = names.cards.iter().map(|def| (def.card, def.kind, def.file));
    let undeclared = own.iter().zip(&roles).flat_map(|((_, cards), (_, role))| {
        cards.iter().map(move |(c, file)| (*c, role.unwrap_or(CardKind::Upgrade), *file))
    });
    for (card, kind, file) in declared.chain(undeclared) {
        for field in &card.fields {
            let key = field.key.text.as_str();
            if profiles.contains(key) {
                also.insert((file, field.key.span));
                continue;
            }
            match (&field.value, field_refers(key)) {
                (FieldValue::Tokens(tokens), Some(Refers::Vocab(kind))) => {
                    for token in tokens {
                        if let Token::Ident(i) = token {
                            want(kind, i, file);
                        }
                    }
                }
                (FieldValue::Restriction { parsed: Some(r), .. }, _) => {
                    r.vocab_names().into_iter().for_each(|(kind, i)| want(kind, i, file));
                }
                // `actions: focus, red boost > evade`: every word but a colour is an action.
                (FieldValue::Tokens(tokens), Some(Refers::Entries)) if key == "actions" => {
                    for token in tokens {
                        if let Token::Ident(i) = token {
                            if cards_runtime::model::Difficulty::from_word(&i.text).is_none() {
                                want(VocabKind::Action, i, file);
                            }
                        }
                    }
                }
                (FieldValue::Tokens(_), None) if takes_stats(kind) && !builtin.contains(key) => {
                    want(VocabKind::Stat, &field.key, file);
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
    // The text of cards no kind could be found for is not read: its brackets and headers
    // are found as written (`[Charge]`, a sentence that starts with up to three words and
    // `:`).
    for (_, cards) in &own {
        for (card, file) in cards {
            let text = &sources.file(*file).text;
            for field in &card.fields {
                let block = match &field.value {
                    FieldValue::Text(b) | FieldValue::Ability { text: b, .. } => b,
                    _ => continue,
                };
                for sentence in &block.sentences {
                    let sentence = &text[sentence.start as usize..sentence.end as usize];
                    let mut rest = sentence;
                    while let Some(open) = rest.find('[') {
                        let Some(close) = rest[open..].find(']') else { break };
                        let name = rest[open + 1..open + close].trim().to_string();
                        if !name.is_empty() && !name.contains('[') && !brackets.contains(&name) {
                            brackets.push(name);
                        }
                        rest = &rest[open + close + 1..];
                    }
                    if let Some((head, _)) = sentence.split_once(':') {
                        let words = head.split_whitespace().count();
                        if (1..=3).contains(&words)
                            && head.chars().all(|c| c.is_alphanumeric() || c == ' ' || c == '-' || c == '\'')
                        {
                            let head = head.trim().to_string();
                            if !headers.contains(&head) {
                                headers.push(head);
                            }
                        }
                    }
                }
            }
        }
    }
    explained.extend(also);
    let before = d.len();
    let follows = |x: &Diagnostic| {
        let ability = [crate::check::abilities::E0401.id, crate::lint::unknown_header::E0402.id].contains(&x.code.id);
        ability
            || [crate::resolve::E0105.id, crate::check::cards::E0201.id, crate::resolve::kinds::E0109.id]
                .contains(&x.code.id)
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
    for (kind, role) in &roles {
        let name: String = kind
            .split('-')
            .map(|w| {
                w.chars()
                    .next()
                    .map(|c| c.to_uppercase().chain(w.chars().skip(1)).collect::<String>())
                    .unwrap_or_default()
            })
            .collect::<Vec<_>>()
            .join(" ");
        lines.push(match role {
            Some(role) => format!("kind {kind} \"{name}\" {}", role.role_word()),
            None => format!("kind {kind} \"{name}\" upgrade  # or unit, profile, part, blueprint, species"),
        });
    }
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
