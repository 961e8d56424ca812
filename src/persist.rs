//! Files kept in step with the game: atomic writes (a temporary file in the same folder,
//! synced, renamed over the old one, then the folder synced) and `SaveOnChange`, the one
//! helper the autosave, the settings and the statistics write through — a file is written
//! only when its contents differ from what was last written, and a failure is reported once;
//! `BackgroundFile` does the same on a thread of its own (the autosave, written after every
//! move, so that the frame showing the move never waits for the disk).

use std::fs;
use std::io::{self, Write};
use std::path::{Path, PathBuf};
use std::sync::Mutex;
use std::sync::mpsc::{Receiver, Sender, channel};
use std::thread::JoinHandle;

/// Writes `bytes` to `path` so that a crash leaves either the old file or the new one.
pub fn atomic_write(path: &Path, bytes: &[u8]) -> io::Result<()> {
    let dir = match path.parent().filter(|p| !p.as_os_str().is_empty()) {
        Some(dir) => dir.to_path_buf(),
        None => PathBuf::from("."),
    };
    if path.file_name().is_none() {
        return Err(io::Error::new(io::ErrorKind::InvalidInput, "no file name"));
    }
    fs::create_dir_all(&dir)?;
    let mut file = tempfile::Builder::new()
        .prefix(".gomoku-")
        .suffix(".tmp")
        .tempfile_in(&dir)?;
    file.write_all(bytes)?;
    file.as_file().sync_all()?;
    file.persist(path).map_err(|e| e.error)?;
    sync_dir(&dir);
    Ok(())
}

/// Makes a rename in `dir` durable (where the platform can: a folder cannot be opened for
/// syncing on every system, and nothing is lost if it cannot).
fn sync_dir(dir: &Path) {
    if let Ok(handle) = fs::File::open(dir) {
        let _ = handle.sync_all();
    }
}

/// Removes `path`; a file that is not there is not an error.
pub fn remove(path: &Path) -> io::Result<()> {
    match fs::remove_file(path) {
        Err(e) if e.kind() != io::ErrorKind::NotFound => Err(e),
        _ => Ok(()),
    }
}

/// A file written whenever what it holds changes.
#[derive(Debug, Default)]
pub struct SaveOnChange {
    /// What the file holds as far as we know (`Some(None)`: no file).
    last: Option<Option<String>>,
    /// The last write failed (and was reported).
    failed: bool,
}

impl SaveOnChange {
    /// Knows the file to hold `contents` already (as read at start-up), so that the same
    /// contents are not written again.
    #[must_use]
    pub fn holding(contents: Option<String>) -> SaveOnChange {
        SaveOnChange {
            last: Some(contents),
            failed: false,
        }
    }

    /// Makes `path` hold `contents` (`None`: no file). Returns the error text of a failed
    /// write the first time in a row it fails; a later success clears it.
    pub fn save(&mut self, path: &Path, contents: Option<String>) -> Option<String> {
        if self.last.as_ref() == Some(&contents) {
            return None;
        }
        let result = match &contents {
            Some(text) => atomic_write(path, text.as_bytes()),
            None => remove(path),
        };
        match result {
            Ok(()) => {
                self.last = Some(contents);
                self.failed = false;
                None
            }
            Err(e) => {
                self.last = None;
                let first = !self.failed;
                self.failed = true;
                first.then(|| e.to_string())
            }
        }
    }
}

/// A [`SaveOnChange`] file written on a thread of its own, so that the frame that changes
/// it never waits for the disk (an atomic write syncs twice: milliseconds, more on a busy
/// disk). Writes happen in the order asked; failures come back through
/// [`BackgroundFile::errors`], each reported once in a row; dropping it waits for the writes
/// asked for.
#[derive(Default)]
pub struct BackgroundFile {
    /// What the file will hold once the writes asked for are done.
    last: Option<Option<String>>,
    writer: Option<Writer>,
}

struct Writer {
    jobs: Option<Sender<(PathBuf, Option<String>)>>,
    errors: Mutex<Receiver<String>>,
    thread: Option<JoinHandle<()>>,
}

