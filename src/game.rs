//! The match flow: the game in progress as a resource, the commands that change it, and the
//! messages (`StonePlaced`, `StoneRemoved`, `BoardReset`, `GameOver`, `MoveRefused`) that the
//! view, autosave and later features react to. All rules live in `gomoku-rules`.

use crate::i18n::{self, t};
use bevy::prelude::*;
use gomoku_engine::Level;
use gomoku_rules::save::{Player, PlayerKind, Players, SavedGame};
use gomoku_rules::{
    DEFAULT_SIZE, ForbiddenPolicy, GameRecord, GameResult, MoveError, Pos, Rule, Stone,
};

/// Who plays the game: people at this computer, or the computer at a level.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub enum GameMode {
    /// Two people take turns at this computer.
    #[default]
    HotSeat,
    /// A person plays `human`; the computer plays the other colour at `level`.
    VsComputer { human: Stone, level: Level },
    /// The computer plays both sides; the player watches.
    ComputerVsComputer { black: Level, white: Level },
}

/// The computer's level when the player has not chosen one.
pub const DEFAULT_LEVEL: Level = Level::Intermediate;

impl GameMode {
    /// Each kind of mode once, with default settings (the new game dialog's choices).
    pub const ALL: [GameMode; 3] = [
        GameMode::HotSeat,
        GameMode::VsComputer {
            human: Stone::Black,
            level: DEFAULT_LEVEL,
        },
        GameMode::ComputerVsComputer {
            black: DEFAULT_LEVEL,
            white: DEFAULT_LEVEL,
        },
    ];

    /// The mode's kind in words (the same for every level and colour).
    #[must_use]
    pub fn label(self) -> String {
        match self {
            GameMode::HotSeat => t!("mode.hot_seat"),
            GameMode::VsComputer { .. } => t!("mode.vs_computer"),
            GameMode::ComputerVsComputer { .. } => t!("mode.computer_vs_computer"),
        }
        .into_owned()
    }

    /// The mode with its colours and levels, for the side panel.
    #[must_use]
    pub fn describe(self) -> String {
        match self {
            GameMode::HotSeat => self.label(),
            GameMode::VsComputer { human, level } => t!(
                "mode.you_play",
                colour = i18n::colour_name(human),
                level = i18n::level_name(level)
            )
            .into_owned(),
            GameMode::ComputerVsComputer { black, white } => t!(
                "mode.levels",
                black = i18n::level_name(black),
                white = i18n::level_name(white)
            )
            .into_owned(),
        }
    }

    /// Same kind of mode (hot-seat, vs computer, computer vs computer).
    #[must_use]
    pub fn same_kind(self, other: GameMode) -> bool {
        std::mem::discriminant(&self) == std::mem::discriminant(&other)
    }

    /// The computer's level if the computer plays `stone`.
    #[must_use]
    pub fn computer(self, stone: Stone) -> Option<Level> {
        match self {
            GameMode::HotSeat => None,
            GameMode::VsComputer { human, level } => (stone != human).then_some(level),
            GameMode::ComputerVsComputer { black, white } => Some(match stone {
                Stone::Black => black,
                Stone::White => white,
            }),
        }
    }

    #[must_use]
    pub fn is_computer(self, stone: Stone) -> bool {
        self.computer(stone).is_some()
    }

    /// The person's colour in a game against the computer.
    #[must_use]
    pub fn human(self) -> Option<Stone> {
        match self {
            GameMode::VsComputer { human, .. } => Some(human),
            _ => None,
        }
    }

    /// The mode the players of a saved game stand for (a computer player keeps its level).
    #[must_use]
    pub fn of_players(players: &Players) -> GameMode {
        let level = |player: &Player| match &player.kind {
            PlayerKind::Computer { level } => {
                Some(Level::from_name(level).unwrap_or(DEFAULT_LEVEL))
            }
            PlayerKind::Human | PlayerKind::Remote => None,
        };
        match (level(&players.black), level(&players.white)) {
            (Some(black), Some(white)) => GameMode::ComputerVsComputer { black, white },
            (Some(level), None) => GameMode::VsComputer {
                human: Stone::White,
                level,
            },
            (None, Some(level)) => GameMode::VsComputer {
                human: Stone::Black,
                level,
            },
            (None, None) => GameMode::HotSeat,
        }
    }
}

