//! The runtime side of cardc: the model of a card set and the rules that decide what is
//! legal.
//!
//! The compiler (`cardc`) builds these values at run time when it checks a set, and
//! [packs](packed) them into the code it generates when it compiles one, so the rules
//! below are written once and serve both paths.
//!
//! With no features this is the core that generated code needs: the [model], the
//! [packed] form's unpacking, the [typed] traits and [restriction] evaluation, with no
//! dependency. The rest is opt-in:
//! - `pack`: packing a set, as cardc does when it compiles one;
//! - `serde`: serde's `Serialize` and `Deserialize` for the model;
//! - `words`: cards said in plain words (`ability_plain`, `ability_card`, `ability_text`,
//!   `ability_json`, `restriction_text`, `export`);
//! - `squads` (with `words`): fleet and squad validation (`fleet`, `xws`, `fleet_list`,
//!   `scenario`, `verdict`, `violation`, Eclipse's `blueprint`);
//! - `engine`: the ability `engine`, and the `state` of equipped cards during a game.
//!
//! The example below needs `squads`.
//!
//! ```
//! use cards_runtime::fleet::{validate_fleet, Fleet, FleetShip};
//! use cards_runtime::model::{Card, CardKind, Cmp, CmpOp, Constraint, Entry, Rule, Scope, Set, Vocabulary};
//!
//! let entry = |id: &'static str| Entry { id: id.into(), name: id.into(), marked: false };
//! let mut ship = Card::empty("victory", "Victory", CardKind::Ship);
//! ship.cost = Some(73);
//! ship.upgrades = vec![0].into();
//! let mut title = Card::empty("dominator", "Dominator", CardKind::Upgrade);
//! title.cost = Some(12);
//! title.icons = vec![0].into();
//! let points = Constraint::TotalCost {
//!     cmp: Cmp { op: CmpOp::AtMost, n: 80 },
//!     of: None,
//!     stat: None,
//!     scope: Scope::Fleet,
//!     condition: None,
//! };
//! let set = Set {
//!     game: "demo".into(),
//!     name: "Demo".into(),
//!     vocab: Vocabulary { icons: vec![entry("title")].into(), ..Vocabulary::default() },
//!     cards: vec![ship, title].into(),
//!     rules: vec![Rule { id: "points".into(), message: "at most 80 points".into(), constraint: points }].into(),
//!     ..Set::default()
//! };
//! // Two titles on a ship with one title icon, and 97 points.
//! let fleet = Fleet { faction: None, ships: vec![FleetShip { ship: 0, upgrades: vec![1, 1] }] };
//! let ids: Vec<String> = validate_fleet(&set, &fleet).iter().map(|v| v.id.to_string()).collect();
//! assert_eq!(ids, ["no-icon", "points"]);
//! ```

#![forbid(unsafe_code)]
#![warn(missing_docs)]

pub mod ability;
#[cfg(feature = "words")]
pub mod ability_card;
#[cfg(feature = "words")]
pub mod ability_json;
#[cfg(feature = "words")]
pub mod ability_plain;
#[cfg(feature = "words")]
pub mod ability_text;
#[cfg(feature = "squads")]
pub mod blueprint;
#[cfg(feature = "engine")]
pub mod engine;
#[cfg(feature = "words")]
pub mod export;
#[cfg(feature = "squads")]
pub mod fleet;
#[cfg(feature = "squads")]
pub mod fleet_list;
#[cfg(feature = "squads")]
pub mod ids;
pub mod model;
pub mod packed;
pub mod restriction;
#[cfg(feature = "words")]
pub mod restriction_text;
#[cfg(feature = "squads")]
pub mod scenario;
#[cfg(feature = "engine")]
pub mod state;
#[cfg(feature = "squads")]
pub mod suggest;
pub mod typed;
#[cfg(feature = "squads")]
pub mod verdict;
#[cfg(feature = "squads")]
pub mod violation;
#[cfg(feature = "squads")]
pub mod xws;

pub use model::{Card, CardKind, Set};
pub use restriction::{Atom, Node, Restriction, Subject};
#[cfg(feature = "squads")]
pub use scenario::{Outcome, Scenario};
#[cfg(feature = "squads")]
pub use violation::Violation;
