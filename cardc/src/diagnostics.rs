//! Diagnostics: stable codes, labelled spans, rendering (miette) and JSON lines.
//!
//! Every check declares its codes with [`declare_code!`] next to the code that emits them;
//! the doc comment on the declaration is the long explanation `cardc explain` prints.

use std::fmt;
use std::path::PathBuf;

use miette::{
    GraphicalReportHandler, GraphicalTheme, LabeledSpan, MietteError, MietteSpanContents, SourceSpan, SpanContents,
};
use serde::Serialize;

use cardc_derive::Shift;

use crate::ast::{FileId, Span};
use crate::source_map::{SourceFile, SourceMap};

/// How serious a diagnostic is.
#[derive(Shift, Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize)]
#[serde(rename_all = "lowercase")]
pub enum Severity {
    /// Context worth knowing about how cards interact; never fails a check.
    Note,
    /// Worth fixing; never fails a check.
    Warning,
    /// The set cannot be compiled.
    Error,
}

/// A stable diagnostic code with its long explanation.
#[derive(Debug)]
pub struct Code {
    /// `E0101`, `W0001`.
    pub id: &'static str,
    /// A kebab-case name, usable in `allow` lines for warnings.
    pub name: &'static str,
    /// The severity it is reported with.
    pub severity: Severity,
    /// What / Why / Example, as markdown-ish text.
    pub explanation: &'static str,
}

impl Code {
    /// Whether `text` names this code, as `allow` lines and `--deny` name one: its name
    /// (`unused-icon`), or its id in any case (`W0002`, `w0002`).
    pub fn is_named(&self, text: &str) -> bool {
        self.name == text || self.id.eq_ignore_ascii_case(text)
    }

    /// The explanation with the one leading space of each doc line removed.
    pub fn explanation(&self) -> String {
        let mut out = String::new();
        for line in self.explanation.lines() {
            out.push_str(line.strip_prefix(' ').unwrap_or(line));
            out.push('\n');
        }
        out.trim().to_string() + "\n"
    }

    /// The first sentence of the explanation's first paragraph (what the code reports),
    /// on one line.
    pub fn summary(&self) -> String {
        let explanation = self.explanation();
        let paragraph = explanation
            .split("\n\n")
            .map(|p| p.lines().filter(|l| !l.starts_with('#')).collect::<Vec<_>>().join(" "))
            .find(|p| !p.trim().is_empty())
            .unwrap_or_default();
        let paragraph = paragraph.split_whitespace().collect::<Vec<_>>().join(" ");
        match paragraph.find(". ") {
            Some(end) => paragraph[..=end].to_string(),
            None => paragraph,
        }
    }
}

