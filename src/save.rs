//! Saving and opening games: the RON save file of the rules core in the platform's data
//! folder, imports (.gob, PSQ, SGF, pos strings) and exports (PSQ, SGF, pos string), atomic
//! writes, and the autosave written after every move and offered back on the next launch.

use crate::game::{
    BoardReset, Game, GameCommand, GameFlowSystems, GameOver, Notice, StartupGame, StonePlaced,
    StoneRemoved,
};
use crate::i18n::t;
use bevy::prelude::*;
use gomoku_rules::notation::{gob, pos, psq, sgf};
use gomoku_rules::save::{self, Players, SavedGame};
use gomoku_rules::{DEFAULT_SIZE, GameRecord, Rule};
use std::fs;
use std::io::{self, Write};
use std::path::{Path, PathBuf};

/// File name of the autosave in the data folder.
pub const AUTOSAVE_FILE: &str = "autosave.ron";

/// The folder holding the autosave and (in `saves/`) the saved games.
#[derive(Resource, Clone, Debug, PartialEq, Eq)]
pub struct DataDir(pub PathBuf);

impl DataDir {
    /// The platform's data folder for the game (e.g. `~/.local/share/gomoku` on Linux).
    #[must_use]
    pub fn platform_default() -> DataDir {
        let dir = directories::ProjectDirs::from("", "", "gomoku")
            .map(|dirs| dirs.data_dir().to_path_buf())
            .unwrap_or_else(|| PathBuf::from("gomoku-data"));
        DataDir(dir)
    }

    #[must_use]
    pub fn saves(&self) -> PathBuf {
        self.0.join("saves")
    }

    #[must_use]
    pub fn autosave(&self) -> PathBuf {
        self.0.join(AUTOSAVE_FILE)
    }
}

/// The formats a game can be written in.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum FileFormat {
    /// The game's own save file: everything, including the redo tail and the players.
    Ron,
    /// Piskvork's PSQ (moves only).
    Psq,
    /// SGF with `GM[4]` (moves, rule, names, result).
    Sgf,
    /// A Gomocup pos string such as `h8i9h9`.
    Pos,
}

impl FileFormat {
    pub const ALL: [FileFormat; 4] = [
        FileFormat::Ron,
        FileFormat::Psq,
        FileFormat::Sgf,
        FileFormat::Pos,
    ];

    #[must_use]
    pub fn extension(self) -> &'static str {
        match self {
            FileFormat::Ron => "ron",
            FileFormat::Psq => "psq",
            FileFormat::Sgf => "sgf",
            FileFormat::Pos => "txt",
        }
    }

    #[must_use]
    pub fn label(self) -> String {
        match self {
            FileFormat::Ron => t!("files.format_ron"),
            FileFormat::Psq => t!("files.format_psq"),
            FileFormat::Sgf => t!("files.format_sgf"),
            FileFormat::Pos => t!("files.format_pos"),
        }
        .into_owned()
    }
}

/// Save the game on the board to a file.
#[derive(Message, Clone, Debug, PartialEq, Eq)]
pub struct SaveRequest {
    pub path: PathBuf,
    pub format: FileFormat,
}

/// Open a file (save or import). `rule` applies to formats that carry none.
#[derive(Message, Clone, Debug, PartialEq, Eq)]
pub struct OpenRequest {
    pub path: PathBuf,
    pub rule: Rule,
}

/// Import pasted text: a pos string, SGF, PSQ or a save file's text.
#[derive(Message, Clone, Debug, PartialEq, Eq)]
pub struct ImportRequest {
    pub text: String,
    pub rule: Rule,
}

/// The autosaved game from the last run, waiting for the player to resume it or not.
#[derive(Resource, Default, Clone, Debug)]
pub struct ResumeOffer(pub Option<SavedGame>);

/// Writes `bytes` to `path` through a temporary file in the same folder and a rename, so a
/// crash never leaves a half-written file behind.
pub fn atomic_write(path: &Path, bytes: &[u8]) -> io::Result<()> {
    let dir = path.parent().filter(|p| !p.as_os_str().is_empty());
    if let Some(dir) = dir {
        fs::create_dir_all(dir)?;
    }
    let name = path
        .file_name()
        .ok_or_else(|| io::Error::new(io::ErrorKind::InvalidInput, "no file name"))?;
    let mut tmp_name = std::ffi::OsString::from(".");
    tmp_name.push(name);
    tmp_name.push(format!(".{}.tmp", std::process::id()));
    let tmp = dir.map_or_else(|| PathBuf::from(&tmp_name), |d| d.join(&tmp_name));
    let result = (|| {
        let mut file = fs::File::create(&tmp)?;
        file.write_all(bytes)?;
        file.sync_all()?;
        fs::rename(&tmp, path)
    })();
    if result.is_err() {
        let _ = fs::remove_file(&tmp);
    }
    result
}

