//! The kinds of card a game declares, and the nouns its messages use.
//!
//! `kind hero "Hero" "Heroes" unit` declares a kind of card: the word that starts such a
//! card, the nouns messages use for it, and the role it plays in the rules
//! ([`CardKind`]). `roster warband "Warband"` names what a list of units is called. A game
//! that declares no kinds has the six of the conformance games ([`PRELUDE`]), and
//! its lists are fleets ([`Noun::FLEET`]).

use super::card::CardKind;
use super::vocab::Text;
use crate::packed::packed;
use std::borrow::Cow;

/// A word a game uses for something, in the singular and the plural.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct Noun {
    /// The kebab-case id: the word of the card language (`hero`, `warband`).
    pub id: Text,
    /// The display name (`Hero`).
    pub name: Text,
    /// The display name in the plural (`Heroes`).
    pub plural: Text,
    /// The word of the card language in the plural (`heroes`: `total cost of heroes`, a
    /// scenario's list): the plural's kebab-case when the display name is the id's, else
    /// the id's English plural.
    pub plural_id: Text,
}
packed! { struct Noun { id, name, plural, plural_id } }

impl Noun {
    /// What a list of units is called when a game names none.
    pub const FLEET: Noun = Noun::builtin("fleet", "Fleet", "Fleets", "fleets");

    const fn builtin(id: &'static str, name: &'static str, plural: &'static str, plural_id: &'static str) -> Noun {
        Noun {
            id: Cow::Borrowed(id),
            name: Cow::Borrowed(name),
            plural: Cow::Borrowed(plural),
            plural_id: Cow::Borrowed(plural_id),
        }
    }

    /// The word in running text: the display name in lowercase (`hero`).
    pub fn one(&self) -> String {
        self.name.to_lowercase()
    }

    /// The plural in running text (`heroes`).
    pub fn many(&self) -> String {
        self.plural.to_lowercase()
    }

    /// The word with its article (`a hero`, `an item`).
    pub fn a(&self) -> String {
        with_article(&self.one())
    }

    /// The singular for one, the plural otherwise.
    pub fn count(&self, n: usize) -> String {
        if n == 1 {
            self.one()
        } else {
            self.many()
        }
    }
}

/// `a` or `an` before a word, by its first letter.
pub fn with_article(word: &str) -> String {
    let article = if word.starts_with(['a', 'e', 'i', 'o', 'u']) { "an" } else { "a" };
    format!("{article} {word}")
}

/// The plural English gives a display name when the game writes none: `Heroes`, `Classes`,
/// `Allies`, `Items`.
pub fn plural_of(name: &str) -> String {
    let lower = name.to_ascii_lowercase();
    let before_last = lower.chars().rev().nth(1);
    let consonant_before = before_last.is_some_and(|c| c.is_ascii_alphabetic() && !"aeiou".contains(c));
    if ["s", "x", "z", "ch", "sh"].iter().any(|end| lower.ends_with(end)) {
        format!("{name}es")
    } else if lower.ends_with('y') && consonant_before {
        format!("{}ies", &name[..name.len() - 1])
    } else if lower.ends_with('o') && consonant_before {
        format!("{name}es")
    } else {
        format!("{name}s")
    }
}

/// A kind of card a game declares.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct Kind {
    /// The word that starts such a card, and the nouns messages use.
    pub noun: Noun,
    /// The part it plays in the rules.
    pub role: CardKind,
}
packed! { struct Kind { noun, role } }

/// The kinds of a game that declares none: the six of the conformance games, in the order
/// of [`CardKind::ALL`].
pub static PRELUDE: [Kind; 6] = [
    Kind { noun: Noun::builtin("chassis", "Chassis", "Chassis", "chassis"), role: CardKind::Chassis },
    Kind { noun: Noun::builtin("ship", "Ship", "Ships", "ships"), role: CardKind::Ship },
    Kind { noun: Noun::builtin("upgrade", "Upgrade", "Upgrades", "upgrades"), role: CardKind::Upgrade },
    Kind { noun: Noun::builtin("part", "Part", "Parts", "parts"), role: CardKind::Part },
    Kind { noun: Noun::builtin("blueprint", "Blueprint", "Blueprints", "blueprints"), role: CardKind::Blueprint },
    Kind { noun: Noun::builtin("species", "Species", "Species", "species"), role: CardKind::Species },
];

impl Kind {
    /// The prelude's kind for a role.
    pub fn prelude(role: CardKind) -> &'static Kind {
        &PRELUDE[role.index()]
    }
}

/// How a game's ability text measures distance, when it does not say `at range`:
/// `within 2 spaces` is a band from 0 to 2 of these, `adjacent` the band it names.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct Distance {
    /// The unit of distance (`space`, `spaces`).
    pub noun: Noun,
    /// What `adjacent` means in that unit, when the game says it (`adjacent 1`).
    pub adjacent: Option<u8>,
}
packed! { struct Distance { noun, adjacent } }

/// A verb a game's ability text uses that the built-in reading does not know (`Heal 2
/// damage.`, `Each friendly hero heals 1 damage.`, `After you heal`): read as the built-in
/// verbs are, an [`EffectKind::Game`](crate::ability::EffectKind::Game) the game carries out.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct Verb {
    /// The kebab-case id: the word of the card language, and the verb's base form (`heal`).
    pub id: Text,
    /// The form after a subject in the singular (`heals`).
    pub third: Text,
    /// The past participle (`healed`: `After you have healed`, `is healed`).
    pub past: Text,
}
packed! { struct Verb { id, third, past } }

