//! Each compiled pool (the versioned `xwing-history` too, with every card's history),
//! unpacked from the code its build script generated, is the set cardc builds when it
//! checks the same imported files at run time: packing loses nothing.

use std::path::Path;

use crate::common;

#[test]
fn every_compiled_pool_equals_the_pool_checked_at_run_time() {
    let Some(_) = common::shared() else { return };
    // The build script imported the pools here before compiling them.
    let sets = Path::new(env!("OUT_DIR")).join("sets");
    let mut compared = 0;
    for compiled in cards_pools::SETS.iter().map(|s| s.get()) {
        let folder = sets.join(&*compiled.game);
        let report = cardc::check_paths(&[&folder]).expect("the imported pool reads");
        let loaded = report.sets[0].set.as_ref().unwrap_or_else(|| panic!("{} checks clean", folder.display()));
        assert_eq!(compiled.cards.len(), loaded.cards.len(), "{}", compiled.game);
        for (c, l) in compiled.cards.iter().zip(loaded.cards.iter()) {
            assert_eq!(c, l, "{}: card `{}` changed in packing", compiled.game, l.id);
        }
        assert_eq!(compiled, loaded, "{}: the set changed in packing", compiled.game);
        compared += 1;
    }
    assert_eq!(compared, 3, "the three pools were compiled ({} sets)", cards_pools::COMPILED);
}
