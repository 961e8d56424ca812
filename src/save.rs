//! Saving and opening games: the RON save file of the rules core in the platform's data
//! folder, imports (.gob, PSQ, SGF, pos strings) and exports (PSQ, SGF, pos string), and the
//! autosave written after every change of the board and offered back on the next launch.
//!
//! A game's review (`review/`) is kept in the save file's analysis section, and read back
//! with the game.
//!
//! Reads `SaveRequest`, `OpenRequest`, `ImportRequest` and the board's messages; writes
//! `GameCommand::Load`, `ReviewCommand::Loaded` and `Notice::File`.

use crate::GameSystems;
use crate::game::{
    BoardReset, FileNotice, Game, GameCommand, GameOver, Notice, OpenProblem, ReviewNotice,
    StartupGame, StonePlaced, StoneRemoved,
};
use crate::persist::{BackgroundFile, atomic_write};
use crate::review::{ReviewCommand, ReviewState};
use bevy::prelude::*;
use gomoku_engine::review::GameReview;
use gomoku_rules::notation::{gob, pos, psq, sgf};
use gomoku_rules::save::{self, Players, SavedGame};
use gomoku_rules::{DEFAULT_SIZE, FormatError, GameRecord, Rule};
use std::fs;
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

/// The game written in `format` (an unnamed player is left unnamed in SGF).
#[must_use]
pub fn export(record: &GameRecord, players: &Players, format: FileFormat) -> String {
    let name = |n: &str| (!n.trim().is_empty()).then(|| n.to_owned());
    match format {
        FileFormat::Ron => save::to_ron(record, players),
        FileFormat::Psq => psq::write(record),
        FileFormat::Sgf => sgf::write(
            record,
            name(&players.black.name).as_deref(),
            name(&players.white.name).as_deref(),
        ),
        FileFormat::Pos => pos::write(record),
    }
}

/// What a reader's error means to a player: the file is damaged, from a newer version, or
/// names an impossible move (on a board of `size`).
#[must_use]
pub fn problem_of(error: &FormatError, size: usize) -> OpenProblem {
    match error {
        FormatError::Syntax { format, message } => OpenProblem::Damaged {
            detail: format!("{format}: {message}"),
        },
        FormatError::IllegalMove {
            number,
            pos: point,
            reason,
            ..
        } => OpenProblem::Impossible {
            number: *number,
            pos: pos::parse_points(point, size)
                .ok()
                .and_then(|p| p.first().copied()),
            size,
            error: *reason,
        },
        FormatError::Version { found, supported } => OpenProblem::NewerVersion {
            found: *found,
            supported: *supported,
        },
        FormatError::Io { source, .. } => OpenProblem::Unreadable(source.to_string()),
    }
}

/// Reads a game file, choosing the format by extension and then by content.
pub fn read_file(path: &Path, rule: Rule) -> Result<SavedGame, OpenProblem> {
    let bytes = fs::read(path).map_err(|e| OpenProblem::Unreadable(e.to_string()))?;
    let ext = path
        .extension()
        .and_then(|e| e.to_str())
        .map(str::to_ascii_lowercase);
    if ext.as_deref() == Some("gob") {
        return gob::read(&bytes, rule)
            .map(|record| with_default_players(record, None, None))
            .map_err(|e| problem_of(&e, DEFAULT_SIZE));
    }
    match String::from_utf8(bytes) {
        Ok(text) => parse_text(&text, rule, ext.as_deref()),
        Err(_) => Err(OpenProblem::NotText),
    }
}

/// A file's name as shown in messages.
#[must_use]
pub fn display_name(path: &Path) -> String {
    path.file_name().map_or_else(
        || path.display().to_string(),
        |n| n.to_string_lossy().into_owned(),
    )
}

