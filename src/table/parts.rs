//! The Table screen's parts that only some phones need, or need only after the screen is up, in a wasm chunk of
//! their own, `table_asks`, so that joining a table fetches the rolls and the protocol first (bench/README.md,
//! "Room to grow", twelfth and twenty-sixth sessions): answering the GM's requests (the answer forms, with the
//! player's sheets and the odds of every choice), fetched in the background once seated and shown when a request to
//! this phone arrives; the GM's tools (the request form and the hidden roll), fetched when the GM sits down; and the
//! invitation's QR code (the `qrcode` crate), drawn once the chunk is in, in a slot of its final size. One chunk
//! name for all three: two made more shared files, and the chunk loader in the first load lists every file.

use super::ask::AskForm;
use super::asked::{asked_of_me, AskedList};
use super::odds::TableOdds;
use super::qr::QrCode;
use super::seat::Seated;
use super::secret::SecretRoll;
use crate::widgets::lazy_screen::lazy_view;
use leptos::prelude::*;
use leptos::task::spawn_local;
use leptos::wasm_split::{wasm_split, SplitLoaderError};

/// The requests to this phone: nothing until one arrives (its code is fetched meanwhile), then each with its
/// answer form.
#[component]
pub fn Requests(seat: Seated, odds: TableOdds) -> impl IntoView {
    // A failed fetch here is fetched again, with its message, when a request needs it.
    spawn_local(async {
        let _ = asked_preload().await;
    });
    let reader = seat.clone();
    let any = move || !asked_of_me(&reader).is_empty();
    view! {
        <Show when=any>
            {
                let seat = seat.clone();
                lazy_view("GM request", "form", asked_preload, move || asked_part(seat.clone(), odds))
            }
        </Show>
    }
}

/// The GM's tools, fetched when the GM sits down.
pub fn gm_tools(seat: Seated) -> AnyView {
    lazy_view("GM tools", "section", gm_preload, move || gm_part(seat.clone()))
}

/// The QR code of the table's `link`, fetched with the chunk the rest of this file is in.
pub fn qr_code(link: String) -> AnyView {
    lazy_view("QR code", "picture", qr_preload, move || qr_part(link.clone()))
}

#[wasm_split(table_asks, wasm_split_path = ::leptos::wasm_split, preload(qr_preload), fallible)]
fn qr_part(link: String) -> Result<AnyView, SplitLoaderError> {
    Ok(view! { <QrCode link /> }.into_any())
}

#[wasm_split(table_asks, wasm_split_path = ::leptos::wasm_split, preload(asked_preload), fallible)]
fn asked_part(seat: Seated, odds: TableOdds) -> Result<AnyView, SplitLoaderError> {
    Ok(view! { <AskedList seat odds /> }.into_any())
}

#[wasm_split(table_asks, wasm_split_path = ::leptos::wasm_split, preload(gm_preload), fallible)]
fn gm_part(seat: Seated) -> Result<AnyView, SplitLoaderError> {
    Ok(view! { <AskForm seat=seat.clone() /> <SecretRoll seat /> }.into_any())
}
