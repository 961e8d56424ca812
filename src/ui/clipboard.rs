//! Ctrl+V in egui text fields: reads the system clipboard through Bevy's `Clipboard` and hands
//! the text to egui (bevy_egui's own clipboard support would pull in Wayland libraries).

use bevy::clipboard::Clipboard;
use bevy::input::keyboard::KeyboardInput;
use bevy::prelude::*;
use bevy_egui::input::EguiInputEvent;
use bevy_egui::{EguiInputSet, PrimaryEguiContext, egui};

pub(crate) fn plugin(app: &mut App) {
    app.add_systems(
        PreUpdate,
        paste_into_egui
            .after(EguiInputSet::ReadBevyMessages)
            .before(EguiInputSet::WriteEguiEvents),
    );
}

fn paste_into_egui(
    mut keys: MessageReader<KeyboardInput>,
    modifiers: Res<ButtonInput<KeyCode>>,
    clipboard: Option<ResMut<Clipboard>>,
    context: Query<Entity, With<PrimaryEguiContext>>,
    mut events: MessageWriter<EguiInputEvent>,
) {
    let pasting = keys
        .read()
        .any(|k| k.state.is_pressed() && k.key_code == KeyCode::KeyV);
    let codes = [
        KeyCode::ControlLeft,
        KeyCode::ControlRight,
        KeyCode::SuperLeft,
        KeyCode::SuperRight,
    ];
    let ctrl = modifiers.any_pressed(codes) || modifiers.any_just_released(codes);
    if !pasting || !ctrl {
        return;
    }
    let (Some(mut clipboard), Ok(context)) = (clipboard, context.single()) else {
        return;
    };
    if let Some(Ok(text)) = clipboard.fetch_text().poll_result() {
        events.write(EguiInputEvent {
            context,
            event: egui::Event::Paste(text),
        });
    }
}
