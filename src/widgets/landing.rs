//! Dice that land (issue #32): the latest roll's dice drawn as small SVG silhouettes that tumble and come to rest
//! on the faces already rolled, in the roll bar and the Tray. Pure decoration: the group is `aria-hidden`, the
//! total, outcome and announcement are written at once and never wait for it, and the accessible dice list
//! ([`super::dice::DiceRow`]) is unchanged. The tumble is CSS (`style/main.css`, `.landing-die`: transform and
//! opacity only, at most 400 ms with its stagger), off under `prefers-reduced-motion` and when the player
//! unticks "Animate dice" (`Desk::still_dice`): the dice are then drawn at rest. Only the first [`MAX_TUMBLING`]
//! dice are drawn; the rest are "+N". Only rolls already shown are drawn: a sealed table roll never reaches here.

use super::dice::face_text;
use crate::state::AppState;
use dicetray_rules::die::{DieKind, DieRoll};
use leptos::prelude::*;

/// The most dice drawn (and tumbling) for one roll; a larger pool shows the rest as "+N" (docs/limits.md).
pub const MAX_TUMBLING: usize = 12;

/// A die's silhouette in a 40 × 40 box, by kind: a square d6 (and Fudge), polygons for the rest.
fn outline(kind: DieKind) -> &'static str {
    match kind {
        DieKind::Standard(4) => "20,3 37,35 3,35",
        DieKind::Standard(8) => "20,2 38,20 20,38 2,20",
        DieKind::Standard(10 | 100) => "20,2 37,16 20,38 3,16",
        DieKind::Standard(12) => "20,2 38,15 31,37 9,37 2,15",
        DieKind::Standard(20) => "20,2 36,11 36,29 20,38 4,29 4,11",
        DieKind::Standard(6) | DieKind::Fudge | DieKind::FudgeOne => "5,5 35,5 35,35 5,35",
        DieKind::Standard(_) => "13,3 27,3 37,13 37,27 27,37 13,37 3,27 3,13",
    }
}

/// The face a landed die shows: its number, or a Fudge die's +, − or blank.
fn landed_face(d: &DieRoll) -> String {
    match d.kind {
        DieKind::Fudge | DieKind::FudgeOne if d.face == 0 => String::new(),
        _ => face_text(d),
    }
}

/// "+N" for the dice past [`MAX_TUMBLING`], if any.
pub fn more_text(count: usize) -> Option<String> {
    (count > MAX_TUMBLING).then(|| format!("+{}", count - MAX_TUMBLING))
}

/// One die at rest on its face (its place in the row staggers its tumble, `style/main.css`).
fn landing_die(d: &DieRoll) -> impl IntoView {
    let face = landed_face(d);
    let long = face.chars().count() > 2;
    view! {
        <svg
            class="landing-die"
            class:dropped=!d.kept
            viewBox="0 0 40 40"
            data-sides=d.kind.name()
            data-face=d.face.to_string()
        >
            <polygon points=outline(d.kind) />
            <text x="20" y="21" class:long=long>{face}</text>
        </svg>
    }
}

/// The dice of the roll just shown, landing (or at rest, when the player or the system asks for no motion).
#[component]
pub fn LandingDice(dice: Vec<DieRoll>) -> impl IntoView {
    let still = use_context::<AppState>().map(|s| s.desk).map(|desk| move || desk.with(|d| d.still_dice));
    let more = more_text(dice.len());
    view! {
        <div class="landing-dice" class:still=move || still.as_ref().is_some_and(|s| s()) aria-hidden="true">
            {dice.iter().take(MAX_TUMBLING).map(landing_die).collect_view()}
            {more.map(|m| view! { <span class="landing-more">{m}</span> })}
        </div>
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn each_kind_has_its_silhouette_and_fudge_lands_blank_plus_or_minus() {
        assert_ne!(outline(DieKind::Standard(6)), outline(DieKind::Standard(20)));
        assert_eq!(outline(DieKind::Standard(100)), outline(DieKind::Standard(10)));
        assert_eq!(outline(DieKind::Fudge), outline(DieKind::Standard(6)));
        let faces: Vec<String> = [-1, 0, 1].map(|f| landed_face(&DieRoll::new(DieKind::Fudge, f))).into();
        assert_eq!(faces, ["−", "", "+"]);
        assert_eq!(landed_face(&DieRoll::new(DieKind::Standard(100), 100)), "100");
    }

    /// The tumble's duration and stagger as `style/main.css` writes them keep the last drawn die within 400 ms.
    #[test]
    fn the_last_drawn_die_lands_within_400_ms() {
        let css = include_str!("../../style/main.css");
        let ms_after = |key: &str| -> u32 {
            let at = &css[css.find(key).expect(key) + key.len()..];
            at[..at.find("ms").expect("ms")].trim().parse().expect("a number of ms")
        };
        let last = format!(".landing-die:nth-child({MAX_TUMBLING}) {{ animation-delay:");
        let (duration, delay) = (ms_after("animation: die-land"), ms_after(&last));
        assert!(duration + delay <= 400, "{duration} ms, the last die {delay} ms later");
        assert!(!css.contains(&format!(":nth-child({})", MAX_TUMBLING + 1)), "a delay for a die never drawn");
    }

    #[test]
    fn a_large_pool_draws_the_first_dice_and_counts_the_rest() {
        assert_eq!(more_text(MAX_TUMBLING), None);
        assert_eq!(more_text(100).as_deref(), Some("+88"));
    }
}
