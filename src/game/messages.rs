//! The match flow's messages. In: `MoveRequest` (every move, from any seat), `GameCommand`
//! (menu, keyboard, dialogs), `Propose` / `Answer` (undo, draw and play-again proposals).
//! Out, each with its `Origin`: `StonePlaced`, `StoneRemoved`, `BoardReset`, `GameOver`;
//! `MoveRefused`, `ProposalMade`, `ProposalAnswered` and `Notice` (facts the interface words,
//! among them the puzzle trainer's `PuzzleNotice`).

use super::seats::{Actor, GameMode, Seat, Seats};
use super::setup::GameSetup;
use bevy::prelude::*;
use gomoku_rules::save::SavedGame;
use gomoku_rules::{
    Decision, ForbiddenPolicy, GameRecord, GameResult, MoveError, OpeningError, Pos, Side, Stone,
};
use std::path::PathBuf;

/// A move from a seat's controller. The flow plays it only for the seat to move, only when
/// `moves_before` is the number of moves on the board (a request for another position, made
/// before an undo or a load, is dropped), and only through the rules.
#[derive(Message, Clone, Copy, Debug, PartialEq, Eq)]
pub struct MoveRequest {
    pub pos: Pos,
    pub from: Actor,
    pub moves_before: usize,
}

/// A decision of the opening from a seat's controller: a swap, the number of fifth moves, an
/// offer of fifth moves, a Swap2 answer, a colour (stones come as `MoveRequest`s, or as
/// `Decision::Place` here, e.g. a standard opening chosen from the list). The flow takes it
/// only from the player whose decision it is, only while `progress_before` is
/// `Game::progress()` (a decision made for another position is dropped; `None`: in the order
/// it comes, for a network peer whose session has checked and ordered it), and only through
/// the rules. A `Decision::Place` on an offered fifth move while white chooses is that choice.
#[derive(Message, Clone, Debug, PartialEq, Eq)]
pub struct Decide {
    pub decision: Decision,
    pub from: Actor,
    pub progress_before: Option<usize>,
}

/// An opening decision was made (a stone it placed is announced by `StonePlaced` as well).
#[derive(Message, Clone, Debug, PartialEq, Eq)]
pub struct Decided {
    pub decision: Decision,
    /// The player who decided.
    pub by: Side,
    pub origin: Origin,
}

/// Why the board changed.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Origin {
    /// Played, resigned or agreed by a seat's controller.
    Seat(Actor),
    /// Taken back.
    Undo,
    /// Played again from the redo list.
    Redo,
    /// A game opened, resumed or set up (new game, restart, end, play again).
    Load,
    /// A step of the replay.
    Replay,
}

impl Origin {
    /// Happened in play just now (not opened, redone or replayed).
    #[must_use]
    pub fn in_play(self) -> bool {
        matches!(self, Origin::Seat(_))
    }
}

/// A stone was put on the board.
#[derive(Message, Clone, Copy, Debug, PartialEq, Eq)]
pub struct StonePlaced {
    pub pos: Pos,
    pub stone: Stone,
    /// 1-based move number.
    pub number: usize,
    pub origin: Origin,
}

/// A stone was taken off the board (undo or a replay step).
#[derive(Message, Clone, Copy, Debug, PartialEq, Eq)]
pub struct StoneRemoved {
    pub pos: Pos,
    pub origin: Origin,
}

/// The board was cleared (new game, restart, end, load); `StonePlaced` follows for each
/// stone of a loaded game.
#[derive(Message, Clone, Copy, Debug, PartialEq, Eq)]
pub struct BoardReset {
    pub origin: Origin,
}

/// The game ended (or a finished game was opened, redone or replayed to its end).
#[derive(Message, Clone, Debug, PartialEq, Eq)]
pub struct GameOver {
    pub result: GameResult,
    /// The winning five, empty unless the game was won by five in a row.
    pub line: Vec<Pos>,
    pub origin: Origin,
}

impl GameOver {
    /// The game ended just now in play (statistics count only these).
    #[must_use]
    pub fn fresh(&self) -> bool {
        self.origin.in_play()
    }
}

/// A move that was not played, and why.
#[derive(Message, Clone, Copy, Debug, PartialEq, Eq)]
pub struct MoveRefused {
    pub pos: Pos,
    pub from: Actor,
    pub reason: Refusal,
}

/// Why a `MoveRequest` was not played.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Refusal {
    /// The rules refused it (occupied, off the board, forbidden, game over).
    Rules(MoveError),
    /// The opening waits for something else (another area, another kind of decision); a
    /// person is told why by `Notice::OpeningRefused`.
    Opening,
    /// The side to move belongs to another controller.
    NotYourTurn,
    /// Made for another position (`moves_before` does not match).
    Stale,
    /// A proposal waits for its answer.
    WaitForAnswer,
    /// No game is on.
    NoGame,
    /// The replay shows an earlier position.
    Replaying,
}

