//! A Roll panel's rehearsal (`widgets::rehearsal`): the panel's request rolled with a fixed seed, and the roll
//! bar's latest roll and the panel's result built for it, laid out hidden and taken away before the player's
//! first tap. The roll never reaches History, the announcer or the roll count.

use super::roll_bar::{latest_view, Latest, LatestRoll};
use crate::widgets::rehearsal::{self, Part, SEED};
use dicetray_rules::rng::seeded;
use dicetray_rules::systems::{RequestError, RuleSystem, Summary};
use leptos::prelude::*;

/// Rehearse system `S`'s roll of `request` (as it is when the page is first idle) in the panel being built:
/// `result` builds the panel's result for the request and its roll, as the panel shows it. Nothing happens when the
/// inputs cannot roll, when this page has rehearsed `S` already or has shown a roll of it, or when the panel is gone
/// by then.
pub fn rehearse<S: RuleSystem>(
    request: impl Fn() -> Result<S::Request, RequestError> + 'static,
    result: impl FnOnce(S::Request, S::Roll) -> AnyView + 'static,
) where
    S::Request: 'static,
    S::Roll: 'static,
{
    // Only the roll is the system's own: the rest is one copy for all five panels.
    rehearse_roll(
        S::ID,
        Box::new(move || {
            let request = request().ok()?;
            let roll = S::roll(&request, &mut seeded(SEED)).ok()?;
            Some((S::summary(&roll), Box::new(move || result(request, roll)) as Box<dyn FnOnce() -> AnyView>))
        }),
    );
}

/// What a panel's rehearsal rolls: the roll's summary, and how to build the panel's result for it.
type Rolled = Option<(Summary, Box<dyn FnOnce() -> AnyView>)>;

/// [`rehearse`] for `system`, whose roll `roll` makes (None when the inputs cannot roll).
fn rehearse_roll(system: &'static str, roll: Box<dyn FnOnce() -> Rolled>) {
    let latest = use_context::<LatestRoll>();
    let unrolled = move || {
        let rolled = |l: &Option<Latest>| l.as_ref().is_some_and(|l| l.system == system);
        latest.is_none_or(|l| l.0.try_with_untracked(rolled) == Some(false))
    };
    // The parts in the boxes the panel holds them in (`.panel-roll`, `.panel-output`).
    let parts = move || {
        let (summary, result) = roll()?;
        Some(vec![
            Part::new("panel-roll", move || latest_view(Latest::of(0, &summary, ""))),
            Part::new("panel-output", result),
        ])
    };
    rehearsal::rehearse(system, format!(".roll-panel[data-system=\"{system}\"]"), unrolled, parts);
}
