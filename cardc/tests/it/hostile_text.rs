//! Input no editor would write: a diagnostic past column 65,535 (where miette's renderer
//! panics) and control characters in a snippet (which would reach the terminal) are shown
//! in a plain, clipped and escaped form, by every subcommand that prints diagnostics; a
//! FIFO, a dangling link or a huge file named `*.cards`, and `/dev/zero` given as squads,
//! are reported, not read; one bad line of a squad batch fails alone.

use crate::common;

use std::path::Path;

fn set_with(dir: &Path, cards: &str) {
    std::fs::write(dir.join("game.cards"), "game g \"G\"\nicon crew\n").unwrap();
    std::fs::write(dir.join("x.cards"), cards).unwrap();
}

#[test]
fn a_diagnostic_past_column_65535_is_shown_clipped() {
    let dir = tempfile::tempdir().unwrap();
    set_with(dir.path(), &format!("{}@\n", " ".repeat(65_536)));
    let set = dir.path().to_str().unwrap();
    for args in [vec!["check", set], vec!["export", set], vec!["abilities", set]] {
        let out = common::cardc(&args);
        let stderr = String::from_utf8_lossy(&out.stderr);
        assert_eq!(common::code(&out), 1, "{}: {stderr}", args[0]);
        // The column counts characters: 65,536 spaces, then the `@`.
        assert!(stderr.contains("x.cards:1:65537"), "{}: {stderr}", args[0]);
        let snippet = stderr.lines().find(|l| l.starts_with(" 1 │ ")).expect("the line is shown");
        assert!(snippet.starts_with(" 1 │ …") && snippet.ends_with('@'), "{snippet:?}");
        // 60 characters before the label are kept, not 65,536.
        assert_eq!(snippet.chars().count(), " 1 │ …".chars().count() + 60 + 1, "{snippet:?}");
        let underline = stderr.lines().find(|l| l.starts_with("   · ")).expect("the label is underlined");
        let column = |line: &str, c: char| line.chars().position(|x| x == c);
        assert_eq!(column(underline, '─'), column(snippet, '@'), "the underline is under the `@`: {underline:?}");
    }
}

/// Found by the `render` fuzz target: miette shows a line of context on each side of a
/// label (and the lines between labels it joins), so a control character or a very long
/// line there reached the terminal even though the label's own line was clean.
#[test]
fn control_characters_or_a_long_line_beside_a_label_are_escaped() {
    let dir = tempfile::tempdir().unwrap();
    let long = "x".repeat(5_000);
    set_with(dir.path(), &format!("ship \"S\" {{\n  upgrades: crow\n  # \x1b[2J\x07 {long}\n}}\n"));
    let out = common::cardc(&["check", dir.path().to_str().unwrap()]);
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert_eq!(common::code(&out), 1, "{stderr}");
    assert!(stderr.contains("unknown"), "the unknown icon is reported: {stderr}");
    assert!(!stderr.contains(['\x1b', '\x07']), "a raw control character reached the output: {stderr:?}");
    assert!(!stderr.contains(&long), "the long line is shown whole: {} bytes", stderr.len());
}

#[test]
fn control_characters_in_a_snippet_or_a_message_are_escaped() {
    let dir = tempfile::tempdir().unwrap();
    set_with(dir.path(), "ship \"S\" {\n  upgrades: cr\x1b[2Jow\x07\n}\n");
    let out = common::cardc(&["check", dir.path().to_str().unwrap()]);
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert_eq!(common::code(&out), 1, "{stderr}");
    assert!(!stderr.contains(['\x1b', '\x07']), "a raw control character reached the output: {stderr:?}");
    assert!(stderr.contains(r"cr\u{1b}[2Jow\u{7}"), "{stderr}");
    assert!(stderr.contains(r"found `\u{1b}`"), "{stderr}");
}

/// Runs cardc with a deadline: a read that blocks (a FIFO) fails the test instead of
/// hanging it.
fn cardc_within(args: &[&str], env: &[(&str, &str)]) -> std::process::Output {
    use std::process::{Command, Stdio};
    let mut child = Command::new(env!("CARGO_BIN_EXE_cardc"))
        .args(args)
        .envs(env.iter().copied())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    // What the guard catches is work without end (minutes where there should be
    // seconds), not a slow machine: it counts the CPU time cardc used where the system
    // tells it, and only the wall clock, five times as long, where it does not.
    let start = std::time::Instant::now();
    while child.try_wait().unwrap().is_none() {
        let over = match cpu_seconds(child.id()) {
            Some(cpu) => cpu > 20.0,
            None => start.elapsed() > std::time::Duration::from_secs(100),
        };
        if over {
            child.kill().unwrap();
            panic!("cardc {} did not finish", args.join(" "));
        }
        std::thread::sleep(std::time::Duration::from_millis(20));
    }
    child.wait_with_output().unwrap()
}