/// Reads pasted or loaded text: a save file, SGF, PSQ or a pos string.
pub fn parse_text(text: &str, rule: Rule, ext: Option<&str>) -> Result<SavedGame, OpenProblem> {
    let trimmed = text.trim_start_matches('\u{feff}').trim();
    if trimmed.is_empty() {
        return Err(OpenProblem::Empty);
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
    let problem = |e: FormatError| problem_of(&e, DEFAULT_SIZE);
    match kind {
        FileFormat::Ron => save::from_ron(trimmed).map_err(problem),
        FileFormat::Sgf => sgf::read(trimmed, rule)
            .map(|g| with_default_players(g.record, g.black, g.white))
            .map_err(problem),
        FileFormat::Psq => psq::read(trimmed, rule)
            .map(|record| with_default_players(record, None, None))
            .map_err(problem),
        FileFormat::Pos => pos::read(trimmed, rule, DEFAULT_SIZE)
            .map(|record| with_default_players(record, None, None))
            .map_err(problem),
    }
}

/// Players of an imported game: named where the file names them, else unnamed people.
fn with_default_players(
    record: GameRecord,
    black: Option<String>,
    white: Option<String>,
) -> SavedGame {
    let mut players = Players::default();
    players.black.name = black.unwrap_or_default().trim().to_owned();
    players.white.name = white.unwrap_or_default().trim().to_owned();
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

/// The autosave file, written whenever the board changes (on a thread of its own).
#[derive(Resource, Default)]
struct Autosave(BackgroundFile);

pub(crate) fn plugin(app: &mut App) {
    app.add_message::<SaveRequest>()
        .add_message::<OpenRequest>()
        .add_message::<ImportRequest>()
        .init_resource::<ResumeOffer>()
        .init_resource::<Autosave>()
        .add_systems(Startup, offer_resume)
        .add_systems(
            Update,
            (
                (save_games, open_games).in_set(GameSystems::Input),
                autosave.in_set(GameSystems::React),
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
    let Ok(text) = fs::read_to_string(data.autosave()) else {
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
            notices.write(Notice::File(FileNotice::AutosaveUnreadable(problem_of(
                &e,
                DEFAULT_SIZE,
            ))));
        }
    }
}

fn save_games(
    mut requests: MessageReader<SaveRequest>,
    game: Res<Game>,
    review: Res<ReviewState>,
    mut notices: MessageWriter<Notice>,
) {
    for request in requests.read() {
        let players = game.players();
        let text = match (request.format, review.for_game(&game)) {
            (FileFormat::Ron, Some(r)) => save::to_ron_with(game.full_record(), &players, Some(r)),
            (format, _) => export(game.full_record(), &players, format),
        };
        let path = request.path.clone();
        notices.write(Notice::File(match atomic_write(&path, text.as_bytes()) {
            Ok(()) => FileNotice::Saved { path },
            Err(e) => FileNotice::NotSaved {
                path,
                error: e.to_string(),
            },
        }));
    }
}

/// The review saved with a game file's text, if it is a save file with one.
#[must_use]
pub fn saved_review(text: &str) -> Option<Result<GameReview, FormatError>> {
    save::from_ron(text).ok()?;
    save::analysis_from_ron(text)
}

fn open_games(
    mut opens: MessageReader<OpenRequest>,
    mut imports: MessageReader<ImportRequest>,
    mut commands: MessageWriter<GameCommand>,
    mut reviews: MessageWriter<ReviewCommand>,
    mut notices: MessageWriter<Notice>,
    mut offer: ResMut<ResumeOffer>,
) {
    let mut results = Vec::new();
    for request in opens.read() {
        let name = Some(display_name(&request.path));
        let review = fs::read_to_string(&request.path)
            .ok()
            .and_then(|text| saved_review(&text));
        results.push((read_file(&request.path, request.rule), name, review));
    }
    for request in imports.read() {
        let review = saved_review(&request.text);
        results.push((parse_text(&request.text, request.rule, None), None, review));
    }
    for (result, name, review) in results {
        match result {
            Ok(saved) => {
                offer.0 = None;
                let moves = saved.record.moves().len();
                commands.write(GameCommand::Load(Box::new(saved)));
                match review {
                    Some(Ok(review)) => {
                        reviews.write(ReviewCommand::Loaded(Box::new(review)));
                    }
                    Some(Err(_)) => {
                        notices.write(Notice::Review(ReviewNotice::SavedReviewUnusable));
                    }
                    None => {}
                }
                notices.write(Notice::File(FileNotice::Opened { name, moves }));
            }
            Err(problem) => {
                notices.write(Notice::File(FileNotice::NotOpened { name, problem }));
            }
        }
    }
}

/// Writes the game after every change of the board (and removes the file once no game is
/// on); the file is not touched while the board stays as it is, nor by a puzzle.
fn autosave(
    game: Res<Game>,
    review: Res<ReviewState>,
    data: Res<DataDir>,
    mut file: ResMut<Autosave>,
    mut placed: MessageReader<StonePlaced>,
    mut removed: MessageReader<StoneRemoved>,
    mut resets: MessageReader<BoardReset>,
    mut over: MessageReader<GameOver>,
    mut notices: MessageWriter<Notice>,
) {
    let changed = placed.read().count()
        + removed.read().count()
        + resets.read().count()
        + over.read().count()
        > 0;
    let path = data.autosave();
    for error in file.0.errors() {
        notices.write(Notice::File(FileNotice::AutosaveNotSaved {
            path: path.clone(),
            error,
        }));
    }
    // A puzzle is not the player's game: the autosave keeps the game played before it.
    if !changed || game.in_puzzle() {
        return;
    }
    let contents = game
        .active
        .then(|| save::to_ron_with(game.full_record(), &game.players(), review.for_game(&game)));
    file.0.save(&path, contents);
}

#[cfg(test)]
mod tests {
    use super::*;

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
