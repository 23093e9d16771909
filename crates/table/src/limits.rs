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
/// Most rolls one peer may have open (announced, not revealed) at once.
pub const MAX_OPEN_ROLLS_PER_PEER: usize = 16;
/// Most messages a member holds back per peer while waiting for a gap in that peer's sequence numbers to fill (a
/// message overtaken on the other path); past it the member stops waiting and applies them in order.
pub const MAX_HELD_PER_PEER: usize = 64;
/// How long a member holds a message back waiting for the gap before it to fill; then it is applied, gap and all.
/// Well under `CONTRIBUTION_WAIT_MS`, so a held intent is still contributed to in time.
pub const HOLD_MS: u64 = 1_500;
/// Largest decrypted Nostr frame (`signal::Frame`), in bytes: a table message at its limit, escaped once more inside
/// the frame's JSON, fits; so does an SDP with many candidates.
pub const MAX_FRAME_BYTES: usize = 64 * 1024;
/// Largest WebSocket message read from a relay, in bytes: an event carrying a frame at its limit (base64 of it, 4/3)
/// with room to spare; checked before it is parsed.
pub const MAX_RELAY_MESSAGE_BYTES: usize = 128 * 1024;
