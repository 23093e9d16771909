//! Words for what the history shows: outcomes, requests, times.

use crate::state::{HistoryEntry, RollSource};

/// What was rolled, in the system's words (`Climb, rank 3: d8+d10+6 vs DC 17`; notation: the expression as typed).
pub fn request_words(source: &RollSource) -> String {
    match source {
        RollSource::Notation { expr, .. } => expr.clone(),
        RollSource::System { request } => request.describe(),
    }
}

/// The display name of an entry's system (`Tray notation` for notation rolls).
pub fn system_words(entry: &HistoryEntry) -> &'static str {
    system_label(entry.system_id())
}

/// The display name of system `id` as History's filter lists it (`Tray notation` for `notation`).
pub fn system_label(id: &str) -> &'static str {
    dicetray_rules::systems::system(id).map_or("Tray notation", |s| s.name)
}

/// A number as a player reads it: `17`, `2.5`.
pub fn number_words(x: f64) -> String {
    dicetray_rules::decimal::shortest(x)
}

/// Local date and time, `2026-11-22 14:05:09`, and the ISO form for `<time datetime>`.
pub fn time_words(ms: f64) -> (String, String) {
    #[cfg(target_arch = "wasm32")]
    {
        let d = js_sys::Date::new(&wasm_bindgen::JsValue::from_f64(ms));
        if d.get_time().is_nan() {
            return ("unknown time".into(), String::new());
        }
        let local = format!(
            "{:04}-{:02}-{:02} {:02}:{:02}:{:02}",
            d.get_full_year(),
            d.get_month() + 1,
            d.get_date(),
            d.get_hours(),
            d.get_minutes(),
            d.get_seconds()
        );
        (local, d.to_iso_string().into())
    }
    #[cfg(not(target_arch = "wasm32"))]
    {
        (format!("{ms} ms"), String::new())
    }
}

/// The local day of a time, `2026-11-27` (History's day filter); natively (tests) the day in UTC.
pub fn day_of(ms: f64) -> String {
    #[cfg(target_arch = "wasm32")]
    {
        time_words(ms).0.chars().take(10).collect()
    }
    #[cfg(not(target_arch = "wasm32"))]
    {
        // Days since 1970-01-01 to a civil date (H. Hinnant's `civil_from_days`).
        let z = (ms / 86_400_000.0).floor() as i64 + 719_468;
        let era = z.div_euclid(146_097);
        let doe = z - era * 146_097;
        let yoe = (doe - doe / 1460 + doe / 36_524 - doe / 146_096) / 365;
        let doy = doe - (365 * yoe + yoe / 4 - yoe / 100);
        let mp = (5 * doy + 2) / 153;
        let d = doy - (153 * mp + 2) / 5 + 1;
        let m = if mp < 10 { mp + 3 } else { mp - 9 };
        format!("{:04}-{m:02}-{d:02}", yoe + era * 400 + i64::from(m <= 2))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use dicetray_rules::systems::Request;

    #[test]
    fn outcomes_and_requests_read_as_words() {
        let request = Request::from_json(
            r#"{"system":"24-system","skill":"Climb","rank":3,"leverage":1,"dc":15,"pressure":[2],"attack":true}"#,
        )
        .unwrap();
        let words = request_words(&RollSource::System { request });
        assert_eq!(words, "Climb, rank 3: d8+d10+6, Leverage d4 vs DC 17", "the DC with its Pressure, no field names");
        assert_eq!(request_words(&RollSource::Notation { expr: "4d6kh3".into(), version: 2 }), "4d6kh3");
        assert_eq!(number_words(17.0), "17");
        assert_eq!(number_words(2.5), "2.5");
        assert_eq!(day_of(0.0), "1970-01-01");
        assert_eq!(day_of(1_795_737_600_000.0), "2026-11-27");
        assert_eq!(day_of(951_782_400_000.0), "2000-02-29");
    }
}
