//! The luck of a History entry (issue #33): its total checked against its replay from its request (or notation)
//! and seed, then read against its exact odds (`dicetray_rules::luck`), so a luck is never read for a number the
//! roll did not give. `dicetray luck` reads History files that way, and a table log's verified rolls through
//! [`Dists::luck`]; the app's report takes the totals its screens show (its own History, or verified table rolls).

use crate::entry::{HistoryEntry, RollSource};
use dicetray_rules::decimal::shortest;
use dicetray_rules::dice::{parse_versioned, value};
use dicetray_rules::luck::{Luck, LuckReport, NotComputed, TotalDist};

/// Each distinct request's or expression's total distribution, computed once (a session rolls the same few
/// requests again and again); found by comparing sources, so no key is formatted.
#[derive(Default)]
pub struct Dists(Vec<(RollSource, Result<TotalDist, NotComputed>)>);

impl Dists {
    /// The luck of a roll of `source` whose total is `total`, or why it has none. The total is taken as given:
    /// [`entry_luck`] checks a History entry's against its replay first.
    pub fn luck(&mut self, source: &RollSource, total: f64) -> Result<Luck, NotComputed> {
        let at = match self.0.iter().position(|(s, _)| s == source) {
            Some(at) => at,
            None => {
                self.0.push((source.clone(), total_dist(source)));
                self.0.len() - 1
            }
        };
        self.0[at].1.as_ref().map_err(Clone::clone)?.luck(total)
    }
}

/// The exact distribution of the total a roll of `source` reports.
fn total_dist(source: &RollSource) -> Result<TotalDist, NotComputed> {
    match source {
        RollSource::System { request } => request.total_dist().map_err(|e| e.to_string()),
        RollSource::Notation { expr, version } => {
            let e = parse_versioned(expr, *version).map_err(|e| format!("its notation does not read: {e}"))?;
            e.odds().map(|o| o.total_dist()).map_err(|e| format!("its exact odds are not computed: {e}"))
        }
    }
}

/// The luck of entry `e`, or why it has none.
pub fn entry_luck(e: &HistoryEntry, dists: &mut Dists) -> Result<Luck, NotComputed> {
    let replayed = match &e.source {
        RollSource::System { request } => request.roll(e.seed).map(|r| r.summary().total).map_err(|e| e.to_string()),
        RollSource::Notation { expr, version } => parse_versioned(expr, *version)
            .map_err(|e| e.to_string())
            .and_then(|x| x.roll(e.seed).map_err(|e| e.to_string()))
            .map(|r| value::to_f64(r.total)),
    };
    same_total(e.total, replayed).and_then(|()| dists.luck(&e.source, e.total))
}

/// A recorded total is the one its replay gives, or the reason there is no luck for it.
fn same_total(recorded: f64, replayed: Result<f64, String>) -> Result<(), NotComputed> {
    match replayed {
        Ok(t) if t == recorded => Ok(()),
        Ok(t) => Err(format!(
            "its recorded total {} is not the {} its request and seed give, so its odds do not describe it",
            shortest(recorded),
            shortest(t)
        )),
        Err(e) => Err(format!("it does not replay from its request and seed: {e}")),
    }
}

/// Bars in a histogram of lucks: tenths of the percentile range (fair dice fill them about evenly).
pub const BINS: usize = 10;

/// How many of `lucks` fall in each tenth: bar `k` holds `k/10 <= luck < (k+1)/10`, the last one 1 as well.
pub fn histogram(lucks: impl IntoIterator<Item = f64>) -> [usize; BINS] {
    let mut bars = [0; BINS];
    for l in lucks {
        // The edges compared as the test reads them (`k as f64 / 10.0`), not `l * 10` rounded down.
        let k = (1..BINS).filter(|&k| l >= k as f64 / BINS as f64).count();
        bars[k] += 1;
    }
    bars
}

/// One roller's rolls with their lucks: the report and its histogram.
#[derive(Clone, Debug, PartialEq)]
pub struct RollerLuck {
    pub roller: String,
    pub report: LuckReport,
    pub histogram: [usize; BINS],
}

