//! Real card pools, imported by cardc from `../shared/data` and compiled at build time:
//! `xwing_legacy` (xwing-data2-legacy, X-Wing 2.0 with its legacy points) and `xwing_25`
//! (xwing-data2 from xwingtmg, X-Wing 2.5), and `xwing_history`: the five tagged
//! xwing-data2 releases of 2018-19 as one set that knows them (its `Release` enum,
//! `SET.as_of`). The build script runs `cardc import xwing-data2` into `$OUT_DIR` and then
//! `cardc::Config::compile`, the same path as any user's `build.rs`.
//!
//! Without `../shared/data` at build time nothing is compiled and [`SETS`] is empty.

#![forbid(unsafe_code)]
#![warn(missing_docs)]

cards_runtime::include_cards!();

/// How many sets the build script compiled.
pub const COMPILED: &str = env!("CARDS_POOLS_SETS");

/// The compiled set of a game, by its id (`xwing-legacy`, `xwing-25`, `xwing-history`).
pub fn set(game: &str) -> Option<&'static cards_runtime::Set> {
    SETS.iter().map(|s| s.get()).find(|s| s.game == game)
}
