//! Procedurally generated images: the wooden board, shaded stones, their soft shadows and the
//! small marks drawn on the board. Nothing is loaded from disk.

use crate::theme::Theme;
use bevy::asset::RenderAssetUsages;
use bevy::image::{ImageSampler, ImageSamplerDescriptor};
use bevy::prelude::*;
use bevy::render::render_resource::{Extent3d, TextureDimension, TextureFormat};
use gomoku_rules::Stone;

/// Handles to every generated image, created once at startup.
#[derive(Resource, Clone)]
pub struct Textures {
    pub wood: Handle<Image>,
    pub dark_wood: Handle<Image>,
    pub black_stone: Handle<Image>,
    pub white_stone: Handle<Image>,
    pub shadow: Handle<Image>,
    pub disc: Handle<Image>,
    pub ring: Handle<Image>,
    pub cross: Handle<Image>,
}

impl Textures {
    /// The board's wood in `theme`.
    #[must_use]
    pub fn wood_of(&self, theme: Theme) -> Handle<Image> {
        match theme {
            Theme::Light => self.wood.clone(),
            Theme::Dark => self.dark_wood.clone(),
        }
    }

    #[must_use]
    pub fn stone(&self, stone: Stone) -> Handle<Image> {
        match stone {
            Stone::Black => self.black_stone.clone(),
            Stone::White => self.white_stone.clone(),
        }
    }
}

pub(crate) fn plugin(app: &mut App) {
    app.add_systems(PreStartup, create_textures);
}

fn create_textures(mut commands: Commands, mut images: ResMut<Assets<Image>>) {
    let mut add = |size: u32, f: &dyn Fn(f32, f32) -> [f32; 4]| images.add(image(size, f));
    let textures = Textures {
        wood: add(384, &|u, v| wood(&LIGHT_WOOD, u, v)),
        dark_wood: add(384, &|u, v| wood(&DARK_WOOD, u, v)),
        black_stone: add(128, &|u, v| stone_pixel(Stone::Black, u, v)),
        white_stone: add(128, &|u, v| stone_pixel(Stone::White, u, v)),
        shadow: add(64, &shadow),
        disc: add(64, &disc),
        ring: add(64, &ring),
        cross: add(64, &cross),
    };
    commands.insert_resource(textures);
}

/// Builds a square sRGB image; `f` maps the pixel centre (u, v in 0..1, v downwards) to RGBA.
fn image(size: u32, f: &dyn Fn(f32, f32) -> [f32; 4]) -> Image {
    let mut data = Vec::with_capacity((size * size * 4) as usize);
    for y in 0..size {
        for x in 0..size {
            let u = (x as f32 + 0.5) / size as f32;
            let v = (y as f32 + 0.5) / size as f32;
            for c in f(u, v) {
                data.push((c.clamp(0.0, 1.0) * 255.0).round() as u8);
            }
        }
    }
    let mut image = Image::new(
        Extent3d {
            width: size,
            height: size,
            depth_or_array_layers: 1,
        },
        TextureDimension::D2,
        data,
        TextureFormat::Rgba8UnormSrgb,
        RenderAssetUsages::RENDER_WORLD,
    );
    image.sampler = ImageSampler::Descriptor(ImageSamplerDescriptor::linear());
    image
}

fn hash(x: i32, y: i32) -> f32 {
    let mut h = (x as u32).wrapping_mul(0x8da6_b343) ^ (y as u32).wrapping_mul(0xd816_3841);
    h ^= h >> 13;
    h = h.wrapping_mul(0x5bd1_e995);
    h ^= h >> 15;
    (h & 0xffff) as f32 / 65535.0
}

/// Smooth value noise in 0..1 with a period of `period` cells (so the texture tiles).
fn noise(x: f32, y: f32, period: i32) -> f32 {
    let (xi, yi) = (x.floor() as i32, y.floor() as i32);
    let (fx, fy) = (x - x.floor(), y - y.floor());
    let s = |t: f32| t * t * (3.0 - 2.0 * t);
    let h = |a: i32, b: i32| hash(a.rem_euclid(period), b.rem_euclid(period));
    let top = h(xi, yi) + (h(xi + 1, yi) - h(xi, yi)) * s(fx);
    let bottom = h(xi, yi + 1) + (h(xi + 1, yi + 1) - h(xi, yi + 1)) * s(fx);
    top + (bottom - top) * s(fy)
}

fn mix(a: [f32; 3], b: [f32; 3], t: f32) -> [f32; 3] {
    [
        a[0] + (b[0] - a[0]) * t,
        a[1] + (b[1] - a[1]) * t,
        a[2] + (b[2] - a[2]) * t,
    ]
}

/// The colours of a wood: the light and dark of its grain and its blotches.
struct WoodColors {
    light: [f32; 3],
    dark: [f32; 3],
    blotch: [f32; 3],
}