/// The name a computer player goes by in saved games (shown translated by `player_name`).
#[must_use]
pub fn computer_name(level: Level) -> String {
    format!("Computer · {level}")
}

/// Everything needed to start a game.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct GameSetup {
    pub mode: GameMode,
    pub rule: Rule,
    pub policy: ForbiddenPolicy,
    /// The people's names (a side the computer plays is named after its level).
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
    /// The players of this setup (a computer side carries its level).
    #[must_use]
    pub fn players(&self) -> Players {
        let player = |stone: Stone, name: &str, fallback: &str| match self.mode.computer(stone) {
            Some(level) => Player {
                name: computer_name(level),
                kind: PlayerKind::Computer {
                    level: level.name().to_owned(),
                },
            },
            None => Player {
                name: if name.trim().is_empty() || is_computer_name(name) {
                    fallback.to_owned()
                } else {
                    name.trim().to_owned()
                },
                kind: PlayerKind::Human,
            },
        };
        Players {
            black: player(Stone::Black, &self.black, "Black"),
            white: player(Stone::White, &self.white, "White"),
        }
    }
}

/// A name given to a computer player (not kept for a person taking its place).
fn is_computer_name(name: &str) -> bool {
    Level::ALL.iter().any(|&l| name == computer_name(l))
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
    /// While the player steps through the game: the whole game (`record` is then the position
    /// shown). "Continue from here" plays on from the shown position.
    pub review: Option<GameRecord>,
}

impl Default for Game {
    fn default() -> Self {
        Game::new(GameSetup::default())
    }
}

impl Game {
    #[must_use]
    pub fn new(setup: GameSetup) -> Game {
        let record = GameRecord::new(setup.rule, DEFAULT_SIZE).with_policy(setup.policy);
        let players = setup.players();
        Game::started(setup, record, players)
    }

    /// A game continued from a saved or imported record.
    #[must_use]
    pub fn from_saved(saved: SavedGame) -> Game {
        let setup = GameSetup {
            mode: GameMode::of_players(&saved.players),
            rule: saved.record.rule(),
            policy: saved.record.policy(),
            black: saved.players.black.name.clone(),
            white: saved.players.white.name.clone(),
        };
        Game::started(setup, saved.record, saved.players)
    }

    /// A game on, from its setup, record and players.
    fn started(setup: GameSetup, record: GameRecord, players: Players) -> Game {
        Game {
            record,
            players,
            mode: setup.mode,
            active: true,
            draw_offer: None,
            setup,
            review: None,
        }
    }

    /// Moves can be played: a game is on, not finished, and not being replayed.
    #[must_use]
    pub fn in_progress(&self) -> bool {
        self.active && !self.record.is_over() && self.review.is_none()
    }

    /// The whole game: while replaying, the game being replayed, else the record on the board.
    #[must_use]
    pub fn full_record(&self) -> &GameRecord {
        self.review.as_ref().unwrap_or(&self.record)
    }

    /// A game with moves on the board and no result: leaving it loses something.
    #[must_use]
    pub fn worth_keeping(&self) -> bool {
        let full = self.full_record();
        self.active && !full.is_over() && !full.moves().is_empty()
    }

    /// The number of positions a replay steps through, less one: every move played and
    /// taken back.
    #[must_use]
    pub fn replay_len(&self) -> usize {
        let full = self.full_record();
        full.moves().len() + full.redo_moves().len()
    }

    /// The move the board shows (0: the empty board).
    #[must_use]
    pub fn replay_index(&self) -> usize {
        self.record.moves().len()
    }

