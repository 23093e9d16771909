//! An incoming table message: arbitrary bytes into a table with two peers and one open roll; then, when the bytes
//! read as a message body, the same body signed by a known peer (so the fuzzer reaches past the signature check).
//! Nothing may panic; a refused message must leave the table as it was.
#![no_main]

use dicetray_table::{commitment, Body, Bytes32, Identity, RollRequest, Rules, Table};
use libfuzzer_sys::fuzz_target;

fn table_with_open_roll() -> (Table, Identity, Identity) {
    let hash = dicetray_table::table_hash("fuzz");
    let mut gm = Identity::from_secret([1; 32]).expect("a valid key");
    let mut player = Identity::from_secret([2; 32]).expect("a valid key");
    let mut table = Table::new(hash, None, Some(Rules::HERE));
    let hello = |name: &str| Body::Hello { name: name.into(), character: None };
    table.receive(&gm.seal(hash, hello("gm")), 0).expect("hello");
    table.receive(&player.seal(hash, hello("player")), 0).expect("hello");
    let request = RollRequest::Notation { text: "1d20".into(), version: 2 };
    let intent = Body::Intent { roll: "r".into(), request, commitment: commitment(&Bytes32([3; 32])) };
    table.receive(&gm.seal(hash, intent), 1).expect("intent");
    (table, gm, player)
}

fuzz_target!(|data: &[u8]| {
    let (mut table, _gm, mut player) = table_with_open_roll();
    let before = table.rolls().to_vec();
    if table.receive(data, 10).is_err() {
        assert_eq!(table.rolls(), &before[..], "a refused message changed the rolls");
    }
    let Ok(text) = std::str::from_utf8(data) else { return };
    let Ok(body) = serde_json::from_str::<Body>(text) else { return };
    let hash = dicetray_table::table_hash("fuzz");
    let msg = player.seal(hash, body);
    let before = table.rolls().to_vec();
    match table.receive(&msg, 20) {
        Ok(_) => {
            let _ = table.tick(u64::MAX);
        }
        Err(e) => {
            assert!(e.to_string().contains(&player.public().short()), "the notice does not name the peer: {e}");
            assert_eq!(table.rolls(), &before[..], "a refused message changed the rolls");
        }
    }
});
