//! The trainer on the board: the solution as numbered translucent ghost stones over the
//! puzzle's position (once the attempt is over and the solution is asked for; the first
//! move ringed), and redraw requests while the engine looks for its defence (the window
//! otherwise sleeps until input). Reads `Trainer`, `Game`; writes `RequestRedraw`.

use super::Trainer;
use crate::GameSystems;
use crate::board::layout::{BoardLayout, STONE_SIZE, world_of};
use crate::board::view::z;
use crate::game::Game;
use crate::textures::Textures;
use bevy::prelude::*;
use bevy::window::RequestRedraw;
use bevy_egui::{EguiContexts, EguiPrimaryContextPass, egui};
use gomoku_rules::{Pos, Stone};

const RING: Color = Color::srgb(0.18, 0.86, 0.74);

#[derive(Component)]
struct SolutionGhost;

/// The solution's stones drawn now: point, colour, number in the line.
#[derive(Resource, Default, Clone, Debug, PartialEq, Eq)]
pub struct SolutionGhosts(pub Vec<(Pos, Stone, usize)>);

pub(crate) fn plugin(app: &mut App) {
    app.init_resource::<SolutionGhosts>()
        .add_systems(
            Update,
            (update_ghosts, request_redraws).in_set(GameSystems::Present),
        )
        .add_systems(EguiPrimaryContextPass, draw_numbers);
}

/// The solution line to draw over the board, if the trainer shows it.
#[must_use]
pub fn solution_line(trainer: &Trainer, game: &Game) -> Vec<(Pos, Stone, usize)> {
    let (Some(current), Some(puzzle)) = (trainer.current.as_ref(), trainer.puzzle()) else {
        return Vec::new();
    };
    if !current.showing_solution || !game.in_puzzle() {
        return Vec::new();
    }
    let board = game.record.board();
    let mut stone = puzzle.side;
    let mut line = Vec::new();
    for (i, &pos) in puzzle.solution.iter().enumerate() {
        if !board.contains(pos) || board.get(pos).is_some() {
            break;
        }
        line.push((pos, stone, i + 1));
        stone = stone.opponent();
    }
    line
}

fn update_ghosts(
    mut commands: Commands,
    game: Res<Game>,
    trainer: Res<Trainer>,
    textures: Res<Textures>,
    mut shown: ResMut<SolutionGhosts>,
    old: Query<Entity, With<SolutionGhost>>,
) {
    let line = solution_line(&trainer, &game);
    if line == shown.0 {
        return;
    }
    for entity in &old {
        commands.entity(entity).despawn();
    }
    let size = game.record.size();
    for &(pos, stone, n) in &line {
        let alpha = if stone == Stone::Black { 0.55 } else { 0.7 };
        let mut ghost = commands.spawn((
            SolutionGhost,
            Name::new(format!("Solution move {n}")),
            Sprite {
                image: textures.stone(stone),
                color: Color::srgba(1.0, 1.0, 1.0, alpha),
                custom_size: Some(Vec2::splat(STONE_SIZE * 0.92)),
                ..default()
            },
            Transform::from_translation(world_of(pos, size).extend(z::MARKER + 0.2)),
        ));
        if n == 1 {
            ghost.with_child((
                Sprite {
                    image: textures.ring.clone(),
                    color: RING,
                    custom_size: Some(Vec2::splat(1.05)),
                    ..default()
                },
                Transform::from_xyz(0.0, 0.0, 0.1),
            ));
        }
    }
    shown.0 = line;
}

fn draw_numbers(
    mut contexts: EguiContexts,
    shown: Res<SolutionGhosts>,
    layout: Res<BoardLayout>,
) -> Result {
    if shown.0.is_empty() {
        return Ok(());
    }
    let ctx = contexts.ctx_mut()?;
    let painter = ctx.layer_painter(egui::LayerId::new(
        egui::Order::Background,
        egui::Id::new("solution numbers"),
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
            egui::FontId::proportional(layout.cell * 0.46),
            color,
        );
    }
    Ok(())
}

/// Frames keep coming while the defence is searched, so it appears as soon as it is found.
fn request_redraws(trainer: Res<Trainer>, mut redraw: MessageWriter<RequestRedraw>) {
    if trainer.busy() {
        redraw.write(RequestRedraw);
    }
}
