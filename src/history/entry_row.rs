//! One roll in the History list: when, who, the system, what was rolled, the dice, the outcome in words, the seed
//! (shortened; the full one on demand), and its actions: Replay, Share (the Web Share API where the browser has
//! it, else the roll in words and its link copied) and Copy link.

use super::{replay, text};
use crate::state::erased;
use crate::state::HistoryEntry;
use crate::widgets::dice::DiceRow;
use crate::widgets::share::{absolute_url, copy_text, share_roll, Shared};
use dicetray_rules::systems::words;
use leptos::prelude::*;
use leptos::task::spawn_local;

/// Digits of a seed shown before it is opened.
const SEED_SHOWN: usize = 6;

/// `seed` cut to its first [`SEED_SHOWN`] digits and `…`, or whole when that is no shorter.
pub fn short_seed(seed: u64) -> String {
    let full = seed.to_string();
    if full.len() <= SEED_SHOWN + 1 {
        full
    } else {
        format!("{}…", &full[..SEED_SHOWN])
    }
}

/// What a roll's Share says: who rolled what, the outcome and the total, in words.
pub fn share_words(entry: &HistoryEntry) -> String {
    format!("{} (dicetray)", roll_words(entry))
}

/// Who rolled it: the character's name, or `Ad hoc` for a roll made without one.
pub fn roller_words(entry: &HistoryEntry) -> String {
    entry.character.as_ref().map_or_else(|| "Ad hoc".to_string(), |c| c.name.clone())
}

/// Who rolled what, the outcome and the total: `Ana rolled 24-System: Success, total 18`.
pub fn roll_words(entry: &HistoryEntry) -> String {
    let who = roller_words(entry);
    let outcome = words(entry.system_id(), &entry.outcome);
    let total = text::number_words(entry.total);
    match entry.system_id() {
        "notation" => format!("{who} rolled {}: {total}", text::request_words(&entry.source)),
        _ => format!("{who} rolled {}: {outcome}, total {total}", text::system_words(entry)),
    }
}

/// What became of a Share or Copy link.
#[derive(Clone, Copy, PartialEq)]
enum Sent {
    Not,
    Shared,
    Copied,
}

