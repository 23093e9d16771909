//! The Tray's syntax help: every construct of the notation with an example, folded away under a summary. The
//! rows are Help's notation reference (`crate::help::notation::GROUPS`), so the two never disagree; tapping an
//! example puts it in the notation box.

use crate::help::notation::{examples, GROUPS, ORDER};
use crate::help::rich;
use leptos::prelude::*;

#[component]
pub fn SyntaxHelp(#[prop(into)] on_pick: Callback<String>) -> impl IntoView {
    view! {
        <details class="tray-syntax">
            <summary>"Notation help: everything you can type"</summary>
            {GROUPS
                .iter()
                .map(|g| {
                    view! {
                        <h3>{g.title}</h3>
                        <dl class="tray-syntax-list">
                            {g
                                .rows
                                .iter()
                                .map(|row| {
                                    let picks = examples(row)
                                        .into_iter()
                                        .map(|e| {
                                            view! {
                                                <button
                                                    type="button"
                                                    class="tray-syntax-example"
                                                    data-example=e
                                                    on:click=move |_| on_pick.run(e.to_string())
                                                >
                                                    <code>{e}</code>
                                                </button>
                                            }
                                        })
                                        .collect_view();
                                    view! {
                                        <dt>{rich(row[0])}</dt>
                                        <dd>{rich(row[1])} " " {picks}</dd>
                                    }
                                })
                                .collect_view()}
                        </dl>
                    }
                })
                .collect_view()}
            <p class="tray-syntax-order">{rich(ORDER)}</p>
        </details>
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn examples_split_as_typed() {
        assert_eq!(examples(&["`khN`", "keep", "`4d6kh3`, `4d6k3`"]), vec!["4d6kh3", "4d6k3"]);
        let all: Vec<&str> = GROUPS.iter().flat_map(|g| g.rows.iter().flat_map(examples)).collect();
        for needle in ["{4d6+2d8, 3d20}kh1", "4d6u", "ceil(1d10/3)", "1d6/2", "4d6min2", "1d20cs>=19", "4dF.1", "2d%"] {
            assert!(all.contains(&needle), "the syntax help has no `{needle}`");
        }
    }
}
