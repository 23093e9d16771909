//! Rolling Total//Effect: throw 3 + |net Advantage| d6, keep three, read the Total, the outcome and the bands.

use super::effect::Effect;
use super::request::{EscalationMode, TotalEffectRequest};
use super::resolve::{effect_and_total, effect_value, kept_indices, Outcome};
use crate::die::{DieKind, DieRoll};
use crate::rng::{face, RollRng};
use crate::sorted;
use serde::{Deserialize, Serialize};

/// One Total//Effect roll, fully broken down.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct TotalEffectRoll {
    pub outcome: Outcome,
    /// The bands the Total triggered, each under its text as requested, in request order.
    pub events: Vec<String>,
    /// The Total: kept dice (after any floor/ceiling) + Escalation (in `add` mode) + modifier.
    pub total: i64,
    /// Every d6 thrown, in throw order. Kept dice have role `high`, `mid` or `low` and `value` after any
    /// Escalation floor/ceiling; dropped dice have role `extra` and `kept: false`.
    pub dice: Vec<DieRoll>,
    /// The seed that produced this roll (0 when rolled outside [`crate::systems::Request::roll`]).
    #[serde(default)]
    pub seed: u64,
    /// The Effect dice.
    pub effect: Effect,
    /// Advantage less Disadvantage, clamped to -3..=3.
    pub net_advantage: i64,
    pub escalation: i64,
    pub escalation_mode: EscalationMode,
    pub modifier: i64,
    /// The request this roll answered.
    pub request: TotalEffectRequest,
}

/// Roll a validated request.
pub(crate) fn roll_dice(request: &TotalEffectRequest, rng: &mut RollRng) -> TotalEffectRoll {
    let faces: Vec<i64> = (0..request.dice_count()).map(|_| face(rng, 6) as i64).collect();
    let net = request.net_advantage();
    let kept = kept_indices(&faces, net);
    let (effect, total) = effect_and_total(kept.map(|i| faces[i]), request);
    // Name the kept dice High, Mid, Low by face (ties: the earlier die ranks higher).
    let mut by_face = kept;
    sorted::sort_indices(&mut by_face, &|a, b| faces[b].cmp(&faces[a]).then(a.cmp(&b)));
    let dice = faces
        .iter()
        .enumerate()
        .map(|(i, &f)| {
            let mut d = DieRoll::new(DieKind::Standard(6), f);
            match by_face.iter().position(|&k| k == i) {
                Some(rank) => {
                    d.value = effect_value(f, request.escalation, request.escalation_mode);
                    d.with_role(["high", "mid", "low"][rank])
                }
                None => {
                    d.kept = false;
                    d.with_role("extra")
                }
            }
        })
        .collect();
    let events = request
        .bands
        .iter()
        .zip(request.parsed_bands())
        .filter(|(_, b)| b.matches(total))
        .map(|(t, _)| t.clone())
        .collect();
    TotalEffectRoll {
        outcome: Outcome::of(total),
        events,
        total,
        dice,
        seed: 0,
        effect,
        net_advantage: net,
        escalation: request.escalation,
        escalation_mode: request.escalation_mode,
        modifier: request.modifier,
        request: request.clone(),
    }
}
