//! Matching: which ships a subject names, and which effects a card's words cover.

use super::{Engine, GameState, ShipId, Status};
use crate::ability::{Effect, EffectKind, Person, Proviso, Side, Subject, VocabRef};
use crate::model::VocabKind;

impl<'a> Engine<'a> {
    /// Whether `ship` is one a subject names, seen from the ability's owner.
    pub(super) fn fits<S: GameState<'a> + ?Sized>(
        &self,
        state: &S,
        owner: ShipId,
        subject: &Subject,
        ship: ShipId,
        that: Option<ShipId>,
    ) -> bool {
        if state.status(ship) == Status::Removed {
            return false;
        }
        let near = || {
            let side = match subject.side {
                Side::Any => true,
                Side::Friendly => state.player(ship).is_some() && state.player(ship) == state.player(owner),
                Side::Enemy => state.player(ship).is_some_and(|p| state.player(owner).is_some_and(|o| o != p)),
            };
            let range = match subject.range {
                None => true,
                Some((lo, hi)) => {
                    let d = if ship == owner { Some(0) } else { state.range(owner, ship) };
                    d.is_some_and(|d| lo <= d && d <= hi)
                }
            };
            side && range
        };
        let fits = match subject.person {
            // A thing (`this card's [Charge]`, `your dice`) is the card's own ship's.
            Person::You | Person::Thing => ship == owner,
            Person::That => that == Some(ship),
            Person::Attacker | Person::Defender => state.role(subject.person) == Some(ship),
            Person::A | Person::Each => near(),
            Person::Another | Person::EachOther => ship != owner && near(),
        };
        if !subject.says_more_in(&state.words()) {
            return fits;
        }
        // Words the reading keeps: the game says which ships they describe (`you or a
        // friendly Essara Till`: you, or a ship the game says is one).
        match subject.person {
            Person::You => fits || state.described(owner, subject, ship),
            _ => fits && state.described(owner, subject, ship),
        }
    }

    /// Every ship a subject can name.
    pub(super) fn candidates<S: GameState<'a> + ?Sized>(
        &self,
        state: &S,
        owner: ShipId,
        subject: &Subject,
        that: Option<ShipId>,
    ) -> Vec<ShipId> {
        let mut ships = match subject.person {
            Person::You | Person::Thing => vec![owner],
            Person::That => that.into_iter().collect(),
            Person::Attacker | Person::Defender => state.role(subject.person).into_iter().collect(),
            Person::A | Person::Another | Person::Each | Person::EachOther => self.active(state),
        };
        ships.retain(|&s| self.fits(state, owner, subject, s, that));
        ships
    }
}

/// Whether an effect written on a card (`pattern`) covers an effect that happens: the same
/// kind, acting on a common vocabulary entry (or on the same words when either names none);
/// a pattern naming nothing covers any noun, and a facing, when written, must agree.
///
/// `perform` is read by what is performed: an attack (the word `attack`) or an action, and
/// the action only when the pattern names one from the game's actions (`perform a [Focus]
/// action`).
///
/// A pattern with provisos (`using your Adaptive Ailerons ship ability`) covers only an
/// event that happened with them: the game says so on the event it reports. A range band
/// of the pattern (`You cannot acquire locks at range 1`, `beyond range 3`) covers an event
/// the game reports at a range within it (a lock acquired `at range 1`, `at range 4`).
///
/// When either effect is unstructured, their words are compared: `a or b` covers either,
/// and a pattern whose words begin the event's covers it (`move through`, of `move through
/// and overlap obstacles`, covers `move through obstacles`).
pub fn matches(pattern: &Effect, event: &Effect) -> bool {
    if pattern.kind == EffectKind::Opaque || event.kind == EffectKind::Opaque {
        let event = normalize(&event.text);
        return alternatives(&normalize(&pattern.text)).any(|a| begins(a, &event));
    }
    if pattern.kind != event.kind || pattern.facing.is_some() && pattern.facing != event.facing {
        return false;
    }
    // `a maneuver using your Adaptive Ailerons ship ability`: the event happened so.
    if !pattern.provisos.iter().all(|p| event.provisos.iter().any(|e| covers(p, e))) {
        return false;
    }
    if pattern.kind == EffectKind::Perform {
        let actions = |e: &Effect| -> Vec<VocabRef> {
            e.noun.iter().flat_map(|n| n.refs.iter()).filter(|r| r.kind == VocabKind::Action).copied().collect()
        };
        let named = actions(pattern);
        return mentions_attack(&pattern.text) == mentions_attack(&event.text)
            && (named.is_empty() || actions(event).iter().any(|r| named.contains(r)));
    }
    match (&pattern.noun, &event.noun) {
        (None, _) => true,
        (Some(p), Some(e)) if !p.refs.is_empty() && !e.refs.is_empty() => p.refs.iter().any(|r| e.refs.contains(r)),
        (Some(p), Some(e)) => same_words(&normalize(&p.text), &normalize(&e.text)),
        (Some(_), None) => false,
    }
}

