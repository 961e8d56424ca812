//! The board on screen: the camera that frames it, the wooden board with its grid and star
//! points (rebuilt when the board size changes), and the coordinates drawn around it.

use super::layout::{BOARD_MARGIN, BoardLayout, STONE_SIZE};
use crate::game::Game;
use crate::settings::Settings;
use crate::textures::Textures;
use crate::theme::ActiveTheme;
use crate::theme::Theme;
use bevy::prelude::*;
use bevy_egui::{EguiContexts, EguiPrimaryContextPass, egui};
use gomoku_rules::Pos;

/// Drawing order of everything on the board (sprite z).
pub mod z {
    pub const BOARD_SHADOW: f32 = 0.0;
    pub const WOOD: f32 = 1.0;
    pub const GRID: f32 = 2.0;
    pub const STAR: f32 = 3.0;
    pub const FORBIDDEN: f32 = 4.0;
    pub const STONE_SHADOW: f32 = 5.0;
    pub const STONE: f32 = 6.0;
    pub const MARKER: f32 = 7.0;
    pub const WIN_LINE: f32 = 8.0;
    pub const GHOST: f32 = 9.0;
}

const LINE_WIDTH: f32 = 0.034;
const BORDER_WIDTH: f32 = 0.06;
const STAR_SIZE: f32 = 0.17;

/// Marks the entities of the board itself (wood, grid, star points).
#[derive(Component)]
pub struct BoardPart;

/// The board side and theme the board entities were built for.
#[derive(Resource, Default)]
struct DrawnSize(Option<(usize, Theme)>);

pub(crate) fn plugin(app: &mut App) {
    app.insert_resource(ClearColor(Theme::default().board().table))
        .init_resource::<DrawnSize>()
        .add_systems(Startup, spawn_camera)
        .add_systems(Update, (rebuild_board, frame_camera))
        .add_systems(EguiPrimaryContextPass, draw_coordinates);
}

fn spawn_camera(mut commands: Commands) {
    commands.spawn((Camera2d, Name::new("Board camera")));
}

fn frame_camera(
    layout: Res<BoardLayout>,
    mut camera: Query<(&mut Transform, &mut Projection), With<Camera2d>>,
) {
    if !layout.is_changed() {
        return;
    }
    let (translation, scale) = layout.camera();
    for (mut transform, mut projection) in &mut camera {
        transform.translation = translation.extend(transform.translation.z);
        if let Projection::Orthographic(ortho) = projection.as_mut() {
            ortho.scale = scale;
        }
    }
}

/// The star points (hoshi) of a board of side `size`.
#[must_use]
pub fn star_points(size: usize) -> Vec<Pos> {
    let n = size as u8;
    let mid = n / 2;
    let mut points = Vec::new();
    if size >= 13 {
        let (a, b) = (3, n - 4);
        points.extend([
            Pos::new(a, a),
            Pos::new(b, a),
            Pos::new(a, b),
            Pos::new(b, b),
        ]);
    }
    if size % 2 == 1 {
        points.push(Pos::new(mid, mid));
    }
    points
}

fn rebuild_board(
    mut commands: Commands,
    game: Res<Game>,
    textures: Res<Textures>,
    layout: Res<BoardLayout>,
    mut drawn: ResMut<DrawnSize>,
    parts: Query<Entity, With<BoardPart>>,
    theme: Res<ActiveTheme>,
    mut clear: ResMut<ClearColor>,
) {
    let size = game.record.size();
    if drawn.0 == Some((size, theme.0)) {
        return;
    }
    drawn.0 = Some((size, theme.0));
    let colors = theme.0.board();
    clear.0 = colors.table;
    let line_color = colors.line;
    for entity in &parts {
        commands.entity(entity).despawn();
    }
    let layout = BoardLayout { size, ..*layout };
    let half = layout.half_extent();
    let span = (size - 1) as f32;
    // A soft shadow under the board, then the wood.
    commands.spawn((
        BoardPart,
        Sprite::from_color(colors.board_shadow, Vec2::splat(half * 2.0 + 0.3)),
        Transform::from_xyz(0.12, -0.16, z::BOARD_SHADOW),
    ));
    commands.spawn((
        BoardPart,
        Sprite {
            image: textures.wood_of(theme.0),
            custom_size: Some(Vec2::splat(half * 2.0)),
            ..default()
        },
        Transform::from_xyz(0.0, 0.0, z::WOOD),
    ));
    for i in 0..size {
        let t = i as f32 - span / 2.0;
        let width = if i == 0 || i == size - 1 {
            BORDER_WIDTH
        } else {
            LINE_WIDTH
        };
        let length = span + BORDER_WIDTH;
        commands.spawn((
            BoardPart,
            Sprite::from_color(line_color, Vec2::new(length, width)),
            Transform::from_xyz(0.0, t, z::GRID),
        ));
        commands.spawn((
            BoardPart,
            Sprite::from_color(line_color, Vec2::new(width, length)),
            Transform::from_xyz(t, 0.0, z::GRID),
        ));
    }
    for pos in star_points(size) {
        commands.spawn((
            BoardPart,
            Sprite {
                image: textures.disc.clone(),
                color: line_color,
                custom_size: Some(Vec2::splat(STAR_SIZE)),
                ..default()
            },
            Transform::from_translation(layout.world(pos).extend(z::STAR)),
        ));
    }
}

/// Column letters (A…) along the top and bottom, row numbers (1 at the top, as in the move
/// notation) down both sides.
fn draw_coordinates(
    mut contexts: EguiContexts,
    layout: Res<BoardLayout>,
    theme: Res<ActiveTheme>,
    settings: Res<Settings>,
) -> Result {
    if !settings.coordinates {
        return Ok(());
    }
    let ctx = contexts.ctx_mut()?;
    let painter = ctx.layer_painter(egui::LayerId::new(
        egui::Order::Background,
        egui::Id::new("board coordinates"),
    ));
    let font_px = (layout.cell * 0.36).clamp(9.0, 22.0);
    let font = egui::FontId::proportional(font_px);
    let [r, g, b] = theme.0.board().coordinates;
    let color = egui::Color32::from_rgb(r, g, b);
    let n = layout.size;
    // Clear of a stone on the edge line (however small the board is drawn), inside the wood.
    let stone = STONE_SIZE / 2.0 * layout.cell;
    let off_px = (stone + font_px * 0.6 + 2.0).min((BOARD_MARGIN - 0.15) * layout.cell);
    let off = off_px / layout.cell;
    let text = |p: Vec2, s: String| {
        painter.text(
            egui::pos2(p.x, p.y),
            egui::Align2::CENTER_CENTER,
            s,
            font.clone(),
            color,
        );
    };
    for i in 0..n {
        let col = layout.screen(Pos::new(i as u8, 0));
        let row = layout.screen(Pos::new(0, i as u8));
        let letter = char::from(b'A' + i as u8).to_string();
        text(col - Vec2::new(0.0, off * layout.cell), letter.clone());
        let bottom = layout.screen(Pos::new(i as u8, (n - 1) as u8));
        text(bottom + Vec2::new(0.0, off * layout.cell), letter);
        // Ranks count from the bottom, as on printed boards (H8 is the centre of 15×15).
        let number = (n - i).to_string();
        text(row - Vec2::new(off * layout.cell, 0.0), number.clone());
        let right = layout.screen(Pos::new((n - 1) as u8, i as u8));
        text(right + Vec2::new(off * layout.cell, 0.0), number);
    }
    Ok(())
}
