//! `cardc` as a build-dependency (`default-features = false`, as the README's build.rs
//! walkthrough writes it) builds neither the command line (clap), nor the language server
//! (lsp-server, lsp-types), nor the file watcher (notify, ctrlc), nor the cache folder's
//! lookup (dirs): `cargo tree` over the lock file, offline.

use std::process::Command;

/// The crates `cardc --no-default-features` builds, by name.
fn normal_dependencies(features: &[&str]) -> Vec<String> {
    let mut cmd = Command::new(env!("CARGO"));
    cmd.args(["tree", "-p", "cardc", "-e", "normal", "--prefix", "none", "--offline", "--no-default-features"]);
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
    let lean = normal_dependencies(&[]);
    assert!(lean.iter().any(|c| c == "pest"), "cargo tree lists cardc's dependencies: {lean:?}");
    let found: Vec<&String> = lean.iter().filter(|c| HEAVY.contains(&c.as_str())).collect();
    assert!(found.is_empty(), "`cardc` without its default features builds {found:?}");
    // Each comes back with the feature that needs it: the test looks at the right names.
    let full = normal_dependencies(&["cli", "lsp", "watch"]);
    for heavy in HEAVY {
        assert!(full.iter().any(|c| c == heavy), "`{heavy}` is not a dependency of the full cardc: {full:?}");
    }
}
