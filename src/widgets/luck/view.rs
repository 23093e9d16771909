//! The luck report's view, in the `luck` chunk: one section per report with its summary, histogram (bars, and the
//! same counts as a table for screen readers), luckiest and unluckiest rolls, and the rolls not computed.

use super::report::{chance_words, extremes, lucks, percentile, reports, rolls_words, Shown};
use super::{Per, Rolls, Scope};
use dicetray_rules::decimal::fixed;
use dicetray_saved::luck::{Dists, BINS};
use leptos::prelude::*;

#[component]
pub fn Reports(rolls: Rolls, per: Per, scope: Scope, note: &'static str) -> impl IntoView {
    // Distributions are kept between repaints: a new roll computes only its own request's.
    let dists = StoredValue::new_local(Dists::default());
    let shown = Memo::new(move |_| {
        let r = rolls();
        let l = dists.try_update_value(|d| lucks(&r, d)).unwrap_or_default();
        reports(&r, &l, per, &scope())
    });
    view! {
        <div class="luck-report">
            <p class="hint">
                "A roll's luck is where its result falls among everything its dice could give, by the exact odds: "
                "the 50th percentile is the middle, and fair dice average 50. " {note}
            </p>
            {move || {
                let all = shown.get();
                if all.is_empty() {
                    return view! { <p class="luck-none">"No rolls to report yet."</p> }.into_any();
                }
                all.into_iter().map(|s| view! { <Report s /> }).collect_view().into_any()
            }}
        </div>
    }
}

#[component]
fn Report(s: Shown) -> impl IntoView {
    let Shown { heading, luck, luckiest, unluckiest, skipped } = s;
    let report = luck.report;
    let summary = match (report.mean, report.p_value) {
        (Some(mean), Some(p)) => {
            format!("{}: mean luck {}; {}.", rolls_words(report.rolls), percentile(mean), chance_words(p))
        }
        _ => "No roll with exact odds to report.".to_string(),
    };
    let count = skipped.len();
    view! {
        <section
            class="luck-roller"
            data-roller=luck.roller
            data-rolls=report.rolls
            data-mean=report.mean.map(|m| fixed(m, 15))
            data-p=report.p_value.map(|p| fixed(p, 15))
        >
            <h3>{heading}</h3>
            <p class="luck-summary">{summary}</p>
            <Histogram bars=luck.histogram />
            <ul class="luck-extremes">
                {extremes(luckiest, unluckiest)
                    .into_iter()
                    .map(|(what, class, (name, l))| {
                        view! { <li class=class>{format!("{what} ({}): {name}", percentile(l))}</li> }
                    })
                    .collect_view()}
            </ul>
            {(count > 0)
                .then(|| {
                    view! {
                        <div class="luck-skipped" data-n=count>
                            <p>{format!("{} not computed:", rolls_words(count))}</p>
                            <ul>
                                {skipped
                                    .into_iter()
                                    .map(|(name, why)| view! { <li>{format!("{name}: {why}")}</li> })
                                    .collect_view()}
                            </ul>
                        </div>
                    }
                })}
        </section>
    }
}

/// Ten bars, one per tenth of the percentiles, drawn for the eye; the table under them says the same for screen
/// readers.
#[component]
fn Histogram(bars: [usize; BINS]) -> impl IntoView {
    let top = bars.iter().copied().max().unwrap_or(0).max(1);
    let range = |k: usize| format!("{}–{}", k * 100 / BINS, (k + 1) * 100 / BINS);
    view! {
        <figure class="luck-histogram">
            <figcaption>"Rolls by percentile, 0 to 100 (fair dice fill the bars about evenly)"</figcaption>
            <ol class="luck-bins" aria-hidden="true">
                {bars
                    .iter()
                    .enumerate()
                    .map(|(k, &n)| {
                        view! {
                            <li class="luck-bin" data-n=n title=format!("{}: {}", range(k), rolls_words(n))>
                                <span class="luck-fill" style:height=format!("{}%", fixed(n as f64 / top as f64 * 100.0, 1))></span>
                            </li>
                        }
                    })
                    .collect_view()}
            </ol>
            <table class="sr-only">
                <thead>
                    <tr><th scope="col">"Percentile"</th><th scope="col">"Rolls"</th></tr>
                </thead>
                <tbody>
                    {bars
                        .iter()
                        .enumerate()
                        .map(|(k, &n)| view! { <tr><th scope="row">{range(k)}</th><td>{n}</td></tr> })
                        .collect_view()}
                </tbody>
            </table>
        </figure>
    }
}
