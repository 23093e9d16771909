//! Building an honest reveal from what this device's table holds: every contribution that arrived, the seed, the
//! roll (what [`crate::check`] checks on every other device).

use crate::body::{Body, RollRequest};
use crate::key::{Bytes32, PeerKey};
use crate::seed::seed;
use crate::table::Table;

/// The body a roller reveals with: every contribution that arrived, the seed, the roll.
pub fn reveal_body(table: &Table, me: &PeerKey, id: &str, secret: Bytes32) -> Result<Body, String> {
    let r = table.roll(me, id).ok_or_else(|| format!("no roll `{id}` of this device"))?;
    let contributions: Vec<String> = r.seen.values().map(|s| s.message.clone()).collect();
    let used: Vec<(PeerKey, Bytes32)> = r.seen.iter().map(|(k, s)| (*k, s.bytes)).collect();
    let request = r.request.clone().ok_or("a sealed roll: use sealed_reveal_body")?;
    let result = (table.rules_here()?.roll)(&request, seed(&secret, &used, id, &request))?;
    Ok(Body::Reveal { roll: id.to_string(), secret, contributions, result })
}

/// The body a GM reveals a hidden roll with (every contribution that arrived).
pub fn sealed_reveal_body(
    table: &Table,
    me: &PeerKey,
    id: &str,
    request: RollRequest,
    secret: Bytes32,
) -> Result<Body, String> {
    let r = table.roll(me, id).ok_or_else(|| format!("no roll `{id}` of this device"))?;
    let contributions: Vec<String> = r.seen.values().map(|s| s.message.clone()).collect();
    let used: Vec<(PeerKey, Bytes32)> = r.seen.iter().map(|(k, s)| (*k, s.bytes)).collect();
    let result = (table.rules_here()?.roll)(&request, seed(&secret, &used, id, &request))?;
    Ok(Body::SealedReveal { roll: id.to_string(), request, secret, contributions, result })
}

/// The seed an own hidden roll would reveal with now (every contribution that arrived), once it may be revealed
/// (`TableRoll::revealable_at`): what its GM sees privately. A contribution arriving later still (a very slow
/// peer) would change it, and the GM is then shown the new result.
pub fn hidden_seed(
    table: &Table,
    me: &PeerKey,
    id: &str,
    request: &RollRequest,
    secret: &Bytes32,
    now_ms: u64,
) -> Option<u64> {
    let r = table.roll(me, id)?;
    if now_ms < r.revealable_at() {
        return None;
    }
    let used: Vec<(PeerKey, Bytes32)> = r.seen.iter().map(|(k, s)| (*k, s.bytes)).collect();
    Some(seed(secret, &used, id, request))
}
