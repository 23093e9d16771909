//! Table mode (docs/table-protocol.md): every phone at the table sees every roll live and checks that nobody
//! re-rolled, with no server of ours. The protocol is `dicetray_table` (pure Rust: `member::Member` is this
//! device's side of it); the bytes travel over `dicetray_tablenet` (WebRTC data channels, Nostr relays for
//! signaling and as the fallback path). This module is the app's part: the invitation link and its QR code, the
//! seated device (`seat`, which rolls for the panels and the Tray while seated), and the Table screen's parts.

mod answer;
pub mod ask;
mod ask_input;
pub mod asked;
mod carry;
pub mod config;
pub mod invite;
pub mod join;
mod listed;
pub mod luck;
pub mod odds;
pub mod parts;
pub mod peers;
pub mod qr;
pub mod rolls;
pub mod row;
pub mod rules;
pub mod seat;
pub mod secret;
