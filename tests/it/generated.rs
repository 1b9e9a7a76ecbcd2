//! The code cardc generates for the conformance sets (and for a set with hostile names)
//! compiles as a program of its own under `#![deny(warnings)]`.

use crate::common;

use std::path::{Path, PathBuf};

#[test]
fn generated_code_compiles_without_warnings() {
    let Some(shared) = common::shared() else { return };
    let out = Path::new(env!("CARGO_TARGET_TMPDIR")).join("generated");
    let mut sets: Vec<PathBuf> = common::example_sets(&shared);
    sets.push(Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/codegen/tricky"));
    let report = cardc::check_paths(&sets).unwrap();
    let files = cardc::generate(&report).unwrap();
    std::fs::create_dir_all(&out).unwrap();
    let mut modules = String::new();
    let mut uses = String::new();
    for file in files.iter().filter(|f| f.name != cardc::config::INDEX_FILE) {
        let path = out.join(&file.name);
        cardc::config::write_if_changed(&path, file.contents.as_bytes()).unwrap();
        let module = file.name.trim_end_matches(".rs");
        let module = if module == "type" { "r#type".to_string() } else { module.to_string() };
        // Each set is used from main, as a user's program would.
        modules.push_str(&format!("pub mod {module} {{ include!({:?}); }}\n", path.display().to_string()));
        uses.push_str(&format!(
            "    use_set(&{module}::SET, {module}::CardId::ALL.len(), {module}::CardId::ALL[0].as_str());\n"
        ));
    }
    let program = format!(
        "#![deny(warnings)]\n{modules}\nfn use_set(set: &cards_runtime::Set, n: usize, first: &str) {{\n    assert_eq!(set.cards.len(), n);\n    assert_eq!(set.cards[0].id, first);\n}}\n\nfn main() {{\n{uses}}}\n"
    );
    let main = out.join("generated_sets.rs");
    cardc::config::write_if_changed(&main, program.as_bytes()).unwrap();
    trybuild::TestCases::new().pass(&main);
}
