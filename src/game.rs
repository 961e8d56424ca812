//! The match flow: the game in progress as a resource, the commands that change it, and the
//! messages (`StonePlaced`, `StoneRemoved`, `BoardReset`, `GameOver`, `MoveRefused`) that the
//! view, autosave and later features react to. All rules live in `gomoku-rules`.

use bevy::prelude::*;
use gomoku_rules::save::{Player, PlayerKind, Players, SavedGame};
use gomoku_rules::{
    DEFAULT_SIZE, ForbiddenPolicy, GameRecord, GameResult, MoveError, Pos, Rule, Stone,
};

/// Who plays the game. Hot-seat is the only mode for now; computer and network games add
/// variants here (with the settings they need) and the systems that drive them.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub enum GameMode {
    /// Two people take turns at this computer.
    #[default]
    HotSeat,
}

impl GameMode {
    pub const ALL: [GameMode; 1] = [GameMode::HotSeat];

    #[must_use]
    pub fn label(self) -> &'static str {
        match self {
            GameMode::HotSeat => "Hot-seat (two players)",
        }
    }
}

/// Everything needed to start a game.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct GameSetup {
    pub mode: GameMode,
    pub rule: Rule,
    pub policy: ForbiddenPolicy,
    pub black: String,
    pub white: String,
}

impl Default for GameSetup {
    fn default() -> Self {
        GameSetup {
            mode: GameMode::HotSeat,
            rule: Rule::Renju,
            policy: ForbiddenPolicy::Refuse,
            black: "Black".into(),
            white: "White".into(),
        }
    }
}

impl GameSetup {
    fn players(&self) -> Players {
        let player = |name: &str, fallback: &str| Player {
            name: if name.trim().is_empty() {
                fallback.to_owned()
            } else {
                name.trim().to_owned()
            },
            kind: PlayerKind::Human,
        };
        Players {
            black: player(&self.black, "Black"),
            white: player(&self.white, "White"),
        }
    }
}

/// The game on the board.
#[derive(Resource, Clone, Debug)]
pub struct Game {
    pub record: GameRecord,
    pub players: Players,
    pub mode: GameMode,
    /// False once the game was ended with "End game": the board stays empty and takes no moves.
    pub active: bool,
    /// A draw offered by this colour, waiting for the other player's answer.
    pub draw_offer: Option<Stone>,
    /// The setup the game was started with ("Restart" and "Play again" reuse it).
    pub setup: GameSetup,
}

impl Default for Game {
    fn default() -> Self {
        Game::new(GameSetup::default())
    }
}

impl Game {
    #[must_use]
    pub fn new(setup: GameSetup) -> Game {
        Game {
            record: GameRecord::new(setup.rule, DEFAULT_SIZE).with_policy(setup.policy),
            players: setup.players(),
            mode: setup.mode,
            active: true,
            draw_offer: None,
            setup,
        }
    }

    /// A game continued from a saved or imported record.
    #[must_use]
    pub fn from_saved(saved: SavedGame) -> Game {
        let setup = GameSetup {
            mode: GameMode::HotSeat,
            rule: saved.record.rule(),
            policy: saved.record.policy(),
            black: saved.players.black.name.clone(),
            white: saved.players.white.name.clone(),
        };
        Game {
            record: saved.record,
            players: saved.players,
            mode: setup.mode,
            active: true,
            draw_offer: None,
            setup,
        }
    }

    /// Moves can be played: a game is on and not finished.
    #[must_use]
    pub fn in_progress(&self) -> bool {
        self.active && !self.record.is_over()
    }

    /// A game with moves on the board and no result: leaving it loses something.
    #[must_use]
    pub fn worth_keeping(&self) -> bool {
        self.in_progress() && !self.record.moves().is_empty()
    }

    #[must_use]
    pub fn name(&self, stone: Stone) -> &str {
        &self.players.get(stone).name
    }
}

/// The first game of the run, from the command line: a setup, and a game to continue from
/// (`--open`, `--moves`) if any.
#[derive(Resource, Clone, Debug, Default)]
pub struct StartupGame {
    pub setup: GameSetup,
    pub saved: Option<SavedGame>,
}

/// A click on a board intersection (from the mouse picking, or a test).
#[derive(Message, Clone, Copy, Debug, PartialEq, Eq)]
pub struct BoardClick(pub Pos);