    /// The player's name as shown: a computer by its level, an unnamed person by colour, in
    /// the current language.
    #[must_use]
    pub fn name(&self, stone: Stone) -> String {
        player_name(self.players.get(stone), stone)
    }

    /// A game is on and the computer plays the side to move.
    #[must_use]
    pub fn computer_to_move(&self) -> bool {
        self.in_progress() && self.mode.is_computer(self.record.side_to_move())
    }

    /// The move list as points.
    #[must_use]
    pub fn points(&self) -> Vec<Pos> {
        self.record.moves().iter().map(|m| m.pos).collect()
    }

    /// Whether undo has something to take back in this mode (against the computer: one of
    /// the person's moves, or a result).
    #[must_use]
    pub fn can_undo(&self) -> bool {
        if !self.active || self.review.is_some() || !self.record.can_undo() {
            return false;
        }
        match self.mode.human() {
            Some(human) => self.record.is_over() || self.last_move_of(human).is_some(),
            None => true,
        }
    }

    #[must_use]
    pub fn can_redo(&self) -> bool {
        self.active && self.review.is_none() && self.record.can_redo()
    }

    /// Index of the last move `stone` played.
    fn last_move_of(&self, stone: Stone) -> Option<usize> {
        (0..self.record.moves().len())
            .rev()
            .find(|&i| Stone::for_move(i) == stone)
    }

    /// The players for `mode`, keeping the names of the people who stay.
    fn players_for(&self, mode: GameMode) -> Players {
        GameSetup {
            mode,
            black: self.players.black.name.clone(),
            white: self.players.white.name.clone(),
            ..self.setup.clone()
        }
        .players()
    }
}

/// How a player is shown: the computer by its level, the default names "Black" and "White"
/// by the colour, a person by the name they chose.
#[must_use]
pub fn player_name(player: &Player, stone: Stone) -> String {
    match &player.kind {
        PlayerKind::Computer { level } => t!(
            "player.computer",
            level = i18n::level_name(Level::from_name(level).unwrap_or(DEFAULT_LEVEL))
        )
        .into_owned(),
        _ if player.name == "Black" || player.name == "White" || player.name.is_empty() => {
            i18n::colour_title(stone)
        }
        _ => player.name.clone(),
    }
}

/// The first game of the run, from the command line: a setup, and a game to continue from
/// (`--open`, `--moves`) if any.
#[derive(Resource, Clone, Debug, Default)]
pub struct StartupGame {
    pub setup: GameSetup,
    pub saved: Option<SavedGame>,
    /// A game was asked for on the command line (e.g. `--mode`): the autosave is not offered.
    pub fresh: bool,
}

/// A click on a board intersection (from the mouse picking, or a test).
#[derive(Message, Clone, Copy, Debug, PartialEq, Eq)]
pub struct BoardClick(pub Pos);

/// The computer's move for `stone`: played exactly like a click, through the rules.
#[derive(Message, Clone, Copy, Debug, PartialEq, Eq)]
pub struct ComputerMove {
    pub pos: Pos,
    pub stone: Stone,
    /// Moves on the board when it was found: a move for an earlier or later position (a game
    /// loaded or a move taken back meanwhile) is dropped.
    pub moves_before: usize,
}

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
    /// This colour resigns (the person against the computer, whoever is to move; or the
    /// computer giving up a lost position).
    ResignAs(Stone),
    /// Change who plays (and the computer's levels), keeping the position on the board.
    SetMode(GameMode),
    /// The side to move offers a draw; the other player answers with `AnswerDraw`.
    OfferDraw,
    AnswerDraw {
        accept: bool,
    },
    /// Strict RIF play (a forbidden move loses) or friendly play (it is refused).
    SetPolicy(ForbiddenPolicy),
    /// Replace the game with a loaded one.
    Load(Box<SavedGame>),
    /// Show the position after this many moves of the whole game (replay).
    ReplayTo(usize),
    /// Play on from the position shown in the replay; the later moves are dropped.
    ContinueFromHere,
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
    /// The game ended just now in play; false for a finished game opened, redone or
    /// replayed (statistics count only fresh results).
    pub fresh: bool,
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
        .add_message::<ComputerMove>()
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
    /// `fresh`: the game ended just now in play (not opened, redone or replayed).
    fn game_over(&mut self, result: &GameResult, fresh: bool) {
        self.over.write(GameOver {
            result: result.clone(),
            line: result.line.clone(),
            fresh,
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
            self.game_over(result, false);
        }
    }
}

