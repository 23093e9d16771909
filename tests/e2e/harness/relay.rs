//! A local Nostr relay for the table tests (`nostr-relay-builder`'s `LocalRelay`, from crates.io: an existing
//! relay, not one of ours), and a small native NIP-01 client to check it and to play a peer.

use futures_util::{SinkExt, StreamExt};
use nostr_relay_builder::prelude::{
    BoxedFuture, ClientMessage, Event, EventBuilder, Filter, JsonUtil, Keys, Kind, LocalRelay, PolicyResult, RateLimit,
    RelayBuilder, RelayMessage, SubscriptionId, Tag, Timestamp, WritePolicy,
};
use std::collections::VecDeque;
use std::net::{IpAddr, Ipv4Addr, SocketAddr};
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};
use tokio::net::TcpStream;
use tokio_tungstenite::tungstenite::Message;
use tokio_tungstenite::{MaybeTlsStream, WebSocketStream};

/// The table's event kind (ephemeral range: relays forward it and store nothing).
pub const TABLE_KIND: u16 = 23197;

/// A relay on 127.0.0.1 and a free port, shut down when dropped. Needs a running tokio runtime. It can be stopped
/// and started again on the same port ([`TestRelay::stop`], [`TestRelay::start_again`]): a relay that restarts, as
/// public relays do, with every connection dropped and nothing remembered (table events are ephemeral anyway).
pub struct TestRelay {
    /// The running relay; None while stopped.
    relay: Mutex<Option<LocalRelay>>,
    url: String,
    port: u16,
    refusals: Arc<Refusals>,
}

/// A rule picking events the relay refuses to take ([`TestRelay::refuse`]): true refuses the event.
pub type RefuseRule = Box<dyn FnMut(&Event) -> bool + Send>;

/// What the relay refuses, as a public relay does past its rate limit or for reasons of its own: it answers
/// `["OK", <id>, false, "blocked: ..."]` and forwards nothing. No rule (the default): it takes everything.
#[derive(Default)]
struct Refusals {
    rule: Mutex<Option<RefuseRule>>,
    refused: AtomicUsize,
}

impl std::fmt::Debug for Refusals {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "Refusals({} refused)", self.refused.load(Ordering::SeqCst))
    }
}

/// The relay's write policy: [`Refusals`], shared with the [`TestRelay`] that sets its rule.
#[derive(Debug)]
struct RefusalPolicy(Arc<Refusals>);

impl WritePolicy for RefusalPolicy {
    fn admit_event<'a>(&'a self, event: &'a Event, _addr: &'a SocketAddr) -> BoxedFuture<'a, PolicyResult> {
        let refuse = self.0.rule.lock().unwrap_or_else(|e| e.into_inner()).as_mut().is_some_and(|rule| rule(event));
        if refuse {
            self.0.refused.fetch_add(1, Ordering::SeqCst);
        }
        Box::pin(async move {
            if refuse {
                PolicyResult::Reject("refused by the test's rule".into())
            } else {
                PolicyResult::Accept
            }
        })
    }
}

/// The relay's settings: loopback, `port` (None: a free one), a rate limit a busy test table stays under, and the
/// test's refusals.
fn builder(port: Option<u16>, refusals: &Arc<Refusals>) -> RelayBuilder {
    // The default limit of 60 events a minute per connection would throttle a busy test table (every roll is
    // several events from each peer on the relay path); public relays have their own limits, which the app must
    // live with, but this test is about the app, not about the relay's rate limit.
    let limit = RateLimit { max_reqs: 500, notes_per_minute: 100_000 };
    let builder = RelayBuilder::default()
        .addr(IpAddr::V4(Ipv4Addr::LOCALHOST))
        .rate_limit(limit)
        .write_policy(RefusalPolicy(refusals.clone()));
    match port {
        Some(port) => builder.port(port),
        None => builder,
    }
}

