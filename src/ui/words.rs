//! The interface's wording of the logic's data: modes, players, refusals, notices, file
//! problems, settings choices. The logic emits facts; only the interface calls `t!`.

use crate::game::{
    FileNotice, Game, GameMode, NetNotice, Notice, OpenProblem, Proposal, ProposalKind,
    ReviewNotice, Seat,
};
use crate::i18n::{self, t};
use crate::save::FileFormat;
use crate::settings::AnimationLevel;
use crate::stats::ModeKey;
use crate::theme::Theme;
use gomoku_engine::Level;
use gomoku_net::{ActionError, Refusal, Rejection};
use gomoku_rules::save::Player;
use gomoku_rules::{MoveError, Pos, Stone};

/// The mode's kind in words (the same for every level and colour).
#[must_use]
pub fn mode_label(mode: GameMode) -> String {
    match mode {
        GameMode::HotSeat => t!("mode.hot_seat"),
        GameMode::VsComputer { .. } => t!("mode.vs_computer"),
        GameMode::ComputerVsComputer { .. } => t!("mode.computer_vs_computer"),
        GameMode::Network { .. } => t!("mode.network"),
    }
    .into_owned()
}

/// The mode with its colours and levels, for the side panel.
#[must_use]
pub fn mode_describe(mode: GameMode) -> String {
    match mode {
        GameMode::HotSeat => mode_label(mode),
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
        GameMode::Network { local } => {
            t!("mode.network_you_play", colour = i18n::colour_name(local)).into_owned()
        }
    }
}

/// How a seat's player is shown: the computer by its level, a person or a remote player by
/// the name given, an unnamed one by the colour.
#[must_use]
pub fn seat_name(seat: &Seat, stone: Stone) -> String {
    match seat {
        Seat::Computer { level } => computer_name(*level),
        Seat::Trainer => t!("puzzles.defender").into_owned(),
        _ => seat
            .name()
            .map_or_else(|| i18n::colour_title(stone), str::to_owned),
    }
}

/// "Computer · Master" in the current language.
#[must_use]
pub fn computer_name(level: Level) -> String {
    t!("player.computer", level = i18n::level_name(level)).into_owned()
}

/// The name of the player of `stone` in `game`.
#[must_use]
pub fn name(game: &Game, stone: Stone) -> String {
    seat_name(game.seats.get(stone), stone)
}

/// A saved game's player, as shown.
#[must_use]
pub fn player_name(player: &Player, stone: Stone) -> String {
    seat_name(&Seat::from_player(player, stone), stone)
}

