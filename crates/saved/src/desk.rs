//! The desk: what the player had in front of them when they left, so a returning visit starts where the last one
//! stopped. Who rolls on the Roll screen (and the system of an ad hoc roll), each roller's situation (the DC,
//! Leverage, Pressure, Escalation... as typed, per input), the Tray's text and its named favourites, and the
//! table settings (vibration on a roll, keeping the screen awake).
//!
//! Saved under [`DESK_KEY`] as `{"version": 1, "data": {...}}`. Every list is bounded (the `MAX_*` constants,
//! also in `docs/limits.md`): the app never writes more, and a blob with more is not ours and is kept aside.

use crate::migrate::{decode_whole, DecodeError};
use dicetray_rules::dice::limits::MAX_EXPR_LEN;
use serde::{Deserialize, Serialize};

/// Where the desk is saved.
pub const DESK_KEY: &str = "dicetray.desk";
/// The desk format this build writes.
pub const DESK_VERSION: u32 = 1;

/// Rollers whose situation is remembered (the least recently used is forgotten past this).
pub const MAX_SITUATIONS: usize = 100;
/// Inputs remembered per roller.
pub const MAX_SITUATION_FIELDS: usize = 64;
/// Characters of one remembered input (longer text is not remembered).
pub const MAX_FIELD_TEXT: usize = 2000;
/// Named favourites in the Tray.
pub const MAX_FAVOURITES: usize = 50;
/// Characters of a favourite's name.
pub const MAX_FAVOURITE_NAME: usize = 40;
/// Characters of an input's id.
pub const MAX_FIELD_ID: usize = 64;

/// The situation key of ad hoc rolls (no character).
pub const AD_HOC: &str = "";

/// A small map from text keys to values, in insertion order, saved as a JSON object: the desk's maps hold at most
/// a hundred entries, where a list searched in order is as fast as a tree and much less code in the first load.
#[derive(Clone, Debug, PartialEq)]
pub struct Keyed<V>(Vec<(String, V)>);

impl<V> Default for Keyed<V> {
    fn default() -> Self {
        Keyed(Vec::new())
    }
}

impl<V> Keyed<V> {
    pub fn get(&self, key: &str) -> Option<&V> {
        self.0.iter().find(|(k, _)| k == key).map(|(_, v)| v)
    }

    /// Set `key` to `value` (in its place if it is there, else last).
    pub fn set(&mut self, key: &str, value: V) {
        match self.0.iter_mut().find(|(k, _)| k == key) {
            Some((_, v)) => *v = value,
            None => self.0.push((key.to_string(), value)),
        }
    }

    pub fn remove(&mut self, key: &str) -> Option<V> {
        let i = self.0.iter().position(|(k, _)| k == key)?;
        Some(self.0.remove(i).1)
    }

    pub fn len(&self) -> usize {
        self.0.len()
    }

    pub fn is_empty(&self) -> bool {
        self.0.is_empty()
    }

    pub fn iter(&self) -> impl Iterator<Item = (&String, &V)> {
        self.0.iter().map(|(k, v)| (k, v))
    }
}

impl<V: Default> Keyed<V> {
    /// The value of `key`, made empty first if there is none.
    pub fn get_or_default(&mut self, key: &str) -> &mut V {
        let i = match self.0.iter().position(|(k, _)| k == key) {
            Some(i) => i,
            None => {
                self.0.push((key.to_string(), V::default()));
                self.0.len() - 1
            }
        };
        &mut self.0[i].1
    }
}

impl<V: Serialize> Serialize for Keyed<V> {
    fn serialize<S: serde::Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        serializer.collect_map(self.0.iter().map(|(k, v)| (k, v)))
    }
}

impl<'de, V: Deserialize<'de>> Deserialize<'de> for Keyed<V> {
    fn deserialize<D: serde::Deserializer<'de>>(input: D) -> Result<Self, D::Error> {
        struct Visit<V>(std::marker::PhantomData<V>);
        impl<'de, V: Deserialize<'de>> serde::de::Visitor<'de> for Visit<V> {
            type Value = Keyed<V>;
            fn expecting(&self, f: &mut std::fmt::Formatter) -> std::fmt::Result {
                f.write_str("an object")
            }
            fn visit_map<A: serde::de::MapAccess<'de>>(self, mut map: A) -> Result<Keyed<V>, A::Error> {
                let mut out = Keyed::default();
                while let Some((key, value)) = map.next_entry::<String, V>()? {
                    out.set(&key, value);
                }
                Ok(out)
            }
        }
        input.deserialize_map(Visit(std::marker::PhantomData))
    }
}

