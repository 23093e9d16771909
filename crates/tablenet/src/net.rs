//! The link's state and every handler: relays in, frames out, connections per peer. Handlers push [`LinkEvent`]s
//! on a queue and deliver them after releasing the state (`flush`), so the app's callback may call back into the
//! link (broadcast, close) without a double borrow.

use crate::channel::{self, ChannelText};
use crate::crypt::Crypt;
use crate::event::LinkEvent;
use crate::js::{now_ms, random, sleep_promise, wait};
use crate::mesh::{Learnt, Mesh, Path};
use crate::relays::{down_problem, now_secs, Relay, RelayEvents};
use crate::rtc::{make_answer, make_offer, take_answer, ChannelEvents, PeerConn};
use dicetray_table::limits::MAX_FRAME_BYTES;
use dicetray_table::peer_set::PeerMap;
use dicetray_table::signal::{
    pack, unpack, Frame, FrameType, NostrEvent, NostrKey, RelayMessage, MAX_SYNC_BYTES, PROBE_SUB,
};
use dicetray_table::PeerKey;
use std::cell::{Cell, RefCell};
use std::collections::VecDeque;
use std::rc::{Rc, Weak};
use wasm_bindgen::closure::Closure;
use wasm_bindgen::JsCast;
use wasm_bindgen_futures::spawn_local;
use web_sys::RtcDataChannel;

/// Events published in the last this many ms are sent to a relay that (re)connects after they went out.
const RESEND_MS: f64 = 30_000.0;
const OUTBOX_CAP: usize = 64;

/// The tick's timer id and its callback (cleared and dropped on close).
pub type Interval = (i32, Closure<dyn FnMut()>);

pub struct Fixed {
    pub me: PeerKey,
    pub topic: String,
    pub sub: String,
    pub nostr: NostrKey,
    pub ice: Vec<String>,
    pub direct: bool,
}

struct Sent {
    at: f64,
    text: String,
    relays: Vec<bool>,
}

pub struct State {
    pub closed: bool,
    crypt: Option<Rc<Crypt>>,
    pub mesh: Mesh,
    pub relays: Vec<Relay>,
    peers: PeerMap<PeerConn>,
    attempts: u64,
    outbox: VecDeque<Sent>,
    to_publish: VecDeque<Frame>,
    publishing: bool,
    incoming: VecDeque<(usize, NostrEvent)>,
    receiving: bool,
    interval: Option<Interval>,
}

pub struct Inner {
    pub fixed: Fixed,
    pub state: RefCell<State>,
    me: Weak<Inner>,
    on_event: Box<dyn Fn(LinkEvent)>,
    queue: RefCell<VecDeque<LinkEvent>>,
    emitting: Cell<bool>,
}

impl Inner {
    pub fn new(fixed: Fixed, relays: Vec<String>, on_event: Box<dyn Fn(LinkEvent)>) -> Rc<Inner> {
        let mesh = Mesh::new(fixed.me, fixed.direct);
        Rc::new_cyclic(|me| Inner {
            state: RefCell::new(State {
                closed: false,
                crypt: None,
                mesh,
                relays: relays.into_iter().map(Relay::new).collect(),
                peers: PeerMap::new(),
                attempts: 0,
                outbox: VecDeque::new(),
                to_publish: VecDeque::new(),
                publishing: false,
                incoming: VecDeque::new(),
                receiving: false,
                interval: None,
            }),
            fixed,
            me: me.clone(),
            on_event,
            queue: RefCell::new(VecDeque::new()),
            emitting: Cell::new(false),
        })
    }

    pub fn emit(&self, ev: LinkEvent) {
        self.queue.borrow_mut().push_back(ev);
    }

    /// Delivers queued events; never called with the state borrowed.
    pub fn flush(&self) {
        if self.emitting.replace(true) {
            return;
        }
        loop {
            let next = self.queue.borrow_mut().pop_front();
            match next {
                Some(ev) => (self.on_event)(ev),
                None => break,
            }
        }
        self.emitting.set(false);
    }

