//! A local Nostr relay for the table tests (`nostr-relay-builder`'s `LocalRelay`, from crates.io: an existing
//! relay, not one of ours), and a small native NIP-01 client to check it and to play a peer.

use futures_util::{SinkExt, StreamExt};
use nostr_relay_builder::prelude::{
    ClientMessage, Event, EventBuilder, Filter, JsonUtil, Keys, Kind, LocalRelay, RateLimit, RelayBuilder,
    RelayMessage, SubscriptionId, Tag, Timestamp,
};
use std::collections::VecDeque;
use std::net::{IpAddr, Ipv4Addr};
use std::time::{Duration, Instant};
use tokio::net::TcpStream;
use tokio_tungstenite::tungstenite::Message;
use tokio_tungstenite::{MaybeTlsStream, WebSocketStream};

/// The table's event kind (ephemeral range: relays forward it and store nothing).
pub const TABLE_KIND: u16 = 23197;

/// A relay on 127.0.0.1 and a free port, shut down when dropped. Needs a running tokio runtime.
pub struct TestRelay {
    relay: LocalRelay,
    url: String,
}

impl TestRelay {
    pub async fn start() -> TestRelay {
        // The default limit of 60 events a minute per connection would throttle a busy test table (every roll is
        // several events from each peer on the relay path); public relays have their own limits, which the app must
        // live with, but this test is about the app, not about the relay's rate limit.
        let limit = RateLimit { max_reqs: 500, notes_per_minute: 100_000 };
        let builder = RelayBuilder::default().addr(IpAddr::V4(Ipv4Addr::LOCALHOST)).rate_limit(limit);
        let relay = LocalRelay::new(builder);
        relay.run().await.unwrap_or_else(|e| panic!("start the local Nostr relay (nostr-relay-builder): {e}"));
        let url = relay.url().await.to_string().trim_end_matches('/').to_string();
        assert!(url.starts_with("ws://127.0.0.1:"), "the local relay should listen on loopback, it says {url}");
        TestRelay { relay, url }
    }

    /// `ws://127.0.0.1:<port>`.
    pub fn url(&self) -> &str {
        &self.url
    }

    /// Check that the relay forwards an ephemeral table event to another subscriber of its topic and not to a
    /// subscriber of another topic, so a table test that fails later is not the relay's fault.
    pub async fn check_forwards_table_events(&self) {
        let topic = "ab".repeat(32);
        let mut sender = NostrSocket::connect(&self.url).await.expect("first client connects to the relay");
        let mut receiver = NostrSocket::connect(&self.url).await.expect("second client connects to the relay");
        let mut other = NostrSocket::connect(&self.url).await.expect("third client connects to the relay");
        sender.subscribe("s", &topic).await.expect("first client subscribes");
        receiver.subscribe("r", &topic).await.expect("second client subscribes");
        other.subscribe("o", &"cd".repeat(32)).await.expect("third client subscribes to another topic");
        let keys = Keys::generate();
        let event = table_event(&keys, &topic, "hello".into());
        sender.publish(event.clone()).await.expect("the relay accepts an ephemeral table event");
        let got = receiver.next_event(Duration::from_secs(5)).await.expect("read from the relay");
        assert_eq!(got.as_ref().map(|e| e.id), Some(event.id), "the relay forwards a table event to its topic");
        let stray = other.next_event(Duration::from_millis(300)).await.expect("read from the relay");
        assert!(stray.is_none(), "the relay sent an event of another topic: {stray:?}");
    }
}

impl Drop for TestRelay {
    fn drop(&mut self) {
        self.relay.shutdown();
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
}

impl NostrSocket {
    pub async fn connect(url: &str) -> Result<NostrSocket, String> {
        let (ws, _) = tokio_tungstenite::connect_async(url).await.map_err(|e| format!("connect to {url}: {e}"))?;
        Ok(NostrSocket { ws, pending: VecDeque::new() })
    }

    async fn send(&mut self, msg: ClientMessage<'_>) -> Result<(), String> {
        self.ws.send(msg.as_json().into()).await.map_err(|e| format!("send to the relay: {e}"))
    }

    /// `["REQ", id, {"kinds": [23197], "#t": [topic], "since": now - 30}]`, as the app subscribes.
    pub async fn subscribe(&mut self, id: &str, topic: &str) -> Result<(), String> {
        let since = Timestamp::from_secs(Timestamp::now().as_secs().saturating_sub(30));
        let filter = Filter::new().kind(Kind::Custom(TABLE_KIND)).hashtag(topic).since(since);
        self.send(ClientMessage::req(SubscriptionId::new(id), filter)).await?;
        // Wait for the end of stored events, so an event published after this returns is seen live.
        let limit = Instant::now() + Duration::from_secs(5);
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
        let limit = Instant::now() + Duration::from_secs(5);
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