/// One roller's inputs as typed, by input id (`tf-dc` → `"17"`).
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
#[serde(default)]
pub struct Situation {
    /// When an input was last changed (ms): the least recent situation is forgotten first.
    pub at: f64,
    pub fields: Keyed<String>,
}

/// A Tray expression saved under a name.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Favourite {
    pub name: String,
    pub notation: String,
}

/// Why a favourite cannot be saved.
#[derive(Clone, Debug, PartialEq)]
pub enum FavouriteError {
    EmptyName,
    NameTooLong(usize),
    EmptyNotation,
    NotationTooLong(usize),
    Full,
}

impl std::fmt::Display for FavouriteError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            FavouriteError::EmptyName => f.write_str("Give the favourite a name."),
            FavouriteError::NameTooLong(n) => write!(
                f,
                "The name has {n} characters; a favourite's name has at most {MAX_FAVOURITE_NAME} (MAX_FAVOURITE_NAME)."
            ),
            FavouriteError::EmptyNotation => f.write_str("Type an expression to save first."),
            FavouriteError::NotationTooLong(n) => {
                write!(f, "The expression has {n} characters; at most {MAX_EXPR_LEN} can be saved (MAX_EXPR_LEN).")
            }
            FavouriteError::Full => write!(
                f,
                "You have {MAX_FAVOURITES} favourites, the most dicetray keeps (MAX_FAVOURITES): remove one first."
            ),
        }
    }
}

/// Everything on the desk.
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
#[serde(default)]
pub struct Desk {
    /// The character the Roll screen rolls for ([`AD_HOC`]: none).
    pub who_rolls: String,
    /// The system of an ad hoc roll ("": the first system).
    pub ad_hoc_system: String,
    /// Each roller's situation, by character id ([`AD_HOC`] for ad hoc rolls).
    pub situations: Keyed<Situation>,
    /// The Tray's text as last typed.
    pub tray_text: String,
    /// The Tray's favourites, in the order they were saved.
    pub favourites: Vec<Favourite>,
    /// Vibrate on a roll (where the device can).
    pub vibrate: bool,
    /// Keep the screen awake while dicetray is open (Screen Wake Lock).
    pub keep_awake: bool,
    /// Draw the latest roll's dice at rest, without their tumble ("Animate dice" unticked). False, the default,
    /// also for a desk saved before the setting existed.
    pub still_dice: bool,
}

impl Desk {
    /// The character the Roll screen rolls for, if any.
    pub fn roller(&self) -> Option<&str> {
        (!self.who_rolls.is_empty()).then_some(self.who_rolls.as_str())
    }

    /// Roll for `character` (None: ad hoc).
    pub fn roll_as(&mut self, character: Option<&str>) {
        self.who_rolls = character.unwrap_or(AD_HOC).to_string();
    }

    /// The remembered text of input `field` in `roller`'s situation.
    pub fn recall(&self, roller: &str, field: &str) -> Option<&str> {
        self.situations.get(roller)?.fields.get(field).map(String::as_str)
    }

    /// Remember `text` as input `field` of `roller`'s situation at `now` (ms); false if it is not remembered (an
    /// id or text past [`MAX_FIELD_ID`] / [`MAX_FIELD_TEXT`], or a situation already holding
    /// [`MAX_SITUATION_FIELDS`] other inputs). Past [`MAX_SITUATIONS`] rollers the least recently changed
    /// situation is forgotten.
    pub fn remember(&mut self, roller: &str, field: &str, text: &str, now: f64) -> bool {
        if field.chars().count() > MAX_FIELD_ID || text.chars().count() > MAX_FIELD_TEXT {
            return false;
        }
        if self.situations.get(roller).is_none() && self.situations.len() >= MAX_SITUATIONS {
            let oldest = self.situations.iter().min_by(|a, b| a.1.at.total_cmp(&b.1.at)).map(|(k, _)| k.clone());
            if let Some(oldest) = oldest {
                self.situations.remove(&oldest);
            }
        }
        let situation = self.situations.get_or_default(roller);
        if situation.fields.get(field).is_none() && situation.fields.len() >= MAX_SITUATION_FIELDS {
            return false;
        }
        situation.at = now;
        situation.fields.set(field, text.to_string());
        true
    }

