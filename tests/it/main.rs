//! The root package's integration tests (the compiled sets, the `cards` binary, a user's
//! crate built as the README shows), one module per concern, linked into one test binary.
//! `common` holds the helpers every package's tests share (cardc's include it too).

mod common;
mod eclipse_pool;
mod engine;
mod example;
mod rules;
mod scenarios;
mod terminal;
mod typed_api;
mod user_crate;
mod xws;
