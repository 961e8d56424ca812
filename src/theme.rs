//! Themes: a light wooden theme and a dark one. The theme chooses the board's wood, grid and
//! table colours, the stones' shading and the interface's egui style together. The settings
//! choose it (`ActiveTheme`); it switches at runtime.

use bevy::prelude::*;
use serde::{Deserialize, Serialize};

/// A look of the whole game.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum Theme {
    /// Pale kaya wood, cream panels.
    #[default]
    Light,
    /// Dark walnut, dark panels.
    Dark,
}

impl Theme {
    pub const ALL: [Theme; 2] = [Theme::Light, Theme::Dark];

    /// The board's colours in this theme.
    #[must_use]
    pub fn board(self) -> BoardColors {
        match self {
            Theme::Light => BoardColors {
                table: Color::srgb(0.86, 0.82, 0.75),
                line: Color::srgb(0.16, 0.11, 0.06),
                coordinates: [92, 62, 30],
                board_shadow: Color::srgba(0.25, 0.16, 0.05, 0.30),
            },
            Theme::Dark => BoardColors {
                table: Color::srgb(0.11, 0.10, 0.09),
                line: Color::srgb(0.80, 0.68, 0.50),
                coordinates: [196, 170, 130],
                board_shadow: Color::srgba(0.0, 0.0, 0.0, 0.55),
            },
        }
    }
}

/// The colours of the board in a theme.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct BoardColors {
    /// Behind the board (the window's clear colour).
    pub table: Color,
    /// Grid lines and star points.
    pub line: Color,
    /// Coordinates around the board (egui colour).
    pub coordinates: [u8; 3],
    pub board_shadow: Color,
}

/// The theme shown now.
#[derive(Resource, Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct ActiveTheme(pub Theme);