/// A point as the board's coordinates show it, e.g. `H8`.
#[must_use]
pub fn pos_label(pos: Pos, size: usize) -> String {
    pos.to_renju(size)
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

/// Why a file could not be opened; `name`: the file's (or the pasted text's) description.
#[must_use]
pub fn open_problem(problem: &OpenProblem, name: &str) -> String {
    match problem {
        OpenProblem::Unreadable(error) => {
            t!("files.could_not_read", path = name, error = error).into_owned()
        }
        OpenProblem::NotText => t!(
            "files.could_not_open",
            name = name,
            error = t!("files.not_text")
        )
        .into_owned(),
        OpenProblem::Empty => t!(
            "files.could_not_open",
            name = name,
            error = t!("files.nothing_to_read")
        )
        .into_owned(),
        OpenProblem::Damaged { detail } => {
            t!("notice.damaged", name = name, detail = detail).into_owned()
        }
        OpenProblem::NewerVersion { found, supported } => t!(
            "notice.newer_version",
            name = name,
            found = found,
            supported = supported
        )
        .into_owned(),
        OpenProblem::Impossible {
            number,
            pos,
            size,
            error,
        } => {
            let reason = match pos {
                Some(pos) => refusal_text(*pos, *size, *error),
                None => error.to_string(),
            };
            t!(
                "notice.impossible",
                name = name,
                number = number,
                reason = reason
            )
            .into_owned()
        }
    }
}

fn file_name(name: &Option<String>) -> String {
    name.clone()
        .unwrap_or_else(|| t!("files.pasted_game").into_owned())
}

/// A file event in words.
#[must_use]
pub fn file_notice(notice: &FileNotice) -> String {
    match notice {
        FileNotice::Saved { path } => t!("files.saved", path = path.display()).into_owned(),
        FileNotice::NotSaved { path, error } => {
            t!("files.could_not_save", path = path.display(), error = error).into_owned()
        }
        FileNotice::Opened { name, moves } => {
            t!("files.opened", name = file_name(name), moves = moves).into_owned()
        }
        FileNotice::NotOpened { name, problem } => open_problem(problem, &file_name(name)),
        FileNotice::AutosaveUnreadable(problem) => t!(
            "files.autosave_unreadable",
            error = open_problem(problem, "autosave.ron")
        )
        .into_owned(),
        FileNotice::AutosaveNotSaved { path, error } => t!(
            "files.autosave_failed",
            path = path.display(),
            error = error
        )
        .into_owned(),
        FileNotice::SettingsUnreadable(error) => t!("settings.broken", error = error).into_owned(),
        FileNotice::SettingsNotSaved { path, error } => t!(
            "settings.could_not_save",
            path = path.display(),
            error = error
        )
        .into_owned(),
        FileNotice::StatisticsUnreadable(error) => t!("stats.broken", error = error).into_owned(),
        FileNotice::StatisticsNotSaved { path, error } => {
            t!("stats.could_not_save", path = path.display(), error = error).into_owned()
        }
        FileNotice::StatisticsCleared => t!("stats.cleared").into_owned(),
        FileNotice::Copied { extension } => {
            let format = FileFormat::ALL
                .into_iter()
                .find(|f| f.extension() == *extension)
                .map_or_else(|| (*extension).to_owned(), format_label);
            t!("files.copied", format = format).into_owned()
        }
        FileNotice::NoClipboard => t!("files.no_clipboard").into_owned(),
    }
}

/// A proposal's answer "no", in words.
fn refused(game: &Game, proposal: Proposal) -> String {
    let who = name(game, proposal.to());
    match proposal.kind {
        ProposalKind::Undo => t!("notice.undo_refused", name = who),
        ProposalKind::Draw => t!("game.draw_refused", name = who),
        ProposalKind::PlayAgain => t!("notice.play_again_refused", name = who),
    }
    .into_owned()
}

/// A notice in the current language (names as `game` has them now).
#[must_use]
pub fn notice_text(notice: &Notice, game: &Game) -> String {
    match notice {
        Notice::NoGame => t!("game.no_game").into_owned(),
        Notice::ContinueReplayFirst => t!("replay.continue_first").into_owned(),
        Notice::WaitForComputer => t!("game.wait_for_computer").into_owned(),
        Notice::WaitForOpponent => t!("notice.wait_for_opponent").into_owned(),
        Notice::WaitForAnswer => t!("notice.wait_for_answer").into_owned(),
        Notice::Refused { pos, size, error } => refusal_text(*pos, *size, *error),
        Notice::OpeningRefused(error) => {
            super::opening::words::error_text(error, game.record.size())
        }
        Notice::Decided {
            decision,
            seat,
            stone,
        } => super::opening::words::decided(
            decision,
            &seat_name(seat, *stone),
            *stone,
            game.record.size(),
        ),
        Notice::GameEnded => t!("game.ended").into_owned(),
        Notice::NowPlaying(mode) => {
            t!("game.now_playing", mode = mode_describe(*mode)).into_owned()
        }
        Notice::ProposalRefused(proposal) => refused(game, *proposal),
        Notice::ComputerAccepted(proposal) => {
            t!("computer.accepts_draw", name = name(game, proposal.to())).into_owned()
        }
        Notice::ReplayContinued { number, dropped } => {
            t!("replay.continued", number = number, dropped = dropped).into_owned()
        }
        Notice::NothingToUndo => t!("game.nothing_to_undo").into_owned(),
        Notice::ResultTakenBack => t!("game.result_taken_back").into_owned(),
        Notice::NothingToRedo => t!("game.nothing_to_redo").into_owned(),
        Notice::Paused(true) => t!("computer.paused").into_owned(),
        Notice::Paused(false) => t!("computer.resumed").into_owned(),
        Notice::NotWatching => t!("computer.not_watching").into_owned(),
        Notice::Watching => t!("actions.watching").into_owned(),
        Notice::DrawOnYourTurn => t!("actions.draw_on_your_turn").into_owned(),
        Notice::NoHintNow => t!("computer.no_hint_now").into_owned(),
        Notice::NoHelpInNetworkGame => t!("computer.no_help_network").into_owned(),
        Notice::ComputerResigns(stone) => {
            t!("computer.resigns", name = name(game, *stone)).into_owned()
        }
        Notice::Network(net) => net_notice_text(net, game.record.size()),
        Notice::File(file) => file_notice(file),
        Notice::Puzzle(puzzle) => super::puzzles::words::notice_text(puzzle),
        Notice::Review(review) => review_notice(review),
    }
}

fn review_notice(notice: &ReviewNotice) -> String {
    match notice {
        ReviewNotice::Finished { seconds } => t!("review.finished", seconds = seconds),
        ReviewNotice::Stopped { done, total } => {
            t!("review.stopped", done = done, total = total)
        }
        ReviewNotice::NothingToReview => t!("review.nothing"),
        ReviewNotice::GameChanged => t!("review.game_changed"),
        ReviewNotice::SavedReviewUnusable => t!("review.saved_unusable"),
    }
    .into_owned()
}

#[must_use]
pub fn format_label(format: FileFormat) -> String {
    match format {
        FileFormat::Ron => t!("files.format_ron"),
        FileFormat::Psq => t!("files.format_psq"),
        FileFormat::Sgf => t!("files.format_sgf"),
        FileFormat::Pos => t!("files.format_pos"),
    }
    .into_owned()
}

#[must_use]
pub fn theme_label(theme: Theme) -> String {
    match theme {
        Theme::Light => t!("settings.theme_light"),
        Theme::Dark => t!("settings.theme_dark"),
    }
    .into_owned()
}

#[must_use]
pub fn animation_label(level: AnimationLevel) -> String {
    match level {
        AnimationLevel::Full => t!("settings.anim_full"),
        AnimationLevel::Reduced => t!("settings.anim_reduced"),
        AnimationLevel::Off => t!("settings.anim_off"),
    }
    .into_owned()
}

/// A statistics row's title.
#[must_use]
pub fn mode_key_label(key: &ModeKey) -> String {
    let level =
        |name: &str| Level::from_name(name).map_or_else(|| name.to_owned(), i18n::level_name);
    match key {
        ModeKey::HotSeat => t!("mode.hot_seat").into_owned(),
        ModeKey::VsComputer { level: l } => t!("stats.vs_level", level = level(l)).into_owned(),
        ModeKey::ComputerVsComputer { black, white } => {
            t!("mode.levels", black = level(black), white = level(white)).into_owned()
        }
        ModeKey::Network => t!("mode.network").into_owned(),
    }
}

/// A statistics player key as shown (unnamed players by the colour, in the current language).
#[must_use]
pub fn player_key_label(key: &str) -> String {
    match key {
        "Black" => i18n::colour_title(Stone::Black),
        "White" => i18n::colour_title(Stone::White),
        _ => key.to_owned(),
    }
}

/// The words of a network notice (points named on a board of side `size`).
#[must_use]
pub fn net_notice_text(notice: &NetNotice, size: usize) -> String {
    match notice {
        NetNotice::Hosting { port } => t!("net.hosting", port = port),
        NetNotice::CannotHost { detail } => t!("net.cannot_host", detail = detail),
        NetNotice::Joining { address } => t!("net.joining", address = address),
        NetNotice::BadAddress { detail } => t!("net.bad_address", detail = detail),
        NetNotice::Connected {
            peer,
            resumed: false,
        } => t!("net.connected", name = peer),
        NetNotice::Connected {
            peer,
            resumed: true,
        } => t!("net.reconnected", name = peer),
        NetNotice::ConnectionLost => t!("net.connection_lost"),
        NetNotice::Reconnecting => t!("net.reconnecting"),
        NetNotice::Resynced { adopted: true } => t!("net.resynced_adopted"),
        NetNotice::Resynced { adopted: false } => t!("net.resynced"),
        NetNotice::PeerLeft { peer } => t!("net.peer_left", name = peer),
        NetNotice::Closed { detail } => t!("net.closed", detail = detail),
        NetNotice::HostRefused { why } => t!("net.host_refused", why = handshake_text(why)),
        NetNotice::JoinFailed { why } => t!("net.join_failed", why = handshake_text(why)),
        NetNotice::PeerRefused { why } => {
            t!("net.peer_refused", why = rejection_text(why, size))
        }
        NetNotice::Unreadable { detail } => t!("net.unreadable", detail = detail),
        NetNotice::RefusedByPeer { why } => {
            t!("net.refused_by_peer", why = rejection_text(why, size))
        }
        NetNotice::MoveTakenBack => t!("net.move_taken_back"),
        NetNotice::NotSent { why } => t!("net.not_sent", why = action_error_text(why)),
        NetNotice::RequestCancelled => t!("net.request_cancelled"),
        NetNotice::Left => t!("net.left"),
    }
    .into_owned()
}

/// A point the network named, in the board's coordinates (as numbers when off the board).
fn net_point(x: u8, y: u8, size: usize) -> String {
    if usize::from(x) < size && usize::from(y) < size {
        pos_label(Pos::new(x, y), size)
    } else {
        format!("({x}, {y})")
    }
}

/// Why one side refused a message of the other, with the board's coordinates.
#[must_use]
pub fn rejection_text(why: &Rejection, size: usize) -> String {
    match why {
        Rejection::NotYourTurn => t!("net_why.not_your_turn"),
        Rejection::WrongMoveNumber { expected, got } => {
            t!("net_why.wrong_number", expected = expected, got = got)
        }
        Rejection::OffBoard { x, y } => t!("net_why.off_board", at = net_point(*x, *y, size)),
        Rejection::Occupied { x, y } => t!("net_why.occupied", at = net_point(*x, *y, size)),
        Rejection::Forbidden { x, y, kind } => t!(
            "net_why.forbidden",
            at = net_point(*x, *y, size),
            kind = i18n::forbidden_name(*kind)
        ),
        Rejection::GameOver => t!("net_why.game_over"),
        Rejection::GameNotOver => t!("net_why.game_not_over"),
        Rejection::RequestPending => t!("net_why.request_pending"),
        Rejection::NoRequest => t!("net_why.no_request"),
        Rejection::BadUndo { to, detail } => t!("net_why.bad_undo", to = to, detail = detail),
        Rejection::ChatTooLong { chars, max } => {
            t!("net_why.chat_too_long", chars = chars, max = max)
        }
        Rejection::ChatFlood => t!("net_why.chat_flood"),
        Rejection::BadName { max } => t!("net_why.bad_name", max = max),
        Rejection::Unexpected { detail } => t!("net_why.unexpected", detail = detail),
        Rejection::BadFrame { detail } => t!("net_why.bad_frame", detail = detail),
        Rejection::BadSync { detail } => t!("net_why.bad_sync", detail = detail),
        Rejection::WrongStepNumber { expected, got } => {
            t!("net_why.wrong_step", expected = expected, got = got)
        }
        Rejection::Opening { detail } => t!("net_why.opening", detail = detail),
        Rejection::TimeClaim {
            claimed_ms,
            measured_ms,
            tolerance_ms,
        } => t!(
            "net_why.time_claim",
            claimed = seconds(*claimed_ms),
            measured = seconds(*measured_ms),
            tolerance = seconds(*tolerance_ms)
        ),
        Rejection::TimeLeft { left_ms } => t!("net_why.time_left", left = seconds(*left_ms)),
        Rejection::NoClock => t!("net_why.no_clock"),
    }
    .into_owned()
}

/// Why the host turned a player away.
#[must_use]
pub fn handshake_text(why: &Refusal) -> String {
    let versions = |v: &[u32]| {
        v.iter()
            .map(ToString::to_string)
            .collect::<Vec<_>>()
            .join(", ")
    };
    match why {
        Refusal::Version { host, joiner } => t!(
            "net_why.version",
            host = versions(host),
            joiner = versions(joiner)
        ),
        Refusal::Busy => t!("net_why.busy"),
        Refusal::UnknownGame { .. } => t!("net_why.unknown_game"),
        Refusal::Settings { detail } => t!("net_why.settings", detail = detail),
        Refusal::Handshake { detail } => t!("net_why.handshake", detail = detail),
    }
    .into_owned()
}

/// Why something the person here did could not be sent.
#[must_use]
pub fn action_error_text(why: &ActionError) -> String {
    match why {
        ActionError::NotConnected => t!("net_why.not_connected"),
        ActionError::Closed => t!("net_why.closed"),
        ActionError::NotYourTurn => t!("net_why.not_your_turn"),
        ActionError::RequestPending => t!("net_why.request_pending"),
        ActionError::NoRequest => t!("net_why.no_request"),
        ActionError::Move(error) => t!("net_why.move", why = move_error_text(*error)),
        ActionError::GameOver => t!("net_why.game_over"),
        ActionError::GameNotOver => t!("net_why.game_not_over"),
        ActionError::NothingToUndo => t!("net_why.nothing_to_undo"),
        ActionError::ChatTooLong { max } => t!("net_why.chat_max", max = max),
        ActionError::ChatEmpty => t!("net_why.chat_empty"),
        ActionError::ChatFlood => t!("net_why.chat_wait"),
        ActionError::BadName { max } => t!("net_why.bad_name", max = max),
        ActionError::Opening(error) => std::borrow::Cow::Owned(super::opening::words::error_text(
            error,
            gomoku_rules::DEFAULT_SIZE,
        )),
        ActionError::TimeLeft { left_ms } => t!("net_why.time_left", left = seconds(*left_ms)),
        ActionError::NoClock => t!("net_why.no_clock"),
        ActionError::OutOfTime => t!("net_why.out_of_time"),
    }
    .into_owned()
}

/// Milliseconds as seconds with one decimal, e.g. `7.9`.
fn seconds(ms: impl Into<u64>) -> String {
    let ms: u64 = ms.into();
    format!("{}.{}", ms / 1000, (ms % 1000) / 100)
}

/// A refused move's reason without its point (the action's point is not kept).
#[must_use]
pub fn move_error_text(error: MoveError) -> String {
    match error {
        MoveError::GameOver => t!("net_why.game_over"),
        MoveError::OffBoard => t!("net_why.move_off_board"),
        MoveError::Occupied => t!("net_why.move_occupied"),
        MoveError::Forbidden(kind) => {
            t!("net_why.move_forbidden", kind = i18n::forbidden_name(kind))
        }
    }
    .into_owned()
}