impl Verb {
    /// A verb with the forms English gives its base form (`heal`, `heals`, `healed`;
    /// `push`, `pushes`, `pushed`; `bury`, `buries`, `buried`).
    pub fn regular(id: &str) -> Verb {
        // The third person is spelt as a plural is (`pushes`, `buries`, `echoes`).
        Verb { id: id.to_string().into(), third: plural_of(id).into(), past: past_of(id).into() }
    }

    /// Whether a lowercase word is one of its forms.
    pub fn is(&self, word: &str) -> bool {
        word == &*self.id || word == &*self.third || word == &*self.past
    }
}

/// The past participle English gives a regular verb: `healed`, `moved`, `buried`.
pub fn past_of(verb: &str) -> String {
    let before_last = verb.chars().rev().nth(1);
    let consonant_before = before_last.is_some_and(|c| c.is_ascii_alphabetic() && !"aeiou".contains(c));
    if verb.ends_with('e') {
        format!("{verb}d")
    } else if verb.ends_with('y') && consonant_before {
        format!("{}ied", &verb[..verb.len() - 1])
    } else {
        format!("{verb}ed")
    }
}

/// The words a game's ability text names its units and its distances with: the unit
/// kind's noun (`each friendly hero`) and the distance it declares (`within 2 spaces`).
/// A game that declares neither has the prelude's: `ship`, `at range`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Words<'s> {
    /// The unit kind's noun.
    pub unit: &'s Noun,
    /// The distance, when the game declares one.
    pub distance: Option<&'s Distance>,
    /// The verbs it declares, in order ([`EffectKind::Game`](crate::ability::EffectKind::Game)'s index).
    pub verbs: &'s [Verb],
}

impl Words<'static> {
    /// The words of a game that declares none.
    pub const PRELUDE: Words<'static> = Words { unit: &PRELUDE[1].noun, distance: None, verbs: &[] };
}

impl Words<'_> {
    /// Whether they are the prelude's: ability text reads as X-Wing's does.
    pub fn is_prelude(&self) -> bool {
        self.distance.is_none() && self.verbs.is_empty() && self.unit.one() == "ship" && self.unit.many() == "ships"
    }

    /// Whether `word` (in lowercase) names the unit, one or many.
    pub fn is_unit(&self, word: &str) -> bool {
        word == self.unit.one() || word == self.unit.many()
    }

    /// Whether `word` (in lowercase) names the distance, one or many.
    pub fn is_distance(&self, word: &str) -> bool {
        self.distance.is_some_and(|d| word == d.noun.one() || word == d.noun.many())
    }

    /// Where a subject's range puts it, with a leading space: ` at range 1-2`, or in the
    /// game's distance, measured from you as the range is (` within 2 spaces of you`,
    /// ` adjacent to you`). A band its distance cannot say (one not starting at 0) is said
    /// at range.
    pub fn range(&self, range: Option<(u8, u8)>) -> String {
        match (range, self.distance) {
            (None, _) => String::new(),
            (Some((a, b)), Some(d)) if d.adjacent == Some(a) && a == b => " adjacent to you".to_string(),
            (Some((0, b)), Some(d)) => format!(" within {b} {} of you", d.noun.count(b as usize)),
            (Some((a, b)), _) if a == b => format!(" at range {a}"),
            (Some((a, b)), _) => format!(" at range {a}-{b}"),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_regular_verb_has_the_forms_english_gives_it() {
        let cases = [
            ("heal", "heals", "healed"),
            ("push", "pushes", "pushed"),
            ("bury", "buries", "buried"),
            ("move", "moves", "moved"),
            ("play", "plays", "played"),
            ("echo", "echoes", "echoed"),
        ];
        for (id, third, past) in cases {
            let v = Verb::regular(id);
            assert_eq!((&*v.third, &*v.past), (third, past), "{id}");
            assert!(v.is(id) && v.is(third) && v.is(past) && !v.is("heel"));
        }
    }

    #[test]
    fn the_plural_follows_english_spelling() {
        let cases = [
            ("Hero", "Heroes"),
            ("Class", "Classes"),
            ("Ally", "Allies"),
            ("Day", "Days"),
            ("Item", "Items"),
            ("Torch", "Torches"),
            ("Box", "Boxes"),
            ("Radio", "Radios"),
        ];
        for (one, many) in cases {
            assert_eq!(plural_of(one), many, "{one}");
        }
    }

    #[test]
    fn a_noun_says_itself_with_its_article_and_count() {
        let noun = Noun {
            id: "man-at-arms".into(),
            name: "Man-at-Arms".into(),
            plural: "Men-at-Arms".into(),
            plural_id: "men-at-arms".into(),
        };
        assert_eq!(noun.a(), "a man-at-arms");
        assert_eq!((noun.count(1), noun.count(2)), ("man-at-arms".to_string(), "men-at-arms".to_string()));
        assert_eq!(Kind::prelude(CardKind::Upgrade).noun.a(), "an upgrade");
    }

    #[test]
    fn the_prelude_lists_the_roles_in_their_order() {
        for (i, role) in CardKind::ALL.into_iter().enumerate() {
            assert_eq!(PRELUDE[i].role, role);
            assert_eq!(PRELUDE[i].noun.id, role.as_str());
        }
    }
}
