//! Marks on the board: the last move, renju forbidden points before black plays, the winning
//! line at the end, (optionally) the move numbers on the stones, and during an opening the
//! square an opening stone must go in and the fifth moves picked or offered.

use super::layout::{BoardLayout, world_of};
use super::stones::{BoardPos, MoveNumber, StoneColor};
use super::view::z;
use crate::GameSystems;
use crate::anim::{self, FadeIn, Motion, Pulse, Sweep};
use crate::game::{BoardReset, Game, GameOver};
use crate::settings::Settings;
use crate::textures::Textures;
use bevy::prelude::*;
use bevy_egui::{EguiContexts, EguiPrimaryContextPass, egui};
use gomoku_rules::{Pos, Stone};

const MARK_RED: Color = Color::srgb(0.86, 0.16, 0.10);

#[derive(Component)]
struct LastMoveMarker;

/// A forbidden point's cross.
#[derive(Component)]
struct ForbiddenMark(Pos);

#[derive(Component)]
struct WinMark;

pub(crate) fn plugin(app: &mut App) {
    app.add_systems(Startup, spawn_last_move_marker)
        .add_systems(
            Update,
            (update_last_move, update_forbidden, update_win_line).in_set(GameSystems::Present),
        )
        .add_systems(
            EguiPrimaryContextPass,
            (draw_move_numbers, draw_opening_marks),
        );
}

fn spawn_last_move_marker(mut commands: Commands, textures: Res<Textures>) {
    commands.spawn((
        LastMoveMarker,
        Name::new("Last move marker"),
        Sprite {
            image: textures.disc.clone(),
            color: MARK_RED,
            custom_size: Some(Vec2::splat(0.22)),
            ..default()
        },
        Transform::from_xyz(0.0, 0.0, z::MARKER),
        Visibility::Hidden,
    ));
}

/// Places the marker on the last move; after a new move it pulses for a while.
fn update_last_move(
    mut commands: Commands,
    game: Res<Game>,
    settings: Res<Settings>,
    motion: Motion,
    mut marker: Single<(Entity, &mut Transform, &mut Visibility), With<LastMoveMarker>>,
) {
    if !game.is_changed() && !settings.is_changed() {
        return;
    }
    let (entity, transform, visibility) = &mut *marker;
    match game.record.last_move().filter(|_| !settings.move_numbers) {
        Some(pos) => {
            let at = world_of(pos, game.record.size()).extend(z::MARKER);
            let moved = transform.translation != at || **visibility == Visibility::Hidden;
            transform.translation = at;
            **visibility = Visibility::Visible;
            if moved
                && motion.decorative()
                && let Some(tween) = motion.tween(anim::PULSE_SECONDS)
            {
                commands.entity(*entity).insert(Pulse { tween, base: 1.0 });
            }
        }
        None => **visibility = Visibility::Hidden,
    }
}

fn update_forbidden(
    mut commands: Commands,
    game: Res<Game>,
    settings: Res<Settings>,
    textures: Res<Textures>,
    motion: Motion,
    old: Query<(Entity, &ForbiddenMark)>,
) {
    if !game.is_changed() && !settings.is_changed() {
        return;
    }
    let size = game.record.size();
    let shown: Vec<Pos> = old.iter().map(|(_, mark)| mark.0).collect();
    for (entity, _) in &old {
        commands.entity(entity).despawn();
    }
    if !settings.forbidden_marks || !game.in_progress() {
        return;
    }
    let fade = motion.tween(anim::FADE_SECONDS);
    for (pos, kind) in game.record.forbidden_points() {
        // A mark already shown at this point stays as it is; a new one fades in.
        let fading = fade.filter(|_| !shown.contains(&pos));
        let mut mark = commands.spawn((
            ForbiddenMark(pos),
            Name::new(format!("Forbidden {pos} ({kind})")),
            Sprite {
                image: textures.cross.clone(),
                color: MARK_RED.with_alpha(if fading.is_some() { 0.0 } else { 0.9 }),
                custom_size: Some(Vec2::splat(0.5)),
                ..default()
            },
            Transform::from_translation(world_of(pos, size).extend(z::FORBIDDEN)),
        ));
        if let Some(tween) = fading {
            mark.insert(FadeIn { tween, alpha: 0.9 });
        }
    }
}

