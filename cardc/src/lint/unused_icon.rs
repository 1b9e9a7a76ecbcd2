//! W0002: a declared icon that no ship's upgrade bar has.

use cards_runtime::model::kinds::with_article;
use cards_runtime::model::CardKind;

use crate::ast::VocabKind;
use crate::declare_code;
use crate::diagnostics::Diagnostic;
use crate::lint::LintContext;

declare_code! {
    /// ## What
    /// The game declares an upgrade icon that no ship of the set prints on its upgrade
    /// bar. Icons declared `implicit` are exempt: ships equip them without printing them.
    ///
    /// ## Why
    /// No card of that icon could be equipped, so the icon is either a typo on the
    /// ships' side or vocabulary the set does not use yet. A set that declares a whole
    /// game's vocabulary ahead of its cards can silence it with `allow unused-icon`.
    ///
    /// ## Example
    /// `icon experimental-retrofit` where no ship's `upgrades:` names it.
    pub static W0002: "W0002", "unused-icon", Warning;
}

/// Reports every non-implicit icon that no ship has.
pub fn check(cx: &LintContext<'_>, d: &mut Vec<Diagnostic>) {
    let (set, names) = (cx.model, cx.names);
    let unit = set.noun(CardKind::Ship).one();
    for (i, def) in names.entries(VocabKind::Icon).iter().enumerate() {
        if set.vocab.icons.get(i).is_some_and(|e| e.marked) {
            continue;
        }
        let used = set.cards.iter().any(|c| c.kind == CardKind::Ship && c.upgrades.contains(&(i as u16)));
        if !used {
            d.push(
                Diagnostic::new(&W0002, format!("no {unit} has the icon `{}`", def.entry.id.text))
                    .label(def.file, def.entry.id.span, "declared here, printed on no upgrade bar")
                    .help(format!(
                        "add it to {}'s `upgrades:`, or `allow unused-icon` in `game.cards`",
                        with_article(&unit)
                    )),
            );
        }
    }
}
