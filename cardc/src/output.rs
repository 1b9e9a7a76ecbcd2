//! How `cardc` writes the diagnostics of a check: rustc-style text, JSON lines, GitHub
//! workflow commands or one SARIF 2.1.0 log; the per-set summary; and lint levels raised
//! from the command line (`--deny warnings`, `--deny <lint>`).
//!
//! Pure: each function returns text or a value; the CLI writes it.

use std::path::{Component, Path};

use serde_json::{json, Value};

use crate::ast::Span;
use crate::diagnostics::{Code, Diagnostic, RenderStyle, Severity};
use crate::source::{SourceFile, SourceMap};
use crate::Report;

/// The ways `cardc` prints diagnostics.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum DiagnosticFormat {
    /// rustc-style text on stderr.
    Human,
    /// One JSON object per diagnostic, one per line, on stdout.
    Json,
    /// GitHub Actions workflow commands (`::error file=…::message`), one per line, on stdout.
    Github,
    /// One SARIF 2.1.0 log on stdout.
    Sarif,
}

/// Where a piece of output goes.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Output {
    /// Standard output (machine-readable formats).
    Stdout(String),
    /// Standard error (human text).
    Stderr(String),
}

/// The diagnostics in `format`, in order: one piece per diagnostic, or one SARIF log for
/// all of them.
pub fn format_diagnostics<'a>(
    diagnostics: impl IntoIterator<Item = &'a Diagnostic>,
    sources: &SourceMap,
    format: DiagnosticFormat,
    style: RenderStyle,
) -> Vec<Output> {
    let diagnostics = diagnostics.into_iter();
    match format {
        DiagnosticFormat::Human => diagnostics.map(|d| Output::Stderr(d.render(sources, style))).collect(),
        DiagnosticFormat::Json => diagnostics.map(|d| Output::Stdout(d.to_json(sources) + "\n")).collect(),
        DiagnosticFormat::Github => diagnostics.map(|d| Output::Stdout(github_command(d, sources) + "\n")).collect(),
        DiagnosticFormat::Sarif => {
            let base = std::env::current_dir().unwrap_or_default();
            let all: Vec<&Diagnostic> = diagnostics.collect();
            let log = sarif_log(&all, sources, &base);
            vec![Output::Stdout(serde_json::to_string_pretty(&log).unwrap_or_default() + "\n")]
        }
    }
}

/// Cargo's closing line for each set that has errors or warnings:
/// ``error: could not compile `cards/x` due to 2 previous errors; 1 warning emitted`` or
/// ``warning: `cards/x` generated 1 warning``.
pub fn set_summaries(report: &Report) -> String {
    let mut out = String::new();
    for set in &report.sets {
        let errors = set.diagnostics.iter().filter(|d| d.is_error()).count();
        let warnings = set.diagnostics.iter().filter(|d| d.severity == Severity::Warning).count();
        let dir = set.dir.display();
        if errors > 0 {
            let emitted = match warnings {
                0 => String::new(),
                n => format!("; {n} warning{} emitted", plural(n)),
            };
            let s = plural(errors);
            out.push_str(&format!("error: could not compile `{dir}` due to {errors} previous error{s}{emitted}\n"));
        } else if warnings > 0 {
            out.push_str(&format!("warning: `{dir}` generated {warnings} warning{}\n", plural(warnings)));
        }
    }
    out
}

fn plural(n: usize) -> &'static str {
    if n == 1 {
        ""
    } else {
        "s"
    }
}

/// Lints reported as errors from the command line: `--deny warnings` (every warning) and
/// `--deny <lint>` (one lint, by name or code, whatever its level).
#[derive(Clone, Debug, Default)]
pub struct Deny {
    warnings: bool,
    lints: Vec<&'static Code>,
}

impl Deny {
    /// Reads the `--deny` values.
    ///
    /// # Errors
    /// A value that is neither `warnings` nor a lint: the message, with a did-you-mean when
    /// one is close.
    pub fn parse(values: &[String]) -> Result<Deny, String> {
        let mut deny = Deny::default();
        let lints = crate::lints();
        for value in values {
            if value == "warnings" {
                deny.warnings = true;
                continue;
            }
            match lints.iter().find(|c| c.is_named(value)) {
                Some(code) => deny.lints.push(code),
                None => {
                    let names = lints.iter().map(|c| c.name).chain(["warnings"]);
                    let help = crate::resolve::suggest::did_you_mean(value, names).unwrap_or_else(|| {
                        "`cardc explain <lint>` tells what a lint is; the codes are in the README".into()
                    });
                    return Err(format!("unknown lint `{value}` for `--deny`\n  help: {help}"));
                }
            }
        }
        Ok(deny)
    }

