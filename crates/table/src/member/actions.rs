//! What a member does of its own accord: join, leave, roll (open or hidden), reveal a hidden roll, ask for a roll
//! as the GM, answer a GM's request. Each sends one message through `Member::send`.

use super::{Member, OwnRoll};
use crate::ask::AskFor;
use crate::body::{Body, RollRequest};
use crate::events::Event;
use crate::key::{Bytes32, PeerKey};
use crate::reveal::sealed_reveal_body;
use crate::seed::{commitment, seal_commitment_of};

impl Member {
    /// Say hello (join, rejoin after a reload, or rename). Refused when the table is full.
    pub fn hello(&mut self, now_ms: u64) -> Result<Vec<u8>, String> {
        let body = Body::Hello { name: self.name.clone(), character: self.character.clone() };
        Ok(self.send(body, now_ms)?.0)
    }

    /// Leave the table: the others' open rolls stop waiting for this device.
    pub fn leave(&mut self, now_ms: u64) -> Result<Vec<u8>, String> {
        Ok(self.send(Body::Leave {}, now_ms)?.0)
    }

    /// Announce an open roll of `request` with the caller's 32 random bytes as its secret; the roll id (unique on
    /// this device) and the intent to broadcast. The reveal follows from [`Member::tick`].
    pub fn roll(&mut self, request: RollRequest, secret: [u8; 32], now_ms: u64) -> Result<(String, Vec<u8>), String> {
        let id = format!("r{}", self.seq_at(now_ms));
        let secret = Bytes32(secret);
        let body = Body::Intent { roll: id.clone(), request: request.clone(), commitment: commitment(&secret) };
        let (bytes, _) = self.send(body, now_ms)?;
        self.own.push(OwnRoll { roll: id.clone(), secret, request, sealed: false });
        Ok((id, bytes))
    }

    /// Announce a hidden roll: the others see that it happened, not what was rolled, until [`Member::reveal_sealed`].
    pub fn roll_sealed(
        &mut self,
        request: RollRequest,
        secret: [u8; 32],
        now_ms: u64,
    ) -> Result<(String, Vec<u8>), String> {
        // Nobody else can check a hidden request before its reveal, so check it here: a sealed roll that cannot be
        // rolled could never be revealed.
        (self.table.rules_here()?.check)(&request)?;
        let id = format!("r{}", self.seq_at(now_ms));
        let secret = Bytes32(secret);
        let body = Body::SealedIntent { roll: id.clone(), commitment: seal_commitment_of(&request, &secret) };
        let (bytes, _) = self.send(body, now_ms)?;
        self.own.push(OwnRoll { roll: id.clone(), secret, request, sealed: true });
        Ok((id, bytes))
    }

    /// Reveal an own hidden roll with every contribution that arrived; refused until `CONTRIBUTION_WAIT_MS` after
    /// its intent (`TableRoll::revealable_at`).
    pub fn reveal_sealed(&mut self, roll: &str, now_ms: u64) -> Result<Vec<u8>, String> {
        let i = self.own.iter().position(|r| r.roll == roll && r.sealed);
        let i = i.ok_or_else(|| format!("no hidden roll `{roll}` of this device waits for its reveal"))?;
        let OwnRoll { secret, request, .. } = self.own[i].clone();
        if self.hidden_seed(roll, now_ms).is_none() {
            return Err("it is still collecting the other phones' randomness (at most 2 seconds after the roll)".into());
        }
        let body = sealed_reveal_body(&self.table, &self.me, roll, request, secret)?;
        let (bytes, _) = self.send(body, now_ms)?;
        self.own.remove(i);
        Ok(bytes)
    }

    /// The seed of an own hidden roll not yet revealed, once it may be revealed at `now_ms`: what its GM sees
    /// privately until the reveal (`reveal::hidden_seed`).
    pub fn hidden_seed(&self, roll: &str, now_ms: u64) -> Option<u64> {
        let own = self.own.iter().find(|r| r.roll == roll && r.sealed)?;
        crate::reveal::hidden_seed(&self.table, &self.me, roll, &own.request, &own.secret, now_ms)
    }

    /// As the GM, ask one peer (`to`) or everyone for a roll; the request id, the message and this device's own
    /// events of it (the request made).
    pub fn ask(
        &mut self,
        to: Option<PeerKey>,
        request: impl Into<AskFor>,
        now_ms: u64,
    ) -> Result<(String, Vec<u8>, Vec<Event>), String> {
        let id = format!("q{}", self.seq_at(now_ms));
        let (bytes, events) = self.send(Body::GmRequest { id: id.clone(), to, request: request.into() }, now_ms)?;
        Ok((id, bytes, events))
    }

    /// Link own roll `roll` to GM `gm`'s request `id`: the message, and this device's own events of it (the
    /// request answered).
    pub fn answer(&mut self, gm: PeerKey, id: &str, roll: &str, now_ms: u64) -> Result<(Vec<u8>, Vec<Event>), String> {
        self.send(Body::Answer { id: id.to_string(), gm, roll: roll.to_string() }, now_ms)
    }
}
