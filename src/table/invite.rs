//! The table's invitation: its id and key, carried only in the link's fragment (`#/table?t=<id>&k=<key>`), so
//! the static host never sees them.

use crate::route::query_value;
use dicetray_table::signal::{decode_link_param, encode_link_param};

/// Bytes in a table id (22 characters of base64url).
const ID_BYTES: usize = 16;

#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Invite {
    /// The table id (base64url, 22 characters).
    pub id: String,
    /// The table key: what the relays' messages are encrypted with.
    pub key: [u8; 32],
}

impl Invite {
    /// A new table from fresh random bytes.
    pub fn new(random: &[u8; 48]) -> Invite {
        let mut key = [0u8; 32];
        key.copy_from_slice(&random[ID_BYTES..]);
        Invite { id: encode_link_param(&random[..ID_BYTES]), key }
    }

    /// The invitation in a fragment (`#/table?t=...&k=...`): None if it has none, an error naming what is wrong
    /// with one that is damaged (a link cut short when copied, say).
    pub fn from_hash(hash: &str) -> Option<Result<Invite, String>> {
        let query = hash.split_once('?')?.1;
        let field = |name: &str| query_value(query, name).map(str::to_string);
        let (id, key) = (field("t"), field("k"));
        if id.is_none() && key.is_none() {
            return None;
        }
        Some(Invite::read(id.unwrap_or_default(), key.unwrap_or_default()))
    }

    /// From a saved table id and key (base64url).
    pub fn from_parts(id: String, key: &str) -> Result<Invite, String> {
        Invite::read(id, key.to_string())
    }

    /// The key as the link and the saved seat write it (base64url).
    pub fn key_text(&self) -> String {
        encode_link_param(&self.key)
    }

    fn read(id: String, key: String) -> Result<Invite, String> {
        if decode_link_param::<ID_BYTES>("t", &id).is_err() {
            return Err(format!(
                "The table link is damaged: its table id `t` is `{id}`, not {} characters of base64url. Ask for the \
                 link again.",
                ID_BYTES * 4 / 3 + 1
            ));
        }
        let key = decode_link_param::<32>("k", &key).map_err(|_| {
            "The table link is damaged: its key `k` is not 43 characters of base64url. Ask for the link again."
                .to_string()
        })?;
        Ok(Invite { id, key })
    }

    /// The fragment that opens the Table screen with this invitation.
    pub fn hash(&self) -> String {
        format!("#/table?t={}&k={}", self.id, self.key_text())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn an_invitation_reads_back_from_its_link_and_a_damaged_one_says_what_is_wrong() {
        let mut random = [0u8; 48];
        random.iter_mut().enumerate().for_each(|(i, b)| *b = (i * 37 % 251) as u8);
        let invite = Invite::new(&random);
        assert_eq!(invite.id.len(), 22);
        assert_eq!(Invite::from_hash(&invite.hash()), Some(Ok(invite.clone())));
        assert_eq!(Invite::from_hash("#/table"), None);
        assert_eq!(Invite::from_hash("#/roll?x=1"), None);
        let cut = &invite.hash()[..invite.hash().len() - 5];
        let err = Invite::from_hash(cut).unwrap().unwrap_err();
        assert!(err.contains("key `k`"), "{err}");
        let err = Invite::from_hash("#/table?t=abc&k=x").unwrap().unwrap_err();
        assert!(err.contains("`abc`"), "{err}");
    }
}
