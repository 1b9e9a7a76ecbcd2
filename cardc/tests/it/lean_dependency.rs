//! `cardc` as a build-dependency (`default-features = false`, as the README's build.rs
//! walkthrough writes it) builds neither the command line (clap), nor the language server
//! (lsp-server, lsp-types), nor the file watcher (notify, ctrlc), nor the cache folder's
//! lookup (dirs); and the core of `cards-runtime` that generated code needs (no features)
//! builds nothing but itself: `cargo tree` over the lock file, offline.

use std::process::Command;

/// The crates `package` builds with no default features and with `features`, by name.
fn normal_dependencies(package: &str, features: &[&str]) -> Vec<String> {
    let mut cmd = Command::new(env!("CARGO"));
    cmd.args(["tree", "-p", package, "-e", "normal", "--prefix", "none", "--offline", "--no-default-features"]);
    if !features.is_empty() {
        cmd.args(["--features", &features.join(",")]);
    }
    let out = cmd.current_dir(env!("CARGO_MANIFEST_DIR")).output().expect("cargo runs");
    assert!(out.status.success(), "cargo tree: {}", String::from_utf8_lossy(&out.stderr));
    let text = String::from_utf8_lossy(&out.stdout).into_owned();
    text.lines().filter_map(|l| l.split_whitespace().next()).map(str::to_string).collect()
}

/// `package` with no default features builds `always` and none of `heavy`, and with
/// `features` builds each of `heavy` (so the test looks at the right names).
fn assert_lean(package: &str, always: &str, heavy: &[&str], features: &[&str]) {
    let lean = normal_dependencies(package, &[]);
    assert!(lean.iter().any(|c| c == always), "cargo tree lists {package}'s dependencies: {lean:?}");
    let found: Vec<&String> = lean.iter().filter(|c| heavy.contains(&c.as_str())).collect();
    assert!(found.is_empty(), "`{package}` without its default features builds {found:?}");
    assert_full(package, heavy, features);
}

/// `package` with `features` builds each of `heavy`.
fn assert_full(package: &str, heavy: &[&str], features: &[&str]) {
    let full = normal_dependencies(package, features);
    for crate_name in heavy {
        assert!(
            full.iter().any(|c| c == crate_name),
            "`{crate_name}` is not a dependency of the full {package}: {full:?}"
        );
    }
}

#[test]
fn the_build_dependency_builds_no_command_line_server_or_watcher() {
    let heavy = ["clap", "lsp-server", "lsp-types", "notify", "ctrlc", "dirs"];
    assert_lean("cardc", "pest", &heavy, &["cli", "lsp", "watch"]);
}

#[test]
fn the_runtime_core_builds_no_other_crate() {
    // No serde either: the model packs and unpacks through the runtime's own traits.
    let core = normal_dependencies("cards-runtime", &[]);
    assert_eq!(core, ["cards-runtime"], "the runtime's core builds other crates");
    let opt_in = ["serde", "serde_json", "strsim", "unicode-normalization"];
    assert_full("cards-runtime", &opt_in, &["words", "squads", "engine"]);
    assert_full("cards-runtime", &["serde"], &["serde"]);
}
