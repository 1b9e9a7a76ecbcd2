//! Helpers shared by the integration tests: the checkout-wide ones, and running `cardc`.
#![allow(dead_code)]

use std::path::Path;
use std::process::{Command, Output};
use std::sync::OnceLock;

use cardc::import::Imported;

pub mod ability_words;
#[path = "../../../../tests/it/common.rs"]
mod checkout;
pub mod mutate_json;

#[allow(unused_imports)]
pub use checkout::{example_sets, files, profiles, root, shared, target_dir};

/// Runs the `cardc` binary.
pub fn cardc(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_cardc")).args(args).output().expect("cardc runs")
}

/// The exit code, with a panic message naming the output when it was killed.
pub fn code(out: &Output) -> i32 {
    out.status.code().unwrap_or_else(|| panic!("killed: {}", String::from_utf8_lossy(&out.stderr)))
}

/// The set a generated module holds: its `static DATA`'s string literals, concatenated and
/// unpacked.
pub fn generated_set(module: &str) -> cards_runtime::Set {
    let file = syn::parse_file(module).expect("the generated module is Rust");
    let data = file
        .items
        .iter()
        .find_map(|item| match item {
            syn::Item::Static(s) if s.ident == "DATA" => Some(s),
            _ => None,
        })
        .expect("a static DATA");
    let syn::Expr::Macro(concat) = &*data.expr else { panic!("DATA is concat!(…)") };
    let parts = concat
        .mac
        .parse_body_with(syn::punctuated::Punctuated::<syn::LitStr, syn::Token![,]>::parse_terminated)
        .expect("concat! of string literals");
    let text: String = parts.iter().map(|lit| lit.value()).collect();
    cards_runtime::packed::unpack(&text).expect("the data unpacks")
}

/// A real xwing-data2 fork (`xwing-data2-legacy` or `xwing-data2-xwingtmg`, a folder of
/// `shared/data`) imported, once per test binary: a dozen tests read the same pools, and
/// an import of one takes seconds.
pub fn xwing_data2(shared: &Path, data: &str) -> &'static Imported {
    static LEGACY: OnceLock<Imported> = OnceLock::new();
    static TMG: OnceLock<Imported> = OnceLock::new();
    let cell = match data {
        "xwing-data2-legacy" => &LEGACY,
        "xwing-data2-xwingtmg" => &TMG,
        other => panic!("`{other}` is not an xwing-data2 pool"),
    };
    cell.get_or_init(|| {
        cardc::import::xwing_data2::import(&shared.join("data").join(data)).unwrap_or_else(|e| panic!("{data}: {e}"))
    })
}

/// The first `limit` errors of a report, rendered as `cardc check` prints them without
/// colour, a line apart: what an assertion that a set checks clean shows when it does not.
pub fn rendered_errors(report: &cardc::Report, limit: usize) -> String {
    let rendered: Vec<String> = report
        .all_diagnostics()
        .filter(|d| d.is_error())
        .take(limit)
        .map(|d| d.render(&report.sources, cardc::RenderStyle { color: false, width: 100 }))
        .collect();
    rendered.join("\n")
}

/// A shipped set's files, by name and text (`cards/<game>`).
pub fn shipped_files(game: &str) -> Vec<(String, String)> {
    let dir = root().join("cards").join(game);
    files(&dir, "cards")
        .into_iter()
        .map(|p| (p.file_name().unwrap().to_string_lossy().into_owned(), std::fs::read_to_string(&p).unwrap()))
        .collect()
}

/// The files with the first `from` in `file` replaced by `to` (which must be there).
pub fn mutate(mut files: Vec<(String, String)>, file: &str, from: &str, to: &str) -> Vec<(String, String)> {
    let (_, text) = files.iter_mut().find(|(name, _)| name == file).unwrap();
    assert!(text.contains(from), "{from:?} is not in {file}");
    *text = text.replacen(from, to, 1);
    files
}

/// Checks a set held in memory, named `dir`.
pub fn check_in_memory(dir: &str, files: &[(String, String)]) -> (cardc::SourceMap, cardc::Checked) {
    let mut sources = cardc::SourceMap::new();
    let ids = files
        .iter()
        .map(|(name, text)| sources.add(cardc::source::SourceFile::new(name.into(), text.as_str())))
        .collect();
    let set = cardc::source::SetSource { dir: dir.into(), files: ids, diagnostics: Vec::new() };
    let checked = cardc::check_set(&sources, &set);
    (sources, checked)
}

/// A set's files written into a fresh folder.
pub fn write_set(files: &[(String, String)]) -> tempfile::TempDir {
    let dir = tempfile::tempdir().unwrap();
    for (name, text) in files {
        std::fs::write(dir.path().join(name), text).unwrap();
    }
    dir
}

/// Checks `cards` with the `game.cards` an E0101's `help` suggests (its indented lines) and
/// asserts that every error left is an unknown bracketed name (E0401) the help lists as
/// having no kind to tell. Gives the check.
pub fn check_with_suggested_game(
    dir: &str,
    cards: &[(String, String)],
    help: &str,
) -> (cardc::SourceMap, cardc::Checked) {
    let suggested: String =
        help.lines().skip(1).filter(|l| l.starts_with("    ")).map(|l| format!("{}\n", l.trim_start())).collect();
    let listed: Vec<String> = suggested
        .lines()
        .find_map(|l| l.strip_prefix("# and what ability text names, each with its kind: "))
        .map(|l| l.split(", ").map(|b| b.trim_matches(['[', ']']).to_string()).collect())
        .unwrap_or_default();
    let mut with_game = cards.to_vec();
    with_game.push(("game.cards".into(), suggested));
    let (sources, checked) = check_in_memory(dir, &with_game);
    let errors: Vec<&cardc::Diagnostic> = checked.diagnostics.iter().filter(|d| d.is_error()).collect();
    assert!(errors.iter().all(|d| d.code.id == "E0401"), "{errors:#?}");
    for e in &errors {
        let l = e.primary().unwrap();
        let name = sources.file(l.file).slice(l.span).trim_matches(['[', ']']).to_string();
        assert!(listed.contains(&name), "`{name}` is unknown and not listed: {listed:?}");
    }
    (sources, checked)
}
