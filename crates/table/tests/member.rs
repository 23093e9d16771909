//! `Member`, a device's side of the table, over a simulated network that reorders between senders, keeps each
//! sender's order, and delivers some messages twice.

// The network simulation lives beside this file (a test crate root looks for modules next to itself).
#[path = "member/net.rs"]
mod net;
use dicetray_table::*;
use net::*;
use proptest::prelude::*;
use proptest::test_runner::RngSeed;

#[test]
fn an_open_roll_ends_verified_on_all_three_with_the_same_seed_and_dice() {
    let mut net = Net::new(3, 1);
    let secret = net.rng.bytes();
    let roll = net.act(0, |m, now| m.roll(notation("4d6kh3"), secret, now));
    net.run();
    let seed = net.verified_alike(0, &roll);
    let request = notation("4d6kh3");
    // The seed the history records is the one the dice came from.
    let result = net.member(1).table().roll(&net.key(0), &roll).unwrap().result.clone().unwrap();
    assert_eq!(request.roll(seed).unwrap(), result);
    assert!(net.real_problems().is_empty(), "{:?}", net.real_problems());
    assert!(net.member(0).own_rolls().is_empty(), "the secret is forgotten once revealed");
    // Every member logged every message it took, its own included.
    for m in net.members.iter().flatten() {
        assert!(replay(m.log()).rejected.is_empty());
        assert_eq!(replay(m.log()).table.roll(&net.key(0), &roll).unwrap().status, Status::Verified);
    }
}

#[test]
fn a_newcomer_learns_everyone_and_no_hello_ping_pong_happens() {
    let mut net = Net::new(3, 2);
    let before = net.sent.len();
    let newcomer = net.join("late");
    net.run();
    // Its hello, one answer from each of the three, and its answer to each of those (it had not seen them): and
    // nothing more, since nobody answers a hello from a peer already present.
    assert_eq!(net.sent.len() - before, 7, "hellos only");
    assert_eq!(net.hellos_since(before), 7);
    for m in net.members.iter().flatten() {
        assert_eq!(m.table().peers().values().filter(|p| p.present).count(), 4);
    }
    // A hello from a present peer (a rename) is answered by nobody.
    let before = net.sent.len();
    net.act(1, |m, now| m.hello(now).map(|b| ((), b)));
    net.run();
    assert_eq!(net.sent.len() - before, 1);
    // And the newcomer rolls with everyone.
    let secret = net.rng.bytes();
    let roll = net.act(newcomer, |m, now| m.roll(notation("1d20"), secret, now));
    net.run();
    net.verified_alike(newcomer, &roll);
    assert!(net.real_problems().is_empty(), "{:?}", net.real_problems());
}

#[test]
fn a_newcomer_mid_roll_catches_up_on_it_and_on_every_roll_before_it() {
    let mut net = Net::new(3, 3);
    let secret = net.rng.bytes();
    let before = net.act(1, |m, now| m.roll(notation("1d6"), secret, now));
    net.advance(limits::CONTRIBUTION_WAIT_MS);
    let secret = net.rng.bytes();
    let roll = net.act(0, |m, now| m.roll(notation("2d10"), secret, now));
    let newcomer = net.join("late");
    net.run();
    // Catch-up answers to one peer are paced (`MIN_GIVE_GAP_MS`): time passes in ticks.
    for _ in 0..20 {
        net.advance(100);
    }
    // Nothing it was sent is refused: what it could not place yet waited for the rest, which the others passed on.
    assert!(net.refused.iter().all(|(i, _)| *i != newcomer), "{:?}", net.refused);
    assert!(net.real_problems().is_empty(), "{:?}", net.real_problems());
    assert_eq!(net.member(newcomer).held(), 0);
    net.verified_alike(1, &before);
    net.verified_alike(0, &roll);
    let order = |i: usize| -> Vec<String> { net.member(i).table().rolls().iter().map(|r| r.id.clone()).collect() };
    assert_eq!(order(newcomer), order(0), "the same rolls in the same order");
    assert_eq!(order(0), vec![before, roll]);
}