impl TestRelay {
    pub async fn start() -> TestRelay {
        let refusals = Arc::new(Refusals::default());
        let relay = LocalRelay::new(builder(None, &refusals));
        relay.run().await.unwrap_or_else(|e| panic!("start the local Nostr relay (nostr-relay-builder): {e}"));
        let url = relay.url().await.to_string().trim_end_matches('/').to_string();
        assert!(url.starts_with("ws://127.0.0.1:"), "the local relay should listen on loopback, it says {url}");
        let port = url.rsplit(':').next().and_then(|p| p.parse().ok()).expect("the relay URL ends in its port");
        TestRelay { relay: Mutex::new(Some(relay)), url, port, refusals }
    }

    /// From now on the relay refuses every event `rule` picks (kept across [`TestRelay::start_again`]).
    pub fn refuse(&self, rule: RefuseRule) {
        *self.refusals.rule.lock().unwrap_or_else(|e| e.into_inner()) = Some(rule);
    }

    /// How many events the relay has refused.
    pub fn refused(&self) -> usize {
        self.refusals.refused.load(Ordering::SeqCst)
    }

    /// The relay's TCP port on 127.0.0.1.
    pub fn port(&self) -> u16 {
        self.port
    }

    /// Stop the relay: it stops listening and closes every connection (the phones see their websockets close).
    ///
    /// `LocalRelay::shutdown` wakes only the tasks waiting at that instant (`Notify::notify_waiters`): a connection
    /// busy forwarding an event then misses it and stays open for good (a phone kept "Relays: 1 of 1 connected." in
    /// CI's run of 88c2c48). So the shutdown is repeated every 10 ms for a second, long enough for a busy connection
    /// to come back to its wait.
    pub fn stop(&self) {
        if let Some(relay) = self.relay.lock().unwrap_or_else(|e| e.into_inner()).take() {
            relay.shutdown();
            std::thread::spawn(move || {
                for _ in 0..100 {
                    std::thread::sleep(Duration::from_millis(10));
                    relay.shutdown();
                }
            });
        }
    }

    /// Start a new relay on the same port after [`TestRelay::stop`]. The old listener closes a moment after the
    /// stop (its task sees the shutdown), so binding is retried for up to 5 s.
    pub async fn start_again(&self) {
        assert!(self.relay.lock().unwrap_or_else(|e| e.into_inner()).is_none(), "start_again: the relay is running");
        let relay = LocalRelay::new(builder(Some(self.port), &self.refusals));
        let limit = Instant::now() + Duration::from_secs(5);
        loop {
            match relay.run().await {
                Ok(()) => break,
                Err(_) if Instant::now() < limit => tokio::time::sleep(Duration::from_millis(20)).await,
                Err(e) => panic!("start the local relay again on port {}: {e}", self.port),
            }
        }
        assert_eq!(relay.url().await.to_string().trim_end_matches('/'), self.url, "the relay came back elsewhere");
        *self.relay.lock().unwrap_or_else(|e| e.into_inner()) = Some(relay);
    }

    /// `ws://127.0.0.1:<port>`.
    pub fn url(&self) -> &str {
        &self.url
    }

    /// Check that the relay forwards an ephemeral table event to another subscriber of its topic and not to a
    /// subscriber of another topic, so a table test that fails later is not the relay's fault.
    pub async fn check_forwards_table_events(&self) {
        self.check_forwards_table_events_within(NostrSocket::PATIENCE).await
    }

