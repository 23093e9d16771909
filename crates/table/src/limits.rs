//! The table's limits. Each is named in the error that enforces it and listed in `docs/limits.md`.

/// Largest incoming message, in bytes, checked before anything is read.
pub const MAX_MESSAGE_BYTES: usize = 16 * 1024;
/// Longest name, character name, roll id or GM request id, in characters.
pub const MAX_NAME_CHARS: usize = 64;
/// Most fields a GM may set in a request a player's sheet completes (`AskFor::Sheet`), `system` included.
pub const MAX_ASK_FIELDS: usize = 16;
/// Most peers at one table (the roller included).
pub const MAX_PEERS: usize = 8;
/// How long a roller waits for the other peers' contributions before revealing with what arrived.
pub const CONTRIBUTION_WAIT_MS: u64 = 2_000;
/// An open roll's intent not revealed within this time shows as "not revealed".
pub const REVEAL_LIMIT_MS: u64 = 30_000;
/// Most rolls one peer may announce within `CONTRIBUTION_WAIT_MS` of each other, by its own clock (its sequence
/// numbers), so a phone catching up on many rolls at once counts them as one that saw them live.
pub const MAX_OPEN_ROLLS_PER_PEER: usize = 16;
/// Largest decrypted Nostr frame (`signal::Frame`), in bytes: a table message at its limit, escaped once more inside
/// the frame's JSON, fits; so does an SDP with many candidates.
pub const MAX_FRAME_BYTES: usize = 64 * 1024;
/// Largest WebSocket message read from a relay, in bytes: an event carrying a frame at its limit (base64 of it, 4/3)
/// with room to spare; checked before it is parsed.
pub const MAX_RELAY_MESSAGE_BYTES: usize = 128 * 1024;
/// How often a member tells the table what it has (`sync::SyncFrame::Have`, which is also its heartbeat).
pub const HEARTBEAT_MS: u64 = 3_000;
/// A peer not heard from for this long (three heartbeats) is shown away, and no roll waits for it.
pub const AWAY_MS: u64 = 9_000;
/// How long a member keeps a message about something it has not seen yet (a contribution whose intent is still
/// on its way, a message from a peer whose hello it lacks) before refusing it.
pub const PARK_MS: u64 = 15_000;
/// Most messages a member keeps waiting for what they are about; past it the oldest is refused (catch-up fetches
/// it again later).
pub const MAX_PARKED: usize = 4_096;
/// Most bytes of messages in one catch-up answer (`sync::SyncFrame::Give`); a single message over it still goes
/// alone.
pub const SYNC_GIVE_BYTES: usize = 24_000;
/// A member answers one peer's request for missed messages at most this often, so a catch-up is paced.
pub const MIN_GIVE_GAP_MS: u64 = 50;
/// A request for missed messages left unanswered this long may be sent again (to any peer that has them).
pub const WANT_TIMEOUT_MS: u64 = 5_000;
/// Most senders a sync frame may list.
pub const MAX_SYNC_SENDERS: usize = 256;
