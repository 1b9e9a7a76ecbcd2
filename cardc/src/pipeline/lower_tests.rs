//! The lowering through the whole pipeline: what a set with errors still gives (the
//! partial model an editor shows), and what a clean set gives.

use cards_runtime::model::{CmpOp, Constraint, Scope, SelectorKind};

use super::{check_set, Checked};
use crate::source::{SetSource, SourceFile, SourceMap};

/// Checks and lowers a set made of the given files (name, text).
fn lower(files: &[(&str, &str)]) -> Checked {
    let mut sources = SourceMap::new();
    let ids = files.iter().map(|(name, text)| sources.add(SourceFile::new((*name).into(), *text))).collect();
    check_set(&sources, &SetSource { dir: "set".into(), files: ids, diagnostics: Vec::new() })
}

fn codes(c: &Checked) -> Vec<&'static str> {
    c.diagnostics.iter().map(|d| d.code.id).collect()
}

const GAME: &str = "game g \"G\"\nfaction empire, rebel\nsize small, large\nicon officer, title\ntrait flotilla\n";

#[test]
fn a_name_that_does_not_resolve_leaves_only_its_part_out() {
    let game = format!(
        "{GAME}rule one-title \"One title\":\n  at most 1 upgrade with icon title per ship\nrule bad \"Bad\":\n  no upgrade with icon nope per ship\n"
    );
    let cards = "upgrade \"U\" { icon: officer  cost: 3  faction: empire, nope  requires: trait nope or size small }\n";
    let c = lower(&[("game.cards", &game), ("u.cards", cards)]);
    assert_eq!(codes(&c), ["E0105", "E0105", "E0105"]);
    assert!(c.set.is_none());
    let model = c.partial.as_ref().expect("a partial model");
    let (_, u) = model.card("u").expect("the card is kept");
    assert_eq!(u.cost, Some(3));
    assert_eq!(u.icons.as_ref(), &[0]);
    // The names that resolve are kept; a restriction is whole or nothing.
    assert_eq!(u.factions.as_ref(), &[0]);
    assert!(u.requires.is_none());
    // The rule naming an unknown icon is left out; the other is kept, as written.
    let ids: Vec<&str> = model.rules.iter().map(|r| &*r.id).collect();
    assert_eq!(ids, ["one-title"]);
    let Constraint::Count { cmp, selector, scope, condition } = &model.rules[0].constraint else {
        panic!("a count rule: {:?}", model.rules[0].constraint)
    };
    assert_eq!((cmp.op, cmp.n, scope), (CmpOp::AtMost, 1, &Scope::Ship));
    assert_eq!(selector.kind, SelectorKind::Upgrade);
    assert!(condition.is_none());
}

#[test]
fn a_restriction_that_does_not_parse_is_reported_once_and_left_out() {
    let cards = "upgrade \"U\" { icon: officer  cost: 3  requires: size small and }\n";
    let c = lower(&[("game.cards", GAME), ("u.cards", cards)]);
    assert_eq!(codes(&c), ["E0008"]);
    let (_, u) = c.partial.as_ref().and_then(|m| m.card("u")).expect("the card is kept");
    assert_eq!(u.cost, Some(3));
    assert!(u.requires.is_none());
}

#[test]
fn a_where_condition_and_a_list_atom_lower_to_or_nodes() {
    let game = format!("{GAME}rule no-flotilla-title \"No title on a flotilla\":\n  no upgrade with icon title per ship where trait flotilla\n");
    let cards = "upgrade \"U\" { icon: officer  requires: size small, large }\n";
    let c = lower(&[("game.cards", &game), ("u.cards", cards)]);
    assert!(c.errors() == 0, "{:?}", codes(&c));
    let set = c.set.as_ref().expect("a model");
    let Constraint::Count { cmp, condition, .. } = &set.rules[0].constraint else { panic!("a count rule") };
    // `no` is at most 0.
    assert_eq!((cmp.op, cmp.n), (CmpOp::AtMost, 0));
    assert!(condition.is_some());
    let (_, u) = set.card("u").expect("the card");
    // `size small, large` is one atom with both sizes.
    let requires = u.requires.as_ref().expect("a restriction");
    assert_eq!(requires.nodes.len(), 1);
}
