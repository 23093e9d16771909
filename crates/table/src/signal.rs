//! The Nostr wire format table mode's transport uses for signaling and as its relay path (NIP-01, kind 23197),
//! everything about it that is not I/O: the topic and AES key derived from the link, the encrypted plaintext
//! ([`Frame`]), signed events ([`NostrKey`], [`NostrEvent`]), the `iv || ciphertext` packing of `content`, and what
//! relays send ([`RelayMessage`]). The AES-GCM step itself is the caller's (WebCrypto in the browser, the `aes-gcm`
//! crate in tests): [`pack`] and [`unpack`] are what comes before and after it, so this crate stays free of
//! randomness and async.

use crate::key::{Bytes32, PeerKey};
use crate::limits::{MAX_FRAME_BYTES, MAX_RELAY_MESSAGE_BYTES};
use base64::engine::general_purpose::{STANDARD, URL_SAFE_NO_PAD};
use base64::Engine;
use k256::schnorr::{Signature, SigningKey, VerifyingKey};
use serde::{Deserialize, Serialize};
use serde_json::Value;
use sha2::{Digest, Sha256};

/// The event kind: in NIP-01's ephemeral range, so relays forward it and do not store it.
pub const KIND: u64 = 23197;
/// Bytes of AES-GCM's nonce at the start of `content`.
pub const IV_BYTES: usize = 12;
/// Bytes of AES-GCM's tag at the end of the ciphertext.
pub const TAG_BYTES: usize = 16;
/// Largest sync text (a [`FrameType::Sync`] frame's `data`, or what follows the `~` on a data channel), in bytes.
/// At this size a frame still fits [`MAX_FRAME_BYTES`] even if JSON escaping doubled every byte of the text.
pub const MAX_SYNC_BYTES: usize = 32_000;

fn sha256(parts: &[&[u8]]) -> [u8; 32] {
    let mut h = Sha256::new();
    for p in parts {
        h.update(p);
    }
    h.finalize().into()
}

/// The table's topic, the `t` tag of every event: `hex(sha256("dicetray-nostr-topic-v1\0" || table id))`. Relays see
/// it; it does not reveal the table id, which stays in the link's fragment.
pub fn topic(table_id: &str) -> String {
    hex::encode(sha256(&[b"dicetray-nostr-topic-v1\0", table_id.as_bytes()]))
}

/// The AES-256-GCM key of the table's events: `sha256("dicetray-nostr-aes-v1\0" || table key || table id)`.
pub fn aes_key(table_key: &[u8; 32], table_id: &str) -> [u8; 32] {
    sha256(&[b"dicetray-nostr-aes-v1\0", table_key, table_id.as_bytes()])
}

/// Reads the link's `t` (16 bytes) or `k` (32 bytes) parameter: base64url without padding.
pub fn decode_link_param<const N: usize>(name: &str, text: &str) -> Result<[u8; N], String> {
    let chars = (N * 4).div_ceil(3);
    let bad = || format!("the link's `{name}` is not {chars} characters of base64url (allowed: A-Z a-z 0-9 - _)");
    if text.len() != chars {
        return Err(bad());
    }
    let bytes = URL_SAFE_NO_PAD.decode(text).map_err(|_| bad())?;
    bytes.try_into().map_err(|_| bad())
}

/// Writes a link parameter: base64url without padding.
pub fn encode_link_param(bytes: &[u8]) -> String {
    URL_SAFE_NO_PAD.encode(bytes)
}

/// What a [`Frame`] is for.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum FrameType {
    /// `data` is one table message, for everyone.
    Msg,
    /// `data` is a complete SDP offer, for `to`.
    Offer,
    /// `data` is a complete SDP answer, for `to`.
    Answer,
    /// Presence: "I am here, connect to me"; `data` is empty. With `to` null it announces a start (every peer
    /// answers it); with `to` set it is that answer, which nobody answers again.
    Hi,
    /// `data` is a sync text (the protocol's catch-up and presence, opaque here: 1 to [`MAX_SYNC_BYTES`] bytes);
    /// `to` null: for everyone; set: for that peer.
    Sync,
}

/// The plaintext inside an event's `content`:
/// `{"v":1,"from":"<peer key>","to":"<peer key>"|null,"type":"msg"|"offer"|"answer"|"hi"|"sync","data":"<string>"}`.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Frame {
    pub v: u32,
    pub from: PeerKey,
    /// Always written (`null` for everyone).
    pub to: Option<PeerKey>,
    #[serde(rename = "type")]
    pub kind: FrameType,
    pub data: String,
}

