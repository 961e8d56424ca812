//! Mouse picking: the cursor maps to the nearest intersection within a radius, a translucent
//! ghost stone in the colour to move follows it while a person here is to move, and a click
//! sends a `MoveRequest` from `Actor::Local`.

use super::layout::{BoardLayout, STONE_SIZE};
use super::view::z;
use crate::GameSystems;
use crate::anim::{self, Glide, Motion};
use crate::game::{Game, MoveRequest};
use crate::textures::Textures;
use bevy::prelude::*;
use bevy::window::{PrimaryWindow, WindowEvent};
use gomoku_rules::{Pos, Stone};

/// Set by the interface when the pointer is over a panel or a dialog is open, so that clicks
/// on the menu never reach the board.
#[derive(Resource, Default, Clone, Copy, Debug, PartialEq, Eq)]
pub struct BoardInputBlocked(pub bool);

/// The intersection under the cursor, if any.
#[derive(Resource, Default, Clone, Copy, Debug, PartialEq, Eq)]
pub struct HoveredPoint(pub Option<Pos>);

#[derive(Component)]
struct Ghost;

/// The resources the interface shares with the picking (also present without a window).
pub(crate) fn input_plugin(app: &mut App) {
    app.init_resource::<BoardInputBlocked>()
        .init_resource::<HoveredPoint>();
}

pub(crate) fn plugin(app: &mut App) {
    app.add_systems(Startup, spawn_ghost).add_systems(
        Update,
        (
            pick.in_set(GameSystems::Input),
            move_ghost.in_set(GameSystems::Present),
        ),
    );
}

fn spawn_ghost(mut commands: Commands, textures: Res<Textures>) {
    commands.spawn((
        Ghost,
        Name::new("Ghost stone"),
        Sprite {
            image: textures.black_stone.clone(),
            color: Color::srgba(1.0, 1.0, 1.0, 0.55),
            custom_size: Some(Vec2::splat(STONE_SIZE)),
            ..default()
        },
        Transform::from_xyz(0.0, 0.0, z::GHOST),
        Visibility::Hidden,
    ));
}

/// The ghost follows the pointer over the board (focused or not); a press of the left button
/// plays the point under the pointer at the moment it went down, even when the frame that
/// reads it comes late (a stall while the window was busy).
fn pick(
    window: Option<Single<&Window, With<PrimaryWindow>>>,
    layout: Res<BoardLayout>,
    blocked: Res<BoardInputBlocked>,
    mut events: MessageReader<WindowEvent>,
    mut hovered: ResMut<HoveredPoint>,
    game: Res<Game>,
    mut moves: MessageWriter<MoveRequest>,
    mut last_cursor: Local<Option<Vec2>>,
) {
    for event in events.read() {
        match event {
            WindowEvent::CursorMoved(moved) => *last_cursor = Some(moved.position),
            WindowEvent::CursorLeft(_) => *last_cursor = None,
            WindowEvent::MouseButtonInput(press)
                if press.button == MouseButton::Left && press.state.is_pressed() =>
            {
                let at = last_cursor.or_else(|| window.as_ref().and_then(|w| w.cursor_position()));
                if let Some(pos) = at.filter(|_| !blocked.0).and_then(|c| layout.pick(c)) {
                    moves.write(game.local_move(pos));
                }
            }
            _ => {}
        }
    }
    let point = window
        .and_then(|w| w.cursor_position())
        .filter(|_| !blocked.0)
        .and_then(|cursor| layout.pick(cursor));
    hovered.set_if_neq(HoveredPoint(point));
}

fn move_ghost(
    mut commands: Commands,
    hovered: Res<HoveredPoint>,
    game: Res<Game>,
    textures: Res<Textures>,
    motion: Motion,
    mut ghost: Single<(Entity, &mut Sprite, &mut Transform, &mut Visibility), With<Ghost>>,
) {
    let (entity, sprite, transform, visibility) = &mut *ghost;
    let target = hovered
        .0
        .filter(|&p| game.local_to_move() && game.clickable(p));
    let Some(pos) = target else {
        visibility.set_if_neq(Visibility::Hidden);
        return;
    };
    let stone = game.ghost_colour();
    let alpha = if stone == Stone::Black { 0.62 } else { 0.72 };
    if sprite.image != textures.stone(stone) {
        sprite.image = textures.stone(stone);
    }
    sprite.color = Color::srgba(1.0, 1.0, 1.0, alpha);
    let at = super::layout::world_of(pos, game.record.size()).extend(z::GHOST);
    // From one point to the next the ghost glides; when it appears it is there at once.
    let shown = **visibility == Visibility::Visible;
    if transform.translation != at {
        if shown && motion.tween(anim::GLIDE_TAU).is_some() {
            commands.entity(*entity).insert(Glide { target: at });
        } else {
            commands.entity(*entity).remove::<Glide>();
            transform.translation = at;
        }
    }
    visibility.set_if_neq(Visibility::Visible);
}
