//! The trainer's progress: per puzzle id, how often it was tried, solved and failed, kept as
//! RON in the data folder (`puzzles.ron`, versioned), written through `persist::SaveOnChange`
//! only when it changes. A file that cannot be read is set aside (`puzzles.ron.broken`) and
//! progress starts afresh, with a notice. Reads nothing; the trainer (`trainer.rs`) writes it.

use bevy::prelude::Resource;
use serde::{Deserialize, Serialize};
use std::collections::BTreeMap;
use std::path::Path;

/// The progress file's name in the data folder.
pub const PROGRESS_FILE: &str = "puzzles.ron";
/// The version this program writes (and the newest it reads).
pub const PROGRESS_VERSION: u32 = 1;

/// One puzzle's record.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(default)]
pub struct Entry {
    /// Finished attempts (solved, failed or given up).
    pub attempts: u32,
    pub solved: u32,
    pub failed: u32,
    /// The last attempt solved it.
    pub last_solved: bool,
}

/// How a puzzle stands, as the list marks it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Mark {
    /// Never finished.
    New,
    /// Solved at least once.
    Solved,
    /// Tried and never solved.
    Failed,
}

/// Every puzzle's record.
#[derive(Resource, Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(default)]
pub struct Progress {
    pub version: u32,
    pub puzzles: BTreeMap<String, Entry>,
}

impl Default for Progress {
    fn default() -> Self {
        Progress {
            version: PROGRESS_VERSION,
            puzzles: BTreeMap::new(),
        }
    }
}

impl Progress {
    /// How the puzzle `id` stands.
    #[must_use]
    pub fn mark(&self, id: &str) -> Mark {
        match self.puzzles.get(id) {
            Some(e) if e.solved > 0 => Mark::Solved,
            Some(e) if e.attempts > 0 => Mark::Failed,
            _ => Mark::New,
        }
    }

    #[must_use]
    pub fn entry(&self, id: &str) -> Entry {
        self.puzzles.get(id).copied().unwrap_or_default()
    }

    /// Counts a finished attempt at `id`.
    pub fn record(&mut self, id: &str, solved: bool) {
        let entry = self.puzzles.entry(id.to_owned()).or_default();
        entry.attempts += 1;
        if solved {
            entry.solved += 1;
        } else {
            entry.failed += 1;
        }
        entry.last_solved = solved;
    }

    /// How many of `ids` are solved.
    pub fn solved_among<'a>(&self, ids: impl IntoIterator<Item = &'a str>) -> usize {
        ids.into_iter()
            .filter(|id| self.mark(id) == Mark::Solved)
            .count()
    }

    #[must_use]
    pub fn to_ron(&self) -> String {
        ron::ser::to_string_pretty(self, ron::ser::PrettyConfig::default())
            .expect("progress always serialises")
    }

    /// Reads progress from RON text.
    pub fn from_ron(text: &str) -> Result<Progress, String> {
        let progress: Progress = ron::from_str(text).map_err(|e| e.to_string())?;
        if progress.version > PROGRESS_VERSION {
            return Err(format!(
                "version {} is newer than this program's {PROGRESS_VERSION}",
                progress.version
            ));
        }
        Ok(progress)
    }
}

/// Reads `puzzles.ron` from `dir`: the progress, and the problem if the file was
/// unreadable (then the caller sets it aside).
#[must_use]
pub fn load(dir: &Path) -> (Progress, Option<String>) {
    match std::fs::read(dir.join(PROGRESS_FILE)) {
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => (Progress::default(), None),
        Err(e) => (Progress::default(), Some(e.to_string())),
        Ok(bytes) => match std::str::from_utf8(&bytes)
            .map_err(|e| e.to_string())
            .and_then(Progress::from_ron)
        {
            Ok(progress) => (progress, None),
            Err(e) => (Progress::default(), Some(e)),
        },
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn records_round_trip_and_mark_puzzles() {
        let mut p = Progress::default();
        p.record("a", false);
        p.record("b", false);
        p.record("b", true);
        assert_eq!(p.mark("a"), Mark::Failed);
        assert_eq!(p.mark("b"), Mark::Solved);
        assert_eq!(p.mark("c"), Mark::New);
        assert_eq!(p.entry("b").attempts, 2);
        assert_eq!(Progress::from_ron(&p.to_ron()), Ok(p));
        assert!(Progress::from_ron("(version: 9, puzzles: {})").is_err());
        assert!(Progress::from_ron("(puzzles: {\"x\": (attempts: \"no\")})").is_err());
    }
}
