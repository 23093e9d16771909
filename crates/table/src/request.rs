//! What a roll at the table rolls ([`RollRequest`]): carried by an intent and a sealed reveal ([`crate::body`]),
//! and the roll a GM's request ([`crate::ask`]) turns into.

crate::tagged_enum! {
    /// What is rolled: a system request (`dicetray_rules::systems::Request` JSON, kept as the exact text sent) or
    /// notation text with the notation version it is read with.
    #[derive(Clone, Debug, PartialEq, Eq)]
    pub enum RollRequest by "kind" {
        System = "system" { json: String },
        Notation = "notation" { text: String, version: u32 },
    }
}