/// Whether a pattern's proviso holds of an event with `event`: the same proviso, or a band
/// that holds the event's, measured from the same thing.
fn covers(pattern: &Proviso, event: &Proviso) -> bool {
    match (pattern, event) {
        (Proviso::Range(p), Proviso::Range(e)) => p.of == e.of && p.band.covers(e.band),
        _ => pattern == event,
    }
}

/// Whether an unstructured timing (`you boost or barrel roll`) names an event of the ability's
/// own ship (`boost`): only timings about `you` are read this way.
pub(super) fn names_by_text(what: &str, event: &str) -> bool {
    let what = normalize(what);
    let event = normalize(event);
    let event = event.strip_prefix("you ").unwrap_or(&event);
    what.strip_prefix("you ").is_some_and(|rest| alternatives(rest).any(|a| same_words(a, event)))
}

fn mentions_attack(text: &str) -> bool {
    normalize(text).split(' ').any(|w| w == "attack" || w == "attacks")
}

/// Lowercase, brackets dropped, one space between words, no final full stop.
fn normalize(text: &str) -> String {
    let text = text.to_lowercase().replace(['[', ']'], "").replace('’', "'");
    let words = text.split_whitespace().collect::<Vec<_>>().join(" ");
    words.trim_end_matches(['.', ',']).to_string()
}

fn alternatives(text: &str) -> impl Iterator<Item = &str> {
    text.split(" or ").map(str::trim)
}

/// The same words, ignoring articles, counts and plurals (`an evade token` = `evade tokens`).
fn same_words(a: &str, b: &str) -> bool {
    words(a) == words(b)
}

/// Whether `a`'s words begin `b`'s (or are all of them), read as [`same_words`] reads them.
fn begins(a: &str, b: &str) -> bool {
    let (a, b) = (words(a), words(b));
    !a.is_empty() && b.starts_with(&a)
}

fn words(s: &str) -> Vec<&str> {
    s.split(' ')
        .filter(|w| !matches!(*w, "a" | "an" | "the" | "one" | "all") && !w.chars().all(|c| c.is_ascii_digit()))
        .map(|w| match w {
            "dice" => "die",
            _ if w.len() > 3 && w.ends_with('s') && !w.ends_with("ss") => &w[..w.len() - 1],
            _ => w,
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::ability::{Band, Noun, Proviso, Reach};

    #[test]
    fn a_proviso_of_the_pattern_must_be_the_events() {
        let execute = |provisos: Vec<Proviso>| Effect {
            provisos: provisos.into(),
            ..Effect::new(EffectKind::Execute, "execute a speed 1 maneuver")
        };
        let ailerons = Proviso::Using(Noun::new("Adaptive Ailerons ship ability", Vec::new()));
        let pattern = execute(vec![ailerons.clone()]);
        assert!(!matches(&pattern, &execute(Vec::new())), "a maneuver executed otherwise");
        assert!(matches(&pattern, &execute(vec![ailerons])));
        // A pattern without one covers the event either way.
        assert!(matches(&execute(Vec::new()), &execute(vec![Proviso::IfAble])));
    }

    #[test]
    fn a_band_of_the_pattern_covers_an_event_at_a_range_within_it() {
        let lock = |band: Band| Effect {
            provisos: vec![Proviso::Range(Reach { band, of: None })].into(),
            ..Effect::new(EffectKind::Lock, "acquire locks")
        };
        // `You can acquire locks beyond range 2`.
        let far = lock(Band::Beyond(2));
        assert!(matches(&far, &lock(Band::At(3, 3))));
        assert!(matches(&far, &lock(Band::Beyond(4))));
        assert!(!matches(&far, &lock(Band::At(2, 2))));
        // `You cannot acquire locks at range 0-1`.
        let near = lock(Band::At(0, 1));
        assert!(matches(&near, &lock(Band::At(1, 1))));
        assert!(!matches(&near, &lock(Band::At(1, 2))));
        assert!(!matches(&near, &lock(Band::Beyond(1))));
        // An event the game reports with no range is not one the band covers.
        assert!(!matches(&near, &Effect::new(EffectKind::Lock, "acquire a lock")));
    }
}