fn play_clicks(
    mut clicks: MessageReader<BoardClick>,
    mut computer: MessageReader<ComputerMove>,
    mut game: ResMut<Game>,
    mut events: GameEvents,
    mut refused: MessageWriter<MoveRefused>,
) {
    // People's clicks first, then the computer's moves: both go through the same rules check.
    let moves: Vec<(Pos, Option<(Stone, usize)>)> = clicks
        .read()
        .map(|c| (c.0, None))
        .chain(
            computer
                .read()
                .map(|m| (m.pos, Some((m.stone, m.moves_before)))),
        )
        .collect();
    for (pos, by_computer) in moves {
        if !game.active {
            events.notices.write(Notice::info(t!("game.no_game")));
            continue;
        }
        if game.review.is_some() {
            if by_computer.is_none() {
                events
                    .notices
                    .write(Notice::info(t!("replay.continue_first")));
            }
            continue;
        }
        let to_move = game.record.side_to_move();
        match by_computer {
            // A computer move for a position that has moved on is stale: drop it.
            Some((stone, before)) => {
                let current = stone == to_move && before == game.record.moves().len();
                if !current || !game.mode.is_computer(stone) {
                    continue;
                }
            }
            None if game.computer_to_move() => {
                events
                    .notices
                    .write(Notice::info(t!("game.wait_for_computer")));
                continue;
            }
            _ => {}
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
                    events.game_over(result, true);
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
        MoveError::GameOver => t!("refusal.game_over"),
        MoveError::OffBoard => t!("refusal.off_board", at = at),
        MoveError::Occupied => t!("refusal.occupied", at = at),
        MoveError::Forbidden(kind) => t!(
            "refusal.forbidden",
            at = at,
            kind = i18n::forbidden_name(kind)
        ),
    }
    .into_owned()
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
                events.notices.write(Notice::info(t!("game.ended")));
            }
            GameCommand::Undo => {
                if game.active {
                    game.draw_offer = None;
                    undo(&mut game, &mut events);
                }
            }
            GameCommand::Redo => {
                if game.active {
                    redo(&mut game, &mut events);
                }
            }
            GameCommand::Resign => {
                let loser = game.record.side_to_move();
                if game.in_progress() && game.record.resign(loser).is_ok() {
                    game.draw_offer = None;
                    if let Some(result) = game.record.result().cloned() {
                        events.game_over(&result, true);
                    }
                }
            }
            GameCommand::ResignAs(loser) => {
                if game.in_progress() && game.record.resign(*loser).is_ok() {
                    game.draw_offer = None;
                    if let Some(result) = game.record.result().cloned() {
                        events.game_over(&result, true);
                    }
                }
            }
            GameCommand::SetMode(mode) => {
                let players = game.players_for(*mode);
                game.mode = *mode;
                game.setup.mode = *mode;
                game.players = players;
                game.draw_offer = None;
                let text = t!("game.now_playing", mode = mode.describe());
                events.notices.write(Notice::info(text));
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
                        events.game_over(&result, true);
                    }
                } else {
                    let text = t!("game.draw_refused", name = game.name(offerer.opponent()));
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
            GameCommand::ReplayTo(n) => {
                if game.active {
                    game.draw_offer = None;
                    replay_to(&mut game, *n, &mut events);
                }
            }
            GameCommand::ContinueFromHere => {
                if game.review.take().is_some() {
                    let dropped = game.record.redo_moves().len();
                    // An empty tail always fits.
                    let _ = game.record.set_redo(Vec::new());
                    events.notices.write(Notice::info(t!(
                        "replay.continued",
                        number = game.record.moves().len(),
                        dropped = dropped
                    )));
                }
            }
        }
    }
}

