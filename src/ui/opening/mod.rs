//! The opening rules and clocks on screen: the opening's line in the side panel (rule, 猜先,
//! the standard opening's name, what the game waits for) and the decision window of a person
//! here (place a standard opening, keep or swap, declare the number of fifth moves, offer
//! them, pick one, Swap2's choices, a colour). Points are picked on the board; the window
//! sends `UiAction::Decide`.

pub mod words;

use crate::game::{Actor, Game};
use crate::i18n::t;
use crate::ui::actions::{UiAction, UiState};
use crate::ui::style;
use bevy::prelude::*;
use bevy_egui::{EguiContexts, EguiPrimaryContextPass, egui};
use gomoku_rules::opening::{Phase, Symmetry};
use gomoku_rules::{Decision, OPENINGS, OpeningRule, Stone, Swap2Choice};

pub(crate) fn plugin(app: &mut App) {
    app.init_resource::<OpeningForm>().add_systems(
        EguiPrimaryContextPass,
        decision_window
            .after(super::UiPasses::Panels)
            .after(style::StyleSet),
    );
}

fn decision_window(
    mut contexts: EguiContexts,
    game: Res<Game>,
    ui_state: Res<UiState>,
    mut form: ResMut<OpeningForm>,
    mut actions: MessageWriter<UiAction>,
) -> Result {
    // Another dialog in front of the board comes first.
    if ui_state.dialog.is_some() {
        return Ok(());
    }
    let ctx = contexts.ctx_mut()?;
    let mut act = Vec::new();
    let mut edited = form.clone();
    window(ctx, &game, &mut edited, &mut act);
    if edited != *form {
        *form = edited;
    }
    actions.write_batch(act);
    Ok(())
}

/// What the decision window remembers between frames.
#[derive(Resource, Clone, Debug, Default, PartialEq, Eq)]
pub struct OpeningForm {
    /// The standard opening chosen in the list (an index into `OPENINGS`).
    pub standard: usize,
    /// The number of fifth moves to declare.
    pub declare: u8,
}

/// The opening's lines in the side panel: the rule, the nigiri, the standard opening the
/// first three stones form, and the fifth moves offered.
pub fn section(ui: &mut egui::Ui, game: &Game) {
    let record = &game.record;
    let rule = record.opening_rule();
    if rule == OpeningRule::Free && record.nigiri().is_none() {
        return;
    }
    let muted = style::muted(ui.ctx());
    ui.label(
        egui::RichText::new(format!(
            "{} · {}",
            t!("opening.title"),
            words::rule_name(rule)
        ))
        .color(muted),
    );
    if let Some(nigiri) = record.nigiri() {
        let first = record.colour_of(gomoku_rules::Side::First);
        let guess = if nigiri.guessed_odd {
            t!("opening.odd")
        } else {
            t!("opening.even")
        };
        let first_name = crate::ui::words::name(game, first);
        ui.label(
            egui::RichText::new(t!(
                "opening.nigiri_done",
                stones = nigiri.stones,
                guess = guess,
                name = first_name
            ))
            .color(muted),
        );
    }
    if let Some((opening, _)) = record
        .opening_name()
        .filter(|_| rule.uses_standard_openings())
    {
        ui.label(
            egui::RichText::new(t!("opening.named", name = words::opening_name(&opening)))
                .color(style::accent(ui.ctx())),
        );
    }
    // Someone else decides: the computer or the player on the network.
    if game.in_opening()
        && game.turn().phase != Phase::Play
        && matches!(game.actor_to_move(), Some(Actor::Computer | Actor::Remote))
    {
        let name = crate::ui::words::name(game, game.stone_to_act());
        ui.label(
            egui::RichText::new(t!("opening.waiting", name = name)).color(style::accent(ui.ctx())),
        );
    }
    let offered = record.offered_fifths();
    if !offered.is_empty() {
        let size = record.size();
        let list: Vec<String> = offered.iter().map(|p| p.to_renju(size)).collect();
        ui.label(egui::RichText::new(t!("opening.offered", points = list.join(", "))).color(muted));
    }
}

/// Whether the person here must make an opening decision that needs the window (not a
/// plain stone of ordinary play).
#[must_use]
pub fn local_decision(game: &Game) -> Option<Phase> {
    if game.actor_to_move() != Some(Actor::Local) || game.pending.is_some() {
        return None;
    }
    let phase = game.turn().phase;
    match &phase {
        Phase::Play => None,
        // The first stone of a RIF / Soosõrv opening: the list of standard openings.
        Phase::Place { number: 1, .. } if game.record.opening_rule().uses_standard_openings() => {
            Some(phase)
        }
        Phase::Place { .. } => None,
        _ => Some(phase),
    }
}

