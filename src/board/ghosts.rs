//! Ghost stones: translucent stones of moves that were not played — the analysis's principal
//! variation (`ai/view.rs`) and the review's better move and line (`review/view.rs`) — with
//! their numbers in the line; a puzzle's solution (`puzzles/view.rs`). Each producer fills its own list in `Ghosts` (in `React`); the
//! sprites follow the lists here (in `Present`) and the numbers are painted over them.

use super::layout::{BoardLayout, STONE_SIZE, world_of};
use super::view::z;
use crate::game::Game;
use crate::textures::Textures;
use bevy::prelude::*;
use bevy_egui::{EguiContexts, EguiPrimaryContextPass, egui};
use gomoku_rules::{Pos, Stone};

/// One ghost stone; `number`: its place in a line (none for a single suggested move);
/// `ringed`: marked as the move to look at first.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Ghost {
    pub pos: Pos,
    pub stone: Stone,
    pub number: Option<usize>,
    pub ringed: bool,
}

/// The colour of a ghost stone's ring.
const RING: Color = Color::srgb(0.18, 0.86, 0.74);

/// The ghost stones each producer wants on the board.
#[derive(Resource, Default, Clone, Debug, PartialEq, Eq)]
pub struct Ghosts {
    /// The analysis's principal variation.
    pub analysis: Vec<Ghost>,
    /// The review's better move, or its line.
    pub review: Vec<Ghost>,
    /// A puzzle's solution.
    pub puzzle: Vec<Ghost>,
}

impl Ghosts {
    /// Every ghost to draw; where two producers want the same point, the puzzle's and then
    /// the review's win.
    #[must_use]
    pub fn all(&self) -> Vec<Ghost> {
        let mut all: Vec<Ghost> = Vec::new();
        for list in [&self.puzzle, &self.review, &self.analysis] {
            let new: Vec<Ghost> = list
                .iter()
                .filter(|g| !all.iter().any(|a| a.pos == g.pos))
                .copied()
                .collect();
            all.extend(new);
        }
        all
    }
}

/// `line` played out from the position on `game`'s board, numbered from 1, as far as its
/// points are free; `first`: the colour of its first move.
#[must_use]
pub fn line_ghosts(game: &Game, line: &[Pos], first: Stone, most: usize) -> Vec<Ghost> {
    let mut board = game.record.board().clone();
    let mut stone = first;
    let mut ghosts = Vec::new();
    for (i, &pos) in line.iter().take(most).enumerate() {
        if !board.contains(pos) || board.get(pos).is_some() {
            break;
        }
        board.set(pos, Some(stone));
        ghosts.push(Ghost {
            pos,
            stone,
            number: Some(i + 1),
            ringed: false,
        });
        stone = stone.opponent();
    }
    ghosts
}

#[derive(Component)]
struct GhostSprite;

/// The ghosts the sprites show now.
#[derive(Resource, Default)]
struct Shown(Vec<Ghost>);

pub(crate) fn plugin(app: &mut App) {
    app.init_resource::<Ghosts>()
        .init_resource::<Shown>()
        .add_systems(Update, sync_sprites.in_set(crate::GameSystems::Present))
        .add_systems(EguiPrimaryContextPass, draw_numbers);
}

fn sync_sprites(
    mut commands: Commands,
    ghosts: Res<Ghosts>,
    game: Res<Game>,
    textures: Res<Textures>,
    mut shown: ResMut<Shown>,
    old: Query<Entity, With<GhostSprite>>,
) {
    let all = ghosts.all();
    if all == shown.0 {
        return;
    }
    for entity in &old {
        commands.entity(entity).despawn();
    }
    for ghost in &all {
        let alpha = if ghost.stone == Stone::Black {
            0.5
        } else {
            0.62
        };
        let mut sprite = commands.spawn((
            GhostSprite,
            Name::new(format!("Ghost stone {}", ghost.pos)),
            Sprite {
                image: textures.stone(ghost.stone),
                color: Color::srgba(1.0, 1.0, 1.0, alpha),
                custom_size: Some(Vec2::splat(STONE_SIZE * 0.92)),
                ..default()
            },
            Transform::from_translation(
                world_of(ghost.pos, game.record.size()).extend(z::MARKER + 0.2),
            ),
        ));
        if ghost.ringed {
            sprite.with_child((
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
    shown.0 = all;
}

fn draw_numbers(mut contexts: EguiContexts, shown: Res<Shown>, layout: Res<BoardLayout>) -> Result {
    if shown.0.iter().all(|g| g.number.is_none()) {
        return Ok(());
    }
    let ctx = contexts.ctx_mut()?;
    let painter = ctx.layer_painter(egui::LayerId::new(
        egui::Order::Background,
        egui::Id::new("ghost numbers"),
    ));
    for ghost in &shown.0 {
        let Some(n) = ghost.number else {
            continue;
        };
        let at = layout.screen(ghost.pos);
        let color = match ghost.stone {
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
