//! The report's numbers and words, in the `luck` chunk: each roll's luck (`dicetray_saved::luck`, as
//! `dicetray luck` reads it), grouped into reports with their rolls named, and how a percentile and a p-value read.

use super::{Per, ShownRoll};
use dicetray_rules::decimal::{fixed, scientific};
use dicetray_rules::luck::{Luck, NotComputed};
use dicetray_saved::luck::{by_roller, roller_luck, Dists, RollerLuck};

/// One report as shown: its heading, its numbers, and its rolls by name.
#[derive(Clone, Debug, PartialEq)]
pub struct Shown {
    pub heading: String,
    pub luck: RollerLuck,
    /// The luckiest and unluckiest rolls: (name, luck).
    pub luckiest: Option<(String, f64)>,
    pub unluckiest: Option<(String, f64)>,
    /// Every roll whose luck was not computed: (name, reason).
    pub skipped: Vec<(String, NotComputed)>,
}

/// Each roll's luck, or why it has none, in the order of `rolls`.
pub fn lucks(rolls: &[ShownRoll], dists: &mut Dists) -> Vec<Result<Luck, NotComputed>> {
    rolls.iter().map(|r| r.of.as_ref().map_err(Clone::clone).and_then(|of| dists.luck(of, r.total))).collect()
}

/// The reports over `rolls` with their `lucks` (as [`lucks`] gives them), as `per` says; `scope` ends the heading
/// of the report over all of them (` for Ana`).
pub fn reports(rolls: &[ShownRoll], lucks: &[Result<Luck, NotComputed>], per: Per, scope: &str) -> Vec<Shown> {
    let listed: Vec<(&str, &str, &Result<Luck, NotComputed>)> =
        rolls.iter().zip(lucks).map(|(r, l)| (r.id.as_str(), r.roller.as_str(), l)).collect();
    let each = by_roller(&listed);
    let name = |id: &str| rolls.iter().find(|r| r.id == id).map_or_else(|| id.to_string(), |r| r.name.clone());
    let shown = |heading: String, luck: RollerLuck| Shown {
        heading,
        luckiest: luck.report.luckiest.as_ref().map(|(id, l)| (name(id), *l)),
        unluckiest: luck.report.unluckiest.as_ref().map(|(id, l)| (name(id), *l)),
        skipped: luck.report.not_computed.iter().map(|(id, why)| (name(id), why.clone())).collect(),
        luck,
    };
    let mut out = Vec::new();
    if per == Per::Shown {
        let all = roller_luck("", listed.iter().copied());
        out.push(shown(format!("Luck of the {} shown{scope}", rolls_words(rolls.len())), all));
        if each.len() < 2 {
            return out;
        }
    }
    out.extend(each.into_iter().map(|r| shown(r.roller.clone(), r)));
    out
}

/// A report's luckiest and unluckiest rolls as the lines that show them: (label, class, (name, luck)). When both
/// are the same (a report over one roll), one line says so rather than naming that roll twice.
pub fn extremes(
    luckiest: Option<(String, f64)>,
    unluckiest: Option<(String, f64)>,
) -> Vec<(&'static str, &'static str, (String, f64))> {
    if luckiest.is_some() && luckiest == unluckiest {
        return luckiest
            .map(|roll| ("Luckiest and unluckiest", "luck-luckiest luck-unluckiest", roll))
            .into_iter()
            .collect();
    }
    let lines = [("Luckiest", "luck-luckiest", luckiest), ("Unluckiest", "luck-unluckiest", unluckiest)];
    lines.into_iter().filter_map(|(label, class, roll)| roll.map(|r| (label, class, r))).collect()
}

/// `1 roll`, `37 rolls`.
pub fn rolls_words(n: usize) -> String {
    format!("{n} roll{}", if n == 1 { "" } else { "s" })
}

/// A luck (0 to 1) as a percentile: `62nd percentile`, luckier than 62% of what fair dice give.
pub fn percentile(luck: f64) -> String {
    let n = (luck.clamp(0.0, 1.0) * 100.0).round() as u32;
    let suffix = match (n % 10, n % 100) {
        (1, x) if x != 11 => "st",
        (2, x) if x != 12 => "nd",
        (3, x) if x != 13 => "rd",
        _ => "th",
    };
    format!("{n}{suffix} percentile")
}

/// A two-sided p-value as people read it: `as lucky or unlucky as this by chance: 1 in 14 (p = 0.07)`; above
/// 1/2 (where "1 in 1" would say nothing) `an ordinary run for fair dice (p = 0.82)`.
pub fn chance_words(p: f64) -> String {
    let p = p.clamp(0.0, 1.0);
    if p > 0.5 {
        return format!("an ordinary run for fair dice (p = {})", p_value(p));
    }
    let one_in =
        if p * 1e6 < 1.0 { "less than 1 in a million".to_string() } else { format!("1 in {}", fixed(1.0 / p, 0)) };
    format!("as lucky or unlucky as this by chance: {one_in} (p = {})", p_value(p))
}

