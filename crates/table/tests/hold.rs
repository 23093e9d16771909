//! The member's hold-back: a peer's message that overtook the one before it (it came the other path) waits for it
//! instead of being refused as out of order.

#[path = "member/net.rs"]
mod net;
use dicetray_table::*;
use net::*;

/// Two members who said hello to each other (and took each other's answers), so each knows the other's sequence.
fn pair(seed: u64) -> (Member, Member, Rng) {
    let mut rng = Rng(seed);
    let mut a = Member::new("t", rng.bytes(), "a".into(), None, NOW).unwrap();
    let mut b = Member::new("t", rng.bytes(), "b".into(), None, NOW).unwrap();
    let hello_a = a.hello(NOW).unwrap();
    let hello_b = b.hello(NOW).unwrap();
    let fresh = &mut || rng.bytes();
    // Each takes the other's hello, then the other's answer to its own.
    let answer_b = b.receive(&hello_a, NOW, fresh).unwrap().outgoing;
    let answer_a = a.receive(&hello_b, NOW, fresh).unwrap().outgoing;
    assert_eq!((answer_a.len(), answer_b.len()), (1, 1));
    a.receive(&answer_b[0], NOW, fresh).unwrap();
    b.receive(&answer_a[0], NOW, fresh).unwrap();
    (a, b, rng)
}

fn asked(step: &Step) -> Vec<String> {
    let ids = step.events.iter().filter_map(|e| match e {
        Event::GmRequested { id, .. } => Some(id.clone()),
        _ => None,
    });
    ids.collect()
}

#[test]
fn a_message_that_overtook_the_one_before_it_waits_for_it_and_both_are_applied_in_order() {
    let (mut a, mut b, mut rng) = pair(1);
    let fresh = &mut || rng.bytes();
    let (roll, first) = b.roll(notation("1d20"), [1; 32], NOW).unwrap();
    let (q, second, _) = b.ask(None, notation("2d6"), NOW).unwrap();
    assert_eq!(a.receive(&second, NOW, fresh).unwrap(), Step::default(), "held: nothing happens yet");
    assert_eq!(a.held(), 1);
    assert_eq!(a.receive(&second, NOW + 1, fresh).unwrap(), Step::default(), "a copy of a held message");
    assert_eq!(a.held(), 1);
    let step = a.receive(&first, NOW + 2, fresh).unwrap();
    assert_eq!(a.held(), 0);
    let key = b.me();
    let announced = Event::Announced { roller: key, roll: roll.clone(), sealed: false };
    assert_eq!(step.events.first(), Some(&announced), "the intent first, then the request");
    assert_eq!(asked(&step), vec![q]);
    assert_eq!(step.outgoing.len(), 1, "the contribution to the intent");
    assert!(step.refused.is_empty() && step.problems.is_empty());
    assert_eq!(a.log().messages.iter().filter(|m| m.message.as_bytes() == second).count(), 1);
    // A rename overtaking the message before it waits too (it is not a restart: the gap is small).
    let (q, ask, _) = b.ask(None, notation("1d4"), NOW).unwrap();
    let rename = b.hello(NOW).unwrap();
    assert_eq!(a.receive(&rename, NOW + 3, fresh).unwrap(), Step::default());
    let step = a.receive(&ask, NOW + 4, fresh).unwrap();
    assert_eq!(asked(&step), vec![q]);
    assert!(matches!(step.events.last(), Some(Event::Joined { .. })), "{:?}", step.events);
}

#[test]
fn a_gap_that_never_fills_is_given_up_after_the_hold_and_the_missing_message_is_then_refused() {
    let (mut a, mut b, mut rng) = pair(2);
    let fresh = &mut || rng.bytes();
    let (_, missing, _) = b.ask(None, notation("1d6"), NOW).unwrap();
    let (q2, second, _) = b.ask(None, notation("1d8"), NOW).unwrap();
    let (q3, third, _) = b.ask(None, notation("1d10"), NOW).unwrap();
    a.receive(&third, NOW, fresh).unwrap();
    a.receive(&second, NOW + 10, fresh).unwrap();
    assert_eq!(a.tick(NOW + limits::HOLD_MS - 1, fresh), Step::default());
    assert_eq!(a.held(), 2);
    let step = a.tick(NOW + limits::HOLD_MS, fresh);
    assert_eq!(asked(&step), vec![q2, q3], "in sequence order, though the third arrived first");
    assert_eq!(a.held(), 0);
    let late = a.receive(&missing, NOW + limits::HOLD_MS + 1, fresh).unwrap_err();
    assert!(late.is_problem() && late.problem.contains("replayed or out of order"), "{late}");
}