#[test]
fn a_sealed_roll_is_sealed_on_the_others_then_revealed_and_verified() {
    let mut net = Net::new(3, 4);
    let secret = net.rng.bytes();
    let roll = net.act(0, |m, now| m.roll_sealed(notation("1d100"), secret, now));
    net.advance(limits::REVEAL_LIMIT_MS * 2);
    assert_eq!(net.statuses(0, &roll), vec![Status::Sealed; 3]);
    let gm = net.key(0);
    assert_eq!(net.member(0).hidden_request(&roll), Some(&notation("1d100")));
    assert_eq!(net.member(0).request_of(&gm, &roll), Some(&notation("1d100")));
    assert_eq!(net.member(1).request_of(&gm, &roll), None, "hidden from the others");
    net.act(0, |m, now| m.reveal_sealed(&roll, now).map(|b| ((), b)));
    net.run();
    net.verified_alike(0, &roll);
    assert_eq!(net.member(1).request_of(&gm, &roll), Some(&notation("1d100")));
    assert_eq!(net.member(0).hidden_request(&roll), None);
    let again = net.members[0].as_mut().unwrap().reveal_sealed(&roll, NOW).unwrap_err();
    assert!(again.contains("no hidden roll"), "{again}");
    assert!(net.real_problems().is_empty(), "{:?}", net.real_problems());
}

#[test]
fn a_gm_request_is_answered_by_a_verified_roll() {
    let mut net = Net::new(3, 5);
    let player = net.key(1);
    let id = net.act(0, |m, now| m.ask(Some(player), notation("1d20+3"), now).map(|(id, b, _)| (id, b)));
    net.run();
    let gm = net.key(0);
    for m in net.members.iter().flatten() {
        assert_eq!(m.table().gm_request(&gm, &id).unwrap().to, Some(player));
    }
    let secret = net.rng.bytes();
    let roll = net.act(1, |m, now| m.roll(notation("1d20+3"), secret, now));
    let own = net.act(1, |m, now| m.answer(gm, &id, &roll, now).map(|(b, events)| (events, b)));
    assert!(
        matches!(&own[..], [Event::Answered { id: i, .. }] if *i == id),
        "the answering device hears its own answer (its list of requests drops it): {own:?}"
    );
    net.run();
    net.verified_alike(1, &roll);
    for m in net.members.iter().flatten() {
        assert_eq!(m.table().roll(&player, &roll).unwrap().answers, Some((gm, id.clone())));
    }
    assert!(net.real_problems().is_empty(), "{:?}", net.real_problems());
}

#[test]
fn a_reveal_with_one_die_changed_fails_on_the_others_naming_the_mismatch() {
    let mut net = Net::new(3, 6);
    net.frozen.push(0);
    let secret = net.rng.bytes();
    let roll = net.act(0, |m, now| m.roll(notation("4d6"), secret, now));
    net.run();
    // The cheater builds its reveal by hand: honest, except one die.
    let cheater = net.member(0);
    let Body::Reveal { roll: id, secret, contributions, mut result } =
        reveal_body(cheater.table(), &cheater.me(), &roll, Bytes32(secret)).unwrap()
    else {
        unreachable!()
    };
    let die = &mut result["groups"][0]["dice"][0]["value"];
    *die = serde_json::json!(die.as_i64().unwrap() % 6 + 1);
    let saved = cheater.save();
    let identity = Identity::from_secret(saved.identity_secret.0).unwrap();
    let body = Body::Reveal { roll: id, secret, contributions, result };
    let reveal = identity.seal_with_seq(table_hash("test table"), saved.next_seq, body);
    net.broadcast(0, reveal);
    net.run();
    let key = net.key(0);
    for i in [1, 2] {
        let status = &net.member(i).table().roll(&key, &roll).unwrap().status;
        assert!(matches!(status, Status::Failed(r) if r.contains("dice shown differ")), "{status:?}");
        assert_eq!(net.member(i).seed_of(&key, &roll), None, "no seed for a failed roll");
    }
}

