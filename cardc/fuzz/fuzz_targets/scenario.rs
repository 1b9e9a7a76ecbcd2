//! Scenario JSON: parsed and run against the conformance set of its game (each checked
//! once per process). Nothing may panic; a scenario's report renders.

#![no_main]

use cards_runtime::scenario::{report_text, run, Scenario};
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    let Ok(json) = std::str::from_utf8(data) else { return };
    let Ok(scenario) = Scenario::parse(json) else { return };
    for set in cardc_fuzz::sets().iter().filter(|s| s.game == scenario.game) {
        if let Ok(outcome) = run(set, &scenario) {
            assert!(!report_text("fuzz.json", &outcome).is_empty());
        }
    }
});