#[test]
fn past_the_most_held_per_peer_the_member_stops_waiting() {
    let (mut a, mut b, mut rng) = pair(3);
    let fresh = &mut || rng.bytes();
    let (_, missing, _) = b.ask(None, notation("1d6"), NOW).unwrap();
    let mut ids = Vec::new();
    for _ in 0..=limits::MAX_HELD_PER_PEER {
        let (q, bytes, _) = b.ask(None, notation("1d6"), NOW).unwrap();
        ids.push(q);
        let step = a.receive(&bytes, NOW, fresh).unwrap();
        if ids.len() <= limits::MAX_HELD_PER_PEER {
            assert_eq!(step, Step::default());
            assert_eq!(a.held(), ids.len());
        } else {
            assert_eq!(asked(&step), ids, "all of them, in order, at the one too many");
        }
    }
    assert_eq!(a.held(), 0);
    assert!(a.receive(&missing, NOW, fresh).unwrap_err().problem.contains("out of order"));
}

#[test]
fn a_restarted_peers_hello_is_taken_at_once_after_what_is_held_from_before_it() {
    let (mut a, mut b, mut rng) = pair(4);
    let fresh = &mut || rng.bytes();
    let saved = b.save();
    let (_, lost, _) = b.ask(None, notation("1d6"), NOW).unwrap();
    let (q, held, _) = b.ask(None, notation("1d6"), NOW).unwrap();
    a.receive(&held, NOW, fresh).unwrap();
    assert_eq!(a.held(), 1);
    // b crashes before saving again, and comes back from the older save.
    let (mut b, _) = Member::restore(saved, NOW + 2_000).unwrap();
    let hello = b.hello(NOW + 2_000).unwrap();
    let step = a.receive(&hello, NOW + 2_001, fresh).unwrap();
    assert_eq!(asked(&step), vec![q], "the message from before the restart first");
    assert!(matches!(step.events.last(), Some(Event::Joined { .. })), "{:?}", step.events);
    assert_eq!(a.held(), 0);
    // Its next messages follow on; the one lost in the crash window, arriving now, is refused.
    let (q, next, _) = b.ask(None, notation("1d6"), NOW + 2_002).unwrap();
    assert_eq!(asked(&a.receive(&next, NOW + 2_003, fresh).unwrap()), vec![q]);
    assert!(a.receive(&lost, NOW + 2_004, fresh).is_err());
}

#[test]
fn honest_rolls_verify_when_messages_overtake_each_other_across_and_within_senders() {
    let exprs = ["1d20", "4d6kh3", "3d6!", "2d10+3"];
    for seed in 0..16u64 {
        let peers = 3 + (seed % 2) as usize;
        let mut net = Net::with_swaps(peers, seed, 300);
        let mut rolls = Vec::new();
        for k in 0..3 {
            let who = (seed as usize + k) % peers;
            let secret = net.rng.bytes();
            let expr = notation(exprs[(seed as usize + k) % exprs.len()]);
            let id = if k == 1 {
                net.act(who, |m, now| m.roll_sealed(expr, secret, now))
            } else {
                net.act(who, |m, now| m.roll(expr, secret, now))
            };
            rolls.push((who, id, k == 1));
        }
        // A newcomer joins mid-roll, and member 0 rolls as soon as it learns of it (the join race).
        let newcomer = net.join("late");
        let key = net.key(newcomer);
        while !net.member(0).table().peers().get(&key).is_some_and(|p| p.present) {
            assert!(net.step(), "seed {seed}: member 0 never heard the newcomer");
        }
        let secret = net.rng.bytes();
        rolls.push((0, net.act(0, |m, now| m.roll(notation("1d12"), secret, now)), false));
        net.run();
        // No message lost, so every gap filled without waiting out the hold.
        assert!(net.members.iter().flatten().all(|m| m.held() == 0), "seed {seed}: every gap filled");
        // A roller may still wait for the newcomer, if its intent reached the newcomer before its hello did.
        net.advance(limits::CONTRIBUTION_WAIT_MS);
        for (who, id, sealed) in &rolls {
            if *sealed {
                net.act(*who, |m, now| m.reveal_sealed(id, now).map(|b| ((), b)));
            }
        }
        net.run();
        for (who, id, _) in &rolls {
            let key = net.key(*who);
            let mut seeds = Vec::new();
            for (i, m) in net.members.iter().flatten().enumerate() {
                match m.table().roll(&key, id) {
                    Some(r) => {
                        assert_eq!(r.status, Status::Verified, "seed {seed}: roll {id} at {i}");
                        seeds.push(m.seed_of(&key, id).unwrap());
                    }
                    // Only the newcomer can have missed a roll: one announced before it joined, or whose intent
                    // overtook its roller's hello to it (refused as from a sender it did not know yet).
                    None => assert_eq!(i, newcomer, "seed {seed}: roll {id} unknown at {i}"),
                }
            }
            assert!(seeds.len() >= peers && seeds.iter().all(|s| *s == seeds[0]), "seed {seed}: {seeds:?}");
        }
        assert!(net.real_problems().is_empty(), "seed {seed}: {:?}", net.real_problems());
        assert!(net.overtaken > 0 && net.copies > 0, "seed {seed}");
    }
}