#[test]
fn a_member_saved_and_restored_mid_session_continues_where_it_was() {
    let mut net = Net::new(3, 7);
    let start = net.sent.len();
    let secret = net.rng.bytes();
    let first = net.act(0, |m, now| m.roll(notation("1d20"), secret, now));
    let secret = net.rng.bytes();
    let hidden = net.act(1, |m, now| m.roll_sealed(notation("3d6"), secret, now));
    net.run();
    let seed = net.verified_alike(0, &first);
    // The reload: saved as JSON, gone for a while (the others roll meanwhile), back from the saved text.
    let text = serde_json::to_string(&net.member(1).save()).unwrap();
    let sent_before = net.sent.len();
    net.vanish(1);
    let secret = net.rng.bytes();
    let meanwhile = net.act(2, |m, now| m.roll(notation("1d8"), secret, now));
    net.advance(limits::CONTRIBUTION_WAIT_MS);
    let (back, refused) = Member::restore(serde_json::from_str(&text).unwrap(), Rules::HERE, net.now).unwrap();
    assert!(refused.is_empty(), "{refused:?}");
    let logged: Vec<&str> = back.log().messages.iter().map(|m| m.message.as_str()).collect();
    for (_, bytes) in &net.sent[start..sent_before] {
        assert!(logged.contains(&std::str::from_utf8(bytes).unwrap()), "an earlier message is missing");
    }
    assert_eq!(back.log(), &serde_json::from_str::<Saved>(&text).unwrap().log);
    assert_eq!(back.seed_of(&net.key(0), &first), Some(seed));
    assert_eq!(back.hidden_request(&hidden), Some(&notation("3d6")));
    assert!(back.table().roll(&net.key(2), &meanwhile).is_none());
    let before = net.sent.len();
    net.rejoin(1, back);
    assert_eq!(net.sent.len() - before, 1, "present peers do not answer the rejoin with a hello");
    // Its next messages continue the sequence numbers: the others accept them.
    let secret = net.rng.bytes();
    let after = net.act(1, |m, now| m.roll(notation("2d6"), secret, now));
    net.run();
    // Nothing waits for what it missed while away (the next message of each peer is taken at once), and the roll
    // made meanwhile is passed on to it by the others.
    assert_eq!(net.member(1).held(), 0);
    net.verified_alike(1, &after);
    net.verified_alike(2, &meanwhile);
    net.act(1, |m, now| m.reveal_sealed(&hidden, now).map(|b| ((), b)));
    net.run();
    net.verified_alike(1, &hidden);
    assert!(net.real_problems().is_empty(), "{:?}", net.real_problems());
}

#[test]
fn a_member_restored_from_a_save_older_than_its_last_messages_sends_what_every_peer_accepts() {
    let mut net = Net::new(3, 19);
    let saved = serde_json::to_string(&net.member(1).save()).unwrap();
    // After the save and before the next one (the app saves at most once a second, after broadcasting): a roll and
    // a GM request go out, and every peer takes them.
    net.advance(100);
    let secret = net.rng.bytes();
    let lost = net.act(1, |m, now| m.roll(notation("1d6"), secret, now));
    net.act(1, |m, now| m.ask(None, notation("1d20"), now).map(|(id, b, _)| (id, b)));
    net.run();
    net.verified_alike(1, &lost);
    let used = net.sent.iter().filter(|(i, _)| *i == 1).map(|(_, b)| signed_of(b).seq).max().unwrap();
    assert!(used >= serde_json::from_str::<Saved>(&saved).unwrap().next_seq, "sent past the save");
    // The crash, and the restore from the older save a moment later.
    net.vanish(1);
    net.advance(300);
    let (back, refused) = Member::restore(serde_json::from_str(&saved).unwrap(), Rules::HERE, net.now).unwrap();
    assert!(refused.is_empty(), "{refused:?}");
    assert!(back.save().next_seq > used, "its numbers jump past every one it used");
    net.members[1] = Some(back);
    let start = net.sent.len();
    net.act(1, |m, now| m.hello(now).map(|b| ((), b)));
    let secret = net.rng.bytes();
    let again = net.act(1, |m, now| m.roll(notation("1d8"), secret, now));
    net.run();
    // Its first messages were taken at once: the others contributed.
    let key = net.key(1);
    for i in [0, 2] {
        assert_eq!(net.member(i).table().roll(&key, &again).unwrap().seen.len(), 2, "at {i}: from 0 and 2");
    }
    assert!(net.sent[start..].len() >= 4, "hello, intent, two contributions");
    net.advance(limits::CONTRIBUTION_WAIT_MS);
    net.verified_alike(1, &again);
    assert_ne!(again, lost);
    assert!(net.real_problems().is_empty(), "{:?}", net.real_problems());
}

