//! Throwing a Ruina Imperii pool: every die, every explosion, the hits and the result.

use super::outcome::{judge, Outcome};
use super::pool::{is_hit, Pool};
use super::request::RuinaImperiiRequest;
use crate::die::{DieKind, DieRoll};
use crate::rng::{face, RollRng};
use serde::{Deserialize, Serialize};

/// At most this many dice are added by explosions to any one starting die when rolling; a chain that would go
/// further stops there and the roll reports `explosion_capped` (with Explode 4 that is a 2^-100 event).
pub const EXPLOSION_CAP: u32 = 100;

/// Event: at least one of this roll's own dice exploded.
pub const EVENT_EXPLODED: &str = "exploded";
/// Event: the roll would have been a Harsh Failure, but Fortune covered it (the outcome is `failure`).
pub const EVENT_FORTUNE_COVERED: &str = "fortune_covered";

/// One side's thrown pool.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct PoolRoll {
    /// The dice thrown after Risk and the zero-dice rule.
    pub pool: Pool,
    /// Hits scored (dice showing 4+, explosions included).
    pub hits: u32,
    /// Every die in throw order; each explosion follows the die that caused it. Roles `skill` / `risk`;
    /// added dice carry the role of the die whose chain they belong to.
    pub dice: Vec<DieRoll>,
    /// Some chain reached [`EXPLOSION_CAP`] and was stopped.
    pub explosion_capped: bool,
}

/// The opponent's side of an opposed roll.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct OpponentRoll {
    pub hits: u32,
    pub pool: Pool,
    pub dice: Vec<DieRoll>,
    pub explosion_capped: bool,
}

/// A Ruina Imperii roll's full breakdown.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct RuinaImperiiRoll {
    pub outcome: Outcome,
    /// Events that happened: `exploded`, `fortune_covered`.
    pub events: Vec<String>,
    /// This roll's hits.
    pub total: i64,
    /// This roll's own dice (the opponent's are under `opponent.dice`).
    pub dice: Vec<DieRoll>,
    /// The seed the roll was made from (the dispatcher or [`super::RuinaImperii::roll_seeded`] sets it).
    pub seed: u64,
    /// This roll's pool after Risk and the zero-dice rule.
    pub pool: Pool,
    /// D: the static difficulty, or the opponent's hits.
    pub difficulty: u32,
    /// Hits above this are a Success (= D).
    pub success_above: u32,
    /// Hits above this are a Critical Success (= 2D).
    pub critical_above: u32,
    /// Fortune covered the roll (whether or not it was needed).
    pub fortune: super::Fortune,
    /// The opponent's roll, when opposed.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub opponent: Option<OpponentRoll>,
    /// Per-die explosion cap used for rolling.
    pub explosion_cap: u32,
    /// Some chain (own or opponent's) reached the cap and was stopped.
    pub explosion_capped: bool,
}

/// Throw one pool: skill dice then Risk dice, each followed by its explosions.
pub fn throw_pool(pool: Pool, rng: &mut RollRng) -> PoolRoll {
    let mut dice = Vec::new();
    let mut capped = false;
    let roles =
        std::iter::repeat_n("skill", pool.skill_dice as usize).chain(std::iter::repeat_n("risk", pool.risk as usize));
    for role in roles {
        let mut added = 0;
        loop {
            let f = face(rng, 6);
            let mut die = DieRoll::new(DieKind::Standard(6), f as i64).with_role(role);
            die.count = i8::from(is_hit(f));
            die.from_explosion = added > 0;
            let explodes = pool.explode.is_some_and(|n| f >= n);
            if explodes && added >= EXPLOSION_CAP {
                capped = true;
            }
            die.exploded = explodes && added < EXPLOSION_CAP;
            let again = die.exploded;
            dice.push(die);
            if !again {
                break;
            }
            added += 1;
        }
    }
    let hits = dice.iter().filter(|d| d.count > 0).count() as u32;
    PoolRoll { pool, hits, dice, explosion_capped: capped }
}

/// Roll a validated request.
pub fn roll(req: &RuinaImperiiRequest, rng: &mut RollRng) -> RuinaImperiiRoll {
    let own = throw_pool(Pool::new(req.skill, req.risk, req.explode), rng);
    let opponent = req.opponent.as_ref().map(|o| {
        let r = throw_pool(Pool::new(o.skill, o.risk, o.explode), rng);
        OpponentRoll { hits: r.hits, pool: r.pool, dice: r.dice, explosion_capped: r.explosion_capped }
    });
    let d = match &opponent {
        Some(o) => o.hits,
        None => req.difficulty.unwrap_or(0).max(0) as u32,
    };
    let (outcome, covered) = judge(own.hits as u64, d as u64, own.pool.risk, req.fortune.covers());
    let mut events = Vec::new();
    if own.dice.iter().any(|d| d.exploded) {
        events.push(EVENT_EXPLODED.to_string());
    }
    if covered {
        events.push(EVENT_FORTUNE_COVERED.to_string());
    }
    let explosion_capped = own.explosion_capped || opponent.as_ref().is_some_and(|o| o.explosion_capped);
    RuinaImperiiRoll {
        outcome,
        events,
        total: own.hits as i64,
        dice: own.dice,
        seed: 0,
        pool: own.pool,
        difficulty: d,
        success_above: d,
        critical_above: 2 * d,
        fortune: req.fortune,
        opponent,
        explosion_cap: EXPLOSION_CAP,
        explosion_capped,
    }
}