    /// Reports the denied diagnostics of the report as errors.
    pub fn apply(&self, report: &mut Report) {
        let sets = report.sets.iter_mut().flat_map(|s| s.diagnostics.iter_mut());
        for d in report.diagnostics.iter_mut().chain(sets) {
            let denied = (self.warnings && d.severity == Severity::Warning)
                || self.lints.iter().any(|c| std::ptr::eq(*c, d.code) || c.id == d.code.id);
            if denied {
                d.severity = Severity::Error;
            }
        }
    }
}

/// A code by its id (`E0105`, any case) or its name (`unused-icon`).
///
/// # Errors
/// When none matches: the closest id or name, if one is close.
pub fn code_by_id_or_name(text: &str) -> Result<&'static Code, Option<&'static str>> {
    let codes = crate::codes();
    let found = codes.iter().find(|c| c.id.eq_ignore_ascii_case(text) || c.name.eq_ignore_ascii_case(text));
    match found {
        Some(code) => Ok(code),
        None => {
            let candidates = codes.iter().flat_map(|c| [c.id, c.name]);
            Err(crate::resolve::suggest::closest(text, candidates))
        }
    }
}

/// The 1-based line and column of a byte offset, the column in UTF-16 code units (SARIF's
/// default `columnKind`).
fn line_col_utf16(file: &SourceFile, offset: usize) -> (usize, usize) {
    let offset = offset.min(file.text.len());
    let line = file.line_of(offset);
    let start = file.line_start(line);
    let column = file.text.get(start..offset).map_or(offset - start, |s| s.chars().map(char::len_utf16).sum()) + 1;
    (line + 1, column)
}

/// The 1-based line and column (in characters) of the last character of a span, or of its
/// start when it is empty: GitHub's `endLine`/`endColumn` include the last character.
fn last_char_position(file: &SourceFile, span: Span) -> (usize, usize) {
    let (start, end) = (span.start as usize, span.end as usize);
    let last = file.text.get(start..end).and_then(|s| s.char_indices().next_back()).map_or(start, |(i, _)| start + i);
    file.line_col(last)
}

/// `%`, CR and LF escaped as GitHub's workflow commands require in a message.
fn escape_github_data(text: &str) -> String {
    text.replace('%', "%25").replace('\r', "%0D").replace('\n', "%0A")
}

/// A message escaped as GitHub requires in a property value: also `:` and `,`.
fn escape_github_property(text: &str) -> String {
    escape_github_data(text).replace(':', "%3A").replace(',', "%2C")
}

/// The diagnostic as one GitHub Actions workflow command: `::error file=…,line=…,col=…,
/// endLine=…,endColumn=…,title=E0105 unknown-name::message`. `notice` for notes. The message
/// goes on with the primary label, each other label (`file:line:col: label`) and the help,
/// one a line. Columns count characters; a span over several lines gives no columns.
pub fn github_command(d: &Diagnostic, sources: &SourceMap) -> String {
    let level = match d.severity {
        Severity::Error => "error",
        Severity::Warning => "warning",
        Severity::Note => "notice",
    };
    let mut properties = Vec::new();
    let mut message = d.message.clone();
    if let Some(primary) = d.primary() {
        let file = sources.file(primary.file);
        let (line, col) = file.line_col(primary.span.start as usize);
        let (end_line, end_col) = last_char_position(file, primary.span);
        properties.push(format!("file={}", escape_github_property(&file.name)));
        properties.push(format!("line={line}"));
        if end_line == line {
            properties.push(format!("col={col}"));
        }
        properties.push(format!("endLine={end_line}"));
        if end_line == line {
            properties.push(format!("endColumn={end_col}"));
        }
        if !primary.message.is_empty() {
            message.push_str(&format!("\n{}", primary.message));
        }
    } else if let Some(path) = &d.path {
        properties.push(format!("file={}", escape_github_property(&path.display().to_string())));
    }
    properties.push(format!("title={}", escape_github_property(&format!("{} {}", d.code.id, d.code.name))));
    for label in d.labels.iter().skip(1) {
        let file = sources.file(label.file);
        let (line, col) = file.line_col(label.span.start as usize);
        message.push_str(&format!("\n{}:{line}:{col}: {}", file.name, label.message));
    }
    if let Some(help) = &d.help {
        message.push_str(&format!("\nhelp: {help}"));
    }
    format!("::{level} {}::{}", properties.join(","), escape_github_data(&message))
}

