//! The Roll screen: pick a character (and, in the panel, one of its skills) or roll ad hoc for any of the five
//! systems; the system's panel shows its inputs, the exact odds of every outcome live, and the roll.

use crate::state::erased;
use crate::state::situation::SituationMemory;
use crate::state::use_app_state;
use crate::systems::{self, kit, system_name};
use crate::widgets::later::Staged;
use crate::widgets::table_settings::TableSettings;
use dicetray_rules::systems::SYSTEMS;
use leptos::prelude::*;
use std::time::Duration;

/// The bar's Share: the entry's words and link are made, and shared, in the `share` chunk.
fn share_latest(state: crate::state::AppState, entry: String, said: systems::roll_bar::ShareSaid) {
    leptos::task::spawn_local(async move {
        if super::split::share_entry(state, entry, said).await.is_err() {
            said.say("Share could not be loaded: check your connection, then try again.");
        }
    });
}

/// Which panel to show: the system and the character (None: ad hoc).
#[derive(Clone, Debug, PartialEq)]
struct PanelKey {
    system: String,
    character: Option<String>,
}

#[component]
pub fn RollScreen() -> impl IntoView {
    let state = use_app_state();
    let announcer = kit::Announcer(RwSignal::new(String::new()), StoredValue::new(0));
    provide_context(announcer);
    provide_context(systems::roll_bar::LatestRoll(RwSignal::new(None)));
    provide_context(systems::roll_bar::ShareLatest { share: share_latest, said: RwSignal::new(None) });

    // The character picker ("" is ad hoc) and the ad hoc system, as the player left them (the desk).
    let who = RwSignal::new(state.roller().unwrap_or_default());
    let saved_system = state.desk.with_untracked(|d| d.ad_hoc_system.clone());
    let known = SYSTEMS.iter().any(|s| s.id == saved_system);
    let ad_hoc_system = RwSignal::new(if known { saved_system } else { SYSTEMS[0].id.to_string() });
    erased::effect(move |_| {
        let id = who.get();
        state.roll_as((!id.is_empty()).then_some(id.as_str()));
    });
    erased::effect(move |first_done: Option<()>| {
        let system = ad_hoc_system.get();
        if first_done.is_some() {
            state.desk.update(|d| d.ad_hoc_system = system);
        }
    });

    let key = Memo::new(move |_| {
        let id = who.get();
        let character = (!id.is_empty()).then(|| state.characters.with(|cs| cs.iter().find(|c| c.id == id).cloned()));
        match character.flatten() {
            Some(c) => PanelKey { system: c.sheet.system_id().to_string(), character: Some(c.id) },
            None => PanelKey { system: ad_hoc_system.get(), character: None },
        }
    });

    // When the app starts, the panel (most of this screen's work) is built in a task of its own after the first
    // paint: the screen's frame shows sooner and start-up is several shorter tasks rather than one long one,
    // which would hold up the player's first taps. The footer waits for the panel (style/roll.css), so nothing moves.
    let panel_shown = RwSignal::new(!crate::startup::is_first_render());
    if !panel_shown.get_untracked() {
        set_timeout(move || panel_shown.set(true), Duration::ZERO);
    }
    // That panel is built in stages too: its parts in `<Later>` a task after the rest (widgets/later.rs).
    let startup_panel = StoredValue::new(!panel_shown.get_untracked());

    let character_options = move || {
        let current = who.get_untracked();
        let mut options =
            vec![view! { <option value="" selected=current.is_empty()>"Ad hoc (no character)"</option> }.into_any()];
        options.extend(state.characters.with(|cs| {
            cs.iter()
                .map(|c| {
                    let text = format!("{} ({})", c.name, system_name(c.sheet.system_id()));
                    view! { <option value=c.id.clone() selected=current == c.id>{text}</option> }.into_any()
                })
                .collect::<Vec<_>>()
        }));
        options
    };

    view! {
        <section class="screen roll-screen" aria-labelledby="screen-title">
            <h1 id="screen-title">"Roll"</h1>
            <p class="lede">"Pick a character and a skill, see the exact odds of every outcome before you roll, then roll."</p>
            <div class="roll-pickers">
                <div class="field">
                    <label for="roll-character">"Who rolls"</label>
                    <select
                        id="roll-character"
                        prop:value=move || who.get()
                        on:change=move |ev| who.set(event_target_value(&ev))
                    >
                        {character_options}
                    </select>
                </div>
                <Show when=move || key.with(|k| k.character.is_none())>
                    <div class="field">
                        <label for="roll-system">"System"</label>
                        <select
                            id="roll-system"
                            prop:value=move || ad_hoc_system.get()
                            on:change=move |ev| ad_hoc_system.set(event_target_value(&ev))
                        >
                            {SYSTEMS
                                .iter()
                                .map(|s| {
                                    view! {
                                        <option value=s.id selected=ad_hoc_system.get_untracked() == s.id>
                                            {s.name}
                                        </option>
                                    }
                                })
                                .collect_view()}
                        </select>
                    </div>
                </Show>
            </div>
            <TableSettings />
            {move || {
                if !panel_shown.get() {
                    return view! { <div class="roll-panel-pending" aria-busy="true"></div> }.into_any();
                }
                let PanelKey { system, character } = key.get();
                // The panel restores and remembers its inputs in this roller's situation.
                SituationMemory::provide(state, character.as_deref());
                provide_context(Staged(startup_panel.get_value()));
                startup_panel.set_value(false);
                panel(&system, character)
            }}
            <p class="sr-only roll-announcer" role="status" aria-live="polite">{move || announcer.0.get()}</p>
        </section>
    }
}

/// Called by `dicetray_rules::for_each_system!` with the list of systems: the Roll screen's dispatch to each
/// system's panel (`systems::<module>::panel`).
macro_rules! panels {
    ($($variant:ident($module:ident) $id:tt),* $(,)?) => {
        /// The roll panel of `system`, for `character` (None: ad hoc), in its frame (`.roll-panel[data-system]`).
        /// The 24-System's is built in; the others are lazily loaded chunks, whose frame appears once the panel's
        /// code has arrived.
        fn panel(system: &str, character: Option<String>) -> AnyView {
            match system {
                $($id => systems::$module::panel(character),)*
                _ => view! { <p>"Unknown system."</p> }.into_any(),
            }
        }
    };
}

dicetray_rules::for_each_system!(panels);
