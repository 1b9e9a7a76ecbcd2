//! What validation reports.

use crate::model::Text;

/// One broken rule.
#[derive(Clone, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Violation {
    /// The rule's id, or a built-in id (`faction`, `no-icon`, `restriction`,
    /// `unknown-card`, `tech-required`, `too-many-activations`, `no-space`,
    /// `nothing-to-return`, `not-available`, `not-released`, `withdrawn`).
    pub id: Text,
    /// What is wrong, for a person.
    pub message: String,
    /// The id of the ship (or blueprint) it concerns, if any.
    pub ship: Option<Text>,
    /// The id of the card it concerns, if any.
    pub card: Option<Text>,
}
