//! Each system's character sheet, and [`Sheet`], the one a character has. One file per system, named as in the rules
//! crate (`crates/rules/src/systems/<same name>/`).

use crate::ask::{AskShape, Row};
use serde::{Deserialize, Serialize};

pub mod hack_and_slash;
pub mod remedy;
pub mod ruina_imperii;
pub mod total_effect;
pub mod twenty_four;

/// What every system's sheet does alike.
pub trait SystemSheet: Default {
    /// The one line the character list shows under the character's name, in the system's words
    /// (`"3 skills · best Rank 4 · 1 open complication"`).
    fn summary(&self) -> String;
    /// The first field out of the ranges the sheet keeps to (the editors never produce anything else), as
    /// `(path inside the sheet, what is wrong)`: `("skills[2].rank", "7 is out of range (0 to 6)")`.
    fn out_of_range(&self) -> Option<(String, String)>;
    /// What a player rolls from this sheet (its skills or abilities), in the sheet's order, each as the Roll
    /// screen lists it (`"Climb (rank 3)"`): the roll panel's pick `i` is entry `i`.
    fn rolls(&self) -> Vec<String>;
    /// How a GM's request that this sheet completes is made (`crate::ask`): what the GM sets, what the player adds.
    const ASK: AskShape;
    /// Every row a GM's request may name and what it gives the request: the rows [`SystemSheet::rolls`] lists,
    /// in its order, then any others a request may be made from.
    fn rows(&self) -> Vec<Row>;
}

/// A system's sheet type as found inside [`Sheet`] (every system's, from the list of systems).
pub trait InSheet: 'static {
    /// The sheet, if `sheet` is of this system.
    fn of(sheet: &Sheet) -> Option<&Self>;
    /// The sheet, if `sheet` is of this system, to change.
    fn of_mut(sheet: &mut Sheet) -> Option<&mut Self>;
}

/// `"1 skill"`, `"3 skills"`.
fn count(n: usize, one: &str, many: &str) -> String {
    format!("{n} {}", if n == 1 { one } else { many })
}

/// A row's name as lists show it: its own, or `"Skill 2"` (its kind and place) while it has none.
fn row_name(name: &str, kind: &str, index: usize) -> String {
    if name.trim().is_empty() {
        format!("{kind} {}", index + 1)
    } else {
        name.to_string()
    }
}

/// A row's request fields, from `(field, value)` pairs, inserted one by one ([`dicetray_rules::sorted::gather`]):
/// collecting would compile the map's sort once per number of pairs, for maps of one or two fields.
fn fields_of<const N: usize>(pairs: [(&str, serde_json::Value); N]) -> serde_json::Map<String, serde_json::Value> {
    dicetray_rules::sorted::gather(pairs.into_iter().map(|(k, v)| (k.to_string(), v)))
}

/// `"<value> is out of range (<allowed>)"`, the problem every sheet's range check reports.
pub fn out_of_range(value: impl std::fmt::Display, allowed: &str) -> String {
    format!("{value} is out of range ({allowed})")
}