#[test]
fn an_open_roll_saved_before_its_reveal_is_revealed_after_the_restore() {
    let mut net = Net::new(3, 17);
    net.frozen.push(0);
    let secret = net.rng.bytes();
    let roll = net.act(0, |m, now| m.roll(notation("3d8"), secret, now));
    net.run();
    assert_eq!(net.statuses(0, &roll), vec![Status::Pending; 3], "every contribution in, not revealed yet");
    let saved = serde_json::to_string(&net.member(0).save()).unwrap();
    net.vanish(0);
    let (back, refused) = Member::restore(serde_json::from_str(&saved).unwrap(), Rules::HERE, net.now).unwrap();
    assert!(refused.is_empty(), "{refused:?}");
    assert_eq!(back.own_rolls().len(), 1);
    net.members[0] = Some(back);
    net.frozen.clear();
    net.run();
    net.verified_alike(0, &roll);
    assert!(net.member(0).own_rolls().is_empty());
    assert!(net.real_problems().is_empty(), "{:?}", net.real_problems());
}

#[test]
fn a_peer_gone_mid_roll_delays_the_reveal_no_longer_than_the_wait() {
    let mut net = Net::new(3, 8);
    let secret = net.rng.bytes();
    let roll = net.act(0, |m, now| m.roll(notation("2d10"), secret, now));
    net.vanish(2);
    net.run();
    assert_eq!(net.statuses(0, &roll), vec![Status::Pending; 2], "waiting for the vanished peer");
    net.advance(limits::CONTRIBUTION_WAIT_MS - 1);
    assert_eq!(net.statuses(0, &roll), vec![Status::Pending; 2]);
    net.advance(1);
    net.verified_alike(0, &roll);
    assert!(net.real_problems().is_empty(), "{:?}", net.real_problems());
    // A peer that says it leaves does not delay a roll at all.
    let mut net = Net::new(3, 18);
    let secret = net.rng.bytes();
    let roll = net.act(0, |m, now| m.roll(notation("1d6"), secret, now));
    net.act(2, |m, now| m.leave(now).map(|b| ((), b)));
    net.run();
    let key = net.key(0);
    assert_eq!(net.member(0).table().roll(&key, &roll).unwrap().status, Status::Verified);
    assert!(net.real_problems().is_empty(), "{:?}", net.real_problems());
}

