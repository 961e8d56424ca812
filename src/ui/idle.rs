//! Keeps the window idle when nothing happens. bevy_egui 0.42 hands egui a `ModifiersChanged`
//! event every frame; egui treats any event as a reason to repaint at once, so the app would
//! redraw continuously. Only real modifier changes are passed on.

use bevy::prelude::*;
use bevy_egui::{EguiInput, EguiInputSet, EguiPreUpdateSet, egui};

pub(crate) fn plugin(app: &mut App) {
    app.add_systems(
        PreUpdate,
        drop_unchanged_modifiers
            .after(EguiInputSet::WriteEguiEvents)
            .before(EguiPreUpdateSet::BeginPass),
    );
}

fn drop_unchanged_modifiers(
    mut inputs: Query<(Entity, &mut EguiInput)>,
    mut last: Local<bevy::platform::collections::HashMap<Entity, egui::Modifiers>>,
) {
    for (entity, mut input) in &mut inputs {
        let previous = last.get(&entity).copied();
        let mut seen = previous;
        input.events.retain(|event| match event {
            egui::Event::ModifiersChanged(modifiers) => {
                let changed = seen != Some(*modifiers);
                seen = Some(*modifiers);
                changed
            }
            _ => true,
        });
        if let Some(modifiers) = seen {
            last.insert(entity, modifiers);
        }
    }
}
