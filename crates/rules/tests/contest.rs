//! Who is the favourite in a contest (issue #33): `Request::contest` against brute force written here from the
//! rules as `shared/rules/README.md` states them, every face of both sides listed.

use dicetray_rules::systems::{Contest, Favourite, Request};

/// Every pair of faces of two dice with `a` and `b` sides, each weighing 1 / (a b); `side` says +1 (the acting
/// side ahead), 0 (even) or -1 (behind) for a pair.
fn brute(a: i64, b: i64, side: impl Fn(i64, i64) -> i32) -> Contest {
    let w = 1.0 / (a * b) as f64;
    let mut c = Contest { ahead: 0.0, even: 0.0, behind: 0.0 };
    for x in 1..=a {
        for y in 1..=b {
            match side(x, y) {
                1 => c.ahead += w,
                0 => c.even += w,
                _ => c.behind += w,
            }
        }
    }
    c
}

/// The request's contest, checked to be the same read from its odds already computed (as a panel reads it).
fn contest(json: &str) -> Contest {
    let r = Request::from_json(json).unwrap_or_else(|e| panic!("{json}: {e}"));
    let c = r.contest().unwrap_or_else(|| panic!("{json}: not a contest")).unwrap_or_else(|e| panic!("{json}: {e}"));
    let odds = r.odds().unwrap_or_else(|e| panic!("{json}: {e}"));
    assert_eq!(r.contest_given(&odds), Some(Ok(c)), "{json}: the contest read from its odds");
    c
}

fn assert_close(got: Contest, want: Contest, what: &str) {
    for (g, w, name) in
        [(got.ahead, want.ahead, "ahead"), (got.even, want.even, "even"), (got.behind, want.behind, "behind")]
    {
        assert!((g - w).abs() < 1e-12, "{what}: {name} {g}, brute force {w}");
    }
}

/// Remedy, one d20 a side with the default ranges (20 a triumph, 1 a disaster): both triumphs or both disasters
/// cancel; a triumph that applies wins, a disaster that applies loses; otherwise the higher total wins and a tie
/// goes to the reactive side.
fn brute_remedy(mine: i64, theirs: i64, i_react: bool) -> Contest {
    brute(20, 20, |a, b| {
        let nat = |n: i64| {
            if n >= 20 {
                1
            } else if n <= 1 {
                -1
            } else {
                0
            }
        };
        let (na, nb) = (nat(a), nat(b));
        let ahead = if na != 0 && na == nb {
            None
        } else if na == 1 || nb == -1 {
            Some(true)
        } else if na == -1 || nb == 1 {
            Some(false)
        } else {
            None
        };
        let ahead = ahead.unwrap_or_else(|| {
            let (x, y) = (a + mine, b + theirs);
            x > y || (x == y && i_react)
        });
        if ahead {
            1
        } else {
            -1
        }
    })
}

#[test]
fn remedy_contests_match_brute_force_and_name_the_favourite() {
    for (mine, theirs, reactive) in [(0, 0, "opponent"), (0, 0, "self"), (3, 0, "opponent"), (-2, 5, "self")] {
        let json = format!(
            r#"{{"system":"remedy","dice":"1d20","ability":{mine},"opponent":{{"dice":"1d20","ability":{theirs}}},"reactive":"{reactive}"}}"#
        );
        assert_close(contest(&json), brute_remedy(mine, theirs, reactive == "self"), &json);
    }
    // Equal sides: whoever reacts wins the ties, so is the favourite.
    let acting = contest(r#"{"system":"remedy","dice":"1d20","opponent":{"dice":"1d20"},"reactive":"opponent"}"#);
    assert_eq!(acting.favourite().0, Favourite::Other);
    let reacting = contest(r#"{"system":"remedy","dice":"1d20","opponent":{"dice":"1d20"},"reactive":"self"}"#);
    assert_eq!(reacting.favourite().0, Favourite::Acting);
    let against_dc = Request::from_json(r#"{"system":"remedy","dice":"1d20","dc":10}"#).unwrap();
    assert!(against_dc.contest().is_none());
    assert!(against_dc.contest_given(&against_dc.odds().unwrap()).is_none());
}

/// Hack & Slash, one opposer: the margin (2 d6 + bonus) - (2 d6' + theirs) in halves.
#[test]
fn hack_and_slash_opposed_rolls_match_brute_force_ties_even() {
    for (bonus, theirs) in [(0.0, 0.0), (1.5, 0.0), (0.0, 0.5), (-2.0, 3.0)] {
        let json = format!(r#"{{"system":"hack-and-slash","bonus":{bonus},"opponents":[{theirs}]}}"#);
        let (b, t) = ((bonus * 2.0) as i64, (theirs * 2.0) as i64);
        let want = brute(6, 6, |x, y| (2 * x + b - (2 * y + t)).signum() as i32);
        assert_close(contest(&json), want, &json);
    }
    let even = contest(r#"{"system":"hack-and-slash","opponents":[0]}"#);
    assert_eq!(even.favourite(), (Favourite::Neither, 0.0));
    assert!((even.even - 1.0 / 6.0).abs() < 1e-12);
    assert!(Request::from_json(r#"{"system":"hack-and-slash","difficulty":1}"#).unwrap().contest().is_none());
}

/// Ruina Imperii without Risk or explosions: each d6 of a pool hits on 4+, and the acting side is ahead only
/// with more hits than the opponent.
#[test]
fn ruina_imperii_opposed_rolls_match_brute_force() {
    let hits = |faces: &[i64]| faces.iter().filter(|&&f| f >= 4).count();
    // Two dice against two: 36 x 36 combinations.
    let mut want = Contest { ahead: 0.0, even: 0.0, behind: 0.0 };
    for own in 0..36 {
        for opp in 0..36 {
            let (o, p) = (hits(&[own / 6 + 1, own % 6 + 1]), hits(&[opp / 6 + 1, opp % 6 + 1]));
            let w = 1.0 / 1296.0;
            if o > p {
                want.ahead += w;
            } else {
                want.behind += w;
            }
        }
    }
    let json = r#"{"system":"ruina-imperii","skill":2,"risk":0,"opponent":{"skill":2,"risk":0}}"#;
    let got = contest(json);
    assert_close(got, want, json);
    // Equal pools: ties go against the acting side, so the other side is the favourite.
    assert_eq!(got.favourite().0, Favourite::Other);
}