#[test]
fn a_copy_of_a_message_is_taken_once_and_a_refusal_is_reported_once() {
    let mut rng = Rng(9);
    let mut a = Member::new("t", rng.bytes(), "a".into(), None, Some(Rules::HERE), NOW).unwrap();
    let mut b = Member::new("t", rng.bytes(), "b".into(), None, Some(Rules::HERE), NOW).unwrap();
    let fresh = &mut || rng.bytes();
    let hello_b = b.hello(NOW).unwrap();
    let hello_a = a.hello(NOW).unwrap();
    let step = a.receive(&hello_b, NOW, fresh).unwrap();
    assert_eq!(step.outgoing.len(), 1, "a answers the newcomer's hello");
    assert_eq!(a.receive(&hello_b, NOW, fresh).unwrap(), Step::default());
    // b answers a's hello (a was new to b); a takes the answer, or b's next messages would wait behind its gap.
    for answer in b.receive(&hello_a, NOW, fresh).unwrap().outgoing {
        a.receive(&answer, NOW, fresh).unwrap();
    }
    assert_eq!(b.receive(&step.outgoing[0], NOW, fresh).unwrap().outgoing.len(), 0, "present: not answered");
    let logged = a.log().messages.len();
    let (roll, intent) = b.roll(notation("1d6"), [7; 32], NOW).unwrap();
    let contribution = a.receive(&intent, NOW, fresh).unwrap().outgoing;
    assert_eq!(contribution.len(), 1);
    assert_eq!(a.receive(&intent, NOW + 1, fresh).unwrap(), Step::default());
    assert_eq!(a.log().messages.len(), logged + 2, "the intent and a's contribution, once each");
    // A stranger's message (before its hello) waits for the hello, then is refused once `PARK_MS` is over:
    // reported the first time, then ignored.
    let mut stranger = Identity::from_secret([9; 32]).unwrap();
    let odd = stranger.seal(table_hash("t"), Body::Leave {});
    assert_eq!(a.receive(&odd, NOW, fresh).unwrap(), Step::default());
    assert_eq!(a.held(), 1);
    let refused = a.tick(NOW + limits::PARK_MS, fresh).refused;
    assert!(refused.len() == 1 && refused[0].is_before_join(), "{refused:?}");
    assert_eq!(a.receive(&odd, NOW, fresh).unwrap(), Step::default());
    // A forged copy of b's intent is a real problem.
    let forged = String::from_utf8(intent.clone()).unwrap().replace("1d6", "1d7");
    assert!(a.receive(forged.as_bytes(), NOW, fresh).unwrap_err().is_problem());
    // A contribution arriving after the reveal is taken, and named as not used; the roll stays verified.
    b.receive(&contribution[0], NOW, fresh).unwrap();
    let reveal = b.tick(NOW + 1, fresh).outgoing;
    assert_eq!(reveal.len(), 1);
    let c = stranger.seal(table_hash("t"), Body::Hello { name: "c".into(), character: None });
    b.receive(&c, NOW, fresh).unwrap();
    a.receive(&c, NOW, fresh).unwrap();
    a.receive(&reveal[0], NOW + 2, fresh).unwrap();
    let key = b.me();
    let late =
        stranger.seal(table_hash("t"), Body::Contribution { roll: roll.clone(), roller: key, bytes: Bytes32([1; 32]) });
    a.receive(&late, NOW + 3, fresh).unwrap();
    let r = a.table().roll(&key, &roll).unwrap();
    assert_eq!((r.status.clone(), r.unused()), (Status::Verified, vec![stranger.public()]));
}

