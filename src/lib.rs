//! The shipped card sets, compiled at build time by cardc from `cards/`: one module per
//! set (`armada`, `eclipse`, `emberfall`, `xwing`), each with its vocabulary enums, `CardId`, a type per
//! card and `pub static SET`; and [`SETS`], every set.
//!
//! ```
//! use cards::armada;
//! use cards_runtime::typed::{Card, Upgrade};
//!
//! assert_eq!(armada::cards::Dominator::cost(), Some(12));
//! assert_eq!(armada::cards::Dominator::icons(), &[armada::Icon::Title.index()]);
//! assert_eq!(armada::CardId::from_id("dominator"), Some(armada::CardId::Dominator));
//! ```

#![forbid(unsafe_code)]
#![warn(missing_docs)]

cards_runtime::include_cards!();

/// The compiled set of a game, by its id.
pub fn set(game: &str) -> Option<&'static cards_runtime::Set> {
    SETS.iter().map(|s| s.get()).find(|s| s.game == game)
}
