//! Compare points in words, before rolling: which faces a compare point counts, explodes on or rerolls
//! (`10d10>7`: "counts 8, 9 and 10"). `>N` is strictly greater here, as in rpg-dice-roller and Foundry, while
//! Roll20 reads it as N or more, so a player used to Roll20 sees the difference before the dice fall. The words
//! are the rules crate's (`dice::compare_points`); this only lays them out.

use leptos::prelude::*;

/// Whether the typed text has a `>` or `<` compare point, which the note on strict comparisons is about.
pub fn has_strict_sign(text: &str) -> bool {
    text.contains(['>', '<'])
}

/// One line per dice group with compare points (its notation, then what its compare points do), and a note on
/// `>` when the text has one. Nothing when no group has a compare point.
#[component]
pub fn CompareWords(
    /// Each group's notation and its compare points' words.
    #[prop(into)]
    points: Signal<Vec<(String, Vec<String>)>>,
    #[prop(into)] text: Signal<String>,
) -> impl IntoView {
    view! {
        <div id="tray-compare" class="tray-compare" class:hidden=move || points.with(Vec::is_empty)>
            <ul class="tray-compare-list" aria-label="What the compare points do">
                {move || {
                    points
                        .get()
                        .into_iter()
                        .map(|(group, words)| {
                            view! { <li><code>{group}</code>": "{words.join("; ")}</li> }
                        })
                        .collect_view()
                }}
            </ul>
            <Show when=move || text.with(|t| has_strict_sign(t))>
                <p class="tray-compare-note">
                    <code>">"</code>" and "<code>"<"</code>" leave the number out, "<code>">="</code>" and "
                    <code>"<="</code>" take it in (Roll20 reads "<code>">"</code>" as “or more”)."
                </p>
            </Show>
        </div>
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_note_is_for_greater_and_less_signs_only() {
        assert!(has_strict_sign("10d10>7"));
        assert!(has_strict_sign("4d6ro<3"));
        assert!(!has_strict_sign("3d6!"), "an explosion on the maximum has no sign to explain");
        assert!(!has_strict_sign("4dF=-1"));
    }
}
