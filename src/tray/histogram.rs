//! The exact odds of the typed expression as a column chart: one bar per total (for whole totals, every one from
//! the least to the greatest), or, when there are more than [`MAX_BARS`], bars over equal ranges of totals. Each
//! bar carries `data-value` (or `data-lo` / `data-hi` for a range; a fraction as `7/2`) and its exact probability
//! in `data-p`, and says both in words for screen readers (a fraction as a decimal).

use crate::widgets::odds_chart::{one_in, percent};
use dicetray_rules::dice::value::{int, value_text};
use dicetray_rules::dice::{Odds, Value};
use dicetray_rules::dist::Dist;
use leptos::prelude::*;

/// Most bars before totals are grouped into ranges.
pub const MAX_BARS: usize = 60;
/// Number of ranges when grouping.
const BINS: usize = 40;

/// One bar: the totals `lo..=hi` and their probability.
#[derive(Clone, Debug, PartialEq)]
pub struct Bar {
    pub lo: Value,
    pub hi: Value,
    pub p: f64,
}

/// What the chart shows of a distribution.
#[derive(Clone, Debug, PartialEq)]
pub struct Histogram {
    pub bars: Vec<Bar>,
    pub min: Value,
    pub max: Value,
    pub mean: f64,
    pub stddev: f64,
    /// True if bars cover ranges of totals.
    pub binned: bool,
    pub truncated_mass: f64,
}

/// The bars of `d`: for whole totals every total from min to max (zeros included), else every total there is;
/// ranges when there are too many.
pub fn histogram(d: &Odds) -> Option<Histogram> {
    let (min, max) = (d.min()?, d.max()?);
    let (bars, binned) = match d.whole() {
        Some(w) => whole_bars(w),
        None => fraction_bars(d),
    };
    Some(Histogram { bars, min, max, mean: d.mean(), stddev: d.stddev(), binned, truncated_mass: d.truncated_mass() })
}

fn whole_bars(d: &Dist) -> (Vec<Bar>, bool) {
    let (Some(min), Some(max)) = (d.min(), d.max()) else { return (Vec::new(), false) };
    let len = d.support_len();
    if len <= MAX_BARS {
        return ((min..=max).map(|v| Bar { lo: int(v), hi: int(v), p: d.p(v) }).collect(), false);
    }
    let width = len.div_ceil(BINS) as i64;
    let mut bars = Vec::new();
    let mut lo = min;
    while lo <= max {
        let hi = (lo + width - 1).min(max);
        bars.push(Bar { lo: int(lo), hi: int(hi), p: (lo..=hi).map(|v| d.p(v)).sum() });
        lo = hi + 1;
    }
    (bars, true)
}

/// Totals that are not all whole: a bar per total, or [`BINS`] equal ranges holding the totals in them.
fn fraction_bars(d: &Odds) -> (Vec<Bar>, bool) {
    let values: Vec<(Value, f64)> = d.iter().collect();
    if values.len() <= MAX_BARS {
        return (values.into_iter().map(|(v, p)| Bar { lo: v, hi: v, p }).collect(), false);
    }
    let (min, max) = (values[0].0, values[values.len() - 1].0);
    let to_f = |v: Value| *v.numer() as f64 / *v.denom() as f64;
    let width = (to_f(max) - to_f(min)) / BINS as f64;
    let mut bars: Vec<(usize, Bar)> = Vec::new();
    for (v, p) in values {
        let bin = (((to_f(v) - to_f(min)) / width) as usize).min(BINS - 1);
        match bars.last_mut() {
            Some((b, bar)) if *b == bin => {
                bar.hi = v;
                bar.p += p;
            }
            _ => bars.push((bin, Bar { lo: v, hi: v, p })),
        }
    }
    let bars = bars.into_iter().map(|(_, b)| b).collect();
    (bars, true)
}

fn range_text(b: &Bar) -> String {
    if b.lo == b.hi {
        value_text(b.lo)
    } else {
        format!("{}–{}", value_text(b.lo), value_text(b.hi))
    }
}

/// How often a label is printed under the bars so labels do not collide.
fn label_every(n: usize) -> usize {
    match n {
        0..=13 => 1,
        14..=26 => 2,
        27..=40 => 4,
        _ => 5,
    }
}