/// The SARIF `level` of a severity.
fn sarif_level(severity: Severity) -> &'static str {
    match severity {
        Severity::Error => "error",
        Severity::Warning => "warning",
        Severity::Note => "note",
    }
}

/// A path as a URI reference relative to `base` (forward slashes, percent-encoded), or a
/// `file://` URI when it is absolute and outside `base`; and whether it is relative.
fn artifact_uri(path: &Path, base: &Path) -> (String, bool) {
    let (path, relative) = match path.strip_prefix(base) {
        Ok(rest) if path.is_absolute() => (rest, true),
        _ => (path, !path.is_absolute()),
    };
    let mut parts = Vec::new();
    for component in path.components() {
        match component {
            Component::Normal(p) => parts.push(percent_encode(&p.to_string_lossy())),
            Component::ParentDir => parts.push("..".to_string()),
            Component::CurDir | Component::RootDir | Component::Prefix(_) => {}
        }
    }
    let joined = parts.join("/");
    if relative {
        (joined, true)
    } else {
        (format!("file:///{joined}"), false)
    }
}

/// RFC 3986 percent-encoding of one path segment (unreserved characters kept).
fn percent_encode(segment: &str) -> String {
    let mut out = String::with_capacity(segment.len());
    for b in segment.bytes() {
        if b.is_ascii_alphanumeric() || matches!(b, b'-' | b'.' | b'_' | b'~') {
            out.push(b as char);
        } else {
            out.push_str(&format!("%{b:02X}"));
        }
    }
    out
}

/// A SARIF `physicalLocation` of a label.
fn sarif_physical_location(sources: &SourceMap, label: &crate::diagnostics::Label, base: &Path) -> Value {
    let file = sources.file(label.file);
    let (uri, relative) = artifact_uri(&file.path, base);
    let (start_line, start_column) = line_col_utf16(file, label.span.start as usize);
    let (end_line, end_column) = line_col_utf16(file, label.span.end as usize);
    let mut artifact = json!({ "uri": uri });
    if relative {
        artifact["uriBaseId"] = json!("%SRCROOT%");
    }
    json!({
        "artifactLocation": artifact,
        "region": {
            "startLine": start_line,
            "startColumn": start_column,
            "endLine": end_line,
            "endColumn": end_column,
        },
    })
}

/// One SARIF result.
fn sarif_result(d: &Diagnostic, rule_index: usize, sources: &SourceMap, base: &Path) -> Value {
    let mut text = d.message.clone();
    if let Some(help) = &d.help {
        text.push_str(&format!("\nhelp: {help}"));
    }
    let mut locations = Vec::new();
    if let Some(primary) = d.primary() {
        let mut location = json!({ "physicalLocation": sarif_physical_location(sources, primary, base) });
        if !primary.message.is_empty() {
            location["message"] = json!({ "text": primary.message });
        }
        locations.push(location);
    } else if let Some(path) = &d.path {
        let (uri, relative) = artifact_uri(path, base);
        let mut artifact = json!({ "uri": uri });
        if relative {
            artifact["uriBaseId"] = json!("%SRCROOT%");
        }
        locations.push(json!({ "physicalLocation": { "artifactLocation": artifact } }));
    }
    let related: Vec<Value> = d
        .labels
        .iter()
        .skip(1)
        .enumerate()
        .map(|(i, label)| {
            json!({
                "id": i + 1,
                "physicalLocation": sarif_physical_location(sources, label, base),
                "message": { "text": label.message },
            })
        })
        .collect();
    let mut result = json!({
        "ruleId": d.code.id,
        "ruleIndex": rule_index,
        "level": sarif_level(d.severity),
        "message": { "text": text },
        "locations": locations,
    });
    if !related.is_empty() {
        result["relatedLocations"] = json!(related);
    }
    result
}

/// One SARIF rule: a code with its explanation.
fn sarif_rule(code: &Code) -> Value {
    json!({
        "id": code.id,
        "name": code.name,
        "shortDescription": { "text": code.summary() },
        "fullDescription": { "text": code.explanation().trim_end() },
        "defaultConfiguration": { "level": sarif_level(code.severity) },
    })
}

