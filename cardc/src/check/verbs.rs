//! The words of the verbs a game declares (`verb heal, push`, `verb cast "casts" "cast"`):
//! each of a verb's forms is one word of letters that ability text reads as
//! nothing else, neither a word of the built-in reading (`gain`, `attack`) nor the unit
//! kind's or the distance's words nor another verb's form.
//!
//! [`crate::resolve`] collects the verbs and reports one declared twice; the words the
//! built-in reading spells are [`crate::text`]'s, which reads after the resolution (the
//! parser, which the ability reader uses, names `resolve`), so their check is here, as a
//! kind's word that the language already uses is checked in [`super::game`]. A verb with a
//! mistake is still the game's, so the mistake is the only error.

use cards_runtime::model::{CardKind, Noun, Verb};

use crate::ast::Span;
use crate::diagnostics::Diagnostic;
use crate::resolve::kinds::{VerbDef, E0110};
use crate::resolve::Names;

/// Why a word cannot be a form of a verb.
enum Taken {
    /// It is not one word of letters (and `-`).
    NoWord,
    /// The built-in reading reads it (a string literal of `ability.pest`).
    Builtin,
    /// It names the game's unit kind (its id).
    Unit(String),
    /// It names the game's distance (its id).
    Distance(String),
    /// It is a form of a verb declared before (its index among the verbs).
    Verb(usize),
}

/// One form of a verb.
struct Form<'v> {
    /// The word.
    word: &'v str,
    /// Where it is written: the base form's place when it is derived from it.
    span: Span,
    /// Whether English gives it (`heals` of `verb heal`), not the line.
    derived: bool,
    /// Whether it is the base form, the verb's id.
    base: bool,
}

/// Reports, for each verb the game declares, the first of its forms (the base form, the
/// third person, the past participle) that is no word or that ability text already reads
/// otherwise: one E0110 per verb, at the form.
pub fn check(names: &Names<'_>, d: &mut Vec<Diagnostic>) {
    let kinds = &names.kinds;
    let unit = kinds.noun(CardKind::Ship);
    // A noun's words in the card language and in running text (`hero`, `heroes`).
    let words_of = |n: &Noun| [n.id.to_string(), n.plural_id.to_string(), n.one(), n.many()];
    let unit_words = words_of(unit);
    let distance = kinds.distance().map(|dist| (&dist.noun.id, words_of(&dist.noun)));
    let builtin = crate::text::grammar_words();
    let (defs, verbs) = (&kinds.verb_decls, kinds.verbs());
    for (i, (def, verb)) in defs.iter().zip(verbs).enumerate() {
        let taken = forms(def, verb).into_iter().find_map(|form| {
            let w = form.word;
            let why = if !is_word(w) {
                // A line saved from a syntax error holds what its words were (reported there).
                (!def.broken).then_some(Taken::NoWord)?
            } else if builtin.contains(w) {
                Taken::Builtin
            } else if unit_words.iter().any(|u| u == w) {
                Taken::Unit(unit.id.to_string())
            } else if let Some((id, _)) = distance.as_ref().filter(|(_, words)| words.iter().any(|u| u == w)) {
                Taken::Distance(id.to_string())
            } else {
                Taken::Verb(verbs[..i].iter().position(|other| other.is(w))?)
            };
            Some((form, why))
        });
        if let Some((form, why)) = taken {
            d.push(diagnostic(def, &form, why, defs));
        }
    }
}

/// A verb's forms, its base form first; a form not written is at the base form's place.
fn forms<'v>(def: &VerbDef<'_>, verb: &'v Verb) -> [Form<'v>; 3] {
    let entry = def.entry;
    let written = entry.third.as_ref().zip(entry.past.as_ref());
    let (third, past) = written.map_or((entry.id.span, entry.id.span), |(t, p)| (t.span, p.span));
    let derived = written.is_none();
    [
        Form { word: &verb.id, span: entry.id.span, derived: false, base: true },
        Form { word: &verb.third, span: third, derived, base: false },
        Form { word: &verb.past, span: past, derived, base: false },
    ]
}

/// Whether a word is one word of letters, pieces of them joined by `-`.
fn is_word(word: &str) -> bool {
    word.split('-').all(|piece| !piece.is_empty() && piece.chars().all(char::is_alphabetic))
}

fn diagnostic(def: &VerbDef<'_>, form: &Form<'_>, why: Taken, defs: &[VerbDef<'_>]) -> Diagnostic {
    let (id, w) = (&def.entry.id.text, form.word);
    let message = match form.base {
        true => format!("`{w}` cannot be one of the game's verbs"),
        false => format!("`{w}` cannot be a form of the game's verb `{id}`"),
    };
    let fix = match form.base {
        true => "remove this verb".to_string(),
        false => format!("give the verb forms of its own (`verb {id} \"…\" \"…\"`)"),
    };
    // What the word is, said of the word where it is written, and of a form English gives
    // the verb (at the base form): "English gives it the form `removed`, which is …".
    let (label, is, help) = match &why {
        Taken::NoWord => {
            let example = if form.base { "heal" } else { "heals" };
            let help = format!("a verb's form is one word of letters, as ability text spells it (`{example}`)");
            ("not one word of letters".to_string(), "is not one word".to_string(), help)
        }
        Taken::Builtin => (
            "a word of the built-in reading".to_string(),
            "is a word of the built-in reading".to_string(),
            format!("the built-in reading already reads `{w}`: {fix}"),
        ),
        Taken::Unit(unit) => {
            let names = format!("names the game's unit kind, `{unit}`");
            (names.clone(), names, format!("ability text already names the game's units with `{w}`: {fix}"))
        }
        Taken::Distance(distance) => {
            let names = format!("names the game's distance, `{distance}`");
            (names.clone(), names, format!("ability text already measures distance with `{w}`: {fix}"))
        }
        Taken::Verb(j) => {
            let other = &defs[*j].entry.id.text;
            let help = format!("ability text already reads `{w}` as verb `{other}`: {fix}");
            (format!("a form of verb `{other}`"), format!("is a form of verb `{other}`"), help)
        }
    };
    let label = match form.derived {
        true => format!("English gives it the form `{w}`, which {is}"),
        false => label,
    };
    let mut diagnostic = Diagnostic::new(&E0110, message).label(def.file, form.span, label);
    if let Taken::Verb(j) = why {
        let other = &defs[j];
        diagnostic =
            diagnostic.label(other.file, other.entry.id.span, format!("verb `{}` declared here", other.entry.id.text));
    }
    diagnostic.help(help)
}