/// Warm kaya (the light theme).
const LIGHT_WOOD: WoodColors = WoodColors {
    light: [0.90, 0.74, 0.48],
    dark: [0.79, 0.59, 0.34],
    blotch: [0.94, 0.80, 0.55],
};

/// Dark walnut (the dark theme).
const DARK_WOOD: WoodColors = WoodColors {
    light: [0.40, 0.27, 0.17],
    dark: [0.29, 0.19, 0.11],
    blotch: [0.46, 0.32, 0.20],
};

/// Wood: long, gently wandering grain running left to right, fine fibres and a few soft
/// blotches.
fn wood(colors: &WoodColors, u: f32, v: f32) -> [f32; 4] {
    let warp = noise(u * 2.0, v * 2.0, 2) * 0.9 + noise(u * 4.0, v * 9.0, 4) * 0.3;
    let band = ((v * 26.0 + warp * 2.0) * std::f32::consts::TAU).sin() * 0.5 + 0.5;
    let ring = band.powf(4.0);
    let fibres = noise(u * 5.0, v * 300.0, 5);
    let mut c = mix(colors.light, colors.dark, ring * 0.5 + fibres * 0.25);
    let blotch = noise(u * 3.0, v * 3.0, 3);
    c = mix(c, colors.blotch, blotch * 0.3);
    [c[0], c[1], c[2], 1.0]
}

/// Antialiased coverage of a disc of radius `r` (in texture units) at distance `d`.
fn coverage(d: f32, r: f32, size: f32) -> f32 {
    ((r - d) * size + 0.5).clamp(0.0, 1.0)
}

fn stone_pixel(stone: Stone, u: f32, v: f32) -> [f32; 4] {
    let (x, y) = (u * 2.0 - 1.0, v * 2.0 - 1.0);
    let d = (x * x + y * y).sqrt();
    let alpha = coverage(d, 0.985, 64.0);
    if alpha <= 0.0 {
        return [0.0; 4];
    }
    // A lens-shaped stone lit from the top left.
    let z = (1.0 - (d * d).min(1.0)).sqrt();
    let normal = Vec3::new(x, -y, z * 1.4).normalize();
    let light = Vec3::new(-0.45, 0.55, 0.7).normalize();
    let diffuse = normal.dot(light).max(0.0);
    let half = (light + Vec3::Z).normalize();
    let spec = normal.dot(half).max(0.0);
    let c = match stone {
        Stone::Black => {
            let base = 0.06 + 0.16 * diffuse;
            let s = spec.powf(24.0) * 0.55 + spec.powf(6.0) * 0.08;
            [base + s, base + s, base * 1.08 + s]
        }
        Stone::White => {
            let base = 0.70 + 0.27 * diffuse;
            let s = spec.powf(18.0) * 0.12;
            // Faint clamshell stripes.
            let stripe = ((y * 22.0 + x * 3.0).sin() * 0.5 + 0.5) * 0.018;
            [
                base + s - stripe,
                base * 0.985 + s - stripe,
                base * 0.95 + s - stripe,
            ]
        }
    };
    // Darken the rim a little so the stone stands off the wood.
    let rim = 1.0 - ((d - 0.86).max(0.0) * 2.2);
    [c[0] * rim, c[1] * rim, c[2] * rim, alpha]
}

fn shadow(u: f32, v: f32) -> [f32; 4] {
    let (x, y) = (u * 2.0 - 1.0, v * 2.0 - 1.0);
    let d = (x * x + y * y).sqrt();
    let a = (1.0 - ((d - 0.55) / 0.45).clamp(0.0, 1.0)).powf(1.6) * 0.55;
    [0.12, 0.07, 0.02, a]
}

fn disc(u: f32, v: f32) -> [f32; 4] {
    let (x, y) = (u * 2.0 - 1.0, v * 2.0 - 1.0);
    [1.0, 1.0, 1.0, coverage((x * x + y * y).sqrt(), 0.95, 32.0)]
}

fn ring(u: f32, v: f32) -> [f32; 4] {
    let (x, y) = (u * 2.0 - 1.0, v * 2.0 - 1.0);
    let d = (x * x + y * y).sqrt();
    let a = coverage(d, 0.95, 32.0) * (1.0 - coverage(d, 0.72, 32.0));
    [1.0, 1.0, 1.0, a]
}

fn cross(u: f32, v: f32) -> [f32; 4] {
    let (x, y) = (u * 2.0 - 1.0, v * 2.0 - 1.0);
    let d1 = (x - y).abs() / std::f32::consts::SQRT_2;
    let d2 = (x + y).abs() / std::f32::consts::SQRT_2;
    let inside = x.abs().max(y.abs());
    let line = coverage(d1.min(d2), 0.14, 32.0) * coverage(inside, 0.8, 32.0);
    [1.0, 1.0, 1.0, line]
}