    /// Forget `roller`'s situation (the character was deleted).
    pub fn forget(&mut self, roller: &str) {
        self.situations.remove(roller);
        if self.who_rolls == roller {
            self.who_rolls.clear();
        }
    }

    /// Keep the Tray's text (up to [`MAX_EXPR_LEN`] characters; longer text is never a valid expression).
    pub fn set_tray_text(&mut self, text: &str) {
        self.tray_text = text.chars().take(MAX_EXPR_LEN).collect();
    }

    /// Save `notation` as a favourite called `name` (trimmed); a favourite of the same name is replaced in place.
    pub fn add_favourite(&mut self, name: &str, notation: &str) -> Result<(), FavouriteError> {
        let (name, notation) = (name.trim(), notation.trim());
        if name.is_empty() {
            return Err(FavouriteError::EmptyName);
        }
        let chars = name.chars().count();
        if chars > MAX_FAVOURITE_NAME {
            return Err(FavouriteError::NameTooLong(chars));
        }
        if notation.is_empty() {
            return Err(FavouriteError::EmptyNotation);
        }
        let chars = notation.chars().count();
        if chars > MAX_EXPR_LEN {
            return Err(FavouriteError::NotationTooLong(chars));
        }
        let favourite = Favourite { name: name.to_string(), notation: notation.to_string() };
        if let Some(same) = self.favourites.iter_mut().find(|f| f.name == name) {
            *same = favourite;
            return Ok(());
        }
        if self.favourites.len() >= MAX_FAVOURITES {
            return Err(FavouriteError::Full);
        }
        self.favourites.push(favourite);
        Ok(())
    }

    /// Remove favourite `index`; returns it with its place, for [`Desk::restore_favourite`] (Undo).
    pub fn remove_favourite(&mut self, index: usize) -> Option<(usize, Favourite)> {
        (index < self.favourites.len()).then(|| (index, self.favourites.remove(index)))
    }

    /// Put a removed favourite back where it was (unless one of its name was saved since, or the list is full).
    pub fn restore_favourite(&mut self, (index, favourite): (usize, Favourite)) -> bool {
        if self.favourites.len() >= MAX_FAVOURITES || self.favourites.iter().any(|f| f.name == favourite.name) {
            return false;
        }
        self.favourites.insert(index.min(self.favourites.len()), favourite);
        true
    }

    /// The first limit this desk is past, in words naming the limit (a desk the app wrote never is).
    fn over_limit(&self) -> Option<String> {
        let too_many = |what: &str, n: usize, max: usize, name: &str| {
            (n > max).then(|| format!("{what}: {n} (at most {max}, {name})"))
        };
        too_many("remembered situations", self.situations.len(), MAX_SITUATIONS, "MAX_SITUATIONS")
            .or_else(|| too_many("favourites", self.favourites.len(), MAX_FAVOURITES, "MAX_FAVOURITES"))
            .or_else(|| too_many("Tray text characters", self.tray_text.chars().count(), MAX_EXPR_LEN, "MAX_EXPR_LEN"))
            .or_else(|| {
                self.situations.iter().find_map(|(who, s)| {
                    too_many(
                        &format!("inputs remembered for `{who}`"),
                        s.fields.len(),
                        MAX_SITUATION_FIELDS,
                        "MAX_SITUATION_FIELDS",
                    )
                    .or_else(|| {
                        s.fields.iter().find_map(|(id, text)| {
                            too_many(
                                &format!("characters of input `{id}`"),
                                text.chars().count(),
                                MAX_FIELD_TEXT,
                                "MAX_FIELD_TEXT",
                            )
                        })
                    })
                })
            })
            .or_else(|| {
                self.favourites.iter().find_map(|f| {
                    too_many(
                        "characters of a favourite's name",
                        f.name.chars().count(),
                        MAX_FAVOURITE_NAME,
                        "MAX_FAVOURITE_NAME",
                    )
                    .or_else(|| {
                        too_many("characters of a favourite", f.notation.chars().count(), MAX_EXPR_LEN, "MAX_EXPR_LEN")
                    })
                })
            })
    }
}

