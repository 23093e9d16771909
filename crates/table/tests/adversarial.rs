//! Adversarial peers: each cheat is refused with a notice naming the peer, or the roll fails its check.

mod common;
use common::*;
use dicetray_table::*;

fn failed(status: &Status, needle: &str) -> bool {
    matches!(status, Status::Failed(r) if r.contains(needle))
}

#[test]
fn a_withheld_reveal_shows_as_not_revealed() {
    let mut sim = Sim::new(3, 10);
    sim.announce(0, "w", "1d20", bytes(1));
    let events = sim.devices[1].table.tick(NOW + limits::REVEAL_LIMIT_MS - 1);
    assert!(events.is_empty());
    let events = sim.devices[1].table.tick(NOW + limits::REVEAL_LIMIT_MS);
    assert_eq!(events, vec![Event::Checked { roller: sim.key(0), roll: "w".into(), status: Status::NotRevealed }]);
}

#[test]
fn a_reveal_that_does_not_match_the_commitment_fails() {
    let mut sim = Sim::new(2, 11);
    sim.announce(0, "c", "1d20", bytes(1));
    let reveal = sim.reveal(0, "c", bytes(2));
    sim.deliver(&reveal, NOW + 1);
    assert!(failed(&sim.statuses(0, "c")[1], "does not match the commitment"));
}

#[test]
fn dice_changed_by_the_roller_fail_the_check() {
    let mut sim = Sim::new(2, 12);
    let secret = bytes(1);
    sim.announce(0, "d", "3d6", secret);
    let me = sim.key(0);
    let Body::Reveal { roll, secret, contributions, mut result } =
        reveal_body(&sim.devices[0].table, &me, "d", secret).unwrap()
    else {
        unreachable!()
    };
    result["total"] = serde_json::json!(18);
    let reveal = sim.seal(0, Body::Reveal { roll, secret, contributions, result });
    sim.deliver(&reveal, NOW + 1);
    assert!(failed(&sim.statuses(0, "d")[1], "dice shown differ"));
}

/// A contribution left out may have reached the roller too late, or never: whether it "arrived in time" here says
/// nothing about the roller, so it does not fail the roll anywhere (docs/table-protocol.md, "Who can cheat what"); it
/// is named as unused, on the devices that have it.
#[test]
fn a_contribution_left_out_is_named_unused_and_the_roll_still_verifies() {
    let mut sim = Sim::new(3, 13);
    let secret = bytes(1);
    sim.announce(0, "t", "1d20", secret);
    let c1 = sim.contribution(1, 0, "t", 21);
    let c2 = sim.contribution(2, 0, "t", 22);
    // The roller sees only c1 (it grinds by dropping c2); peers 1 and 2 saw both.
    for (i, d) in sim.devices.iter_mut().enumerate() {
        d.table.receive(&c1, NOW + 10).unwrap();
        if i != 0 {
            d.table.receive(&c2, NOW + 20).unwrap();
        }
    }
    let reveal = sim.reveal(0, "t", secret);
    for d in &mut sim.devices[1..] {
        d.table.receive(&reveal, NOW + 30).unwrap();
    }
    assert_eq!(sim.statuses(0, "t"), vec![Status::Pending, Status::Verified, Status::Verified]);
    let key = sim.key(0);
    for d in &sim.devices[1..] {
        assert_eq!(d.table.roll(&key, "t").unwrap().unused(), vec![sim.key(2)]);
    }
}

#[test]
fn a_contribution_arriving_after_the_wait_may_be_left_out() {
    let mut sim = Sim::new(3, 14);
    let secret = bytes(1);
    sim.announce(0, "late", "1d20", secret);
    let c1 = sim.contribution(1, 0, "late", 21);
    sim.deliver(&c1, NOW + 10);
    let reveal = sim.reveal(0, "late", secret);
    let c2 = sim.contribution(2, 0, "late", 22);
    for d in &mut sim.devices[1..] {
        d.table.receive(&c2, NOW + limits::CONTRIBUTION_WAIT_MS + 1).unwrap();
        d.table.receive(&reveal, NOW + limits::CONTRIBUTION_WAIT_MS + 2).unwrap();
    }
    assert_eq!(sim.statuses(0, "late")[1..], [Status::Verified, Status::Verified]);
}

