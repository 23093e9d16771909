//! Catch-up and presence, driven by hand between members: a late joiner gets a 2,000-message table in paced,
//! bounded answers; a silent peer is away and no roll waits for it; the limits on waiting messages are named.

#[path = "member/net.rs"]
mod net;
use dicetray_table::limits::*;
use dicetray_table::signal::MAX_SYNC_BYTES;
use dicetray_table::*;
use net::*;

/// Deliver `out` (sync frames of member `from`) to `to`, if meant for it; the step it gave.
fn sync_to(from: &Member, out: &[SyncOut], to: &mut Member, now: u64, rng: &mut Rng) -> Step {
    let mut step = Step::default();
    let me = to.me();
    for o in out.iter().filter(|o| o.to.is_none_or(|k| k == me)) {
        step.merge(to.on_sync(from.me(), &o.text, now, &mut || rng.bytes()).unwrap());
    }
    step
}

#[test]
fn a_late_joiner_catches_up_on_a_2000_message_table_in_paced_bounded_answers() {
    let mut net = Net::new(2, 41);
    net.duplicates = 0;
    while net.member(0).log().messages.len() < 2_000 {
        for who in 0..2 {
            let secret = net.rng.bytes();
            net.act(who, |m, now| m.roll(notation("3d6"), secret, now));
        }
        net.run();
        // Each phone announces at most 16 rolls within 2 s (MAX_OPEN_ROLLS_PER_PEER).
        net.advance(150);
    }
    let mut a = net.members[0].take().unwrap();
    let total = a.log().messages.len();
    let bytes: usize = a.log().messages.iter().map(|m| m.message.len()).sum();
    let mut rng = Rng(7);
    let mut now = net.now + 1_000;
    let mut late = Member::new("test table", rng.bytes(), "late".into(), None, Some(Rules::HERE), now).unwrap();
    let hello = late.hello(now).unwrap();
    let step = a.receive(&hello, now, &mut || rng.bytes()).unwrap();
    for m in step.outgoing {
        late.receive(&m, now, &mut || rng.bytes()).unwrap();
    }
    // a tells the newcomer what it has; from then on the two exchange sync frames, ticking every 100 ms.
    let mut to_late = a.tick(now, &mut || rng.bytes()).sync;
    let mut gives = Vec::new();
    let mut last_give = None;
    for _ in 0..2_000 {
        let asked = sync_to(&a, &to_late, &mut late, now, &mut rng).sync;
        let answered = sync_to(&late, &asked, &mut a, now, &mut rng);
        to_late = answered.sync;
        now += 100;
        to_late.extend(a.tick(now, &mut || rng.bytes()).sync);
        for o in to_late.iter().filter(|o| o.text.starts_with("{\"t\":\"give\"")) {
            assert!(o.text.len() <= MAX_SYNC_BYTES, "an answer of {} bytes", o.text.len());
            if let Some(at) = last_give {
                assert!(now - at >= MIN_GIVE_GAP_MS, "answers to one peer are paced");
            }
            last_give = Some(now);
            gives.push(o.text.len());
        }
        if late.table().rolls().len() == a.table().rolls().len() && late.held() == 0 && to_late.is_empty() {
            break;
        }
    }
    let order = |m: &Member| -> Vec<String> { m.table().rolls().iter().map(|r| r.id.clone()).collect() };
    assert_eq!(order(&late), order(&a), "every roll, in the same order");
    assert!(late.table().rolls().iter().all(|r| r.status == Status::Verified));
    assert!(late.log().messages.len() >= total, "{} of {total}", late.log().messages.len());
    assert!(replay(late.log()).rejected.is_empty());
    // Paced: no answer carries more than SYNC_GIVE_BYTES of messages (escaped), so it took many.
    assert!(gives.len() * SYNC_GIVE_BYTES >= bytes, "{} answers for {bytes} bytes", gives.len());
    assert!(gives.iter().all(|g| *g <= SYNC_GIVE_BYTES + 2_000), "{gives:?}");
}

