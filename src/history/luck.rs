//! The rolls History's luck report covers (`widgets::luck`, whose code is a chunk of its own): the entries the
//! filters show, each named as its row reads, so the luckiest and unluckiest can be found in the list.

use super::entry_row::{roll_words, roller_words};
use super::filter::{Filter, Who};
use super::text::time_words;
use crate::state::HistoryEntry;
use crate::widgets::luck::ShownRoll;

/// Entry `e` for the report: under its character's name (`Ad hoc` for none), named by when and what it rolled,
/// with the total it shows (History's own record: `dicetray luck` checks an exported file's totals by replay).
pub fn shown_roll(e: &HistoryEntry) -> ShownRoll {
    ShownRoll {
        id: e.id.clone(),
        roller: roller_words(e),
        name: format!("{} at {}", roll_words(e), time_words(e.at).0),
        total: e.total,
        of: Ok(e.source.clone()),
    }
}

/// Which rolls the filter shows, for the report's heading: ` for Ana, 24-System, on 2026-11-27`, or nothing for
/// every roll. `name` is the character's name (the filter keeps its id).
pub fn scope_words(filter: &Filter, name: Option<&str>, system: Option<&str>) -> String {
    let mut parts: Vec<String> = Vec::new();
    match &filter.who {
        Who::All => {}
        Who::AdHoc => parts.push("ad hoc rolls".into()),
        Who::Character(id) => parts.push(name.unwrap_or(id).to_string()),
    }
    parts.extend(system.map(str::to_string));
    let day = filter.day.as_ref().map(|d| format!(" on {d}")).unwrap_or_default();
    match parts.is_empty() {
        true => day,
        false => format!(" for {}{day}", parts.join(", ")),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::history::filter::tests::entry;

    #[test]
    fn a_shown_roll_is_under_its_character_and_named_as_its_row_reads() {
        let r = shown_roll(&entry("1", Some(("a", "Ada")), false, "total"));
        assert_eq!((r.id.as_str(), r.roller.as_str()), ("1", "Ada"));
        assert!(r.name.starts_with("Ada rolled 2d6: 1 at "), "{}", r.name);
        assert_eq!(shown_roll(&entry("2", None, true, "success")).roller, "Ad hoc");
    }

    #[test]
    fn the_heading_says_which_rolls() {
        let all = Filter::default();
        assert_eq!(scope_words(&all, None, None), "");
        let ada = Filter { who: Who::Character("a".into()), system: Some("24-system".into()), day: None };
        assert_eq!(scope_words(&ada, Some("Ada"), Some("24-System")), " for Ada, 24-System");
        let day = Filter { day: Some("2026-11-27".into()), ..Filter::default() };
        assert_eq!(scope_words(&day, None, None), " on 2026-11-27");
    }
}
