//! The exact odds of every outcome as a bar chart with percentages: the bar's length and the printed
//! percentage carry the number, the label names the outcome (never colour alone).

use dicetray_rules::decimal::{fixed, shortest};
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
        format!("{}%", fixed(pct, 2))
    } else {
        let s = fixed(pct, 1);
        format!("{}%", s.strip_suffix(".0").unwrap_or(&s))
    }
}

/// A small chance as "1 in N", N rounded to two significant figures and written out in full with thousands
/// separators (never in scientific notation): `one_in(1.0634826352884375e-12)` is "about 1 in 940,000,000,000".
pub fn one_in(p: f64) -> String {
    if p.is_nan() || p <= 0.0 {
        return "none".into();
    }
    let n = 1.0 / p;
    if n < 1.5 {
        return "about 1 in 1".into();
    }
    // Two significant figures, as a whole number (1/p of a probability is at most about 1e308: written out).
    // Written as digits and zeros: `{:.0}` would bring float formatting into the first load, and would print a
    // huge float's binary expansion (`940000000000000004...`) rather than the zeros of the rounding.
    let digits = n.log10().floor() as i32;
    let text = if digits < 1 {
        (n.round() as u64).to_string()
    } else {
        let (mut figures, mut zeros) = ((n / 10f64.powi(digits - 1)).round() as u64, (digits - 1) as usize);
        if figures >= 100 {
            (figures, zeros) = (figures / 10, zeros + 1);
        }
        format!("{figures}{}", "0".repeat(zeros))
    };
    let mut grouped = String::new();
    for (i, c) in text.chars().enumerate() {
        if i > 0 && (text.len() - i) % 3 == 0 {
            grouped.push(',');
        }
        grouped.push(c);
    }
    format!("about 1 in {grouped}")
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
                            let width = format!("{}%", fixed((c.p * 100.0).clamp(0.0, 100.0), 3));
                            view! {
                                <div class="odds-row" data-outcome=c.name.clone() data-p=shortest(c.p)>
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

    #[test]
    fn small_chances_are_written_out_never_in_scientific_notation() {
        assert_eq!(one_in(1.0634826352884375e-12), "about 1 in 940,000,000,000");
        assert_eq!(one_in(0.001), "about 1 in 1,000");
        assert_eq!(one_in(1.0 / 36.0), "about 1 in 36");
        assert_eq!(one_in(1.0 / 99.7), "about 1 in 100");
        assert_eq!(one_in(6f64.powi(-100)), format!("about 1 in 650{}", ",000".repeat(25)));
        assert_eq!(one_in(0.7), "about 1 in 1");
        assert_eq!(one_in(0.0), "none");
        for p in [1e-300, 3.3e-17, 2.5e-9, 0.0123] {
            let t = one_in(p);
            assert!(t.starts_with("about 1 in "), "{t}");
            assert!(t.chars().skip("about 1 in ".len()).all(|c| c.is_ascii_digit() || c == ','), "{t}");
        }
    }
}
