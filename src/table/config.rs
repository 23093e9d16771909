//! Where the table's bytes go: the Nostr relays, the ICE (STUN) servers, and whether this device connects
//! directly at all. Defaults here; the page's query string overrides them (`?relays=wss://a,wss://b&ice=none&
//! direct=off`), which is how the browser tests point every phone at a relay of their own.

use crate::route::{decode, query_value};

/// Public relays that forward ephemeral events (NIP-01 / NIP-16), used when the page names none.
pub const DEFAULT_RELAYS: [&str; 4] =
    ["wss://relay.damus.io", "wss://nos.lol", "wss://relay.nostr.band", "wss://relay.snort.social"];

/// Public STUN servers: they tell a phone its public address, nothing of the table passes through them.
pub const DEFAULT_ICE: [&str; 2] = ["stun:stun.l.google.com:19302", "stun:stun.cloudflare.com:3478"];

/// At most this many relays (each is one WebSocket held open).
pub const MAX_RELAYS: usize = 8;

#[derive(Clone, Debug, PartialEq, Eq)]
pub struct TableConfig {
    pub relays: Vec<String>,
    pub ice: Vec<String>,
    /// False: never connect directly (WebRTC); every message goes through the relays, which hides this
    /// device's address from the other phones.
    pub direct: bool,
}

impl TableConfig {
    /// The configuration the query string `search` (`?a=b&c=d`, from `location.search`) asks for; an error names
    /// a relay that is not a `ws://` or `wss://` URL, or too many.
    pub fn from_query(search: &str) -> Result<TableConfig, String> {
        let query = search.trim_start_matches('?');
        let field = |name: &str| {
            query_value(query, name)
                .map(|v| {
                    decode(v).ok_or_else(|| format!("the page address's `{name}` is not properly percent-encoded"))
                })
                .transpose()
        };
        let relays: Vec<String> = match field("relays")? {
            Some(list) => list.split(',').map(str::trim).filter(|r| !r.is_empty()).map(str::to_string).collect(),
            None => DEFAULT_RELAYS.iter().map(|r| r.to_string()).collect(),
        };
        let ice = match field("ice")?.as_deref() {
            Some("none") => Vec::new(),
            Some(list) => list.split(',').map(str::trim).filter(|s| !s.is_empty()).map(str::to_string).collect(),
            None => DEFAULT_ICE.iter().map(|s| s.to_string()).collect(),
        };
        let direct = field("direct")?.as_deref() != Some("off");
        TableConfig { relays, ice, direct }.checked()
    }

    /// The relays as the player typed them, one per line (or separated by commas or spaces), in place of these.
    pub fn with_relays_text(self, text: &str) -> Result<TableConfig, String> {
        TableConfig { relays: words(text), ..self }.checked()
    }

    /// The STUN (or TURN) servers as the player typed them, one per line, in place of these; none is allowed
    /// (then only phones on the same network connect directly).
    pub fn with_ice_text(self, text: &str) -> Result<TableConfig, String> {
        let ice = words(text);
        if let Some(bad) =
            ice.iter().find(|s| !(s.starts_with("stun:") || s.starts_with("turn:") || s.starts_with("turns:")))
        {
            return Err(format!(
                "server `{bad}` is not a STUN or TURN URL (allowed: stun:host:port, turn:..., turns:...)"
            ));
        }
        if ice.len() > MAX_RELAYS {
            return Err(format!("{} STUN servers named (allowed: at most {MAX_RELAYS}, MAX_RELAYS)", ice.len()));
        }
        Ok(TableConfig { ice, ..self })
    }

    /// This configuration, if every relay is a WebSocket URL and there are 1 to `MAX_RELAYS`.
    fn checked(self) -> Result<TableConfig, String> {
        if let Some(bad) = self.relays.iter().find(|r| !(r.starts_with("ws://") || r.starts_with("wss://"))) {
            return Err(format!("relay `{bad}` is not a WebSocket URL (allowed: ws://... or wss://...)"));
        }
        if self.relays.is_empty() || self.relays.len() > MAX_RELAYS {
            return Err(format!(
                "{} relays named (allowed: 1 to {MAX_RELAYS}, MAX_RELAYS; the relays carry the connection's set-up)",
                self.relays.len()
            ));
        }
        Ok(self)
    }
}

/// The entries of a list typed one per line (or separated by commas or spaces).
fn words(text: &str) -> Vec<String> {
    text.split([',', ' ', '\n']).map(str::trim).filter(|r| !r.is_empty()).map(str::to_string).collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_query_names_the_relays_and_switches_off_ice_and_direct_connections() {
        let c = TableConfig::from_query("?relays=ws%3A%2F%2F127.0.0.1%3A7000,ws://127.0.0.1:7001&ice=none").unwrap();
        assert_eq!(c.relays, ["ws://127.0.0.1:7000", "ws://127.0.0.1:7001"]);
        assert!(c.ice.is_empty() && c.direct);
        let d = TableConfig::from_query("").unwrap();
        assert_eq!((d.relays.len(), d.ice.len(), d.direct), (DEFAULT_RELAYS.len(), DEFAULT_ICE.len(), true));
        assert!(!TableConfig::from_query("?direct=off").unwrap().direct);
        let e = TableConfig::from_query("?relays=https://x").unwrap_err();
        assert!(e.contains("`https://x`") && e.contains("wss://"), "{e}");
        let typed = d.clone().with_relays_text("wss://a.example\n  wss://b.example, ").unwrap();
        assert_eq!(typed.relays, ["wss://a.example", "wss://b.example"]);
        assert!(d.clone().with_relays_text(" ").unwrap_err().contains("0 relays"));
        let stun = d.clone().with_ice_text("stun:a.example:3478\nturn:b.example").unwrap();
        assert_eq!(stun.ice, ["stun:a.example:3478", "turn:b.example"]);
        assert!(d.clone().with_ice_text("").unwrap().ice.is_empty(), "no STUN server is allowed");
        assert!(d.clone().with_ice_text("http://x").unwrap_err().contains("`http://x`"));
        let nine = (0..9).map(|i| format!("wss://r{i}.example")).collect::<Vec<_>>().join(" ");
        assert!(d.with_relays_text(&nine).unwrap_err().contains("MAX_RELAYS"));
    }
}
