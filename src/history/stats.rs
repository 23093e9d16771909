//! Per-character statistics: how many rolls, and what share of them had each outcome.

use crate::state::HistoryEntry;
use dicetray_rules::sorted;
use dicetray_rules::systems::words;
use std::collections::HashMap;

#[derive(Clone, Debug, PartialEq)]
pub struct CharacterStats {
    /// None: rolls made for no character.
    pub id: Option<String>,
    pub name: String,
    pub count: usize,
    /// (outcome name, its words, how many), most frequent first; outcomes of different systems with the same
    /// words count together.
    pub outcomes: Vec<(String, String, usize)>,
}

impl CharacterStats {
    /// The share of `n` rolls as a fraction of this character's rolls.
    pub fn share(&self, n: usize) -> f64 {
        if self.count == 0 {
            0.0
        } else {
            n as f64 / self.count as f64
        }
    }
}

/// Stats for the entries at `indices` (newest first, as [`super::filter::matching`] gives), one per character,
/// most rolls first.
pub fn per_character(entries: &[HistoryEntry], indices: &[usize]) -> Vec<CharacterStats> {
    /// A character's (latest name, roll count, (outcome name, count) per outcome's words).
    type Tally<'a> = (String, usize, HashMap<String, (&'a str, usize)>);
    let mut by: HashMap<Option<&str>, Tally> = HashMap::new();
    for &i in indices {
        let e = &entries[i];
        let key = e.character.as_ref().map(|c| c.id.as_str());
        let slot = by.entry(key).or_insert_with(|| {
            // Indices are newest first, so the first name seen is the latest.
            (
                e.character.as_ref().map_or_else(|| "Ad hoc (no character)".to_string(), |c| c.name.clone()),
                0,
                HashMap::new(),
            )
        });
        slot.1 += 1;
        slot.2.entry(words(e.system_id(), &e.outcome)).or_insert((e.outcome.as_str(), 0)).1 += 1;
    }
    let mut out: Vec<CharacterStats> = by
        .into_iter()
        .map(|(id, (name, count, outcomes))| {
            let mut outcomes: Vec<(String, String, usize)> =
                outcomes.into_iter().map(|(words, (name, n))| (name.to_string(), words, n)).collect();
            sorted::sort_by(&mut outcomes, |a, b| b.2.cmp(&a.2).then_with(|| a.1.cmp(&b.1)));
            CharacterStats { id: id.map(String::from), name, count, outcomes }
        })
        .collect();
    sorted::sort_by(&mut out, |a, b| b.count.cmp(&a.count).then_with(|| a.name.cmp(&b.name)));
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::history::filter::tests::entry;

    #[test]
    fn counts_and_shares_per_character() {
        let h = vec![
            entry("1", Some(("a", "Ada")), true, "success"),
            entry("2", Some(("a", "Ada")), true, "success"),
            entry("3", Some(("a", "Ada")), true, "failure"),
            entry("4", None, false, "total"),
        ];
        let s = per_character(&h, &[3, 2, 1, 0]);
        assert_eq!(s.len(), 2);
        assert_eq!(s[0].name, "Ada");
        assert_eq!(s[0].count, 3);
        let said = |name: &str, words: &str, n| (name.to_string(), words.to_string(), n);
        assert_eq!(s[0].outcomes, [said("success", "Success", 2), said("failure", "Failure", 1)]);
        assert!((s[0].share(2) - 2.0 / 3.0).abs() < 1e-12);
        assert_eq!(s[1].id, None);
    }
}
