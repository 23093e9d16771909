//! A native table peer over the relay, written from the contract (docs/table-protocol.md and the table's Nostr
//! framing): it joins, contributes honestly to others' rolls, and rolls with a *tampered* reveal (one die changed,
//! subtotal and total changed to match, everything correctly signed), which every honest phone must flag as failed.
//!
//! It has no WebRTC, so the browsers reach it through the relay only, which also exercises their relay path.
//! Its randomness (identity, secrets, contributions, IVs) comes from a seed, as the house rules want.

use super::relay::{table_event, NostrSocket};
use aes_gcm::aead::{Aead, Payload};
use aes_gcm::{Aes256Gcm, KeyInit, Nonce};
use base64::engine::general_purpose::{STANDARD, URL_SAFE_NO_PAD};
use base64::Engine;
use dicetray_table::{
    reveal_body, table_hash, Body, Bytes32, Event, Identity, PeerKey, RollRequest, Rules, Status, Table,
};
use nostr_relay_builder::prelude::{Keys, SecretKey};
use serde_json::{json, Value};
use sha2::{Digest, Sha256};
use std::collections::BTreeSet;
use std::time::{Duration, Instant};

/// A table link's two secrets, read from its fragment `#/table?t=<id>&k=<key>`.
#[derive(Clone, Debug)]
pub struct TableLink {
    pub id: String,
    pub key: [u8; 32],
}

impl TableLink {
    /// Read a link (whole URL or just its fragment). Err names what is wrong.
    pub fn parse(link: &str) -> Result<TableLink, String> {
        let fragment = link.split_once('#').map(|(_, f)| f).ok_or_else(|| format!("no fragment in {link:?}"))?;
        let query = fragment.split_once('?').map(|(_, q)| q).ok_or_else(|| format!("no `?t=..&k=..` in {link:?}"))?;
        let param = |name: &str| {
            query.split('&').find_map(|p| p.strip_prefix(name).and_then(|v| v.strip_prefix('='))).map(String::from)
        };
        let id = param("t").ok_or_else(|| format!("no t= in {link:?}"))?;
        let key = param("k").ok_or_else(|| format!("no k= in {link:?}"))?;
        let id_bytes = URL_SAFE_NO_PAD.decode(&id).map_err(|e| format!("t={id:?} is not base64url: {e}"))?;
        if id.len() != 22 || id_bytes.len() != 16 {
            return Err(format!("t={id:?}: a table id is 16 bytes, 22 base64url characters without padding"));
        }
        let key_bytes = URL_SAFE_NO_PAD.decode(&key).map_err(|e| format!("k={key:?} is not base64url: {e}"))?;
        let key: [u8; 32] = key_bytes
            .try_into()
            .map_err(|_| format!("k={key:?}: a table key is 32 bytes, 43 base64url characters without padding"))?;
        Ok(TableLink { id, key })
    }

    /// `hex(sha256("dicetray-nostr-topic-v1\0" || table id))`, the `t` tag of the table's events.
    pub fn topic(&self) -> String {
        hex::encode(sha(&[b"dicetray-nostr-topic-v1\0", self.id.as_bytes()]))
    }

    /// `sha256("dicetray-nostr-aes-v1\0" || table key || table id)`.
    fn aes_key(&self) -> [u8; 32] {
        sha(&[b"dicetray-nostr-aes-v1\0", &self.key, self.id.as_bytes()])
    }

    /// An event's `content`: base64(iv || AES-256-GCM(plaintext)), the topic's hex as AAD.
    pub fn seal(&self, iv: [u8; 12], plaintext: &str) -> String {
        let cipher = Aes256Gcm::new_from_slice(&self.aes_key()).expect("a 32-byte key");
        let topic = self.topic();
        let ct = cipher
            .encrypt(Nonce::from_slice(&iv), Payload { msg: plaintext.as_bytes(), aad: topic.as_bytes() })
            .expect("AES-GCM encryption of a small message");
        STANDARD.encode([iv.as_slice(), &ct].concat())
    }