    /// After the key is imported: the tick, the relays, and the `hi` that announces this start. The `hi` goes out
    /// first, ahead of frames queued while the key was imported (the join message): a peer that met me by one of
    /// those would take my `hi` after it for a restart, drop the connection it had begun offering me, and offer
    /// again, and an answer to the first offer could then reach the second.
    pub fn begin(&self, crypt: Crypt, interval: Option<Interval>) {
        {
            let mut st = self.state.borrow_mut();
            if st.closed {
                if let (Some((id, _)), Some(w)) = (&interval, web_sys::window()) {
                    w.clear_interval_with_handle(*id);
                }
                return;
            }
            st.crypt = Some(Rc::new(crypt));
            st.interval = interval;
            st.to_publish.push_front(Frame::new(self.fixed.me, None, FrameType::Hi, ""));
            self.start_publishing(&mut st);
        }
        self.tick();
    }

    /// About once a second: relay retries (each failure also sets its own timer, see `relay_closed`), the mesh's
    /// waits and retry offers.
    pub fn tick(&self) {
        let now = now_ms();
        let mut retries = Vec::new();
        self.poll_relays(now);
        {
            let mut st = self.state.borrow_mut();
            if st.closed {
                return;
            }
            let (changes, again) = st.mesh.tick(now);
            for (peer, path) in changes {
                self.emit(LinkEvent::PeerPath { peer, path });
            }
            if self.fixed.direct {
                retries = again;
            }
        }
        for peer in retries {
            self.offer(peer);
        }
        self.flush();
    }

    // ---- relays ----

    /// Connects every relay whose retry is due (and gives up a socket connecting too long), probes an open socket
    /// that has been quiet and replaces one that went silent. Relays connect once the key is there, so nothing
    /// arrives that could not be read yet.
    fn poll_relays(&self, now: f64) {
        let mut st = self.state.borrow_mut();
        if st.closed || st.crypt.is_none() {
            return;
        }
        for i in 0..st.relays.len() {
            if let Some(problem) = st.relays[i].poll(&self.me, i, now) {
                let url = st.relays[i].url.clone();
                self.emit(LinkEvent::Relay { url, up: false, problem: Some(problem) });
            }
        }
    }

    /// Polls the relays again after `wait_ms` (a relay's next attempt), so retries keep their schedule instead of
    /// waiting for the next tick.
    fn poll_relays_after(&self, wait_ms: f64) {
        let w = self.me.clone();
        // A little after the retry is due, so it is due when the timer fires.
        let ms = (wait_ms + 10.0).clamp(0.0, 60_000.0) as i32;
        spawn_local(async move {
            let _ = wait(sleep_promise(ms)).await;
            if let Some(i) = w.upgrade() {
                i.poll_relays(now_ms());
                i.flush();
            }
        });
    }

    fn send_event(&self, ev: &NostrEvent) {
        let text = ev.publish_text();
        let mut st = self.state.borrow_mut();
        let now = now_ms();
        let relays = st.relays.iter().map(|r| r.send(&text).is_ok()).collect();
        st.outbox.retain(|s| now - s.at < RESEND_MS);
        if st.outbox.len() >= OUTBOX_CAP {
            st.outbox.pop_front();
        }
        st.outbox.push_back(Sent { at: now, text, relays });
    }

    /// Queues a frame for the relays; frames go out one at a time, in order (table messages carry sequence numbers).
    pub fn publish(&self, frame: Frame) {
        let mut st = self.state.borrow_mut();
        if st.closed {
            return;
        }
        st.to_publish.push_back(frame);
        self.start_publishing(&mut st);
    }

    /// Starts the publish loop unless it runs already or the key is not there yet (it starts in `begin` then).
    fn start_publishing(&self, st: &mut State) {
        if !st.publishing && st.crypt.is_some() {
            st.publishing = true;
            spawn_local(publish_loop(self.me.clone()));
        }
    }

    // ---- frames ----