/// Declares a [`Code`]; its doc comment is its explanation.
///
/// ```ignore
/// declare_code! {
///     /// What it does …
///     pub static E0101: "E0101", "missing-game", Error;
/// }
/// ```
#[macro_export]
macro_rules! declare_code {
    ($(#[doc = $doc:literal])* $vis:vis static $konst:ident: $id:literal, $name:literal, $sev:ident;) => {
        $(#[doc = $doc])*
        $vis static $konst: $crate::diagnostics::Code = $crate::diagnostics::Code {
            id: $id,
            name: $name,
            severity: $crate::diagnostics::Severity::$sev,
            explanation: concat!($($doc, "\n"),*),
        };
    };
}

/// A labelled span.
#[derive(Shift, Clone, Debug, PartialEq, Eq)]
pub struct Label {
    /// The file.
    pub file: FileId,
    /// The bytes.
    pub span: Span,
    /// What the label says; may be empty.
    pub message: String,
}

/// One diagnostic.
#[derive(Shift, Clone, Debug)]
pub struct Diagnostic {
    /// Its code.
    pub code: &'static Code,
    /// Error or warning.
    pub severity: Severity,
    /// The one-line message: lowercase, no trailing period, names in backticks.
    pub message: String,
    /// The primary label first, then related ones (possibly in other files).
    pub labels: Vec<Label>,
    /// A concrete fix, if there is one.
    pub help: Option<String>,
    /// The folder or file the diagnostic is about when it has no span.
    pub path: Option<PathBuf>,
    /// Structured suggestions: edits that would fix the problem (see [`crate::fix`]).
    pub fixes: Fixes,
}

/// The fixes of a diagnostic: a slice, kept out of line so that a diagnostic stays small
/// (most have none, and every check returns them in `Result`s).
#[derive(Shift, Clone, Debug, Default, PartialEq, Eq)]
// One thin pointer: a `Vec` or a boxed slice would make every `Result<_, Diagnostic>` of
// the checks larger than clippy's `result_large_err` allows.
#[allow(clippy::box_collection)]
pub struct Fixes(Option<Box<Vec<Fix>>>);

impl Fixes {
    /// Adds one.
    pub fn push(&mut self, fix: Fix) {
        self.0.get_or_insert_with(Box::default).push(fix);
    }
}

impl std::ops::DerefMut for Fixes {
    fn deref_mut(&mut self) -> &mut [Fix] {
        self.0.as_deref_mut().map_or(&mut [], Vec::as_mut_slice)
    }
}

impl std::ops::Deref for Fixes {
    type Target = [Fix];

    fn deref(&self) -> &[Fix] {
        self.0.as_deref().map_or(&[], Vec::as_slice)
    }
}

/// How sure a [`Fix`] is, as rustc's `Applicability`.
#[derive(Shift, Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "kebab-case")]
pub enum Applicability {
    /// Certainly what the author meant: `cardc check --fix` applies it.
    MachineApplicable,
    /// Probably right, but a person should look: shown, never applied by itself.
    MaybeIncorrect,
}

/// One text edit: replace the bytes of `span` in `file` with `replacement` (an empty span
/// inserts, an empty replacement deletes).
#[derive(Shift, Clone, Debug, PartialEq, Eq)]
pub struct Edit {
    /// The file.
    pub file: FileId,
    /// The bytes replaced.
    pub span: Span,
    /// What they are replaced with.
    pub replacement: String,
}

/// A structured suggestion: what to do, as a message, and the edits that do it.
#[derive(Shift, Clone, Debug, PartialEq, Eq)]
pub struct Fix {
    /// What the fix does, in the words of a `help:` line (`did you mean `trait`?`).
    pub message: String,
    /// The edits, applied all together or not at all.
    pub edits: Vec<Edit>,
    /// Whether it may be applied without a person looking.
    pub applicability: Applicability,
}

impl Fix {
    /// A fix that replaces one span, certain to be what the author meant.
    pub fn certain(message: impl Into<String>, file: FileId, span: Span, replacement: impl Into<String>) -> Fix {
        Fix::replace(message, file, span, replacement, Applicability::MachineApplicable)
    }

    /// A fix that replaces one span, probably right.
    pub fn maybe(message: impl Into<String>, file: FileId, span: Span, replacement: impl Into<String>) -> Fix {
        Fix::replace(message, file, span, replacement, Applicability::MaybeIncorrect)
    }

    /// A fix that replaces one span.
    pub fn replace(
        message: impl Into<String>,
        file: FileId,
        span: Span,
        replacement: impl Into<String>,
        applicability: Applicability,
    ) -> Fix {
        Fix {
            message: message.into(),
            edits: vec![Edit { file, span, replacement: replacement.into() }],
            applicability,
        }
    }

    /// Whether `cardc check --fix` applies it.
    pub fn is_machine_applicable(&self) -> bool {
        self.applicability == Applicability::MachineApplicable
    }
}

/// The most characters a name, path or text quoted in a message (between backticks) is
/// shown with; a longer one keeps its first [`QUOTED_HEAD`] and last [`QUOTED_TAIL`] around
/// `…`. The label's snippet shows where it is whole. (A path is rarely half as long.)
pub const QUOTED_MAX_CHARS: usize = 200;
/// See [`QUOTED_MAX_CHARS`].
const QUOTED_HEAD: usize = 120;
/// See [`QUOTED_MAX_CHARS`].
const QUOTED_TAIL: usize = 60;

/// `message` with each quoted part longer than [`QUOTED_MAX_CHARS`] characters clipped, so
/// that a 10,000-character name does not make a 10,000-character message.
fn clip_quoted(message: String) -> String {
    let long = |part: &str| part.chars().nth(QUOTED_MAX_CHARS).is_some();
    if message.len() <= QUOTED_MAX_CHARS || !message.split('`').skip(1).step_by(2).any(long) {
        return message;
    }
    let parts: Vec<String> = message
        .split('`')
        .enumerate()
        .map(|(i, part)| {
            if i % 2 == 0 || !long(part) {
                return part.to_string();
            }
            let head: String = part.chars().take(QUOTED_HEAD).collect();
            let tail_start = part.char_indices().rev().nth(QUOTED_TAIL - 1).map_or(0, |(at, _)| at);
            format!("{head}…{}", &part[tail_start..])
        })
        .collect();
    parts.join("`")
}

impl Diagnostic {
    /// A diagnostic with the code's own severity. A name or text quoted in the message
    /// longer than [`QUOTED_MAX_CHARS`] is clipped.
    pub fn new(code: &'static Code, message: impl Into<String>) -> Diagnostic {
        Diagnostic {
            code,
            severity: code.severity,
            message: clip_quoted(message.into()),
            labels: Vec::new(),
            help: None,
            path: None,
            fixes: Fixes::default(),
        }
    }

    /// Adds a label; the first one added is the primary label.
    pub fn label(mut self, file: FileId, span: Span, message: impl Into<String>) -> Diagnostic {
        self.labels.push(Label { file, span, message: message.into() });
        self
    }

    /// Sets the help line.
    pub fn help(mut self, help: impl Into<String>) -> Diagnostic {
        self.help = Some(help.into());
        self
    }

    /// Sets the help line if there is one.
    pub fn maybe_help(mut self, help: Option<String>) -> Diagnostic {
        if help.is_some() {
            self.help = help;
        }
        self
    }

    /// Adds a structured suggestion; its message becomes the help line when there is none.
    pub fn fix(mut self, fix: Fix) -> Diagnostic {
        if self.help.is_none() {
            self.help = Some(fix.message.clone());
        }
        self.fixes.push(fix);
        self
    }

    /// Adds a structured suggestion if there is one (see [`Diagnostic::fix`]).
    pub fn maybe_fix(self, fix: Option<Fix>) -> Diagnostic {
        match fix {
            Some(fix) => self.fix(fix),
            None => self,
        }
    }

    /// Sets the path for a diagnostic that has no span.
    pub fn path(mut self, path: impl Into<PathBuf>) -> Diagnostic {
        self.path = Some(path.into());
        self
    }

    /// Reports it as `severity` instead of the code's own (a set's `warn` / `deny` line).
    pub fn with_severity(mut self, severity: Severity) -> Diagnostic {
        self.severity = severity;
        self
    }

    /// Whether it is an error.
    pub fn is_error(&self) -> bool {
        self.severity == Severity::Error
    }

    /// The primary label, if any.
    pub fn primary(&self) -> Option<&Label> {
        self.labels.first()
    }

    /// Sorts diagnostics by file, position and code, so output does not depend on the
    /// order checks ran in.
    pub fn sort(diagnostics: &mut [Diagnostic]) {
        diagnostics.sort_by(|a, b| {
            let key = |d: &Diagnostic| {
                let p = d.primary();
                (d.path.is_none(), p.map(|l| l.file), p.map(|l| l.span), d.code.id)
            };
            key(a).cmp(&key(b))
        });
    }

    /// Renders the diagnostic as rustc-style text: `error[E0105]: message`, then a snippet
    /// of the primary label's file under ` --> file:line:col`, one of each other file with a
    /// label under ` ::: file:line:col`, the help, for a lint a note naming it, and an empty
    /// line.
    pub fn render(&self, sources: &SourceMap, style: RenderStyle) -> String {
        let theme = if style.color { GraphicalTheme::unicode() } else { GraphicalTheme::unicode_nocolor() };
        let handler = GraphicalReportHandler::new_themed(theme)
            .with_width(style.width)
            .with_links(false)
            // Card text breaks at spaces only: `0-1` and `[Barrel Roll]` stay whole, and
            // finding Unicode break opportunities costs more than the rest of a note.
            .with_word_separator(textwrap::WordSeparator::AsciiSpace)
            .without_syntax_highlighting();
        let mut out = self.render_header(style);
        if let (None, Some(path)) = (self.primary(), &self.path) {
            out.push_str(&format!("  --> {}\n", inert_line(&path.display().to_string())));
        }
        for (i, (file, labels)) in self.labels_by_file().into_iter().enumerate() {
            let file = sources.file(file);
            if plain_only(file, &labels) {
                out.push_str(&plain_snippet(file, &labels, i == 0));
            } else {
                let view = MietteView::snippet(file, labels);
                out.push_str(&snippet_location(&render_body(&handler, &view), Some(file), i == 0));
            }
        }
        if let Some(help) = &self.help {
            out.push_str(&render_body(&handler, &MietteView::help(&inert(help))));
        }
        if let Some(note) = self.lint_note() {
            out.push_str(&format!("  note: {note}\n"));
        }
        out.push('\n');
        out
    }

    /// `error[E0105]: message`, the first line of the rendering.
    fn render_header(&self, style: RenderStyle) -> String {
        let word = severity_word(self.severity);
        let message = inert(&self.message);
        if !style.color {
            return format!("{word}[{}]: {message}\n", self.code.id);
        }
        let colour = match self.severity {
            Severity::Error => "31",
            Severity::Warning => "33",
            Severity::Note => "36",
        };
        format!("\x1b[1;{colour}m{word}[{}]\x1b[0m\x1b[1m: {message}\x1b[0m\n", self.code.id)
    }

    /// For a lint (a code that is not an error by default), which lint it is and at what
    /// level: `` `unused-icon` is on by default ``, or `` `unused-icon` is denied `` when a
    /// `deny` line or `--deny` made it an error.
    pub fn lint_note(&self) -> Option<String> {
        let name = self.code.name;
        match (self.code.severity, self.severity) {
            (Severity::Error, _) => None,
            (default, now) if default == now => Some(format!("`{name}` is on by default")),
            (_, Severity::Error) => Some(format!("`{name}` is denied")),
            (_, _) => Some(format!("`{name}` is set to warn")),
        }
    }

    /// The labels grouped by file: the primary label's file first, then the others in the
    /// order their first label was added. Each label keeps its index in [`Self::labels`].
    pub fn labels_by_file(&self) -> Vec<(FileId, Vec<(usize, &Label)>)> {
        let mut groups: Vec<(FileId, Vec<(usize, &Label)>)> = Vec::new();
        for (i, label) in self.labels.iter().enumerate() {
            match groups.iter_mut().find(|(f, _)| *f == label.file) {
                Some((_, group)) => group.push((i, label)),
                None => groups.push((label.file, vec![(i, label)])),
            }
        }
        groups
    }

    /// The diagnostic as one line of JSON (the `--format json` output), with the fields
    /// `code`, `name`, `severity`, `file`, `line`, `column`, `span` (`start`/`end` bytes) of
    /// the primary label, `message`, `help`, and `labels`: every label with its `file`,
    /// `line`, `column`, `end_line`, `end_column` (1-based, in characters, the end just
    /// after the span), `span`, `message` and `primary`.
    pub fn to_json(&self, sources: &SourceMap) -> String {
        let labels: Vec<JsonLabel> = self
            .labels
            .iter()
            .enumerate()
            .map(|(i, l)| {
                let file = sources.file(l.file);
                let (line, column) = file.line_col(l.span.start as usize);
                let (end_line, end_column) = file.line_col(l.span.end as usize);
                JsonLabel {
                    file: &file.name,
                    line,
                    column,
                    end_line,
                    end_column,
                    span: JsonSpan { start: l.span.start, end: l.span.end },
                    message: &l.message,
                    primary: i == 0,
                }
            })
            .collect();
        let primary = labels.first();
        let file = match (primary, &self.path) {
            (Some(l), _) => Some(l.file.to_string()),
            (None, Some(p)) => Some(p.display().to_string()),
            (None, None) => None,
        };
        let json = JsonDiagnostic {
            code: self.code.id,
            name: self.code.name,
            severity: self.severity,
            file,
            line: primary.map(|l| l.line),
            column: primary.map(|l| l.column),
            span: primary.map(|l| JsonSpan { start: l.span.start, end: l.span.end }),
            message: &self.message,
            help: self.help.as_deref(),
            labels: &labels,
            fixes: self.fixes.iter().map(|f| JsonFix::of(f, sources)).collect(),
        };
        serde_json::to_string(&json).unwrap_or_default()
    }
}

/// The text without ANSI escape sequences (miette colours the location in a heading).
fn without_ansi(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    let mut chars = text.chars();
    while let Some(c) = chars.next() {
        if c == '\x1b' {
            // `ESC [ parameters final`, the final byte in `@`..=`~`.
            if chars.next() == Some('[') {
                for c in chars.by_ref() {
                    if ('@'..='~').contains(&c) {
                        break;
                    }
                }
            }
        } else {
            out.push(c);
        }
    }
    out
}

/// miette's `name:line:column`, whose column counts bytes, with the column in characters
/// as rustc counts it.
fn character_location(file: &SourceFile, location: &str) -> Option<String> {
    let (rest, column) = location.rsplit_once(':')?;
    let (_, line) = rest.rsplit_once(':')?;
    let (line, column): (usize, usize) = (line.parse().ok()?, column.parse().ok()?);
    let start = *file.line_starts().get(line.checked_sub(1)?)? as usize;
    let (_, column) = file.line_col(start + column.checked_sub(1)?);
    Some(format!("{}:{line}:{column}", inert_line(&file.name)))
}

/// The body of a rendering (snippet, help) without the line miette writes for the message,
/// which [`Diagnostic::render`] writes itself as rustc does.
fn render_body(handler: &GraphicalReportHandler, view: &MietteView) -> String {
    let mut out = String::new();
    if handler.render_report(&mut out, view).is_err() {
        return String::new();
    }
    match out.split_once('\n') {
        Some((_, rest)) => rest.to_string(),
        None => String::new(),
    }
}

/// Writes miette's snippet headings `╭─[file:line:col]` as rustc's locations: the first
/// of a diagnostic (when `first`) as ` --> file:line:col`, the others (a label far below,
/// or in another file) as ` ::: file:line:col`, each over an empty gutter line.
fn snippet_location(body: &str, file: Option<&SourceFile>, mut first: bool) -> String {
    let mut out = String::with_capacity(body.len() + 8);
    for line in body.split_inclusive('\n') {
        let text = line.trim_end_matches('\n');
        let indent = text.len() - text.trim_start_matches(' ').len();
        let heading = text[indent..].strip_prefix("╭─[").and_then(|rest| rest.strip_suffix(']'));
        match heading {
            Some(location) if indent > 0 => {
                let arrow = if first { "-->" } else { ":::" };
                let location = without_ansi(location);
                let location = file.and_then(|f| character_location(f, &location)).unwrap_or(location);
                first = false;
                out.push_str(&format!("{}{arrow} {location}\n{}│\n", " ".repeat(indent - 1), " ".repeat(indent)));
            }
            _ => out.push_str(line),
        }
    }
    out
}

/// The longest line a snippet shows whole (through miette). A label on a longer line, or
/// on a line with control characters, is shown in [`plain_snippet`]'s form instead: miette
/// cannot show a column past 65,535, and would echo the control characters to the terminal.
const SNIPPET_LINE_MAX: usize = 1_000;

/// How many characters [`plain_snippet`] shows on each side of a label, and of the label.
const CLIP: usize = 60;

/// The lines miette shows around a label's own: one of context on each side, and up to
/// [`JOIN_LINES`] more between two labels it joins into one snippet.
const SHOWN_AROUND: usize = 1 + JOIN_LINES;

/// Whether a file's labels must be shown in the plain form: a line the snippet could show
/// (a label's lines and [`SHOWN_AROUND`] on each side) is longer than [`SNIPPET_LINE_MAX`]
/// or holds a control character other than a tab.
fn plain_only(file: &SourceFile, labels: &[(usize, &Label)]) -> bool {
    labels.iter().any(|(_, label)| {
        let (first, last) = (file.line_of(label.span.start as usize), file.line_of(label.span.end as usize));
        (first.saturating_sub(SHOWN_AROUND)..=last + SHOWN_AROUND).any(|line| {
            let text = file.line_text(line);
            text.len() > SNIPPET_LINE_MAX || text.contains(|c: char| c.is_control() && c != '\t')
        })
    })
}

/// A file's labels in the plain form, for lines miette cannot show: under the location,
/// each label's line clipped to [`CLIP`] characters around it (`…` where cut), control
/// characters escaped, and the label underlined with its message.
fn plain_snippet(file: &SourceFile, labels: &[(usize, &Label)], first: bool) -> String {
    let mut sorted: Vec<&Label> = labels.iter().map(|(_, l)| *l).collect();
    sorted.sort_by_key(|l| (l.span.start, l.span.end));
    let lines: Vec<usize> = sorted.iter().map(|l| file.line_of(l.span.start as usize)).collect();
    let width = lines.iter().max().map_or(1, |l| (l + 1).to_string().len());
    let pad = " ".repeat(width + 1);
    let primary = labels.first().map_or(0, |(_, l)| l.span.start as usize);
    let (line, column) = file.line_col(primary);
    let arrow = if first { "-->" } else { ":::" };
    let mut out = format!("{pad}{arrow} {}:{line}:{column}\n{pad} │\n", inert_line(&file.name));
    for (label, &line) in sorted.iter().zip(&lines) {
        let text = file.line_text(line);
        let line_start = file.line_start(line);
        let from = char_prefix(text, (label.span.start as usize).saturating_sub(line_start));
        let to = char_prefix(text, (label.span.end as usize).saturating_sub(line_start)).max(from);
        let shown_before = clip_start(&text[..from]);
        let shown_marked = clip_end(&text[from..to], CLIP);
        let shown_after = clip_end(&text[to..], CLIP);
        let underline = "─".repeat(shown_marked.chars().count().max(1));
        let message = if label.message.is_empty() { String::new() } else { format!(" {}", inert(&label.message)) };
        out.push_str(&format!(
            " {:>width$} │ {shown_before}{shown_marked}{shown_after}\n{pad} · {}{underline}{message}\n",
            line + 1,
            " ".repeat(shown_before.chars().count()),
        ));
    }
    out.push_str(&format!("{pad} ╰────\n"));
    out
}

/// Words joined as a message lists alternatives: `a`, `a or b`, `a, b or c`; empty for none.
pub(crate) fn join_or(items: &[String]) -> String {
    match items {
        [] => String::new(),
        [one] => one.clone(),
        [init @ .., last] => format!("{} or {last}", init.join(", ")),
    }
}

/// The largest character boundary at or before byte `at`, clamped to the text's length.
pub(crate) fn char_prefix(text: &str, at: usize) -> usize {
    let mut at = at.min(text.len());
    while !text.is_char_boundary(at) {
        at -= 1;
    }
    at
}

/// A piece of a line as the plain form shows it: control characters escaped, tabs and
/// line breaks one space each, so the underline below stays in place.
fn shown(text: &str) -> String {
    inert(&text.replace(['\t', '\n'], " ")).into_owned()
}

/// The last [`CLIP`] characters of `text`, shown, with `…` before them when cut.
fn clip_start(text: &str) -> String {
    let count = text.chars().count();
    let kept = shown(&text.chars().skip(count.saturating_sub(CLIP)).collect::<String>());
    if count > CLIP {
        format!("…{kept}")
    } else {
        kept
    }
}

/// The first `max` characters of `text`, shown, with `…` after them when cut.
fn clip_end(text: &str, max: usize) -> String {
    let kept = shown(&text.chars().take(max).collect::<String>());
    if text.chars().nth(max).is_some() {
        format!("{kept}…")
    } else {
        kept
    }
}

/// Text with its control characters but line breaks and tabs escaped (`\u{1b}`, `\0`,
/// `\r`), so that what a file holds cannot move the cursor or recolour the terminal it is
/// shown on.
pub fn inert(text: &str) -> std::borrow::Cow<'_, str> {
    controls_escaped(text, |c| c == '\n' || c == '\t')
}

/// Text on one line: every control character escaped, line breaks and tabs too (`\n`,
/// `\u{1b}`), so that it cannot end the line it is written on (a build script's
/// `cargo:warning`) or drive a terminal.
pub fn inert_line(text: &str) -> std::borrow::Cow<'_, str> {
    controls_escaped(text, |_| false)
}