    /// The plaintext of an event's `content`. Err: it does not decrypt.
    pub fn open(&self, content: &str) -> Result<String, String> {
        let bytes = STANDARD.decode(content).map_err(|e| format!("content is not base64: {e}"))?;
        if bytes.len() < 12 + 16 {
            return Err(format!("content of {} bytes is shorter than iv and tag", bytes.len()));
        }
        let cipher = Aes256Gcm::new_from_slice(&self.aes_key()).expect("a 32-byte key");
        let topic = self.topic();
        let plain = cipher
            .decrypt(Nonce::from_slice(&bytes[..12]), Payload { msg: &bytes[12..], aad: topic.as_bytes() })
            .map_err(|_| "content does not decrypt with the table key".to_string())?;
        String::from_utf8(plain).map_err(|_| "plaintext is not UTF-8".to_string())
    }
}

fn sha(parts: &[&[u8]]) -> [u8; 32] {
    let mut h = Sha256::new();
    for p in parts {
        h.update(p);
    }
    h.finalize().into()
}

/// The Nostr signing key of a dicetray identity: `sha256("dicetray-nostr-key-v1\0" || secret)`, hashed again
/// while it is not a valid scalar.
pub fn nostr_keys(identity_secret: &[u8; 32]) -> Keys {
    let mut k = sha(&[b"dicetray-nostr-key-v1\0", identity_secret]);
    loop {
        if let Ok(secret) = SecretKey::from_slice(&k) {
            return Keys::new(secret);
        }
        k = sha(&[&k]);
    }
}

/// The plaintext of an event: `{"v":1,"from":..,"to":..|null,"type":..,"data":..}`.
fn frame_json(from: &str, to: Option<&str>, kind: &str, data: &str) -> String {
    json!({"v": 1, "from": from, "to": to, "type": kind, "data": data}).to_string()
}

/// Deterministic bytes from a seed (the peer's randomness, reproducible run to run).
struct SeededBytes {
    seed: u64,
    n: u64,
}

impl SeededBytes {
    fn next(&mut self) -> [u8; 32] {
        self.n += 1;
        sha(&[b"dicetray-e2e-peer\0", &self.seed.to_le_bytes(), &self.n.to_le_bytes()])
    }
}

/// A native peer at a table, over one relay.
pub struct CheatingPeer {
    identity: Identity,
    me: PeerKey,
    nostr: Keys,
    link: TableLink,
    table_hash: Bytes32,
    table: Table,
    socket: NostrSocket,
    rng: SeededBytes,
    started: Instant,
    /// Transport-level peers that said `hi` (each answered once).
    greeted: BTreeSet<String>,
    /// Messages the browsers sent that the state machine refused: (problem, message).
    pub refused: Vec<String>,
    /// Relay events that did not decrypt or parse.
    pub unreadable: Vec<String>,
}

impl CheatingPeer {
    /// Connect, subscribe to the table's topic, say `hi` and `hello` as `name`.
    pub async fn join(relay_url: &str, link: &TableLink, name: &str, seed: u64) -> Result<CheatingPeer, String> {
        let mut rng = SeededBytes { seed, n: 0 };
        let secret = rng.next();
        let identity = Identity::from_secret(secret)?;
        let me = identity.public();
        let table_hash = table_hash(&link.id);
        let mut socket = NostrSocket::connect(relay_url).await?;
        socket.subscribe("dicetray-e2e-peer", &link.topic()).await?;
        let mut peer = CheatingPeer {
            identity,
            me,
            nostr: nostr_keys(&secret),
            link: link.clone(),
            table_hash,
            table: Table::new(table_hash, Some(me), Some(Rules::HERE)),
            socket,
            rng,
            started: Instant::now(),
            greeted: BTreeSet::new(),
            refused: Vec::new(),
            unreadable: Vec::new(),
        };
        peer.send_frame("hi", None, "").await?;
        peer.send_table(Body::Hello { name: name.to_string(), character: None }).await?;
        Ok(peer)
    }

    /// This peer's key (64 hex), as the browsers show it in `data-peer`.
    pub fn key(&self) -> String {
        hex::encode(self.me.0)
    }

