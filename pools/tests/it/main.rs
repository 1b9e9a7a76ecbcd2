//! The compiled pools' integration tests, linked into one test binary: packing loses
//! nothing, and the real tournament squads against the compiled legacy set. `common` is the
//! checkout-wide helpers every package's tests share.

#[path = "../../../tests/it/common.rs"]
mod common;
mod compiled_equals_loaded;
mod real_lists;