    /// [`TestRelay::check_forwards_table_events`], waiting up to `patience` for each answer (an EOSE, an OK, the
    /// forwarded event): through a lossy link TCP's retransmissions back off (0.2, 0.4, 0.8, 1.6, 3.2 s ...), so
    /// an answer can take longer than on a clean loopback.
    pub async fn check_forwards_table_events_within(&self, patience: Duration) {
        let topic = "ab".repeat(32);
        let connect = |which: &'static str| async move {
            let socket = NostrSocket::connect(&self.url).await.unwrap_or_else(|e| panic!("{which} client: {e}"));
            socket.with_patience(patience)
        };
        let mut sender = connect("first").await;
        let mut receiver = connect("second").await;
        let mut other = connect("third").await;
        sender.subscribe("s", &topic).await.expect("first client subscribes");
        receiver.subscribe("r", &topic).await.expect("second client subscribes");
        other.subscribe("o", &"cd".repeat(32)).await.expect("third client subscribes to another topic");
        let keys = Keys::generate();
        let event = table_event(&keys, &topic, "hello".into());
        sender.publish(event.clone()).await.expect("the relay accepts an ephemeral table event");
        let got = receiver.next_event(patience).await.expect("read from the relay");
        assert_eq!(got.as_ref().map(|e| e.id), Some(event.id), "the relay forwards a table event to its topic");
        let stray = other.next_event(Duration::from_millis(300)).await.expect("read from the relay");
        assert!(stray.is_none(), "the relay sent an event of another topic: {stray:?}");
    }
}

/// Check that the relay answers the app's liveness probe (`dicetray_table::signal::PROBE_TEXT`: a REQ for one
/// event id with `limit: 0`) with `EOSE` for the probe's subscription, as NIP-01 has every relay do, and sends no
/// event for it; `CLOSE` then ends it. The app replaces a relay socket whose probe goes unanswered.
pub async fn check_answers_a_probe(url: &str) {
    let mut socket = NostrSocket::connect(url).await.expect("a client connects to the relay");
    let probe = dicetray_table::signal::PROBE_TEXT;
    let sent = Instant::now();
    socket.send_text(probe).await.expect("send the probe");
    let answer = socket.next_message(Duration::from_secs(5)).await.expect("read the probe's answer");
    match answer {
        Some(RelayMessage::EndOfStoredEvents(sub)) => assert_eq!(sub.as_str(), dicetray_table::signal::PROBE_SUB),
        other => panic!("the relay answered the probe {probe} with {other:?}, not EOSE"),
    }
    println!("the relay answered a liveness probe with EOSE in {} µs", sent.elapsed().as_micros());
    socket.send_text(dicetray_table::signal::PROBE_CLOSE).await.expect("close the probe");
    let more = socket.next_message(Duration::from_millis(200)).await.expect("read after the probe");
    assert!(more.is_none(), "the relay sent more after the probe's EOSE and CLOSE: {more:?}");
    socket.close().await;
}

impl Drop for TestRelay {
    fn drop(&mut self) {
        self.stop();
    }
}

/// A kind-23197 event tagged `["t", topic]`, signed by `keys`.
pub fn table_event(keys: &Keys, topic: &str, content: String) -> Event {
    EventBuilder::new(Kind::Custom(TABLE_KIND), content)
        .tag(Tag::hashtag(topic))
        .sign_with_keys(keys)
        .expect("signing a Nostr event")
}

/// One websocket connection to a relay.
pub struct NostrSocket {
    ws: WebSocketStream<MaybeTlsStream<TcpStream>>,
    /// Events that arrived while waiting for something else (an OK, an EOSE), kept for `next_event`.
    pending: VecDeque<Event>,
    /// How long `subscribe` waits for EOSE and `publish` for OK.
    patience: Duration,
}

impl NostrSocket {
    /// How long a socket waits for an answer unless told otherwise ([`NostrSocket::with_patience`]).
    pub const PATIENCE: Duration = Duration::from_secs(5);

    pub async fn connect(url: &str) -> Result<NostrSocket, String> {
        let (ws, _) = tokio_tungstenite::connect_async(url).await.map_err(|e| format!("connect to {url}: {e}"))?;
        Ok(NostrSocket { ws, pending: VecDeque::new(), patience: Self::PATIENCE })
    }

    /// Wait up to `patience` for each answer (`subscribe`'s EOSE, `publish`'s OK).
    pub fn with_patience(self, patience: Duration) -> NostrSocket {
        NostrSocket { patience, ..self }
    }

    async fn send(&mut self, msg: ClientMessage<'_>) -> Result<(), String> {
        self.send_text(&msg.as_json()).await
    }

