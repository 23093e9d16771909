//! The form that creates a character for one of the five systems.

use super::ui::CharactersUi;
use crate::state::Character;
use crate::systems::system_name;
use dicetray_rules::systems::SYSTEMS;
use leptos::prelude::*;

#[component]
pub fn CreateCharacter() -> impl IntoView {
    let ui = CharactersUi::get();
    let name = RwSignal::new(String::new());
    let system = RwSignal::new(SYSTEMS[0].id.to_string());
    let create = move |ev: leptos::ev::SubmitEvent| {
        ev.prevent_default();
        let system_id = system.get_untracked();
        let typed = name.get_untracked();
        let typed = typed.trim();
        let chosen =
            if typed.is_empty() { format!("New {} character", system_name(&system_id)) } else { typed.to_string() };
        if let Some(character) = Character::new(&chosen, &system_id) {
            let id = character.id.clone();
            ui.state.characters.update(|cs| cs.push(character));
            ui.status.set(format!("Created {chosen}."));
            name.set(String::new());
            ui.open(&id);
        }
    };
    view! {
        <form class="create-character" on:submit=create aria-labelledby="create-title">
            <h2 id="create-title">"New character"</h2>
            <div class="create-fields">
                <div class="field">
                    <label for="new-character-name">"Name"</label>
                    <input
                        id="new-character-name"
                        class="new-character-name"
                        type="text"
                        maxlength="200"
                        autocomplete="off"
                        prop:value=move || name.get()
                        on:input=move |ev| name.set(event_target_value(&ev))
                    />
                </div>
                <div class="field">
                    <label for="new-character-system">"System"</label>
                    <select
                        id="new-character-system"
                        class="new-character-system"
                        on:change=move |ev| system.set(event_target_value(&ev))
                    >
                        {SYSTEMS
                            .iter()
                            .map(|s| {
                                view! {
                                    <option value=s.id prop:selected=move || system.with(|chosen| chosen == s.id)>
                                        {s.name}
                                    </option>
                                }
                            })
                            .collect_view()}
                    </select>
                </div>
                <button type="submit" class="create-button primary">"Create character"</button>
            </div>
        </form>
    }
}
