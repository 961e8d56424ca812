//! Stones as entities: one per stone on the board, spawned on `StonePlaced` and despawned on
//! `StoneRemoved` / `BoardReset`. The logic part runs headless; `view_plugin` gives them
//! shaded sprites with a soft shadow.

use super::layout::{STONE_SIZE, world_of};
use super::view::z;
use crate::GameSystems;
use crate::anim::{self, LiftOut, Motion, ScaleIn, ShadowSettle};
use crate::game::{BoardReset, Game, StonePlaced, StoneRemoved};
use crate::textures::Textures;
use bevy::prelude::*;
use gomoku_rules::{Pos, Stone};

/// The intersection a stone stands on.
#[derive(Component, Clone, Copy, Debug, PartialEq, Eq)]
pub struct BoardPos(pub Pos);

/// A stone's colour.
#[derive(Component, Clone, Copy, Debug, PartialEq, Eq)]
pub struct StoneColor(pub Stone);

/// The 1-based number of the move that placed the stone.
#[derive(Component, Clone, Copy, Debug, PartialEq, Eq)]
pub struct MoveNumber(pub usize);

pub(crate) fn plugin(app: &mut App) {
    app.add_systems(Update, sync_stones.in_set(GameSystems::React));
}

pub(crate) fn view_plugin(app: &mut App) {
    app.add_systems(
        Update,
        (
            // Copies the stone before `sync_stones` despawns it.
            lift_removed_stones
                .in_set(GameSystems::React)
                .before(sync_stones),
            dress_stones.in_set(GameSystems::Present),
        ),
    );
}

/// Where a stone's shadow rests, relative to the stone.
const SHADOW_OFFSET: Vec2 = Vec2::new(0.07, -0.09);

/// A stone's shadow (a child of the stone).
#[derive(Component)]
struct StoneShadow;

/// An undone stone rises and fades out (a copy: the stone entity itself is gone at once).
fn lift_removed_stones(
    mut commands: Commands,
    mut removed: MessageReader<StoneRemoved>,
    resets: MessageReader<BoardReset>,
    stones: Query<(&BoardPos, &StoneColor, &Sprite, &Transform)>,
    motion: Motion,
) {
    if !resets.is_empty() {
        removed.clear();
        return;
    }
    for r in removed.read() {
        let Some(tween) = motion.tween(anim::LIFT_SECONDS) else {
            continue;
        };
        if let Some((_, _, sprite, transform)) = stones.iter().find(|(p, ..)| p.0 == r.pos) {
            commands.spawn((
                Name::new("Lifted stone"),
                sprite.clone(),
                Transform::from_translation(transform.translation + Vec3::Z * 0.5),
                LiftOut { tween, grow: 0.25 },
            ));
        }
    }
}

/// Applies the board messages of this frame in the order they were sent.
fn sync_stones(
    mut commands: Commands,
    mut resets: MessageReader<BoardReset>,
    mut placed: MessageReader<StonePlaced>,
    mut removed: MessageReader<StoneRemoved>,
    stones: Query<(Entity, &BoardPos), With<StoneColor>>,
) {
    // A reset comes before the stones of the new game, so despawn first, then spawn.
    let reset = resets.read().count() > 0;
    let mut gone: Vec<Pos> = removed.read().map(|r| r.pos).collect();
    for (entity, pos) in &stones {
        if reset || gone.contains(&pos.0) {
            commands.entity(entity).despawn();
            if let Some(i) = gone.iter().position(|p| *p == pos.0) {
                gone.swap_remove(i);
            }
        }
    }
    for p in placed.read() {
        commands.spawn((
            Name::new(format!("{} stone {}", p.stone, p.pos)),
            BoardPos(p.pos),
            StoneColor(p.stone),
            MoveNumber(p.number),
        ));
    }
}

/// Gives new stone entities their sprite and shadow; a stone just played drops in (not the
/// stones of a game being loaded, which appear together).
fn dress_stones(
    mut commands: Commands,
    textures: Res<Textures>,
    game: Res<Game>,
    new_stones: Query<(Entity, &BoardPos, &StoneColor), Added<StoneColor>>,
    motion: Motion,
) {
    let single = new_stones.iter().count() == 1;
    for (entity, pos, color) in &new_stones {
        let at = world_of(pos.0, game.record.size());
        let tween = motion.tween(anim::DROP_SECONDS).filter(|_| single);
        let mut stone = commands.entity(entity);
        stone.insert((
            Sprite {
                image: textures.stone(color.0),
                custom_size: Some(Vec2::splat(STONE_SIZE)),
                ..default()
            },
            Transform::from_translation(at.extend(z::STONE)),
        ));
        let shadow = (
            StoneShadow,
            Sprite {
                image: textures.shadow.clone(),
                custom_size: Some(Vec2::splat(STONE_SIZE * 1.22)),
                ..default()
            },
            Transform::from_translation(SHADOW_OFFSET.extend(z::STONE_SHADOW - z::STONE)),
        );
        match tween {
            Some(tween) => {
                stone.insert(ScaleIn { tween, from: 1.3 }).with_child((
                    shadow,
                    ShadowSettle {
                        tween,
                        rest: SHADOW_OFFSET,
                    },
                ));
            }
            None => {
                stone.with_child(shadow);
            }
        }
    }
}
