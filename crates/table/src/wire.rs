//! The envelope: `{"signed": "<JSON text>", "sig": "<128 hex digits>"}`. The signature (BIP-340 Schnorr) covers
//! a domain tag and the exact bytes of `signed`, which are kept verbatim, so no re-encoding can change them.

use crate::body::Body;
use crate::error::Rejected;
use crate::key::{Bytes32, PeerKey};
use crate::limits::MAX_MESSAGE_BYTES;
use k256::schnorr::{Signature, SigningKey, VerifyingKey};
use serde::{Deserialize, Serialize};
use sha2::{Digest, Sha256};

/// Own sequence numbers are at least the clock in milliseconds times this (and above the previous one), so a
/// restored member's numbers are above any it sent before, saved or not, and numbers order messages by when they
/// were sent across senders (no device sends 1000 messages a millisecond).
pub const SEQ_PER_MS: u64 = 1000;

const SIGN_TAG: &[u8] = b"dicetray-table-message-v1\0";

/// The signed part of a message.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Signed {
    /// `sha256` of the table id.
    pub table: Bytes32,
    pub from: PeerKey,
    /// Unique and increasing per sender: a member's clock in microseconds, or above its previous number
    /// (`Member::send`), so numbers also order messages by when they were sent across senders.
    pub seq: u64,
    /// The sender's previous number at this table (absent on its first message, and in logs written before
    /// catch-up existed): a receiver that lacks it knows a message is missing (`sync.rs`).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub prev: Option<u64>,
    pub body: Body,
}

#[derive(Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
struct Wire {
    signed: String,
    sig: String,
}

/// A device's signing key.
pub struct Identity {
    key: SigningKey,
    next_seq: u64,
}

impl Identity {
    /// From 32 secret bytes the caller drew (refused only if not a valid secp256k1 scalar, about 1 in 2^128).
    pub fn from_secret(secret: [u8; 32]) -> Result<Identity, String> {
        let key = SigningKey::from_bytes(&secret).map_err(|_| "not a valid secp256k1 secret key".to_string())?;
        Ok(Identity { key, next_seq: 1 })
    }

    pub fn public(&self) -> PeerKey {
        Bytes32(self.key.verifying_key().to_bytes().into())
    }

    /// Sign `body` for `table` with the next sequence number.
    pub fn seal(&mut self, table: Bytes32, body: Body) -> Vec<u8> {
        let seq = self.next_seq;
        self.next_seq += 1;
        let prev = (seq > 1).then(|| seq - 1);
        self.seal_chained(table, seq, prev, body)
    }

    /// Sign with a given sequence number and no previous one (tests build replays and reorders with it).
    pub fn seal_with_seq(&self, table: Bytes32, seq: u64, body: Body) -> Vec<u8> {
        self.seal_chained(table, seq, None, body)
    }

    /// Sign with a given sequence number and the sender's previous one.
    pub fn seal_chained(&self, table: Bytes32, seq: u64, prev: Option<u64>, body: Body) -> Vec<u8> {
        let signed = Signed { table, from: self.public(), seq, prev, body };
        let text = serde_json::to_string(&signed).expect("a Signed always serializes");
        let msg = signing_bytes(&text);
        // BIP-340's auxiliary randomness only guards against side channels; a hash of the message keeps the API free
        // of randomness.
        let aux: [u8; 32] = Sha256::digest(&msg).into();
        let sig = self.key.sign_raw(&msg, &aux).expect("signing a message cannot fail");
        serde_json::to_vec(&Wire { signed: text, sig: hex::encode(sig.to_bytes()) }).expect("a Wire always serializes")
    }
}

/// A `T` read from the JSON in `bytes`, through text: every JSON reading in this crate starts from text, so the wasm
/// holds one JSON reader (`serde_json::from_slice` compiles a second one, for bytes). Bytes that are not UTF-8 are
/// no JSON either way; the error says where the first bad byte is.
pub(crate) fn read_json<T: serde::de::DeserializeOwned>(bytes: &[u8]) -> Result<T, String> {
    let text = std::str::from_utf8(bytes)
        .map_err(|e| format!("byte {} is not UTF-8 (allowed: JSON text in UTF-8)", e.valid_up_to() + 1))?;
    serde_json::from_str(text).map_err(|e| e.to_string())
}

fn signing_bytes(text: &str) -> Vec<u8> {
    [SIGN_TAG, text.as_bytes()].concat()
}

/// Read and check one message: size, shape, signature. Does not look at the table, sequence or body meaning.
pub fn open(bytes: &[u8]) -> Result<Signed, Rejected> {
    if bytes.len() > MAX_MESSAGE_BYTES {
        return Err(Rejected::new(
            None,
            format!("{} bytes is over the message limit (MAX_MESSAGE_BYTES, at most {MAX_MESSAGE_BYTES})", bytes.len()),
        ));
    }
    let wire: Wire = read_json(bytes)
        .map_err(|e| Rejected::new(None, format!("not a table message (`{{\"signed\", \"sig\"}}` JSON): {e}")))?;
    let signed: Signed = match serde_json::from_str(&wire.signed) {
        Ok(s) => s,
        Err(e) => {
            let from = signed_from(&wire.signed);
            return Err(Rejected::new(from, format!("malformed message body: {e}")));
        }
    };
    let who = Some(signed.from.short());
    let roll = signed.body.roll_id().map(str::to_string);
    let chained_back = signed.prev.is_none_or(|p| p < signed.seq);
    let fail = |problem: String| {
        let r = Rejected::new(who.clone(), problem).by(signed.from);
        match &roll {
            Some(id) => r.about(id),
            None => r,
        }
    };
    let key =
        VerifyingKey::from_bytes(&signed.from.0).map_err(|_| fail("sender key is not a BIP-340 public key".into()))?;
    let mut sig_bytes = [0u8; 64];
    hex::decode_to_slice(&wire.sig, &mut sig_bytes).map_err(|_| fail("signature is not 128 hex digits".into()))?;
    let sig =
        Signature::try_from(&sig_bytes[..]).map_err(|_| fail("signature is not a valid BIP-340 signature".into()))?;
    key.verify_raw(&signing_bytes(&wire.signed), &sig)
        .map_err(|_| fail("forged or altered: the signature does not match the sender's key and the content".into()))?;
    if !chained_back {
        return Err(fail(format!("`prev` {:?} is not below `seq` {}", signed.prev, signed.seq)));
    }
    Ok(signed)
}

/// The sender named in a message whose body could not be read, when that much can be read.
fn signed_from(text: &str) -> Option<String> {
    let v: serde_json::Value = serde_json::from_str(text).ok()?;
    let from = v.get("from")?.as_str()?;
    Some(from.chars().take(8).collect())
}