#[test]
fn a_saved_member_is_strict_about_its_format() {
    let mut m = Member::new("t", [3; 32], "me".into(), Some("Hero".into()), Some(Rules::HERE), NOW).unwrap();
    m.hello(NOW).unwrap();
    let saved = m.save();
    let text = serde_json::to_string(&saved).unwrap();
    assert!(text.contains(r#""version":1"#) && text.contains(&hex_of([3; 32])), "{text}");
    let extra = text.replacen('{', r#"{"extra":1,"#, 1);
    assert!(serde_json::from_str::<Saved>(&extra).unwrap_err().to_string().contains("unknown field `extra`"));
    let err = Member::restore(Saved { version: 2, ..saved.clone() }, Rules::HERE, NOW).err().unwrap();
    assert!(err.contains("`version` is 2; this dicetray reads version 1"), "{err}");
    let err = Member::restore(Saved { table_id: "other".into(), ..saved.clone() }, Rules::HERE, NOW).err().unwrap();
    assert!(err.contains("is for table"), "{err}");
    let bad_roll = OwnRoll { roll: "nope".into(), secret: Bytes32([1; 32]), request: notation("1d6"), sealed: false };
    let err = Member::restore(Saved { own_rolls: vec![bad_roll], ..saved.clone() }, Rules::HERE, NOW).err().unwrap();
    assert!(err.contains("`nope` is not in the saved table log"), "{err}");
    let (back, refused) = Member::restore(saved, Rules::HERE, NOW).unwrap();
    assert!(refused.is_empty());
    assert_eq!(back.me(), m.me());
    assert_eq!(back.table().peers()[&m.me()].character.as_deref(), Some("Hero"));
    assert!(Member::new("t", [3; 32], String::new(), None, None, NOW).err().unwrap().contains("MAX_NAME_CHARS"));
}

fn hex_of(b: [u8; 32]) -> String {
    Bytes32(b).to_string()
}

const EXPRS: [&str; 4] = ["1d20", "4d6kh3", "3d6!", "2d10+3"];

proptest! {
    // A fixed seed and few cases: each case is a whole table exchanging signed messages.
    #![proptest_config(ProptestConfig { cases: 12, rng_seed: RngSeed::Fixed(1919), ..ProptestConfig::default() })]

    #[test]
    fn no_delivery_order_makes_an_honest_roll_fail(seed in any::<u64>(), peers in 2usize..=4, rolls in 1usize..=3) {
        let mut net = Net::new(peers, seed);
        // Several rolls in flight at once, open and hidden, from different members.
        let mut ids = Vec::new();
        for k in 0..rolls {
            let who = k % peers;
            let secret = net.rng.bytes();
            let expr = notation(EXPRS[(seed as usize + k) % EXPRS.len()]);
            let id = if k == 2 {
                net.act(who, |m, now| m.roll_sealed(expr, secret, now))
            } else {
                net.act(who, |m, now| m.roll(expr, secret, now))
            };
            ids.push((who, id, k == 2));
        }
        net.run();
        // A hidden roll may be revealed once its wait for contributions is over.
        net.advance(limits::CONTRIBUTION_WAIT_MS);
        for (who, id, sealed) in &ids {
            if *sealed {
                net.act(*who, |m, now| m.reveal_sealed(id, now).map(|b| ((), b)));
            }
        }
        net.run();
        for (who, id, _) in &ids {
            net.verified_alike(*who, id);
        }
        prop_assert!(net.real_problems().is_empty(), "{:?}", net.real_problems());
        prop_assert!(net.copies > 0, "the network delivered no second copies");
    }
}

#[test]
fn a_gm_sees_its_hidden_roll_once_it_may_be_revealed_and_the_reveal_shows_the_same() {
    let mut net = Net::new(3, 11);
    let secret = net.rng.bytes();
    let roll = net.act(0, |m, now| m.roll_sealed(notation("1d100"), secret, now));
    net.run();
    assert_eq!(net.member(0).hidden_seed(&roll, net.now), None, "not before the wait for contributions is over");
    let early = net.members[0].as_mut().unwrap().reveal_sealed(&roll, net.now).unwrap_err();
    assert!(early.contains("2 seconds"), "{early}");
    net.advance(limits::CONTRIBUTION_WAIT_MS);
    let seen = net.member(0).hidden_seed(&roll, net.now).expect("the GM sees its hidden roll");
    net.act(0, |m, now| m.reveal_sealed(&roll, now).map(|b| ((), b)));
    net.run();
    assert_eq!(net.verified_alike(0, &roll), seen, "the reveal shows what the GM saw");
}

/// `messages` delivered to `to` at `now`: what they did (its answers are returned, not delivered).
fn deliver(to: &mut Member, messages: &[Vec<u8>], now: u64, fresh: &mut impl FnMut() -> [u8; 32]) -> Step {
    let mut all = Step::default();
    for m in messages {
        all.merge(to.receive(m, now, fresh).unwrap());
    }
    all
}

#[test]
fn a_phone_without_the_rules_yet_keeps_what_needs_them_and_takes_it_all_once_they_come() {
    let mut rng = Rng(31);
    let mut gm = Member::new("t", rng.bytes(), "gm".into(), None, Some(Rules::HERE), NOW).unwrap();
    let mut new = Member::new("t", rng.bytes(), "new".into(), None, None, NOW).unwrap();
    assert!(!new.has_rules());
    let fresh = &mut || rng.bytes();
    // Hellos need no rules: both are seated and see each other.
    let hello_gm = gm.hello(NOW).unwrap();
    let hello_new = new.hello(NOW).unwrap();
    let answer = deliver(&mut gm, &[hello_new], NOW, fresh).outgoing;
    deliver(&mut new, &[hello_gm], NOW, fresh);
    deliver(&mut new, &answer, NOW, fresh);
    assert_eq!(new.table().peers().values().filter(|p| p.present).count(), 2);
    // Without the rules, this phone cannot roll, and says why.
    let refused = new.roll(notation("1d20"), [5; 32], NOW).unwrap_err();
    assert!(refused.contains("rules' code is not here yet"), "{refused}");
    // The GM asks, rolls openly and reveals; the phone gets all of it before its rules.
    let (ask, asked, _) = gm.ask(None, notation("3d6"), NOW).unwrap();
    let (open, intent) = gm.roll(notation("3d6"), rng.bytes(), NOW + 10).unwrap();
    let (answered, _) = gm.answer(gm.me(), &ask, &open, NOW + 11).unwrap();
    let reveal = gm.tick(NOW + 3_000, &mut || rng.bytes()).outgoing;
    assert_eq!(reveal.len(), 1, "the GM's reveal, with nobody's contribution (the phone had none to give)");
    let fresh = &mut || rng.bytes();
    let before = deliver(&mut new, &[asked, intent, answered, reveal[0].clone()], NOW + 3_000, fresh);
    assert!(before.events.is_empty() && before.outgoing.is_empty() && before.refused.is_empty(), "{before:?}");
    assert_eq!(new.held(), 4);
    assert!(new.table().roll(&gm.me(), &open).is_none());
    // Long past PARK_MS, nothing that waits for the rules is refused.
    let waited = new.tick(NOW + 10 * limits::PARK_MS, fresh);
    assert!(waited.refused.is_empty() && waited.problems.is_empty(), "{waited:?}");
    assert_eq!(new.held(), 4);
    // The rules come: every message is taken in the order it came, with the GM's own verdict and seed.
    let given = new.give_rules(Rules::HERE, NOW + 10 * limits::PARK_MS + 1, fresh);
    assert!(given.refused.is_empty() && given.problems.is_empty(), "{given:?}");
    assert_eq!(new.held(), 0);
    let checked: Vec<&Status> = given
        .events
        .iter()
        .filter_map(|e| match e {
            Event::Checked { roll, status, .. } if *roll == open => Some(status),
            _ => None,
        })
        .collect();
    assert_eq!(checked, vec![&Status::Verified]);
    assert_eq!(new.seed_of(&gm.me(), &open), gm.seed_of(&gm.me(), &open));
    assert!(new.seed_of(&gm.me(), &open).is_some());
    assert_eq!(new.table().answers_to(&gm.me(), &ask), vec![(gm.me(), open.clone())]);
    // The roll was revealed among them, so no contribution is sent to it.
    assert!(given.outgoing.is_empty(), "{:?}", given.outgoing.len());
    // Given twice, nothing more happens; and now the phone rolls.
    assert_eq!(new.give_rules(Rules::HERE, NOW + 10 * limits::PARK_MS + 2, fresh), Step::default());
    assert!(new.roll(notation("1d20"), [5; 32], NOW + 10 * limits::PARK_MS + 3).is_ok());
}

#[test]
fn a_roll_still_open_when_the_rules_come_gets_this_phones_contribution_and_verifies() {
    let mut rng = Rng(32);
    let mut a = Member::new("t", rng.bytes(), "a".into(), None, Some(Rules::HERE), NOW).unwrap();
    let mut b = Member::new("t", rng.bytes(), "b".into(), None, None, NOW).unwrap();
    let fresh = &mut || rng.bytes();
    let (hello_a, hello_b) = (a.hello(NOW).unwrap(), b.hello(NOW).unwrap());
    let answer = deliver(&mut a, &[hello_b], NOW, fresh).outgoing;
    deliver(&mut b, &[hello_a], NOW, fresh);
    deliver(&mut b, &answer, NOW, fresh);
    let (roll, intent) = a.roll(notation("2d10"), [8; 32], NOW + 5).unwrap();
    let waiting = deliver(&mut b, &[intent], NOW + 6, fresh);
    assert!(waiting.outgoing.is_empty(), "no contribution before the rules");
    let given = b.give_rules(Rules::HERE, NOW + 500, fresh);
    assert_eq!(given.outgoing.len(), 1, "its contribution, once the intent is taken");
    deliver(&mut a, &given.outgoing, NOW + 501, fresh);
    let reveal = a.tick(NOW + 502, fresh).outgoing;
    assert_eq!(reveal.len(), 1, "every expected contribution is in: the roller reveals at once");
    deliver(&mut b, &reveal, NOW + 503, fresh);
    let r = b.table().roll(&a.me(), &roll).unwrap();
    assert_eq!(r.status, Status::Verified);
    assert_eq!(r.used.as_ref().map(Vec::len), Some(1), "b's contribution counted");
    assert_eq!(b.seed_of(&a.me(), &roll), a.seed_of(&a.me(), &roll));
}
