//! Honest tables: every roll verified on every phone, the same dice everywhere.

mod common;
use common::*;
use dicetray_table::*;

#[test]
fn an_honest_roll_is_verified_on_every_device_with_the_same_dice() {
    let mut sim = Sim::new(3, 1);
    sim.honest_roll(0, "r1", "4d6kh3", 7);
    assert_eq!(sim.statuses(0, "r1"), vec![Status::Verified; 3]);
    let key = sim.key(0);
    let results: Vec<_> = sim.devices.iter().map(|d| d.table.roll(&key, "r1").unwrap().result.clone()).collect();
    assert!(results[0].is_some());
    assert!(results.iter().all(|r| r == &results[0]));
}

#[test]
fn a_system_request_rolls_and_verifies() {
    let mut sim = Sim::new(2, 2);
    let secret = bytes(3);
    let request = RollRequest::System { json: r#"{"system":"24-system","rank":2,"dc":15}"#.into() };
    let intent = sim.seal(1, Body::Intent { roll: "s".into(), request, commitment: commitment(&secret) });
    sim.deliver(&intent, NOW);
    let c = sim.contribution(0, 1, "s", 4);
    sim.deliver(&c, NOW + 10);
    let reveal = sim.reveal(1, "s", secret);
    sim.deliver(&reveal, NOW + 20);
    assert_eq!(sim.statuses(1, "s"), vec![Status::Verified; 2]);
}

#[test]
fn the_roller_is_told_to_reveal_once_every_peer_contributed_or_the_wait_is_over() {
    let mut sim = Sim::new(3, 3);
    let intent = sim.intent(0, "a", "1d20", bytes(1));
    let events = sim.deliver(&intent, NOW);
    assert!(events[1].contains(&Event::ContributeTo { roller: sim.key(0), roll: "a".into() }));
    assert!(sim.devices[0].table.tick(NOW + 10).is_empty());
    let c = sim.contribution(1, 0, "a", 5);
    sim.deliver(&c, NOW + 20);
    // One of two contributions: the roller still waits, until CONTRIBUTION_WAIT_MS.
    assert!(sim.devices[0].table.tick(NOW + 30).is_empty());
    let due = sim.devices[0].table.tick(NOW + limits::CONTRIBUTION_WAIT_MS);
    assert_eq!(due, vec![Event::RevealDue { roll: "a".into() }]);
    assert!(sim.devices[0].table.tick(NOW + limits::CONTRIBUTION_WAIT_MS + 1).is_empty());
}

#[test]
fn a_sealed_gm_roll_is_hidden_until_revealed_then_verified() {
    let mut sim = Sim::new(3, 4);
    let secret = bytes(9);
    let request = sim.announce_sealed(0, "h", "1d100", secret);
    let c = sim.contribution(2, 0, "h", 11);
    sim.deliver(&c, NOW + 5);
    assert_eq!(sim.statuses(0, "h"), vec![Status::Sealed; 3]);
    for d in &mut sim.devices {
        d.table.tick(NOW + limits::REVEAL_LIMIT_MS * 10);
    }
    assert_eq!(sim.statuses(0, "h"), vec![Status::Sealed; 3], "a hidden roll may stay sealed");
    let reveal = sim.sealed_reveal(0, "h", request, secret);
    sim.deliver(&reveal, NOW + 60_000);
    assert_eq!(sim.statuses(0, "h"), vec![Status::Verified; 3]);
}

#[test]
fn a_sealed_reveal_with_another_request_fails() {
    let mut sim = Sim::new(2, 5);
    let secret = bytes(9);
    sim.announce_sealed(0, "h", "1d100", secret);
    let other = RollRequest::Notation { text: "1d100+50".into(), version: 2 };
    let reveal = sim.sealed_reveal(0, "h", other, secret);
    let events = sim.deliver(&reveal, NOW + 1);
    assert!(matches!(&sim.statuses(0, "h")[1], Status::Failed(r) if r.contains("commitment")), "{events:?}");
}

#[test]
fn a_gm_request_is_answered_by_a_linked_roll() {
    let mut sim = Sim::new(2, 6);
    let gm = gm_asks_player1_then(&mut sim, "stealth", 1);
    let events = sim.send(1, Body::Answer { id: "stealth".into(), gm, roll: "r".into() }, NOW + 300);
    assert!(matches!(&events[0][0], Event::Answered { id, .. } if id == "stealth"));
    let key = sim.key(1);
    assert_eq!(sim.devices[0].table.roll(&key, "r").unwrap().answers, Some((gm, "stealth".into())));
}

/// The GM (0) asks player 1 for a 24-System roll at DC 15 from the skill Stealth on her sheet; player 1 announces
/// `json` as roll `r` and links it as the answer. The events of the answer on every device.
fn sheet_ask_answered_with(json: &str) -> (Sim, Vec<Result<Vec<Event>, String>>) {
    let mut sim = Sim::new(3, 9);
    let ask = AskFor::Sheet { row: "Stealth".into(), json: r#"{"system":"24-system","dc":15}"#.into() };
    let to = Some(sim.key(1));
    sim.send(0, Body::GmRequest { id: "q".into(), to, request: ask }, NOW);
    let request = RollRequest::System { json: json.into() };
    let commitment = commitment(&bytes(5));
    sim.send(1, Body::Intent { roll: "r".into(), request, commitment }, NOW + 10);
    let gm = sim.key(0);
    let answer = sim.seal(1, Body::Answer { id: "q".into(), gm, roll: "r".into() });
    let events = (0..3).map(|i| sim.devices[i].table.receive(&answer, NOW + 20).map_err(|e| e.to_string())).collect();
    (sim, events)
}

#[test]
fn a_sheet_request_is_answered_by_a_roll_that_keeps_the_gms_values() {
    let (sim, events) = sheet_ask_answered_with(r#"{"system":"24-system","rank":3,"leverage":1,"dc":15}"#);
    for e in &events {
        assert!(matches!(&e.as_ref().unwrap()[0], Event::Answered { id, .. } if id == "q"), "{e:?}");
    }
    let (player, gm) = (sim.key(1), sim.key(0));
    assert_eq!(sim.devices[2].table.roll(&player, "r").unwrap().answers, Some((gm, "q".into())));
}

#[test]
fn an_answer_that_lowers_the_gms_dc_is_refused_on_every_phone_naming_the_field() {
    let (sim, events) = sheet_ask_answered_with(r#"{"system":"24-system","rank":3,"dc":12}"#);
    for e in &events {
        assert!(matches!(e, Err(p) if p.contains("`dc` 12") && p.contains("15")), "{e:?}");
    }
    assert_eq!(sim.devices[0].table.roll(&sim.key(1), "r").unwrap().answers, None);
}

#[test]
fn an_answer_to_a_request_for_someone_else_is_refused() {
    let mut sim = Sim::new(3, 7);
    let gm = gm_asks_player1_then(&mut sim, "q", 2);
    let answer = sim.seal(2, Body::Answer { id: "q".into(), gm, roll: "r".into() });
    let err = sim.devices[0].table.receive(&answer, NOW).unwrap_err();
    assert!(err.to_string().contains("asked someone else"), "{err}");
}

#[test]
fn a_roll_by_a_peer_who_learned_of_a_newcomer_first_verifies_wherever_the_newcomer_arrives_later() {
    // A (0) hears newcomer D's hello and rolls at once. At B (1) the intent arrives before D's hello; at C (2) D's
    // contribution even arrives before its hello (refused then, as from a stranger). Both must verify A's roll.
    let mut sim = Sim::new(3, 8);
    let mut d = Identity::from_secret(bytes(8000).0).unwrap();
    let hello = d.seal(sim.hash, Body::Hello { name: "newcomer".into(), character: None });
    sim.devices[0].table.receive(&hello, NOW).unwrap();
    let secret = bytes(3);
    let intent = sim.intent(0, "n", "1d20", secret);
    for dev in &mut sim.devices {
        dev.table.receive(&intent, NOW + 1).unwrap();
    }
    let roller = sim.key(0);
    let from_d = d.seal(sim.hash, Body::Contribution { roll: "n".into(), roller, bytes: bytes(81) });
    let early = sim.devices[2].table.receive(&from_d, NOW + 2).unwrap_err();
    assert!(early.problem.contains("before saying hello"), "{early}");
    for dev in &mut sim.devices[1..] {
        dev.table.receive(&hello, NOW + 3).unwrap();
    }
    for dev in &mut sim.devices[..2] {
        let taken = dev.table.receive(&from_d, NOW + 4);
        assert!(taken.is_ok(), "a contribution from a peer present when it arrives counts: {taken:?}");
    }
    for i in [1, 2] {
        let c = sim.contribution(i, 0, "n", 82 + i as u64);
        sim.deliver(&c, NOW + 5);
    }
    let reveal = sim.reveal(0, "n", secret);
    let Body::Reveal { contributions, .. } = open(&reveal).unwrap().body else { unreachable!() };
    assert_eq!(contributions.len(), 3, "B's, C's and D's");
    sim.deliver(&reveal, NOW + 6);
    assert_eq!(sim.statuses(0, "n"), vec![Status::Verified; 3]);
}

/// Player 0 (the GM) asks player 1 for `1d20+3` as request `id`; then player `roller` rolls `r` honestly.
fn gm_asks_player1_then(sim: &mut Sim, id: &str, roller: usize) -> PeerKey {
    let request = RollRequest::Notation { text: "1d20+3".into(), version: 2 };
    let to = Some(sim.key(1));
    sim.send(0, Body::GmRequest { id: id.into(), to, request: request.into() }, NOW);
    sim.honest_roll(roller, "r", "1d20+3", 2);
    sim.key(0)
}
