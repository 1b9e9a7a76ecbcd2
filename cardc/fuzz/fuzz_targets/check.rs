//! Card files: arbitrary bytes checked as one file of a set beside a fixed `game.cards`
//! (parsed once per process; see `cardc_fuzz::game_of` for which game). Nothing may panic
//! and every label of every diagnostic must lie within its file's text on character
//! boundaries. A file the set accepts is lowered, generated (`cardc::generate`) and every
//! generated file must parse with `syn`; its model, packed and unpacked, must come back
//! equal.

#![no_main]

use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    let (sources, checked) = cardc_fuzz::check_beside_game(data);
    cardc_fuzz::assert_labels_in_text(&sources, &checked);
    let Some(set) = checked.set.clone() else { return };
    let packed = cards_runtime::packed::pack(&set).concat();
    match cards_runtime::packed::unpack(&packed) {
        Ok(back) => assert!(back == set, "the set packed and unpacked differs"),
        Err(e) => panic!("a packed set does not unpack: {e:?}"),
    }
    let report = cardc::Report { sources, sets: vec![checked], ..Default::default() };
    match cardc::generate(&report) {
        Ok(files) => {
            for file in files {
                if let Err(e) = syn::parse_file(&file.contents) {
                    panic!("generated {} does not parse: {e}\n{}", file.name, file.contents);
                }
            }
        }
        // Two sets with one module name cannot happen with one set; an error is a bug.
        Err(e) => panic!("an accepted set does not generate: {e}"),
    }
});
