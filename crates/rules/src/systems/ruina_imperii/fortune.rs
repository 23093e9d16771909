//! Fortune, as far as one roll is concerned.
//!
//! In Ruina Imperii, spending one Fortune ignores the Harsh Failure of one roll; spending all of it (at least one)
//! ignores Harsh Failures for the rest of the scene. Either way this roll's Harsh Failure is covered, so both
//! readings give the same outcome; the two spellings only tell the app which bookkeeping to do.
//!
//! JSON: `false` (no Fortune), `true` or `"roll"` (one Fortune spent on this roll), `"scene"` (a scene-wide
//! Fortune is in force). `"none"` is also read as `false`. It is written back as `false`, `true` or `"scene"`.

use serde::de::{self, Deserializer, Visitor};
use serde::{Deserialize, Serialize, Serializer};
use std::fmt;

/// Whether Fortune covers this roll's Harsh Failure, and why.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub enum Fortune {
    /// No Fortune: a Harsh Failure stands.
    #[default]
    None,
    /// One Fortune spent on this roll.
    Roll,
    /// Fortune spent for the rest of the scene.
    Scene,
}

impl Fortune {
    /// True if a Harsh Failure of this roll is ignored.
    pub fn covers(self) -> bool {
        self != Fortune::None
    }
}

impl Serialize for Fortune {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        match self {
            Fortune::None => s.serialize_bool(false),
            Fortune::Roll => s.serialize_bool(true),
            Fortune::Scene => s.serialize_str("scene"),
        }
    }
}

impl<'de> Deserialize<'de> for Fortune {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        struct V;
        impl Visitor<'_> for V {
            type Value = Fortune;
            fn expecting(&self, f: &mut fmt::Formatter) -> fmt::Result {
                f.write_str(r#"false, true, "roll" or "scene""#)
            }
            fn visit_bool<E: de::Error>(self, b: bool) -> Result<Fortune, E> {
                Ok(if b { Fortune::Roll } else { Fortune::None })
            }
            fn visit_str<E: de::Error>(self, v: &str) -> Result<Fortune, E> {
                match v {
                    "none" => Ok(Fortune::None),
                    "roll" => Ok(Fortune::Roll),
                    "scene" => Ok(Fortune::Scene),
                    _ => Err(E::invalid_value(de::Unexpected::Str(v), &self)),
                }
            }
            fn visit_unit<E: de::Error>(self) -> Result<Fortune, E> {
                Ok(Fortune::None)
            }
            fn visit_none<E: de::Error>(self) -> Result<Fortune, E> {
                Ok(Fortune::None)
            }
        }
        d.deserialize_any(V)
    }
}
