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

    /// The link, the clock and the saves on leaving the page, closed together.
    pub struct Carried {
        pub link: Link,
        pub clock: IntervalHandle,
        pub on_leaving: std::cell::RefCell<Vec<WindowListenerHandle>>,
    }

    impl Carrier for Carried {
        fn broadcast(&self, bytes: &[u8]) {
            self.link.broadcast(bytes);
        }

        fn close(&self) {
            self.clock.clear();
            self.link.close();
            for listener in self.on_leaving.borrow_mut().drain(..) {
                listener.remove();
            }
        }
    }

    /// Save the seat as the page is about to go away, so the table log loses nothing the seat had taken: on
    /// `beforeunload` (a reload, a closed tab: storage's `pagehide` then writes the save this schedules) and when
    /// the page is hidden (a phone switching apps, which may never come back to the page).
    pub fn save_when_leaving(seat: &Seated) -> Vec<WindowListenerHandle> {
        let (a, b) = (seat.clone(), seat.clone());
        vec![
            window_event_listener(leptos::ev::beforeunload, move |_| a.save_if_changed()),
            window_event_listener(leptos::ev::visibilitychange, move |_| {
                if document().visibility_state() == leptos::web_sys::VisibilityState::Hidden {
                    b.save_if_changed();
                }
            }),
        ]
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
    let on_leaving = web::save_when_leaving(seat).into();
    seat.attach(std::rc::Rc::new(web::Carried { link, clock, on_leaving }));
    Ok(())
}
