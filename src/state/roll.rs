//! How a roll enters the history: one function, [`AppState::roll`], for every roll (a panel's through
//! `systems::kit::roll_and_record`, the Tray's), so each gets its seed, id and time the same way; and
//! [`AppState::amend_history`], the one way a recorded roll changes. At a table (`crate::table`), the seed comes
//! from the table's commit-reveal instead of this device, so a roll may finish a moment after the tap.

use super::{new_id, now_ms, AppState, CharacterRef, HistoryEntry, NoticeLevel, RollSource};
use dicetray_rules::dice::ExprRoll;
use dicetray_rules::systems::Summary;
use leptos::prelude::*;

/// What a roll gives the history: what came of it and its line of text.
pub struct Rolled {
    pub summary: Summary,
    pub text: String,
}

impl Rolled {
    /// A Tray roll of notation: its outcome is its total.
    pub fn notation(roll: &ExprRoll) -> Rolled {
        Rolled {
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

/// Where a roll's seed comes from when this device sits at a table: the table rolls `source` with every phone's
/// entropy and calls `then` with the seed once it is known, handing `source` back. A roll the table cannot make
/// is the seat's to report (a notice); `then` is then never called. Set by table mode while seated
/// (`AppState::seat`).
pub trait Seat {
    fn roll(&self, source: RollSource, then: SeatDone);
    /// The seat itself, for table mode's own screen.
    fn as_any(&self) -> &dyn std::any::Any;
}

/// What a seat calls once a roll's seed is known: the seed and the request it was asked to roll.
pub type SeatDone = Box<dyn FnOnce(u64, RollSource)>;

/// Roll with `seed` and record the roll; returns what `roll` made and the new entry's id.
fn record<T, E>(
    state: AppState,
    seed: u64,
    character: Option<CharacterRef>,
    source: RollSource,
    roll: impl FnOnce(u64) -> Result<(T, Rolled), E>,
) -> Result<(T, String), E> {
    let (made, Rolled { summary, text }) = roll(seed)?;
    let id = new_id();
    let entry = HistoryEntry::rolled(id.clone(), now_ms(), character, source, seed, summary, text);
    state.history.update(|h| h.record(entry));
    Ok((made, id))
}

impl AppState {
    /// Roll `source` for `character` (None: ad hoc) and record it in the history: with a fresh seed now, or, at a
    /// table, with the seed the table's commit-reveal gives. `roll` rolls with the seed it is given and returns
    /// what it made and what to record (an error records nothing); `then` gets that and the new entry's id (at once
    /// when not at a table).
    pub fn roll<T: 'static, E: 'static>(
        &self,
        character: Option<CharacterRef>,
        source: RollSource,
        roll: impl FnOnce(u64) -> Result<(T, Rolled), E> + 'static,
        then: impl FnOnce(Result<(T, String), E>) + 'static,
    ) {
        let state = *self;
        let Some(seat) = self.seat.with_value(|s| s.clone()) else {
            let seed = self.fresh_seed();
            return then(record(state, seed, character, source, roll));
        };
        seat.roll(
            source,
            Box::new(move |seed, source| {
                then(record(state, seed, character, source, move |seed| {
                    roll(seed).map(|(made, mut rolled)| {
                        rolled.text.push_str(" (at the table)");
                        (made, rolled)
                    })
                }))
            }),
        );
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
    use std::cell::RefCell;
    use std::rc::Rc;

    fn d6() -> RollSource {
        RollSource::Notation { expr: "d6".into(), version: dicetray_rules::dice::NOTATION_VERSION }
    }

    fn rolled(seed: u64) -> Rolled {
        Rolled {
            summary: Summary {
                system: "notation".into(),
                outcome: "total".into(),
                events: vec![],
                total: (seed % 6 + 1) as f64,
                dice: vec![],
            },
            text: format!("d6 = {}", seed % 6 + 1),
        }
    }

    /// What `AppState::roll` hands to `then`: the roll made and its entry's id, or the error.
    type Made<T, E> = Result<(T, String), E>;
    /// `then`'s result, kept for the test to look at.
    type Got<T, E> = Rc<RefCell<Option<Made<T, E>>>>;

    /// What `AppState::roll` handed to `then`.
    fn outcome<T: Clone + 'static, E: Clone + 'static>() -> (Got<T, E>, impl FnOnce(Made<T, E>)) {
        let got = Rc::new(RefCell::new(None));
        let g = Rc::clone(&got);
        (got, move |r| *g.borrow_mut() = Some(r))
    }

    #[test]
    fn a_roll_is_recorded_with_its_seed_and_an_error_records_nothing() {
        let owner = leptos::prelude::Owner::new();
        owner.set();
        let state = AppState::for_tests();
        let kim = Some(CharacterRef { id: "k".into(), name: "Kim".into() });
        let (got, then) = outcome::<u64, ()>();
        state.roll(kim.clone(), d6(), |seed| Ok((seed, rolled(seed))), then);
        let (seed, id) = got.borrow_mut().take().expect("rolled at once").unwrap();
        let (failed, then) = outcome::<(), &str>();
        state.roll(None, d6(), |_| Err("division by zero"), then);
        assert_eq!(failed.borrow_mut().take().expect("at once").unwrap_err(), "division by zero");
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

    /// A seat that keeps each roll asked of it, to finish later with a seed of the test's choosing.
    #[derive(Default)]
    struct HeldSeat(RefCell<Vec<(RollSource, SeatDone)>>);

    impl Seat for Rc<HeldSeat> {
        fn roll(&self, source: RollSource, then: SeatDone) {
            self.0.borrow_mut().push((source, then));
        }

        fn as_any(&self) -> &dyn std::any::Any {
            self
        }
    }

    #[test]
    fn at_a_table_the_roll_waits_for_the_tables_seed_and_is_recorded_with_it() {
        let owner = leptos::prelude::Owner::new();
        owner.set();
        let state = AppState::for_tests();
        let held = Rc::new(HeldSeat::default());
        state.seat.set_value(Some(Rc::new(Rc::clone(&held))));
        let kim = Some(CharacterRef { id: "k".into(), name: "Kim".into() });
        let (got, then) = outcome::<u64, ()>();
        state.roll(kim.clone(), d6(), |seed| Ok((seed, rolled(seed))), then);
        assert!(got.borrow().is_none(), "nothing is rolled before the table gives the seed");
        assert_eq!(state.history.with_untracked(|h| h.len()), 0);
        let (source, finish) = held.0.borrow_mut().pop().expect("the table was asked");
        assert_eq!(source, d6());
        finish(4_000_000_004, source);
        let (seed, id) = got.borrow_mut().take().expect("rolled once the seed came").unwrap();
        assert_eq!(seed, 4_000_000_004);
        state.history.with_untracked(|h| {
            assert_eq!((h[0].id.as_str(), h[0].seed, &h[0].character), (id.as_str(), 4_000_000_004, &kim));
            assert!(h[0].text.ends_with(" (at the table)"), "{}", h[0].text);
        });
    }
}
