//! Diagnostics: stable codes, labelled spans, rendering (miette) and JSON lines.
//!
//! Every check declares its codes with [`declare_code!`] next to the code that emits them;
//! the doc comment on the declaration is the long explanation `cardc explain` prints.

use std::fmt;
use std::path::PathBuf;
use std::sync::Arc;

use miette::{
    GraphicalReportHandler, GraphicalTheme, LabeledSpan, MietteError, MietteSpanContents, SourceSpan, SpanContents,
};
use serde::Serialize;

use crate::ast::{FileId, Span};
use crate::source::SourceMap;

/// How serious a diagnostic is.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize)]
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
    /// The explanation with the one leading space of each doc line removed.
    pub fn explanation(&self) -> String {
        let mut out = String::new();
        for line in self.explanation.lines() {
            out.push_str(line.strip_prefix(' ').unwrap_or(line));
            out.push('\n');
        }
        out.trim().to_string() + "\n"
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
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Label {
    /// The file.
    pub file: FileId,
    /// The bytes.
    pub span: Span,
    /// What the label says; may be empty.
    pub message: String,
}

/// One diagnostic.
#[derive(Clone, Debug)]
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
#[derive(Clone, Debug, Default, PartialEq, Eq)]
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

impl std::ops::Deref for Fixes {
    type Target = [Fix];

    fn deref(&self) -> &[Fix] {
        self.0.as_deref().map_or(&[], Vec::as_slice)
    }
}

/// How sure a [`Fix`] is, as rustc's `Applicability`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "kebab-case")]
pub enum Applicability {
    /// Certainly what the author meant: `cardc check --fix` applies it.
    MachineApplicable,
    /// Probably right, but a person should look: shown, never applied by itself.
    MaybeIncorrect,
}

/// One text edit: replace the bytes of `span` in `file` with `replacement` (an empty span
/// inserts, an empty replacement deletes).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Edit {
    /// The file.
    pub file: FileId,
    /// The bytes replaced.
    pub span: Span,
    /// What they are replaced with.
    pub replacement: String,
}

/// A structured suggestion: what to do, as a message, and the edits that do it.
#[derive(Clone, Debug, PartialEq, Eq)]
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