/// The desk as saved: `{"version": 1, "data": {...}}`.
pub fn encode_desk(desk: &Desk) -> String {
    #[derive(Serialize)]
    struct Envelope<'a> {
        version: u32,
        data: &'a Desk,
    }
    serde_json::to_string(&Envelope { version: DESK_VERSION, data: desk }).expect("a desk serialises")
}

/// Read a saved desk. A newer version is [`DecodeError::Future`] (leave it alone); anything else that is not a
/// desk this build could have written is [`DecodeError::Unreadable`], saying where.
pub fn decode_desk(raw: &str) -> Result<Desk, DecodeError> {
    let desk: Desk = decode_whole(raw, DESK_VERSION, "desk")?;
    match desk.over_limit() {
        Some(why) => Err(DecodeError::Unreadable(format!("too many {why}"))),
        None => Ok(desk),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_desk_round_trips_and_an_old_empty_one_reads_with_defaults() {
        let mut desk = Desk::default();
        desk.roll_as(Some("c1"));
        desk.ad_hoc_system = "remedy".into();
        assert!(desk.remember("c1", "tf-dc", "17", 5.0));
        desk.set_tray_text("4d6kh3");
        desk.add_favourite(" Fireball ", "8d6").unwrap();
        desk.vibrate = true;
        let raw = encode_desk(&desk);
        assert!(raw.starts_with(r#"{"version":1,"data":{"#), "{raw}");
        assert!(raw.contains(r#""situations":{"c1":{"at":5.0,"fields":{"tf-dc":"17"}}}"#), "maps are objects: {raw}");
        assert_eq!(decode_desk(&raw), Ok(desk.clone()));
        assert_eq!(desk.roller(), Some("c1"));
        assert_eq!(desk.recall("c1", "tf-dc"), Some("17"));
        assert_eq!(desk.favourites[0].name, "Fireball");
        // Fields this build does not know are ignored; fields it knows but the blob lacks take their defaults.
        let sparse = decode_desk(r#"{"version":1,"data":{"tray_text":"d20","later":[1]}}"#).unwrap();
        assert_eq!((sparse.tray_text.as_str(), sparse.roller(), sparse.vibrate), ("d20", None, false));
        // A desk saved before "Animate dice" existed animates them; unticked, the setting is kept.
        assert!(!sparse.still_dice);
        let still = Desk { still_dice: true, ..Desk::default() };
        assert_eq!(decode_desk(&encode_desk(&still)).map(|d| d.still_dice), Ok(true));
    }

    #[test]
    fn a_newer_or_broken_desk_is_refused_saying_where() {
        assert_eq!(decode_desk(r#"{"version":2,"data":{}}"#), Err(DecodeError::Future(2)));
        let why = |raw: &str| match decode_desk(raw) {
            Err(DecodeError::Unreadable(why)) => why,
            other => panic!("{raw}: {other:?}"),
        };
        assert!(why("{oops").starts_with("not valid JSON"));
        assert!(why("[]").contains("found an array"));
        assert!(why(r#"{"data":{}}"#).contains("`version` is missing"));
        assert!(why(r#"{"version":0,"data":{}}"#).contains("0 is not a desk version"));
        let wrong = why(r#"{"version":1,"data":{"favourites":[{"name":"x","notation":7}]}}"#);
        assert!(wrong.contains("data.favourites[0].notation"), "{wrong}");
    }

    #[test]
    fn a_desk_past_a_limit_is_refused_naming_it() {
        let favourites =
            (0..=MAX_FAVOURITES).map(|i| Favourite { name: i.to_string(), notation: "d6".into() }).collect();
        let desk = Desk { favourites, ..Desk::default() };
        let Err(DecodeError::Unreadable(why)) = decode_desk(&encode_desk(&desk)) else { panic!() };
        assert!(why.contains("MAX_FAVOURITES") && why.contains("51"), "{why}");
        let mut desk = Desk::default();
        desk.situations.get_or_default("c").fields.set("x", "9".repeat(MAX_FIELD_TEXT + 1));
        let Err(DecodeError::Unreadable(why)) = decode_desk(&encode_desk(&desk)) else { panic!() };
        assert!(why.contains("MAX_FIELD_TEXT") && why.contains("`x`"), "{why}");
    }

    #[test]
    fn the_least_recently_used_situation_is_forgotten_first() {
        let mut desk = Desk::default();
        for i in 0..MAX_SITUATIONS {
            assert!(desk.remember(&format!("c{i}"), "dc", "10", i as f64));
        }
        // c0 is used again, so c1 is now the least recent.
        assert!(desk.remember("c0", "dc", "12", 1000.0));
        assert!(desk.remember("new", "dc", "14", 1001.0));
        assert_eq!(desk.situations.len(), MAX_SITUATIONS);
        assert_eq!(desk.recall("c0", "dc"), Some("12"));
        assert_eq!(desk.recall("c1", "dc"), None);
        assert_eq!(desk.recall("new", "dc"), Some("14"));
        // An input past its limits is not remembered, and nothing else is lost.
        assert!(!desk.remember("c0", "dc", &"1".repeat(MAX_FIELD_TEXT + 1), 1002.0));
        assert!(!desk.remember("c0", &"x".repeat(MAX_FIELD_ID + 1), "1", 1002.0));
        assert_eq!(desk.recall("c0", "dc"), Some("12"));
        for i in 1..MAX_SITUATION_FIELDS {
            assert!(desk.remember("c0", &format!("f{i}"), "1", 1003.0));
        }
        assert!(!desk.remember("c0", "one-too-many", "1", 1004.0));
        assert!(desk.remember("c0", "dc", "13", 1005.0), "an input already remembered can still change");
    }

    #[test]
    fn forgetting_a_character_forgets_its_situation_and_stops_rolling_as_it() {
        let mut desk = Desk::default();
        desk.roll_as(Some("c1"));
        desk.remember("c1", "dc", "15", 1.0);
        desk.remember(AD_HOC, "dc", "9", 1.0);
        desk.forget("c1");
        assert_eq!((desk.roller(), desk.recall("c1", "dc"), desk.recall(AD_HOC, "dc")), (None, None, Some("9")));
    }

    #[test]
    fn favourites_are_named_bounded_replaced_by_name_and_undoable() {
        let mut desk = Desk::default();
        assert_eq!(desk.add_favourite("  ", "d6"), Err(FavouriteError::EmptyName));
        assert_eq!(desk.add_favourite("x", " "), Err(FavouriteError::EmptyNotation));
        let long = "n".repeat(MAX_FAVOURITE_NAME + 1);
        let e = desk.add_favourite(&long, "d6").unwrap_err();
        assert!(e.to_string().contains("MAX_FAVOURITE_NAME") && e.to_string().contains("41"), "{e}");
        let e = desk.add_favourite("x", &"1".repeat(MAX_EXPR_LEN + 1)).unwrap_err();
        assert!(e.to_string().contains("MAX_EXPR_LEN"), "{e}");
        desk.add_favourite("Attack", "d20+5").unwrap();
        desk.add_favourite("Damage", "2d6+3").unwrap();
        desk.add_favourite("Attack", "d20+6").unwrap();
        assert_eq!(desk.favourites.len(), 2);
        assert_eq!(desk.favourites[0].notation, "d20+6", "same name: replaced in place");
        let removed = desk.remove_favourite(0).unwrap();
        assert_eq!(desk.favourites[0].name, "Damage");
        assert!(desk.restore_favourite(removed));
        assert_eq!(desk.favourites[0].name, "Attack");
        assert_eq!(desk.remove_favourite(9), None);
        for i in desk.favourites.len()..MAX_FAVOURITES {
            desk.add_favourite(&format!("f{i}"), "d6").unwrap();
        }
        let e = desk.add_favourite("one more", "d6").unwrap_err();
        assert_eq!(e, FavouriteError::Full);
        assert!(e.to_string().contains("MAX_FAVOURITES"));
        desk.set_tray_text(&"1".repeat(MAX_EXPR_LEN + 5));
        assert_eq!(desk.tray_text.len(), MAX_EXPR_LEN);
    }
}
