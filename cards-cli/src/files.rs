//! Reading the files the tools are given, bounded: the file type and size are checked
//! before a byte is read, so a FIFO is reported instead of blocking forever, and
//! `/dev/zero` or a huge file is refused instead of filling the memory.
//!
//! The limit is `CARDC_MAX_FILE_SIZE` (bytes, or with a `K`, `M` or `G` suffix), 64 MiB by
//! default: a real card pool's largest file is about 1 MB, and the 13,347 real squads are
//! 8 MB.

use std::io::{self, Read};
use std::path::Path;

/// The default largest file read, in bytes.
pub const DEFAULT_LIMIT: u64 = 64 << 20;

/// The largest file read, in bytes: `CARDC_MAX_FILE_SIZE`, else [`DEFAULT_LIMIT`]. A value
/// that does not parse is the default.
pub fn limit() -> u64 {
    std::env::var("CARDC_MAX_FILE_SIZE").ok().and_then(|v| parse_size(&v)).unwrap_or(DEFAULT_LIMIT)
}

/// `1000`, `512K`, `64M`, `2G` (powers of 1,024) as bytes.
pub fn parse_size(text: &str) -> Option<u64> {
    let text = text.trim();
    let (digits, shift) = match text.char_indices().last()? {
        (i, 'k' | 'K') => (&text[..i], 10),
        (i, 'm' | 'M') => (&text[..i], 20),
        (i, 'g' | 'G') => (&text[..i], 30),
        _ => (text, 0),
    };
    digits.trim().parse::<u64>().ok()?.checked_mul(1 << shift)
}

/// What a path is when it is not a regular file, in words (`a FIFO`, `a folder`).
fn not_a_file(meta: &std::fs::Metadata) -> Option<&'static str> {
    if meta.is_file() {
        return None;
    }
    if meta.is_dir() {
        return Some("a folder");
    }
    #[cfg(unix)]
    {
        use std::os::unix::fs::FileTypeExt;
        let kind = meta.file_type();
        if kind.is_fifo() {
            return Some("a FIFO");
        }
        if kind.is_char_device() || kind.is_block_device() {
            return Some("a device");
        }
        if kind.is_socket() {
            return Some("a socket");
        }
    }
    Some("not a regular file")
}

/// Reads a file whole, when it is a regular file of at most [`limit`] bytes.
///
/// # Errors
/// `InvalidInput` when the path is a FIFO, a device, a socket or a folder (nothing is
/// opened), `NotFound` for a link to nothing, `FileTooLarge` when it is larger than the
/// limit (also when it grows past it while read). Like the standard library's, the
/// messages do not name the path: the caller does.
pub fn read(path: &Path) -> io::Result<Vec<u8>> {
    read_within(path, limit())
}

/// [`read`] with a limit of `max` bytes.
///
/// # Errors
/// As [`read`].
pub fn read_within(path: &Path, max: u64) -> io::Result<Vec<u8>> {
    let meta = std::fs::metadata(path).map_err(|e| match e.kind() {
        io::ErrorKind::NotFound if path.symlink_metadata().is_ok() => {
            io::Error::new(io::ErrorKind::NotFound, "a link to nothing")
        }
        _ => e,
    })?;
    if let Some(what) = not_a_file(&meta) {
        return Err(io::Error::new(io::ErrorKind::InvalidInput, format!("{what}, not a regular file: not read")));
    }
    let too_large = || {
        io::Error::new(
            io::ErrorKind::FileTooLarge,
            format!("larger than {max} bytes, the limit (CARDC_MAX_FILE_SIZE sets another)"),
        )
    };
    if meta.len() > max {
        return Err(too_large());
    }
    let mut bytes = Vec::with_capacity(meta.len() as usize);
    std::fs::File::open(path).and_then(|file| file.take(max.saturating_add(1)).read_to_end(&mut bytes))?;
    if bytes.len() as u64 > max {
        return Err(too_large());
    }
    Ok(bytes)
}

/// [`read`] as text.
///
/// # Errors
/// As [`read`], and `InvalidData` when the file is not UTF-8 (with the byte offset).
pub fn read_to_string(path: &Path) -> io::Result<String> {
    String::from_utf8(read(path)?).map_err(|e| {
        io::Error::new(io::ErrorKind::InvalidData, format!("not UTF-8 (byte {})", e.utf8_error().valid_up_to()))
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn sizes_read_with_suffixes() {
        assert_eq!(parse_size("1000"), Some(1000));
        assert_eq!(parse_size("512K"), Some(512 * 1024));
        assert_eq!(parse_size(" 64m "), Some(64 << 20));
        assert_eq!(parse_size("2G"), Some(2 << 30));
        assert_eq!(parse_size("lots"), None);
        assert_eq!(parse_size("99999999999G"), None);
    }

    #[cfg(unix)]
    #[test]
    fn devices_folders_and_large_files_are_refused_before_reading() {
        let e = read_within(Path::new("/dev/zero"), 1 << 20).unwrap_err();
        assert_eq!(e.kind(), io::ErrorKind::InvalidInput, "{e}");
        assert!(e.to_string().contains("a device"), "{e}");
        let dir = std::env::temp_dir();
        assert!(read_within(&dir, 10).unwrap_err().to_string().contains("a folder"));
        let file = dir.join(format!("cards-cli-files-{}.txt", std::process::id()));
        std::fs::write(&file, "12345").unwrap();
        assert_eq!(read_within(&file, 5).unwrap(), b"12345");
        assert_eq!(read_within(&file, 4).unwrap_err().kind(), io::ErrorKind::FileTooLarge);
        std::fs::remove_file(&file).unwrap();
    }
}