#[component]
pub fn EntryRow(entry: HistoryEntry) -> impl IntoView {
    let (time, iso) = text::time_words(entry.at);
    let who = roller_words(&entry);
    let system = text::system_words(&entry);
    let request = text::request_words(&entry.source);
    let outcome = words(entry.system_id(), &entry.outcome);
    let events = entry.events.iter().map(|e| words(entry.system_id(), e)).collect::<Vec<_>>().join(", ");
    let hash = replay::replay_hash(&entry);
    let fallback = RwSignal::new(None::<String>);
    let sent = RwSignal::new(Sent::Not);
    let fallback_ref = NodeRef::<leptos::html::Input>::new();
    erased::effect(move |_| {
        if fallback.with(Option::is_some) {
            if let Some(input) = fallback_ref.get() {
                let _ = input.focus();
                input.select();
            }
        }
    });
    let url = StoredValue::new(absolute_url(&hash));
    let said = StoredValue::new(share_words(&entry));
    let copy = move |_| {
        let url = url.get_value();
        spawn_local(async move {
            if copy_text(&url).await {
                sent.set(Sent::Copied);
                fallback.set(None);
            } else {
                fallback.set(Some(url));
            }
        });
    };
    let share = move |_| {
        let (said, url) = (said.get_value(), url.get_value());
        spawn_local(async move {
            match share_roll(&said, &url).await {
                Shared::Natively => sent.set(Sent::Shared),
                Shared::Copied => {
                    sent.set(Sent::Copied);
                    fallback.set(None);
                }
                Shared::ByHand(text) => fallback.set(Some(text)),
            }
        });
    };
    let label = StoredValue::new(format!("{system} roll, {time}"));
    let share_text = move || if sent.get() == Sent::Shared { "Shared" } else { "Share" };
    let copy_text_now = move || if sent.get() == Sent::Copied { "Link copied" } else { "Copy link" };
    view! {
        <li
            class="history-entry"
            data-id=entry.id.clone()
            data-outcome=entry.outcome.clone()
            data-system=entry.system_id().to_string()
            data-seed=entry.seed.to_string()
        >
            <div class="entry-head">
                <time datetime=iso>{time}</time>
                <span class="entry-character">{who}</span>
                <span class="entry-system">{system}</span>
            </div>
            <p class="entry-request">
                <span class="entry-label">"Rolled "</span>
                <code>{request}</code>
            </p>
            <DiceRow dice=entry.dice.clone() />
            <p class=format!("entry-outcome outcome-{}", entry.outcome)>
                <span class="entry-label">"Outcome "</span>
                <strong class="entry-outcome-name">{outcome}</strong>
                <span class="entry-total">{format!(" · total {}", text::number_words(entry.total))}</span>
                {(!events.is_empty()).then(|| view! { <span class="entry-events">{format!(" · {events}")}</span> })}
            </p>
            <details class="entry-seed">
                <summary>
                    <span class="entry-label">"Seed "</span>
                    <code class="seed-short">{short_seed(entry.seed)}</code>
                </summary>
                <p>
                    "The full seed, which rebuilds this roll: " <code class="seed-full">{entry.seed.to_string()}</code>
                </p>
            </details>
            <div class="entry-actions">
                // Each accessible name starts with the button's visible words (WCAG 2.5.3, label in name).
                <a class="button replay-link" href=hash aria-label=format!("Replay the {}", label.get_value())>
                    "Replay"
                </a>
                <button type="button" class="button share-roll" aria-label=move || format!("{} the {}", share_text(), label.get_value()) on:click=share>
                    {share_text}
                </button>
                <button type="button" class="button copy-link" aria-label=move || format!("{}, to replay the {}", copy_text_now(), label.get_value()) on:click=copy>
                    {copy_text_now}
                </button>
            </div>
            {move || {
                fallback
                    .get()
                    .map(|url| {
                        view! {
                            <label class="copy-fallback">
                                <span>"Copying is not allowed here; select and copy this link:"</span>
                                <input type="text" readonly class="copy-fallback-input" value=url node_ref=fallback_ref />
                            </label>
                        }
                    })
            }}
        </li>
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::state::{CharacterRef, RollSource};

    #[test]
    fn seeds_are_shortened_only_when_that_is_shorter() {
        assert_eq!(short_seed(1234567), "1234567");
        assert_eq!(short_seed(12345678), "123456…");
        assert_eq!(short_seed(u64::MAX), "184467…");
        assert_eq!(short_seed(7), "7");
    }

    #[test]
    fn a_share_says_who_rolled_what_and_how_it_went() {
        let request =
            dicetray_rules::systems::Request::from_json(r#"{"system":"24-system","rank":3,"dc":15}"#).unwrap();
        let summary = request.roll(9).unwrap().summary();
        let who = Some(CharacterRef { id: "m".into(), name: "Mara".into() });
        let entry = HistoryEntry::rolled(
            "e".into(),
            1.0,
            who,
            RollSource::System { request },
            9,
            summary.clone(),
            String::new(),
        );
        let said = share_words(&entry);
        let outcome = words("24-system", &summary.outcome);
        assert_eq!(said, format!("Mara rolled 24-System: {outcome}, total {} (dicetray)", summary.total));
        let tray = HistoryEntry {
            character: None,
            source: RollSource::Notation { expr: "2d6".into(), version: 2 },
            total: 7.0,
            ..entry
        };
        let tray = HistoryEntry { outcome: "total".into(), ..tray };
        assert!(share_words(&tray).starts_with("Ad hoc rolled 2d6: 7"), "{}", share_words(&tray));
    }
}
