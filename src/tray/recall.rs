//! Recall of recent expressions: the last distinct notation rolls from the history, newest first, as chips;
//! ArrowUp / ArrowDown in the box step through the same list (like a shell's history).

use crate::state::{HistoryEntry, RollSource};
use leptos::prelude::*;

/// How many expressions are recalled.
pub const RECALL_LEN: usize = 20;

/// The last `max` distinct notation expressions of `history` (oldest first), newest first.
pub fn recent_expressions(history: &[HistoryEntry], max: usize) -> Vec<String> {
    let mut out: Vec<String> = Vec::new();
    for e in history.iter().rev() {
        if let RollSource::Notation { expr, .. } = &e.source {
            if !out.iter().any(|x| x == expr) {
                out.push(expr.clone());
                if out.len() == max {
                    break;
                }
            }
        }
    }
    out
}

/// Where ArrowUp / ArrowDown lead from recall position `at` (None: the player's own text) over `len` entries:
/// the new position, None when stepping down past the newest.
pub fn step(at: Option<usize>, up: bool, len: usize) -> Option<usize> {
    if len == 0 {
        return None;
    }
    match (at, up) {
        (None, true) => Some(0),
        (None, false) => None,
        (Some(i), true) => Some((i + 1).min(len - 1)),
        (Some(0), false) => None,
        (Some(i), false) => Some(i - 1),
    }
}

/// The recent expressions as chips; tapping one puts it in the box.
/// Stepping through the recent expressions with ArrowUp / ArrowDown in the Tray's input, as a shell does.
#[derive(Clone, Copy)]
pub struct Recall {
    recent: Memo<Vec<String>>,
    /// Position in `recent` while stepping.
    at: RwSignal<Option<usize>>,
    /// The text typed before stepping, given back past the newest.
    draft: RwSignal<String>,
}

impl Recall {
    pub fn new(recent: Memo<Vec<String>>) -> Self {
        Recall { recent, at: RwSignal::new(None), draft: RwSignal::new(String::new()) }
    }

    /// The player typed or picked something: stepping starts again from the newest.
    pub fn stop(&self) {
        self.at.set(None);
    }

    /// Step with the arrow key of `ev` (if it is one), putting the recalled expression (or the draft) in `text`;
    /// true if it stepped.
    pub fn step(&self, ev: &leptos::ev::KeyboardEvent, text: RwSignal<String>) -> bool {
        let up = match ev.key().as_str() {
            "ArrowUp" => true,
            "ArrowDown" => false,
            _ => return false,
        };
        let list = self.recent.get_untracked();
        let at = self.at.get_untracked();
        if list.is_empty() || (at.is_none() && !up) {
            return false;
        }
        ev.prevent_default();
        if at.is_none() {
            self.draft.set(text.get_untracked());
        }
        let next = step(at, up, list.len());
        self.at.set(next);
        text.set(match next {
            Some(i) => list[i].clone(),
            None => self.draft.get_untracked(),
        });
        true
    }
}

#[component]
pub fn RecallChips(
    #[prop(into)] recent: Signal<Vec<String>>,
    #[prop(into)] on_pick: Callback<String>,
) -> impl IntoView {
    view! {
        <Show when=move || !recent.with(Vec::is_empty)>
            <section class="tray-recall" aria-labelledby="tray-recall-title">
                <h2 id="tray-recall-title">"Recent"</h2>
                <ul class="tray-chips">
                    <For each=move || recent.get() key=|e| e.clone() let(expr)>
                        <li>
                            <button
                                type="button"
                                class="recall-chip"
                                data-expr=expr.clone()
                                on:click={
                                    let expr = expr.clone();
                                    move |_| on_pick.run(expr.clone())
                                }
                            >
                                {expr.clone()}
                            </button>
                        </li>
                    </For>
                </ul>
            </section>
        </Show>
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn entry(expr: &str) -> HistoryEntry {
        HistoryEntry {
            id: expr.into(),
            at: 0.0,
            character: None,
            source: RollSource::Notation { expr: expr.into(), version: 2 },
            seed: 1,
            outcome: "total".into(),
            events: vec![],
            total: 0.0,
            dice: vec![],
            text: String::new(),
            saving: Default::default(),
        }
    }

    #[test]
    fn recent_is_distinct_and_newest_first() {
        let h: Vec<_> = ["d20", "2d6", "d20", "4d6kh3"].into_iter().map(entry).collect();
        assert_eq!(recent_expressions(&h, 20), ["4d6kh3", "d20", "2d6"]);
        assert_eq!(recent_expressions(&h, 2), ["4d6kh3", "d20"]);
        assert!(recent_expressions(&[], 20).is_empty());
    }

    #[test]
    fn arrows_step_through_and_back_to_the_draft() {
        assert_eq!(step(None, true, 3), Some(0));
        assert_eq!(step(Some(0), true, 3), Some(1));
        assert_eq!(step(Some(2), true, 3), Some(2));
        assert_eq!(step(Some(1), false, 3), Some(0));
        assert_eq!(step(Some(0), false, 3), None);
        assert_eq!(step(None, false, 3), None);
        assert_eq!(step(None, true, 0), None);
    }
}
