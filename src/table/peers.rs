//! Who is at the table, and how each one's messages reach this phone (directly, through the relays, still
//! connecting), or that it is away (silent, or its page hidden) or gone.

use super::listed::path_words;
use super::seat::Seated;
use leptos::prelude::*;

/// One row of the peer list.
#[derive(Clone, Debug, PartialEq)]
struct PeerRow {
    key: String,
    name: String,
    path: &'static str,
}

#[component]
pub fn PeerList(seat: Seated) -> impl IntoView {
    let view = seat.view();
    let reader = seat.clone();
    let rows = move || {
        view.changed.track();
        let paths = view.paths.get();
        reader.with_member(|m| {
            m.table()
                .peers()
                .iter()
                .map(|(key, p)| {
                    let path = path_words(m, &paths, key);
                    let name = match &p.character {
                        Some(c) => format!("{} ({c})", p.name),
                        None => p.name.clone(),
                    };
                    PeerRow { key: key.to_string(), name, path }
                })
                .collect::<Vec<_>>()
        })
    };
    view! {
        <section class="table-part" aria-labelledby="table-peers-title">
            <h2 id="table-peers-title">"At the table"</h2>
            <ul class="table-peers">
                <For each=rows key=|r| (r.key.clone(), r.name.clone(), r.path) let:row>
                    <li class="table-peer" data-peer=row.key.clone() data-path=row.path>
                        <span class="peer-name">{row.name}</span>
                        " "
                        <span class="peer-path">{row.path}</span>
                    </li>
                </For>
            </ul>
            <RelayLine seat />
        </section>
    }
}

/// How many relays are connected, and the last problem of those that are not.
#[component]
fn RelayLine(seat: Seated) -> impl IntoView {
    let relays = seat.view().relays;
    let line = move || {
        relays.with(|r| {
            let up = r.values().filter(|(up, _)| *up).count();
            let problem = r
                .iter()
                .find_map(|(url, (up, p))| (!up).then_some(p.as_ref().map(|p| format!(" {url}: {p}"))).flatten());
            format!("Relays: {up} of {} connected.{}", r.len(), problem.unwrap_or_default())
        })
    };
    view! { <p class="hint table-relays">{line}</p> }
}