    fn handle_frame(&self, frame: Frame) {
        let me = self.fixed.me;
        if !frame.is_for(&me) {
            return;
        }
        let from = frame.from;
        let learnt = {
            let mut st = self.state.borrow_mut();
            if st.closed {
                return;
            }
            let learnt = st.mesh.learn(from, now_ms());
            match learnt {
                Learnt::New => {
                    let path = st.mesh.paths().into_iter().find(|(k, _)| *k == from).map_or(Path::Relays, |p| p.1);
                    self.emit(LinkEvent::PeerSeen { peer: from });
                    self.emit(LinkEvent::PeerPath { peer: from, path });
                }
                Learnt::Full => {
                    self.emit(LinkEvent::Problem(format!(
                        "peer {} ignored: the table is full ({} peers at most)",
                        from.short(),
                        dicetray_table::limits::MAX_PEERS
                    )));
                }
                Learnt::Known => {}
            }
            learnt
        };
        if learnt == Learnt::Full {
            return self.flush();
        }
        let announce = frame.kind == FrameType::Hi && frame.to.is_none();
        if announce && learnt == Learnt::Known {
            // The peer started again: its old connection is gone.
            let path = {
                let mut st = self.state.borrow_mut();
                st.peers.remove(&from);
                st.mesh.restarted(&from, now_ms())
            };
            if let Some(path) = path {
                self.emit(LinkEvent::PeerPath { peer: from, path });
            }
        }
        // Answer a start, or a peer met by another frame, so it learns me too (an answering `hi` is not answered).
        let reply = announce || (learnt == Learnt::New && frame.to.is_none());
        if reply {
            self.publish(Frame::new(me, Some(from), FrameType::Hi, ""));
        }
        let (direct, offerer) = (self.fixed.direct, me < from);
        match frame.kind {
            FrameType::Msg => self.deliver(from, frame.data.into_bytes()),
            // `is_for` above: for everyone or for me, and not my own.
            FrameType::Sync => self.emit(LinkEvent::Sync { from, text: frame.data }),
            FrameType::Offer if direct && !offerer => self.answer(from, frame.data),
            FrameType::Answer if direct && offerer => self.take_answer(from, frame.data),
            FrameType::Offer | FrameType::Answer => {}
            FrameType::Hi => {}
        }
        if direct && offerer && (announce || learnt == Learnt::New) {
            self.offer(from);
        }
        self.flush();
    }

    fn deliver(&self, from: PeerKey, bytes: Vec<u8>) {
        if self.state.borrow_mut().mesh.first_message(&bytes) {
            self.emit(LinkEvent::Message { from, bytes });
        }
    }

    // ---- WebRTC ----

    fn new_conn(&self, peer: PeerKey, offerer: bool) -> Option<(u64, web_sys::RtcPeerConnection)> {
        let mut st = self.state.borrow_mut();
        if st.closed {
            return None;
        }
        st.peers.remove(&peer);
        st.attempts += 1;
        let attempt = st.attempts;
        match PeerConn::new(&self.me, peer, attempt, &self.fixed.ice, offerer) {
            Ok(conn) => {
                let pc = conn.pc.clone();
                st.peers.insert(peer, conn);
                Some((attempt, pc))
            }
            Err(e) => {
                self.emit(LinkEvent::Problem(format!("peer {}: {e}", peer.short())));
                None
            }
        }
    }

    fn offer(&self, peer: PeerKey) {
        self.state.borrow_mut().mesh.offering(&peer, now_ms());
        if let Some((attempt, pc)) = self.new_conn(peer, true) {
            spawn_local(signal(self.me.clone(), peer, attempt, FrameType::Offer, async move { make_offer(&pc).await }));
        }
    }

    fn answer(&self, peer: PeerKey, sdp: String) {
        if let Some((attempt, pc)) = self.new_conn(peer, false) {
            let task = async move { make_answer(&pc, &sdp).await };
            spawn_local(signal(self.me.clone(), peer, attempt, FrameType::Answer, task));
        }
    }

