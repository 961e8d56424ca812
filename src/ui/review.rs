//! The game review in the interface: the side panel's review section (analyse, the progress
//! bar with the time left, stop, each player's inaccuracies / mistakes / blunders / missed
//! wins, the move the board shows with its judgement, the better move and "show the line")
//! and the evaluation graph under the board (black's winning chances after every move, the
//! marked moves as coloured dots, the move shown as a line; a click jumps the replay there).

use super::actions::UiAction;
use super::style;
use super::words::{name, pos_label};
use crate::game::Game;
use crate::i18n::{self, t};
use crate::review::ReviewState;
use crate::review::view::{badge, shown_move};
use bevy_egui::egui;
use egui_plot::{HoverPosition, Line, MarkerShape, Plot, PlotPoints, Points, VLine};
use gomoku_engine::review::{GameReview, Judgement, MoveReview, PlayerSummary};
use gomoku_rules::Stone;

/// Width of a player's name in the review's summary.
const NAME_WIDTH: f32 = 80.0;

/// Height of the graph under the board, in logical pixels.
pub const GRAPH_HEIGHT: f32 = 128.0;

/// The review whose graph is drawn under the board, if any.
#[must_use]
pub fn graph_review<'a>(game: &Game, state: &'a ReviewState) -> Option<&'a GameReview> {
    if !game.active || game.in_puzzle() {
        return None;
    }
    state.for_game(game).filter(|r| !r.positions.is_empty())
}

/// The review section of the side panel.
pub fn section(ui: &mut egui::Ui, game: &Game, state: &ReviewState, act: &mut Vec<UiAction>) {
    if !game.active || game.in_puzzle() || game.full_record().moves().is_empty() {
        return;
    }
    let review = state.for_game(game);
    if review.is_none() && !state.can_start(game) && !state.running() {
        return;
    }
    ui.separator();
    ui.label(egui::RichText::new(t!("review.title")).strong());
    if let Some(progress) = state.progress() {
        let fraction = progress.done as f32 / progress.total.max(1) as f32;
        let left = progress.remaining.map_or_else(
            || t!("review.estimating").into_owned(),
            |d| t!("review.left", seconds = d.as_secs() + 1).into_owned(),
        );
        ui.add(
            egui::ProgressBar::new(fraction)
                .desired_width(ui.available_width())
                .text(t!(
                    "review.progress",
                    done = progress.done,
                    total = progress.total,
                    left = left
                )),
        );
        if ui.button(t!("review.stop")).clicked() {
            act.push(UiAction::StopAnalysis);
        }
    } else if state.can_start(game) {
        let label = if review.is_some() {
            t!("review.continue")
        } else {
            t!("review.analyse")
        };
        if ui
            .add(egui::Button::new(label).min_size(egui::vec2(ui.available_width(), 28.0)))
            .on_hover_text(t!("review.analyse_help"))
            .clicked()
        {
            act.push(UiAction::AnalyseGame);
        }
    }
    let Some(review) = review else {
        return;
    };
    summary_grid(ui, game, review);
    if let Some(m) = shown_move(state, game) {
        ui.add_space(4.0);
        move_verdict(ui, game, state, m, act);
    } else {
        ui.label(egui::RichText::new(t!("review.pick_a_move")).color(style::muted(ui.ctx())));
    }
}

fn summary_grid(ui: &mut egui::Ui, game: &Game, review: &GameReview) {
    egui::Grid::new("review summary")
        .num_columns(5)
        .spacing([14.0, 2.0])
        .min_col_width(20.0)
        .show(ui, |ui| {
            ui.label("");
            for (symbol, hint) in [
                ("?!", t!("review.inaccuracies")),
                ("?", t!("review.mistakes")),
                ("??", t!("review.blunders")),
                ("!", t!("review.missed_wins")),
            ] {
                ui.label(
                    egui::RichText::new(symbol)
                        .strong()
                        .color(symbol_colour(symbol)),
                )
                .on_hover_text(hint);
            }
            ui.end_row();
            for stone in [Stone::Black, Stone::White] {
                let s: &PlayerSummary = review.summary(stone);
                ui.horizontal(|ui| {
                    style::stone_icon(ui, stone, 7.0);
                    ui.add_sized(
                        [NAME_WIDTH, 18.0],
                        egui::Label::new(name(game, stone)).truncate(),
                    );
                });
                for n in [s.inaccuracies, s.mistakes, s.blunders, s.missed_wins] {
                    ui.label(egui::RichText::new(n.to_string()).monospace());
                }
                ui.end_row();
            }
        });
}

fn symbol_colour(symbol: &str) -> egui::Color32 {
    match symbol {
        "?!" => egui::Color32::from_rgb(206, 158, 20),
        "?" => egui::Color32::from_rgb(226, 110, 20),
        "??" => egui::Color32::from_rgb(204, 36, 36),
        _ => egui::Color32::from_rgb(180, 60, 190),
    }
}

