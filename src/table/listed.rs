//! What the peer list and the roll list show, read from the member alone (no screen, no seat), so the seat's
//! tests check the words a player reads.

use dicetray_table::peer_set::PeerMap;
use dicetray_table::{AskFor, Member, PeerKey, RollRequest, Status, TableRoll};

/// How the list says what a roll rolls and what a GM asked for: with the rules' code (`RulesKit::words`), or
/// without it ([`Words::WITHOUT_RULES`]).
#[derive(Clone, Copy)]
pub struct Words {
    pub request: fn(&RollRequest) -> String,
    pub ask: fn(&AskFor) -> String,
}

impl Words {
    /// Before the rules' code is here: notation as typed, else only what kind of roll it is. (No row should need
    /// them: every request a row names waited for the code, or was made with it.)
    pub const WITHOUT_RULES: Words = Words {
        request: |r| match r {
            RollRequest::System { .. } => "a system roll".into(),
            RollRequest::Notation { text, .. } => text.clone(),
        },
        ask: |a| match a {
            AskFor::Notation { text, .. } => text.clone(),
            AskFor::System { .. } | AskFor::Sheet { .. } => "a system roll".into(),
        },
    };
}

/// How `key` stands, in the peer list's words: "you", "left", "away" (silent, or its page hidden: no roll waits
/// for it), else how its messages reach this phone ("direct", "via relays", "connecting").
pub(super) fn path_words(m: &Member, paths: &PeerMap<&'static str>, key: &PeerKey) -> &'static str {
    if *key == m.me() {
        "you"
    } else if !m.table().peers().get(key).is_some_and(|p| p.present) {
        "left"
    } else if m.is_away(key) {
        "away"
    } else {
        paths.get(key).copied().unwrap_or("connecting")
    }
}

#[derive(Clone, Debug, PartialEq)]
pub(super) struct RollRow {
    pub(super) roller: PeerKey,
    pub(super) id: String,
    pub(super) who: String,
    pub(super) request: String,
    pub(super) status: Status,
    pub(super) seed: Option<u64>,
    pub(super) mine_sealed: bool,
    /// This device's hidden roll, once its dice are known: the seed (only its GM sees the result before the reveal).
    pub(super) hidden_seed: Option<u64>,
    pub(super) answers: Option<String>,
    /// An own roll waiting because this phone cannot reach the table: said instead of "checking".
    pub(super) offline: bool,
    /// A verified roll made without some contributions that arrived here: whose, in words.
    pub(super) without: Option<String>,
}

impl RollRow {
    pub(super) fn key(&self) -> String {
        format!(
            "{}:{}:{:?}:{}:{}:{:?}",
            self.roller,
            self.id,
            self.status,
            self.hidden_seed.is_some(),
            self.offline,
            self.without
        )
    }
}

pub(super) fn status_words(s: &Status) -> (&'static str, String) {
    match s {
        Status::Verified => ("verified", "verified".into()),
        Status::Pending => ("pending", "checking".into()),
        Status::Sealed => ("sealed", "sealed".into()),
        Status::NotRevealed => ("not-revealed", "not revealed".into()),
        Status::Failed(why) => ("failed", format!("failed: {why}")),
    }
}

/// What the screen says while an own roll waits for this phone to reach the table.
pub(super) const OFFLINE_WORDS: &str =
    "Waiting for the table: this phone is not connected. The roll goes ahead by itself once it is.";

/// Every roll at the table as the list shows it, newest first (the table's order, the same on every phone), its
/// request said in `words`.
pub(super) fn roll_rows(m: &Member, words: Words) -> Vec<RollRow> {
    let t = m.table();
    let me = m.me();
    t.rolls().iter().rev().map(|r| roll_row(m, r, me, words)).collect()
}

fn roll_row(m: &Member, r: &TableRoll, me: PeerKey, words: Words) -> RollRow {
    let t = m.table();
    let who = t.peers().get(&r.roller).map_or(r.roller.short(), |p| match &p.character {
        Some(c) => format!("{c} ({})", p.name),
        None => p.name.clone(),
    });
    let hidden = r.request.clone().or_else(|| (r.roller == me).then(|| m.hidden_request(&r.id).cloned()).flatten());
    let request = match (&hidden, r.sealed) {
        (Some(q), true) => format!("hidden roll: {}", (words.request)(q)),
        (Some(q), false) => (words.request)(q),
        (None, _) => "a hidden roll".into(),
    };
    let answers = r.answers.as_ref().map(|(gm, id)| {
        let gm_name = t.peers().get(gm).map_or_else(|| gm.short(), |p| p.name.clone());
        match t.gm_request(gm, id) {
            Some(q) => format!("answers {gm_name}'s request for {}", (words.ask)(&q.request)),
            None => format!("answers {gm_name}'s request"),
        }
    });
    let mine_sealed = r.roller == me && r.status == Status::Sealed;
    RollRow {
        roller: r.roller,
        id: r.id.clone(),
        who,
        request,
        status: r.status.clone(),
        seed: m.seed_of(&r.roller, &r.id),
        mine_sealed,
        hidden_seed: mine_sealed.then(|| m.hidden_seed(&r.id, crate::state::now_ms() as u64)).flatten(),
        answers,
        offline: r.roller == me && r.status == Status::Pending && !m.connected(),
        without: without_words(m, r, me),
    }
}

/// A verified roll whose reveal left out contributions that arrived here: "without Bea's randomness (it did not
/// reach Gale in time)". Not a failure: a contribution may reach the roller late, or not at all.
fn without_words(m: &Member, r: &TableRoll, me: PeerKey) -> Option<String> {
    let unused = r.unused();
    if r.status != Status::Verified || unused.is_empty() {
        return None;
    }
    let name = |k: &PeerKey| match m.table().peers().get(k) {
        _ if *k == me => "your".to_string(),
        Some(p) => format!("{}'s", p.name),
        None => format!("{}'s", k.short()),
    };
    let names = unused.iter().map(name).collect::<Vec<_>>();
    let whose = match names.split_last() {
        Some((last, [])) => last.clone(),
        Some((last, rest)) => format!("{} and {last}", rest.join(", ")),
        None => return None,
    };
    let roller = if r.roller == me {
        "you".to_string()
    } else {
        m.table().peers().get(&r.roller).map_or(r.roller.short(), |p| p.name.clone())
    };
    let it = if unused.len() == 1 { "it" } else { "they" };
    Some(format!("without {whose} randomness ({it} did not reach {roller} in time)"))
}
