//! Peer keys (BIP-340 x-only public keys) and 32-byte values, written as lowercase hex.

use serde::{Deserialize, Deserializer, Serialize, Serializer};
use std::fmt;

/// 32 bytes written as 64 hex digits: public keys, secrets, commitments, contributions, table id hashes.
#[derive(Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Bytes32(pub [u8; 32]);

impl Bytes32 {
    /// The first 8 hex digits, how notices name a peer.
    pub fn short(&self) -> String {
        hex::encode(&self.0[..4])
    }
}

impl fmt::Display for Bytes32 {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&hex::encode(self.0))
    }
}

impl fmt::Debug for Bytes32 {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "Bytes32({self})")
    }
}

impl Serialize for Bytes32 {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.serialize_str(&hex::encode(self.0))
    }
}

impl<'de> Deserialize<'de> for Bytes32 {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        let s = String::deserialize(d)?;
        let mut out = [0u8; 32];
        hex::decode_to_slice(&s, &mut out)
            .map_err(|_| serde::de::Error::custom(format!("`{s:.80}` is not 64 hex digits")))?;
        Ok(Bytes32(out))
    }
}

/// A peer's public key.
pub type PeerKey = Bytes32;