/// The CPU time (user and system) a running process has used, from `/proc/<pid>/stat`
/// on Linux; `None` elsewhere.
fn cpu_seconds(pid: u32) -> Option<f64> {
    let stat = std::fs::read_to_string(format!("/proc/{pid}/stat")).ok()?;
    // The fields after the command's name in parentheses: utime and stime are the 14th
    // and 15th of the line, in clock ticks (100 a second on Linux).
    let fields: Vec<&str> = stat.rsplit_once(')')?.1.split_whitespace().collect();
    let ticks: f64 = fields.get(11)?.parse::<f64>().ok()? + fields.get(12)?.parse::<f64>().ok()?;
    Some(ticks / 100.0)
}

#[cfg(unix)]
#[test]
fn a_fifo_a_dangling_link_or_a_huge_file_named_cards_is_reported_not_read() {
    let dir = tempfile::tempdir().unwrap();
    set_with(dir.path(), "ship \"S\" { upgrades: crew }\n");
    let fifo = dir.path().join("fifo.cards");
    assert!(std::process::Command::new("mkfifo").arg(&fifo).status().unwrap().success());
    std::os::unix::fs::symlink(dir.path().join("gone"), dir.path().join("link.cards")).unwrap();
    std::fs::write(dir.path().join("big.cards"), format!("# {}\n", "x".repeat(2_000))).unwrap();
    let set = dir.path().to_str().unwrap();
    let out = cardc_within(&["check", set, "--format", "json"], &[("CARDC_MAX_FILE_SIZE", "1K")]);
    let stdout = String::from_utf8_lossy(&out.stdout);
    assert_eq!(common::code(&out), 1, "{stdout}");
    let lines: Vec<&str> = stdout.lines().filter(|l| l.contains("\"E0009\"")).collect();
    assert_eq!(lines.len(), 3, "{stdout}");
    assert!(lines.iter().any(|l| l.contains("big.cards") && l.contains("larger than 1024 bytes")), "{stdout}");
    assert!(lines.iter().any(|l| l.contains("fifo.cards") && l.contains("a FIFO")), "{stdout}");
    assert!(lines.iter().any(|l| l.contains("link.cards") && l.contains("a link to nothing")), "{stdout}");
    // fmt reports them too, and writes nothing.
    let out = cardc_within(&["fmt", "--check", fifo.to_str().unwrap()], &[]);
    assert_eq!(common::code(&out), 1, "{}", String::from_utf8_lossy(&out.stderr));
}

#[cfg(unix)]
#[test]
fn xws_from_a_device_is_refused_and_a_bad_line_fails_alone() {
    let Some(shared) = common::shared() else { return };
    let xwing = shared.join("examples/xwing");
    let out = cardc_within(&["validate", "--set", xwing.to_str().unwrap(), "--xws", "/dev/zero"], &[]);
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert_eq!(common::code(&out), 2, "{stderr}");
    assert!(stderr.contains("/dev/zero: a device, not a regular file"), "{stderr}");
    // Three squads, the second with a byte that is not UTF-8: it alone is unresolvable.
    let dir = tempfile::tempdir().unwrap();
    let batch = dir.path().join("squads.jsonl");
    let squad = br#"{"faction":"rebelalliance","pilots":[{"id":"lukeskywalker","ship":"t65xwing"}]}"#;
    let mut bytes = Vec::new();
    for line in [squad.to_vec(), [&squad[..20], b"\xff", &squad[20..]].concat(), squad.to_vec()] {
        bytes.extend(line);
        bytes.push(b'\n');
    }
    std::fs::write(&batch, bytes).unwrap();
    let out = cardc_within(
        &["validate", "--set", xwing.to_str().unwrap(), "--xws", batch.to_str().unwrap(), "--format", "json"],
        &[],
    );
    let stdout = String::from_utf8_lossy(&out.stdout);
    let verdicts: Vec<serde_json::Value> = stdout.lines().map(|l| serde_json::from_str(l).unwrap()).collect();
    assert_eq!(verdicts.len(), 3, "{stdout}");
    assert_eq!(verdicts[1]["verdict"], "unresolvable", "{stdout}");
    assert!(verdicts[1].to_string().contains("not UTF-8 (byte 21 of the line)"), "{stdout}");
    assert_ne!(verdicts[0]["verdict"], "unresolvable", "{stdout}");
    assert_ne!(verdicts[2]["verdict"], "unresolvable", "{stdout}");
}

#[test]
fn a_number_of_100000_digits_in_ability_text_is_an_error_not_dropped() {
    let dir = tempfile::tempdir().unwrap();
    std::fs::write(dir.path().join("game.cards"), "game g \"G\"\nicon crew\ntoken focus \"Focus\"\n").unwrap();
    let text = format!(
        "upgrade \"U\" {{\n  icon: crew\n  text {{\n    Gain {} [Focus] tokens.\n  }}\n}}\n",
        "7".repeat(100_000)
    );
    std::fs::write(dir.path().join("x.cards"), text).unwrap();
    let out = cardc_within(&["check", dir.path().to_str().unwrap(), "--format", "json"], &[]);
    let stdout = String::from_utf8_lossy(&out.stdout);
    assert_eq!(common::code(&out), 1, "{stdout}");
    let d: serde_json::Value = stdout
        .lines()
        .map(|l| serde_json::from_str(l).unwrap())
        .find(|d: &serde_json::Value| d["code"] == "E0404")
        .unwrap();
    assert_eq!(d["message"], format!("the number `{}…` is too large (100000 digits)", "7".repeat(20)));
    assert_eq!((d["line"].as_u64(), d["column"].as_u64()), (Some(4), Some(10)));
}

