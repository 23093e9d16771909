//! Reading an enum saved as `{"<tag>": "<id>", ...the variant's fields}` through one [`serde_json::Value`]: a
//! [`Request`](crate::systems::Request) by its `system`, and in the app character sheets and history roll sources.
//!
//! serde's derived internally tagged enums first copy the input into serde's private buffer type and then read
//! the variant from that buffer, so every type under such an enum is compiled a second time, for the buffer alone:
//! 72 KB raw of the browser app's main wasm module (bench/README.md, "Where the main module's bytes go"). Here the
//! variant is read from a `Value`, which the rest of the saved data already needs; the first load lost 9 KB gzip.
//!
//! The messages are serde's, word for word and at the same place in the text (the tests compare them with a
//! derived twin's): a missing tag is "missing field `system`", an unknown one "unknown variant `x`, expected one of
//! ...", and a variant's own errors are its type's. One input differs on purpose: serde's reading also took a JSON
//! list (the tag, then the fields in order), which nothing dicetray writes; it is refused as not an object.

use serde::de::{DeserializeSeed, Deserializer, Error, MapAccess, Visitor};
use serde_json::{Map, Value};
use std::fmt;

/// Read `{"<tag>": "<id>", ...}` from `input`: `read(id, the other fields as an object)` reads the variant, and
/// returns None for an id it does not know. `ids` are the known ids (an unknown one is refused as soon as it is
/// read, with the list); `expecting` is what a non-object input is told it should have been (serde's words:
/// "internally tagged enum <Name>").
pub fn deserialize<'de, D, T>(
    input: D,
    tag: &'static str,
    ids: &'static [&'static str],
    expecting: &'static str,
    read: impl FnOnce(&str, Value) -> Option<Result<T, serde_json::Error>>,
) -> Result<T, D::Error>
where
    D: Deserializer<'de>,
{
    let (id, fields) = input.deserialize_any(TaggedObject { tag, ids, expecting })?;
    // Like serde's derived reading, the variant is read once the whole object is: errors in its fields carry
    // no position in the text.
    match read(&id, Value::Object(fields)) {
        Some(variant) => variant.map_err(D::Error::custom),
        None => Err(D::Error::unknown_variant(&id, ids)),
    }
}

/// Reads an object into (its tag's id, its other fields). Errors about the tag are raised while the object is
/// read, so reading from text places them where serde's derived reading does.
struct TaggedObject {
    tag: &'static str,
    ids: &'static [&'static str],
    expecting: &'static str,
}

impl<'de> Visitor<'de> for TaggedObject {
    type Value = (String, Map<String, Value>);

    fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.expecting)
    }

    fn visit_map<A: MapAccess<'de>>(self, mut object: A) -> Result<Self::Value, A::Error> {
        let mut id = None;
        let mut fields = Map::new();
        while let Some(key) = object.next_key::<String>()? {
            if key != self.tag {
                let value = object.next_value::<Value>()?;
                fields.insert(key, value);
                continue;
            }
            if id.is_some() {
                return Err(A::Error::duplicate_field(self.tag));
            }
            id = Some(object.next_value_seed(Id { ids: self.ids })?);
        }
        let id = id.ok_or_else(|| A::Error::missing_field(self.tag))?;
        Ok((id, fields))
    }
}

/// The tag's value: one of `ids`, refused while it is read (so the error points at it).
struct Id {
    ids: &'static [&'static str],
}

impl<'de> DeserializeSeed<'de> for Id {
    type Value = String;

    fn deserialize<D: Deserializer<'de>>(self, input: D) -> Result<String, D::Error> {
        input.deserialize_identifier(self)
    }
}

impl<'de> Visitor<'de> for Id {
    type Value = String;

    fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("variant identifier")
    }

    fn visit_str<E: Error>(self, id: &str) -> Result<String, E> {
        match self.ids.contains(&id) {
            true => Ok(id.to_string()),
            false => Err(E::unknown_variant(id, self.ids)),
        }
    }
}

