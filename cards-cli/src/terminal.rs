//! What the command-line tools write: output to stdout or stderr never panics.
//!
//! `println!` panics when stdout is a closed pipe (`cardc check … | head -1`) or a full disk.
//! Here a write that fails ends the process instead, with a short message on stderr (when
//! stderr can still be written) and exit status 2: the tool's output is lost, and saying
//! so is all that is left to do. [`out!`](crate::out), [`outln!`](crate::outln),
//! [`err!`](crate::err) and [`errln!`](crate::errln) are `print!`, `println!`, `eprint!`
//! and `eprintln!` on these terms.

use std::fmt;
use std::io::{self, Write};

/// The exit status of a tool whose output could not be written.
pub const FAILED: u8 = 2;

/// Writes to stdout and flushes; on failure, ends the process (see the module).
pub fn stdout(args: fmt::Arguments<'_>) {
    let mut out = io::stdout().lock();
    if let Err(e) = out.write_fmt(args).and_then(|()| out.flush()) {
        failed("stdout", &e);
    }
}

/// Writes to stderr; on failure, ends the process with status 2.
pub fn stderr(args: fmt::Arguments<'_>) {
    let mut err = io::stderr().lock();
    if let Err(e) = err.write_fmt(args).and_then(|()| err.flush()) {
        failed("stderr", &e);
    }
}

/// Ends the process after writing to `stream` failed: `error: cannot write to stdout:
/// Broken pipe (os error 32)` on stderr, unless stderr is what failed, then exit status 2.
pub fn failed(stream: &str, e: &io::Error) -> ! {
    if stream != "stderr" {
        let _ = writeln!(io::stderr(), "error: cannot write to {stream}: {e}");
    }
    std::process::exit(i32::from(FAILED))
}

/// `print!` that ends the process with status 2 when stdout cannot be written.
#[macro_export]
macro_rules! out {
    ($($arg:tt)*) => {
        $crate::terminal::stdout(::core::format_args!($($arg)*))
    };
}

/// `println!` that ends the process with status 2 when stdout cannot be written.
#[macro_export]
macro_rules! outln {
    () => {
        $crate::terminal::stdout(::core::format_args!("\n"))
    };
    ($($arg:tt)*) => {
        $crate::terminal::stdout(::core::format_args!("{}\n", ::core::format_args!($($arg)*)))
    };
}

/// `eprint!` that ends the process with status 2 when stderr cannot be written.
#[macro_export]
macro_rules! err {
    ($($arg:tt)*) => {
        $crate::terminal::stderr(::core::format_args!($($arg)*))
    };
}

/// `eprintln!` that ends the process with status 2 when stderr cannot be written.
#[macro_export]
macro_rules! errln {
    () => {
        $crate::terminal::stderr(::core::format_args!("\n"))
    };
    ($($arg:tt)*) => {
        $crate::terminal::stderr(::core::format_args!("{}\n", ::core::format_args!($($arg)*)))
    };
}