#[test]
fn a_phone_back_from_a_save_older_than_its_last_roll_gets_that_roll_back_from_the_others() {
    let mut net = Net::new(3, 46);
    // Bea's page saved, then she rolled, and her browser was killed before it saved again.
    let saved = net.member(1).save();
    let secret = net.rng.bytes();
    let lost = net.act(1, |m, now| m.roll(notation("2d6"), secret, now));
    net.run();
    net.verified_alike(1, &lost);
    let bea = net.key(1);
    net.vanish(1);
    net.advance(CONTRIBUTION_WAIT_MS);
    let (back, _) = Member::restore(saved, Rules::HERE, net.now).unwrap();
    assert!(back.table().roll(&bea, &lost).is_none());
    net.rejoin(1, back);
    // Her own roll, verified on her phone as on the others, though nothing else was missing and no later message
    // of hers points to it (her next one follows her older save): she has as high a head for herself, and fewer
    // of her messages, than the others.
    net.verified_alike(1, &lost);
    let order = |i: usize| -> Vec<String> { net.member(i).table().rolls().iter().map(|r| r.id.clone()).collect() };
    assert_eq!(order(1), order(0));
    // The same with a message nobody answers (a GM request): nothing else tells her she lacks it but the others
    // having more of her messages than she has.
    let saved = net.member(1).save();
    let (asked, _) = net.act(1, |m, now| m.ask(None, notation("1d4"), now).map(|(id, b, _)| ((id, ()), b)));
    net.run();
    net.vanish(1);
    // A reload takes a moment: the restored phone's numbers start above its clock's, past the lost request's.
    net.advance(500);
    let (back, _) = Member::restore(saved, Rules::HERE, net.now).unwrap();
    assert!(back.table().gm_request(&bea, &asked).is_none());
    net.rejoin(1, back);
    assert!(net.member(1).table().gm_request(&bea, &asked).is_some(), "her GM request came back");
    assert!(net.real_problems().is_empty(), "{:?}", net.real_problems());
}

#[test]
fn a_silent_peer_is_away_after_the_wait_no_roll_waits_for_it_and_it_is_back_when_heard() {
    let mut net = Net::new(3, 42);
    let gone = net.key(2);
    net.vanish(2);
    net.advance(AWAY_MS - 100);
    assert!(!net.member(0).is_away(&gone));
    net.advance(200);
    assert!(net.member(0).is_away(&gone) && net.member(1).is_away(&gone));
    // A roll now is revealed as soon as the one peer not away contributed, not after the 2 s wait.
    let secret = net.rng.bytes();
    let roll = net.act(0, |m, now| m.roll(notation("1d20"), secret, now));
    net.run();
    net.verified_alike(0, &roll);
    // A peer whose page says it is hidden is away at once; anything from it makes it back.
    let bea = net.key(1);
    let bye = net.members[1].as_mut().unwrap().have(true, net.now);
    let mut rng = Rng(3);
    let now = net.now;
    let m0 = net.members[0].as_mut().unwrap();
    let step = m0.on_sync(bea, &bye.text, now, &mut || rng.bytes()).unwrap();
    assert_eq!(step.events, vec![Event::Away { peer: bea }]);
    let hi = net.members[1].as_mut().unwrap().have(false, now);
    let m0 = net.members[0].as_mut().unwrap();
    let step = m0.on_sync(bea, &hi.text, now, &mut || rng.bytes()).unwrap();
    assert_eq!(step.events, vec![Event::Back { peer: bea }]);
}

/// Two members who know each other, delivering by hand.
fn pair(seed: u64) -> (Member, Member, Rng) {
    let mut rng = Rng(seed);
    let mut a = Member::new("t", rng.bytes(), "a".into(), None, Some(Rules::HERE), NOW).unwrap();
    let mut b = Member::new("t", rng.bytes(), "b".into(), None, Some(Rules::HERE), NOW).unwrap();
    let (ha, hb) = (a.hello(NOW).unwrap(), b.hello(NOW).unwrap());
    let fresh = &mut || rng.bytes();
    for m in b.receive(&ha, NOW, fresh).unwrap().outgoing {
        a.receive(&m, NOW, fresh).unwrap();
    }
    a.receive(&hb, NOW, fresh).unwrap();
    (a, b, rng)
}

