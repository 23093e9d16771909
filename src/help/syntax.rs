//! Help's notation reference folded into the Tray: every construct of the notation with an example, under a
//! summary. The rows are the reference's own (`super::notation::GROUPS`), so the two never disagree; tapping an
//! example hands it to the Tray (`on_pick`), which puts it in the notation box.

use super::notation::{examples, GROUPS, ORDER};
use super::rich;
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