impl Frame {
    /// The frame version this code writes and reads.
    pub const VERSION: u32 = 1;

    pub fn new(from: PeerKey, to: Option<PeerKey>, kind: FrameType, data: impl Into<String>) -> Frame {
        Frame { v: Frame::VERSION, from, to, kind, data: data.into() }
    }

    /// The JSON text to encrypt.
    pub fn to_json(&self) -> String {
        // A struct of strings and a number has no way to fail serializing; the fallback keeps this panic-free.
        serde_json::to_string(self).unwrap_or_default()
    }

    /// Reads a decrypted plaintext: size, JSON shape, version, and that each type has what it needs.
    pub fn parse(bytes: &[u8]) -> Result<Frame, String> {
        if bytes.len() > MAX_FRAME_BYTES {
            return Err(format!(
                "a frame of {} bytes is over the limit (MAX_FRAME_BYTES, at most {MAX_FRAME_BYTES})",
                bytes.len()
            ));
        }
        let frame: Frame = crate::wire::read_json(bytes).map_err(|e| {
                format!("not a frame (allowed: {{\"v\":1,\"from\",\"to\",\"type\":\"msg|offer|answer|hi|sync\",\"data\"}}): {e}")
            })?;
        if frame.v != Frame::VERSION {
            return Err(format!("frame version {} (allowed: {})", frame.v, Frame::VERSION));
        }
        match frame.kind {
            FrameType::Offer | FrameType::Answer if frame.to.is_none() => {
                Err(format!("an {:?} frame without `to` (allowed: an offer or answer names its peer)", frame.kind))
            }
            FrameType::Hi if !frame.data.is_empty() => Err("a `hi` frame with data (allowed: empty data)".into()),
            FrameType::Msg if frame.to.is_some() => {
                Err("a `msg` frame with `to` set (allowed: null, a table message is for everyone)".into())
            }
            FrameType::Sync if frame.data.is_empty() => {
                Err("a `sync` frame without data (allowed: a sync text)".into())
            }
            FrameType::Sync if frame.data.len() > MAX_SYNC_BYTES => Err(format!(
                "a `sync` frame with a {} byte sync text (MAX_SYNC_BYTES, at most {MAX_SYNC_BYTES})",
                frame.data.len()
            )),
            _ => Ok(frame),
        }
    }

    /// Whether `me` should act on this frame: not my own, and for everyone or for me.
    pub fn is_for(&self, me: &PeerKey) -> bool {
        self.from != *me && self.to.is_none_or(|to| to == *me)
    }
}

/// `content`: standard base64 (padded) of `iv || ciphertext-with-tag`. The caller encrypted with [`aes_key`], `iv`
/// and AAD = the topic's hex text as bytes.
pub fn pack(iv: &[u8; IV_BYTES], ciphertext: &[u8]) -> String {
    STANDARD.encode([iv.as_slice(), ciphertext].concat())
}

/// Splits `content` into the IV and the ciphertext (with its tag) for the caller to decrypt.
pub fn unpack(content: &str) -> Result<([u8; IV_BYTES], Vec<u8>), String> {
    let bytes = STANDARD
        .decode(content)
        .map_err(|e| format!("content is not standard base64 (allowed: base64 of iv || ciphertext): {e}"))?;
    if bytes.len() < IV_BYTES + TAG_BYTES {
        return Err(format!(
            "content is {} bytes (allowed: at least {} for the IV and the tag)",
            bytes.len(),
            IV_BYTES + TAG_BYTES
        ));
    }
    let (iv, ct) = bytes.split_at(IV_BYTES);
    let mut out = [0u8; IV_BYTES];
    out.copy_from_slice(iv);
    Ok((out, ct.to_vec()))
}

/// This device's Nostr key, derived from its table identity's secret, so the relays see one stable but unlinkable
/// key (it reveals nothing of the identity key).
pub struct NostrKey {
    key: SigningKey,
}

impl NostrKey {
    /// `sha256("dicetray-nostr-key-v1\0" || secret)`, hashed again while it is not a valid scalar (about 1 in 2^128
    /// each time).
    pub fn from_identity_secret(secret: &[u8; 32]) -> NostrKey {
        let mut bytes = sha256(&[b"dicetray-nostr-key-v1\0", secret]);
        loop {
            match SigningKey::from_bytes(&bytes) {
                Ok(key) => return NostrKey { key },
                Err(_) => bytes = sha256(&[&bytes]),
            }
        }
    }

