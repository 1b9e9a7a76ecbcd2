//! "Did you mean": a case-insensitive exact match first, then the closest name within an
//! edit distance of max(len, 3) / 3 (optimal string alignment: a swap of two neighbouring
//! letters is one edit, as typos usually are). The rule lives in
//! [`cards_runtime::suggest`], so the runtime's unknown ids suggest the same way.

pub use cards_runtime::suggest::{closest, did_you_mean};
