//! The VS Code extension in `editors/vscode`, tested by its own node scripts: the TextMate
//! grammar tokenised with vscode-textmate and vscode-oniguruma against the conformance files
//! (`test/grammar.test.js`), and the manifest and client (`test/extension.test.js`, which also
//! starts this package's `cardc lsp` as the client would and reads a diagnostic, a hover and
//! a card drawn for the preview), and the card preview's logic under node's own test runner
//! (`test/preview.test.js`).
//! `npm ci` runs first when `node_modules` is missing or older than `package-lock.json`.
//! It needs `node`, `npm` and, the first time, the npm registry, so `cargo test` reports it
//! ignored; `.ci/run` installs node and runs it with `--ignored`, and then a missing `node`
//! or `npm` fails it.

use crate::common;

use std::path::Path;
use std::process::{Command, Output};

/// Whether `program --version` runs.
fn available(program: &str) -> bool {
    Command::new(program).arg("--version").output().is_ok_and(|o| o.status.success())
}

/// Runs `program args…` in `dir`, panicking with its output when it fails.
fn run(dir: &Path, program: &str, args: &[&str], shared: &Path) -> Output {
    let out = Command::new(program)
        .args(args)
        .current_dir(dir)
        .env("CARDC_SHARED", shared)
        .envs(server())
        .output()
        .unwrap_or_else(|e| panic!("cannot run {program}: {e}"));
    assert!(
        out.status.success(),
        "`{program} {}` in {} failed ({}):\n{}\n{}",
        args.join(" "),
        dir.display(),
        out.status,
        String::from_utf8_lossy(&out.stdout),
        String::from_utf8_lossy(&out.stderr)
    );
    out
}

/// `CARDC_BIN` for the client's test: the `cardc` built with this test, when it has `cardc lsp`.
fn server() -> Option<(&'static str, &'static str)> {
    cfg!(feature = "lsp").then_some(("CARDC_BIN", env!("CARGO_BIN_EXE_cardc")))
}

/// Whether `node_modules` needs `npm ci`: missing, or installed from an older lock file.
fn needs_install(dir: &Path) -> bool {
    let modified = |p: &Path| std::fs::metadata(p).and_then(|m| m.modified()).ok();
    match (modified(&dir.join("node_modules/.package-lock.json")), modified(&dir.join("package-lock.json"))) {
        (Some(installed), Some(lock)) => installed < lock,
        _ => true,
    }
}

#[test]
#[ignore = "needs node and npm (and the npm registry for `npm ci`); CI runs it with `--ignored`"]
fn the_vscode_extension_passes_its_grammar_and_client_tests() {
    let Some(shared) = common::shared() else { return };
    let dir = common::root().join("editors/vscode");
    let missing: Vec<&str> = ["node", "npm"].into_iter().filter(|p| !available(p)).collect();
    assert!(missing.is_empty(), "the VS Code extension cannot be tested: not found on PATH: {}", missing.join(", "));
    if needs_install(&dir) {
        run(&dir, "npm", &["ci", "--no-audit", "--no-fund"], &shared);
    }
    let grammar = run(&dir, "node", &["test/grammar.test.js"], &shared);
    print!("{}", String::from_utf8_lossy(&grammar.stdout));
    let client = run(&dir, "node", &["test/extension.test.js"], &shared);
    print!("{}", String::from_utf8_lossy(&client.stdout));
    let preview = run(&dir, "node", &["--test", "test/preview.test.js"], &shared);
    print!("{}", String::from_utf8_lossy(&preview.stdout));
}
