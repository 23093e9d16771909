//! The numbers a GM sets or a player adds to a request a sheet completes (`dicetray_saved::ask::AskInput`), as
//! typed: one labelled number input each, read into the request's fields.

use dicetray_rules::decimal::shortest;
use dicetray_saved::ask::{number, typed, AskInput};
use leptos::prelude::*;
use litemap::LiteMap;
use serde_json::{Map, Value};

/// The text typed into each input, by field; an input not yet touched holds its starting value.
#[derive(Clone, Copy)]
pub struct Typed(RwSignal<LiteMap<&'static str, String>>);

impl Typed {
    pub fn new() -> Typed {
        Typed(RwSignal::new(LiteMap::new()))
    }

    /// The text of `input` (its starting value until typed into).
    pub fn text(&self, input: &AskInput) -> String {
        let start = || input.start.map(|s| number(s).to_string()).unwrap_or_default();
        self.0.with(|t| t.get(input.field).cloned()).unwrap_or_else(start)
    }

    pub fn set(&self, field: &'static str, text: String) {
        self.0.update(|t| {
            t.insert(field, text);
        });
    }

    /// The request fields `inputs` give, as typed (an empty one left out); the error names the first input that
    /// is not a number in its range.
    pub fn fields(&self, inputs: &[AskInput]) -> Result<Map<String, Value>, String> {
        let mut out = Map::new();
        for input in inputs {
            if let Some(v) = typed(input, &self.text(input))? {
                out.insert(input.field.to_string(), v);
            }
        }
        Ok(out)
    }
}

/// One labelled number input per entry of `inputs`, each marked with its field (`data-field="dc"`).
#[component]
pub fn AskNumbers(inputs: &'static [AskInput], typed: Typed) -> impl IntoView {
    inputs
        .iter()
        .map(|input| {
            let field = input.field;
            view! {
                <label class="field ask-number">
                    <span>{input.label}</span>
                    <input type="number" data-field=field min=shortest(input.min) max=shortest(input.max) step=shortest(input.step)
                        prop:value=move || typed.text(input) on:input=move |ev| typed.set(field, event_target_value(&ev)) />
                </label>
            }
        })
        .collect_view()
}
