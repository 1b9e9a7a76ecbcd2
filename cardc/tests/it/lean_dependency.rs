//! `cardc` as a build-dependency (`default-features = false`, as the README's build.rs
//! walkthrough writes it) builds neither the command line (clap), nor the language server
//! (lsp-server, lsp-types), nor the file watcher (notify, ctrlc), nor the cache folder's
//! lookup (dirs); and the core of `cards-runtime` that generated code needs (no features)
//! builds serde alone: `cargo tree` over the lock file, offline.

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

#[test]
fn the_build_dependency_builds_no_command_line_server_or_watcher() {
    const HEAVY: [&str; 6] = ["clap", "lsp-server", "lsp-types", "notify", "ctrlc", "dirs"];
    let lean = normal_dependencies("cardc", &[]);
    assert!(lean.iter().any(|c| c == "pest"), "cargo tree lists cardc's dependencies: {lean:?}");
    let found: Vec<&String> = lean.iter().filter(|c| HEAVY.contains(&c.as_str())).collect();
    assert!(found.is_empty(), "`cardc` without its default features builds {found:?}");
    // Each comes back with the feature that needs it: the test looks at the right names.
    let full = normal_dependencies("cardc", &["cli", "lsp", "watch"]);
    for heavy in HEAVY {
        assert!(full.iter().any(|c| c == heavy), "`{heavy}` is not a dependency of the full cardc: {full:?}");
    }
}

#[test]
fn the_runtime_core_builds_serde_alone() {
    const OPT_IN: [&str; 3] = ["serde_json", "strsim", "unicode-normalization"];
    let core = normal_dependencies("cards-runtime", &[]);
    assert!(core.iter().any(|c| c == "serde"), "cargo tree lists the runtime's dependencies: {core:?}");
    let found: Vec<&String> = core.iter().filter(|c| OPT_IN.contains(&c.as_str())).collect();
    assert!(found.is_empty(), "`cards-runtime` without features builds {found:?}");
    let full = normal_dependencies("cards-runtime", &["words", "squads", "engine"]);
    for crate_name in OPT_IN {
        assert!(
            full.iter().any(|c| c == crate_name),
            "`{crate_name}` is not a dependency of the full runtime: {full:?}"
        );
    }
}
