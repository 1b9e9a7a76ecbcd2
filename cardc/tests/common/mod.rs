//! Helpers shared by the integration tests: the checkout-wide ones, and running `cardc`.
#![allow(dead_code)]

use std::process::{Command, Output};

#[path = "../../../tests/common.rs"]
mod checkout;

#[allow(unused_imports)]
pub use checkout::{example_sets, files, root, shared};

/// Runs the `cardc` binary.
pub fn cardc(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_cardc")).args(args).output().expect("cardc runs")
}

/// The exit code, with a panic message naming the output when it was killed.
pub fn code(out: &Output) -> i32 {
    out.status.code().unwrap_or_else(|| panic!("killed: {}", String::from_utf8_lossy(&out.stderr)))
}
