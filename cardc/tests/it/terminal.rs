//! Terminal faults: when stdout or stderr cannot be written (a closed pipe, as in
//! `cardc check … | head -1`, or a full disk), every subcommand ends with a short message
//! and exit status 2, never a panic (exit status 101).

use crate::common;

use std::path::{Path, PathBuf};
use std::process::{Command, Output, Stdio};

/// A set whose every card has an error: many diagnostics to write.
fn broken_set(dir: &Path) -> PathBuf {
    let set = dir.join("broken");
    std::fs::create_dir_all(&set).unwrap();
    std::fs::write(set.join("game.cards"), "game broken \"Broken\"\nicon crew\nstat hull\n").unwrap();
    let cards: String = (0..200).map(|i| format!("ship \"Ship {i}\" {{ upgrades: crow\n hull: 3 }}\n")).collect();
    std::fs::write(set.join("ships.cards"), cards).unwrap();
    set
}

fn xwing() -> Option<PathBuf> {
    common::shared().map(|s| s.join("examples/xwing"))
}

fn cardc() -> Command {
    Command::new(env!("CARGO_BIN_EXE_cardc"))
}

/// Runs with stdout on a full disk (`/dev/full`).
fn stdout_full(args: &[&str]) -> Output {
    let full = std::fs::OpenOptions::new().write(true).open("/dev/full").unwrap();
    cardc().args(args).stdout(full).stderr(Stdio::piped()).output().unwrap()
}

/// Runs with stderr on a full disk.
fn stderr_full(args: &[&str]) -> Output {
    let full = std::fs::OpenOptions::new().write(true).open("/dev/full").unwrap();
    cardc().args(args).stdout(Stdio::null()).stderr(full).output().unwrap()
}

/// Runs with stdout a pipe whose reading end is closed before cardc starts.
fn stdout_closed(args: &[&str]) -> Output {
    // cardc starts a moment after the pipe's reading end is closed, so its first write
    // finds it closed (it would otherwise race to write a short output into the buffer).
    let mut child = Command::new("sh")
        .args(["-c", "sleep 0.3; exec \"$0\" \"$@\"", env!("CARGO_BIN_EXE_cardc")])
        .args(args)
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    drop(child.stdout.take());
    child.wait_with_output().unwrap()
}

fn assert_ended(out: &Output, message: &str, what: &str) {
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(2), "{what}: {stderr}");
    assert!(!stderr.contains("panicked"), "{what}: {stderr}");
    assert!(stderr.contains(message), "{what}: expected {message:?} in {stderr:?}");
}

#[test]
fn a_full_disk_on_stdout_ends_every_subcommand_with_status_2() {
    let Some(xwing) = xwing() else { return };
    let dir = tempfile::tempdir().unwrap();
    let broken = broken_set(dir.path());
    let scenario = common::files(&xwing.join("scenarios"), "json")[0].display().to_string();
    let (xwing, broken) = (xwing.to_str().unwrap(), broken.to_str().unwrap());
    let cases: &[&[&str]] = &[
        &["check", broken, "--format", "json"],
        &["check", broken, "--format", "github"],
        &["check", xwing, "--format", "sarif"],
        &["check", xwing, "--coverage", "--format", "json"],
        &["abilities", xwing],
        &["abilities", xwing, "--format", "json"],
        &["export", xwing],
        &["explain", "E0105"],
        &["validate", "--set", xwing, &scenario],
    ];
    for args in cases {
        assert_ended(&stdout_full(args), "error: cannot write to stdout", &args.join(" "));
    }
}

#[test]
fn a_closed_pipe_on_stdout_ends_with_status_2() {
    let Some(xwing) = xwing() else { return };
    let dir = tempfile::tempdir().unwrap();
    let broken = broken_set(dir.path());
    for args in [
        vec!["check", broken.to_str().unwrap(), "--format", "json"],
        vec!["export", xwing.to_str().unwrap()],
        vec!["abilities", xwing.to_str().unwrap()],
    ] {
        assert_ended(&stdout_closed(&args), "error: cannot write to stdout", &args.join(" "));
    }
}

#[test]
fn a_full_disk_on_stderr_ends_with_status_2() {
    let Some(xwing) = xwing() else { return };
    let dir = tempfile::tempdir().unwrap();
    let broken = broken_set(dir.path());
    for args in [
        vec!["check", broken.to_str().unwrap()],
        vec!["check", xwing.to_str().unwrap()],
        vec!["explain", "E9999"],
        vec!["export", broken.to_str().unwrap()],
    ] {
        let out = stderr_full(&args);
        assert_eq!(out.status.code(), Some(2), "{}", args.join(" "));
    }
}