    fn now_ms(&self) -> u64 {
        self.started.elapsed().as_millis() as u64
    }

    async fn send_frame(&mut self, kind: &str, to: Option<&str>, data: &str) -> Result<(), String> {
        let plain = frame_json(&self.key(), to, kind, data);
        let iv: [u8; 12] = self.rng.next()[..12].try_into().expect("12 bytes");
        let event = table_event(&self.nostr, &self.link.topic(), self.link.seal(iv, &plain));
        self.socket.publish(event).await
    }

    /// Sign a table message, apply it to our own state machine (as the app does), and send it to everyone.
    async fn send_table(&mut self, body: Body) -> Result<Vec<Event>, String> {
        let bytes = self.identity.seal(self.table_hash, body);
        let events = self
            .table
            .receive(&bytes, self.now_ms())
            .map_err(|r| format!("our own message was refused by our own table: {}", r.problem))?;
        let text = String::from_utf8(bytes).expect("a sealed message is JSON text");
        self.send_frame("msg", None, &text).await?;
        Ok(events)
    }

    /// Read the relay for `limit`, answering `hi`s and contributing to others' rolls; returns the state machine's
    /// events about our own rolls (RevealDue).
    async fn pump(&mut self, limit: Duration) -> Result<Vec<Event>, String> {
        let deadline = Instant::now() + limit;
        let mut mine = Vec::new();
        loop {
            let left = deadline.saturating_duration_since(Instant::now());
            let tick = self.table.tick(self.now_ms());
            mine.extend(self.handle(tick).await?);
            if left.is_zero() {
                return Ok(mine);
            }
            let Some(event) = self.socket.next_event(left.min(Duration::from_millis(100))).await? else { continue };
            let plain = match self.link.open(&event.content) {
                Ok(p) => p,
                Err(e) => {
                    self.unreadable.push(e);
                    continue;
                }
            };
            let Ok(frame) = serde_json::from_str::<Value>(&plain) else {
                self.unreadable.push(format!("not JSON: {plain}"));
                continue;
            };
            let from = frame["from"].as_str().unwrap_or_default().to_string();
            let to = frame["to"].as_str();
            if from == self.key() || to.is_some_and(|t| t != self.key()) {
                continue;
            }
            match frame["type"].as_str() {
                Some("hi") if self.greeted.insert(from.clone()) => {
                    // A newcomer at the transport level: greet it back, and say hello again (with a new sequence
                    // number) so its table knows us before our next message.
                    self.send_frame("hi", None, "").await?;
                    let name = self.table.peers().get(&self.me).map(|p| p.name.clone()).unwrap_or_default();
                    let events = self.send_table(Body::Hello { name, character: None }).await?;
                    mine.extend(self.handle(events).await?);
                }
                Some("msg") => {
                    let data = frame["data"].as_str().unwrap_or_default();
                    match self.table.receive(data.as_bytes(), self.now_ms()) {
                        Ok(events) => mine.extend(self.handle(events).await?),
                        // Duplicates (a browser sends on every path) and other refusals change nothing.
                        Err(r) => self.refused.push(r.problem),
                    }
                }
                _ => {}
            }
        }
    }

    /// Contribute where asked; pass on what concerns our own rolls.
    async fn handle(&mut self, events: Vec<Event>) -> Result<Vec<Event>, String> {
        let mut mine = Vec::new();
        for e in events {
            match e {
                Event::ContributeTo { roller, roll } => {
                    let bytes = Bytes32(self.rng.next());
                    let more = self.send_table(Body::Contribution { roll, roller, bytes }).await?;
                    mine.extend(more.into_iter().filter(|e| matches!(e, Event::RevealDue { .. })));
                }
                Event::RevealDue { .. } => mine.push(e),
                _ => {}
            }
        }
        Ok(mine)
    }

