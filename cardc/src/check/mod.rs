//! The checks before lowering, one file per concern, which only report errors: they read
//! the parsed files and the names [`resolve`](crate::resolve) collected, and give what
//! they read to the lowering. They never lower; the checks that need a lowered ability,
//! and every lint (warnings and notes), run after lowering ([`crate::lint`]), and
//! [`crate::pipeline`] runs them all in order.

pub mod abilities;
pub mod cards;
pub mod game;
pub mod identifiers;
pub mod releases;
pub mod restrictions;
pub mod rules;
pub mod values;
pub mod verbs;