    /// Send `text` as it is (a message the app writes itself, say).
    pub async fn send_text(&mut self, text: &str) -> Result<(), String> {
        self.ws.send(text.to_string().into()).await.map_err(|e| format!("send to the relay: {e}"))
    }

    /// `["REQ", id, {"kinds": [23197], "#t": [topic], "since": now - 30}]`, as the app subscribes.
    pub async fn subscribe(&mut self, id: &str, topic: &str) -> Result<(), String> {
        let since = Timestamp::from_secs(Timestamp::now().as_secs().saturating_sub(30));
        let filter = Filter::new().kind(Kind::Custom(TABLE_KIND)).hashtag(topic).since(since);
        self.send(ClientMessage::req(SubscriptionId::new(id), filter)).await?;
        // Wait for the end of stored events, so an event published after this returns is seen live.
        let limit = Instant::now() + self.patience;
        while Instant::now() < limit {
            match self.next_message(limit - Instant::now()).await? {
                Some(RelayMessage::EndOfStoredEvents(_)) => return Ok(()),
                Some(RelayMessage::Closed { message, .. }) => {
                    return Err(format!("the relay closed the REQ: {message}"))
                }
                other => self.keep(other),
            }
        }
        Err("the relay never sent EOSE for the subscription".into())
    }

    /// Publish and wait for the relay's OK.
    pub async fn publish(&mut self, event: Event) -> Result<(), String> {
        let id = event.id;
        self.send(ClientMessage::event(event)).await?;
        let limit = Instant::now() + self.patience;
        while Instant::now() < limit {
            match self.next_message(limit - Instant::now()).await? {
                Some(RelayMessage::Ok { event_id, status, message }) if event_id == id => {
                    return if status { Ok(()) } else { Err(format!("the relay refused the event: {message}")) };
                }
                other => self.keep(other),
            }
        }
        Err("the relay never answered OK to an event".into())
    }

    /// Keep an event that arrived while waiting for another message.
    fn keep(&mut self, msg: Option<RelayMessage<'static>>) {
        if let Some(RelayMessage::Event { event, .. }) = msg {
            self.pending.push_back(event.into_owned());
        }
    }

    /// The next relay message within `limit` (None: none came).
    pub async fn next_message(&mut self, limit: Duration) -> Result<Option<RelayMessage<'static>>, String> {
        let deadline = Instant::now() + limit;
        loop {
            let left = deadline.saturating_duration_since(Instant::now());
            let frame = match tokio::time::timeout(left, self.ws.next()).await {
                Err(_) => return Ok(None),
                Ok(None) => return Err("the relay closed the connection".into()),
                Ok(Some(Err(e))) => return Err(format!("read from the relay: {e}")),
                Ok(Some(Ok(frame))) => frame,
            };
            if let Message::Text(text) = frame {
                let text = text.as_str();
                let value: serde_json::Value =
                    serde_json::from_str(text).map_err(|e| format!("the relay sent non-JSON ({e}): {text}"))?;
                let msg = RelayMessage::from_value(value).map_err(|e| format!("the relay sent {text}: {e}"))?;
                return Ok(Some(msg));
            }
        }
    }

    /// The next event delivered on any subscription within `limit`, its signature checked.
    pub async fn next_event(&mut self, limit: Duration) -> Result<Option<Event>, String> {
        let deadline = Instant::now() + limit;
        loop {
            let left = deadline.saturating_duration_since(Instant::now());
            let next = match self.pending.pop_front() {
                Some(event) => Some(event),
                None => match self.next_message(left).await? {
                    None => return Ok(None),
                    Some(RelayMessage::Event { event, .. }) => Some(event.into_owned()),
                    Some(_) => None,
                },
            };
            if let Some(event) = next {
                event.verify().map_err(|e| format!("an event from the relay does not verify ({e}): {event:?}"))?;
                return Ok(Some(event));
            }
        }
    }

    pub async fn close(mut self) {
        let _ = self.ws.close(None).await;
    }
}