    fn take_answer(&self, peer: PeerKey, sdp: String) {
        let pc = {
            let st = self.state.borrow();
            match st.peers.get(&peer) {
                Some(c) if c.awaiting_answer() => c.pc.clone(),
                _ => return,
            }
        };
        let w = self.me.clone();
        spawn_local(async move {
            if let Err(e) = take_answer(&pc, &sdp).await {
                if let Some(i) = w.upgrade() {
                    i.emit(LinkEvent::Problem(format!("peer {}: {e}", peer.short())));
                    i.flush();
                }
            }
        });
    }

    fn current(&self, peer: &PeerKey, attempt: u64) -> bool {
        let st = self.state.borrow();
        !st.closed && st.peers.get(peer).is_some_and(|c| c.attempt == attempt)
    }

    // ---- the API ----

    pub fn broadcast(&self, bytes: &[u8]) {
        let Ok(text) = std::str::from_utf8(bytes) else {
            self.emit(LinkEvent::Problem("a table message that is not UTF-8 text was not sent".into()));
            return self.flush();
        };
        self.to_everyone(text, Frame::new(self.fixed.me, None, FrameType::Msg, text));
    }

    /// Sends `on_channel` over every open data channel, and `frame` once through the relays if some known peer has
    /// no open channel (or none is known yet, or a channel refused it).
    fn to_everyone(&self, on_channel: &str, frame: Frame) {
        let needs_relay = {
            let st = self.state.borrow();
            if st.closed {
                return;
            }
            let mut failed = false;
            for (peer, conn) in &st.peers {
                if conn.is_open() {
                    if let Err(e) = conn.send(on_channel) {
                        failed = true;
                        self.emit(LinkEvent::Problem(format!("peer {}: sending failed: {e}", peer.short())));
                    }
                }
            }
            // A peer counts as direct only once its channel is open, so this covers every peer without one.
            failed
                || st.mesh.needs_relay()
                || st.mesh.paths().iter().any(|(p, _)| !st.peers.get(p).is_some_and(|c| c.is_open()))
        };
        if needs_relay {
            self.publish(frame);
        }
        self.flush();
    }

    pub fn send_sync(&self, to: Option<PeerKey>, text: &str) {
        let me = self.fixed.me;
        let refused = if text.is_empty() {
            Some("an empty sync text was not sent (allowed: 1 or more bytes)".to_string())
        } else if text.len() > MAX_SYNC_BYTES {
            Some(format!(
                "a sync text of {} bytes was not sent: over the limit (MAX_SYNC_BYTES, at most {MAX_SYNC_BYTES})",
                text.len()
            ))
        } else if to == Some(me) {
            Some("a sync text addressed to this device was not sent".to_string())
        } else {
            None
        };
        if let Some(why) = refused {
            self.emit(LinkEvent::Problem(why));
            return self.flush();
        }
        let frame = Frame::new(me, to, FrameType::Sync, text);
        let Some(peer) = to else {
            return self.to_everyone(&channel::sync_text(text), frame);
        };
        let sent = {
            let st = self.state.borrow();
            if st.closed {
                return;
            }
            // Over its open channel if it has one; if that fails, through the relays.
            st.peers.get(&peer).is_some_and(|c| c.is_open() && c.send(&channel::sync_text(text)).is_ok())
        };
        if !sent {
            self.publish(frame);
        }
        self.flush();
    }

    /// Network back or page visible: retry every relay not connected now, offer to peers without an open channel
    /// (the mesh's rules), and announce me unless every channel is open (`Mesh::wake`).
    pub fn wake(&self) {
        let now = now_ms();
        let wake = {
            let mut st = self.state.borrow_mut();
            if st.closed || st.crypt.is_none() {
                // Not begun: `begin` connects and announces.
                return;
            }
            let st = &mut *st;
            let mut all_up = true;
            for (i, relay) in st.relays.iter_mut().enumerate() {
                all_up &= relay.up();
                if let Some(problem) = relay.wake(&self.me, i, now) {
                    self.emit(LinkEvent::Relay { url: relay.url.clone(), up: false, problem: Some(problem) });
                }
            }
            let mut wake = st.mesh.wake(now);
            // A relay that was down may have missed a peer's start: announce then too.
            wake.announce |= !all_up;
            wake
        };
        // The `hi` first: a peer meets it by dropping its old connection to me, so it must not follow my offer.
        if wake.announce {
            self.publish(Frame::new(self.fixed.me, None, FrameType::Hi, ""));
        }
        for peer in wake.offer {
            self.offer(peer);
        }
        self.flush();
    }

