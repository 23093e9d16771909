//! Inline validation: a panel's request error, shown under the input it concerns, in the words of that input's label
//! (and named by its label next to the Roll button).

use dicetray_rules::systems::RequestError;
use leptos::prelude::*;

/// The panel's request error, for its fields to show under themselves, and the label of each field that said which
/// request field it fills (so the roll bar can name it in the player's words). A panel provides it before its
/// inputs are made: `provide_context(FieldCheck::new(...))`.
#[derive(Clone, Copy)]
pub struct FieldCheck {
    pub error: Signal<Option<RequestError>>,
    labels: StoredValue<Vec<(&'static str, &'static str)>>,
}

impl FieldCheck {
    pub fn new(error: Signal<Option<RequestError>>) -> Self {
        FieldCheck { error, labels: StoredValue::new(Vec::new()) }
    }

    /// The input labelled `label` fills request field `field`.
    pub fn register(&self, field: &'static str, label: &'static str) {
        self.labels.update_value(|l| l.push((field, label)));
    }

    /// The label of the input that fills request field `field`, if one said so.
    pub fn label_of(&self, field: &str) -> Option<&'static str> {
        self.labels.with_value(|l| l.iter().find(|(f, _)| *f == field).map(|(_, label)| *label))
    }
}

/// A request error in the words of the input's label: `Base DC: `1O` is not a whole number (allowed: a whole
/// number)`.
pub fn problem_words(label: &str, e: &RequestError) -> String {
    if e.allowed.is_empty() {
        format!("{label}: {}", e.problem)
    } else {
        format!("{label}: {} (allowed: {})", e.problem, e.allowed)
    }
}
