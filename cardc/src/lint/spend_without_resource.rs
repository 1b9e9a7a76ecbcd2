//! W0007: an ability spends `[Charge]` or `[Force]` that its card does not have.

use cards_runtime::ability::EffectKind;
use cards_runtime::model::{Card, CardKind, Grant, Set};

use crate::check::abilities::TextSite;
use crate::declare_code;
use crate::diagnostics::Diagnostic;
use crate::lint::LintContext;
use crate::text::{Clause, Effect};

declare_code! {
    /// ## What
    /// An ability spends `[Charge]` (or `[Force]`) of its own, but nothing gives it any:
    ///
    /// - `[Charge]` on an upgrade is the upgrade's own `charges:`; on a ship, its
    ///   `charges:` or its chassis'; in a chassis' ship ability, every ship of the chassis
    ///   needs charges.
    /// - `[Force]` is the ship's: a ship needs `force:` of its own or its chassis'; in a
    ///   chassis' ship ability, every ship of the chassis does. An upgrade (a Force power)
    ///   spends the Force of the ship that equips it, so it is reported only when no card
    ///   of the set has Force at all (no `force:`, no `grants: force +N`).
    ///
    /// Spending from another card (`spend 1 [Charge] from an equipped [Torpedo]
    /// upgrade`) or by another ship (`a friendly ship may spend 1 [Force]`) is not about
    /// the card, and is not reported. The resources are the game's `resource` entries with
    /// the ids `charge` and `force`.
    ///
    /// ## Why
    /// A cost can be paid only if there is something to pay it with: without `charges:`
    /// the ability can never resolve. The card's data is almost always missing the line
    /// (importers drop a field, a designer forgets it).
    ///
    /// ## Example
    /// ```text
    /// upgrade "Afterburners" {
    ///   icon: modification
    ///   text { After you fully execute a speed 3-5 maneuver, you may spend 1 [Charge] to perform a [Boost] action. }
    /// }
    /// ```
    /// Add `charges: 2` to the card.
    pub static W0007: "W0007", "spend-without-resource", Warning;
}

/// One of the two resources a card holds.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Resource {
    Charge,
    Force,
}

impl Resource {
    fn id(self) -> &'static str {
        match self {
            Resource::Charge => "charge",
            Resource::Force => "force",
        }
    }

    fn field(self) -> &'static str {
        match self {
            Resource::Charge => "charges",
            Resource::Force => "force",
        }
    }

    /// Whether a ship (or an upgrade, for charges) has the resource of its own or from
    /// its chassis.
    fn on(self, set: &Set, card: &Card) -> bool {
        let own = |c: &Card| match self {
            Resource::Charge => c.charges.is_some(),
            Resource::Force => c.force.is_some(),
        };
        own(card) || set.chassis_of(card).is_some_and(own)
    }
}

/// Reports each spend of `[Charge]` or `[Force]` by a card that has none.
pub fn check(cx: &LintContext<'_>, d: &mut Vec<Diagnostic>) {
    let (sites, set) = (cx.texts, cx.model);
    let resources: Vec<(Resource, String)> = [Resource::Charge, Resource::Force]
        .into_iter()
        .filter_map(|r| {
            let entry = set.vocab.resources.iter().find(|e| &*e.id == r.id())?;
            Some((r, format!("[{}]", entry.name)))
        })
        .collect();
    if resources.is_empty() {
        return;
    }
    let any_force =
        set.cards.iter().any(|c| c.force.is_some() || c.grants.iter().any(|g| matches!(g, Grant::Force(n) if *n > 0)));
    for site in sites {
        let Some(card) = site.card_in(&set.cards) else { continue };
        for clause in site.frames.iter().flat_map(|f| f.clauses()) {
            if !by_the_card(clause) {
                continue;
            }
            for effect in clause.effects().filter(|e| spends_its_own(clause, e)) {
                let Some(noun) = &effect.noun else { continue };
                let noun = noun.text.to_lowercase();
                for (resource, name) in &resources {
                    if !noun.contains(&name.to_lowercase()) {
                        continue;
                    }
                    if let Some(lacking) = lacking(set, card, *resource, any_force) {
                        d.push(diagnostic(set, site, effect, card, *resource, name, lacking));
                    }
                }
            }
        }
    }
}

/// Whether the card's own ship does the clause: no subject, or `you`.
fn by_the_card(clause: &Clause) -> bool {
    clause.subject.as_ref().is_none_or(|s| s.text.trim().eq_ignore_ascii_case("you"))
}

/// Whether an effect spends something of the card's own: a `spend` not taken from or put
/// on another card (`from an equipped [Torpedo] upgrade`, `on an equipped upgrade`),
/// whether the reading put those words in the effect, its `from`, or (for the clause's
/// effect) a trailing modifier.
fn spends_its_own(clause: &Clause, effect: &Effect) -> bool {
    if effect.kind != EffectKind::Spend || effect.from.is_some() || effect.target.is_some() || effect.negated {
        return false;
    }
    let another = |words: &str| {
        let words = words.to_lowercase();
        words.starts_with("from ") || words.starts_with("on ") || words.contains(" from ") || words.contains(" on ")
    };
    let modifiers = std::ptr::eq(effect, &clause.effect) && clause.modifiers.iter().any(|m| another(&m.text));
    !(another(&effect.piece.text) || modifiers)
}

/// What lacks the resource: the card itself, or (for a chassis' ship ability) the first
/// of its ships that does; `None` when nothing does.
fn lacking<'s>(set: &'s Set, card: &'s Card, resource: Resource, any_force: bool) -> Option<&'s Card> {
    match (card.kind, resource) {
        (CardKind::Chassis, _) => {
            let index = set.cards.iter().position(|c| std::ptr::eq(c, card))? as u32;
            set.cards.iter().find(|s| s.kind == CardKind::Ship && s.chassis == Some(index) && !resource.on(set, s))
        }
        (CardKind::Upgrade, Resource::Force) => (!any_force).then_some(card),
        _ => (!resource.on(set, card)).then_some(card),
    }
}

fn diagnostic(
    set: &Set,
    site: &TextSite,
    effect: &Effect,
    card: &Card,
    resource: Resource,
    name: &str,
    lacking: &Card,
) -> Diagnostic {
    let field = resource.field();
    let (unit, profile) = (set.noun(CardKind::Ship), set.noun(CardKind::Chassis).one());
    let (one, many) = (unit.one(), unit.many());
    let (message, label, help) = match (card.kind, resource) {
        (CardKind::Chassis, _) => (
            format!("`{}` spends {name}, but its {one} `{}` has no `{field}:`", card.id, lacking.id),
            format!("every {one} of this {profile} needs {name}"),
            format!("add `{field}: N` to `{}` (or to the {profile}, if all its {many} have it)", lacking.id),
        ),
        (CardKind::Upgrade, Resource::Force) => (
            format!("`{}` spends {name}, but no card of the set has Force", card.id),
            format!("spends the Force of the {one} that equips it"),
            format!("give the {many} that have Force `force: N`"),
        ),
        (CardKind::Ship, _) => (
            format!("`{}` spends {name}, but neither it nor its {profile} has `{field}:`", card.id),
            format!("there is no {name} to spend"),
            format!("add `{field}: N` to the card, or say whose {name} it spends"),
        ),
        _ => (
            format!("`{}` spends {name}, but has no `{field}:`", card.id),
            format!("there is no {name} to spend"),
            format!("add `{field}: N` to the card, or say whose {name} it spends"),
        ),
    };
    Diagnostic::new(&W0007, message).label(site.file, effect.piece.span, label).help(help)
}