    pub fn close(&self) {
        let (peers, interval) = {
            let mut st = self.state.borrow_mut();
            if st.closed {
                return;
            }
            st.closed = true;
            for r in st.relays.iter_mut() {
                r.shut(&self.fixed.sub);
            }
            st.to_publish.clear();
            st.incoming.clear();
            (std::mem::take(&mut st.peers), st.interval.take())
        };
        if let (Some((id, _)), Some(w)) = (&interval, web_sys::window()) {
            w.clear_interval_with_handle(*id);
        }
        drop(peers);
        drop(interval);
        self.queue.borrow_mut().clear();
    }
}

/// What a relay's socket tells the link (`relays.rs` calls back through it).
impl RelayEvents for Inner {
    fn relay_opened(&self, index: usize) {
        {
            let mut st = self.state.borrow_mut();
            let now = now_ms();
            let st = &mut *st;
            let relay = &mut st.relays[index];
            match relay.opened(&self.fixed.sub, &self.fixed.topic, now) {
                Ok(()) => {
                    self.emit(LinkEvent::Relay { url: relay.url.clone(), up: true, problem: None });
                    // What went out while this relay was away, if still recent; after a socket given up as silent,
                    // everything recent (sent into it, it may have gone nowhere; a copy is dropped by its event id).
                    let all = relay.take_silenced();
                    for sent in st.outbox.iter_mut() {
                        let missed = all || !sent.relays[index];
                        if now - sent.at < RESEND_MS && missed && relay.send(&sent.text).is_ok() {
                            sent.relays[index] = true;
                        }
                    }
                }
                Err(e) => self.emit(LinkEvent::Relay { url: relay.url.clone(), up: true, problem: Some(e) }),
            }
        }
        self.flush();
    }

    /// The socket closed or failed to connect: try again soon ([`crate::relays::RETRY_MS`]); tell it once.
    fn relay_closed(&self, index: usize, code: u16, reason: String) {
        let wait_ms = {
            let mut st = self.state.borrow_mut();
            if st.closed {
                return;
            }
            let relay = &mut st.relays[index];
            let down = relay.closed(now_ms());
            if down.report {
                let problem = Some(down_problem(down.was_open, code, &reason));
                self.emit(LinkEvent::Relay { url: relay.url.clone(), up: false, problem });
            }
            down.wait_ms
        };
        self.poll_relays_after(wait_ms);
        self.flush();
    }

    /// Counts and reports something a relay sent that was refused (it still shows the socket alive).
    fn relay_refused(&self, index: usize, why: String) {
        {
            let mut st = self.state.borrow_mut();
            let relay = &mut st.relays[index];
            relay.heard(now_ms());
            relay.refused += 1;
            let msg = format!("relay {}: {why} ({} refused from it so far)", relay.url, relay.refused);
            self.emit(LinkEvent::Problem(msg));
        }
        self.flush();
    }

