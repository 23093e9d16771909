//! The seat's bytes on the network (`dicetray_tablenet::Link`: WebRTC data channels, Nostr relays as signaling
//! and fallback), and the clock that lets the table's time pass (every 100 ms: reveals due, rolls overdue).

use super::seat::Seated;

/// How often the table's time passes (reveals due, `REVEAL_LIMIT_MS`).
const TICK: std::time::Duration = std::time::Duration::from_millis(100);

mod web {
    use super::super::seat::{Carrier, Seated};
    use dicetray_table::PeerKey;
    use dicetray_tablenet::{Link, LinkEvent, Path};
    use leptos::prelude::IntervalHandle;
    use leptos::prelude::*;

    /// The link, the clock and the page's listeners (leaving, coming back), closed together.
    pub struct Carried {
        pub link: Link,
        pub clock: IntervalHandle,
        pub on_leaving: std::cell::RefCell<Vec<WindowListenerHandle>>,
    }

    impl Carrier for Carried {
        fn broadcast(&self, bytes: &[u8]) {
            self.link.broadcast(bytes);
        }

        fn send_sync(&self, to: Option<PeerKey>, text: &str) {
            self.link.send_sync(to, text);
        }

        fn wake(&self) {
            self.link.wake();
        }

        fn close(&self) {
            self.clock.clear();
            self.link.close();
            for listener in self.on_leaving.borrow_mut().drain(..) {
                listener.remove();
            }
        }
    }

    /// The page going away and coming back. Leaving, save the seat, so the table log loses nothing the seat had
    /// taken: on `beforeunload` (a reload, a closed tab: storage's `pagehide` then writes the save this
    /// schedules), and when the page is hidden (a phone switching apps or locked, which may never come back to
    /// the page), which also tells the other phones at once that this one is away. Coming back (the page visible
    /// again, the browser's `online`), wake the seat: reconnect at once and catch up on what was missed.
    pub fn page_events(seat: &Seated) -> Vec<WindowListenerHandle> {
        let (a, b, c, d) = (seat.clone(), seat.clone(), seat.clone(), seat.clone());
        vec![
            window_event_listener(leptos::ev::beforeunload, move |_| a.save_if_changed()),
            window_event_listener(leptos::ev::pagehide, move |_| b.hidden()),
            window_event_listener(leptos::ev::visibilitychange, move |_| {
                if document().visibility_state() == leptos::web_sys::VisibilityState::Hidden {
                    c.hidden();
                } else {
                    c.wake();
                }
            }),
            window_event_listener(leptos::ev::online, move |_| d.wake()),
        ]
    }

    /// What the link reports, into the seat.
    pub fn on_link(seat: &Seated, event: LinkEvent) {
        let view = seat.view();
        match event {
            LinkEvent::Message { bytes, .. } => seat.receive(&bytes),
            LinkEvent::Sync { from, text } => seat.on_sync(from, &text),
            LinkEvent::PeerPath { peer, path } => {
                view.paths.update(|p| {
                    p.insert(
                        peer,
                        match path {
                            Path::Direct => DIRECT,
                            Path::Relays => "via relays",
                            Path::Connecting => "connecting",
                        },
                    );
                });
                seat.set_connected(reaches_table(seat));
            }
            LinkEvent::Relay { url, up, problem } => {
                view.relays.update(|r| {
                    r.insert(url, (up, problem));
                });
                seat.set_connected(reaches_table(seat));
            }
            LinkEvent::Problem(p) => seat.network_problem(p),
            _ => {}
        }
    }

    /// The transport reaches the table: a relay is up, or a data channel is open to some peer.
    fn reaches_table(seat: &Seated) -> bool {
        let view = seat.view();
        view.relays.with_untracked(|r| r.values().any(|(up, _)| *up))
            || view.paths.with_untracked(|p| p.values().any(|path| *path == DIRECT))
    }

    const DIRECT: &str = "direct";
}

/// Start carrying `seat`'s bytes as its configuration says; `identity` is the device's table identity secret (the Nostr
/// key is derived from it). Outside a browser `Link::start` fails, and so does this.
pub fn connect(seat: &Seated, identity: [u8; 32]) -> Result<(), String> {
    let config = seat.config().clone();
    use dicetray_tablenet::{Link, LinkConfig};
    use leptos::prelude::set_interval_with_handle;
    // Not connected until a relay or a data channel says it is (an own roll made before waits, and says so).
    seat.set_connected(false);
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
    let on_leaving = web::page_events(seat).into();
    seat.attach(std::rc::Rc::new(web::Carried { link, clock, on_leaving }));
    Ok(())
}
