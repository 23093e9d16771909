//! The retry rule's memory and its override. The roll the rule compares with is the latest 24-System roll in the
//! panel's scope (the character, or ad hoc rolls): it is read back from the saved History when the panel opens,
//! so a reload (or switching characters and back) does not turn a Miss into a free retry. History is the saved,
//! versioned record of every roll; keeping the same fact in a second place could only disagree with it.

use crate::state::{AppState, HistoryEntry, RollSource};
use dicetray_rules::systems::twenty_four::{Outcome, TwentyFour, TwentyFourRoll};
use dicetray_rules::systems::{roll_seeded, Request, Roll};
use leptos::prelude::*;

/// The Miss a new roll in this scope would retry: the latest 24-System roll of `character` (None: ad hoc) in the
/// History, replayed from its request and seed, if it was a Miss. None when there is none, it was not a Miss, or
/// its replay does not give back what History recorded. With it, the History entry's id.
pub fn last_miss(state: &AppState, character: &Option<String>) -> Option<(TwentyFourRoll, String)> {
    state.history.with_untracked(|h| {
        let entry = h
            .iter()
            .rev()
            .find(|e| e.system_id() == "24-system" && e.character.as_ref().map(|c| &c.id) == character.as_ref())?;
        Some((replay_miss(entry)?, entry.id.clone()))
    })
}

fn replay_miss(entry: &HistoryEntry) -> Option<TwentyFourRoll> {
    let RollSource::System { request: Request::TwentyFour(request) } = &entry.source else { return None };
    if entry.outcome != Outcome::Miss.as_str() {
        return None;
    }
    let Ok(Roll::TwentyFour(mut roll)) = roll_seeded::<TwentyFour>(request, entry.seed) else { return None };
    if roll.outcome != Outcome::Miss {
        return None;
    }
    roll.critical_failure = entry.events.iter().any(|e| e == "critical_failure");
    Some(roll)
}

/// The Miss a roll of `skill` by `character` (None: ad hoc) would retry: the latest 24-System roll of that
/// character *and skill* in the History (skill names compared as the rule does, `skill_key`; no skill name matches no
/// skill name), if it was a Miss. Rolling another skill in between does not make a Miss retryable, and a
/// Miss at one skill never blocks another.
pub fn last_miss_of(state: &AppState, character: &Option<String>, skill: Option<&str>) -> Option<TwentyFourRoll> {
    let key = dicetray_rules::systems::twenty_four::skill_key;
    let wanted = key(skill);
    state.history.with(|h| {
        let entry = h.iter().rev().find(|e| {
            let RollSource::System { request: Request::TwentyFour(r) } = &e.source else { return false };
            e.character.as_ref().map(|c| &c.id) == character.as_ref() && key(r.skill.as_deref()) == wanted
        })?;
        replay_miss(entry)
    })
}

/// "The situation changed": the player says something real changed since the Miss (another method or tool,
/// help, time, new Leverage, a new cost), so the same skill at the same DC is a new attempt.
#[component]
pub fn SituationChanged(value: RwSignal<bool>) -> impl IntoView {
    view! {
        <div class="field situation-changed">
            <label class="check" for="tf-situation-changed">
                <input id="tf-situation-changed" type="checkbox" aria-describedby="tf-situation-changed-hint" bind:checked=value />
                <span>"The situation changed"</span>
            </label>
            <span class="field-hint" id="tf-situation-changed-hint">
                "Same skill, same DC, after a Miss: tick this if something real changed (another method or tool, help, more time, a new cost), and the roll is a new attempt."
            </span>
        </div>
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::state::{CharacterRef, History};
    use dicetray_rules::systems::twenty_four::TwentyFourRequest;

    fn entry(id: &str, at: f64, who: Option<&str>, request: TwentyFourRequest, seed: u64) -> HistoryEntry {
        let roll = roll_seeded::<TwentyFour>(&request, seed).unwrap();
        let character = who.map(|w| CharacterRef { id: w.into(), name: w.into() });
        HistoryEntry::system_roll(
            id.into(),
            at,
            character,
            Request::TwentyFour(request),
            seed,
            roll.summary(),
            String::new(),
        )
    }

    /// Rank 0 (2d12) against DC 60 misses unless both dice show 12; a seed whose roll misses.
    fn missing_seed(request: &TwentyFourRequest) -> u64 {
        (0..100)
            .find(|&s| matches!(roll_seeded::<TwentyFour>(request, s), Ok(Roll::TwentyFour(r)) if r.outcome == Outcome::Miss))
            .unwrap()
    }

    #[test]
    fn the_latest_roll_in_scope_is_the_one_a_retry_is_compared_with() {
        let owner = leptos::prelude::Owner::new();
        owner.set();
        let state = AppState::for_tests();
        let miss = TwentyFourRequest::new(0, 60);
        let seed = missing_seed(&miss);
        let hit = TwentyFourRequest::new(6, 0);
        state.history.set(History::from(vec![
            entry("a", 1.0, None, miss.clone(), seed),
            entry("b", 2.0, Some("kim"), hit.clone(), 1),
            entry("c", 3.0, Some("lee"), miss.clone(), seed),
        ]));
        let (ad_hoc, id) = last_miss(&state, &None).expect("the ad hoc Miss");
        assert_eq!((ad_hoc.request.clone(), ad_hoc.seed, id.as_str()), (miss.clone(), seed, "a"));
        assert!(last_miss(&state, &Some("kim".into())).is_none(), "Kim's latest roll hit");
        assert!(last_miss(&state, &Some("lee".into())).is_some());
        assert!(last_miss(&state, &Some("nobody".into())).is_none());
        // A later ad hoc hit replaces the Miss.
        state.history.update(|h| h.record(entry("d", 4.0, None, hit, 2)));
        assert!(last_miss(&state, &None).is_none());
        // A recorded outcome the replay does not give back is not trusted.
        state.history.update(|h| {
            let mut e = entry("e", 5.0, None, TwentyFourRequest::new(6, 0), 3);
            e.outcome = "miss".into();
            h.record(e);
        });
        assert!(last_miss(&state, &None).is_none());
    }
}
