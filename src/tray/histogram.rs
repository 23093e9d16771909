//! The exact odds of the typed expression as a column chart: one bar per total (for whole totals, every one from
//! the least to the greatest), or, when there are more than [`MAX_BARS`], bars over equal ranges of totals; a long
//! thin tail of exploding dice is one last bar, `17+`. Each bar carries `data-value` (or `data-lo` / `data-hi` for a
//! range; a fraction as `7/2`) and its exact probability in `data-p`, and says both in words for screen readers (a
//! fraction as a decimal). Few bars carry their percentage; a tap on any bar says the chance of that total, of at
//! least it and of at most it.

use crate::widgets::odds_chart::{one_in, percent};
use dicetray_rules::decimal::{fixed, shortest};
use dicetray_rules::dice::value::{int, value_text};
use dicetray_rules::dice::{Odds, Value};
use dicetray_rules::dist::Dist;
use leptos::prelude::*;

/// Most bars before totals are grouped into ranges.
pub const MAX_BARS: usize = 60;
/// Number of ranges when grouping.
const BINS: usize = 40;
/// A tail of totals that together have less than this chance is one bar (`17+`)...
const TAIL_MASS: f64 = 0.005;
/// ...when it spans at least this many totals.
const TAIL_MIN_TOTALS: i64 = 3;
/// Most bars that carry their percentage on the chart (more would overlap on a phone).
const MAX_LABELLED_BARS: usize = 13;

/// One bar: the totals `lo..=hi` and their probability.
#[derive(Clone, Debug, PartialEq)]
pub struct Bar {
    pub lo: Value,
    pub hi: Value,
    pub p: f64,
    /// The last bar gathers a thin tail: `lo` and everything above.
    pub tail: bool,
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
        Some(w) => whole_bars(w, d.truncated_mass() > 0.0),
        None => fraction_bars(d),
    };
    Some(Histogram { bars, min, max, mean: d.mean(), stddev: d.stddev(), binned, truncated_mass: d.truncated_mass() })
}

/// The bars of whole totals; `exploding`: the odds follow explosions, whose long thin tail becomes one bar.
fn whole_bars(d: &Dist, exploding: bool) -> (Vec<Bar>, bool) {
    let (Some(min), Some(max)) = (d.min(), d.max()) else { return (Vec::new(), false) };
    let tail = if exploding { tail_start(d, min, max) } else { None };
    let last = tail.map_or(max, |t| t - 1);
    let tail_bar = tail.map(|t| Bar { lo: int(t), hi: int(max), p: (t..=max).map(|v| d.p(v)).sum(), tail: true });
    let len = (last - min + 1) as usize;
    if len <= MAX_BARS {
        let mut bars: Vec<Bar> = (min..=last).map(|v| Bar { lo: int(v), hi: int(v), p: d.p(v), tail: false }).collect();
        bars.extend(tail_bar);
        return (bars, false);
    }
    let width = len.div_ceil(BINS) as i64;
    let mut bars = Vec::new();
    let mut lo = min;
    while lo <= last {
        let hi = (lo + width - 1).min(last);
        bars.push(Bar { lo: int(lo), hi: int(hi), p: (lo..=hi).map(|v| d.p(v)).sum(), tail: false });
        lo = hi + 1;
    }
    bars.extend(tail_bar);
    (bars, true)
}

/// Where a thin upper tail starts: the least total `t` above the mode's side such that the totals `t..=max`
/// together have less than [`TAIL_MASS`] and span at least [`TAIL_MIN_TOTALS`] (None: no such tail).
fn tail_start(d: &Dist, min: i64, max: i64) -> Option<i64> {
    let mut mass = 0.0;
    let mut start = None;
    let mut v = max;
    while v > min {
        mass += d.p(v);
        if mass >= TAIL_MASS {
            break;
        }
        start = Some(v);
        v -= 1;
    }
    start.filter(|&t| max - t + 1 >= TAIL_MIN_TOTALS)
}

/// The chance of each total at least and at most `bar`'s: (P(total ≥ lo), P(total ≤ hi)).
pub fn at_least_at_most(bars: &[Bar], index: usize) -> (f64, f64) {
    let at_least = bars[index..].iter().map(|b| b.p).sum::<f64>().min(1.0);
    let at_most = bars[..=index].iter().map(|b| b.p).sum::<f64>().min(1.0);
    (at_least, at_most)
}

/// Totals that are not all whole: a bar per total, or [`BINS`] equal ranges holding the totals in them.
fn fraction_bars(d: &Odds) -> (Vec<Bar>, bool) {
    let values: Vec<(Value, f64)> = d.iter().collect();
    if values.len() <= MAX_BARS {
        return (values.into_iter().map(|(v, p)| Bar { lo: v, hi: v, p, tail: false }).collect(), false);
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
            _ => bars.push((bin, Bar { lo: v, hi: v, p, tail: false })),
        }
    }
    let bars = bars.into_iter().map(|(_, b)| b).collect();
    (bars, true)
}