/// What a player asks of the game (menu, keyboard, dialogs).
#[derive(Message, Clone, Debug, PartialEq, Eq)]
pub enum GameCommand {
    NewGame(GameSetup),
    /// The same setup again, from an empty board.
    Restart,
    /// Stop the game: the board empties and takes no moves until a new game.
    EndGame,
    Undo,
    Redo,
    /// The side to move resigns.
    Resign,
    /// The side to move offers a draw; the other player answers with `AnswerDraw`.
    OfferDraw,
    AnswerDraw {
        accept: bool,
    },
    /// Strict RIF play (a forbidden move loses) or friendly play (it is refused).
    SetPolicy(ForbiddenPolicy),
    /// Replace the game with a loaded one.
    Load(Box<SavedGame>),
}

/// A stone was put on the board (also sent for every move of a loaded game after `BoardReset`).
#[derive(Message, Clone, Copy, Debug, PartialEq, Eq)]
pub struct StonePlaced {
    pub pos: Pos,
    pub stone: Stone,
    /// 1-based move number.
    pub number: usize,
}

/// A stone was taken back.
#[derive(Message, Clone, Copy, Debug, PartialEq, Eq)]
pub struct StoneRemoved {
    pub pos: Pos,
}

/// The board was cleared (new game, restart, end, load).
#[derive(Message, Clone, Copy, Debug, PartialEq, Eq)]
pub struct BoardReset;

/// The game ended.
#[derive(Message, Clone, Debug, PartialEq, Eq)]
pub struct GameOver {
    pub result: GameResult,
    /// The winning five, empty unless the game was won by five in a row.
    pub line: Vec<Pos>,
}

/// A click that the rules refused, with the reason.
#[derive(Message, Clone, Copy, Debug, PartialEq, Eq)]
pub struct MoveRefused {
    pub pos: Pos,
    pub error: MoveError,
}

/// Something the player should read (shown as a toast by the interface).
#[derive(Message, Clone, Debug, PartialEq, Eq)]
pub struct Notice {
    pub text: String,
    pub kind: NoticeKind,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum NoticeKind {
    Info,
    Error,
}

impl Notice {
    pub fn info(text: impl Into<String>) -> Notice {
        Notice {
            text: text.into(),
            kind: NoticeKind::Info,
        }
    }

    pub fn error(text: impl Into<String>) -> Notice {
        Notice {
            text: text.into(),
            kind: NoticeKind::Error,
        }
    }
}

/// Systems that change the game run in this set; readers of the outgoing messages run after it.
#[derive(SystemSet, Clone, Debug, PartialEq, Eq, Hash)]
pub struct GameFlowSystems;

pub(crate) fn plugin(app: &mut App) {
    app.init_resource::<Game>()
        .add_message::<BoardClick>()
        .add_message::<GameCommand>()
        .add_message::<StonePlaced>()
        .add_message::<StoneRemoved>()
        .add_message::<BoardReset>()
        .add_message::<GameOver>()
        .add_message::<MoveRefused>()
        .add_message::<Notice>()
        .add_systems(Startup, start_first_game)
        .add_systems(
            Update,
            (run_commands, play_clicks).chain().in_set(GameFlowSystems),
        );
}

/// Sets up the first game without announcing a change, so the autosave of the last run stays
/// until the player decides whether to resume it.
fn start_first_game(
    startup: Option<Res<StartupGame>>,
    mut game: ResMut<Game>,
    mut commands: MessageWriter<GameCommand>,
) {
    let Some(startup) = startup else {
        return;
    };
    *game = Game::new(startup.setup.clone());
    if let Some(saved) = &startup.saved {
        commands.write(GameCommand::Load(Box::new(saved.clone())));
    }
}

/// The messages a change of the game produces.
#[derive(bevy::ecs::system::SystemParam)]
pub struct GameEvents<'w> {
    placed: MessageWriter<'w, StonePlaced>,
    removed: MessageWriter<'w, StoneRemoved>,
    reset: MessageWriter<'w, BoardReset>,
    over: MessageWriter<'w, GameOver>,
    notices: MessageWriter<'w, Notice>,
}

impl GameEvents<'_> {
    fn game_over(&mut self, result: &GameResult) {
        self.over.write(GameOver {
            result: result.clone(),
            line: result.line.clone(),
        });
    }

    /// Clears the board and announces every stone of `game` (and its result, if any).
    fn replace(&mut self, game: &Game) {
        self.reset.write(BoardReset);
        for (i, mv) in game.record.moves().iter().enumerate() {
            self.placed.write(StonePlaced {
                pos: mv.pos,
                stone: Stone::for_move(i),
                number: i + 1,
            });
        }
        if let Some(result) = game.record.result() {
            self.game_over(result);
        }
    }
}