#[test]
fn a_contribution_list_with_a_swapped_contribution_fails() {
    let mut sim = Sim::new(2, 15);
    let secret = bytes(1);
    sim.announce(0, "s", "1d20", secret);
    let c = sim.contribution(1, 0, "s", 21);
    sim.deliver(&c, NOW + 10);
    // Peer 1 signs a second contribution the others never saw; the roller uses it instead.
    let key = sim.key(0);
    let other = sim.devices[1].id.seal_with_seq(
        sim.hash,
        99,
        Body::Contribution { roll: "s".into(), roller: key, bytes: bytes(77) },
    );
    let text = String::from_utf8(other).unwrap();
    let request = RollRequest::Notation { text: "1d20".into(), version: 2 };
    let used = [(sim.key(1), bytes(77))];
    let result = request.roll(seed(&secret, &used, "s", &request)).unwrap();
    let reveal = sim.seal(0, Body::Reveal { roll: "s".into(), secret, contributions: vec![text], result });
    sim.deliver(&reveal, NOW + 20);
    assert!(failed(&sim.statuses(0, "s")[1], "player1"), "{:?}", sim.statuses(0, "s"));
    assert!(failed(&sim.statuses(0, "s")[1], "signed two different contributions to it"));
}

#[test]
fn a_second_contribution_arriving_after_the_reveal_that_used_the_first_fails_the_roll_naming_its_signer() {
    let mut sim = Sim::new(2, 15);
    let secret = bytes(1);
    sim.announce(0, "s", "1d20", secret);
    let c = sim.contribution(1, 0, "s", 21);
    sim.devices[0].table.receive(&c, NOW + 10).unwrap();
    let reveal = sim.reveal(0, "s", secret);
    sim.devices[1].table.receive(&c, NOW + 10).unwrap();
    sim.devices[1].table.receive(&reveal, NOW + 20).unwrap();
    assert_eq!(sim.statuses(0, "s")[1], Status::Verified);
    // The order opposite to the test above: the other contribution signed by player1 arrives after the reveal.
    let key = sim.key(0);
    let other = sim.devices[1].id.seal_with_seq(
        sim.hash,
        99,
        Body::Contribution { roll: "s".into(), roller: key, bytes: bytes(77) },
    );
    let mut third = Table::new(sim.hash, None, Some(Rules::HERE));
    for m in sim.log.messages.iter().filter(|m| !m.message.contains("contribution")) {
        third.receive(m.message.as_bytes(), m.at_ms).unwrap();
    }
    third.receive(&c, NOW + 10).unwrap();
    third.receive(&reveal, NOW + 20).unwrap();
    third.receive(&other, NOW + 30).unwrap();
    let status = &third.roll(&key, "s").unwrap().status;
    assert!(failed(status, "signed two different contributions to it"), "{status:?}");
}

#[test]
fn a_replayed_message_is_refused_naming_the_peer() {
    let mut sim = Sim::new(2, 16);
    let c = sim.intent(0, "r", "1d6", bytes(1));
    sim.deliver(&c, NOW);
    let err = sim.devices[1].table.receive(&c, NOW + 1).unwrap_err();
    assert_eq!(err.peer.as_deref(), Some(format!("player0 ({})", sim.key(0).short()).as_str()));
    assert!(err.to_string().contains("replayed: a message with sequence number 2 was already taken"), "{err}");
}

#[test]
fn messages_out_of_order_are_taken_and_rolls_listed_by_their_numbers() {
    let mut sim = Sim::new(2, 17);
    let first = sim.intent(0, "a", "1d6", bytes(1));
    let second = sim.intent(0, "b", "1d6", bytes(2));
    sim.devices[1].table.receive(&second, NOW).unwrap();
    sim.devices[1].table.receive(&first, NOW).unwrap();
    let ids: Vec<&str> = sim.devices[1].table.rolls().iter().map(|r| r.id.as_str()).collect();
    assert_eq!(ids, ["a", "b"], "in the order they were sent, not the order they arrived");
    // A contribution before its intent is refused, naming what it waits for (a member keeps it until then).
    let mut fresh = Sim::new(2, 18);
    let c = fresh.contribution(1, 0, "x", 1);
    let err = fresh.devices[0].table.receive(&c, NOW).unwrap_err();
    assert!(err.to_string().contains("never announced"), "{err}");
    let signed = open(&c).unwrap();
    assert_eq!(fresh.devices[0].table.missing(&signed), Some(Missing::roll(fresh.key(0), "x")));
}

