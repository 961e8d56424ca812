//! The computer on the board: the hint marker, the principal variation as numbered
//! translucent ghost stones (analysis on), and redraw requests while a search runs (the app
//! otherwise only redraws on input, to keep an idle window at 0 % CPU).

use super::AiActivity;
use super::analysis::Analysis;
use super::player::ComputerPlayer;
use crate::board::layout::STONE_SIZE;
use crate::board::layout::{BoardLayout, world_of};
use crate::board::view::z;
use crate::game::Game;
use crate::textures::Textures;
use bevy::prelude::*;
use bevy::window::RequestRedraw;
use bevy_egui::{EguiContexts, EguiPrimaryContextPass, egui};
use gomoku_rules::{Pos, Stone};

/// Ghost stones shown of the principal variation.
pub const PV_SHOWN: usize = 8;
const HINT_COLOR: Color = Color::srgb(0.18, 0.86, 0.74);

#[derive(Component)]
struct HintMarker;

#[derive(Component)]
struct PvGhost;

/// The ghost stones on the board: point, colour, number in the line.
#[derive(Resource, Default, Clone, Debug, PartialEq, Eq)]
pub struct PvGhosts(pub Vec<(Pos, Stone, usize)>);

pub(crate) fn plugin(app: &mut App) {
    app.init_resource::<PvGhosts>()
        .add_systems(Startup, spawn_hint_marker)
        .add_systems(
            Update,
            (update_hint, update_pv, request_redraws).in_set(crate::GameSystems::Present),
        )
        .add_systems(EguiPrimaryContextPass, draw_pv_numbers);
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
fn pv_line(
    game: &Game,
    analysis: &Analysis,
    computer: &ComputerPlayer,
) -> Vec<(Pos, Stone, usize)> {
    if !analysis.enabled || !game.in_progress() {
        return Vec::new();
    }
    let Some(view) = super::readout::analysis_view(analysis, game, computer) else {
        return Vec::new();
    };
    let mut board = game.record.board().clone();
    let mut stone = view.to_move;
    let mut line = Vec::new();
    for (i, &pos) in view.pv.iter().take(PV_SHOWN).enumerate() {
        if !board.contains(pos) || board.get(pos).is_some() {
            break;
        }
        board.set(pos, Some(stone));
        line.push((pos, stone, i + 1));
        stone = stone.opponent();
    }
    line
}

fn update_pv(
    mut commands: Commands,
    game: Res<Game>,
    analysis: Res<Analysis>,
    computer: Res<ComputerPlayer>,
    textures: Res<Textures>,
    mut shown: ResMut<PvGhosts>,
    old: Query<Entity, With<PvGhost>>,
) {
    let line = pv_line(&game, &analysis, &computer);
    if line == shown.0 {
        return;
    }
    for entity in &old {
        commands.entity(entity).despawn();
    }
    for &(pos, stone, n) in &line {
        let alpha = if stone == Stone::Black { 0.5 } else { 0.62 };
        commands.spawn((
            PvGhost,
            Name::new(format!("Line move {n}")),
            Sprite {
                image: textures.stone(stone),
                color: Color::srgba(1.0, 1.0, 1.0, alpha),
                custom_size: Some(Vec2::splat(STONE_SIZE * 0.92)),
                ..default()
            },
            Transform::from_translation(world_of(pos, game.record.size()).extend(z::MARKER + 0.2)),
        ));
    }
    shown.0 = line;
}

fn draw_pv_numbers(
    mut contexts: EguiContexts,
    shown: Res<PvGhosts>,
    layout: Res<BoardLayout>,
) -> Result {
    if shown.0.is_empty() {
        return Ok(());
    }
    let ctx = contexts.ctx_mut()?;
    let painter = ctx.layer_painter(egui::LayerId::new(
        egui::Order::Background,
        egui::Id::new("line numbers"),
    ));
    for &(pos, stone, n) in &shown.0 {
        let at = layout.screen(pos);
        let color = match stone {
            Stone::Black => egui::Color32::from_rgb(250, 246, 236),
            Stone::White => egui::Color32::from_rgb(24, 20, 16),
        };
        painter.text(
            egui::pos2(at.x, at.y),
            egui::Align2::CENTER_CENTER,
            n.to_string(),
            egui::FontId::proportional(layout.cell * 0.44),
            color,
        );
    }
    Ok(())
}

/// Keeps frames coming while the computer thinks or waits, so the read-out moves and its
/// move appears at once.
fn request_redraws(activity: Res<AiActivity>, mut redraw: MessageWriter<RequestRedraw>) {
    if activity.busy() {
        redraw.write(RequestRedraw);
    }
}
