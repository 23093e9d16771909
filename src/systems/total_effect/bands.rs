//! The ability's bands in the Total//Effect panel: a list of `X+`, `X-`, `X-Y` entries (loaded from the picked
//! ability, or typed), each with what it does; the panel checks them against the Total.

use leptos::prelude::*;

/// One band entry: its text and what it does.
#[derive(Clone, Copy)]
pub struct BandEntry {
    pub id: usize,
    pub band: RwSignal<String>,
    pub effect: RwSignal<String>,
}

/// The panel's bands, each with an id that keys its row.
#[derive(Clone, Copy)]
pub struct Bands {
    pub list: RwSignal<Vec<BandEntry>>,
    next: StoredValue<usize>,
}

impl Bands {
    pub fn new() -> Bands {
        Bands { list: RwSignal::new(Vec::new()), next: StoredValue::new(0) }
    }

    /// Add a band with what it does (either may be empty).
    pub fn add(&self, band: String, effect: String) {
        let id = self.next.get_value();
        self.next.set_value(id + 1);
        self.list.update(|v| v.push(BandEntry { id, band: RwSignal::new(band), effect: RwSignal::new(effect) }));
    }

    /// The bands' texts as the request takes them (tracked).
    pub fn texts(&self) -> Vec<String> {
        self.list.get().iter().map(|b| b.band.get().trim().to_string()).collect()
    }

    /// Each band's text and effect as they stand (untracked), for a roll's result.
    pub fn notes(&self) -> Vec<(String, String)> {
        self.list.get_untracked().iter().map(|b| (b.band.get_untracked(), b.effect.get_untracked())).collect()
    }
}

/// The "Bands over the Total" fieldset: one row per band (its text, what it does, remove) and "+ Add band".
#[component]
pub fn BandList(bands: Bands) -> impl IntoView {
    view! {
        <fieldset class="bands">
            <legend>"Bands over the Total"</legend>
            <ul class="entry-list">
                <For
                    each=move || bands.list.get()
                    key=|b| b.id
                    children=move |b| {
                        let band_id = format!("te-band-{}", b.id);
                        view! {
                            <li class="entry-row band-entry">
                                <label class="sr-only" for=band_id.clone()>"Band (9+, 8-, 9-12)"</label>
                                <input id=band_id class="band" type="text" placeholder="e.g. 9+" bind:value=b.band />
                                <span class="band-effect">{move || b.effect.get()}</span>
                                <button
                                    type="button"
                                    class="remove"
                                    aria-label=move || format!("Remove band {}", b.band.get())
                                    on:click=move |_| bands.list.update(|v| v.retain(|x| x.id != b.id))
                                >
                                    "✕"
                                </button>
                            </li>
                        }
                    }
                />
            </ul>
            <button type="button" class="add" id="te-add-band" on:click=move |_| bands.add(String::new(), String::new())>
                "+ Add band"
            </button>
        </fieldset>
    }
}