    /// Wait (answering the table) until `present` peers other than us are at the table.
    pub async fn wait_for_peers(&mut self, present: usize, limit: Duration) -> Result<(), String> {
        let deadline = Instant::now() + limit;
        loop {
            let n = self.table.peers().iter().filter(|(k, p)| **k != self.me && p.present).count();
            if n >= present {
                return Ok(());
            }
            if Instant::now() > deadline {
                return Err(format!(
                    "the native peer saw {n} of {present} peers say hello within {limit:?}; refused: {:?}; \
                     unreadable: {:?}",
                    self.refused, self.unreadable
                ));
            }
            self.pump(Duration::from_millis(200)).await?;
        }
    }

    /// Keep answering the table (contributions, greetings) for `limit`.
    pub async fn idle(&mut self, limit: Duration) -> Result<(), String> {
        self.pump(limit).await.map(|_| ())
    }

    /// Roll `notation` openly: intent, wait for the contributions (or the protocol's wait), then reveal with the
    /// first die changed (subtotal and total moved to match, so only recomputing the roll catches it). Returns the
    /// roll id.
    pub async fn roll_tampered(&mut self, roll: &str, notation: &str) -> Result<String, String> {
        let secret = Bytes32(self.rng.next());
        let request = RollRequest::Notation { text: notation.to_string(), version: 3 };
        let commitment = dicetray_table::commitment(&secret);
        let mut due = self.send_table(Body::Intent { roll: roll.to_string(), request, commitment }).await?;
        let deadline = Instant::now() + Duration::from_secs(10);
        while !due.iter().any(|e| matches!(e, Event::RevealDue { roll: r } if r == roll)) {
            if Instant::now() > deadline {
                return Err(format!("the native peer's roll {roll} never became due to reveal within 10 s"));
            }
            due = self.pump(Duration::from_millis(100)).await?;
        }
        let Body::Reveal { roll: id, secret, contributions, mut result } =
            reveal_body(&self.table, &self.me, roll, secret)?
        else {
            return Err("reveal_body gave something other than a reveal".into());
        };
        tamper(&mut result)?;
        let bytes = self.identity.seal(self.table_hash, Body::Reveal { roll: id, secret, contributions, result });
        let text = String::from_utf8(bytes.clone()).expect("JSON text");
        // Our own state machine checks it like everyone else (it should fail here too).
        let _ = self.table.receive(&bytes, self.now_ms());
        self.send_frame("msg", None, &text).await?;
        Ok(roll.to_string())
    }

    /// How this peer's state machine sees `roller`'s roll `id` (None: it does not know the roll).
    pub fn roll_status(&self, roller: &str, id: &str) -> Option<Status> {
        self.table.rolls().iter().find(|r| hex::encode(r.roller.0) == roller && r.id == id).map(|r| r.status.clone())
    }

    /// Leave the table and close the connection.
    pub async fn leave(mut self) -> Result<(), String> {
        self.send_table(Body::Leave {}).await?;
        self.socket.close().await;
        Ok(())
    }
}