    /// The x-only public key (the events' `pubkey`).
    pub fn public(&self) -> Bytes32 {
        Bytes32(self.key.verifying_key().to_bytes().into())
    }

    /// A signed kind-23197 event tagged `["t", topic]`. `aux` is BIP-340's auxiliary randomness (32 fresh bytes
    /// from the caller).
    pub fn sign(&self, topic: &str, content: String, created_at: u64, aux: &[u8; 32]) -> Result<NostrEvent, String> {
        let mut ev = NostrEvent {
            id: Bytes32([0; 32]),
            pubkey: self.public(),
            created_at,
            kind: KIND,
            tags: vec![vec!["t".to_string(), topic.to_string()]],
            content,
            sig: String::new(),
        };
        ev.id = Bytes32(ev.computed_id());
        let sig = self.key.sign_raw(&ev.id.0, aux).map_err(|e| format!("signing the event failed: {e}"))?;
        ev.sig = hex::encode(sig.to_bytes());
        Ok(ev)
    }
}

/// A NIP-01 event. Unknown fields a relay may add are ignored: the id covers every field that matters.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct NostrEvent {
    pub id: Bytes32,
    pub pubkey: Bytes32,
    pub created_at: u64,
    pub kind: u64,
    pub tags: Vec<Vec<String>>,
    pub content: String,
    /// 128 hex digits (checked by [`NostrEvent::check`], not when read).
    pub sig: String,
}

impl NostrEvent {
    /// NIP-01's serialization, `[0,pubkey,created_at,kind,tags,content]`, which the id hashes.
    pub fn id_text(&self) -> String {
        let arr = (0u8, self.pubkey, self.created_at, self.kind, &self.tags, &self.content);
        serde_json::to_string(&arr).unwrap_or_default()
    }

    /// `sha256` of [`NostrEvent::id_text`].
    pub fn computed_id(&self) -> [u8; 32] {
        sha256(&[self.id_text().as_bytes()])
    }

    /// The event as JSON.
    pub fn to_json(&self) -> String {
        serde_json::to_string(self).unwrap_or_default()
    }

    /// What a client sends to publish it: `["EVENT", <event>]`.
    pub fn publish_text(&self) -> String {
        format!("[\"EVENT\",{}]", self.to_json())
    }

    /// Whether this is one of the table's events and untouched: kind, topic tag, id, signature.
    pub fn check(&self, topic: &str) -> Result<(), String> {
        if self.kind != KIND {
            return Err(format!("event of kind {} (allowed: {KIND})", self.kind));
        }
        if !self.tags.iter().any(|t| t.len() >= 2 && t[0] == "t" && t[1] == topic) {
            return Err("event without this table's topic tag (allowed: [\"t\", <topic>])".into());
        }
        if self.computed_id() != self.id.0 {
            return Err("event id does not match its content (altered in transit or badly serialized)".into());
        }
        let key = VerifyingKey::from_bytes(&self.pubkey.0)
            .map_err(|_| "event pubkey is not a BIP-340 public key".to_string())?;
        let mut sig = [0u8; 64];
        hex::decode_to_slice(&self.sig, &mut sig).map_err(|_| "event sig is not 128 hex digits".to_string())?;
        let sig = Signature::try_from(&sig[..]).map_err(|_| "event sig is not a BIP-340 signature".to_string())?;
        key.verify_raw(&self.id.0, &sig).map_err(|_| "event signature does not match its id and pubkey".to_string())
    }
}

/// The subscription for a table's events since `since` (seconds): `["REQ", sub, {"kinds":[23197],"#t":[topic],"since":..}]`.
pub fn req_text(sub: &str, topic: &str, since: u64) -> String {
    serde_json::json!(["REQ", sub, {"kinds": [KIND], "#t": [topic], "since": since}]).to_string()
}

/// The subscription id of liveness probes: ids are the connection's own, so it never meets the table's
/// (`dicetray-<topic's first 12 hex digits>`).
pub const PROBE_SUB: &str = "probe";

