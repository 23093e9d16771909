//! How a roll enters the history: one function, [`AppState::roll`], for every roll (a panel's through
//! `systems::kit::roll_and_record`, the Tray's, and later a table's), so each gets its seed, id and time the same
//! way; and [`AppState::amend_history`], the one way a recorded roll changes.

use super::{new_id, now_ms, AppState, CharacterRef, HistoryEntry, NoticeLevel, RollSource};
use dicetray_rules::dice::ExprRoll;
use dicetray_rules::systems::Summary;
use leptos::prelude::*;

/// What a roll gives the history: what was rolled, what came of it and its line of text.
pub struct Rolled {
    pub source: RollSource,
    pub summary: Summary,
    pub text: String,
}

impl Rolled {
    /// A Tray roll of the notation `expr` (as typed): its outcome is its total.
    pub fn notation(expr: String, version: u32, roll: &ExprRoll) -> Rolled {
        Rolled {
            source: RollSource::Notation { expr, version },
            summary: Summary {
                system: "notation".into(),
                outcome: "total".into(),
                events: Vec::new(),
                total: dicetray_rules::dice::value::to_f64(roll.total),
                dice: roll.dice(),
            },
            text: roll.text.clone(),
        }
    }
}

impl AppState {
    /// Roll with a fresh seed and record the roll in the history for `character` (None: ad hoc). `roll` rolls
    /// with the seed it is given and returns what it made (handed back) and what to record; an error records
    /// nothing. Returns what `roll` made and the new entry's id.
    pub fn roll<T, E>(
        &self,
        character: Option<CharacterRef>,
        roll: impl FnOnce(u64) -> Result<(T, Rolled), E>,
    ) -> Result<(T, String), E> {
        let seed = self.fresh_seed();
        let (made, Rolled { source, summary, text }) = roll(seed)?;
        let id = new_id();
        let entry = HistoryEntry::rolled(id.clone(), now_ms(), character, source, seed, summary, text);
        self.history.update(|h| h.record(entry));
        Ok((made, id))
    }

    /// Change the recorded roll `id` with one of `HistoryEntry`'s changes (`History::amend`); false if it is gone.
    pub fn amend_history(&self, id: &str, change: impl FnOnce(&mut HistoryEntry)) -> bool {
        self.history.try_update(|h| h.amend(id, change)).unwrap_or(false)
    }

    /// A fresh seed (falls back to the clock if the browser's generator fails, and says so).
    fn fresh_seed(&self) -> u64 {
        dicetray_rules::rng::fresh_seed().unwrap_or_else(|_| {
            self.notify(
                NoticeLevel::Warning,
                "The browser's random number generator failed; this roll used the clock instead.",
            );
            (now_ms() as u64).wrapping_mul(0x9E37_79B9_7F4A_7C15)
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_roll_is_recorded_with_its_seed_and_an_error_records_nothing() {
        let owner = leptos::prelude::Owner::new();
        owner.set();
        let state = AppState::for_tests();
        let rolled = |seed: u64| Rolled {
            source: RollSource::Notation { expr: "d6".into(), version: dicetray_rules::dice::NOTATION_VERSION },
            summary: Summary {
                system: "notation".into(),
                outcome: "total".into(),
                events: vec![],
                total: (seed % 6 + 1) as f64,
                dice: vec![],
            },
            text: format!("d6 = {}", seed % 6 + 1),
        };
        let kim = Some(CharacterRef { id: "k".into(), name: "Kim".into() });
        let (seed, id) = state.roll(kim.clone(), |seed| Ok::<_, ()>((seed, rolled(seed)))).unwrap();
        let failed = state.roll(None, |_| Err::<((), Rolled), _>("division by zero"));
        assert_eq!(failed.unwrap_err(), "division by zero");
        state.history.with_untracked(|h| {
            assert_eq!(h.len(), 1, "the failed roll is not recorded");
            let e = &h[0];
            assert_eq!((e.id.as_str(), e.seed, &e.character), (id.as_str(), seed, &kim));
            assert_eq!(
                (e.outcome.as_str(), e.total, e.text.clone()),
                ("total", (seed % 6 + 1) as f64, format!("d6 = {}", seed % 6 + 1))
            );
        });
        assert!(state.amend_history(&id, |e| e.text.push_str(" (noted)")));
        assert!(state.history.with_untracked(|h| h[0].text.ends_with(" (noted)")));
        assert!(!state.amend_history("nope", |e| e.text.clear()));
    }
}
