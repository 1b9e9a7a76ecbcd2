//! N0003: an ability whose reading, said back as a card prints it, is not the printed text.

use cards_runtime::ability_card::{self, RoundTrip};

use crate::ast::Span;
use crate::declare_code;
use crate::diagnostics::Diagnostic;
use crate::lint::LintContext;

declare_code! {
    /// ## What
    /// The reading of an ability, said back in the words a card prints
    /// (`cards_runtime::ability_card`), is not what the card says. The note points at the
    /// first printed word where the two part, and its help gives the whole ability said
    /// back.
    ///
    /// The two are compared word by word after a normalisation: case, punctuation and
    /// brackets, reminder text in parentheses, `a`/`an`/`one`/`1`, the words `the`,
    /// `of`, `and`, `then` and `your`, templating synonyms (`while`/`if`, `decrease`/`reduce`), and the plural or third-person `s` (`token` and
    /// `tokens`, `gain` and `gains`, `die` and `dice`) do not count. A part the reading
    /// kept opaque is said back as `“…”`, so an ability with one always differs.
    ///
    /// ## Why
    /// A clause read wrongly is worse than one kept opaque, because nothing else warns:
    /// the reading looks clean and the rules engine plays the card differently. Saying
    /// the reading back shows what it holds; where it is not the card, either the
    /// reading lost or changed something (an amount, a condition, a cost paid whole),
    /// or the card words it in a way the reading says otherwise. Either is worth a look.
    ///
    /// ## Example
    /// `Increase your attack by 2 until the end of the round.` read without its amount is
    /// said back `Increase your attack until the end of the round.`: the note points at
    /// `by`. Reword the card in the game's templates, or `allow reading-differs` in
    /// `game.cards` when the set accepts readings that differ.
    pub static N0003: "N0003", "reading-differs", Note;
}

/// Reports the abilities whose reading, said back ([`crate::lint::said_back`]), parts from
/// the card.
pub fn check(cx: &LintContext<'_>, d: &mut Vec<Diagnostic>) {
    let (sites, sources) = (cx.texts, cx.sources);
    for back in cx.said {
        let RoundTrip::Differs { printed: at, said: there } = &back.round_trip else { continue };
        let Some(site) = sites.get(back.site) else { continue };
        let Some(frame) = site.frames.get(back.frame) else { continue };
        let said = &back.said;
        let printed = sources.file(site.file).text.get(frame.span.range()).unwrap_or_default();
        let start = frame.span.start as usize + at.start;
        let (span, word) = match at.is_empty() {
            // The printed text stops first: point at its end.
            true => (Span::new(frame.span.end as usize, frame.span.end as usize), None),
            false => (Span::new(start, frame.span.start as usize + at.end), printed.get(at.clone())),
        };
        let label = match said.text.get(there.clone()).filter(|w| !w.is_empty()) {
            Some(ability_card::OPAQUE) => "the reading keeps this opaque".to_string(),
            Some(w) => format!("the reading says `{w}` here"),
            None => "the reading says nothing more".to_string(),
        };
        let message = match word {
            Some(w) => format!("the reading parts from the card at `{w}`"),
            None => "the reading says more than the card".to_string(),
        };
        d.push(
            Diagnostic::new(&N0003, message).label(site.file, span, label).help(format!("said back: {}", said.text)),
        );
    }
}
