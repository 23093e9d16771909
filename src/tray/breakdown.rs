//! A roll's breakdown: the total, large; each dice group with its dice (kept, dropped, exploded, rerolled and
//! counted dice drawn differently by [`DiceRow`]) and its subtotal; the labelled parts; the comment; and the
//! plain-text rendering the history keeps.

use crate::widgets::big_result::{BigText, ShowBig};
use crate::widgets::dice::DiceRow;
use crate::widgets::landing::LandingDice;
use crate::widgets::rehearsal::{rehearse, Part, SEED};
use dicetray_rules::dice::value::value_text;
use dicetray_rules::dice::{parse, ExprRoll, GroupRoll};
use leptos::prelude::*;

/// A group's subtotal in words: `= 14`, or `3 successes` for a success count.
pub fn subtotal_text(g: &GroupRoll) -> String {
    if g.successes {
        let n = g.subtotal;
        format!("{n} success{}", if n.abs() == 1 { "" } else { "es" })
    } else {
        format!("= {}", g.subtotal)
    }
}

/// The rolled expression without its comment (the comment is shown on its own line).
pub fn expr_without_comment(r: &ExprRoll) -> &str {
    r.comment
        .as_deref()
        .and_then(|c| r.expr.strip_suffix(c))
        .and_then(|e| e.trim_end().strip_suffix('#'))
        .map_or(r.expr.as_str(), str::trim_end)
}

/// The last roll, or nothing before the first.
#[component]
pub fn Breakdown(
    #[prop(into)] roll: Signal<Option<ExprRoll>>,
    /// How many rolls the Tray has made (the latest one's number, so two equal results in a row look different).
    #[prop(into)]
    count: Signal<u32>,
) -> impl IntoView {
    move || {
        roll.get().map(|r| {
            let groups = r
                .groups
                .iter()
                .map(|g| {
                    view! {
                        <li class="tray-group">
                            <div class="tray-group-head">
                                <code class="tray-group-notation">{g.notation.clone()}</code>
                                <span class="tray-subtotal">{subtotal_text(g)}</span>
                            </div>
                            <DiceRow dice=Signal::stored(g.dice.clone()) />
                        </li>
                    }
                })
                .collect_view();
            let labels = (!r.labels.is_empty()).then(|| {
                view! {
                    <dl class="tray-labels">
                        {r
                            .labels
                            .iter()
                            .map(|l| {
                                view! {
                                    <div>
                                        <dt>{l.label.clone()}</dt>
                                        <dd>{dicetray_rules::dice::value::value_text(l.value)}</dd>
                                    </div>
                                }
                            })
                            .collect_view()}
                    </dl>
                }
            });
            let comment = r.comment.clone().map(|c| view! { <p class="tray-comment">{c}</p> });
            view! {
                <section class="tray-result" aria-labelledby="tray-result-title">
                    <h2 id="tray-result-title" class="tray-result-head">
                        <span class="tray-roll-n">{format!("#{}", count.get_untracked())}</span>
                        <code class="tray-result-expr">{expr_without_comment(&r).to_string()}</code>
                        <output class="tray-total" for="tray-expr">{value_text(r.total)}</output>
                    </h2>
                    <LandingDice dice=r.groups.iter().flat_map(|g| g.dice.iter().cloned()).collect() />
                    <div class="tray-show">
                        <ShowBig id="big-tray" text=BigText {
                            mark: "",
                            outcome: expr_without_comment(&r).to_string(),
                            tone: "none",
                            label: "Total",
                            total: value_text(r.total),
                        } />
                    </div>
                    {comment}
                    <ul class="tray-groups">{groups}</ul>
                    {labels}
                    <pre class="tray-text">{r.text.clone()}</pre>
                </section>
            }
        })
    }
}

/// What the Tray's rehearsal rolls when the box holds nothing it can roll: what is rolled matters little, as the
/// first compiles and layout are the same for every breakdown.
const STAND_IN: &str = "4d6kh3";

/// Rehearse the Tray's first roll (`widgets::rehearsal`): what `text` reads as (or [`STAND_IN`] when it cannot
/// roll) rolled with the rehearsal's seed, its breakdown built, laid out hidden in the Tray and taken away before
/// the first tap. `last` is the Tray's latest roll: once there is one, there is nothing left to rehearse.
pub fn rehearse_breakdown(text: RwSignal<String>, last: RwSignal<Option<ExprRoll>>) {
    let unrolled = move || last.try_with_untracked(Option::is_none) == Some(true);
    let parts = move || {
        let typed = text.try_with_untracked(|t| parse(t).ok()).flatten().and_then(|e| e.roll(SEED).ok());
        let roll = typed.or_else(|| parse(STAND_IN).ok()?.roll(SEED).ok())?;
        let breakdown =
            move || view! { <Breakdown roll=Signal::stored(Some(roll)) count=Signal::stored(0) /> }.into_any();
        Some(vec![Part::new("", breakdown)])
    };
    rehearse("tray", ".tray-main".to_string(), unrolled, parts);
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn subtotals_read_as_sums_or_counts() {
        let r = parse("4d6kh3").unwrap().roll(7).unwrap();
        assert_eq!(subtotal_text(&r.groups[0]), format!("= {}", dicetray_rules::dice::value::value_text(r.total)));
        let r = parse("8d6>=4").unwrap().roll(7).unwrap();
        assert!(subtotal_text(&r.groups[0]).contains("success"));
    }

    #[test]
    fn the_heading_leaves_the_comment_out() {
        let r = parse("d20+5 [hit] # attack roll").unwrap().roll(1).unwrap();
        assert_eq!(expr_without_comment(&r), parse("d20+5 [hit]").unwrap().to_string());
        let r = parse("2d6").unwrap().roll(1).unwrap();
        assert_eq!(expr_without_comment(&r), "2d6");
    }
}
