//! Terminal faults in the `cards` binary: stdout on a full disk or a closed pipe, stderr on a
//! full disk, end with a short message and exit status 2, never a panic (status 101).

use crate::common;

use std::process::{Command, Output, Stdio};

fn cards() -> Command {
    Command::new(env!("CARGO_BIN_EXE_cards"))
}

fn full() -> std::fs::File {
    std::fs::OpenOptions::new().write(true).open("/dev/full").unwrap()
}

fn assert_ended(out: &Output, what: &str) {
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(2), "{what}: {stderr}");
    assert!(stderr.contains("error: cannot write to stdout"), "{what}: {stderr}");
}

#[test]
fn a_full_disk_or_a_closed_pipe_on_stdout_ends_with_status_2() {
    let Some(shared) = common::shared() else { return };
    let scenarios = common::files(&shared.join("examples/xwing/scenarios"), "json");
    let scenario = scenarios[0].to_str().unwrap();
    for args in [vec!["list", "xwing"], vec!["validate", scenario], vec!["validate", scenario, "--format", "json"]] {
        let out = cards().args(&args).stdout(full()).stderr(Stdio::piped()).output().unwrap();
        assert_ended(&out, &args.join(" "));
    }
    // The program starts a moment after the pipe's reading end is closed, so its first
    // write finds it closed (it would otherwise race to write everything into the buffer).
    let mut child = Command::new("sh")
        .args(["-c", "sleep 0.3; exec \"$0\" list armada", env!("CARGO_BIN_EXE_cards")])
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    drop(child.stdout.take());
    assert_ended(&child.wait_with_output().unwrap(), "list armada | (closed)");
}

#[test]
fn a_full_disk_on_stderr_ends_with_status_2() {
    let out = cards().args(["list", "no-such-game"]).stdout(Stdio::null()).stderr(full()).output().unwrap();
    assert_eq!(out.status.code(), Some(2));
}
