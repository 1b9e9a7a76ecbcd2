//! A user's crate built as the README shows: its own `cards/`, the README's `Cargo.toml`,
//! `build.rs` and `src/main.rs`, compiled with cargo and run. Two things are the
//! workspace's, for speed, and change nothing the crate does: its `[profile…]` tables and
//! lock file (so it builds in the workspace's target folder, reusing the dependencies built
//! there, with the versions the workspace tested).

use crate::common;

use std::path::Path;
use std::process::Command;

/// The README's fenced block whose first line is `first`.
fn readme_block(readme: &str, first: &str) -> String {
    let mut blocks = readme.split("```").skip(1).step_by(2);
    let block = blocks
        .find_map(|b| {
            let body = b.split_once('\n').map_or("", |(_, body)| body);
            body.starts_with(first).then(|| body.to_string())
        })
        .unwrap_or_else(|| panic!("README has no block starting with {first}"));
    block
}

#[test]
fn a_crate_set_up_as_the_readme_shows_builds_and_validates_a_fleet() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let readme = std::fs::read_to_string(root.join("README.md")).unwrap();
    let dir = tempfile::tempdir().unwrap();
    let krate = dir.path();
    let manifest = readme_block(&readme, "# Cargo.toml").replace("path/to/cardc", root.to_str().unwrap());
    // The README's own profile tables give way to the workspace's.
    let manifest = manifest.find("\n[profile.").map_or(manifest.as_str(), |at| &manifest[..at]).to_string();
    assert!(!manifest.contains("[profile."), "the README's profile tables come last");
    std::fs::write(krate.join("Cargo.toml"), format!("{manifest}\n[workspace]\n{}", common::profiles())).unwrap();
    std::fs::copy(root.join("Cargo.lock"), krate.join("Cargo.lock")).unwrap();
    std::fs::write(krate.join("build.rs"), readme_block(&readme, "// build.rs")).unwrap();
    std::fs::create_dir_all(krate.join("src")).unwrap();
    std::fs::write(krate.join("src/main.rs"), readme_block(&readme, "// src/main.rs")).unwrap();
    for game in ["armada", "emberfall"] {
        let cards = krate.join("cards").join(game);
        std::fs::create_dir_all(&cards).unwrap();
        for file in common::files(&root.join("cards").join(game), "cards") {
            std::fs::copy(&file, cards.join(file.file_name().unwrap())).unwrap();
        }
    }
    let cards = krate.join("cards/armada");
    // The workspace's own target folder: with its profiles and lock file, the crate reuses
    // the dependencies the workspace built (only cardc, cards-runtime and the crate itself
    // are built, their paths being another workspace's).
    let target = common::target_dir();
    let out = Command::new(env!("CARGO"))
        .args(["run", "--quiet", "--manifest-path"])
        .arg(krate.join("Cargo.toml"))
        .env("CARGO_TARGET_DIR", &target)
        .env_remove("RUSTFLAGS")
        .output()
        .unwrap();
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(out.status.success(), "the user's crate failed:\n{stderr}");
    assert_eq!(String::from_utf8_lossy(&out.stdout).trim(), "legal\nlegal");

    // A build with nothing changed does not run build.rs again; a changed card file does.
    let build = || {
        let out = Command::new(env!("CARGO"))
            .args(["build", "-v", "--manifest-path"])
            .arg(krate.join("Cargo.toml"))
            .env("CARGO_TARGET_DIR", &target)
            .env_remove("RUSTFLAGS")
            .output()
            .unwrap();
        assert!(out.status.success());
        String::from_utf8_lossy(&out.stderr).contains("build-script-build`")
    };
    assert!(!build(), "a no-change build reran build.rs");
    let ships = cards.join("ships.cards");
    let text = std::fs::read_to_string(&ships).unwrap();
    std::fs::write(&ships, format!("{text}\n# touched\n")).unwrap();
    assert!(build(), "a changed card file did not rerun build.rs");

    // A broken card fails the build with the diagnostic, rendered without colour.
    std::fs::write(cards.join("broken.cards"), "upgrade \"Broken\" {\n  icon: turbolaser\n}\n").unwrap();
    let out = Command::new(env!("CARGO"))
        .args(["build", "--quiet", "--manifest-path"])
        .arg(krate.join("Cargo.toml"))
        .env("CARGO_TARGET_DIR", &target)
        .output()
        .unwrap();
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(!out.status.success());
    assert!(stderr.contains("unknown icon `turbolaser`") && stderr.contains("did you mean `turbolasers`?"), "{stderr}");
    assert!(!stderr.contains("\u{1b}["), "colour in build output");
}
