//! The Help screen's content: each system's rules in our own words, the project's rulings (from the rules texts the
//! project keeps beside its code, `shared/rules/README.md`), the notation reference and a note on the odds.
//!
//! Sections and outcomes have stable anchors so other screens can link to them:
//! a section is `#/help/<system id>` (element id `help-<system id>`), an outcome is
//! `#/help/<system id>-<outcome>` (element id `help-<system id>-<outcome>`), with the system ids of
//! `dicetray_rules::systems::SYSTEMS` and the outcome names the rules crate uses (`legendary`, `harsh_failure`, ...).
//!
//! Text is kept as data (`&'static str`) wherever it can be: a pair of backticks in it marks a `code` span
//! ([`spans`]), so the views stay small and nothing is ever set as raw HTML.

use leptos::prelude::*;

pub mod hack_and_slash;
pub mod notation;
pub mod remedy;
pub mod ruina_imperii;
pub mod syntax;
pub mod total_effect;
pub mod twenty_four;

/// Called by `dicetray_rules::for_each_system!` with the list of systems: each system's Help section
/// (`help::<module>::section`, its outcomes and rulings), in the list's order.
macro_rules! system_sections {
    ($($variant:ident($module:ident) $id:tt),* $(,)?) => {
        /// Every system's Help section, in the order the app lists the systems.
        pub fn system_sections() -> Vec<AnyView> {
            vec![$($module::section()),*]
        }

        /// The outcomes explained and the rulings of the system `id`, if there is one.
        #[cfg(test)]
        pub fn system_content(id: &str) -> Option<(&'static [Outcome], &'static [&'static str])> {
            match id {
                $($id => Some(($module::OUTCOMES, $module::RULINGS)),)*
                _ => None,
            }
        }
    };
}

dicetray_rules::for_each_system!(system_sections);

/// The Help screen's sections in page order: (slug, table-of-contents label), the systems' first. The element id
/// is `help-<slug>`.
pub fn sections() -> impl Iterator<Item = (&'static str, &'static str)> {
    let systems = dicetray_rules::systems::SYSTEMS.iter().map(|s| (s.id, s.name));
    systems.chain([("notation", "Dice notation"), ("odds", "About the odds")])
}

/// The element id of a Help anchor (`remedy` -> `help-remedy`, `remedy-triumph` -> `help-remedy-triumph`).
pub fn anchor_id(slug: &str) -> String {
    format!("help-{slug}")
}

/// The link to a Help anchor (`remedy` -> `#/help/remedy`).
pub fn help_href(slug: &str) -> String {
    format!("#/help/{slug}")
}

/// The link to one outcome's explanation, e.g. `outcome_href("24-system", "legendary")` -> `#/help/24-system-legendary`.
pub fn outcome_href(system_id: &str, outcome: &str) -> String {
    help_href(&format!("{system_id}-{outcome}"))
}

/// The Help anchor a URL fragment names: `#/help/remedy` -> `Some("remedy")`; `#/help`, `#/roll/x` -> None.
pub fn slug_from_hash(hash: &str) -> Option<&str> {
    let path = hash.trim_start_matches('#').trim_start_matches('/');
    let path = path.split('?').next().unwrap_or("");
    let rest = path.strip_prefix("help/")?;
    let slug = rest.trim_matches('/');
    (!slug.is_empty()).then_some(slug)
}

/// Splits text at backticks: `(is_code, part)` pairs, empty parts left out.
pub fn spans(text: &str) -> Vec<(bool, &str)> {
    text.split('`').enumerate().filter(|(_, part)| !part.is_empty()).map(|(i, part)| (i % 2 == 1, part)).collect()
}

/// Text with `code` spans.
pub fn rich(text: &'static str) -> impl IntoView {
    spans(text)
        .into_iter()
        .map(|(code, part)| if code { view! { <code>{part}</code> }.into_any() } else { part.into_any() })
        .collect_view()
}

/// A bulleted list of rich texts.
pub fn bullets(items: &'static [&'static str]) -> impl IntoView {
    view! { <ul class="help-list">{items.iter().map(|t| view! { <li>{rich(t)}</li> }).collect_view()}</ul> }
}

