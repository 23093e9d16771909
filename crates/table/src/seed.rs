//! Commitments, the seed formula and recomputing a roll with the rules crate (docs/table-protocol.md).

use crate::body::RollRequest;
use crate::key::{Bytes32, PeerKey};
use dicetray_rules::dice::parse_versioned;
use dicetray_rules::systems::Request;
use sha2::{Digest, Sha256};

const COMMIT_TAG: &[u8] = b"dicetray-table-commit-v1\0";
const SEALED_TAG: &[u8] = b"dicetray-table-sealed-v1\0";
const SEED_TAG: &[u8] = b"dicetray-table-seed-v1\0";

impl RollRequest {
    /// The request's canonical bytes: its kind, then (notation) the version as 4 bytes little-endian, then the text
    /// exactly as sent.
    pub fn canonical_bytes(&self) -> Vec<u8> {
        match self {
            RollRequest::System { json } => [b"system\0".as_slice(), json.as_bytes()].concat(),
            RollRequest::Notation { text, version } => {
                [b"notation\0".as_slice(), &version.to_le_bytes(), text.as_bytes()].concat()
            }
        }
    }

    /// Read and validate the request, so an intent that cannot be rolled is refused when it arrives.
    pub fn check(&self) -> Result<(), String> {
        match self {
            RollRequest::System { json } => {
                let request = Request::from_json(json).map_err(|e| format!("request: {e}"))?;
                request.validate().map_err(|e| format!("request: {e}"))
            }
            RollRequest::Notation { text, version } => {
                parse_versioned(text, *version).map(|_| ()).map_err(|e| format!("notation: {e}"))
            }
        }
    }

    /// Roll with the rules crate; the roll as JSON (what a reveal's `result` holds).
    pub fn roll(&self, seed: u64) -> Result<serde_json::Value, String> {
        let json = match self {
            RollRequest::System { json } => {
                let request = Request::from_json(json).map_err(|e| format!("request: {e}"))?;
                serde_json::to_value(request.roll(seed).map_err(|e| format!("request: {e}"))?)
            }
            RollRequest::Notation { text, version } => {
                let expr = parse_versioned(text, *version).map_err(|e| format!("notation: {e}"))?;
                serde_json::to_value(expr.roll(seed).map_err(|e| format!("notation: {e}"))?)
            }
        };
        json.map_err(|e| format!("the roll does not serialize: {e}"))
    }
}

fn sha(parts: &[&[u8]]) -> [u8; 32] {
    let mut h = Sha256::new();
    for p in parts {
        h.update(p);
    }
    h.finalize().into()
}

/// An open roll's commitment: `sha256("dicetray-table-commit-v1\0" || secret)`.
pub fn commitment(secret: &Bytes32) -> Bytes32 {
    Bytes32(sha(&[COMMIT_TAG, &secret.0]))
}

/// A hidden roll's commitment: `sha256("dicetray-table-sealed-v1\0" || len(request) || request || secret)`.
pub fn seal_commitment_of(request: &RollRequest, secret: &Bytes32) -> Bytes32 {
    let req = request.canonical_bytes();
    Bytes32(sha(&[SEALED_TAG, &(req.len() as u64).to_le_bytes(), &req, &secret.0]))
}

/// The seed: `sha256(tag || secret || n || (key || bytes) for each contribution sorted by key || len(roll) || roll
/// || request)`, the first 8 bytes little-endian.
pub fn seed(secret: &Bytes32, contributions: &[(PeerKey, Bytes32)], roll: &str, request: &RollRequest) -> u64 {
    let mut sorted = contributions.to_vec();
    dicetray_rules::sorted::sort(&mut sorted);
    let mut h = Sha256::new();
    h.update(SEED_TAG);
    h.update(secret.0);
    h.update((sorted.len() as u64).to_le_bytes());
    for (key, bytes) in &sorted {
        h.update(key.0);
        h.update(bytes.0);
    }
    h.update((roll.len() as u64).to_le_bytes());
    h.update(roll.as_bytes());
    h.update(request.canonical_bytes());
    let digest: [u8; 32] = h.finalize().into();
    u64::from_le_bytes(digest[..8].try_into().expect("8 bytes"))
}
