//! cardc's two grammars and the parsers pest derives from them: [`cards`], the card
//! language (`grammar.pest`: a `.cards` file, one top-level item at a time), and
//! [`ability`], ability text (`ability.pest`: one sentence into the parts of an ability
//! frame).
//!
//! A crate of its own because the derived parsers are most of the code `cardc` compiles (a
//! parser is pest's generic machinery instantiated for every rule): here they are compiled
//! once, beside the rest of the workspace, and `cardc`'s library and its unit tests both
//! link them instead of compiling them each. `cardc` re-exports them where it reads with
//! them (`cardc::syntax`, `cardc::text`); nothing else uses this crate.

/// The card language: [`cards::CardParser`] and the rules of `grammar.pest`.
pub mod cards {
    #![allow(missing_docs)]
    #[derive(pest_derive::Parser)]
    #[grammar = "grammar.pest"]
    pub struct CardParser;
}

/// Ability text: [`ability::AbilityParser`] and the rules of `ability.pest`.
pub mod ability {
    #![allow(missing_docs)]
    #[derive(pest_derive::Parser)]
    #[grammar = "ability.pest"]
    pub struct AbilityParser;
}

/// The text of `ability.pest`: the words it spells out are words a game cannot make its own
/// in ability text.
pub const ABILITY_GRAMMAR: &str = include_str!("ability.pest");
