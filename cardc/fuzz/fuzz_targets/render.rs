//! Rendering: the diagnostics of a fuzzed card file (checked as in the `check` target)
//! rendered as `cardc check` shows them, with and without colour and at a narrow width.
//! Nothing may panic.

#![no_main]

use cardc::RenderStyle;
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    let (sources, checked) = cardc_fuzz::check_beside_game(data);
    for (i, d) in checked.diagnostics.iter().enumerate() {
        let style =
            if i % 2 == 0 { RenderStyle { color: false, width: 100 } } else { RenderStyle { color: true, width: 20 } };
        let rendered = d.render(&sources, style);
        assert!(!rendered.is_empty(), "{} rendered as nothing", d.code.id);
    }
});
