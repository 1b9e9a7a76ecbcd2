//! The checks, one file per concern, which only report: they read the parsed files and
//! the names [`resolve`](crate::resolve) collected, and give what they read to the
//! lowering. They never lower; the checks that need a lowered ability run after lowering
//! ([`crate::lint`]), and [`crate::pipeline`] runs them all in order.

pub mod abilities;
pub mod cards;
pub mod game;
pub mod identifiers;
pub mod restrictions;
pub mod round_trip;
pub mod rules;
pub mod spend_without_resource;
pub mod unequippable_upgrade;
pub mod unused_icon;
pub mod values;