fn range_text(b: &Bar) -> String {
    if b.tail {
        format!("{}+", value_text(b.lo))
    } else if b.lo == b.hi {
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
    // The bar tapped last, by its first total (kept while the chart changes; shown only if still a bar).
    let picked = RwSignal::new(None::<Value>);
    move || {
        hist.get().map(|h| {
            let top = h.bars.iter().map(|b| b.p).fold(0.0, f64::max).max(f64::MIN_POSITIVE);
            let every = label_every(h.bars.len());
            let labelled = h.bars.len() <= MAX_LABELLED_BARS;
            let bars = h
                .bars
                .iter()
                .enumerate()
                .map(|(i, b)| {
                    let height = format!("{}%", fixed(b.p / top * 100.0, 3));
                    let words = format!("{}: {}", range_text(b), percent(b.p));
                    // Every `every`-th total is labelled; min and max are in the caption whatever the step.
                    let show_label = i % every == 0 || b.tail;
                    let (lo, hi) = (b.lo, b.hi);
                    let is_rolled = move || rolled.get().is_some_and(|t| (lo..=hi).contains(&t));
                    let one_value = !h.binned && !b.tail;
                    view! {
                        <li
                            class="histo-bar"
                            class:rolled=is_rolled
                            class:tail=b.tail
                            class:picked=move || picked.get() == Some(lo)
                            data-value=one_value.then(|| b.lo.to_string())
                            data-lo=(!one_value).then(|| b.lo.to_string())
                            data-hi=(!one_value).then(|| b.hi.to_string())
                            data-p=shortest(b.p)
                            title=words.clone()
                            aria-label=words.clone()
                        >
                            {labelled.then(|| view! { <span class="histo-p" aria-hidden="true">{percent(b.p)}</span> })}
                            <span class="histo-fill" style:height=height></span>
                            <span class="histo-label" aria-hidden="true">
                                {show_label.then(|| range_text(b))}
                            </span>
                            <button
                                type="button"
                                class="histo-hit"
                                aria-label=format!("{words}; at least and at most")
                                on:click=move |_| picked.set(Some(lo))
                            ></button>
                        </li>
                    }
                })
                .collect_view();
            let picked_line = {
                let bars = h.bars.clone();
                move || {
                    let at = picked.get()?;
                    let i = bars.iter().position(|b| b.lo == at)?;
                    let b = &bars[i];
                    let (at_least, at_most) = at_least_at_most(&bars, i);
                    let (low, high) = (value_text(b.lo), value_text(b.hi));
                    Some(format!(
                        "{}: {} · at least {low}: {} · at most {high}: {}",
                        range_text(b),
                        percent(b.p),
                        percent(at_least),
                        percent(at_most)
                    ))
                }
            };
            let truncated = (h.truncated_mass > 0.0).then(|| {
                view! {
                    <p class="histo-truncated" data-truncated=shortest(h.truncated_mass)>
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
                            <span>"mean " <b class="histo-mean">{fixed(h.mean, 2)}</b></span>
                            <span>"σ " <b class="histo-sd">{fixed(h.stddev, 2)}</b></span>
                        </span>
                        {h.binned.then(|| view! { <span class="histo-binned">"(totals grouped into ranges)"</span> })}
                    </figcaption>
                    <ol class="histo" class:binned=h.binned aria-label="Probability of each total">
                        {bars}
                    </ol>
                    <p class="histo-picked" aria-live="polite">
                        {move || picked_line().unwrap_or_else(|| "Tap a bar for the chance of at least and at most that total.".to_string())}
                    </p>
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
    fn a_thin_exploding_tail_is_one_bar_and_keeps_its_mass() {
        let odds = parse("3d6!").unwrap().odds().unwrap();
        let h = histogram(&odds).unwrap();
        let last = h.bars.last().unwrap();
        assert!(last.tail && last.p < TAIL_MASS && last.p > 0.0, "{last:?}");
        assert_eq!(last.hi, h.max);
        assert!(range_text(last).ends_with('+'), "{}", range_text(last));
        assert!(!h.bars[..h.bars.len() - 1].iter().any(|b| b.tail));
        let total: f64 = h.bars.iter().map(|b| b.p).sum();
        assert!((total - (1.0 - odds.truncated_mass())).abs() < 1e-9, "{total}");
        // The bars before the tail are whole totals, one each, with no gaps.
        assert!(!h.binned);
        // Only explosions' tails are gathered: 6d10's top five totals hold 0.0126% of the chance, and stay bars.
        let h = histogram(&parse("6d10").unwrap().odds().unwrap()).unwrap();
        assert!(!h.bars.iter().any(|b| b.tail));
        assert_eq!(h.bars.len(), 55);
    }

    #[test]
    fn at_least_and_at_most_add_up_the_bars_on_each_side() {
        let h = histogram(&parse("2d6").unwrap().odds().unwrap()).unwrap();
        let seven = h.bars.iter().position(|b| b.lo == int(7)).unwrap();
        let (at_least, at_most) = at_least_at_most(&h.bars, seven);
        assert!((at_least - 21.0 / 36.0).abs() < 1e-12 && (at_most - 21.0 / 36.0).abs() < 1e-12);
        let (at_least, at_most) = at_least_at_most(&h.bars, 0);
        assert!((at_least - 1.0).abs() < 1e-12 && (at_most - 1.0 / 36.0).abs() < 1e-12);
    }

    #[test]
    fn labels_thin_out() {
        assert_eq!(label_every(11), 1);
        assert_eq!(label_every(60), 5);
    }
}
