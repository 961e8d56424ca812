//! The computer on the board: the hint marker, the principal variation as numbered
//! translucent ghost stones (analysis on; drawn by `board/ghosts.rs`), and redraw requests while a search runs (the app
//! otherwise only redraws on input, to keep an idle window at 0 % CPU).

use super::AiActivity;
use super::analysis::Analysis;
use super::player::ComputerPlayer;
use crate::board::ghosts::{Ghost, Ghosts, line_ghosts};
use crate::board::layout::world_of;
use crate::board::view::z;
use crate::game::Game;
use crate::textures::Textures;
use bevy::prelude::*;
use bevy::window::RequestRedraw;

/// Ghost stones shown of the principal variation.
pub const PV_SHOWN: usize = 8;
const HINT_COLOR: Color = Color::srgb(0.18, 0.86, 0.74);

#[derive(Component)]
struct HintMarker;

pub(crate) fn plugin(app: &mut App) {
    app.add_systems(Startup, spawn_hint_marker).add_systems(
        Update,
        (
            update_pv.in_set(crate::GameSystems::React),
            (update_hint, request_redraws).in_set(crate::GameSystems::Present),
        ),
    );
}

fn spawn_hint_marker(mut commands: Commands, textures: Res<Textures>) {
    commands
        .spawn((
            HintMarker,
            Name::new("Hint marker"),
            Sprite {
                image: textures.ring.clone(),
                color: HINT_COLOR,
                custom_size: Some(Vec2::splat(0.9)),
                ..default()
            },
            Transform::from_xyz(0.0, 0.0, z::MARKER + 0.4),
            Visibility::Hidden,
        ))
        .with_child((
            Sprite {
                image: textures.disc.clone(),
                color: HINT_COLOR.with_alpha(0.35),
                custom_size: Some(Vec2::splat(0.62)),
                ..default()
            },
            Transform::from_xyz(0.0, 0.0, -0.1),
        ));
}

fn update_hint(
    game: Res<Game>,
    analysis: Res<Analysis>,
    mut marker: Single<(&mut Transform, &mut Visibility), With<HintMarker>>,
) {
    let (transform, visibility) = &mut *marker;
    match analysis.hint(&game).filter(|_| game.in_progress()) {
        Some(pos) => {
            let at = world_of(pos, game.record.size()).extend(z::MARKER + 0.4);
            if transform.translation != at {
                transform.translation = at;
            }
            visibility.set_if_neq(Visibility::Visible);
        }
        None => {
            visibility.set_if_neq(Visibility::Hidden);
        }
    }
}

/// The line to draw: the analysis (or the computer's search) from the position on the board.
fn pv_line(game: &Game, analysis: &Analysis, computer: &ComputerPlayer) -> Vec<Ghost> {
    if !analysis.enabled || !game.in_progress() {
        return Vec::new();
    }
    let Some(view) = super::readout::analysis_view(analysis, game, computer) else {
        return Vec::new();
    };
    line_ghosts(game, &view.pv, view.to_move, PV_SHOWN)
}

fn update_pv(
    game: Res<Game>,
    analysis: Res<Analysis>,
    computer: Res<ComputerPlayer>,
    mut ghosts: ResMut<Ghosts>,
) {
    let line = pv_line(&game, &analysis, &computer);
    if line != ghosts.analysis {
        ghosts.analysis = line;
    }
}

/// Keeps frames coming while the computer thinks or waits, so the read-out moves and its
/// move appears at once.
fn request_redraws(activity: Res<AiActivity>, mut redraw: MessageWriter<RequestRedraw>) {
    if activity.busy() {
        redraw.write(RequestRedraw);
    }
}
