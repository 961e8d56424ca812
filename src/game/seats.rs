//! Seats: each colour has a controller — a person at this computer, the computer at a level,
//! a player on the other end of a network game, or the puzzle trainer's defender. Hot-seat,
//! vs computer and computer vs computer are pairs of seats; `GameMode` is the view of a pair
//! the menu and the CLI speak of.

use gomoku_engine::Level;
use gomoku_rules::Stone;
use gomoku_rules::save::{Player, PlayerKind, Players};

/// The computer's level when the player has not chosen one.
pub const DEFAULT_LEVEL: Level = Level::Intermediate;

/// Who controls a seat.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Actor {
    /// A person at this computer (mouse, keyboard, dialogs).
    Local,
    /// The computer player of this program.
    Computer,
    /// The player on the other end of a network game.
    Remote,
    /// The puzzle trainer's defender: the engine answering the person's attack, driven by
    /// `puzzles/` (never by the computer player of `ai/`).
    Trainer,
}

/// The controller of one colour.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub enum Seat {
    /// A person at this computer; `None`: no name given (shown as the colour).
    Local { name: Option<String> },
    /// The computer at a level.
    Computer { level: Level },
    /// The network opponent, by the name it gave.
    Remote { name: Option<String> },
    /// The defender of a puzzle (see `Actor::Trainer`); only a puzzle has it.
    Trainer,
}

impl Seat {
    /// An unnamed person at this computer.
    pub const LOCAL: Seat = Seat::Local { name: None };

    /// A person with `name` (blank or whitespace: no name).
    #[must_use]
    pub fn local(name: &str) -> Seat {
        Seat::Local {
            name: clean_name(name),
        }
    }

    #[must_use]
    pub fn actor(&self) -> Actor {
        match self {
            Seat::Local { .. } => Actor::Local,
            Seat::Computer { .. } => Actor::Computer,
            Seat::Remote { .. } => Actor::Remote,
            Seat::Trainer => Actor::Trainer,
        }
    }

    /// The name a person or a remote player gave.
    #[must_use]
    pub fn name(&self) -> Option<&str> {
        match self {
            Seat::Local { name } | Seat::Remote { name } => name.as_deref(),
            Seat::Computer { .. } | Seat::Trainer => None,
        }
    }

    #[must_use]
    pub fn level(&self) -> Option<Level> {
        match self {
            Seat::Computer { level } => Some(*level),
            _ => None,
        }
    }

    /// The seat as the save file writes it (a computer by a readable name and its level).
    #[must_use]
    pub fn to_player(&self) -> Player {
        match self {
            Seat::Local { name } => Player {
                name: name.clone().unwrap_or_default(),
                kind: PlayerKind::Human,
            },
            Seat::Computer { level } => Player {
                name: computer_record_name(*level),
                kind: PlayerKind::Computer {
                    level: level.name().to_owned(),
                },
            },
            Seat::Remote { name } => Player {
                name: name.clone().unwrap_or_default(),
                kind: PlayerKind::Remote,
            },
            // A puzzle saved to a file opens as a game against the computer.
            Seat::Trainer => Player {
                name: computer_record_name(Level::Master),
                kind: PlayerKind::Computer {
                    level: Level::Master.name().to_owned(),
                },
            },
        }
    }

    /// The seat a saved player takes when a game is opened: a network opponent becomes a
    /// person at this computer (a saved network game goes on as a local game). The save
    /// files of earlier versions name an unnamed person by the colour ("Black", "White").
    #[must_use]
    pub fn from_player(player: &Player, stone: Stone) -> Seat {
        match &player.kind {
            PlayerKind::Computer { level } => Seat::Computer {
                level: Level::from_name(level).unwrap_or(DEFAULT_LEVEL),
            },
            PlayerKind::Human | PlayerKind::Remote => {
                let legacy = match stone {
                    Stone::Black => "Black",
                    Stone::White => "White",
                };
                if player.name.trim() == legacy {
                    Seat::LOCAL
                } else {
                    Seat::local(&player.name)
                }
            }
        }
    }
}

/// A name as typed: trimmed, `None` when blank.
#[must_use]
pub fn clean_name(name: &str) -> Option<String> {
    let name = name.trim();
    (!name.is_empty()).then(|| name.to_owned())
}

/// The name a computer player goes by in saved games and statistics.
#[must_use]
pub fn computer_record_name(level: Level) -> String {
    format!("Computer · {level}")
}

/// Who plays the game: people at this computer, the computer, or a pair.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub enum GameMode {
    /// Two people take turns at this computer.
    #[default]
    HotSeat,
    /// A person plays `human`; the computer plays the other colour at `level`.
    VsComputer { human: Stone, level: Level },
    /// The computer plays both sides; the player watches.
    ComputerVsComputer { black: Level, white: Level },
    /// A person here plays `local` against a player on the network.
    Network { local: Stone },
}