/// The judgement of a move in words.
#[must_use]
pub fn judgement_text(m: &MoveReview) -> String {
    if m.missed_win.is_some() && m.judgement < Judgement::Blunder {
        return t!("review.missed_win").into_owned();
    }
    match m.judgement {
        Judgement::Best => t!("review.best"),
        Judgement::Good => t!("review.good"),
        Judgement::Inaccuracy => t!("review.inaccuracy"),
        Judgement::Mistake => t!("review.mistake"),
        Judgement::Blunder => t!("review.blunder"),
    }
    .into_owned()
}

/// Chances (−1 … 1 for the mover) as a percentage of winning, 0 … 100.
fn percent(chances: f32) -> i32 {
    ((chances + 1.0) * 50.0).round() as i32
}

fn move_verdict(
    ui: &mut egui::Ui,
    game: &Game,
    state: &ReviewState,
    m: &MoveReview,
    act: &mut Vec<UiAction>,
) {
    let size = game.record.size();
    let colour = badge(m).map_or(style::text(ui.ctx()), |(_, c)| c);
    ui.label(
        egui::RichText::new(t!(
            "review.move",
            number = m.index + 1,
            point = pos_label(m.played, size),
            name = name(game, m.mover),
            verdict = judgement_text(m)
        ))
        .color(colour),
    );
    ui.label(
        egui::RichText::new(t!(
            "review.chances",
            colour = i18n::colour_title(m.mover),
            before = percent(m.before),
            after = percent(m.after)
        ))
        .color(style::muted(ui.ctx())),
    );
    if let Some(win) = &m.missed_win {
        let line: Vec<String> = win.line.iter().map(|&p| pos_label(p, size)).collect();
        ui.label(t!("review.missed_line", line = line.join(" ")));
    }
    if let Some(better) = m.better.filter(|_| badge(m).is_some()) {
        ui.horizontal_wrapped(|ui| {
            ui.label(t!("review.better", point = pos_label(better, size)));
            let shown = state.line_for == Some(m.index + 1);
            let label = if shown {
                t!("review.hide_line")
            } else {
                t!("review.show_line")
            };
            if ui.button(label).clicked() {
                act.push(UiAction::ShowBetterLine((!shown).then_some(m.index + 1)));
            }
        });
    }
}

/// The evaluation graph under the board.
pub fn graph(ui: &mut egui::Ui, game: &Game, review: &GameReview, act: &mut Vec<UiAction>) {
    let total = review.game.len();
    let values = review.graph();
    let shown = game.replay_index();
    let palette = style::palette(ui.ctx());
    ui.horizontal(|ui| {
        ui.label(egui::RichText::new(t!("review.graph_title")).strong());
        ui.label(egui::RichText::new(t!("review.graph_help")).color(palette.muted));
    });
    let size = game.record.size();
    let moves = review.moves.clone();
    let names = review.game.clone();
    let plot = Plot::new("review graph")
        .height(ui.available_height())
        .allow_zoom(false)
        .allow_drag(false)
        .allow_scroll(false)
        .allow_boxed_zoom(false)
        .allow_double_click_reset(false)
        .show_x(false)
        .show_y(false)
        .show_axes([false, false])
        .show_grid([false, true])
        .default_x_bounds(0.0, total.max(1) as f64)
        .default_y_bounds(-1.05, 1.05)
        .label_formatter(move |hover| {
            let (HoverPosition::NearDataPoint { position, .. }
            | HoverPosition::Elsewhere { position }) = *hover;
            let x = position.x.round();
            if x < 1.0 {
                return None;
            }
            let i = x as usize - 1;
            let point = names.get(i).map(|&p| pos_label(p, size))?;
            let verdict = moves.get(i).map(judgement_text).unwrap_or_default();
            Some(format!("{} · {point} · {verdict}", i + 1))
        });
    let accent = palette.accent;
    let response = plot.show(ui, |plot_ui| {
        let points: PlotPoints = values
            .iter()
            .enumerate()
            .map(|(i, &v)| [i as f64, f64::from(v)])
            .collect();
        plot_ui.line(
            Line::new(t!("review.graph_title"), points)
                .color(accent)
                .width(2.0)
                .fill(0.0)
                .fill_alpha(0.25),
        );
        for m in &review.moves {
            if let Some((symbol, _)) = badge(m) {
                let y = values.get(m.index + 1).copied().unwrap_or(0.0);
                plot_ui.points(
                    Points::new(symbol, vec![[(m.index + 1) as f64, f64::from(y)]])
                        .shape(MarkerShape::Circle)
                        .radius(4.5)
                        .filled(true)
                        .color(symbol_colour(symbol)),
                );
            }
        }
        plot_ui.vline(VLine::new("", shown as f64).color(palette.text).width(1.5));
        plot_ui.pointer_coordinate()
    });
    if response.response.clicked()
        && let Some(at) = response.inner
    {
        let n = at.x.round().clamp(0.0, total as f64) as usize;
        if n != shown && !game.networked() {
            act.push(UiAction::ReplayTo(n));
        }
    }
}