/// One SARIF 2.1.0 log of the diagnostics: one run of `cardc`, a rule for each code used
/// (in code order), a result for each diagnostic (in order). Paths are relative to `base`
/// (`uriBaseId` `%SRCROOT%`) when they can be; columns count UTF-16 code units, SARIF's
/// default.
pub fn sarif_log(diagnostics: &[&Diagnostic], sources: &SourceMap, base: &Path) -> Value {
    let mut codes: Vec<&'static Code> = diagnostics.iter().map(|d| d.code).collect();
    codes.sort_by_key(|c| c.id);
    codes.dedup_by_key(|c| c.id);
    let results: Vec<Value> = diagnostics
        .iter()
        .map(|d| {
            let index = codes.iter().position(|c| c.id == d.code.id).unwrap_or_default();
            sarif_result(d, index, sources, base)
        })
        .collect();
    json!({
        "$schema": "https://json.schemastore.org/sarif-2.1.0.json",
        "version": "2.1.0",
        "runs": [{
            "tool": {
                "driver": {
                    "name": "cardc",
                    "version": env!("CARGO_PKG_VERSION"),
                    "rules": codes.iter().map(|c| sarif_rule(c)).collect::<Vec<_>>(),
                },
            },
            "columnKind": "utf16CodeUnits",
            "results": results,
        }],
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn github_escapes_data_and_properties() {
        assert_eq!(escape_github_data("50% a\r\nb: c, d"), "50%25 a%0D%0Ab: c, d");
        assert_eq!(escape_github_property("a:b,c%\n"), "a%3Ab%2Cc%25%0A");
    }

    #[test]
    fn github_gives_no_columns_for_a_label_over_several_lines_and_a_folder_as_the_file() {
        let mut sources = SourceMap::new();
        let file = sources.add(SourceFile::new("set/a.cards".into(), "ab\ncd\n"));
        let code = crate::code("E0105").unwrap();
        let d = Diagnostic::new(code, "m").label(file, Span { start: 1, end: 5 }, "");
        assert_eq!(
            github_command(&d, &sources),
            "::error file=set/a.cards,line=1,endLine=2,title=E0105 unknown-name::m"
        );
        let d = Diagnostic::new(crate::code("E0006").unwrap(), "no `.cards` files").path("my, set").help("50%");
        assert_eq!(
            github_command(&d, &sources),
            "::error file=my%2C set,title=E0006 no-card-files::no `.cards` files%0Ahelp: 50%25"
        );
    }

    #[test]
    fn uris_are_relative_to_the_base_and_encoded() {
        let base = Path::new("/work/repo");
        assert_eq!(artifact_uri(Path::new("/work/repo/cards/x/game.cards"), base), ("cards/x/game.cards".into(), true));
        assert_eq!(artifact_uri(Path::new("./my set/a#b.cards"), base), ("my%20set/a%23b.cards".into(), true));
        assert_eq!(artifact_uri(Path::new("../other/é.cards"), base), ("../other/%C3%A9.cards".into(), true));
        assert_eq!(artifact_uri(Path::new("/elsewhere/a.cards"), base), ("file:///elsewhere/a.cards".into(), false));
    }

    #[test]
    fn utf16_columns_count_surrogate_pairs_twice() {
        let file = SourceFile::new("a.cards".into(), "x\n\u{1F600}é[a]\n");
        // "😀" is 4 bytes and 2 UTF-16 units, "é" 2 bytes and 1 unit: `[` is at byte 8.
        assert_eq!(line_col_utf16(&file, 8), (2, 4));
        assert_eq!(file.line_col(8), (2, 3));
    }

    #[test]
    fn lint_names_and_codes_are_found_in_any_case() {
        assert_eq!(code_by_id_or_name("e0105").map(|c| c.id), Ok("E0105"));
        assert_eq!(code_by_id_or_name("unused-icon").map(|c| c.id), Ok("W0002"));
        assert_eq!(code_by_id_or_name("unused-icons").map(|c| c.id), Err(Some("unused-icon")));
        assert_eq!(code_by_id_or_name("E0115").map(|c| c.id), Err(Some("E0105")));
        assert_eq!(code_by_id_or_name("zzzzzzzz").map(|c| c.id), Err(None));
    }

    #[test]
    fn deny_takes_warnings_and_lints_and_rejects_errors_and_typos() {
        assert!(Deny::parse(&["warnings".into()]).is_ok_and(|d| d.warnings));
        assert!(Deny::parse(&["unused-icon".into(), "w0001".into()]).is_ok_and(|d| d.lints.len() == 2));
        let error = Deny::parse(&["unused-icn".into()]).unwrap_err();
        assert_eq!(error, "unknown lint `unused-icn` for `--deny`\n  help: did you mean `unused-icon`?");
        assert!(Deny::parse(&["unknown-name".into()]).is_err(), "an error code is not a lint");
    }
}