/// A numbered list of rich texts.
pub fn steps(items: &'static [&'static str]) -> impl IntoView {
    view! { <ol class="help-list">{items.iter().map(|t| view! { <li>{rich(t)}</li> }).collect_view()}</ol> }
}

/// Paragraphs of rich text.
pub fn paras(items: &'static [&'static str]) -> impl IntoView {
    items.iter().map(|t| view! { <p>{rich(t)}</p> }).collect_view()
}

/// A small table; cells are rich texts. It scrolls sideways inside its own box if a phone is too narrow.
pub fn table(
    caption: &'static str,
    head: &'static [&'static str],
    rows: &'static [&'static [&'static str]],
) -> impl IntoView {
    view! {
        // Focusable, so a keyboard can scroll it when it is wider than the screen.
        <div class="help-table-wrap" tabindex="0">
            <table class="help-table">
                <caption>{caption}</caption>
                <thead>
                    <tr>{head.iter().map(|h| view! { <th scope="col">{*h}</th> }).collect_view()}</tr>
                </thead>
                <tbody>
                    {rows
                        .iter()
                        .map(|row| view! { <tr>{row.iter().map(|c| view! { <td>{rich(c)}</td> }).collect_view()}</tr> })
                        .collect_view()}
                </tbody>
            </table>
        </div>
    }
}

/// One outcome (or extra event) a system reports, explained for the table.
pub struct Outcome {
    /// The rules crate's name, e.g. `legendary`.
    pub id: &'static str,
    /// The name players use, e.g. "Legendary Success (24 or more)".
    pub name: &'static str,
    /// What it means at the table.
    pub meaning: &'static str,
}

/// The outcomes of `system_id`, each with its anchor (`help-<system>-<outcome>`) and a permalink.
pub fn outcomes(system_id: &'static str, items: &'static [Outcome]) -> impl IntoView {
    view! {
        <dl class="help-outcomes">
            {items
                .iter()
                .map(|o| {
                    let slug = format!("{system_id}-{}", o.id);
                    view! {
                        <div class="help-outcome">
                            <dt id=anchor_id(&slug) tabindex="-1" data-outcome=o.id>
                                {o.name}
                                " "
                                <a class="help-permalink" href=outcome_href(system_id, o.id) aria-label=format!("Link to {}", o.name)>
                                    "#"
                                </a>
                            </dt>
                            <dd>{rich(o.meaning)}</dd>
                        </div>
                    }
                })
                .collect_view()}
        </dl>
    }
}