/// Each roller's report over `rolls` (id, roller, its luck or why none), in the order the rollers first roll.
pub fn by_roller<'a>(rolls: &[(&'a str, &'a str, &'a Result<Luck, NotComputed>)]) -> Vec<RollerLuck> {
    let mut order: Vec<&str> = Vec::new();
    for (_, who, _) in rolls {
        if !order.contains(who) {
            order.push(who);
        }
    }
    order.into_iter().map(|who| roller_luck(who, rolls.iter().filter(|r| r.1 == who).copied())).collect()
}

/// `who`'s report over `rolls` (id, roller, luck): every one of them counts, whoever rolled it.
pub fn roller_luck<'a>(
    who: &str,
    rolls: impl Iterator<Item = (&'a str, &'a str, &'a Result<Luck, NotComputed>)> + Clone,
) -> RollerLuck {
    RollerLuck {
        roller: who.to_string(),
        report: LuckReport::of(rolls.clone().map(|(id, _, l)| (id, l))),
        histogram: histogram(rolls.filter_map(|(_, _, l)| l.as_ref().ok().map(|l| l.luck))),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use dicetray_rules::systems::Request;

    #[test]
    fn the_histogram_counts_each_luck_in_its_tenth_by_brute_force() {
        // Every multiple of 1/1000 and the tenths' edges themselves, each checked against its tenth found by
        // comparing with every edge in turn.
        let lucks: Vec<f64> = (0..=1000).map(|i| i as f64 / 1000.0).chain((0..=10).map(|k| k as f64 / 10.0)).collect();
        let mut expected = [0; BINS];
        for &l in &lucks {
            let bar = (0..BINS).rev().find(|&k| l >= k as f64 / 10.0).unwrap_or(0);
            expected[bar] += 1;
        }
        assert_eq!(histogram(lucks.iter().copied()), expected);
        assert_eq!(expected.iter().sum::<usize>(), lucks.len());
        assert_eq!(histogram([0.0, 0.0999, 0.1, 0.95, 1.0]), [2, 1, 0, 0, 0, 0, 0, 0, 0, 2]);
    }

    #[test]
    fn each_roller_gets_the_report_of_their_own_rolls_only() {
        let d6 = |v: f64| Ok(Luck { luck: (2.0 * v - 1.0) / 12.0, variance: 35.0 / 432.0 });
        let rolls: Vec<(String, &str, Result<Luck, NotComputed>)> = vec![
            ("a1".into(), "Ana", d6(6.0)),
            ("b1".into(), "Bo", d6(1.0)),
            ("a2".into(), "Ana", Err("too large".into())),
            ("a3".into(), "Ana", d6(2.0)),
            ("b2".into(), "Bo", d6(3.0)),
        ];
        let refs: Vec<(&str, &str, &Result<Luck, NotComputed>)> =
            rolls.iter().map(|(id, who, l)| (id.as_str(), *who, l)).collect();
        let reports = by_roller(&refs);
        assert_eq!(reports.iter().map(|r| r.roller.as_str()).collect::<Vec<_>>(), ["Ana", "Bo"]);
        let ana = &reports[0];
        assert_eq!(ana.report.rolls, 2);
        assert!((ana.report.mean.unwrap() - (11.0 / 12.0 + 3.0 / 12.0) / 2.0).abs() < 1e-15);
        assert_eq!(ana.report.not_computed, vec![("a2".to_string(), "too large".to_string())]);
        assert_eq!(ana.histogram.iter().sum::<usize>(), 2);
        assert_eq!((ana.histogram[9], ana.histogram[2]), (1, 1));
        assert_eq!(reports[1].report.luckiest, Some(("b2".to_string(), 5.0 / 12.0)));
    }

    #[test]
    fn each_source_is_read_against_its_own_distribution() {
        let json = r#"{"system":"24-system","rank":2,"leverage":1,"dc":16}"#;
        let request = Request::from_json(json).unwrap();
        let total = request.roll(7).unwrap().summary().total;
        let mut dists = Dists::default();
        let system = RollSource::System { request: request.clone() };
        assert_eq!(dists.luck(&system, total).unwrap(), request.luck(total).unwrap());
        let d6 = RollSource::Notation { expr: "1d6".into(), version: 2 };
        assert!((dists.luck(&d6, 3.0).unwrap().luck - 5.0 / 12.0).abs() < 1e-15);
        // Both distributions are kept, each found again by its source.
        assert_eq!(dists.0.len(), 2);
        assert_eq!(dists.luck(&system, total).unwrap(), request.luck(total).unwrap());
        assert_eq!(dists.0.len(), 2);
    }
}