/// The decision window of a person here, over the top of the board.
fn window(ctx: &egui::Context, game: &Game, form: &mut OpeningForm, act: &mut Vec<UiAction>) {
    let Some(phase) = local_decision(game) else {
        return;
    };
    let stone = game.stone_to_act();
    let name = crate::ui::words::name(game, stone);
    egui::Window::new(t!("opening.title"))
        .id(egui::Id::new("opening decision"))
        .collapsible(false)
        .resizable(false)
        .anchor(egui::Align2::CENTER_TOP, egui::vec2(-130.0, 44.0))
        .default_width(360.0)
        .show(ctx, |ui| {
            ui.label(egui::RichText::new(words::phase_prompt(&phase, &name)).size(16.0));
            ui.add_space(6.0);
            controls(ui, game, &phase, form, act);
        });
}

fn button(ui: &mut egui::Ui, label: &str, enabled: bool) -> bool {
    ui.add_enabled(
        enabled,
        egui::Button::new(egui::RichText::new(label).size(15.0)).min_size(egui::vec2(110.0, 30.0)),
    )
    .clicked()
}

fn controls(
    ui: &mut egui::Ui,
    game: &Game,
    phase: &Phase,
    form: &mut OpeningForm,
    act: &mut Vec<UiAction>,
) {
    let size = game.record.size();
    match phase {
        Phase::Place { .. } => {
            ui.label(t!("opening.standard_list"));
            ui.horizontal(|ui| {
                let chosen = OPENINGS[form.standard.min(OPENINGS.len() - 1)];
                egui::ComboBox::from_id_salt("standard opening")
                    .width(230.0)
                    .selected_text(words::opening_name(&chosen))
                    .show_ui(ui, |ui| {
                        for (i, opening) in OPENINGS.iter().enumerate() {
                            ui.selectable_value(
                                &mut form.standard,
                                i,
                                words::opening_name(opening),
                            );
                        }
                    });
                if button(ui, &t!("opening.place_button"), true)
                    && let Some(stones) = chosen.stones(size, Symmetry::Identity)
                {
                    act.extend(stones.map(|p| UiAction::Decide(Decision::Place(p))));
                }
            });
        }
        Phase::Swap => {
            ui.horizontal(|ui| {
                if button(ui, &t!("opening.keep"), true) {
                    act.push(UiAction::Decide(Decision::Swap(false)));
                }
                if button(ui, &t!("opening.swap_button"), true) {
                    act.push(UiAction::Decide(Decision::Swap(true)));
                }
            });
        }
        Phase::DeclareFifths { max } => {
            form.declare = form.declare.clamp(1, *max);
            ui.horizontal(|ui| {
                ui.add(egui::Slider::new(&mut form.declare, 1..=*max));
                if button(ui, &t!("opening.declare_button"), true) {
                    act.push(UiAction::Decide(Decision::DeclareFifths(form.declare)));
                }
            });
        }
        Phase::OfferFifths { count } => {
            let draft = game.offer_draft();
            let list: Vec<String> = draft.iter().map(|p| p.to_renju(size)).collect();
            ui.label(t!(
                "opening.chosen_so_far",
                n = draft.len(),
                count = count,
                points = list.join(", ")
            ));
            let complete = draft.len() == usize::from(*count);
            if button(ui, &t!("opening.offer_button", count = count), complete) {
                act.push(UiAction::Decide(Decision::OfferFifths(draft.to_vec())));
            }
        }
        Phase::ChooseFifth { offered } => {
            ui.horizontal_wrapped(|ui| {
                for &pos in offered {
                    if button(ui, &pos.to_renju(size), true) {
                        act.push(UiAction::Decide(Decision::ChooseFifth(pos)));
                    }
                }
            });
        }
        Phase::Swap2 => {
            ui.horizontal_wrapped(|ui| {
                for choice in [
                    Swap2Choice::TakeBlack,
                    Swap2Choice::TakeWhite,
                    Swap2Choice::PlaceTwo,
                ] {
                    if button(ui, &words::swap2_choice(choice), true) {
                        act.push(UiAction::Decide(Decision::Swap2(choice)));
                    }
                }
            });
        }
        Phase::Swap2Colour => {
            ui.horizontal(|ui| {
                if button(ui, &t!("opening.take_black"), true) {
                    act.push(UiAction::Decide(Decision::TakeColour(Stone::Black)));
                }
                if button(ui, &t!("opening.take_white"), true) {
                    act.push(UiAction::Decide(Decision::TakeColour(Stone::White)));
                }
            });
        }
        Phase::Play => {}
    }
}

