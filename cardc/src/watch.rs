//! `cardc check --watch`: runs a check, then runs it again after each burst of changes to
//! `.cards` files under some paths (created, written, renamed or removed), until Ctrl-C.

use std::path::PathBuf;
use std::sync::mpsc::{self, Receiver, RecvTimeoutError};
use std::time::Duration;

use notify::event::ModifyKind;
use notify::{Event, EventKind, RecursiveMode, Watcher};

/// How long the files must stay quiet after a change before the check runs again: an
/// editor's save is often several events (a write, a rename, a second write).
pub const DEBOUNCE: Duration = Duration::from_millis(100);

/// What the watcher hears.
enum Message {
    /// A `.cards` file changed.
    Changed,
    /// Ctrl-C or a termination signal.
    Stop,
}

/// Calls `round` once, then again after each burst of changes to `.cards` files under
/// `paths` (folders recursively, files themselves), until Ctrl-C (or, on Unix, SIGTERM
/// and SIGHUP); then returns. Signals are handled from before the first round, so Ctrl-C
/// at any time ends the watch normally. A process sets its Ctrl-C handler once: a second
/// watch in one process is an error.
///
/// # Errors
/// When a path cannot be watched or the signals cannot be handled.
pub fn watch(paths: &[PathBuf], mut round: impl FnMut()) -> Result<(), String> {
    let (tx, rx) = mpsc::channel();
    let stop = tx.clone();
    ctrlc::set_handler(move || {
        let _ = stop.send(Message::Stop);
    })
    .map_err(|e| format!("cannot handle Ctrl-C: {e}"))?;
    let mut watcher = notify::recommended_watcher(move |event: notify::Result<Event>| {
        if event.is_ok_and(|e| is_cards_change(&e)) {
            let _ = tx.send(Message::Changed);
        }
    })
    .map_err(|e| format!("cannot watch files: {e}"))?;
    for path in paths {
        let mode = if path.is_dir() { RecursiveMode::Recursive } else { RecursiveMode::NonRecursive };
        watcher.watch(path, mode).map_err(|e| format!("cannot watch `{}`: {e}", path.display()))?;
    }
    round();
    loop {
        match rx.recv() {
            Ok(Message::Changed) if !settle(&rx) => round(),
            Ok(Message::Changed) | Ok(Message::Stop) | Err(_) => return Ok(()),
        }
    }
}

/// Waits until no change has come for [`DEBOUNCE`]; true when the watch is to stop.
fn settle(rx: &Receiver<Message>) -> bool {
    loop {
        match rx.recv_timeout(DEBOUNCE) {
            Ok(Message::Changed) => continue,
            Err(RecvTimeoutError::Timeout) => return false,
            Ok(Message::Stop) | Err(RecvTimeoutError::Disconnected) => return true,
        }
    }
}

/// Whether an event creates, writes, renames or removes a `.cards` file (metadata alone,
/// such as a reading's access time, is not a change).
fn is_cards_change(event: &Event) -> bool {
    let kind = match event.kind {
        EventKind::Modify(ModifyKind::Metadata(_)) => false,
        EventKind::Create(_) | EventKind::Modify(_) | EventKind::Remove(_) => true,
        EventKind::Access(_) | EventKind::Any | EventKind::Other => false,
    };
    kind && event.paths.iter().any(|p| p.extension().is_some_and(|e| e == "cards"))
}

/// The time of day in UTC as `HH:MM:SS`, for the line that closes each round.
pub fn utc_time_of_day() -> String {
    let secs = std::time::SystemTime::now().duration_since(std::time::UNIX_EPOCH).map_or(0, |d| d.as_secs());
    let day = secs % 86_400;
    format!("{:02}:{:02}:{:02}", day / 3600, day % 3600 / 60, day % 60)
}

#[cfg(test)]
mod tests {
    use super::*;
    use notify::event::{AccessKind, CreateKind, DataChange, MetadataKind, RemoveKind};

    fn event(kind: EventKind, path: &str) -> Event {
        Event::new(kind).add_path(PathBuf::from(path))
    }

    #[test]
    fn only_changes_to_cards_files_count() {
        assert!(is_cards_change(&event(EventKind::Create(CreateKind::File), "set/a.cards")));
        assert!(is_cards_change(&event(EventKind::Modify(ModifyKind::Data(DataChange::Any)), "set/a.cards")));
        assert!(is_cards_change(&event(EventKind::Remove(RemoveKind::File), "set/a.cards")));
        assert!(!is_cards_change(&event(EventKind::Modify(ModifyKind::Data(DataChange::Any)), "set/a.cards.swp")));
        assert!(!is_cards_change(&event(EventKind::Access(AccessKind::Read), "set/a.cards")));
        assert!(!is_cards_change(&event(EventKind::Modify(ModifyKind::Metadata(MetadataKind::AccessTime)), "a.cards")));
    }
}
