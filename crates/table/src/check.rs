//! Checking a reveal: the commitment, the contributions used, and the dice recomputed with the rules crate. It
//! reads the roll and who said hello, which the table ([`crate::table`]) hands it, and nothing else of the table.

use crate::body::{Body, RollRequest};
use crate::key::{Bytes32, PeerKey};
use crate::roll::{Status, TableRoll};
use crate::rules::Rules;
use crate::seed::{commitment, seal_commitment_of, seed};
use crate::wire::open;

/// `rules` recompute the dice. `r` is the open roll the reveal is for (its roller's), and `names` every peer that
/// said hello at this table (present or since left) with how notices name it.
/// `Err`: the reveal is refused as a message (wrong kind). `Ok((Failed, _))`: it is a reveal of this
/// roll, and the roll fails its check. With the status, the contributions the reveal used.
///
/// Nothing here depends on when or in which order messages arrived: a contribution this device has that the reveal
/// left out does not fail it (it may have reached the roller too late, or not at all; `TableRoll::unused` names
/// it), so every device that took the same messages reaches the same verdict (docs/table-protocol.md).
pub(crate) fn check_reveal(
    rules: &Rules,
    r: &TableRoll,
    names: &[(PeerKey, String)],
    sealed_request: Option<&RollRequest>,
    secret: &Bytes32,
    contributions: &[String],
    result: &serde_json::Value,
) -> Result<(Status, Vec<(PeerKey, Bytes32)>), String> {
    let (from, id) = (r.roller, r.id.as_str());
    // A failed check keeps no contributions: only a verified roll names the ones it did not use.
    let fail = |why: String| Ok((Status::Failed(why), Vec::new()));
    let mut used: Vec<(PeerKey, Bytes32)> = Vec::new();
    let name = |k: &PeerKey| names.iter().find(|(n, _)| n == k).map_or(k.short(), |(_, s)| s.clone());
    let known = |k: &PeerKey| names.iter().any(|(n, _)| n == k);
    let request = match (r.sealed, sealed_request) {
        (false, None) => r.request.clone().ok_or("an open roll without a request")?,
        (true, Some(req)) => req.clone(),
        (false, Some(_)) => return Err("a sealed reveal of an open roll".into()),
        (true, None) => return Err("an open reveal of a sealed roll (it needs its request)".into()),
    };
    let expected = if r.sealed { seal_commitment_of(&request, secret) } else { commitment(secret) };
    if expected != r.commitment {
        return fail("the revealed secret does not match the commitment made before the roll".into());
    }
    for (i, text) in contributions.iter().enumerate() {
        let c = open(text.as_bytes()).map_err(|e| format!("contribution {} in the reveal: {}", i + 1, e.problem))?;
        let ok = matches!(&c.body, Body::Contribution { roll, roller, .. } if roll == id && *roller == from);
        let Body::Contribution { bytes, .. } = c.body else {
            return fail(format!("contribution {} in the reveal is not a contribution", i + 1));
        };
        if !ok || c.from == from {
            return fail(format!("contribution {} in the reveal belongs to another roll", i + 1));
        }
        // A peer that said hello here, present or since left: not who was present at the intent, which depends on
        // the order messages reached this device.
        if !known(&c.from) {
            return fail(format!("uses a contribution from {}, who never said hello at this table", c.from.short()));
        }
        if used.iter().any(|(k, _)| *k == c.from) {
            return fail(format!("the contribution of {} is used twice", name(&c.from)));
        }
        used.push((c.from, bytes));
        if r.doubled.contains(&c.from) || r.seen.get(&c.from).is_some_and(|seen| seen.bytes != bytes) {
            // Both are signed by that peer, so it is the one that signed two; the roller could not forge either.
            return fail(format!("{} signed two different contributions to it", name(&c.from)));
        }
    }
    let recomputed = match (rules.roll)(&request, seed(secret, &used, id, &request)) {
        Ok(v) => v,
        Err(e) => return fail(format!("the request cannot be rolled: {e}")),
    };
    if &recomputed != result {
        return fail("the dice shown differ from the dice the secret and contributions give".into());
    }
    Ok((Status::Verified, used))
}