impl Diagnostic {
    /// A diagnostic with the code's own severity.
    pub fn new(code: &'static Code, message: impl Into<String>) -> Diagnostic {
        Diagnostic {
            code,
            severity: code.severity,
            message: message.into(),
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

    /// Renders the diagnostic as rustc-style text.
    pub fn render(&self, sources: &SourceMap, style: RenderStyle) -> String {
        let theme = if style.color { GraphicalTheme::unicode() } else { GraphicalTheme::unicode_nocolor() };
        let handler = GraphicalReportHandler::new_themed(theme)
            .with_width(style.width)
            .with_links(false)
            .without_syntax_highlighting();
        let view = MietteView::new(self, sources);
        let mut out = String::new();
        if handler.render_report(&mut out, &view).is_err() {
            // Rendering into a String cannot fail; fall back to the plain message anyway.
            out = format!("{}[{}]: {}\n", severity_word(self.severity), self.code.id, self.message);
        }
        out
    }

    /// The diagnostic as one line of JSON (the `--format json` output), with the fields
    /// `code`, `severity`, `file`, `line`, `column`, `span` (`start`/`end` bytes),
    /// `message` and `help`.
    pub fn to_json(&self, sources: &SourceMap) -> String {
        let primary = self.primary();
        let file = match (primary, &self.path) {
            (Some(l), _) => Some(sources.file(l.file).name.clone()),
            (None, Some(p)) => Some(p.display().to_string()),
            (None, None) => None,
        };
        let (line, column) = match primary {
            Some(l) => {
                let (line, column) = sources.file(l.file).line_col(l.span.start as usize);
                (Some(line), Some(column))
            }
            None => (None, None),
        };
        let json = JsonDiagnostic {
            code: self.code.id,
            severity: self.severity,
            file,
            line,
            column,
            span: primary.map(|l| JsonSpan { start: l.span.start, end: l.span.end }),
            message: &self.message,
            help: self.help.as_deref(),
            fixes: self.fixes.iter().map(|f| JsonFix::of(f, sources)).collect(),
        };
        serde_json::to_string(&json).unwrap_or_default()
    }
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
struct JsonDiagnostic<'a> {
    code: &'static str,
    severity: Severity,
    file: Option<String>,
    line: Option<usize>,
    column: Option<usize>,
    span: Option<JsonSpan>,
    message: &'a str,
    help: Option<&'a str>,
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

/// A diagnostic in the shape miette renders: the labels in the primary file are drawn on
/// its source; labels in other files become related notes with their own source.
#[derive(Debug)]
struct MietteView {
    message: String,
    code: Option<String>,
    severity: miette::Severity,
    help: Option<String>,
    source: Option<Indexed>,
    labels: Vec<LabeledSpan>,
    related: Vec<MietteView>,
}

impl MietteView {
    fn new(d: &Diagnostic, sources: &SourceMap) -> MietteView {
        let primary_file = d.primary().map(|l| l.file);
        let mut labels = Vec::new();
        let mut related = Vec::new();
        for (i, label) in d.labels.iter().enumerate() {
            let text = (!label.message.is_empty()).then(|| label.message.clone());
            let span = (label.span.start as usize, label.span.len());
            if Some(label.file) == primary_file {
                labels.push(if i == 0 {
                    LabeledSpan::new_primary_with_span(text, span)
                } else {
                    LabeledSpan::new_with_span(text, span)
                });
            } else {
                let file = sources.file(label.file);
                related.push(MietteView {
                    message: label.message.clone(),
                    code: None,
                    severity: miette::Severity::Advice,
                    help: None,
                    source: Some(Indexed::of(file)),
                    labels: vec![LabeledSpan::new_with_span(None, span)],
                    related: Vec::new(),
                });
            }
        }
        let mut message = d.message.clone();
        if let (None, Some(path)) = (primary_file, &d.path) {
            message = format!("{message}\n  --> {}", path.display());
        }
        MietteView {
            message,
            code: Some(d.code.id.to_string()),
            severity: match d.severity {
                Severity::Error => miette::Severity::Error,
                Severity::Warning => miette::Severity::Warning,
                Severity::Note => miette::Severity::Advice,
            },
            help: d.help.clone(),
            source: primary_file.map(|f| {
                let file = sources.file(f);
                Indexed::of(file)
            }),
            labels,
            related,
        }
    }
}

/// How many lines apart two labels' snippets may be and still be shown as one.
const JOIN_LINES: usize = 2;

/// A file as miette reads it, with its line index: a snippet is read from a few lines
/// before its span, not from the start of the file, so rendering N diagnostics of one file
/// takes time in proportion to N, not to N times the file.
struct Indexed {
    name: String,
    text: Arc<str>,
    line_starts: Arc<[u32]>,
}

impl Indexed {
    fn of(file: &crate::source::SourceFile) -> Indexed {
        Indexed { name: file.name.clone(), text: file.text.clone(), line_starts: file.line_starts() }
    }
}

impl fmt::Debug for Indexed {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("Indexed").field("name", &self.name).finish_non_exhaustive()
    }
}

impl miette::SourceCode for Indexed {
    fn read_span<'a>(
        &'a self,
        span: &SourceSpan,
        context_lines_before: usize,
        context_lines_after: usize,
    ) -> Result<Box<dyn SpanContents<'a> + 'a>, MietteError> {
        let offset = span.offset().min(self.text.len());
        let line = self.line_starts.partition_point(|&s| s as usize <= offset).saturating_sub(1);
        // One line more than the context, so miette's own reading of the slice keeps the
        // same lines as a reading of the whole file would.
        let first = line.saturating_sub(context_lines_before + 1);
        let start = self.line_starts.get(first).map_or(0, |&s| s as usize);
        let slice = self.text.as_bytes().get(start..).ok_or(MietteError::OutOfBounds)?;
        let shifted = SourceSpan::new((offset - start).into(), span.len());
        let read = slice.read_span(&shifted, context_lines_before, context_lines_after)?;
        let covered = SourceSpan::new((read.span().offset() + start).into(), read.span().len());
        Ok(Box::new(MietteSpanContents::new_named(
            self.name.clone(),
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
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.message)
    }
}

impl std::error::Error for MietteView {}

impl miette::Diagnostic for MietteView {
    fn code<'a>(&'a self) -> Option<Box<dyn fmt::Display + 'a>> {
        self.code.as_ref().map(|c| Box::new(c) as Box<dyn fmt::Display>)
    }

    fn severity(&self) -> Option<miette::Severity> {
        Some(self.severity)
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

    fn related<'a>(&'a self) -> Option<Box<dyn Iterator<Item = &'a dyn miette::Diagnostic> + 'a>> {
        (!self.related.is_empty()).then(|| {
            Box::new(self.related.iter().map(|r| r as &dyn miette::Diagnostic))
                as Box<dyn Iterator<Item = &'a dyn miette::Diagnostic> + 'a>
        })
    }
}