/// `a` rolls while its transport reaches nobody (`connected` false) or not; 6 s pass with nothing delivered, then
/// its intent reaches `b`, whose contribution comes back. The randomness the roll used.
fn offline_roll(connected: bool) -> (Status, usize) {
    let (mut a, mut b, mut rng) = pair(43);
    a.set_connected(connected);
    let (roll, intent) = a.roll(notation("1d20"), rng.bytes(), NOW).unwrap();
    let mut reveal = Vec::new();
    for t in (NOW..NOW + 6_000).step_by(100) {
        reveal.extend(a.tick(t, &mut || rng.bytes()).outgoing);
    }
    let early = a.table().roll(&a.me(), &roll).unwrap().status.clone();
    a.set_connected(true);
    let now = NOW + 6_000;
    let contribution = b.receive(&intent, now, &mut || rng.bytes()).unwrap().outgoing;
    for c in contribution {
        a.receive(&c, now, &mut || rng.bytes()).unwrap();
    }
    reveal.extend(a.tick(now + 100, &mut || rng.bytes()).outgoing);
    for r in &reveal {
        b.receive(r, now + 200, &mut || rng.bytes()).unwrap();
    }
    let r = b.table().roll(&a.me(), &roll).unwrap();
    assert_eq!(r.status, Status::Verified);
    (early, r.used.as_ref().unwrap().len())
}

#[test]
fn a_roll_made_while_the_phone_reaches_nobody_waits_for_the_table_before_its_wait_counts() {
    let (early, used) = offline_roll(false);
    assert_eq!(early, Status::Pending, "offline, it waits");
    assert_eq!(used, 1, "once back, the other phone's randomness is in it");
    // Without knowing it was offline, the roller would have revealed alone after 2 s.
    let (early, used) = offline_roll(true);
    assert_eq!((early, used), (Status::Verified, 0));
}

#[test]
fn messages_waiting_for_what_they_are_about_are_bounded_and_refused_naming_the_limit() {
    let mut rng = Rng(44);
    let mut a = Member::new("t", rng.bytes(), "a".into(), None, Some(Rules::HERE), NOW).unwrap();
    a.hello(NOW).unwrap();
    let mut stranger = Identity::from_secret([9; 32]).unwrap();
    let hash = table_hash("t");
    let mut refused = Vec::new();
    for _ in 0..=MAX_PARKED {
        let m = stranger.seal(hash, Body::Leave {});
        refused.extend(a.receive(&m, NOW, &mut || rng.bytes()).unwrap().refused);
    }
    assert_eq!(a.held(), MAX_PARKED);
    assert_eq!(refused.len(), 1);
    assert!(refused[0].problem.contains("(MAX_PARKED, at most 4096)"), "{}", refused[0]);
    let expired = a.tick(NOW + PARK_MS, &mut || rng.bytes()).refused;
    assert_eq!(expired.len(), MAX_PARKED);
    assert!(expired[0].problem.contains("it waited for that 15000 ms (PARK_MS)"), "{}", expired[0]);
    assert!(expired.iter().all(|e| e.is_before_join()));
    assert_eq!(a.held(), 0);
}

#[test]
fn sync_frames_are_refused_with_the_reason_and_limit() {
    let mut rng = Rng(45);
    let mut a = Member::new("t", rng.bytes(), "a".into(), None, Some(Rules::HERE), NOW).unwrap();
    let other = Identity::from_secret([8; 32]).unwrap().public();
    let fresh = &mut || rng.bytes();
    let e = a.on_sync(other, "{\"t\":\"nope\"}", NOW, fresh).unwrap_err();
    assert!(e.starts_with("not a sync frame"), "{e}");
    let big = "x".repeat(MAX_SYNC_BYTES + 1);
    let e = a.on_sync(other, &big, NOW, fresh).unwrap_err();
    assert!(e.contains("(MAX_SYNC_BYTES, at most 32000)"), "{e}");
    let heads: sync::Heads =
        (0..=MAX_SYNC_SENDERS as u64).map(|i| (Bytes32(net::Rng(i).bytes()), sync::Held(i, 1))).collect();
    let frame = SyncFrame::Want { table: table_hash("t"), heads };
    let text = frame.to_json();
    if text.len() <= MAX_SYNC_BYTES {
        let e = a.on_sync(other, &text, NOW, fresh).unwrap_err();
        assert!(e.contains("(MAX_SYNC_SENDERS, at most 256)"), "{e}");
    }
    let elsewhere = SyncFrame::Have { table: table_hash("other"), heads: Default::default(), away: false };
    let e = a.on_sync(other, &elsewhere.to_json(), NOW, fresh).unwrap_err();
    assert!(e.starts_with("a sync frame for another table"), "{e}");
}
