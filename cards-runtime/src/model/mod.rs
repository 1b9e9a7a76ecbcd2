//! The model of a compiled card set.
//!
//! Every list is a `Cow<'static, [T]>` and every string a `Cow<'static, str>`: a set can
//! be built as `static` data with borrowed slices, or with owned vectors, as cardc does
//! when it loads a set at run time and [`packed`](crate::packed) when it unpacks a
//! compiled one. The rules in this crate take a `&Set` and do not care which. Every type
//! but [`Set`] (packed as a header and its cards) lists its fields for the packed format
//! (`packed! { struct Charges { count, recovers } }`, see [`packed`](crate::packed)); with
//! the feature `serde`, it derives serde's traits too.
//!
//! The model reads as its parts: [`vocab`] (the string and list types and the vocabulary,
//! which depend on nothing else), [`action`] (action bars), [`card`], [`rules`], [`release`]
//! (releases, and cards as they were before one), [`set`],
//! and [`view`] (a ship as restrictions and costs see it). Everything is re-exported here,
//! so `cards_runtime::model::Card` names a card wherever it lives.

pub mod action;
pub mod card;
pub mod kinds;
pub mod release;
pub mod rules;
pub mod set;
pub mod view;
pub mod vocab;

pub use action::{BarAction, Difficulty};
pub use card::{Card, CardKind, Charges, CostBasis, Grant, NamedAbility, VariableCost};
pub use kinds::{Distance, Kind, Noun, Verb, Words};
pub use release::{Release, ReleaseKind, Version};
pub use rules::{Cmp, CmpOp, Constraint, Filter, Rule, Scope, Selector, SelectorKind};
pub use set::Set;
pub use view::{bar_has_room, could_meet, factions_meet, FleetContext, ShipView};
pub use vocab::{Entry, List, Text, VocabKind, Vocabulary};