    fn relay_text(&self, index: usize, text: &str) {
        let msg = match RelayMessage::parse(text) {
            Ok(m) => m,
            Err(e) => return self.relay_refused(index, e),
        };
        let mut refused = None;
        let mut retry = None;
        {
            let mut st = self.state.borrow_mut();
            let st = &mut *st;
            // Any message shows the socket alive (and answers a probe).
            st.relays[index].heard(now_ms());
            let url = st.relays[index].url.clone();
            match msg {
                RelayMessage::Event { sub, event } if sub == self.fixed.sub => {
                    let id = event.id.to_string();
                    if !st.mesh.event_seen(&id) {
                        match event.check(&self.fixed.topic) {
                            Err(e) => refused = Some(e),
                            Ok(()) => {
                                st.mesh.first_event(&id);
                                st.relays[index].answered();
                                st.incoming.push_back((index, event));
                                if !st.receiving {
                                    st.receiving = true;
                                    spawn_local(receive_loop(self.me.clone()));
                                }
                            }
                        }
                    }
                }
                RelayMessage::Event { .. } => {}
                RelayMessage::Eose { sub } if sub == PROBE_SUB => {
                    st.relays[index].answered();
                    st.relays[index].end_probe();
                }
                RelayMessage::Eose { .. } => st.relays[index].answered(),
                RelayMessage::Ok { accepted: false, message, .. } => {
                    let problem = Some(format!("did not take an event: {message:.200}"));
                    self.emit(LinkEvent::Relay { url, up: true, problem });
                }
                RelayMessage::Ok { .. } | RelayMessage::Auth { .. } => {}
                RelayMessage::Notice(n) => {
                    self.emit(LinkEvent::Relay { url, up: true, problem: Some(format!("notice: {n:.200}")) })
                }
                RelayMessage::Closed { sub, message } if sub == self.fixed.sub => {
                    let down = st.relays[index].restart(now_ms());
                    retry = Some(down.wait_ms);
                    if down.report {
                        let problem = Some(format!("ended the subscription ({message:.200}); reconnecting"));
                        self.emit(LinkEvent::Relay { url, up: false, problem });
                    }
                }
                RelayMessage::Closed { .. } => {}
            }
        }
        if let Some(wait_ms) = retry {
            self.poll_relays_after(wait_ms);
        }
        match refused {
            Some(e) => self.relay_refused(index, e),
            None => self.flush(),
        }
    }
}

/// What a peer's WebRTC connection and data channel tell the link (`rtc.rs` calls back through it).
impl ChannelEvents for Inner {
    fn channel_arrived(&self, peer: PeerKey, attempt: u64, dc: RtcDataChannel) {
        let mut st = self.state.borrow_mut();
        match st.peers.get_mut(&peer) {
            Some(c) if c.attempt == attempt => c.adopt(&self.me, peer, dc),
            _ => dc.close(),
        }
    }

    fn channel_opened(&self, peer: PeerKey, attempt: u64) {
        if !self.current(&peer, attempt) {
            return;
        }
        if let Some(path) = self.state.borrow_mut().mesh.opened(&peer) {
            self.emit(LinkEvent::PeerPath { peer, path });
        }
        self.flush();
    }

    fn channel_closed(&self, peer: PeerKey, attempt: u64) {
        if !self.current(&peer, attempt) {
            return;
        }
        let path = {
            let mut st = self.state.borrow_mut();
            // Dropped after the borrow ends: its handlers are detached first (`PeerConn::shut`).
            let conn = st.peers.remove(&peer);
            let path = st.mesh.closed(&peer, now_ms());
            drop(st);
            drop(conn);
            path
        };
        if let Some(path) = path {
            self.emit(LinkEvent::PeerPath { peer, path });
        }
        self.flush();
    }

    /// A text over a data channel: a table message, or a sync text after its prefix (`channel.rs`).
    fn channel_message(&self, peer: PeerKey, text: Option<String>) {
        match text.as_deref().map(channel::read) {
            Some(Ok(ChannelText::Message(t))) => self.deliver(peer, t.as_bytes().to_vec()),
            Some(Ok(ChannelText::Sync(t))) => self.emit(LinkEvent::Sync { from: peer, text: t.to_string() }),
            Some(Err(e)) => self.emit(LinkEvent::Problem(format!("peer {}: {e}", peer.short()))),
            None => self.emit(LinkEvent::Problem(format!(
                "peer {}: a binary message over the data channel (allowed: text)",
                peer.short()
            ))),
        }
        self.flush();
    }
}

impl Drop for Inner {
    fn drop(&mut self) {
        // Every handle is gone: close the sockets and connections so nothing calls a dropped closure.
        let st = self.state.get_mut();
        for r in st.relays.iter_mut() {
            r.shut(&self.fixed.sub);
        }
        if let (Some((id, _)), Some(w)) = (&st.interval, web_sys::window()) {
            w.clear_interval_with_handle(*id);
        }
    }
}

