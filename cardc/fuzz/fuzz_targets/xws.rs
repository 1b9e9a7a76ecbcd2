//! XWS lines: one line of a JSON-lines batch judged against the X-Wing conformance set
//! (checked once per process). Nothing may panic; every verdict has a text.

#![no_main]

use cards_runtime::fleet::Options;
use cards_runtime::xws::{verdict, verdict_text, XwsIndex};
use libfuzzer_sys::fuzz_target;
use std::sync::LazyLock;

static INDEX: LazyLock<XwsIndex<'static>> = LazyLock::new(|| XwsIndex::new(cardc_fuzz::set("xwing")));

fuzz_target!(|data: &[u8]| {
    let Ok(line) = std::str::from_utf8(data) else { return };
    let ignore_points = line.len() % 2 == 1;
    let v = verdict(&INDEX, line, &Options { ignore_points, ..Options::default() });
    assert!(!verdict_text("fuzz:1", &v).is_empty());
});