/// A liveness probe a relay must answer: `["REQ", "probe", {"ids":[64 zeros],"limit":0}]` asks for no stored event
/// (and no event has that id: it would take a sha256 preimage), so the relay answers at once with `EOSE` (or
/// `CLOSED`), and nothing ever matches it; end it with [`PROBE_CLOSE`] once answered. Sent again on the same
/// socket, it replaces the earlier one (NIP-01) and is answered the same.
pub const PROBE_TEXT: &str =
    "[\"REQ\",\"probe\",{\"ids\":[\"0000000000000000000000000000000000000000000000000000000000000000\"],\"limit\":0}]";

/// Ends a liveness probe: `["CLOSE", "probe"]`.
pub const PROBE_CLOSE: &str = "[\"CLOSE\",\"probe\"]";

/// Ends a subscription: `["CLOSE", sub]`.
pub fn close_text(sub: &str) -> String {
    serde_json::json!(["CLOSE", sub]).to_string()
}

/// What a relay sends (NIP-01, and NIP-42's `AUTH` challenge, which table mode does not answer).
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum RelayMessage {
    /// An event for a subscription (not yet checked: see [`NostrEvent::check`]).
    Event {
        sub: String,
        event: NostrEvent,
    },
    /// Stored events for `sub` are done; live ones follow.
    Eose {
        sub: String,
    },
    /// Whether an event we published was accepted.
    Ok {
        id: String,
        accepted: bool,
        message: String,
    },
    Notice(String),
    /// The relay ended subscription `sub`.
    Closed {
        sub: String,
        message: String,
    },
    Auth {
        challenge: String,
    },
}

impl RelayMessage {
    /// Reads one WebSocket text message from a relay.
    pub fn parse(text: &str) -> Result<RelayMessage, String> {
        if text.len() > MAX_RELAY_MESSAGE_BYTES {
            return Err(format!(
                "relay message of {} bytes is over the limit (MAX_RELAY_MESSAGE_BYTES, at most {MAX_RELAY_MESSAGE_BYTES})",
                text.len()
            ));
        }
        let value: Value = serde_json::from_str(text).map_err(|e| format!("relay message is not JSON: {e}"))?;
        let Value::Array(items) = value else {
            return Err("relay message is not a JSON array (allowed: [\"EVENT\"|\"EOSE\"|\"OK\"|...])".into());
        };
        let label = match items.first() {
            Some(Value::String(s)) => s.as_str(),
            _ => return Err("relay message does not start with its type as a string".into()),
        };
        let want = |n: usize, shape: &str| {
            if items.len() == n {
                Ok(())
            } else {
                Err(format!("relay {label} message has {} elements (allowed: {shape})", items.len()))
            }
        };
        let text_at = |i: usize, what: &str| match items.get(i) {
            Some(Value::String(s)) => Ok(s.clone()),
            _ => Err(format!("relay {label} message's {what} is not a string")),
        };
        match label {
            "EVENT" => {
                want(3, "[\"EVENT\", sub, event]")?;
                let event = NostrEvent::deserialize(&items[2])
                    .map_err(|e| format!("relay EVENT message's event is malformed: {e}"))?;
                Ok(RelayMessage::Event { sub: text_at(1, "subscription id")?, event })
            }
            "EOSE" => {
                want(2, "[\"EOSE\", sub]")?;
                Ok(RelayMessage::Eose { sub: text_at(1, "subscription id")? })
            }
            "OK" => {
                want(4, "[\"OK\", event id, true|false, message]")?;
                let Value::Bool(accepted) = items[2] else {
                    return Err("relay OK message's third element is not true or false".into());
                };
                Ok(RelayMessage::Ok { id: text_at(1, "event id")?, accepted, message: text_at(3, "message")? })
            }
            "NOTICE" => {
                want(2, "[\"NOTICE\", message]")?;
                Ok(RelayMessage::Notice(text_at(1, "message")?))
            }
            "CLOSED" => {
                want(3, "[\"CLOSED\", sub, message]")?;
                Ok(RelayMessage::Closed { sub: text_at(1, "subscription id")?, message: text_at(2, "message")? })
            }
            "AUTH" => {
                want(2, "[\"AUTH\", challenge]")?;
                Ok(RelayMessage::Auth { challenge: text_at(1, "challenge")? })
            }
            other => Err(format!(
                "unknown relay message type `{other:.20}` (allowed: EVENT, EOSE, OK, NOTICE, CLOSED, AUTH)"
            )),
        }
    }
}