/// `0.07`, `0.0032`, `2.1e-7`.
pub fn p_value(p: f64) -> String {
    if p >= 0.01 {
        fixed(p, 2)
    } else if p >= 1e-4 {
        fixed(p, 4)
    } else {
        scientific(p, 1)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use dicetray_rules::systems::Request;
    use dicetray_saved::entry::RollSource;

    const REQUEST: &str = r#"{"system":"24-system","rank":2,"leverage":1,"dc":16}"#;

    fn shown(id: &str, who: &str, seed: u64) -> ShownRoll {
        let request = Request::from_json(REQUEST).unwrap();
        let total = request.roll(seed).unwrap().summary().total;
        let of = Ok(RollSource::System { request });
        ShownRoll { id: id.into(), roller: who.into(), name: format!("roll {id}"), total, of }
    }

    /// Every roll's luck is the mid-rank of its total under its request's exact distribution, P(X < x) + P(X = x)/2,
    /// summed here by hand; the first report is over all of them, then one per roller. A total the request cannot
    /// give and a roll whose request is unknown are named with their reasons.
    #[test]
    fn the_reports_are_over_all_shown_rolls_then_each_roller() {
        let mut rolls: Vec<ShownRoll> =
            (0..30).map(|s| shown(&format!("e{s}"), ["Ana", "Bo"][s as usize % 2], s)).collect();
        rolls[4].total += 100.0;
        rolls[7].of = Err("its request does not read".into());
        let lucks = lucks(&rolls, &mut Dists::default());
        let dist = Request::from_json(REQUEST).unwrap().total_dist().unwrap();
        for (r, l) in rolls.iter().zip(&lucks).filter(|(r, _)| r.id != "e4" && r.id != "e7") {
            let below: f64 = dist.values.iter().filter(|(v, _)| *v < r.total).map(|(_, p)| p).sum();
            let at: f64 = dist.values.iter().filter(|(v, _)| *v == r.total).map(|(_, p)| p).sum();
            assert!((l.as_ref().unwrap().luck - (below + at / 2.0)).abs() < 1e-12, "{}", r.id);
        }
        let reports = reports(&rolls, &lucks, Per::Shown, " for Ana and Bo");
        let headings: Vec<&str> = reports.iter().map(|r| r.heading.as_str()).collect();
        assert_eq!(headings, ["Luck of the 30 rolls shown for Ana and Bo", "Ana", "Bo"]);
        assert_eq!(
            (reports[0].luck.report.rolls, reports[1].luck.report.rolls, reports[2].luck.report.rolls),
            (28, 14, 14)
        );
        let skipped: Vec<&str> = reports[0].skipped.iter().map(|(name, _)| name.as_str()).collect();
        assert_eq!(skipped, ["roll e4", "roll e7"]);
        assert!(reports[0].skipped[0].1.contains("has no chance"), "{:?}", reports[0].skipped);
        assert_eq!(reports[0].skipped[1].1, "its request does not read");
        assert_eq!(reports[0].luck.histogram.iter().sum::<usize>(), 28);
        let table = super::reports(&rolls, &lucks, Per::Roller, "");
        assert_eq!(table.iter().map(|r| r.heading.as_str()).collect::<Vec<_>>(), ["Ana", "Bo"]);
    }

    /// A report over one roll names it once; over two, the luckiest first.
    #[test]
    fn one_roll_is_named_once_among_the_extremes() {
        let roll = |name: &str, l: f64| Some((name.to_string(), l));
        let labels = |lines: Vec<(&'static str, &'static str, (String, f64))>| {
            lines.into_iter().map(|(label, _, (name, _))| format!("{label}: {name}")).collect::<Vec<_>>()
        };
        assert_eq!(labels(extremes(roll("roll a", 0.6), roll("roll a", 0.6))), ["Luckiest and unluckiest: roll a"]);
        assert_eq!(
            labels(extremes(roll("roll a", 0.9), roll("roll b", 0.1))),
            ["Luckiest: roll a", "Unluckiest: roll b"]
        );
        assert!(extremes(None, None).is_empty());
        let rolls = [shown("e1", "Ana", 3)];
        let one = reports(&rolls, &lucks(&rolls, &mut Dists::default()), Per::Shown, "");
        assert_eq!(labels(extremes(one[0].luckiest.clone(), one[0].unluckiest.clone())).len(), 1);
    }

    #[test]
    fn percentiles_and_chances_read_in_words() {
        assert_eq!(percentile(0.47), "47th percentile");
        assert_eq!(percentile(0.011), "1st percentile");
        assert_eq!(percentile(0.11), "11th percentile");
        assert_eq!(percentile(0.62), "62nd percentile");
        assert_eq!(percentile(1.0), "100th percentile");
        assert_eq!(chance_words(0.07), "as lucky or unlucky as this by chance: 1 in 14 (p = 0.07)");
        assert_eq!(chance_words(0.0032), "as lucky or unlucky as this by chance: 1 in 313 (p = 0.0032)");
        assert_eq!(
            chance_words(2.1e-7),
            "as lucky or unlucky as this by chance: less than 1 in a million (p = 2.1e-7)"
        );
        assert_eq!(chance_words(0.5), "as lucky or unlucky as this by chance: 1 in 2 (p = 0.50)");
        assert_eq!(chance_words(0.82), "an ordinary run for fair dice (p = 0.82)");
        assert_eq!(rolls_words(1), "1 roll");
    }
}