/// Called by `dicetray_rules::for_each_system!` with the rules crate's one list of systems: each system's sheet
/// is `sheets::<module>::Sheet` (the module named as in the rules crate), implementing [`SystemSheet`].
macro_rules! declare_sheets {
    ($($variant:ident($module:ident) $id:tt),* $(,)?) => {
        /// A character sheet for one of the systems; serialised with `"system": "<id>"` like the rules' requests,
        /// and read like them through `dicetray_rules::tagged` (serde's derived reading doubles every sheet type's
        /// code).
        #[derive(Clone, Debug, PartialEq, Serialize)]
        #[serde(tag = "system")]
        pub enum Sheet {
            $(#[serde(rename = $id)] $variant($module::Sheet),)*
        }

        impl<'de> Deserialize<'de> for Sheet {
            fn deserialize<D: serde::Deserializer<'de>>(input: D) -> Result<Self, D::Error> {
                let ids = &dicetray_rules::systems::SYSTEM_IDS;
                dicetray_rules::tagged::deserialize(input, "system", ids, "internally tagged enum Sheet", |id, fields| {
                    Some(match id {
                        $($id => read(fields).map(Sheet::$variant),)*
                        _ => return None,
                    })
                })
            }
        }

        impl Sheet {
            /// A fresh sheet for the system `id`, or None for an unknown id.
            pub fn new(id: &str) -> Option<Sheet> {
                Some(match id {
                    $($id => Sheet::$variant(Default::default()),)*
                    _ => return None,
                })
            }

            /// The system's id.
            pub fn system_id(&self) -> &'static str {
                match self {
                    $(Sheet::$variant(_) => $id,)*
                }
            }

            /// The sheet in one line ([`SystemSheet::summary`]).
            pub fn summary(&self) -> String {
                match self {
                    $(Sheet::$variant(s) => s.summary(),)*
                }
            }

            /// What a player rolls from the sheet ([`SystemSheet::rolls`]).
            pub fn rolls(&self) -> Vec<String> {
                match self {
                    $(Sheet::$variant(s) => s.rolls(),)*
                }
            }

            /// What each row gives a GM's request ([`SystemSheet::rows`]).
            pub fn rows(&self) -> Vec<Row> {
                match self {
                    $(Sheet::$variant(s) => s.rows(),)*
                }
            }

            /// How the system `id`'s sheet completes a GM's request ([`SystemSheet::ASK`]).
            pub fn ask_shape(id: &str) -> Option<&'static AskShape> {
                match id {
                    $($id => Some(&<$module::Sheet as SystemSheet>::ASK),)*
                    _ => None,
                }
            }

            /// The first field out of the sheet's ranges ([`SystemSheet::out_of_range`]).
            pub fn out_of_range(&self) -> Option<(String, String)> {
                match self {
                    $(Sheet::$variant(s) => s.out_of_range(),)*
                }
            }

            /// Where reading `body` (a sheet of the system `id`, without its `system` field) as that system's sheet
            /// fails, as `(path, message)`; `Err(())` for an id of no system.
            pub(crate) fn trace(id: &str, body: serde_json::Value) -> Result<Option<(String, String)>, ()> {
                match id {
                    $($id => Ok(trace::<$module::Sheet>(body)),)*
                    _ => Err(()),
                }
            }
        }

        $(impl InSheet for $module::Sheet {
            fn of(sheet: &Sheet) -> Option<&Self> {
                match sheet {
                    Sheet::$variant(s) => Some(s),
                    _ => None,
                }
            }
            fn of_mut(sheet: &mut Sheet) -> Option<&mut Self> {
                match sheet {
                    Sheet::$variant(s) => Some(s),
                    _ => None,
                }
            }
        })*

        /// What serde derives for [`Sheet`] (named alike, as messages name it): the tests compare every message
        /// with it.
        #[cfg(test)]
        mod derived {
            use super::*;

            #[derive(Debug, Serialize, Deserialize)]
            #[serde(tag = "system")]
            pub enum Sheet {
                $(#[serde(rename = $id)] $variant($module::Sheet),)*
            }
        }
    };
}

dicetray_rules::for_each_system!(declare_sheets);

/// A system's sheet from its fields (the sheet without `system`), failing as `serde_json::from_value` would. It
/// reads through the same path-tracking reading as [`trace`], so each sheet type is compiled once for both,
/// instead of once plainly and once more for the character import's error paths.
fn read<T: serde::de::DeserializeOwned>(body: serde_json::Value) -> Result<T, serde_json::Error> {
    serde_path_to_error::deserialize(body).map_err(serde_path_to_error::Error::into_inner)
}

/// Where reading `body` as a `T` fails, as `(path, message)` (the path empty for the sheet itself).
fn trace<T: serde::de::DeserializeOwned>(body: serde_json::Value) -> Option<(String, String)> {
    let error = serde_path_to_error::deserialize::<_, T>(body).err()?;
    let path = error.path().to_string();
    Some((if path == "." { String::new() } else { path }, error.inner().to_string()))
}

#[cfg(test)]
mod tests {
    use super::*;

    use dicetray_rules::systems::SYSTEM_IDS;

    #[test]
    fn every_system_has_a_sheet_that_round_trips_with_its_id() {
        for id in SYSTEM_IDS {
            let sheet = Sheet::new(id).unwrap();
            assert_eq!(sheet.system_id(), id);
            let json = serde_json::to_value(&sheet).unwrap();
            assert_eq!(json["system"], id);
            assert_eq!(serde_json::from_value::<Sheet>(json).unwrap(), sheet);
        }
        assert_eq!(Sheet::new("chess"), None);
    }

