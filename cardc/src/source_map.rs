//! The files a run reads, in memory: each file's text and path, looked up by
//! [`FileId`](crate::ast::FileId), with line and column lookup. Reading them from disk is
//! [`crate::source`]'s; rendering a diagnostic reads them here.

use std::path::PathBuf;
use std::sync::Arc;

use crate::ast::{FileId, Span};

/// One source file.
#[derive(Clone, Debug)]
pub struct SourceFile {
    /// The path it was read from (or a made-up one for in-memory sources).
    pub path: PathBuf,
    /// The name shown in diagnostics.
    pub name: String,
    /// The text. For a file that is not UTF-8, the lossy text (used only for display).
    pub text: Arc<str>,
    line_starts: Arc<[u32]>,
}

impl SourceFile {
    /// A file from its path and text.
    pub fn new(path: PathBuf, text: impl Into<Arc<str>>) -> SourceFile {
        let text = text.into();
        let name = path.display().to_string();
        let mut line_starts = vec![0];
        line_starts.extend(text.bytes().enumerate().filter(|(_, b)| *b == b'\n').map(|(i, _)| i as u32 + 1));
        SourceFile { path, name, text, line_starts: line_starts.into() }
    }

    /// The 0-based line that holds byte `offset` (the last line for an offset past the end).
    pub fn line_of(&self, offset: usize) -> usize {
        self.line_starts.partition_point(|&s| s as usize <= offset).saturating_sub(1)
    }

    /// The byte offset where 0-based `line` starts (the end of the text past the last line).
    pub fn line_start(&self, line: usize) -> usize {
        self.line_starts.get(line).map_or(self.text.len(), |&s| s as usize)
    }

    /// The text of 0-based `line`, without its line break (`\n` or `\r\n`).
    pub fn line_text(&self, line: usize) -> &str {
        let text = self.text.get(self.line_start(line)..self.line_start(line + 1)).unwrap_or("");
        text.strip_suffix('\n').map_or(text, |t| t.strip_suffix('\r').unwrap_or(t))
    }

    /// The 1-based line and column (in characters) of a byte offset.
    pub fn line_col(&self, offset: usize) -> (usize, usize) {
        let offset = offset.min(self.text.len());
        let line = self.line_of(offset);
        let start = self.line_start(line);
        let column = self.text.get(start..offset).map_or(offset - start, |s| s.chars().count()) + 1;
        (line + 1, column)
    }

    /// The byte offset where each line starts (the first is 0), shared, for renderers that
    /// need to find a line without reading the file from its start.
    pub fn line_starts(&self) -> Arc<[u32]> {
        self.line_starts.clone()
    }

    /// The text of a span ("" when it does not fall on character boundaries).
    pub fn slice(&self, span: Span) -> &str {
        self.text.get(span.range()).unwrap_or("")
    }
}

/// Every file read in one run, addressed by [`FileId`].
#[derive(Clone, Debug, Default)]
pub struct SourceMap {
    files: Vec<SourceFile>,
}

impl SourceMap {
    /// An empty map.
    pub fn new() -> SourceMap {
        SourceMap::default()
    }

    /// Adds a file and returns its id.
    pub fn add(&mut self, file: SourceFile) -> FileId {
        self.files.push(file);
        (self.files.len() - 1) as FileId
    }

    /// The file with this id.
    ///
    /// # Panics
    /// If the id was not handed out by this map.
    pub fn file(&self, id: FileId) -> &SourceFile {
        &self.files[id as usize]
    }

    /// Number of files.
    pub fn len(&self) -> usize {
        self.files.len()
    }

    /// Whether no file was added.
    pub fn is_empty(&self) -> bool {
        self.files.is_empty()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn line_col_counts_characters() {
        let f = SourceFile::new("a.cards".into(), "ab\n“x” y\r\nz");
        assert_eq!(f.line_col(0), (1, 1));
        assert_eq!(f.line_col(3), (2, 1));
        assert_eq!(f.line_col(3 + "“x” ".len()), (2, 5));
        assert_eq!(f.line_col(f.text.len()), (3, 2));
        assert_eq!((f.line_of(4), f.line_start(1), f.line_text(1), f.line_text(2)), (1, 3, "“x” y", "z"));
    }
}