#[test]
fn a_forged_signature_is_refused() {
    let mut sim = Sim::new(2, 19);
    let real = String::from_utf8(sim.intent(0, "f", "1d6", bytes(1))).unwrap();
    let forged = real.replace("1d6", "1d9");
    let err = sim.devices[1].table.receive(forged.as_bytes(), NOW).unwrap_err();
    assert!(err.to_string().contains("forged or altered"), "{err}");
    assert_eq!(err.roll.as_deref(), Some("f"));
    // A stranger signing as player 0: its own key does not match player 0's.
    let mut mallory = Identity::from_secret(bytes(999).0).unwrap();
    let theirs = String::from_utf8(mallory.seal(sim.hash, Body::Leave {})).unwrap();
    let ours = String::from_utf8(sim.seal(0, Body::Leave {})).unwrap();
    let sig = |s: &str| serde_json::from_str::<serde_json::Value>(s).unwrap()["sig"].as_str().unwrap().to_string();
    let spliced = ours.replace(&sig(&ours), &sig(&theirs));
    let err = sim.devices[1].table.receive(spliced.as_bytes(), NOW).unwrap_err();
    assert!(err.to_string().contains("forged or altered"), "{err}");
}

#[test]
fn a_message_for_another_table_is_refused() {
    let mut sim = Sim::new(2, 20);
    let elsewhere = sim.devices[0].id.seal(table_hash("other"), Body::Leave {});
    let err = sim.devices[1].table.receive(&elsewhere, NOW).unwrap_err();
    assert!(err.to_string().contains("for another table"), "{err}");
}

#[test]
fn a_peer_leaving_mid_roll_does_not_block_it() {
    let mut sim = Sim::new(3, 21);
    let secret = bytes(1);
    sim.announce(0, "l", "2d10", secret);
    let c = sim.contribution(1, 0, "l", 3);
    sim.deliver(&c, NOW + 10);
    sim.send(2, Body::Leave {}, NOW + 20);
    assert_eq!(sim.devices[0].table.tick(NOW + 21), vec![Event::RevealDue { roll: "l".into() }]);
    let reveal = sim.reveal(0, "l", secret);
    sim.deliver(&reveal, NOW + 30);
    assert_eq!(sim.statuses(0, "l"), vec![Status::Verified; 3]);
}

