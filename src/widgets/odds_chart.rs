//! The exact odds of every outcome as a bar chart with percentages: the bar's length and the printed
//! percentage carry the number, the label names the outcome (never colour alone).

use dicetray_rules::systems::Chance;
use leptos::prelude::*;

/// A probability as players read it: `37.5%`, `0.04%`, `<0.01%`, `100%`.
pub fn percent(p: f64) -> String {
    let pct = p * 100.0;
    if p <= 0.0 {
        "0%".into()
    } else if pct < 0.01 {
        "<0.01%".into()
    } else if pct >= 99.995 && p < 1.0 {
        ">99.99%".into()
    } else if pct < 1.0 {
        format!("{pct:.2}%")
    } else {
        let s = format!("{pct:.1}%");
        s.replace(".0%", "%")
    }
}

/// One bar per chance, labelled with `label(name)`.
#[component]
pub fn OddsChart(
    #[prop(into)] chances: Signal<Vec<Chance>>,
    /// Turns an outcome/event name into words.
    label: fn(&str) -> String,
    #[prop(into)] caption: String,
) -> impl IntoView {
    view! {
        <figure class="odds-chart">
            <figcaption>{caption}</figcaption>
            <dl>
                {move || {
                    chances
                        .get()
                        .into_iter()
                        .map(|c| {
                            let width = format!("{:.3}%", (c.p * 100.0).clamp(0.0, 100.0));
                            view! {
                                <div class="odds-row" data-outcome=c.name.clone() data-p=c.p.to_string()>
                                    <dt>{label(&c.name)}</dt>
                                    <dd>
                                        <span class="odds-bar" style:width=width aria-hidden="true"></span>
                                        <span class="odds-pct">{percent(c.p)}</span>
                                    </dd>
                                </div>
                            }
                        })
                        .collect_view()
                }}
            </dl>
        </figure>
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn percentages_read_naturally() {
        assert_eq!(percent(0.375), "37.5%");
        assert_eq!(percent(0.5), "50%");
        assert_eq!(percent(1.0), "100%");
        assert_eq!(percent(0.0), "0%");
        assert_eq!(percent(0.0004), "0.04%");
        assert_eq!(percent(1e-7), "<0.01%");
        assert_eq!(percent(0.99999), ">99.99%");
    }
}