/// The chart of `hist`; `rolled` highlights the bar holding the last roll's total.
#[component]
pub fn OddsHistogram(
    #[prop(into)] hist: Signal<Option<Histogram>>,
    #[prop(into)] rolled: Signal<Option<Value>>,
) -> impl IntoView {
    move || {
        hist.get().map(|h| {
            let top = h.bars.iter().map(|b| b.p).fold(0.0, f64::max).max(f64::MIN_POSITIVE);
            let every = label_every(h.bars.len());
            let bars = h
                .bars
                .iter()
                .enumerate()
                .map(|(i, b)| {
                    let height = format!("{:.3}%", b.p / top * 100.0);
                    let words = format!("{}: {}", range_text(b), percent(b.p));
                    // Every `every`-th total is labelled; min and max are in the caption whatever the step.
                    let show_label = i % every == 0;
                    let (lo, hi) = (b.lo, b.hi);
                    let is_rolled = move || rolled.get().is_some_and(|t| (lo..=hi).contains(&t));
                    view! {
                        <li
                            class="histo-bar"
                            class:rolled=is_rolled
                            data-value=(!h.binned).then(|| b.lo.to_string())
                            data-lo=h.binned.then(|| b.lo.to_string())
                            data-hi=h.binned.then(|| b.hi.to_string())
                            data-p=b.p.to_string()
                            title=words.clone()
                            aria-label=words
                        >
                            <span class="histo-fill" style:height=height></span>
                            <span class="histo-label" aria-hidden="true">
                                {show_label.then(|| range_text(b))}
                            </span>
                        </li>
                    }
                })
                .collect_view();
            let truncated = (h.truncated_mass > 0.0).then(|| {
                view! {
                    <p class="histo-truncated" data-truncated=h.truncated_mass.to_string()>
                        {format!(
                            "Exploding dice are counted until the chance of going on is negligible: {} of the probability ({}) is left out.",
                            percent(h.truncated_mass),
                            one_in(h.truncated_mass),
                        )}
                    </p>
                }
            });
            view! {
                <figure class="tray-odds">
                    <figcaption>
                        <span class="histo-title">"Exact odds"</span>
                        <span class="histo-stats">
                            <span>"range " <b class="histo-min">{value_text(h.min)}</b> "–" <b class="histo-max">{value_text(h.max)}</b></span>
                            <span>"mean " <b class="histo-mean">{format!("{:.2}", h.mean)}</b></span>
                            <span>"σ " <b class="histo-sd">{format!("{:.2}", h.stddev)}</b></span>
                        </span>
                        {h.binned.then(|| view! { <span class="histo-binned">"(totals grouped into ranges)"</span> })}
                    </figcaption>
                    <ol class="histo" class:binned=h.binned aria-label="Probability of each total">
                        {bars}
                    </ol>
                    {truncated}
                </figure>
            }
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use dicetray_rules::dice::parse;

    #[test]
    fn narrow_supports_get_a_bar_per_total() {
        let h = histogram(&parse("2d6").unwrap().odds().unwrap()).unwrap();
        assert!(!h.binned);
        assert_eq!(h.bars.len(), 11);
        assert_eq!((h.min, h.max), (int(2), int(12)));
        assert!((h.bars[5].p - 6.0 / 36.0).abs() < 1e-12);
        assert!((h.mean - 7.0).abs() < 1e-9);
    }

    #[test]
    fn gaps_are_bars_of_zero() {
        let h = histogram(&parse("d4*2").unwrap().odds().unwrap()).unwrap();
        assert_eq!(h.bars.len(), 7);
        assert_eq!(h.bars[1].p, 0.0);
    }

    #[test]
    fn wide_supports_are_binned_and_keep_their_mass() {
        let h = histogram(&parse("3d100").unwrap().odds().unwrap()).unwrap();
        assert!(h.binned);
        assert!(h.bars.len() <= BINS);
        assert_eq!(h.bars.first().unwrap().lo, int(3));
        assert_eq!(h.bars.last().unwrap().hi, int(300));
        let total: f64 = h.bars.iter().map(|b| b.p).sum();
        assert!((total - 1.0).abs() < 1e-9);
    }

    #[test]
    fn fractions_get_a_bar_each_or_ranges() {
        let h = histogram(&parse("1d6/4").unwrap().odds().unwrap()).unwrap();
        assert!(!h.binned);
        assert_eq!(h.bars.len(), 6);
        assert_eq!(range_text(&h.bars[0]), "0.25");
        assert_eq!(range_text(&h.bars[5]), "1.5");
        let h = histogram(&parse("1d100/3").unwrap().odds().unwrap()).unwrap();
        assert!(h.binned && h.bars.len() <= BINS);
        assert_eq!(h.bars[0].lo, Value::new(1, 3));
        assert!(range_text(&h.bars[0]).starts_with("≈0.33–"), "{}", range_text(&h.bars[0]));
        let total: f64 = h.bars.iter().map(|b| b.p).sum();
        assert!((total - 1.0).abs() < 1e-9);
    }

    #[test]
    fn labels_thin_out() {
        assert_eq!(label_every(11), 1);
        assert_eq!(label_every(60), 5);
    }
}
