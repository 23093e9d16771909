//! Exact Ruina Imperii odds.
//!
//! Hits of a pool of n dice with Explode N. Every throw is one of three things: a miss (1-3, chance 1/2,
//! ends its chain), a hit that does not explode (4..N-1, ends its chain), or a hit that explodes (N+, chance
//! q = (7-N)/6, continues the chain). The pool ends after exactly n chain-ending throws, so
//! - the number of explosions E is negative binomial: P(E = e) = C(e+n-1, e) q^e (1-q)^n;
//! - each of the n chain-ending throws is independently a hit with chance s = (N-4)/(N-1)
//!   (s = 1/2 without Explode);
//! - hits = E + Binomial(n, s).
//!
//! This is the same distribution as the n-fold convolution of one die's hit distribution (the tests check
//! that against `Dist::repeat_sum`), only much cheaper. E is expanded until the mass left over is below
//! 1e-12; that remainder is reported as `truncated_mass`.

use super::outcome::{judge, Outcome};
use super::pool::Pool;
use super::request::RuinaImperiiRequest;
use super::roll::{EVENT_EXPLODED, EVENT_FORTUNE_COVERED};
use crate::dist::Dist;
use crate::systems::{Chance, Odds};

/// Mass an explosion expansion may leave unaccounted (per request).
pub const TRUNCATE_BELOW: f64 = 1e-12;

/// The exact hit distribution of a pool (explosions truncated once less than `budget` mass is left).
pub fn hits_dist(pool: Pool, budget: f64) -> Dist {
    let n = pool.size() as u64;
    let q = pool.explode_chance();
    let s = match pool.explode {
        Some(e) => (e as f64 - 4.0) / (e as f64 - 1.0),
        None => 0.5,
    };
    let bernoulli = Dist::from_pairs([(0, 1.0 - s), (1, s)]);
    let settled = bernoulli.repeat_sum(n as u32);
    settled.add(&explosions_dist(n, q, budget))
}

/// Negative binomial: explosions before `n` chains end, each throw exploding with chance `q`.
fn explosions_dist(n: u64, q: f64, budget: f64) -> Dist {
    if q == 0.0 || n == 0 {
        return Dist::point(0);
    }
    let mut probs = Vec::new();
    let mut p = (1.0 - q).powi(n as i32);
    let mut held = 0.0;
    let mut e = 0u64;
    // Stop when the remainder 1 - held is below budget. Guard against rounding: also stop once terms
    // are past the mode and negligible.
    loop {
        probs.push(p);
        held += p;
        if 1.0 - held < budget || (e > n && p < budget * 1e-6) {
            break;
        }
        p *= (e + n) as f64 / (e + 1) as f64 * q;
        e += 1;
    }
    let truncated = (1.0 - held).max(0.0);
    Dist::from_dense(0, probs, truncated)
}

/// Probability that at least one of the pool's starting dice, or their added dice, explodes.
pub fn p_exploded(pool: Pool) -> f64 {
    1.0 - (1.0 - pool.explode_chance()).powi(pool.size() as i32)
}

/// The odds of a validated request.
pub fn odds(req: &RuinaImperiiRequest) -> Odds {
    let own_pool = Pool::new(req.skill, req.risk, req.explode);
    let opp_pool = req.opponent.as_ref().map(|o| Pool::new(o.skill, o.risk, o.explode));
    let budget = TRUNCATE_BELOW / if opp_pool.is_some() { 2.0 } else { 1.0 };
    let own = hits_dist(own_pool, budget);
    let d_dist = match (opp_pool, req.difficulty) {
        (Some(p), _) => hits_dist(p, budget),
        (None, d) => Dist::point(d.unwrap_or(0).max(0) as i64),
    };
    let mut outcomes = [0.0f64; 4];
    let mut covered = 0.0;
    for (d, pd) in d_dist.iter() {
        for (h, ph) in own.iter() {
            let (o, c) = judge(h as u64, d as u64, own_pool.risk, req.fortune.covers());
            outcomes[o.index()] += pd * ph;
            if c {
                covered += pd * ph;
            }
        }
    }
    let truncated_mass = 1.0 - (1.0 - own.truncated_mass()) * (1.0 - d_dist.truncated_mass());
    Odds {
        outcomes: Outcome::ALL.iter().map(|o| Chance::new(o.as_str(), outcomes[o.index()])).collect(),
        events: vec![Chance::new(EVENT_EXPLODED, p_exploded(own_pool)), Chance::new(EVENT_FORTUNE_COVERED, covered)],
        truncated_mass,
    }
}