impl GameMode {
    /// Each kind of mode chosen in the new game dialog, with default settings.
    pub const CHOICES: [GameMode; 3] = [
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

    /// Same kind of mode (hot-seat, vs computer, computer vs computer, network).
    #[must_use]
    pub fn same_kind(self, other: GameMode) -> bool {
        std::mem::discriminant(&self) == std::mem::discriminant(&other)
    }

    /// The computer's level if the computer plays `stone`.
    #[must_use]
    pub fn computer(self, stone: Stone) -> Option<Level> {
        match self {
            GameMode::HotSeat | GameMode::Network { .. } => None,
            GameMode::VsComputer { human, level } => (stone != human).then_some(level),
            GameMode::ComputerVsComputer { black, white } => Some(match stone {
                Stone::Black => black,
                Stone::White => white,
            }),
        }
    }

    /// The person's colour when exactly one colour is played at this computer.
    #[must_use]
    pub fn human(self) -> Option<Stone> {
        match self {
            GameMode::VsComputer { human, .. } => Some(human),
            GameMode::Network { local } => Some(local),
            _ => None,
        }
    }
}

/// The seats of both colours.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Seats {
    pub black: Seat,
    pub white: Seat,
}

impl Default for Seats {
    fn default() -> Self {
        Seats {
            black: Seat::LOCAL,
            white: Seat::LOCAL,
        }
    }
}

impl Seats {
    #[must_use]
    pub fn new(black: Seat, white: Seat) -> Seats {
        Seats { black, white }
    }

    #[must_use]
    pub fn get(&self, stone: Stone) -> &Seat {
        match stone {
            Stone::Black => &self.black,
            Stone::White => &self.white,
        }
    }

    pub fn get_mut(&mut self, stone: Stone) -> &mut Seat {
        match stone {
            Stone::Black => &mut self.black,
            Stone::White => &mut self.white,
        }
    }

    #[must_use]
    pub fn actor(&self, stone: Stone) -> Actor {
        self.get(stone).actor()
    }

    /// The colours `actor` controls (a person in hot-seat plays both).
    pub fn stones_of(&self, actor: Actor) -> impl Iterator<Item = Stone> + '_ {
        [Stone::Black, Stone::White]
            .into_iter()
            .filter(move |&s| self.actor(s) == actor)
    }

    /// The mode this pair of seats is (a puzzle, with its trainer seat, shows as
    /// `HotSeat`: only the person here plays, and nothing of a mode applies to it).
    #[must_use]
    pub fn mode(&self) -> GameMode {
        match (&self.black, &self.white) {
            (Seat::Computer { level: black }, Seat::Computer { level: white }) => {
                GameMode::ComputerVsComputer {
                    black: *black,
                    white: *white,
                }
            }
            (_, Seat::Computer { level }) => GameMode::VsComputer {
                human: Stone::Black,
                level: *level,
            },
            (Seat::Computer { level }, _) => GameMode::VsComputer {
                human: Stone::White,
                level: *level,
            },
            (_, Seat::Remote { .. }) => GameMode::Network {
                local: Stone::Black,
            },
            (Seat::Remote { .. }, _) => GameMode::Network {
                local: Stone::White,
            },
            _ => GameMode::HotSeat,
        }
    }

    /// The seats of `mode`: people keep the names in `names` (black, white); a remote seat
    /// stays as it is in `self`.
    #[must_use]
    pub fn for_mode(&self, mode: GameMode, names: [Option<String>; 2]) -> Seats {
        let [black_name, white_name] = names;
        let seat = |stone: Stone, name: Option<String>| match mode.computer(stone) {
            Some(level) => Seat::Computer { level },
            None => match (mode, self.get(stone)) {
                (GameMode::Network { local }, remote @ Seat::Remote { .. }) if local != stone => {
                    remote.clone()
                }
                (GameMode::Network { local }, _) if local != stone => Seat::Remote { name: None },
                _ => Seat::Local { name },
            },
        };
        Seats {
            black: seat(Stone::Black, black_name),
            white: seat(Stone::White, white_name),
        }
    }

    /// The people's names (black, white), to carry over to other seats.
    #[must_use]
    pub fn names(&self) -> [Option<String>; 2] {
        [
            self.black.name().map(str::to_owned),
            self.white.name().map(str::to_owned),
        ]
    }

    /// The players as the save file writes them.
    #[must_use]
    pub fn players(&self) -> Players {
        Players {
            black: self.black.to_player(),
            white: self.white.to_player(),
        }
    }

    /// The seats of a saved game's players.
    #[must_use]
    pub fn from_players(players: &Players) -> Seats {
        Seats {
            black: Seat::from_player(&players.black, Stone::Black),
            white: Seat::from_player(&players.white, Stone::White),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn modes_and_seats_map_both_ways() {
        let names = [Some("Ann".to_owned()), None];
        for mode in [
            GameMode::HotSeat,
            GameMode::VsComputer {
                human: Stone::White,
                level: Level::Master,
            },
            GameMode::ComputerVsComputer {
                black: Level::Novice,
                white: Level::Expert,
            },
            GameMode::Network {
                local: Stone::Black,
            },
        ] {
            let seats = Seats::default().for_mode(mode, names.clone());
            assert_eq!(seats.mode(), mode);
        }
    }

    #[test]
    fn saved_players_of_older_versions_become_unnamed_seats() {
        let seats = Seats::from_players(&Players::default());
        assert_eq!(seats, Seats::default());
        let named = Seats::new(
            Seat::local("  Ann "),
            Seat::Computer {
                level: Level::Expert,
            },
        );
        assert_eq!(Seats::from_players(&named.players()), named);
        let remote = Seats::new(
            Seat::LOCAL,
            Seat::Remote {
                name: Some("Bo".into()),
            },
        );
        assert_eq!(
            Seats::from_players(&remote.players()).white,
            Seat::local("Bo")
        );
    }
}