impl BackgroundFile {
    /// Makes `path` hold `contents` (`None`: no file), unless it holds them already.
    pub fn save(&mut self, path: &Path, contents: Option<String>) {
        if self.last.as_ref() == Some(&contents) {
            return;
        }
        self.last = Some(contents.clone());
        let writer = self.writer.get_or_insert_with(Writer::start);
        let sent = writer
            .jobs
            .as_ref()
            .is_some_and(|jobs| jobs.send((path.to_path_buf(), contents.clone())).is_ok());
        if !sent {
            // No thread (it could not be started): write here.
            let mut file = SaveOnChange::default();
            let _ = file.save(path, contents);
        }
    }

    /// The errors of the writes done since the last call.
    #[must_use]
    pub fn errors(&self) -> Vec<String> {
        let Some(writer) = &self.writer else {
            return Vec::new();
        };
        writer
            .errors
            .lock()
            .map(|errors| errors.try_iter().collect())
            .unwrap_or_default()
    }
}

impl Writer {
    fn start() -> Writer {
        let (jobs, queue) = channel::<(PathBuf, Option<String>)>();
        let (report, errors) = channel();
        let thread = std::thread::Builder::new()
            .name("file writer".into())
            .spawn(move || {
                let mut file = SaveOnChange::default();
                for (path, contents) in queue {
                    if let Some(error) = file.save(&path, contents) {
                        let _ = report.send(error);
                    }
                }
            })
            .ok();
        Writer {
            jobs: thread.is_some().then_some(jobs),
            errors: Mutex::new(errors),
            thread,
        }
    }
}

impl Drop for Writer {
    fn drop(&mut self) {
        // Closing the queue ends the thread once it has written everything.
        self.jobs.take();
        if let Some(thread) = self.thread.take() {
            let _ = thread.join();
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_background_file_is_written_in_order_and_reports_failures() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("autosave.ron");
        let mut file = BackgroundFile::default();
        for text in ["one", "two", "three"] {
            file.save(&path, Some(text.into()));
        }
        // Dropping it waits for the writes: the last contents are on disk.
        drop(file);
        assert_eq!(fs::read_to_string(&path).unwrap(), "three");
        // A file where its folder should be: the write fails, and says so once.
        let blocker = dir.path().join("blocker");
        fs::write(&blocker, "").unwrap();
        let mut blocked = BackgroundFile::default();
        blocked.save(&blocker.join("x.ron"), Some("x".into()));
        let start = std::time::Instant::now();
        let mut errors = Vec::new();
        while errors.is_empty() {
            assert!(start.elapsed() < std::time::Duration::from_secs(10));
            std::thread::sleep(std::time::Duration::from_millis(5));
            errors = blocked.errors();
        }
        assert_eq!(errors.len(), 1, "{errors:?}");
    }

    #[test]
    fn atomic_write_replaces_the_file_and_leaves_no_temporary() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("sub").join("game.ron");
        atomic_write(&path, b"first").unwrap();
        atomic_write(&path, b"second").unwrap();
        assert_eq!(fs::read_to_string(&path).unwrap(), "second");
        let names: Vec<_> = fs::read_dir(path.parent().unwrap())
            .unwrap()
            .map(|e| e.unwrap().file_name())
            .collect();
        assert_eq!(names.len(), 1, "{names:?}");
    }

    #[test]
    fn identical_contents_are_not_written_again_and_failures_are_reported_once() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("settings.ron");
        let mut file = SaveOnChange::holding(Some("a".into()));
        assert_eq!(file.save(&path, Some("a".into())), None);
        assert!(!path.exists(), "unchanged contents are not written");
        assert_eq!(file.save(&path, Some("b".into())), None);
        assert_eq!(fs::read_to_string(&path).unwrap(), "b");
        fs::remove_file(&path).unwrap();
        assert_eq!(file.save(&path, Some("b".into())), None);
        assert!(!path.exists(), "the same contents again are not rewritten");
        assert_eq!(file.save(&path, None), None);
        // A folder where the file should be: every write fails, reported once.
        fs::create_dir(&path).unwrap();
        fs::write(path.join("x"), "x").unwrap();
        assert!(file.save(&path, Some("c".into())).is_some());
        assert_eq!(file.save(&path, Some("d".into())), None);
    }
}