/// Change the first die of the first group by one face (1..=sides wraps), and its group's subtotal and the total by
/// the same amount. Err if the roll has no such die.
fn tamper(result: &mut Value) -> Result<(), String> {
    let die = &mut result["groups"][0]["dice"][0];
    let (Some(face), Some(value)) = (die["face"].as_i64(), die["value"].as_i64()) else {
        return Err(format!("no first die to change in the roll {result}"));
    };
    let new_face = if face >= 6 { face - 1 } else { face + 1 };
    let delta = new_face - face;
    die["face"] = json!(new_face);
    die["value"] = json!(value + delta);
    if let Some(s) = result["groups"][0]["subtotal"].as_i64() {
        result["groups"][0]["subtotal"] = json!(s + delta);
    }
    if let Some(t) = result["total"].as_i64() {
        result["total"] = json!(t + delta);
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_contract_framing_round_trips_and_binds_the_topic() {
        let link =
            TableLink::parse("http://x/#/table?t=AAAAAAAAAAAAAAAAAAAAAA&k=AQEBAQEBAQEBAQEBAQEBAQEBAQEBAQEBAQEBAQEBAQE")
                .unwrap();
        assert_eq!(link.topic().len(), 64);
        let sealed = link.seal([7; 12], "{\"v\":1}");
        assert_eq!(link.open(&sealed).unwrap(), "{\"v\":1}");
        let other = TableLink { id: "BBBBBBBBBBBBBBBBBBBBBB".into(), key: link.key };
        assert!(other.open(&sealed).is_err(), "another table's topic (the AAD) must not open it");
        assert!(TableLink::parse("http://x/#/table?t=short&k=AQ").is_err());
    }

    /// This peer is written from the contract on its own (the `nostr` crate's events and BIP-340, the `aes-gcm`
    /// crate); `dicetray_table::signal` is what the app uses. Both must agree, or the browsers would ignore this peer
    /// (and the tampered-reveal step would fail for the wrong reason).
    #[test]
    fn the_peer_framing_agrees_with_dicetray_table_signal() {
        use super::super::relay::table_event;
        use dicetray_table::signal;
        use nostr_relay_builder::prelude::{Event as NostrEvent, JsonUtil};
        let link = TableLink::parse("x#/table?t=dGFibGUtaWQtZm9yLWUyZQ&k=AQIDBAUGBwgJCgsMDQ4PEBESExQVFhcYGRobHB0eHyA")
            .unwrap();
        assert_eq!(link.topic(), signal::topic(&link.id));
        assert_eq!(link.aes_key(), signal::aes_key(&link.key, &link.id));
        assert_eq!(
            signal::decode_link_param::<32>("k", "AQIDBAUGBwgJCgsMDQ4PEBESExQVFhcYGRobHB0eHyA").unwrap(),
            link.key
        );

        let secret = [5u8; 32];
        let ours = nostr_keys(&secret);
        let theirs = signal::NostrKey::from_identity_secret(&secret);
        assert_eq!(
            ours.public_key().to_hex(),
            hex::encode(theirs.public().0),
            "the Nostr key derived from an identity"
        );

        let me = Identity::from_secret(secret).unwrap().public();
        let plain = frame_json(&hex::encode(me.0), None, "msg", "{}");
        let frame = signal::Frame::parse(plain.as_bytes()).expect("the app reads the peer's frame");
        assert_eq!((frame.from, frame.kind, frame.data.as_str()), (me, signal::FrameType::Msg, "{}"));
        let content = link.seal([3; 12], &plain);
        let (iv, _) = signal::unpack(&content).expect("the app unpacks the peer's content");
        assert_eq!(iv, [3; 12]);

        // An event of the peer passes the app's checks (kind, topic, id, signature) ...
        let mine = table_event(&ours, &link.topic(), content.clone());
        let text = format!("[\"EVENT\",\"s\",{}]", mine.as_json());
        match signal::RelayMessage::parse(&text).expect("the app reads the relay message") {
            signal::RelayMessage::Event { event, .. } => event.check(&link.topic()).expect("the app accepts the event"),
            other => panic!("read as {other:?}"),
        }
        // ... and an event the app signs verifies with the nostr crate, an independent BIP-340 and id implementation.
        let app = theirs.sign(&link.topic(), content, 1_700_000_000, &[9; 32]).unwrap();
        let read = NostrEvent::from_json(app.to_json()).expect("the nostr crate reads the app's event");
        read.verify().expect("the app's event verifies with the nostr crate");
        assert_eq!(link.open(&read.content).unwrap(), plain);
    }

    #[test]
    fn a_tampered_roll_keeps_its_sums_consistent() {
        let request = RollRequest::Notation { text: "3d6".into(), version: 3 };
        let mut r = request.roll(42).unwrap();
        let before = r.clone();
        tamper(&mut r).unwrap();
        assert_ne!(r, before);
        let d = |v: &Value, k: &str| v["groups"][0]["dice"][0][k].as_i64().unwrap();
        let delta = d(&r, "face") - d(&before, "face");
        assert_eq!(delta.abs(), 1);
        assert_eq!(r["total"].as_i64().unwrap() - before["total"].as_i64().unwrap(), delta);
    }
}