/// The New game dialog's rows for the opening rule, 猜先 and the time control (inside its
/// two-column grid).
pub fn form_rows(ui: &mut egui::Ui, form: &mut crate::ui::actions::NewGameForm) {
    let size = crate::game::GameSetup {
        rule: form.rule,
        size: form.size,
        ..Default::default()
    }
    .board_size();
    ui.label(t!("opening.rule"));
    opening_choice(ui, &mut form.opening, size);
    ui.end_row();
    ui.label("");
    ui.checkbox(&mut form.nigiri, t!("opening.nigiri"));
    ui.end_row();
    ui.label(t!("clock.title"));
    clock_editor(ui, &mut form.clock);
    ui.end_row();
}

/// Chooses the opening rule; RIF and Soosõrv-8 are greyed out on a board of `size` without a
/// centre point (and give way to Swap2 there).
pub fn opening_choice(ui: &mut egui::Ui, opening: &mut OpeningRule, size: usize) {
    egui::ComboBox::from_id_salt("opening rule")
        .width(240.0)
        .selected_text(words::rule_name(*opening))
        .show_ui(ui, |ui| {
            for rule in OpeningRule::ALL {
                let fits = crate::game::GameSetup::opening_fits(rule, size);
                let label = words::rule_name(rule);
                let item = ui.add_enabled(fits, egui::Button::selectable(*opening == rule, label));
                let item = if fits {
                    item
                } else {
                    item.on_disabled_hover_text(t!("opening.needs_centre"))
                };
                if item.clicked() {
                    *opening = rule;
                }
            }
        });
    if !crate::game::GameSetup::opening_fits(*opening, size) {
        *opening = OpeningRule::Swap2;
    }
}

/// Chooses a time control: none, sudden death, Fischer or byo-yomi, with its times.
pub fn clock_editor(ui: &mut egui::Ui, clock: &mut gomoku_rules::TimeControl) {
    use gomoku_rules::TimeControl as T;
    const MIN: u64 = 60_000;
    const SEC: u64 = 1000;
    ui.vertical(|ui| {
        let main = match *clock {
            T::Unlimited => 10 * MIN,
            T::SuddenDeath { main_ms }
            | T::Fischer { main_ms, .. }
            | T::ByoYomi { main_ms, .. } => main_ms,
        };
        ui.horizontal_wrapped(|ui| {
            let kinds = [
                (T::Unlimited, t!("clock.unlimited")),
                (
                    T::sudden_death(std::time::Duration::from_millis(main)),
                    t!("clock.sudden"),
                ),
                (
                    T::Fischer {
                        main_ms: main,
                        increment_ms: 5 * SEC,
                    },
                    t!("clock.fischer"),
                ),
                (
                    T::ByoYomi {
                        main_ms: main,
                        periods: 5,
                        period_ms: 30 * SEC,
                    },
                    t!("clock.byo_yomi"),
                ),
            ];
            for (kind, label) in kinds {
                let same = std::mem::discriminant(clock) == std::mem::discriminant(&kind);
                if ui.selectable_label(same, label).clicked() && !same {
                    *clock = kind;
                }
            }
        });
        let minutes = |ui: &mut egui::Ui, ms: &mut u64| {
            let mut m = (*ms / MIN).max(1) as u32;
            ui.add(egui::DragValue::new(&mut m).range(1..=180));
            ui.label(t!("clock.minutes"));
            *ms = u64::from(m) * MIN;
        };
        let seconds = |ui: &mut egui::Ui, ms: &mut u64, lowest: u32| {
            let mut s = (*ms / SEC) as u32;
            ui.add(egui::DragValue::new(&mut s).range(lowest..=120));
            ui.label(t!("clock.seconds"));
            *ms = u64::from(s) * SEC;
        };
        ui.horizontal(|ui| match clock {
            T::Unlimited => {}
            T::SuddenDeath { main_ms } => minutes(ui, main_ms),
            T::Fischer {
                main_ms,
                increment_ms,
            } => {
                minutes(ui, main_ms);
                ui.label(t!("clock.increment"));
                seconds(ui, increment_ms, 0);
            }
            T::ByoYomi {
                main_ms,
                periods,
                period_ms,
            } => {
                minutes(ui, main_ms);
                ui.add(egui::DragValue::new(periods).range(1..=10));
                ui.label(t!("clock.periods"));
                seconds(ui, period_ms, 5);
            }
        });
    });
}