#[cfg(test)]
mod tests {
    use crate::systems::Request;
    use serde::{Deserialize, Serialize};
    use serde_json::{json, Value};

    /// What serde derives for the same enum (named alike, as messages name it), made from the same list of
    /// systems (`systems/registry.rs`): the reference for every message.
    use crate::systems::derived::Request as Derived;

    /// Inputs both readers must treat alike: good requests of every system, and every way one can be wrong
    /// (not an object, no tag, a tag that is not a string or not a system, a system's own field errors).
    fn inputs() -> Vec<Value> {
        vec![
            json!({"system": "24-system", "rank": 3, "dc": 15}),
            json!({"rank": 3, "dc": 15, "system": "24-system", "pressure": [2], "attack": true}),
            json!({"system": "remedy", "dice": 2, "advantage": "up", "modifier": 1, "difficulty": 12}),
            json!({"system": "total-effect", "advantage": 1}),
            json!({"system": "ruina-imperii", "pool": 4, "risk": 1}),
            json!({"system": "hack-and-slash", "bonus": 1.5, "difficulty": 2}),
            json!({"system": "hack-and-slash"}),
            json!({"system": "24-system"}),
            json!({"system": "24-system", "rank": "three", "dc": 15}),
            json!({"system": "24-system", "rank": 3, "dc": 15, "pressure": "2"}),
            json!({"system": "remedy", "dice": -1}),
            json!({"system": "ruina-imperii", "pool": 4, "opponent": {"skill": "x"}}),
            json!({"system": "total-effect", "advantage": 1, "mystery": true}),
            json!({"system": "d&d", "rank": 3}),
            json!({"system": "24-System"}),
            json!({"system": true}),
            json!({"system": null}),
            json!({"system": {"id": "remedy"}}),
            json!({"system": 1, "dice": 2}),
            json!({"rank": 3, "dc": 15}),
            json!({}),
            json!("24-system"),
            json!(12),
            json!(-3),
            json!(2.5),
            json!(true),
            Value::Null,
        ]
    }

    fn outcome<T: Serialize, E: std::fmt::Display>(r: Result<T, E>) -> Result<Value, String> {
        r.map(|v| serde_json::to_value(v).expect("serialises")).map_err(|e| e.to_string())
    }

    #[test]
    fn reading_through_a_value_says_what_serdes_derived_reading_says() {
        for input in inputs() {
            let from_value = (outcome(Request::deserialize(&input)), outcome(Derived::deserialize(&input)));
            assert_eq!(from_value.0, from_value.1, "from a Value: {input}");
            // From text, serde_json adds where the error is; both must point at the same place.
            let text = serde_json::to_string_pretty(&input).expect("serialises");
            let from_str =
                (outcome(serde_json::from_str::<Request>(&text)), outcome(serde_json::from_str::<Derived>(&text)));
            assert_eq!(from_str.0, from_str.1, "from text: {text}");
        }
        // Only text can name the tag twice.
        let twice = r#"{"system": "remedy", "dice": 2, "system": "remedy"}"#;
        let errors = (serde_json::from_str::<Request>(twice), serde_json::from_str::<Derived>(twice));
        assert_eq!(outcome(errors.0), outcome(errors.1), "{twice}");
    }

    #[test]
    fn a_list_is_not_a_request() {
        // serde's derived reading also took a list, the system first and then the fields in order
        // (`["remedy", 2, ...]`); nothing dicetray writes or documents looks like that, so it is refused.
        let list = json!(["remedy", 2]);
        let error = Request::deserialize(&list).unwrap_err().to_string();
        assert_eq!(error, "invalid type: sequence, expected internally tagged enum Request");
        let derived = Derived::deserialize(&list).unwrap_err().to_string();
        assert_eq!(derived, "invalid type: integer `2`, expected a string", "serde's reading reads it field by field");
    }
}
