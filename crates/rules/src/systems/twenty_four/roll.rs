//! Rolling the 24-System: throw the pool, read it against the DC, add hit location and any push complication.

use super::outcome::{hit_location, Complication, HitLocation, Outcome, Severity};
use super::pool::{pool_sides, rank_dice, read};
use super::request::TwentyFourRequest;
use crate::die::{DieKind, DieRoll};
use crate::rng::{face, RollRng};
use serde::{Deserialize, Serialize};

/// The event name for Partial Critical.
pub const PARTIAL_CRITICAL: &str = "partial_critical";

/// One 24-System roll, fully broken down.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct TwentyFourRoll {
    pub outcome: Outcome,
    /// `partial_critical` when it happened.
    pub events: Vec<String>,
    /// The result: two highest dice + flat bonus.
    pub total: i64,
    /// Skill dice (role `skill`) then the Leverage die (role `leverage`); `kept` marks the two highest.
    pub dice: Vec<DieRoll>,
    /// The seed that produced this roll (0 when rolled outside [`crate::systems::Request::roll`]).
    #[serde(default)]
    pub seed: u64,
    /// The rank's flat bonus.
    pub flat: i64,
    /// Base DC + every Pressure entry + the highest status + Crushing Pressure.
    pub effective_dc: i64,
    /// The DC the result was read against (for a pushed roll, max(effective DC - 2, min(effective DC, 6))).
    pub target_dc: i64,
    /// This roll is a Push Your Luck reroll.
    pub pushed: bool,
    /// For an attack that hit: where.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub hit_location: Option<HitLocation>,
    /// For a pushed roll: Minor on a success, Major on a failure, on the declared track.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub complication: Option<Complication>,
    /// The Guide declared this failed push a Critical Failure (see [`super::declare_critical_failure`]).
    #[serde(default)]
    pub critical_failure: bool,
    /// The request this roll answered, so it can be replayed and the retry rule checked.
    pub request: TwentyFourRequest,
}

impl TwentyFourRoll {
    /// Partial Critical happened.
    pub fn partial_critical(&self) -> bool {
        self.events.iter().any(|e| e == PARTIAL_CRITICAL)
    }
}

/// Roll a validated request.
pub(crate) fn roll_pool(request: &TwentyFourRequest, rng: &mut RollRng) -> TwentyFourRoll {
    let sides = pool_sides(request.rank, request.leverage);
    let faces: Vec<i64> = sides.iter().map(|&s| face(rng, s) as i64).collect();
    let (_, flat) = rank_dice(request.rank);
    let reading = read(&sides, &faces, flat, request.partial_critical_kept_only);
    let dice = sides
        .iter()
        .zip(&faces)
        .enumerate()
        .map(|(i, (&s, &f))| {
            let mut d = DieRoll::new(DieKind::Standard(s), f).with_role(if i < 2 { "skill" } else { "leverage" });
            d.kept = reading.kept[i];
            d
        })
        .collect();
    let target_dc = request.target_dc();
    let outcome = Outcome::of(reading.result, target_dc);
    let events = if reading.partial_critical { vec![PARTIAL_CRITICAL.to_string()] } else { Vec::new() };
    let hit_location = if request.attack {
        hit_location(outcome, reading.partial_critical, request.called_shot, request.limb_choice)
    } else {
        None
    };
    let complication = match (&request.push, request.pushed) {
        (Some(push), true) => Some(Complication {
            track: push.track,
            severity: if outcome.is_hit() { Severity::Minor } else { Severity::Major },
            fiction: push.fiction.clone(),
        }),
        _ => None,
    };
    TwentyFourRoll {
        outcome,
        events,
        total: reading.result,
        dice,
        seed: 0,
        flat,
        effective_dc: request.effective_dc(),
        target_dc,
        pushed: request.pushed,
        hit_location,
        complication,
        critical_failure: false,
        request: request.clone(),
    }
}