/// What a seat may propose to the other.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum ProposalKind {
    /// Take back the proposer's last move (and the reply to it).
    Undo,
    Draw,
    /// A new game with the same setup, once this one is over.
    PlayAgain,
}

/// A proposal waiting for the other seat's answer.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Proposal {
    pub kind: ProposalKind,
    /// The proposer's colour.
    pub by: Stone,
}

impl Proposal {
    /// The colour that answers.
    #[must_use]
    pub fn to(self) -> Stone {
        self.by.opponent()
    }
}

/// A seat's controller proposes. From `Local`, the flow works out which colour proposes
/// (the person's, or in hot-seat the one the proposal concerns); a person watching the
/// computer play itself undoes and restarts at once.
#[derive(Message, Clone, Copy, Debug, PartialEq, Eq)]
pub struct Propose {
    pub kind: ProposalKind,
    pub from: Actor,
}

/// The answer to the pending proposal, from the controller of the seat it was made to.
#[derive(Message, Clone, Copy, Debug, PartialEq, Eq)]
pub struct Answer {
    pub accept: bool,
    pub from: Actor,
}

/// A proposal was made and waits for its answer.
#[derive(Message, Clone, Copy, Debug, PartialEq, Eq)]
pub struct ProposalMade(pub Proposal);

/// A proposal was answered (an accepted one has been carried out when this is read).
#[derive(Message, Clone, Copy, Debug, PartialEq, Eq)]
pub struct ProposalAnswered {
    pub proposal: Proposal,
    pub accepted: bool,
    pub by: Actor,
}

/// What the player asks of the game (menu, keyboard, dialogs).
#[derive(Message, Clone, Debug, PartialEq, Eq)]
pub enum GameCommand {
    NewGame(GameSetup),
    /// The same setup again, from an empty board.
    Restart,
    /// Stop the game: the board empties and takes no moves until a new game.
    EndGame,
    /// Play the next move of the redo list (against the computer: up to the person's turn).
    Redo,
    /// A colour resigns, by its controller.
    Resign {
        stone: Stone,
        from: Actor,
    },
    /// Change who plays, keeping the position on the board.
    SetSeats(Seats),
    /// Strict RIF play (a forbidden move loses) or friendly play (it is refused).
    SetPolicy(ForbiddenPolicy),
    /// Replace the game with a loaded one.
    Load(Box<SavedGame>),
    /// Show the position after this many moves of the whole game (replay).
    ReplayTo(usize),
    /// Play on from the position shown in the replay; the later moves are dropped.
    ContinueFromHere,
    /// Put a puzzle's position on the board: the person here plays `attacker`, the trainer
    /// (`Seat::Trainer`) the other colour. From the puzzle trainer (`puzzles/`).
    StartPuzzle {
        record: Box<GameRecord>,
        attacker: Stone,
    },
    /// The puzzle on the board is over (solved, failed or shown): its stones stay and it
    /// takes no more moves.
    EndPuzzle,
}

/// A fact the players should read; the interface words it in their language.
#[derive(Message, Clone, Debug, PartialEq, Eq)]
pub enum Notice {
    /// No game is on (after "End game").
    NoGame,
    /// A move while the replay shows an earlier position.
    ContinueReplayFirst,
    /// A person clicked while the computer is to move.
    WaitForComputer,
    /// A person clicked while the network opponent is to move.
    WaitForOpponent,
    /// A move or request while a proposal waits for its answer.
    WaitForAnswer,
    /// A move the rules refused (`size`: the board's, for the point's label).
    Refused {
        pos: Pos,
        size: usize,
        error: MoveError,
    },
    /// The opening refused a decision or stone of a person here, and why.
    OpeningRefused(OpeningError),
    /// A player made an opening decision (`stone`: the colour `seat` plays after it).
    Decided {
        decision: Decision,
        seat: Seat,
        stone: Stone,
    },
    GameEnded,
    /// The seats changed mid-game.
    NowPlaying(GameMode),
    /// The proposal was refused by the other seat.
    ProposalRefused(Proposal),
    /// The proposal was accepted by the computer.
    ComputerAccepted(Proposal),
    ReplayContinued {
        number: usize,
        dropped: usize,
    },
    NothingToUndo,
    ResultTakenBack,
    NothingToRedo,
    /// Computer vs computer paused or resumed.
    Paused(bool),
    /// Pause asked for outside computer vs computer.
    NotWatching,
    /// Resign or draw asked for while the computer plays itself.
    Watching,
    /// A draw offered while it is not the person's turn.
    DrawOnYourTurn,
    /// A hint asked for with no game or no move to suggest.
    NoHintNow,
    /// Hints and analysis wait until the network game is over.
    NoHelpInNetworkGame,
    /// The computer playing this colour resigned.
    ComputerResigns(Stone),
    /// Saving, opening, the autosave, the settings and the statistics files.
    File(FileNotice),
    /// The network game's connection and refusals.
    Network(super::network::NetNotice),
    /// The puzzle trainer.
    Puzzle(PuzzleNotice),
    /// The game review (`review/`).
    Review(ReviewNotice),
}

