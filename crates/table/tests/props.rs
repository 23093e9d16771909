//! Properties over seeded random tables: honest rolls always verify alike everywhere; any altered byte of a message
//! is refused or harmless; arbitrary bytes never panic and never change the rolls.

mod common;
use common::*;
use dicetray_table::*;
use proptest::prelude::*;
use proptest::test_runner::RngSeed;

const EXPRS: [&str; 5] = ["1d20", "4d6kh3", "8d6>=4", "2d10+3", "3d6!"];

proptest! {
    // A fixed seed: every run draws the same cases.
    #![proptest_config(ProptestConfig { cases: 48, rng_seed: RngSeed::Fixed(19), ..ProptestConfig::default() })]

    #[test]
    fn honest_rolls_verify_with_the_same_dice_on_every_device(
        peers in 2usize..=5, roller in 0usize..5, expr in 0usize..EXPRS.len(), seed in any::<u64>()
    ) {
        let roller = roller % peers;
        let mut sim = Sim::new(peers, seed % 1000);
        sim.honest_roll(roller, "p", EXPRS[expr], seed);
        prop_assert_eq!(sim.statuses(roller, "p"), vec![Status::Verified; peers]);
        let key = sim.key(roller);
        let first = sim.devices[0].table.roll(&key, "p").unwrap().result.clone();
        for d in &sim.devices {
            prop_assert_eq!(&d.table.roll(&key, "p").unwrap().result, &first);
        }
    }

    #[test]
    fn a_flipped_byte_in_a_reveal_is_refused_or_fails_never_verifies_other_dice(
        seed in any::<u64>(), at in any::<prop::sample::Index>(), bit in 0u8..8
    ) {
        let mut sim = Sim::new(2, seed % 1000);
        let secret = bytes(seed);
        let intent = sim.intent(0, "x", "3d6", secret);
        sim.deliver(&intent, NOW);
        let c = sim.contribution(1, 0, "x", seed ^ 1);
        sim.deliver(&c, NOW + 1);
        let honest = sim.reveal(0, "x", secret);
        let mut bad = honest.clone();
        let i = at.index(bad.len());
        bad[i] ^= 1 << bit;
        let key = sim.key(0);
        let t = &mut sim.devices[1].table;
        match t.receive(&bad, NOW + 2) {
            Err(e) => {
                prop_assert!(!e.problem.is_empty());
                prop_assert_eq!(&t.roll(&key, "x").unwrap().status, &Status::Pending);
            }
            // Only a flip that leaves the meaning alike (a hex digit's case in the signature) can pass: then the
            // signed content is the honest one, and so are the dice.
            Ok(_) => {
                let signed = open(&bad).unwrap();
                prop_assert_eq!(signed, open(&honest).unwrap());
                prop_assert_eq!(&t.roll(&key, "x").unwrap().status, &Status::Verified);
            }
        }
    }

    #[test]
    fn arbitrary_bytes_never_panic_or_change_the_rolls(data in prop::collection::vec(any::<u8>(), 0..2048)) {
        let mut sim = Sim::new(2, 1);
        let intent = sim.intent(0, "x", "1d6", bytes(1));
        sim.deliver(&intent, NOW);
        let t = &mut sim.devices[1].table;
        let before = t.rolls().to_vec();
        prop_assert!(t.receive(&data, NOW).is_err());
        prop_assert_eq!(t.rolls(), &before[..]);
    }

    #[test]
    fn the_seed_ignores_contribution_order_but_not_their_content(
        secret in any::<[u8; 32]>(), a in any::<[u8; 32]>(), b in any::<[u8; 32]>(), k in any::<[u8; 32]>()
    ) {
        let request = RollRequest::Notation { text: "1d20".into(), version: 2 };
        let (ka, kb) = (Bytes32(k), Bytes32(secret));
        prop_assume!(ka != kb && a != b);
        let one = seed(&Bytes32(secret), &[(ka, Bytes32(a)), (kb, Bytes32(b))], "r", &request);
        let two = seed(&Bytes32(secret), &[(kb, Bytes32(b)), (ka, Bytes32(a))], "r", &request);
        prop_assert_eq!(one, two);
        let swapped = seed(&Bytes32(secret), &[(ka, Bytes32(b)), (kb, Bytes32(a))], "r", &request);
        prop_assert_ne!(one, swapped);
        let other_roll = seed(&Bytes32(secret), &[(ka, Bytes32(a)), (kb, Bytes32(b))], "s", &request);
        prop_assert_ne!(one, other_roll);
    }
}
