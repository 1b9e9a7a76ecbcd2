//! W0008: text that does not fit its box on the card as `cardc render` draws it.

use crate::declare_code;
use crate::diagnostics::Diagnostic;
use crate::lint::LintContext;

declare_code! {
    /// ## What
    /// A card's text does not fit its box in the layout `cardc render` draws it in, even
    /// shrunk to the smallest size the layout allows (the default layout sets ability text
    /// at 8 pt down to 5 pt, a name at 9.5 pt down to 5 pt, on a poker-size card). The text
    /// is measured with the fonts cardc ships, shaped as a browser or a PDF viewer sets
    /// them.
    ///
    /// ## Why
    /// Printed, the text would run out of its box or be cut off, and nothing else says so
    /// before the cards are at the printer. A set whose cards are not drawn by cardc can
    /// silence it with `allow text-overflow`.
    ///
    /// ## Example
    /// A card whose `text { … }` runs to 120 words: shorten it, or split it into two
    /// abilities on two cards.
    ///
    /// A build script's check (`cardc` without its `render` feature) lays out no card and
    /// reports none.
    pub static W0008: "W0008", "text-overflow", Warning;
}

/// Reports each box of each card whose text does not fit, at the card's name.
#[cfg(feature = "render")]
pub fn check(cx: &LintContext<'_>, d: &mut Vec<Diagnostic>) {
    use crate::render::card;
    use crate::render::font::KindFonts;

    let set = cx.model;
    let fonts = KindFonts::new(cx.layouts);
    let defaults = card::default_layouts();
    let defs: std::collections::HashMap<&str, &crate::resolve::CardDef<'_>> =
        cx.names.cards.iter().map(|c| (c.id.as_str(), c)).collect();
    for (i, c) in set.cards.iter().enumerate() {
        let Some(def) = defs.get(&*c.id) else { continue };
        let layout = card::layout_of(set, i, cx.layouts, &defaults);
        for o in card::overflows(set, i, layout, fonts.of(c.declared)) {
            let (what, fix) = match o.what.as_str() {
                "text" => ("text", "shorten the text"),
                "name" => ("name", "shorten the name"),
                other => (other, "shorten what it shows or widen the box"),
            };
            let how = if o.taller_mm > 0.0 {
                format!(
                    "at {:.1} pt, the smallest the layout allows, it is {:.1} mm taller than its box",
                    o.size_pt, o.taller_mm
                )
            } else {
                format!(
                    "at {:.1} pt, the smallest the layout allows, it is {:.1} mm wider than its box",
                    o.size_pt, o.wider_mm
                )
            };
            d.push(
                Diagnostic::new(&W0008, format!("the {what} of `{}` does not fit its box", c.name))
                    .label(def.file, def.card.name.span, how)
                    .help(format!("{fix}, or `allow text-overflow` in `game.cards` for a set cardc does not draw")),
            );
        }
    }
}

/// Without the `render` feature no card is laid out, and nothing is reported.
#[cfg(not(feature = "render"))]
pub fn check(_: &LintContext<'_>, _: &mut Vec<Diagnostic>) {}
