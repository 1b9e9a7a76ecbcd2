//! W0001: an upgrade that no ship of its set could ever equip.

use cards_runtime::model::{bar_has_room, could_meet, factions_meet, Card, CardKind, Set, ShipView};

use crate::declare_code;
use crate::diagnostics::Diagnostic;
use crate::resolve::Names;

declare_code! {
    /// ## What
    /// No ship of the set could equip this upgrade: no ship has its icon (or every icon
    /// of its group), or its faction, title ship icon or restriction excludes every ship
    /// that does.
    ///
    /// ## Why
    /// Such a card is dead weight in the set, and usually a sign of a typo in an icon, a
    /// restriction or a faction. Sets that ship upgrades for ships they do not hold (yet)
    /// can silence it with `allow unequippable-upgrade` in `game.cards`.
    ///
    /// ## Example
    /// `upgrade "Smuggler's Stash" { icon: illicit  faction: scum-and-villainy }` in a set
    /// whose only Scum ship has no Illicit icon.
    pub static W0001: "W0001", "unequippable-upgrade", Warning;
}

/// Reports every upgrade of `set` that no ship of `set` could equip.
pub fn check(set: &Set, names: &Names<'_>, d: &mut Vec<Diagnostic>) {
    let implicit = |icon: u16| set.vocab.icons.get(icon as usize).is_some_and(|e| e.marked);
    let ships: Vec<ShipView<'_>> = (0..set.cards.len() as u32)
        .filter(|&i| set.cards[i as usize].kind == CardKind::Ship)
        .filter_map(|i| ShipView::new(set, i, false))
        .collect();
    for (i, card) in set.cards.iter().enumerate() {
        if card.kind != CardKind::Upgrade {
            continue;
        }
        let Some(reason) = why_unequippable(set, card, &ships, &implicit) else { continue };
        let def = &names.cards[i];
        d.push(
            Diagnostic::new(&W0001, format!("no ship in this set can equip `{}`", def.id))
                .label(def.file, def.card.name.span, reason)
                .help(
                    "check the card's icons, faction and restriction, or `allow unequippable-upgrade` in `game.cards`",
                ),
        );
    }
}

/// Why no ship can equip `card`, or `None` if one can.
fn why_unequippable(set: &Set, card: &Card, ships: &[ShipView<'_>], implicit: &dyn Fn(u16) -> bool) -> Option<String> {
    if card.icons.is_empty() {
        return Some("this upgrade has no icon".into());
    }
    let with_icon: Vec<&ShipView<'_>> =
        ships.iter().filter(|s| bar_has_room(&s.ship.upgrades, &card.icons, implicit)).collect();
    if with_icon.is_empty() {
        let icons: Vec<String> = card
            .icons
            .iter()
            .map(|i| format!("`{}`", set.vocab.icons.get(*i as usize).map_or("?", |e| &e.id)))
            .collect();
        return Some(format!("no ship has room for {}", icons.join(" + ")));
    }
    let of_faction: Vec<&&ShipView<'_>> =
        with_icon.iter().filter(|s| factions_meet(&card.factions, s.factions())).collect();
    if of_faction.is_empty() {
        return Some("no ship with its icon is of its faction".into());
    }
    let may_be_flagship =
        |s: &ShipView<'_>| set.flagship_icon.is_some_and(|f| bar_has_room(&s.ship.upgrades, &[f], implicit));
    let fits = of_faction.iter().any(|s| {
        card.ship_icon.is_none_or(|icon| cards_runtime::Subject::has_ship_icon(**s, icon))
            && could_meet(card.requires.as_ref(), ***s, may_be_flagship(s))
    });
    (!fits).then(|| "its restriction excludes every ship that has its icon and faction".into())
}