/// The game written in `format`.
#[must_use]
pub fn export(record: &GameRecord, players: &Players, format: FileFormat) -> String {
    match format {
        FileFormat::Ron => save::to_ron(record, players),
        FileFormat::Psq => psq::write(record),
        FileFormat::Sgf => sgf::write(record, Some(&players.black.name), Some(&players.white.name)),
        FileFormat::Pos => pos::write(record),
    }
}

/// Reads a game file, choosing the format by extension and then by content.
pub fn read_file(path: &Path, rule: Rule) -> Result<SavedGame, String> {
    let bytes = fs::read(path)
        .map_err(|e| t!("files.could_not_read", path = path.display(), error = e).into_owned())?;
    let ext = path
        .extension()
        .and_then(|e| e.to_str())
        .map(str::to_ascii_lowercase);
    let name = path.file_name().map_or_else(
        || path.display().to_string(),
        |n| n.to_string_lossy().into_owned(),
    );
    let result = if ext.as_deref() == Some("gob") {
        gob::read(&bytes, rule)
            .map(|record| with_default_players(record, None, None))
            .map_err(|e| e.to_string())
    } else {
        match String::from_utf8(bytes) {
            Ok(text) => parse_text(&text, rule, ext.as_deref()),
            Err(_) => Err(t!("files.not_text").into_owned()),
        }
    };
    result.map_err(|e| t!("files.could_not_open", name = name, error = e).into_owned())
}

/// Reads pasted or loaded text: a save file, SGF, PSQ or a pos string.
pub fn parse_text(text: &str, rule: Rule, ext: Option<&str>) -> Result<SavedGame, String> {
    let trimmed = text.trim_start_matches('\u{feff}').trim();
    if trimmed.is_empty() {
        return Err(t!("files.nothing_to_read").into_owned());
    }
    let kind = match ext {
        Some("ron") => FileFormat::Ron,
        Some("sgf") => FileFormat::Sgf,
        Some("psq") => FileFormat::Psq,
        _ if trimmed.starts_with("(;") => FileFormat::Sgf,
        _ if trimmed.starts_with("Piskvork") => FileFormat::Psq,
        _ if trimmed.starts_with('(') || trimmed.contains("version") => FileFormat::Ron,
        _ => FileFormat::Pos,
    };
    match kind {
        FileFormat::Ron => save::from_ron(trimmed).map_err(|e| e.to_string()),
        FileFormat::Sgf => sgf::read(trimmed, rule)
            .map(|g| with_default_players(g.record, g.black, g.white))
            .map_err(|e| e.to_string()),
        FileFormat::Psq => psq::read(trimmed, rule)
            .map(|record| with_default_players(record, None, None))
            .map_err(|e| e.to_string()),
        FileFormat::Pos => pos::read(trimmed, rule, DEFAULT_SIZE)
            .map(|record| with_default_players(record, None, None))
            .map_err(|e| e.to_string()),
    }
}

fn with_default_players(
    record: GameRecord,
    black: Option<String>,
    white: Option<String>,
) -> SavedGame {
    let mut players = Players::default();
    if let Some(name) = black.filter(|n| !n.trim().is_empty()) {
        players.black.name = name;
    }
    if let Some(name) = white.filter(|n| !n.trim().is_empty()) {
        players.white.name = name;
    }
    SavedGame { record, players }
}

/// Saved games in a folder, newest first.
#[must_use]
pub fn list_games(dir: &Path) -> Vec<PathBuf> {
    let Ok(entries) = fs::read_dir(dir) else {
        return Vec::new();
    };
    let mut files: Vec<(std::time::SystemTime, PathBuf)> = entries
        .flatten()
        .filter(|e| e.file_type().is_ok_and(|t| t.is_file()))
        .map(|e| {
            let time = e
                .metadata()
                .and_then(|m| m.modified())
                .unwrap_or(std::time::UNIX_EPOCH);
            (time, e.path())
        })
        .filter(|(_, p)| {
            !p.file_name()
                .is_some_and(|n| n.to_string_lossy().starts_with('.'))
        })
        .collect();
    files.sort_by_key(|f| std::cmp::Reverse(f.0));
    files.into_iter().map(|(_, p)| p).collect()
}

pub(crate) fn plugin(app: &mut App) {
    app.add_message::<SaveRequest>()
        .add_message::<OpenRequest>()
        .add_message::<ImportRequest>()
        .init_resource::<ResumeOffer>()
        .add_systems(Startup, offer_resume)
        .add_systems(
            Update,
            (
                (save_games, open_games).before(GameFlowSystems),
                autosave.after(GameFlowSystems),
            ),
        );
}