fn play_clicks(
    mut clicks: MessageReader<BoardClick>,
    mut game: ResMut<Game>,
    mut events: GameEvents,
    mut refused: MessageWriter<MoveRefused>,
) {
    for &BoardClick(pos) in clicks.read() {
        if !game.active {
            events
                .notices
                .write(Notice::info("No game is on: start a new one (Ctrl+N)."));
            continue;
        }
        match game.record.play(pos) {
            Ok(played) => {
                game.draw_offer = None;
                events.placed.write(StonePlaced {
                    pos: played.pos,
                    stone: played.stone,
                    number: game.record.moves().len(),
                });
                if let Some(result) = &played.result {
                    events.game_over(result);
                }
            }
            Err(error) => {
                refused.write(MoveRefused { pos, error });
                events
                    .notices
                    .write(Notice::error(refusal_text(pos, game.record.size(), error)));
            }
        }
    }
}

/// What the player reads when a move is refused.
#[must_use]
pub fn refusal_text(pos: Pos, size: usize, error: MoveError) -> String {
    let at = pos_label(pos, size);
    match error {
        MoveError::GameOver => "The game is over: undo, or start a new one.".to_owned(),
        MoveError::OffBoard => format!("{at} is off the board."),
        MoveError::Occupied => format!("{at} is already taken."),
        MoveError::Forbidden(kind) => {
            format!("{at} is forbidden for black: it would make a {kind} (renju). Play elsewhere.")
        }
    }
}

/// A point as the board's coordinates show it, e.g. `H8`.
#[must_use]
pub fn pos_label(pos: Pos, size: usize) -> String {
    pos.to_renju(size)
}

fn run_commands(
    mut commands: MessageReader<GameCommand>,
    mut game: ResMut<Game>,
    mut events: GameEvents,
) {
    for command in commands.read() {
        match command {
            GameCommand::NewGame(setup) => {
                *game = Game::new(setup.clone());
                events.replace(&game);
            }
            GameCommand::Restart => {
                let setup = game.setup.clone();
                *game = Game::new(setup);
                events.replace(&game);
            }
            GameCommand::EndGame => {
                let setup = game.setup.clone();
                *game = Game::new(setup);
                game.active = false;
                events.replace(&game);
                events.notices.write(Notice::info("Game ended."));
            }
            GameCommand::Undo => {
                if !game.active {
                    continue;
                }
                game.draw_offer = None;
                let was_over = game.record.is_over();
                match game.record.undo() {
                    Some(mv) => {
                        events.removed.write(StoneRemoved { pos: mv.pos });
                    }
                    None if was_over => {
                        events.notices.write(Notice::info("Result taken back."));
                    }
                    None => {
                        events.notices.write(Notice::info("Nothing to undo."));
                    }
                }
            }
            GameCommand::Redo => {
                if !game.active {
                    continue;
                }
                match game.record.redo() {
                    Some(played) => {
                        events.placed.write(StonePlaced {
                            pos: played.pos,
                            stone: played.stone,
                            number: game.record.moves().len(),
                        });
                        if let Some(result) = &played.result {
                            events.game_over(result);
                        }
                    }
                    None => {
                        events.notices.write(Notice::info("Nothing to redo."));
                    }
                }
            }
            GameCommand::Resign => {
                let loser = game.record.side_to_move();
                if game.in_progress() && game.record.resign(loser).is_ok() {
                    game.draw_offer = None;
                    if let Some(result) = game.record.result().cloned() {
                        events.game_over(&result);
                    }
                }
            }
            GameCommand::OfferDraw => {
                if game.in_progress() {
                    game.draw_offer = Some(game.record.side_to_move());
                }
            }
            GameCommand::AnswerDraw { accept } => {
                let Some(offerer) = game.draw_offer.take() else {
                    continue;
                };
                if *accept {
                    if game.record.agree_draw().is_ok()
                        && let Some(result) = game.record.result().cloned()
                    {
                        events.game_over(&result);
                    }
                } else {
                    let text = format!(
                        "{} refused the draw offer.",
                        game.name(offerer.opponent()).to_owned()
                    );
                    events.notices.write(Notice::info(text));
                }
            }
            GameCommand::SetPolicy(policy) => {
                game.record.set_policy(*policy);
                game.setup.policy = *policy;
            }
            GameCommand::Load(saved) => {
                *game = Game::from_saved((**saved).clone());
                events.replace(&game);
            }
        }
    }
}
