//! Armada fleet lists: a list as a fleet builder exports it, read, resolved and validated
//! against the Armada conformance set (checked once per process). Nothing may panic.

#![no_main]

use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    let Ok(text) = std::str::from_utf8(data) else { return };
    let _ = cards_runtime::fleet_list::validate(cardc_fuzz::set("armada"), text);
});