fn offer_resume(
    data: Res<DataDir>,
    startup: Option<Res<StartupGame>>,
    mut offer: ResMut<ResumeOffer>,
    mut notices: MessageWriter<Notice>,
) {
    if startup.is_some_and(|s| s.saved.is_some() || s.fresh) {
        return;
    }
    let path = data.autosave();
    let Ok(text) = fs::read_to_string(&path) else {
        return;
    };
    match save::from_ron(&text) {
        Ok(saved) => {
            let unfinished = !saved.record.is_over()
                && (!saved.record.moves().is_empty() || saved.record.redo_moves().len() > 0);
            if unfinished {
                offer.0 = Some(saved);
            }
        }
        Err(e) => {
            notices.write(Notice::error(t!("files.autosave_unreadable", error = e)));
        }
    }
}

fn save_games(
    mut requests: MessageReader<SaveRequest>,
    game: Res<Game>,
    mut notices: MessageWriter<Notice>,
) {
    for request in requests.read() {
        let text = export(game.full_record(), &game.players, request.format);
        match atomic_write(&request.path, text.as_bytes()) {
            Ok(()) => {
                notices.write(Notice::info(t!(
                    "files.saved",
                    path = request.path.display()
                )));
            }
            Err(e) => {
                notices.write(Notice::error(t!(
                    "files.could_not_save",
                    path = request.path.display(),
                    error = e
                )));
            }
        }
    }
}

fn open_games(
    mut opens: MessageReader<OpenRequest>,
    mut imports: MessageReader<ImportRequest>,
    mut commands: MessageWriter<GameCommand>,
    mut notices: MessageWriter<Notice>,
    mut offer: ResMut<ResumeOffer>,
) {
    let mut results = Vec::new();
    for request in opens.read() {
        let name = request.path.display().to_string();
        results.push((read_file(&request.path, request.rule), name));
    }
    for request in imports.read() {
        let result = parse_text(&request.text, request.rule, None)
            .map_err(|e| t!("files.could_not_import", error = e).into_owned());
        results.push((result, t!("files.pasted_game").into_owned()));
    }
    for (result, name) in results {
        match result {
            Ok(saved) => {
                offer.0 = None;
                let moves = saved.record.moves().len();
                commands.write(GameCommand::Load(Box::new(saved)));
                notices.write(Notice::info(t!("files.opened", name = name, moves = moves)));
            }
            Err(e) => {
                notices.write(Notice::error(e));
            }
        }
    }
}

fn autosave(
    game: Res<Game>,
    data: Res<DataDir>,
    mut placed: MessageReader<StonePlaced>,
    mut removed: MessageReader<StoneRemoved>,
    mut resets: MessageReader<BoardReset>,
    mut over: MessageReader<GameOver>,
    mut notices: MessageWriter<Notice>,
    mut failed: Local<bool>,
) {
    let changed = placed.read().count()
        + removed.read().count()
        + resets.read().count()
        + over.read().count()
        > 0;
    if !changed {
        return;
    }
    let path = data.autosave();
    let result = if game.active {
        atomic_write(
            &path,
            save::to_ron(game.full_record(), &game.players).as_bytes(),
        )
    } else {
        match fs::remove_file(&path) {
            Err(e) if e.kind() != io::ErrorKind::NotFound => Err(e),
            _ => Ok(()),
        }
    };
    match result {
        Ok(()) => *failed = false,
        Err(e) if !*failed => {
            *failed = true;
            notices.write(Notice::error(t!(
                "files.autosave_failed",
                path = path.display(),
                error = e
            )));
        }
        Err(_) => {}
    }
}

#[cfg(test)]
mod tests {
    use super::*;

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

    fn points(game: &SavedGame) -> Vec<gomoku_rules::Pos> {
        game.record.moves().iter().map(|m| m.pos).collect()
    }

    #[test]
    fn pasted_text_is_recognised_by_its_content() {
        let pos = parse_text("h8i9h9", Rule::Renju, None).unwrap();
        assert_eq!(pos.record.moves().len(), 3);
        assert_eq!(pos.record.rule(), Rule::Renju);
        let sgf_text = export(&pos.record, &pos.players, FileFormat::Sgf);
        assert_eq!(
            points(&parse_text(&sgf_text, Rule::Freestyle, None).unwrap()),
            points(&pos)
        );
        let psq_text = export(&pos.record, &pos.players, FileFormat::Psq);
        assert_eq!(
            points(&parse_text(&psq_text, Rule::Renju, None).unwrap()),
            points(&pos)
        );
        let ron_text = export(&pos.record, &pos.players, FileFormat::Ron);
        assert_eq!(parse_text(&ron_text, Rule::Freestyle, None).unwrap(), pos);
        assert!(parse_text("hello world", Rule::Renju, None).is_err());
        assert!(parse_text("   ", Rule::Renju, None).is_err());
    }
}
