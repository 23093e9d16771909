//! Which refusals a member must expect. With messages taken in any order and missing ones fetched from the peers,
//! the one refusal a device must expect is of a message about something that never reached it (a roll announced
//! before it joined that no peer could pass on, a stranger's message before its hello): it waited `PARK_MS` for
//! that and was refused. The kind is read from the message and the table's state, never from the refusal's text.

use crate::error::{RejectKind, Rejected};
use crate::key::Bytes32;
use crate::table::Table;
use crate::wire::open;

/// `rejected` (the table's refusal of `bytes`, which changed nothing) with its kind set.
pub(super) fn classify(table: &Table, hash: Bytes32, bytes: &[u8], rejected: Rejected) -> Rejected {
    let kind = match open(bytes) {
        Ok(m) if m.table == hash && table.missing(&m).is_some() => RejectKind::BeforeJoin,
        _ => RejectKind::Problem,
    };
    rejected.kind(kind)
}
