//! Push Your Luck and the retry rule of the 24-System.
//!
//! After a Miss the roller may push: name one of the five tracks and the fiction of the risk, then reroll the
//! whole pool (Leverage die included) against max(effective DC - 2, min(effective DC, 6)). The new result stands: success brings a
//! Minor complication on the track, failure a Major one, and a pushed roll can never be pushed again. The Guide
//! may declare a failed push a Critical Failure. Without a push there are no free retries: the same skill at the
//! same DC with nothing changed, right after a Miss, is not a new roll.

use super::outcome::Outcome;
use super::request::{PushDeclaration, TwentyFourRequest};
use super::roll::TwentyFourRoll;
use crate::systems::RequestError;

/// Only an unpushed Miss can be pushed.
pub fn can_push(roll: &TwentyFourRoll) -> bool {
    !roll.pushed && roll.outcome == Outcome::Miss
}

/// The request for pushing `previous`: the same request, `pushed: true`, with the declaration.
/// Errors (field `pushed`) if `previous` cannot be pushed.
pub fn push_request(
    previous: &TwentyFourRoll,
    declaration: PushDeclaration,
) -> Result<TwentyFourRequest, RequestError> {
    if !can_push(previous) {
        let problem = if previous.pushed {
            "a pushed roll cannot be pushed again".to_string()
        } else {
            format!("only a Miss can be pushed, this roll was {}", previous.outcome.as_str())
        };
        return Err(RequestError::new("pushed", problem, "pushing an unpushed Miss"));
    }
    let mut request = previous.request.clone();
    request.pushed = true;
    request.push = Some(declaration);
    request.validate()?;
    Ok(request)
}

/// The Guide declares a failed push a Critical Failure (a catastrophe beyond a Major complication).
/// Errors (field `critical_failure`) unless `roll` is a pushed Miss.
pub fn declare_critical_failure(roll: &mut TwentyFourRoll) -> Result<(), RequestError> {
    if !(roll.pushed && roll.outcome == Outcome::Miss) {
        return Err(RequestError::new(
            "critical_failure",
            "only a failed push can be declared a Critical Failure",
            "a pushed roll whose outcome is miss",
        ));
    }
    roll.critical_failure = true;
    Ok(())
}

/// A skill's name as the retry rule compares it: without surrounding spaces, the letters A to Z in either case
/// alike (other letters as typed: the Unicode case tables would cost the app's first load about 4 KB); `None` for
/// no name or a blank one.
pub fn skill_key(name: Option<&str>) -> Option<String> {
    name.map(|s| s.trim().to_ascii_lowercase()).filter(|s| !s.is_empty())
}

/// The retry rule: `next` is a forbidden free retry of `previous` when `previous` was a Miss and `next` is an
/// unpushed roll of the same skill (names compared by [`skill_key`]; two unnamed skills count as the same) with
/// nothing changed: same rank, Leverage, base DC, effective DC, Crushing Pressure, attack and called shot. The app
/// then says so and offers Push Your Luck instead (if [`can_push`] allows it).
pub fn is_forbidden_retry(previous: &TwentyFourRequest, previous_outcome: Outcome, next: &TwentyFourRequest) -> bool {
    let skill = |r: &TwentyFourRequest| skill_key(r.skill.as_deref());
    previous_outcome == Outcome::Miss
        && !next.pushed
        && skill(previous) == skill(next)
        && previous.rank == next.rank
        && previous.leverage == next.leverage
        && previous.dc == next.dc
        && previous.effective_dc() == next.effective_dc()
        && previous.crushing == next.crushing
        && previous.attack == next.attack
        && previous.called_shot == next.called_shot
}

/// [`is_forbidden_retry`] with the previous roll.
pub fn is_forbidden_retry_of(previous: &TwentyFourRoll, next: &TwentyFourRequest) -> bool {
    is_forbidden_retry(&previous.request, previous.outcome, next)
}