#[test]
fn oversized_and_garbage_bytes_are_refused_with_the_limit_named() {
    let mut sim = Sim::new(1, 22);
    let t = &mut sim.devices[0].table;
    let big = vec![b' '; limits::MAX_MESSAGE_BYTES + 1];
    let err = t.receive(&big, NOW).unwrap_err();
    assert!(err.to_string().contains("MAX_MESSAGE_BYTES, at most 16384"), "{err}");
    let err = t.receive(b"\xff\x00garbage", NOW).unwrap_err();
    assert!(err.to_string().contains("not a table message"), "{err}");
    assert!(err.to_string().contains("byte 1 is not UTF-8"), "{err}");
    let err = t.receive(b"{\"signed\":\"\xc3\x28\",\"sig\":\"\"}", NOW).unwrap_err();
    assert!(err.to_string().contains("byte 12 is not UTF-8 (allowed: JSON text in UTF-8)"), "{err}");
    let err = t.receive(br#"{"signed":"{\"table\":1}","sig":""}"#, NOW).unwrap_err();
    assert!(err.to_string().contains("malformed message body"), "{err}");
}

#[test]
fn a_malformed_body_names_the_peer_and_the_problem() {
    let mut sim = Sim::new(2, 23);
    let long = "x".repeat(limits::MAX_NAME_CHARS + 1);
    let msg = sim.seal(1, Body::Hello { name: long, character: None });
    let err = sim.devices[0].table.receive(&msg, NOW).unwrap_err();
    assert!(err.to_string().contains("MAX_NAME_CHARS: 1 to 64"), "{err}");
    assert!(err.to_string().contains(&sim.key(1).short()), "{err}");
    let bad = RollRequest::Notation { text: "1d".into(), version: 2 };
    let msg = sim.seal(1, Body::Intent { roll: "x".into(), request: bad, commitment: bytes(1) });
    let err = sim.devices[0].table.receive(&msg, NOW).unwrap_err();
    assert!(err.to_string().contains("notation: column"), "{err}");
}

#[test]
fn a_ninth_peer_and_a_seventeenth_open_roll_are_refused() {
    let mut sim = Sim::new(limits::MAX_PEERS, 24);
    let mut ninth = Identity::from_secret(bytes(5000).0).unwrap();
    let hello = ninth.seal(sim.hash, Body::Hello { name: "late".into(), character: None });
    let err = sim.devices[0].table.receive(&hello, NOW).unwrap_err();
    assert!(err.to_string().contains("the table is full (MAX_PEERS, at most 8)"), "{err}");
    for i in 0..limits::MAX_OPEN_ROLLS_PER_PEER {
        let intent = sim.intent(1, &format!("r{i}"), "1d6", bytes(i as u64));
        sim.devices[0].table.receive(&intent, NOW).unwrap();
    }
    let intent = sim.intent(1, "one too many", "1d6", bytes(99));
    let err = sim.devices[0].table.receive(&intent, NOW).unwrap_err();
    assert!(err.to_string().contains("(MAX_OPEN_ROLLS_PER_PEER, at most 16 within 2000 ms)"), "{err}");
}

#[test]
fn a_contribution_signed_by_a_key_that_never_said_hello_fails_the_roll() {
    let mut sim = Sim::new(2, 25);
    let secret = bytes(1);
    sim.announce(0, "g", "1d20", secret);
    // The roller grinds with a throwaway key of its own that never joined, instead of waiting for real peers.
    let roller = sim.key(0);
    let mut sybil = Identity::from_secret(bytes(4242).0).unwrap();
    let fake = sybil.seal(sim.hash, Body::Contribution { roll: "g".into(), roller, bytes: bytes(5) });
    let request = RollRequest::Notation { text: "1d20".into(), version: 2 };
    let result = request.roll(seed(&secret, &[(sybil.public(), bytes(5))], "g", &request)).unwrap();
    let contributions = vec![String::from_utf8(fake).unwrap()];
    let reveal = sim.seal(0, Body::Reveal { roll: "g".into(), secret, contributions, result });
    sim.deliver(&reveal, NOW + 1);
    let reason = format!("uses a contribution from {}, who never said hello at this table", sybil.public().short());
    assert!(failed(&sim.statuses(0, "g")[1], &reason), "{:?}", sim.statuses(0, "g"));
}

#[test]
fn a_peer_that_joined_after_the_intent_counts_and_so_does_one_that_left_since() {
    let mut sim = Sim::new(3, 26);
    let secret = bytes(1);
    sim.announce(0, "j", "2d6", secret);
    // A newcomer whose hello arrives after the intent may contribute (its roller may well have known it first).
    let mut late = Identity::from_secret(bytes(6000).0).unwrap();
    let hello = late.seal(sim.hash, Body::Hello { name: "late".into(), character: None });
    sim.deliver(&hello, NOW + 5);
    let roller = sim.key(0);
    let c = late.seal(sim.hash, Body::Contribution { roll: "j".into(), roller, bytes: bytes(61) });
    sim.deliver(&c, NOW + 10);
    // Player 2 leaves; a contribution it sent before (which may arrive after its leave) still counts: whether it
    // left first depends on the order messages reached each device.
    sim.send(2, Body::Leave {}, NOW + 20);
    let gone = sim.contribution(2, 0, "j", 62);
    sim.deliver(&gone, NOW + 30);
    let c1 = sim.contribution(1, 0, "j", 63);
    sim.deliver(&c1, NOW + 40);
    // The newcomer's contribution is in the reveal and checks out everywhere, though it left before the reveal.
    let reveal = sim.reveal(0, "j", secret);
    let seen = sim.devices[1].table.roll(&roller, "j").unwrap().seen.len();
    assert_eq!(seen, 3, "player 1, player 2 and the newcomer");
    let bye = late.seal(sim.hash, Body::Leave {});
    sim.deliver(&bye, NOW + 45);
    sim.deliver(&reveal, NOW + 50);
    assert_eq!(sim.statuses(0, "j"), vec![Status::Verified; 3]);
}