/// Makes the offer or answer, waits for ICE gathering, and sends the complete SDP to the peer.
async fn signal(
    w: Weak<Inner>,
    peer: PeerKey,
    attempt: u64,
    kind: FrameType,
    make: impl std::future::Future<Output = Result<(), String>>,
) {
    let result = make.await;
    let gathered = match (&result, w.upgrade()) {
        (Ok(()), Some(i)) => i.state.borrow().peers.get(&peer).map(|c| c.gathering_done()),
        _ => None,
    };
    if let Some(p) = gathered {
        let _ = wait(p).await;
    }
    let Some(inner) = w.upgrade() else { return };
    if !inner.current(&peer, attempt) {
        return;
    }
    let sdp = result.and_then(|()| inner.state.borrow().peers.get(&peer).map_or(Err("gone".into()), |c| c.local_sdp()));
    match sdp {
        Ok(sdp) => inner.publish(Frame::new(inner.fixed.me, Some(peer), kind, sdp)),
        Err(e) => inner.emit(LinkEvent::Problem(format!("peer {}: {e}", peer.short()))),
    }
    inner.flush();
}

/// Encrypts, signs and sends queued frames one at a time.
async fn publish_loop(w: Weak<Inner>) {
    loop {
        let Some(inner) = w.upgrade() else { return };
        let next = {
            let mut st = inner.state.borrow_mut();
            match (st.closed, st.to_publish.pop_front(), st.crypt.clone()) {
                (false, Some(frame), Some(crypt)) => Some((frame, crypt)),
                _ => {
                    st.publishing = false;
                    None
                }
            }
        };
        let Some((frame, crypt)) = next else { return };
        let sent = async {
            let json = frame.to_json();
            if json.len() > MAX_FRAME_BYTES {
                return Err(format!(
                    "{} bytes, over the limit (MAX_FRAME_BYTES, at most {MAX_FRAME_BYTES})",
                    json.len()
                ));
            }
            let (iv, ct) = crypt.encrypt(json.as_bytes()).await?;
            let aux = random::<32>()?;
            inner.fixed.nostr.sign(&inner.fixed.topic, pack(&iv, &ct), now_secs(), &aux)
        };
        match sent.await {
            Ok(ev) => inner.send_event(&ev),
            Err(e) => inner.emit(LinkEvent::Problem(format!("a {:?} frame was not sent: {e}", frame.kind))),
        }
        inner.flush();
    }
}

/// Decrypts checked events one at a time (in arrival order) and handles their frames.
async fn receive_loop(w: Weak<Inner>) {
    loop {
        let Some(inner) = w.upgrade() else { return };
        let next = {
            let mut st = inner.state.borrow_mut();
            match (st.closed, st.incoming.pop_front(), st.crypt.clone()) {
                (false, Some(item), Some(crypt)) => Some((item, crypt)),
                _ => {
                    st.receiving = false;
                    None
                }
            }
        };
        let Some(((index, event), crypt)) = next else { return };
        let frame = async {
            let (iv, ct) = unpack(&event.content)?;
            let plain = crypt.decrypt(&iv, &ct).await?;
            Frame::parse(&plain)
        };
        match frame.await {
            Ok(frame) => inner.handle_frame(frame),
            Err(e) => inner.relay_refused(index, format!("event {}: {e}", event.id.short())),
        }
    }
}

/// Starts the 1-second tick. The closure is stored in the state and dropped on close.
pub fn start_interval(w: Weak<Inner>) -> Result<Interval, String> {
    let cb = Closure::<dyn FnMut()>::new(move || {
        if let Some(i) = w.upgrade() {
            i.tick();
        }
    });
    let id = crate::js::window()?
        .set_interval_with_callback_and_timeout_and_arguments_0(cb.as_ref().unchecked_ref(), 1000)
        .map_err(|e| format!("cannot start the link's timer: {}", crate::js::describe(&e)))?;
    Ok((id, cb))
}
