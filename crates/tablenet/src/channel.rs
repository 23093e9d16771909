//! What a data channel carries, pure (tested natively): text messages of two kinds, told apart by their first
//! character. A table message is the envelope's JSON as it is (it starts with `{`); a sync text is sent as
//! [`SYNC_PREFIX`] followed by the text. Anything else is refused with its reason, never delivered.

use dicetray_table::limits::MAX_MESSAGE_BYTES;
use dicetray_table::signal::MAX_SYNC_BYTES;

/// The first character of a sync text on a data channel (a table message starts with `{`).
pub const SYNC_PREFIX: char = '~';

/// A data channel's text message, read.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ChannelText<'a> {
    /// A table message (for `Table::receive`).
    Message(&'a str),
    /// A sync text, without its prefix.
    Sync(&'a str),
}

/// Reads one text message from a data channel: its kind by the first character, and the size limit of that kind.
pub fn read(text: &str) -> Result<ChannelText<'_>, String> {
    if let Some(sync) = text.strip_prefix(SYNC_PREFIX) {
        if sync.is_empty() {
            return Err("an empty sync text over the data channel (allowed: `~` followed by a sync text)".into());
        }
        if sync.len() > MAX_SYNC_BYTES {
            return Err(format!(
                "a {} byte sync text over the data channel (MAX_SYNC_BYTES, at most {MAX_SYNC_BYTES})",
                sync.len()
            ));
        }
        return Ok(ChannelText::Sync(sync));
    }
    match text.chars().next() {
        Some('{') if text.len() <= MAX_MESSAGE_BYTES => Ok(ChannelText::Message(text)),
        Some('{') => Err(format!(
            "a {} byte message over the data channel (MAX_MESSAGE_BYTES, at most {MAX_MESSAGE_BYTES})",
            text.len()
        )),
        None => Err("an empty message over the data channel (allowed: a table message or `~` and a sync text)".into()),
        Some(c) => Err(format!(
            "a data channel message starting with {c:?} (allowed: `{{`, a table message, or `~`, a sync text)"
        )),
    }
}

/// A sync text as it goes over a data channel.
pub fn sync_text(text: &str) -> String {
    format!("{SYNC_PREFIX}{text}")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_table_message_and_a_sync_text_are_told_apart_by_their_first_character() {
        let msg = "{\"signed\":\"{}\",\"sig\":\"00\"}";
        assert_eq!(read(msg), Ok(ChannelText::Message(msg)));
        let sync = "{\"have\":1}";
        assert_eq!(sync_text(sync), "~{\"have\":1}");
        assert_eq!(read(&sync_text(sync)), Ok(ChannelText::Sync(sync)));
        // The text after the prefix is opaque: another `~` or any character is its own.
        assert_eq!(read("~~x"), Ok(ChannelText::Sync("~x")));
        assert_eq!(read("~é"), Ok(ChannelText::Sync("é")));
    }

    #[test]
    fn each_kind_keeps_its_size_limit() {
        let at = format!("{{{}}}", "x".repeat(MAX_MESSAGE_BYTES - 2));
        assert_eq!(read(&at), Ok(ChannelText::Message(&at)));
        let over = format!("{{{}}}", "x".repeat(MAX_MESSAGE_BYTES - 1));
        assert_eq!(
            read(&over),
            Err("a 16385 byte message over the data channel (MAX_MESSAGE_BYTES, at most 16384)".into())
        );

        // A sync text may be larger than a table message, up to its own limit (the prefix is not counted).
        let at = sync_text(&"s".repeat(MAX_SYNC_BYTES));
        assert!(matches!(read(&at), Ok(ChannelText::Sync(t)) if t.len() == MAX_SYNC_BYTES));
        let over = sync_text(&"s".repeat(MAX_SYNC_BYTES + 1));
        assert_eq!(
            read(&over),
            Err("a 32001 byte sync text over the data channel (MAX_SYNC_BYTES, at most 32000)".into())
        );
    }

    #[test]
    fn anything_else_is_refused_with_its_reason() {
        assert_eq!(
            read(""),
            Err("an empty message over the data channel (allowed: a table message or `~` and a sync text)".into())
        );
        assert_eq!(
            read("~"),
            Err("an empty sync text over the data channel (allowed: `~` followed by a sync text)".into())
        );
        assert_eq!(
            read("ping"),
            Err("a data channel message starting with 'p' (allowed: `{`, a table message, or `~`, a sync text)".into())
        );
        assert!(read(" {}").unwrap_err().starts_with("a data channel message starting with ' '"));
        assert!(read("[1]").is_err());
    }
}