/// A 10 MB id in a squad gets no did-you-mean (measuring it would take minutes) and is not
/// echoed back whole: the verdict shows its start and its length.
#[test]
fn a_10_mb_id_in_a_squad_is_judged_at_once_and_shown_clipped() {
    let Some(shared) = common::shared() else { return };
    let xwing = shared.join("examples/xwing");
    let dir = tempfile::tempdir().unwrap();
    let squad = dir.path().join("squad.json");
    let id = "lukeskywalker".repeat(800_000);
    let json =
        format!(r#"{{"faction":"rebelalliance","pilots":[{{"id":"lukeskywalker","upgrades":{{"crew":["{id}"]}}}}]}}"#);
    std::fs::write(&squad, json).unwrap();
    let out = cardc_within(&["validate", "--set", xwing.to_str().unwrap(), "--xws", squad.to_str().unwrap()], &[]);
    let stdout = String::from_utf8_lossy(&out.stdout);
    assert_eq!(common::code(&out), 1, "{}", String::from_utf8_lossy(&out.stderr));
    assert!(stdout.len() < 1_000, "the id is not echoed whole: {} bytes", stdout.len());
    let start = &id[..60];
    assert!(stdout.contains(&format!("unknown upgrade `{start}… (10400000 bytes)`")), "{stdout}");
}

/// A 10 MB name in a fleet list (it took minutes in did-you-mean) is judged at once and
/// not echoed back whole.
#[test]
fn a_10_mb_name_in_a_fleet_list_is_judged_at_once_and_shown_clipped() {
    let Some(shared) = common::shared() else { return };
    let armada = shared.join("examples/armada");
    let dir = tempfile::tempdir().unwrap();
    let list = dir.path().join("fleet.txt");
    let name = "Engine Techs".repeat(900_000);
    std::fs::write(&list, format!("Faction: Rebel\n\nCR90 Corvette A (44)\n• {name} (8)\n")).unwrap();
    let out =
        cardc_within(&["validate", "--set", armada.to_str().unwrap(), "--fleet-list", list.to_str().unwrap()], &[]);
    let stdout = String::from_utf8_lossy(&out.stdout);
    assert_eq!(common::code(&out), 2, "an unresolvable list is 2: {}", String::from_utf8_lossy(&out.stderr));
    assert!(stdout.len() < 2_000, "the name is not echoed whole: {} bytes", stdout.len());
    assert!(stdout.contains(&format!("`{}… (10800000 bytes)`", &name[..60])), "{stdout}");
}

/// A sentence longer than the reading reads (`MAX_SENTENCE_BYTES`) is one opaque clause,
/// reported by its length: the warning does not repeat its 20,000 bytes.
#[test]
fn a_sentence_too_long_to_read_is_reported_by_its_length() {
    let dir = tempfile::tempdir().unwrap();
    let sentence = "If and If ".repeat(2_000);
    set_with(dir.path(), &format!("upgrade \"Long\" {{\n  icon: crew\n  text {{\n    {sentence}\n  }}\n}}\n"));
    let out = common::cardc(&["check", dir.path().to_str().unwrap()]);
    let stderr = String::from_utf8_lossy(&out.stderr);
    let bytes = sentence.trim_end().len();
    assert!(
        stderr.contains(&format!("warning[W0006]: opaque sentence of {bytes} bytes, longer than the 400")),
        "{stderr}"
    );
    assert!(stderr.len() < 4_000, "{} bytes of output", stderr.len());
}

/// A name of 10,000 characters is quoted in the message by its start and end, not whole.
#[test]
fn a_huge_name_is_quoted_clipped() {
    let dir = tempfile::tempdir().unwrap();
    let name = format!("a{}z", "b".repeat(10_000));
    set_with(dir.path(), &format!("upgrade \"Huge\" {{\n  icon: {name}\n}}\n"));
    let out = common::cardc(&["check", dir.path().to_str().unwrap(), "--format", "json"]);
    let stdout = String::from_utf8_lossy(&out.stdout);
    let message = stdout
        .lines()
        .filter_map(|l| serde_json::from_str::<serde_json::Value>(l).ok())
        .find_map(|d| d["message"].as_str().filter(|m| m.starts_with("unknown icon")).map(str::to_string))
        .unwrap_or_else(|| panic!("no unknown-icon diagnostic: {stdout}"));
    assert_eq!(message, format!("unknown icon `a{}…{}z`", "b".repeat(119), "b".repeat(59)));
}