/// A fact of the game review.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum ReviewNotice {
    /// Every position was analysed (`seconds`: how long it took).
    Finished { seconds: u64 },
    /// The analysis was stopped after `done` of `total` positions.
    Stopped { done: usize, total: usize },
    /// No game with moves is on the board, or a network game is on.
    NothingToReview,
    /// The game changed while it was analysed: the analysis stopped.
    GameChanged,
    /// The file's analysis was made by another version or for another game: not used.
    SavedReviewUnusable,
}

/// A fact of the puzzle trainer.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum PuzzleNotice {
    /// Undo, redo, replay, hints, analysis, draws, resigning and other seats are not
    /// available while a puzzle is on (the trainer's Retry and Leave are).
    NotInPuzzle,
    /// A move after the puzzle ended.
    Over,
    /// "Next unsolved" found none: every puzzle is solved.
    AllSolved,
    /// No shipped puzzle has this id (e.g. `--puzzles ID`).
    Unknown(String),
    /// The trainer cannot open while a network game is on.
    NotInNetworkGame,
    /// The progress file could not be read; progress starts afresh (the file is kept
    /// beside it as `.broken`).
    ProgressUnreadable(String),
    /// The progress file could not be written.
    ProgressNotSaved { path: PathBuf, error: String },
}

impl PuzzleNotice {
    #[must_use]
    pub fn is_error(&self) -> bool {
        matches!(
            self,
            PuzzleNotice::Unknown(_)
                | PuzzleNotice::ProgressUnreadable(_)
                | PuzzleNotice::ProgressNotSaved { .. }
        )
    }
}

/// What happened to a file.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum FileNotice {
    Saved {
        path: PathBuf,
    },
    NotSaved {
        path: PathBuf,
        error: String,
    },
    /// A game was opened (`name`: the file's, or `None` for pasted text).
    Opened {
        name: Option<String>,
        moves: usize,
    },
    /// A file or pasted text could not be opened (`name` as for `Opened`).
    NotOpened {
        name: Option<String>,
        problem: OpenProblem,
    },
    AutosaveUnreadable(OpenProblem),
    AutosaveNotSaved {
        path: PathBuf,
        error: String,
    },
    SettingsUnreadable(String),
    SettingsNotSaved {
        path: PathBuf,
        error: String,
    },
    StatisticsUnreadable(String),
    StatisticsNotSaved {
        path: PathBuf,
        error: String,
    },
    StatisticsCleared,
    /// The game was copied to the clipboard in this format (its file extension).
    Copied {
        extension: &'static str,
    },
    NoClipboard,
}

impl FileNotice {
    #[must_use]
    pub fn is_error(&self) -> bool {
        !matches!(
            self,
            FileNotice::Saved { .. }
                | FileNotice::Opened { .. }
                | FileNotice::StatisticsCleared
                | FileNotice::Copied { .. }
        )
    }
}

/// Why a game file or pasted text could not be opened.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum OpenProblem {
    /// The file could not be read at all (I/O error text).
    Unreadable(String),
    /// Not text, and not a `.gob` file.
    NotText,
    /// Nothing in it.
    Empty,
    /// Damaged or cut short: not in any known format (the parser's detail).
    Damaged { detail: String },
    /// A save file from a newer version of the program.
    NewerVersion { found: u32, supported: u32 },
    /// Well-formed, but move `number` is impossible at `pos` (board size `size`).
    Impossible {
        number: usize,
        pos: Option<Pos>,
        size: usize,
        error: MoveError,
    },
}

impl Notice {
    /// Shown as an error rather than as information.
    #[must_use]
    pub fn is_error(&self) -> bool {
        match self {
            Notice::Refused { .. } => true,
            Notice::File(file) => file.is_error(),
            Notice::Network(net) => net.is_error(),
            Notice::Puzzle(puzzle) => puzzle.is_error(),
            _ => false,
        }
    }
}