fn update_win_line(
    mut commands: Commands,
    game: Res<Game>,
    textures: Res<Textures>,
    motion: Motion,
    mut over: MessageReader<GameOver>,
    resets: MessageReader<BoardReset>,
    old: Query<Entity, With<WinMark>>,
) {
    // Only a game that just ended sweeps; a finished game being loaded shows at once.
    let just_won = over.read().count() > 0 && resets.is_empty();
    if !game.is_changed() {
        return;
    }
    for entity in &old {
        commands.entity(entity).despawn();
    }
    let Some(result) = game.record.result() else {
        return;
    };
    let (Some(&first), Some(&last)) = (result.line.first(), result.line.last()) else {
        return;
    };
    let size = game.record.size();
    let (a, b) = (world_of(first, size), world_of(last, size));
    let along = b - a;
    let glow = Color::srgba(1.0, 0.78, 0.25, 0.9);
    let sweep = motion.tween(anim::SWEEP_SECONDS).filter(|_| just_won);
    let mut line = commands.spawn((
        WinMark,
        Name::new("Winning line"),
        Sprite::from_color(
            MARK_RED.with_alpha(0.8),
            Vec2::new(along.length() + 0.2, 0.09),
        ),
        Transform::from_translation(((a + b) / 2.0).extend(z::WIN_LINE))
            .with_rotation(Quat::from_rotation_z(along.y.atan2(along.x))),
    ));
    if let Some(tween) = sweep {
        let ext = along.normalize_or_zero() * 0.1;
        line.insert(Sweep {
            tween,
            from: a - ext,
            to: b + ext,
            alpha: 0.8,
            glow: motion.decorative().then_some(anim::Tween {
                start: tween.start + tween.duration,
                duration: anim::GLOW_SECONDS,
            }),
        });
    }
    let rings = result.line.len().max(1) as f32;
    for (i, &pos) in result.line.iter().enumerate() {
        let mut ring = commands.spawn((
            WinMark,
            Sprite {
                image: textures.ring.clone(),
                color: glow.with_alpha(if sweep.is_some() { 0.0 } else { 0.9 }),
                custom_size: Some(Vec2::splat(1.02)),
                ..default()
            },
            Transform::from_translation(world_of(pos, size).extend(z::WIN_LINE - 0.5)),
        ));
        // The rings light up one after another as the sweep passes them.
        if let Some(tween) = sweep {
            let step = tween.duration / rings;
            ring.insert(FadeIn {
                tween: anim::Tween {
                    start: tween.start + step * i as f32,
                    duration: step * 1.5,
                },
                alpha: 0.9,
            });
        }
    }
}

fn draw_move_numbers(
    mut contexts: EguiContexts,
    settings: Res<Settings>,
    layout: Res<BoardLayout>,
    game: Res<Game>,
    stones: Query<(&BoardPos, &StoneColor, &MoveNumber)>,
) -> Result {
    if !settings.move_numbers {
        return Ok(());
    }
    let ctx = contexts.ctx_mut()?;
    let painter = ctx.layer_painter(egui::LayerId::new(
        egui::Order::Background,
        egui::Id::new("move numbers"),
    ));
    let last = game.record.moves().len();
    for (pos, color, number) in &stones {
        let at = layout.screen(pos.0);
        let digits = number.0.to_string();
        let size = layout.cell * if digits.len() > 2 { 0.34 } else { 0.42 };
        let text_color = if number.0 == last {
            egui::Color32::from_rgb(230, 50, 35)
        } else if color.0 == Stone::Black {
            egui::Color32::from_rgb(240, 236, 228)
        } else {
            egui::Color32::from_rgb(30, 26, 22)
        };
        painter.text(
            egui::pos2(at.x, at.y),
            egui::Align2::CENTER_CENTER,
            digits,
            egui::FontId::proportional(size),
            text_color,
        );
    }
    Ok(())
}

/// During an opening: the square the next opening stone must be placed in, the fifth moves
/// black has picked for the offer (lettered a, b, …), and the offered fifth moves white
/// chooses from (translucent black stones marked "5").
fn draw_opening_marks(
    mut contexts: EguiContexts,
    layout: Res<BoardLayout>,
    game: Res<Game>,
) -> Result {
    if !game.in_opening() || game.review.is_some() {
        return Ok(());
    }
    let ctx = contexts.ctx_mut()?;
    let painter = ctx.layer_painter(egui::LayerId::new(
        egui::Order::Background,
        egui::Id::new("opening marks"),
    ));
    let size = game.record.size();
    let accent = egui::Color32::from_rgb(214, 120, 40);
    if let gomoku_rules::opening::Phase::Place {
        area: gomoku_rules::Area::NearCentre(d),
        ..
    } = game.turn().phase
        && d > 0
        && let Some(centre) = gomoku_rules::opening::centre(size)
    {
        let corner = |dx: i32, dy: i32| {
            let p = Pos::new(
                (i32::from(centre.x) + dx) as u8,
                (i32::from(centre.y) + dy) as u8,
            );
            layout.screen(p)
        };
        let d = i32::from(d);
        let (a, b) = (corner(-d, -d), corner(d, d));
        let half = layout.cell * 0.5;
        let rect = egui::Rect::from_two_pos(
            egui::pos2(a.x.min(b.x) - half, a.y.min(b.y) - half),
            egui::pos2(a.x.max(b.x) + half, a.y.max(b.y) + half),
        );
        painter.rect_stroke(
            rect,
            4.0,
            egui::Stroke::new(2.0, accent),
            egui::StrokeKind::Middle,
        );
    }
    let mark = |pos: Pos, label: &str| {
        let at = layout.screen(pos);
        let centre = egui::pos2(at.x, at.y);
        painter.circle(
            centre,
            layout.cell * 0.42,
            egui::Color32::from_rgba_unmultiplied(20, 18, 16, 150),
            egui::Stroke::new(2.0, accent),
        );
        painter.text(
            centre,
            egui::Align2::CENTER_CENTER,
            label,
            egui::FontId::proportional(layout.cell * 0.4),
            egui::Color32::from_rgb(250, 240, 225),
        );
    };
    for (i, &pos) in game.offer_draft().iter().enumerate() {
        let letter = char::from(b'a' + (i as u8 % 26));
        mark(pos, &format!("5{letter}"));
    }
    for &pos in game.offered_fifths() {
        mark(pos, "5");
    }
    Ok(())
}
