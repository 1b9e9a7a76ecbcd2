//! A real editor: Neovim, headless, runs the README's snippet (`tests/neovim/attach.lua`
//! sources it as a configuration would, with filetype detection on after it), opens a card
//! file, and prints its filetype and the diagnostics and a hover the client the snippet
//! started received. It needs `nvim`, so `cargo test` reports it ignored; `.ci/run` installs Neovim
//! and runs it with `--ignored`, and then a missing `nvim` fails it.
#![cfg(feature = "lsp")]

use std::path::Path;
use std::process::Command;
use std::time::Duration;

const GAME: &str = "game xwing \"X-Wing\"\nfaction rebel \"Rebel Alliance\"\nsize small\n\
                    stat attack, agility, hull\naction focus \"Focus\", boost \"Boost\"\n\
                    token focus \"focus\", evade \"evade\"\n";

/// One mistake (`rebels`), and an ability to hover.
const SHIPS: &str = "ship \"Luke Skywalker\" {\n  faction: rebels\n  size: small\n  cost: 6\n  text {\n    \
                     After you perform a [Boost] action, you may gain 1 evade token.\n  }\n}\n";

fn nvim_found() -> bool {
    Command::new("nvim").arg("--version").output().is_ok_and(|o| o.status.success())
}

/// What `tests/neovim/attach.lua` prints with the README's snippet, on `SHIPS`: its
/// standard output and error.
fn run_neovim() -> (String, String) {
    assert!(nvim_found(), "nvim is missing: `apt-get install neovim`");
    let dir = tempfile::tempdir().expect("a temporary folder");
    let root = dir.path().canonicalize().expect("canonical");
    std::fs::write(root.join("game.cards"), GAME).expect("write game.cards");
    std::fs::write(root.join("ships.cards"), SHIPS).expect("write ships.cards");
    let script = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/neovim/attach.lua");
    let snippet = root.join("init.lua");
    std::fs::write(&snippet, readme_snippet()).expect("write init.lua");
    // The snippet starts `cardc` from the `PATH`, as a user's does.
    let bin = Path::new(env!("CARGO_BIN_EXE_cardc")).parent().expect("the binary's folder");
    let path = std::env::join_paths(
        std::iter::once(bin.to_path_buf()).chain(std::env::split_paths(&std::env::var_os("PATH").unwrap_or_default())),
    )
    .expect("a PATH");
    let mut child = Command::new("nvim")
        .args(["--headless", "--clean", "-u", "NONE", "-c"])
        .arg(format!("luafile {}", script.display()))
        .env("SNIPPET", &snippet)
        .env("PATH", path)
        .env("CARDS_FILE", root.join("ships.cards"))
        .env("XDG_CACHE_HOME", root.join("cache"))
        .env("XDG_STATE_HOME", root.join("state"))
        .stdin(std::process::Stdio::null())
        .stdout(std::process::Stdio::piped())
        .stderr(std::process::Stdio::piped())
        .spawn()
        .expect("start nvim");
    // Neovim waits at most 20 s for each answer; a hung editor fails the test, not CI.
    let deadline = std::time::Instant::now() + Duration::from_secs(90);
    while child.try_wait().ok().flatten().is_none() {
        if std::time::Instant::now() > deadline {
            let _ = child.kill();
            panic!("nvim did not finish within 90 s");
        }
        std::thread::sleep(Duration::from_millis(100));
    }
    let out = child.wait_with_output().expect("nvim's output");
    let stdout = String::from_utf8_lossy(&out.stdout).into_owned();
    let stderr = String::from_utf8_lossy(&out.stderr).into_owned();
    assert!(out.status.success(), "nvim failed: {}\n{stdout}\n{stderr}", out.status);
    (stdout, stderr)
}

#[test]
#[ignore = "needs nvim (`apt-get install neovim`); CI runs it with `--ignored`"]
fn neovim_attaches_the_server_and_shows_its_diagnostics_and_hover() {
    let (stdout, stderr) = run_neovim();
    assert!(stdout.lines().next() == Some("filetype cards"), "{stdout}\n{stderr}");
    // Line 2, column 12: `rebels`, with rustc's did-you-mean.
    assert!(
        stdout.lines().any(|l| l.starts_with("diagnostic 2:12 E0105 unknown faction `rebels`")
            && l.contains("help: did you mean `rebel`?")),
        "{stdout}\n{stderr}"
    );
    // The hover on the ability: how it reads, in plain words.
    assert!(
        stdout.contains("hover **Reads as:** Optional. After you perform 1 [Boost] action: gain 1 evade token."),
        "{stdout}\n{stderr}"
    );
}

/// Neovim's `vim.lsp.buf_request_sync` sends cardc's own request, `cardc/cardSvg`: on the
/// card's name it gets that card drawn, though it has a mistake (`SHIPS`: lines 1 to 8);
/// past it, `null`.
#[test]
#[ignore = "needs nvim (`apt-get install neovim`); CI runs it with `--ignored`"]
fn neovim_gets_the_card_under_the_cursor_drawn() {
    let (stdout, stderr) = run_neovim();
    let drawn: Vec<&str> = stdout.lines().filter(|l| l.starts_with("cardsvg ")).collect();
    assert_eq!(drawn.len(), 2, "{stdout}\n{stderr}");
    assert!(drawn[0].starts_with("cardsvg 1 luke-skywalker Luke Skywalker 1..8 <svg "), "{stdout}\n{stderr}");
    assert!(
        drawn[0].contains(" viewBox=\"0 0 63 88\"") && drawn[0].contains(" data-card=\"luke-skywalker\""),
        "{}",
        drawn[0]
    );
    assert_eq!(drawn[1], "cardsvg 9 null", "{stdout}\n{stderr}");
}

/// The README's Neovim snippet: the `lua` block that starts with `-- init.lua`.
fn readme_snippet() -> String {
    let readme = std::fs::read_to_string(Path::new(env!("CARGO_MANIFEST_DIR")).join("../README.md")).expect("README");
    let start = readme.find("```lua\n-- init.lua").expect("the README's Neovim snippet") + "```lua\n".len();
    let end = readme[start..].find("```").expect("the snippet's end") + start;
    readme[start..end].to_string()
}
