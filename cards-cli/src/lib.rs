//! What the command lines of `cardc` and `cards` share, kept out of the runtime that
//! generated code depends on: reading the files they are given, bounded ([`files`]);
//! writing to a terminal, a pipe or a file without panicking when it closes or fills
//! ([`terminal`]); and the `validate` commands' drivers over files ([`validate`]).

#![forbid(unsafe_code)]
#![warn(missing_docs)]

pub mod files;
pub mod terminal;
pub mod validate;