/// `text` with each control character but those `kept` written as its escape.
fn controls_escaped(text: &str, kept: impl Fn(char) -> bool) -> std::borrow::Cow<'_, str> {
    let escaped = |c: char| c.is_control() && !kept(c);
    if !text.contains(escaped) {
        return std::borrow::Cow::Borrowed(text);
    }
    let mut out = String::with_capacity(text.len() + 8);
    for c in text.chars() {
        if escaped(c) {
            out.extend(c.escape_debug());
        } else {
            out.push(c);
        }
    }
    std::borrow::Cow::Owned(out)
}

fn severity_word(severity: Severity) -> &'static str {
    match severity {
        Severity::Error => "error",
        Severity::Warning => "warning",
        Severity::Note => "note",
    }
}

/// How to render text diagnostics.
#[derive(Clone, Copy, Debug)]
pub struct RenderStyle {
    /// Use ANSI colours.
    pub color: bool,
    /// Wrap at this many columns.
    pub width: usize,
}

impl Default for RenderStyle {
    fn default() -> Self {
        RenderStyle { color: false, width: 80 }
    }
}

#[derive(Serialize)]
struct JsonSpan {
    start: u32,
    end: u32,
}

#[derive(Serialize)]
struct JsonLabel<'a> {
    file: &'a str,
    line: usize,
    column: usize,
    end_line: usize,
    end_column: usize,
    span: JsonSpan,
    message: &'a str,
    primary: bool,
}

