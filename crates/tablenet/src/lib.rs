//! dicetray's table transport in the browser: it carries `dicetray-table`'s message bytes between the peers at a
//! table, over a WebRTC data-channel mesh when it can and through Nostr relays when it cannot. The relays also
//! carry the WebRTC signaling. The wire format is `dicetray_table::signal` (docs/table-protocol.md); this crate is
//! only the I/O: WebSockets, WebCrypto AES-GCM, RTCPeerConnection. No UI.
//!
//! Every failure is a `Result` from [`Link::start`] or a [`LinkEvent`]; nothing here panics on what the network or
//! the browser does. It builds natively too (the web types exist there), so the workspace builds and the mesh's
//! decisions (`mesh.rs`, `relays.rs`' retry schedule, `channel.rs`) are tested natively; calling [`Link::start`]
//! outside a browser fails at run time.
//!
//! Besides table messages it carries the protocol's sync texts ([`Link::send_sync`], [`LinkEvent::Sync`]), opaque
//! here. A relay that goes away is tried again 250 ms, 500 ms, then every second while it is down; [`Link::wake`]
//! (for the browser's `online` event and the page becoming visible) reconnects at once.

mod channel;
mod crypt;
mod event;
mod js;
pub mod mesh;
mod net;
mod relays;
mod rtc;
mod seen;

pub use channel::SYNC_PREFIX;
pub use dicetray_table::signal::MAX_SYNC_BYTES;
pub use dicetray_table::PeerKey;
pub use event::LinkEvent;
pub use mesh::Path;

use dicetray_table::signal::{aes_key, topic, NostrKey};
use net::{Fixed, Inner};
use std::rc::Rc;

/// What a link needs: the table (from the link's fragment), who I am, and how to reach the others.
pub struct LinkConfig {
    /// The link's `t` (22 characters of base64url).
    pub table_id: String,
    /// The link's `k`, decoded.
    pub table_key: [u8; 32],
    /// My identity's public key.
    pub me: PeerKey,
    /// My identity's secret: the Nostr key is derived from it (`NostrKey::from_identity_secret`).
    pub nostr_secret: [u8; 32],
    /// `ws://` or `wss://` URLs (at least one: the relays carry the signaling).
    pub relays: Vec<String>,
    /// STUN/TURN URLs; empty means none (host candidates only).
    pub ice_servers: Vec<String>,
    /// False: never use WebRTC (relays only; my address stays hidden from the peers).
    pub direct: bool,
}

/// A running link. Cheap to clone: clones share it; it closes on [`Link::close`] or when the last clone is dropped.
#[derive(Clone)]
pub struct Link {
    inner: Rc<Inner>,
}

impl Link {
    /// Starts the link: imports the key, connects every relay, announces me (`hi`). Fails only on a config it
    /// cannot use or outside a browser; everything later is reported through `on_event`.
    pub fn start(config: LinkConfig, on_event: impl Fn(LinkEvent) + 'static) -> Result<Link, String> {
        if config.relays.is_empty() {
            return Err("no relays (allowed: at least one ws:// or wss:// URL: the relays carry the signaling)".into());
        }
        if config.table_id.is_empty() {
            return Err("no table id".into());
        }
        js::window()?;
        let topic = topic(&config.table_id);
        let fixed = Fixed {
            me: config.me,
            sub: format!("dicetray-{}", &topic[..12]),
            topic: topic.clone(),
            nostr: NostrKey::from_identity_secret(&config.nostr_secret),
            ice: config.ice_servers,
            // A browser without WebRTC is a relay-only phone, as with `direct` off: it offers nothing and answers
            // no offer, so the others count it "via relays" and no "cannot create a WebRTC connection" is listed.
            direct: config.direct && js::has_webrtc(),
        };
        let inner = Inner::new(fixed, config.relays, Box::new(on_event));
        let key = aes_key(&config.table_key, &config.table_id);
        let interval = net::start_interval(Rc::downgrade(&inner))?;
        let w = Rc::downgrade(&inner);
        wasm_bindgen_futures::spawn_local(async move {
            let crypt = crypt::Crypt::import(&key, &topic).await;
            let Some(inner) = w.upgrade() else {
                // Every handle was dropped meanwhile: stop the timer before its callback is dropped.
                if let Some(win) = web_sys::window() {
                    win.clear_interval_with_handle(interval.0);
                }
                return;
            };
            match crypt {
                Ok(c) => inner.begin(c, Some(interval)),
                Err(e) => {
                    inner.emit(LinkEvent::Problem(e));
                    inner.close();
                    if let Some(win) = web_sys::window() {
                        win.clear_interval_with_handle(interval.0);
                    }
                }
            }
            inner.flush();
        });
        Ok(Link { inner })
    }

    /// Sends one table message to everyone: over each open data channel, and once through the relays if some
    /// known peer has no open channel (or none is known yet).
    pub fn broadcast(&self, bytes: &[u8]) {
        self.inner.broadcast(bytes);
    }

    /// Sends a sync text (1 to [`MAX_SYNC_BYTES`] bytes, opaque here). To one peer: over its open data channel
    /// if it has one, else through the relays. To everyone (`None`): over each open data channel, and once through
    /// the relays if some known peer has no open channel (or none is known yet), as [`Link::broadcast`] does. A
    /// text it cannot send (empty, over the limit, to me) is a [`LinkEvent::Problem`].
    pub fn send_sync(&self, to: Option<PeerKey>, text: &str) {
        self.inner.send_sync(to, text);
    }

    /// Call when the network may be back (the browser's `online` event) or the page became visible: every relay
    /// not connected is tried at once (its retries afresh), peers I offer to whose data channel is not open are
    /// offered to again, and, unless every known peer's channel is open and every relay was up, I announce myself
    /// (`hi` to everyone) so peers that lost or forgot me reconnect. Before the link has begun, and after
    /// [`Link::close`], it does nothing.
    pub fn wake(&self) {
        self.inner.wake();
    }

    /// Every known peer and how it is reached.
    pub fn paths(&self) -> Vec<(PeerKey, Path)> {
        self.inner.state.borrow().mesh.paths()
    }

    /// Closes every connection and socket; no event follows.
    pub fn close(&self) {
        self.inner.close();
    }
}