    #[test]
    fn summaries_use_each_systems_words() {
        let summary = |sheet: Sheet| sheet.summary();
        assert_eq!(summary(Sheet::new("24-system").unwrap()), "0 skills · 0 open complications");
        assert_eq!(summary(Sheet::new("ruina-imperii").unwrap()), "0 skills · Risk Limit 2 · Fortune 3");
        assert_eq!(summary(Sheet::new("total-effect").unwrap()), "Level 1 · Tier 1 (Fledgling) · 0 abilities");
        let mut te = total_effect::Sheet { level: 0, ..Default::default() };
        assert_eq!(summary(Sheet::TotalEffect(te.clone())), "Level 0 · Tier 0 · 0 abilities");
        te.level = 11;
        assert!(summary(Sheet::TotalEffect(te)).contains("no Tier"));
        let agility = |halves| hack_and_slash::Ability { name: "Agility".into(), halves };
        let hs = hack_and_slash::Sheet { abilities: vec![agility(3)] };
        assert_eq!(summary(Sheet::HackAndSlash(hs)), "Agility 1½");
        let hs = hack_and_slash::Sheet { abilities: vec![agility(2); 5] };
        assert_eq!(summary(Sheet::HackAndSlash(hs)), "Agility 1, Agility 1, Agility 1 and 2 more");
        assert!(summary(Sheet::new("remedy").unwrap()).starts_with("0 skills · best ability"));
    }

    #[test]
    fn what_a_sheet_rolls_is_listed_in_its_order_with_its_numbers() {
        let tf = twenty_four::Sheet {
            skills: vec![
                twenty_four::Skill { name: "Climb".into(), rank: 3 },
                twenty_four::Skill { name: "Stealth".into(), rank: 1 },
            ],
            ..Default::default()
        };
        assert_eq!(Sheet::TwentyFour(tf).rolls(), ["Climb (rank 3)", "Stealth (rank 1)"]);
        let hs =
            hack_and_slash::Sheet { abilities: vec![hack_and_slash::Ability { name: "Agility".into(), halves: -3 }] };
        assert_eq!(Sheet::HackAndSlash(hs).rolls(), ["Agility (−1½)"]);
        let ri = ruina_imperii::Sheet {
            skills: vec![ruina_imperii::Skill { name: "Ride".into(), dice: 4 }],
            ..Default::default()
        };
        assert_eq!(Sheet::RuinaImperii(ri).rolls(), ["Ride (4 dice)"]);
        let nameless =
            twenty_four::Sheet { skills: vec![twenty_four::Skill { name: " ".into(), rank: 2 }], ..Default::default() };
        assert_eq!(Sheet::TwentyFour(nameless).rolls(), ["Skill 1 (rank 2)"], "a row still being named");
        for id in SYSTEM_IDS {
            assert!(Sheet::new(id).unwrap().rolls().is_empty(), "{id}: a new sheet has nothing to roll yet");
        }
    }

    #[test]
    fn a_sheet_reads_and_fails_as_serdes_derived_reading_does() {
        use serde_json::{json, Value};
        let outcome = |r: Result<Value, serde_json::Error>| r.map_err(|e| e.to_string());
        let mut inputs: Vec<Value> =
            SYSTEM_IDS.iter().map(|id| serde_json::to_value(Sheet::new(id)).unwrap()).collect();
        let mut broken = inputs[0].clone();
        broken["skills"] = json!([{"name": "Stealth", "rank": "two"}]);
        assert!(Sheet::deserialize(&broken).is_err(), "a rank must be a number: {broken}");
        inputs.extend([
            broken,
            json!({"system": "remedy", "abilities": 3}),
            json!({"system": "chess"}),
            json!({"system": 7}),
            json!({"skills": []}),
            json!("remedy"),
            Value::Null,
        ]);
        for input in inputs {
            let ours = outcome(Sheet::deserialize(&input).map(|s| serde_json::to_value(s).unwrap()));
            let serdes = outcome(derived::Sheet::deserialize(&input).map(|s| serde_json::to_value(s).unwrap()));
            assert_eq!(ours, serdes, "from a Value: {input}");
            let text = serde_json::to_string_pretty(&input).unwrap();
            let ours = outcome(serde_json::from_str::<Sheet>(&text).map(|s| serde_json::to_value(s).unwrap()));
            let serdes =
                outcome(serde_json::from_str::<derived::Sheet>(&text).map(|s| serde_json::to_value(s).unwrap()));
            assert_eq!(ours, serdes, "from text: {text}");
        }
    }
}
