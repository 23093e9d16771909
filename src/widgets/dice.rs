//! Dice drawn as dice: one tile per [`DieRoll`], with kept, dropped, exploded, maxed, rerolled and counted dice
//! visibly different, in shape and text as well as colour (never colour alone).

use dicetray_rules::die::{DieKind, DieRoll};
use leptos::prelude::*;

/// What a die's state says in words (for its tooltip and screen readers).
pub fn die_description(d: &DieRoll) -> String {
    let mut parts = vec![format!("{} showing {}", d.kind.name(), d.face)];
    if d.value != d.face {
        parts.push(format!("counts {}", d.value));
    }
    if let Some(role) = &d.role {
        parts.push(role.replace('_', " "));
    }
    if !d.kept {
        parts.push("dropped".into());
    }
    if d.maxed {
        parts.push("maximum".into());
    }
    if d.exploded {
        parts.push("exploded".into());
    }
    if d.from_explosion {
        parts.push("from an explosion".into());
    }
    if d.penetrated {
        parts.push("penetrating, minus 1".into());
    }
    if !d.compounded.is_empty() {
        parts.push(format!("compounded with {:?}", d.compounded));
    }
    if !d.rerolled.is_empty() {
        parts.push(format!("rerolled from {:?}", d.rerolled));
    }
    match d.count {
        1 => parts.push("success".into()),
        -1 => parts.push("failure".into()),
        _ => {}
    }
    parts.join(", ")
}

/// The face as the dice list shows it (a Fudge die: +, − or 0).
pub fn face_text(d: &DieRoll) -> String {
    match d.kind {
        DieKind::Fudge | DieKind::FudgeOne => match d.face {
            1 => "+".into(),
            -1 => "−".into(),
            _ => "0".into(),
        },
        DieKind::Standard(_) => d.face.to_string(),
    }
}

/// A row of dice.
#[component]
pub fn DiceRow(#[prop(into)] dice: Signal<Vec<DieRoll>>) -> impl IntoView {
    view! {
        <ul class="dice-row" aria-label="Dice">
            {move || {
                dice.get()
                    .into_iter()
                    .map(|d| {
                        let mut class = String::from("die");
                        for (on, name) in [
                            (!d.kept, " dropped"),
                            (d.maxed, " maxed"),
                            (d.exploded, " exploded"),
                            (d.from_explosion, " from-explosion"),
                            (!d.rerolled.is_empty(), " rerolled"),
                            (d.count > 0, " success"),
                            (d.count < 0, " failure"),
                        ] {
                            if on {
                                class.push_str(name);
                            }
                        }
                        let label = die_description(&d);
                        let marks = format!(
                            "{}{}{}",
                            if d.exploded { "!" } else { "" },
                            if d.rerolled.is_empty() { "" } else { "↻" },
                            if d.kept { "" } else { "✕" },
                        );
                        view! {
                            <li class=class title=label.clone() aria-label=label data-sides=d.kind.name()>
                                <span class="die-face">{face_text(&d)}</span>
                                <span class="die-kind" aria-hidden="true">{d.kind.name()}</span>
                                {(!marks.is_empty()).then(|| view! { <span class="die-marks" aria-hidden="true">{marks}</span> })}
                            </li>
                        }
                    })
                    .collect_view()
            }}
        </ul>
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_dropped_rerolled_die_says_so_in_words() {
        let mut d = DieRoll::new(DieKind::Standard(6), 6);
        d.kept = false;
        d.rerolled = vec![1];
        let text = die_description(&d);
        assert!(text.starts_with("d6 showing 6"), "{text}");
        assert!(text.contains("dropped") && text.contains("maximum") && text.contains("rerolled from [1]"), "{text}");
        assert_eq!(face_text(&DieRoll::new(DieKind::Fudge, -1)), "−");
    }
}