#[derive(Serialize)]
struct JsonDiagnostic<'a> {
    code: &'static str,
    name: &'static str,
    severity: Severity,
    file: Option<String>,
    line: Option<usize>,
    column: Option<usize>,
    span: Option<JsonSpan>,
    message: &'a str,
    help: Option<&'a str>,
    labels: &'a [JsonLabel<'a>],
    #[serde(skip_serializing_if = "Vec::is_empty")]
    fixes: Vec<JsonFix<'a>>,
}

/// A fix in `--format json`: its message, applicability and edits (file, bytes,
/// replacement).
#[derive(Serialize)]
struct JsonFix<'a> {
    message: &'a str,
    applicability: Applicability,
    edits: Vec<JsonEdit<'a>>,
}

#[derive(Serialize)]
struct JsonEdit<'a> {
    file: String,
    span: JsonSpan,
    replacement: &'a str,
}

impl<'a> JsonFix<'a> {
    fn of(fix: &'a Fix, sources: &SourceMap) -> JsonFix<'a> {
        JsonFix {
            message: &fix.message,
            applicability: fix.applicability,
            edits: fix
                .edits
                .iter()
                .map(|e| JsonEdit {
                    file: sources.file(e.file).name.clone(),
                    span: JsonSpan { start: e.span.start, end: e.span.end },
                    replacement: &e.replacement,
                })
                .collect(),
        }
    }
}

/// What miette renders of a diagnostic: the snippet of one file with its labels, or the
/// help line. Its message is empty: [`Diagnostic::render`] writes the heading itself.
#[derive(Debug)]
struct MietteView {
    help: Option<String>,
    source: Option<Indexed>,
    labels: Vec<LabeledSpan>,
}

impl MietteView {
    /// The snippet of one file with its labels (each with its index in the diagnostic's).
    fn snippet(file: &SourceFile, labels: Vec<(usize, &Label)>) -> MietteView {
        let labels = labels
            .into_iter()
            .map(|(i, label)| {
                let text = (!label.message.is_empty()).then(|| inert(&label.message).into_owned());
                let span = (label.span.start as usize, label.span.len());
                if i == 0 {
                    LabeledSpan::new_primary_with_span(text, span)
                } else {
                    LabeledSpan::new_with_span(text, span)
                }
            })
            .collect();
        MietteView { help: None, source: Some(Indexed::of(file)), labels }
    }