/// The position after `n` moves of `full` (its result kept only at its own position).
#[must_use]
pub fn position_at(full: &GameRecord, n: usize) -> GameRecord {
    let mut record = full.clone();
    let total = full.moves().len() + full.redo_moves().len();
    for _ in 0..=2 * total + 1 {
        if record.moves().len() > n {
            record.undo();
        } else if record.moves().len() < n {
            if record.redo().is_none() {
                break;
            }
        } else {
            break;
        }
    }
    record
}

/// Steps the replay to the position after `n` moves: the stones that differ are taken off
/// and put on one by one (so the board animates and sounds like play), and the result shows
/// again at the end. Back at the game's own position the replay ends.
fn replay_to(game: &mut Game, n: usize, events: &mut GameEvents) {
    let full = game.review.take().unwrap_or_else(|| game.record.clone());
    let total = full.moves().len() + full.redo_moves().len();
    let target = if n == full.moves().len() {
        full.clone()
    } else {
        position_at(&full, n.min(total))
    };
    let shown = game.record.moves();
    let common = shown
        .iter()
        .zip(target.moves())
        .take_while(|(a, b)| a.pos == b.pos)
        .count();
    for mv in shown[common..].iter().rev() {
        events.removed.write(StoneRemoved { pos: mv.pos });
    }
    for (i, mv) in target.moves().iter().enumerate().skip(common) {
        events.placed.write(StonePlaced {
            pos: mv.pos,
            stone: Stone::for_move(i),
            number: i + 1,
        });
    }
    if let Some(result) = target.result()
        && game.record.result() != Some(result)
    {
        events.game_over(result, false);
    }
    let back_home = target.moves().len() == full.moves().len();
    game.record = target;
    game.review = (!back_home).then_some(full);
}

/// Takes back one move; against the computer, the person's last move together with the
/// computer's reply, so that it is the person's turn again.
fn undo(game: &mut Game, events: &mut GameEvents) {
    let target = match game.mode.human() {
        Some(human) => match game.last_move_of(human) {
            Some(index) => index,
            // Only the computer's opening move: taking it back would only replay it.
            None if !game.record.is_over() => {
                events
                    .notices
                    .write(Notice::info(t!("game.nothing_to_undo")));
                return;
            }
            None => game.record.moves().len(),
        },
        None => game.record.moves().len().saturating_sub(1),
    };
    let mut changed = false;
    loop {
        let was_over = game.record.is_over();
        match game.record.undo() {
            Some(mv) => {
                changed = true;
                events.removed.write(StoneRemoved { pos: mv.pos });
            }
            None if was_over => {
                changed = true;
                events
                    .notices
                    .write(Notice::info(t!("game.result_taken_back")));
                let to_move = game.record.side_to_move();
                if game.mode.human().is_none_or(|h| h == to_move) {
                    return;
                }
            }
            None => break,
        }
        if game.record.moves().len() <= target {
            break;
        }
    }
    if !changed {
        events
            .notices
            .write(Notice::info(t!("game.nothing_to_undo")));
    }
}

/// Replays one move; against the computer, up to the person's next turn.
fn redo(game: &mut Game, events: &mut GameEvents) {
    let mut replayed = false;
    while let Some(played) = game.record.redo() {
        replayed = true;
        events.placed.write(StonePlaced {
            pos: played.pos,
            stone: played.stone,
            number: game.record.moves().len(),
        });
        if let Some(result) = &played.result {
            events.game_over(result, false);
            break;
        }
        match game.mode.human() {
            Some(human) if game.record.side_to_move() != human => {}
            _ => break,
        }
    }
    if !replayed {
        events
            .notices
            .write(Notice::info(t!("game.nothing_to_redo")));
    }
}
