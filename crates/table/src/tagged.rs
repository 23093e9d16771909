//! The table's JSON enums tagged by a field (`{"type": "intent", ...}`): declared once with [`tagged_enum!`], which
//! derives their writing as serde does and reads them through [`dicetray_rules::tagged`].
//!
//! serde's derived reading of an internally tagged enum copies the input into serde's private buffer type first and
//! reads each variant from there, so every type under the enum is compiled a second time for that buffer. Here the
//! tagged object is read into its tag and a `serde_json::Value` of its fields, and the variant from
//! `{"<tag's value>": fields}` by a twin enum serde reads externally tagged (no buffer): the Table screen's wasm lost
//! that second copy (bench/README.md, "Room to grow"). The messages are serde's (the tests compare them with a
//! derived twin's).

/// Declares `pub enum $name` (every variant with named fields, `{}` for none) tagged by `$tag`, serialized as
/// `#[serde(tag = $tag)]` writes it and read as serde's derived reading with `deny_unknown_fields` would, with the
/// same messages. Each variant names its tag value: `Hello = "hello" { name: String }`.
#[macro_export]
macro_rules! tagged_enum {
    (
        $(#[$meta:meta])*
        pub enum $name:ident by $tag:literal {
            $(
                $(#[$vmeta:meta])*
                $variant:ident = $id:literal {
                    $( $(#[$fmeta:meta])* $field:ident : $ty:ty ),* $(,)?
                }
            ),* $(,)?
        }
    ) => {
        $(#[$meta])*
        #[derive(serde::Serialize)]
        #[serde(tag = $tag)]
        pub enum $name {
            $(
                $(#[$vmeta])*
                #[serde(rename = $id)]
                $variant { $( $(#[$fmeta])* $field: $ty ),* },
            )*
        }

        impl<'de> serde::Deserialize<'de> for $name {
            fn deserialize<D: serde::Deserializer<'de>>(input: D) -> Result<Self, D::Error> {
                /// The same variants, read externally tagged: `{"<id>": {fields}}`.
                #[derive(serde::Deserialize)]
                #[serde(deny_unknown_fields)]
                enum Twin {
                    $(
                        #[serde(rename = $id)]
                        $variant { $( $(#[$fmeta])* $field: $ty ),* },
                    )*
                }
                const IDS: &[&str] = &[$($id),*];
                let expecting = concat!("internally tagged enum ", stringify!($name));
                dicetray_rules::tagged::deserialize(input, $tag, IDS, expecting, |id, fields| {
                    let object = serde_json::Value::Object(dicetray_rules::sorted::gather([(id.to_owned(), fields)]));
                    Some(serde_json::from_value::<Twin>(object).map(|twin| match twin {
                        $( Twin::$variant { $($field),* } => $name::$variant { $($field),* }, )*
                    }))
                })
            }
        }
    };
}

#[cfg(test)]
mod tests {
    use crate::ask::AskFor;
    use crate::body::{Body, RollRequest};
    use crate::sync::SyncFrame;
    use serde::Deserialize;
    use serde_json::{json, Value};

    /// What serde derives for the same enums (named alike, as messages name them): the reference for every message.
    /// Only their readings are compared, so their fields are never read.
    #[allow(dead_code)]
    mod derived {
        use crate::key::{Bytes32, PeerKey};
        use crate::sync::Heads;
        use serde::Deserialize;

        #[derive(Debug, Deserialize)]
        #[serde(tag = "kind", rename_all = "snake_case", deny_unknown_fields)]
        pub enum RollRequest {
            System { json: String },
            Notation { text: String, version: u32 },
        }

        #[derive(Debug, Deserialize)]
        #[serde(tag = "kind", rename_all = "snake_case", deny_unknown_fields)]
        pub enum AskFor {
            System { json: String },
            Notation { text: String, version: u32 },
            Sheet { row: String, json: String },
        }

        #[derive(Debug, Deserialize)]
        #[serde(tag = "type", rename_all = "snake_case", deny_unknown_fields)]
        pub enum Body {
            Hello {
                name: String,
                #[serde(default)]
                character: Option<String>,
            },
            Leave,
            Intent {
                roll: String,
                request: RollRequest,
                commitment: Bytes32,
            },
            SealedIntent {
                roll: String,
                commitment: Bytes32,
            },
            Contribution {
                roll: String,
                roller: PeerKey,
                bytes: Bytes32,
            },
            Reveal {
                roll: String,
                secret: Bytes32,
                contributions: Vec<String>,
                result: serde_json::Value,
            },
            SealedReveal {
                roll: String,
                request: RollRequest,
                secret: Bytes32,
                contributions: Vec<String>,
                result: serde_json::Value,
            },
            GmRequest {
                id: String,
                #[serde(default)]
                to: Option<PeerKey>,
                request: AskFor,
            },
            Answer {
                id: String,
                gm: PeerKey,
                roll: String,
            },
        }

        #[derive(Debug, Deserialize)]
        #[serde(tag = "t", rename_all = "snake_case", deny_unknown_fields)]
        pub enum SyncFrame {
            Have {
                table: Bytes32,
                heads: Heads,
                #[serde(default)]
                away: bool,
            },
            Want {
                table: Bytes32,
                heads: Heads,
            },
            Give {
                table: Bytes32,
                messages: Vec<String>,
                #[serde(default)]
                more: bool,
            },
        }
    }

    /// Ok, or the error's text: what a reader of the message sees.
    fn outcome<T, E: std::fmt::Display>(result: Result<T, E>) -> Result<(), String> {
        result.map(drop).map_err(|e| e.to_string())
    }

    fn key(byte: char) -> String {
        byte.to_string().repeat(64)
    }

    /// Good and bad inputs of each enum: every variant, a missing and an unknown tag, a tag that is no string,
    /// unknown and missing fields, wrong field types, nested enums that are wrong, and what is not an object.
    fn inputs() -> Vec<Value> {
        let request = json!({"kind": "notation", "text": "2d6", "version": 3});
        vec![
            json!({"type": "hello", "name": "Bea"}),
            json!({"type": "hello", "name": "Bea", "character": "Ash"}),
            json!({"type": "hello", "name": "Bea", "character": null}),
            json!({"type": "hello"}),
            json!({"type": "hello", "name": 3}),
            json!({"type": "hello", "name": "Bea", "colour": "red"}),
            json!({"type": "leave"}),
            json!({"type": "leave", "why": "tired"}),
            json!({"type": "intent", "roll": "r1", "request": request, "commitment": key('a')}),
            json!({"type": "intent", "roll": "r1", "request": {"kind": "system", "json": "{}"}, "commitment": key('a')}),
            json!({"type": "intent", "roll": "r1", "request": {"kind": "dice"}, "commitment": key('a')}),
            json!({"type": "intent", "roll": "r1", "request": {"text": "2d6"}, "commitment": key('a')}),
            json!({"type": "intent", "roll": "r1", "request": {"kind": "notation", "text": "2d6"}, "commitment": key('a')}),
            json!({"type": "intent", "roll": "r1", "request": request, "commitment": "short"}),
            json!({"type": "sealed_intent", "roll": "r1", "commitment": key('b')}),
            json!({"type": "contribution", "roll": "r1", "roller": key('c'), "bytes": key('d')}),
            json!({"type": "contribution", "roll": "r1", "roller": "zz", "bytes": key('d')}),
            json!({"type": "reveal", "roll": "r1", "secret": key('e'), "contributions": ["m"], "result": {"a": 1}}),
            json!({"type": "reveal", "roll": "r1", "secret": key('e'), "contributions": "m", "result": 1}),
            json!({"type": "sealed_reveal", "roll": "r1", "request": request, "secret": key('e'),
                   "contributions": [], "result": null}),
            json!({"type": "gm_request", "id": "q1", "request": {"kind": "sheet", "row": "Stealth", "json": "{}"}}),
            json!({"type": "gm_request", "id": "q1", "to": key('f'), "request": request}),
            json!({"type": "gm_request", "id": "q1", "request": {"kind": "sheet", "row": "Stealth"}}),
            json!({"type": "gm_request", "id": "q1", "request": {"kind": "sheet", "row": 1, "json": "{}"}}),
            json!({"type": "answer", "id": "q1", "gm": key('f'), "roll": "r2"}),
            json!({"type": "answer", "id": "q1", "gm": key('f'), "roll": "r2", "type": "answer"}),
            json!({"type": "shout", "text": "hi"}),
            json!({"type": 7}),
            json!({"type": null}),
            json!({"name": "Bea"}),
            json!({}),
            json!("hello"),
            json!(12),
            json!(null),
            json!(["hello", "Bea"]),
        ]
    }

    fn sync_inputs() -> Vec<Value> {
        let heads = json!({ key('a'): [3, 2] });
        vec![
            json!({"t": "have", "table": key('1'), "heads": heads}),
            json!({"t": "have", "table": key('1'), "heads": heads, "away": true}),
            json!({"t": "have", "table": key('1'), "heads": {"nope": [1, 1]}}),
            json!({"t": "want", "table": key('1'), "heads": heads}),
            json!({"t": "want", "table": key('1'), "heads": heads, "away": true}),
            json!({"t": "give", "table": key('1'), "messages": ["x"], "more": true}),
            json!({"t": "give", "table": key('1')}),
            json!({"t": "take", "table": key('1')}),
            json!({"table": key('1')}),
            json!([]),
        ]
    }

    #[test]
    fn reading_says_what_serdes_derived_reading_says() {
        for input in inputs() {
            let ours = (outcome(Body::deserialize(&input)), outcome(serde_json::from_str::<Body>(&input.to_string())));
            let theirs = (
                outcome(derived::Body::deserialize(&input)),
                outcome(serde_json::from_str::<derived::Body>(&input.to_string())),
            );
            if input.is_array() {
                // serde's derived reading also takes a list (the tag, then the fields in order), which nothing
                // writes; dicetray_rules::tagged refuses it as not an object.
                assert!(ours.0.is_err() && ours.1.is_err(), "{input}: {ours:?}");
                continue;
            }
            if input == json!({"type": "leave", "why": "tired"}) {
                // serde's derived reading let a unit variant's unknown fields through; a body's unknown fields are
                // refused (docs/table-protocol.md), so here they are, as for every other variant.
                assert_eq!(theirs, (Ok(()), Ok(())));
                let refused = Err("unknown field `why`, there are no fields".to_string());
                assert_eq!(ours, (refused.clone(), refused), "{input}");
                continue;
            }
            assert_eq!(ours, theirs, "{input}");
        }
        for input in sync_inputs() {
            if input.is_array() {
                assert!(SyncFrame::deserialize(&input).is_err());
                continue;
            }
            assert_eq!(
                outcome(SyncFrame::deserialize(&input)),
                outcome(derived::SyncFrame::deserialize(&input)),
                "{input}"
            );
        }
        for input in [json!({"kind": "system", "json": "{}"}), json!({"kind": "sheet", "row": "x", "json": "{}"})] {
            assert_eq!(outcome(AskFor::deserialize(&input)), outcome(derived::AskFor::deserialize(&input)), "{input}");
            let request =
                (outcome(RollRequest::deserialize(&input)), outcome(derived::RollRequest::deserialize(&input)));
            assert_eq!(request.0, request.1, "{input}");
        }
    }

    #[test]
    fn every_good_input_is_written_back_as_it_was_read() {
        let good: Vec<Value> = inputs().into_iter().filter(|i| Body::deserialize(i).is_ok()).collect();
        assert!(good.len() >= 12, "every variant, with and without its optional fields: {}", good.len());
        for input in good {
            let body = Body::deserialize(&input).unwrap();
            let mut written = serde_json::to_value(&body).unwrap();
            let mut expected = input.clone();
            // Absent options are not written.
            for value in [&mut written, &mut expected] {
                value.as_object_mut().unwrap().retain(|_, v| !v.is_null());
            }
            assert_eq!(written, expected, "{input}");
        }
    }
}