/// The clearly marked list of the project's rulings for one system.
pub fn rulings(system_id: &'static str, items: &'static [&'static str]) -> impl IntoView {
    let heading = anchor_id(&format!("{system_id}-rulings"));
    // Each system's rulings are a landmark of their own, named apart (the heading is the same for all).
    let name = dicetray_rules::systems::system(system_id).map_or(system_id, |s| s.name);
    view! {
        <aside class="rulings" aria-label=format!("How dicetray rules on the {name}")>
            <h3 id=heading>
                <span class="rulings-mark" aria-hidden="true">"⚖ "</span>
                "How dicetray rules on this"
            </h3>
            <p class="rulings-note">
                "Where the text is unclear, this is what the app does. A “table option” is a setting; the first reading is the default."
            </p>
            <ul class="help-list">{items.iter().map(|t| view! { <li>{rich(t)}</li> }).collect_view()}</ul>
        </aside>
    }
}

/// A Help section: a titled `<section>` with the anchor `help-<slug>`.
#[component]
pub fn HelpSection(
    slug: &'static str,
    title: &'static str,
    /// Who wrote the rules, or what they are called (shown under the title).
    #[prop(optional)]
    byline: &'static str,
    children: Children,
) -> impl IntoView {
    let heading = anchor_id(&format!("{slug}-title"));
    let labelled_by = heading.clone();
    view! {
        <section id=anchor_id(slug) class="help-section" tabindex="-1" aria-labelledby=labelled_by>
            <h2 id=heading>{title}</h2>
            {(!byline.is_empty()).then(|| view! { <p class="help-byline">{byline}</p> })}
            {children()}
        </section>
    }
}

/// "About the odds".
#[component]
pub fn OddsHelp() -> impl IntoView {
    view! {
        <HelpSection slug="odds" title="About the odds">
            {paras(
                &[
                    "The odds dicetray shows before you roll are exact: they are computed from the dice themselves, outcome by outcome, not estimated by simulating many rolls. Run the same question twice and you get the same numbers.",
                    "Exploding dice are the one place where “exact” needs a footnote, because an explosion can in principle go on forever. dicetray follows explosion chains until less than one in a trillion (10⁻¹²) of the probability is left unaccounted for, stops there, and reports that leftover next to the odds instead of hiding it. In practice it is far too small to change any percentage you will see.",
                ],
            )}
        </HelpSection>
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use dicetray_rules::systems::SYSTEMS;

    #[test]
    fn fragments_name_help_anchors() {
        assert_eq!(slug_from_hash("#/help/remedy"), Some("remedy"));
        assert_eq!(slug_from_hash("#help/24-system-legendary"), Some("24-system-legendary"));
        assert_eq!(slug_from_hash("#/help/notation?x=1"), Some("notation"));
        assert_eq!(slug_from_hash("#/help/odds/"), Some("odds"));
        assert_eq!(slug_from_hash("#/help"), None);
        assert_eq!(slug_from_hash("#/help/"), None);
        assert_eq!(slug_from_hash("#/roll/remedy"), None);
        assert_eq!(slug_from_hash(""), None);
    }

    #[test]
    fn links_and_anchors_agree() {
        assert_eq!(outcome_href("24-system", "legendary"), "#/help/24-system-legendary");
        assert_eq!(anchor_id("24-system-legendary"), "help-24-system-legendary");
        let href = outcome_href("remedy", "triumph");
        assert_eq!(anchor_id(slug_from_hash(&href).unwrap()), "help-remedy-triumph");
    }

    #[test]
    fn every_system_has_a_section_in_the_app_order() {
        let sections: Vec<_> = sections().collect();
        assert_eq!(sections.len(), SYSTEMS.len() + 2);
        for (section, system) in sections.iter().zip(SYSTEMS) {
            assert_eq!(*section, (system.id, system.name));
            assert!(system_content(system.id).is_some(), "{} has no Help content", system.id);
        }
        assert_eq!(sections[SYSTEMS.len()..], [("notation", "Dice notation"), ("odds", "About the odds")]);
        assert!(system_content("notation").is_none());
    }

    #[test]
    fn backticks_mark_code() {
        assert_eq!(spans("roll `2d6` now"), vec![(false, "roll "), (true, "2d6"), (false, " now")]);
        assert_eq!(spans("`d%`"), vec![(true, "d%")]);
        assert_eq!(spans("plain"), vec![(false, "plain")]);
    }

    /// Every outcome of the README's table, by system, with its anchor.
    const README_OUTCOMES: [(&str, &[&str]); 5] = [
        ("24-system", &["legendary", "success", "miss", "partial_critical"]),
        ("remedy", &["triumph", "success", "failure", "disaster"]),
        ("total-effect", &["hard_choice", "success_with_twist", "clean_success"]),
        ("ruina-imperii", &["critical_success", "success", "failure", "harsh_failure"]),
        ("hack-and-slash", &["full_success", "half_success", "failure"]),
    ];

    fn content(id: &str) -> (&'static [Outcome], &'static [&'static str]) {
        system_content(id).unwrap_or_else(|| panic!("no help for {id}"))
    }

    #[test]
    fn every_outcome_of_the_rules_has_an_explanation() {
        for (system, names) in README_OUTCOMES {
            let (outcomes, rulings) = content(system);
            let ids: Vec<_> = outcomes.iter().map(|o| o.id).collect();
            assert_eq!(ids, names, "{system}");
            assert!(outcomes.iter().all(|o| !o.name.is_empty() && !o.meaning.is_empty()));
            assert!(!rulings.is_empty(), "{system} has no rulings");
        }
    }

    #[test]
    fn code_spans_are_balanced_everywhere() {
        let mut texts: Vec<&str> = Vec::new();
        for (system, _) in README_OUTCOMES {
            let (outcomes, rulings) = content(system);
            texts.extend(outcomes.iter().map(|o| o.meaning));
            texts.extend(rulings.iter().copied());
        }
        texts.extend(notation::all_text());
        for text in texts {
            assert_eq!(text.matches('`').count() % 2, 0, "unbalanced backticks in {text:?}");
        }
    }
}
