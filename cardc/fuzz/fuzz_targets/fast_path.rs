//! Differential: the fast path for cards (`syntax/fast.rs`) and the pest grammar must read
//! every item the fast path reads into the same syntax tree, with no diagnostic from the
//! grammar; the fast path may give up on anything.

#![no_main]

use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    let Ok(text) = std::str::from_utf8(data) else { return };
    if let Some(disagreement) = cardc::syntax::fast_path_disagreement(text) {
        panic!("{disagreement}");
    }
});