    /// The help line alone.
    fn help(help: &str) -> MietteView {
        MietteView { help: Some(help.to_string()), source: None, labels: Vec::new() }
    }
}

/// How many lines apart two labels' snippets may be and still be shown as one.
const JOIN_LINES: usize = 2;

/// A file as miette reads it, with its line index: a snippet is read from a few lines
/// before its span, not from the start of the file, so rendering N diagnostics of one file
/// takes time in proportion to N, not to N times the file.
struct Indexed {
    file: SourceFile,
}

impl Indexed {
    fn of(file: &SourceFile) -> Indexed {
        Indexed { file: file.clone() }
    }
}

impl fmt::Debug for Indexed {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("Indexed").field("name", &self.file.name).finish_non_exhaustive()
    }
}

impl miette::SourceCode for Indexed {
    fn read_span<'a>(
        &'a self,
        span: &SourceSpan,
        context_lines_before: usize,
        context_lines_after: usize,
    ) -> Result<Box<dyn SpanContents<'a> + 'a>, MietteError> {
        let offset = span.offset().min(self.file.text.len());
        let line = self.file.line_of(offset);
        // One line more than the context, so miette's own reading of the slice keeps the
        // same lines as a reading of the whole file would.
        let first = line.saturating_sub(context_lines_before + 1);
        let start = self.file.line_start(first);
        let slice = self.file.text.as_bytes().get(start..).ok_or(MietteError::OutOfBounds)?;
        let shifted = SourceSpan::new((offset - start).into(), span.len());
        let read = slice.read_span(&shifted, context_lines_before, context_lines_after)?;
        let covered = SourceSpan::new((read.span().offset() + start).into(), read.span().len());
        Ok(Box::new(MietteSpanContents::new_named(
            inert_line(&self.file.name).into_owned(),
            read.data(),
            covered,
            read.line() + first,
            read.column(),
            // The lines the snippet covers, and a few more: miette joins two snippets that
            // reach each other, so labels up to `JOIN_LINES` apart share one snippet as
            // rustc shows them, and labels far apart get one each (miette's reading of a
            // whole file counts every line before it too, which joins labels hundreds of
            // lines apart into one snippet of everything between them).
            read.line_count().saturating_sub(read.line()) + JOIN_LINES,
        )))
    }
}

