//! Notation from other rollers that the Tray does not read, and what to type instead: `d20 adv` (Roll20's and
//! Foundry's players say it this way) is `2d20kh1` here. Only suggestions the Tray itself reads are offered.

use dicetray_rules::dice::parse;
use leptos::prelude::*;

/// Endings another roller puts after the dice, and how to spell the dice before them here.
type Spelling = (&'static [&'static str], fn(&str) -> Option<String>);

/// What to type instead of `text`, if it is a spelling from another roller with an equivalent here.
pub fn suggestion(text: &str) -> Option<String> {
    let lower = text.trim().to_lowercase();
    // Chat commands (`/r 1d20+5`, `/roll 1d20+5`).
    let body = ["/roll ", "/r "].iter().find_map(|p| lower.strip_prefix(p)).unwrap_or(&lower).trim();
    let words: [Spelling; 4] = [
        (&[" with advantage", " advantage", " adv"], |base| keep_one(base, "kh1")),
        (&[" with disadvantage", " disadvantage", " dis"], |base| keep_one(base, "kl1")),
        (&[" drop lowest", " drop the lowest"], |base| Some(format!("{base}dl1"))),
        (&[" drop highest", " drop the highest"], |base| Some(format!("{base}dh1"))),
    ];
    let candidate = words
        .iter()
        .find_map(|(endings, make)| {
            endings.iter().find_map(|e| body.strip_suffix(e)).and_then(|base| make(base.trim()))
        })
        .or_else(|| keep_words(body))
        .or_else(|| (body != lower.trim()).then(|| body.to_string()))?;
    (parse(&candidate).is_ok() && candidate != text.trim()).then_some(candidate)
}

/// `d20+5` with advantage (`kh1`) or disadvantage (`kl1`): the first single d20 becomes two, keeping one.
fn keep_one(base: &str, keep: &str) -> Option<String> {
    let (dice, rest) = match base.find(['+', '-']) {
        Some(i) => base.split_at(i),
        None => (base, ""),
    };
    let sides = dice.trim().strip_prefix('1').unwrap_or(dice.trim()).strip_prefix('d')?;
    sides.parse::<u32>().ok()?;
    Some(format!("2d{sides}{keep}{}", rest.replace(' ', "")))
}

/// `4d6 keep highest 3` -> `4d6kh3`, `4d6 keep lowest 1` -> `4d6kl1`.
fn keep_words(body: &str) -> Option<String> {
    for (words, short) in [(" keep highest ", "kh"), (" keep lowest ", "kl"), (" keep the highest ", "kh")] {
        if let Some((base, n)) = body.split_once(words) {
            n.trim().parse::<u32>().ok()?;
            return Some(format!("{}{short}{}", base.trim(), n.trim()));
        }
    }
    None
}

/// "Did you mean `2d20kh1`?" under an expression the Tray cannot read, when another roller's spelling has an
/// equivalent here; "Use it" puts it in the box.
#[component]
pub fn Suggestion(
    #[prop(into)] text: Signal<String>,
    #[prop(into)] invalid: Signal<bool>,
    #[prop(into)] on_use: Callback<String>,
) -> impl IntoView {
    let suggested = Memo::new(move |_| if invalid.get() { text.with(|t| suggestion(t)) } else { None });
    move || {
        suggested.get().map(|s| {
            let pick = s.clone();
            view! {
                <p class="tray-suggestion">
                    "Other rollers write it that way; here it is "
                    <code>{s}</code>
                    ". "
                    <button type="button" class="use-suggestion" on:click=move |_| on_use.run(pick.clone())>
                        "Use it"
                    </button>
                </p>
            }
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn other_rollers_spellings_get_ours() {
        let cases = [
            ("d20 adv", "2d20kh1"),
            ("1d20 advantage", "2d20kh1"),
            ("d20+5 with advantage", "2d20kh1+5"),
            ("d20 - 1 dis", "2d20kl1-1"),
            ("1d20 disadvantage", "2d20kl1"),
            ("4d6 drop lowest", "4d6dl1"),
            ("4d6 drop highest", "4d6dh1"),
            ("4d6 keep highest 3", "4d6kh3"),
            ("/r 1d20+5", "1d20+5"),
            ("/roll d6 adv", "2d6kh1"),
        ];
        for (theirs, ours) in cases {
            assert_eq!(suggestion(theirs).as_deref(), Some(ours), "{theirs}");
        }
    }

    #[test]
    fn nothing_is_suggested_for_text_with_no_equivalent_or_already_ours() {
        for text in ["", "hello", "3d6 adv", "1d20", "4d6kh3", "d20 adv adv", "4d6 keep highest three"] {
            let s = suggestion(text);
            assert!(s.is_none() || text == "3d6 adv", "{text}: {s:?}");
        }
        assert_eq!(suggestion("3d6 adv"), None, "advantage is for a single die");
    }
}
