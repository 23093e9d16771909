//! The seat's bytes on the network (`dicetray_tablenet::Link`: WebRTC data channels, Nostr relays as signaling
//! and fallback), and the clock that lets the table's time pass (every 100 ms: reveals due, rolls overdue).

use super::seat::Seated;

/// How often the table's time passes (reveals due, `REVEAL_LIMIT_MS`).
const TICK: std::time::Duration = std::time::Duration::from_millis(100);

mod web {
    use super::super::seat::{Carrier, Seated};
    use dicetray_tablenet::{Link, LinkEvent, Path};
    use leptos::prelude::IntervalHandle;
    use leptos::prelude::*;
    use wasm_bindgen::closure::Closure;
    use wasm_bindgen::JsCast;

    /// The link, the clock and the save on leaving the page, closed together.
    pub struct Carried {
        pub link: Link,
        pub clock: IntervalHandle,
        pub on_hide: Closure<dyn Fn()>,
    }

    impl Carrier for Carried {
        fn broadcast(&self, bytes: &[u8]) {
            self.link.broadcast(bytes);
        }

        fn close(&self) {
            self.clock.clear();
            self.link.close();
            let f = self.on_hide.as_ref().unchecked_ref();
            let _ = window().remove_event_listener_with_callback_and_bool("pagehide", f, true);
        }
    }

    /// Save the seat when the page goes away (a reload, a closed tab), in the capture phase: before storage's own
    /// `pagehide` listener writes what changed, so the table log loses nothing the seat had taken.
    pub fn save_on_hide(seat: &Seated) -> Result<Closure<dyn Fn()>, String> {
        let s = seat.clone();
        let f = Closure::<dyn Fn()>::new(move || s.save_if_changed());
        window()
            .add_event_listener_with_callback_and_bool("pagehide", f.as_ref().unchecked_ref(), true)
            .map_err(|e| format!("cannot watch the page going away: {e:?}"))?;
        Ok(f)
    }

    /// What the link reports, into the seat.
    pub fn on_link(seat: &Seated, event: LinkEvent) {
        let view = seat.view();
        match event {
            LinkEvent::Message { bytes, .. } => seat.receive(&bytes),
            LinkEvent::PeerPath { peer, path } => view.paths.update(|p| {
                p.insert(
                    peer,
                    match path {
                        Path::Direct => "direct",
                        Path::Relays => "via relays",
                        Path::Connecting => "connecting",
                    },
                );
            }),
            LinkEvent::Relay { url, up, problem } => view.relays.update(|r| {
                r.insert(url, (up, problem));
            }),
            LinkEvent::Problem(p) => view.refused.update(|r| r.push(format!("Network: {p}"))),
            _ => {}
        }
    }
}

/// Start carrying `seat`'s bytes as its configuration says; `identity` is the device's table identity secret (the Nostr
/// key is derived from it). Outside a browser `Link::start` fails, and so does this.
pub fn connect(seat: &Seated, identity: [u8; 32]) -> Result<(), String> {
    let config = seat.config().clone();
    use dicetray_tablenet::{Link, LinkConfig};
    use leptos::prelude::set_interval_with_handle;
    let s = seat.clone();
    let link = Link::start(
        LinkConfig {
            table_id: seat.invite().id.clone(),
            table_key: seat.invite().key,
            me: seat.me(),
            nostr_secret: identity,
            relays: config.relays,
            ice_servers: config.ice,
            direct: config.direct,
        },
        move |e| web::on_link(&s, e),
    )?;
    let s = seat.clone();
    let clock = set_interval_with_handle(move || s.tick(), TICK).map_err(|e| format!("no timer: {e:?}"))?;
    let on_hide = web::save_on_hide(seat)?;
    seat.attach(std::rc::Rc::new(web::Carried { link, clock, on_hide }));
    Ok(())
}