impl fmt::Display for MietteView {
    fn fmt(&self, _: &mut fmt::Formatter<'_>) -> fmt::Result {
        Ok(())
    }
}

impl std::error::Error for MietteView {}

impl miette::Diagnostic for MietteView {
    fn severity(&self) -> Option<miette::Severity> {
        Some(miette::Severity::Error)
    }

    fn help<'a>(&'a self) -> Option<Box<dyn fmt::Display + 'a>> {
        self.help.as_ref().map(|h| Box::new(h) as Box<dyn fmt::Display>)
    }

    fn source_code(&self) -> Option<&dyn miette::SourceCode> {
        self.source.as_ref().map(|s| s as &dyn miette::SourceCode)
    }

    fn labels(&self) -> Option<Box<dyn Iterator<Item = LabeledSpan> + '_>> {
        (!self.labels.is_empty()).then(|| Box::new(self.labels.iter().cloned()) as Box<dyn Iterator<Item = _>>)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_long_quoted_name_keeps_its_start_and_end() {
        let name = format!("{}{}", "é".repeat(150), "x".repeat(100));
        let clipped = clip_quoted(format!("unknown icon `{name}` and `crew`"));
        let expected = format!("unknown icon `{}…{}` and `crew`", "é".repeat(120), "x".repeat(60));
        assert_eq!(clipped, expected);
        // At the bound, and with nothing quoted, a message is as written.
        let at_bound = format!("unknown icon `{}`", "a".repeat(QUOTED_MAX_CHARS));
        assert_eq!(clip_quoted(at_bound.clone()), at_bound);
        let plain = "a".repeat(500);
        assert_eq!(clip_quoted(plain.clone()), plain);
    }
}
