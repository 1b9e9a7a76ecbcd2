//! The shipped card sets, compiled at build time by cardc from `cards/`: one module per
//! set (`armada`, `eclipse`, `emberfall`, `xwing`), each with its vocabulary enums, `CardId`, a type per
//! card and `pub static SET`; and [`SETS`], every set.
//!
//! ```
//! use cards::armada::{cards::Dominator, CardId, Faction, Icon};
//! use cards_runtime::typed::{Card, Upgrade};
//!
//! assert_eq!(Dominator::COST, Some(12));
//! assert_eq!(Dominator::ICONS, &[Icon::Title]);
//! assert_eq!(Dominator::FACTIONS, &[Faction::Empire]);
//! assert_eq!(CardId::from_id("dominator"), Some(CardId::Dominator));
//! // The same facts, for a card known at run time.
//! assert_eq!(CardId::Dominator.cost(), Some(12));
//! ```

#![forbid(unsafe_code)]
#![warn(missing_docs)]

cards_runtime::include_cards!();

/// The compiled set of a game, by its id.
pub fn set(game: &str) -> Option<&'static cards_runtime::Set> {
    SETS.iter().map(|s| s.get()).find(|s| s.game == game)
}
