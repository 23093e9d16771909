//! The luck of a History entry (issue #33): its total checked against its replay from its request (or notation)
//! and seed, then read against its exact odds (`dicetray_rules::luck`), so a luck is never read for a number the
//! roll did not give. The app's History and `dicetray luck` both use it.

use crate::entry::{HistoryEntry, RollSource};
use dicetray_rules::decimal::shortest;
use dicetray_rules::dice::{parse_versioned, value};
use dicetray_rules::luck::{Luck, NotComputed, TotalDist};
use dicetray_rules::systems::Request;
use std::collections::HashMap;

/// Each distinct request's or expression's total distribution, computed once (a session rolls the same few
/// requests again and again).
#[derive(Default)]
pub struct Dists(HashMap<String, Result<TotalDist, NotComputed>>);

impl Dists {
    /// The distribution of `request`'s total.
    pub fn of_request(&mut self, request: &Request) -> Result<&TotalDist, NotComputed> {
        let key = serde_json::to_string(request).unwrap_or_default();
        self.0
            .entry(key)
            .or_insert_with(|| request.total_dist().map_err(|e| e.to_string()))
            .as_ref()
            .map_err(Clone::clone)
    }

    /// The distribution of notation `expr`'s total (read as notation `version`).
    pub fn of_notation(&mut self, expr: &str, version: u32) -> Result<&TotalDist, NotComputed> {
        self.0
            .entry(format!("{version}\u{0}{expr}"))
            .or_insert_with(|| {
                let e = parse_versioned(expr, version).map_err(|e| format!("its notation does not read: {e}"))?;
                e.odds().map(|o| o.total_dist()).map_err(|e| format!("its exact odds are not computed: {e}"))
            })
            .as_ref()
            .map_err(Clone::clone)
    }
}

/// The luck of entry `e`, or why it has none.
pub fn entry_luck(e: &HistoryEntry, dists: &mut Dists) -> Result<Luck, NotComputed> {
    match &e.source {
        RollSource::System { request } => {
            let replayed = request.roll(e.seed).map(|r| r.summary().total).map_err(|e| e.to_string());
            same_total(e.total, replayed).and_then(|()| dists.of_request(request)?.luck(e.total))
        }
        RollSource::Notation { expr, version } => {
            let replayed = parse_versioned(expr, *version)
                .map_err(|e| e.to_string())
                .and_then(|x| x.roll(e.seed).map_err(|e| e.to_string()))
                .map(|r| value::to_f64(r.total));
            same_total(e.total, replayed).and_then(|()| dists.of_notation(expr, *version)?.luck(e.total))
        }
    }
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
