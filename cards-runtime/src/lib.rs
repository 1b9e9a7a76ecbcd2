//! The runtime side of cardc: the model of a card set and the rules that decide what is
//! legal.
//!
//! The compiler (`cardc`) builds these values at run time when it checks a set, and emits
//! them as `static` data when it compiles one, so the rules below are written once and
//! serve both paths.

#![forbid(unsafe_code)]
#![warn(missing_docs)]

pub mod blueprint;
pub mod fleet;
pub mod model;
pub mod restriction;
pub mod scenario;
pub mod state;
pub mod typed;
pub mod violation;

pub use model::{Card, CardKind, Set};
pub use restriction::{Atom, Node, Restriction, Subject};
pub use scenario::{Outcome, Scenario};
pub use violation::Violation;
