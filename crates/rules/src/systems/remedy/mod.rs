//! Remedy (`remedy`): d20 checks with ▲ ▼ ! ♻ marks, plus dominance and threat d6s.
//!
//! In the project's reading of Remedy (see `shared/rules/README.md`):
//! - a check rolls its d20s by their marks in a fixed order — ♻ reroll (faces 1..k for k marks, once, the
//!   new face stands), then ! explode (a 20 adds another d20, repeatedly), then ▲/▼ keep — and keeps one d20;
//! - total = kept d20 + ability score + net dominance d6s (added) or net threat d6s (subtracted; dominance and
//!   threat cancel one for one) + other bonuses;
//! - against a DC, only total > DC succeeds (ties go to the DC); in a contest the higher total wins and a tie
//!   goes to the reactive side;
//! - the natural result (the kept d20's face after ♻, before anything is added) triggers triumph
//!   (default 20; success whatever the total; an attack's triumph is a critical hit) or disaster
//!   (default 1; failure whatever the total); in a contest triumph on both sides or disaster on both sides
//!   cancel, and triumph against disaster both apply.
//!
//! Choices this module makes where the text leaves room:
//! - With !, the kept die is ordered and totalled by its exploded sum; its natural is the first face of its
//!   chain, which is 20 for any exploded die ([`d20`]). Explosion throws are not rerolled by ♻.
//! - How contest results are named from the acting side's point of view: see [`outcome`].
//! - `reactive` defaults to `"opponent"` (the acting side initiates); it is ignored against a DC.
//! - Extra events: `critical_hit` (an attack whose triumph applies; always `triumph` outcome) and
//!   `cancelled` (in a contest, both triumphs or both disasters cancelled).
//! - ♻ is the roller's choice, by the request's `reroll` policy (see [`reroll`]); the opponent's ♻ always rerolls
//!   (a `Check` has no policy). A request without `reroll` reads as `always`, as every roll saved before the policy
//!   existed was rolled; the CLI gives new requests `best`. `best` decides from the acting side's own faces.
//! - Rolling stops a d20's explosion chain after [`d20::EXPLOSION_CAP`] added throws; odds follow chains until
//!   less than 1e-12 of the mass is left ([`odds`]).

pub mod check_dice;
pub mod d20;
pub mod kept;
pub mod odds;
pub mod outcome;
pub mod policy;
pub mod request;
pub mod reroll;
pub mod roll;
pub mod totals;

pub use check_dice::{CheckDice, Keep};
pub use outcome::{Natural, Outcome};
pub use policy::RerollPolicy;
pub use request::{Check, Reactive, RemedyRequest};
pub use roll::{CheckRoll, RemedyRoll, RerollChoice};

use crate::dist::Dist;
use crate::rng::{seeded, RollRng};
use crate::sorted;
use crate::systems::{Choice, Contest};
use crate::systems::{Odds, RequestError, RuleSystem, Summary};

/// In a contest the acting side is ahead on these outcomes: the outcomes already settle ties (to the reactive side)
/// and triumph against disaster.
const AHEAD: &[&str] = &["triumph", "success"];

/// The Remedy rule system.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Remedy;

impl Remedy {
    /// Validate, then roll with a generator seeded from `seed`, recording the seed in the roll.
    pub fn roll_seeded(request: &RemedyRequest, seed: u64) -> Result<RemedyRoll, RequestError> {
        let mut rng = seeded(seed);
        let mut r = Self::roll(request, &mut rng)?;
        r.seed = seed;
        Ok(r)
    }
}

/// The "Reroll (♻)" button: `roll` (made from `request`, any policy) with the player's `chosen` d20s (0-based,
/// in throw order) rerolled as well. Returns the request that replays the result (policy `never` with every
/// rerolled d20 listed in `rerolled`) and the roll, made from `roll.seed`: the dice not chosen keep their faces
/// and a chosen die shows the reroll the seed gives it. Errors (field `rerolled`) if a chosen d20 was already
/// rerolled or is not in the ♻ range.
pub fn with_chosen_rerolls(
    request: &RemedyRequest,
    roll: &RemedyRoll,
    chosen: &[usize],
) -> Result<(RemedyRequest, RemedyRoll), RequestError> {
    let mut rerolled = roll.check.rerolled.clone();
    for &d in chosen {
        if rerolled.contains(&d) {
            return Err(RequestError::new(
                "rerolled",
                format!("d20 {d} was already rerolled (♻ rerolls a die once)"),
                format!("d20s in the ♻ range not yet rerolled: {:?}", roll.check.rerollable),
            ));
        }
        rerolled.push(d);
    }
    sorted::sort(&mut rerolled);
    let replay = RemedyRequest { reroll: Some(RerollPolicy::Never), rerolled, ..request.clone() };
    let again = Remedy::roll_seeded(&replay, roll.seed)?;
    Ok((replay, again))
}

/// The DC table's name for a DC (Remedy): Trivial, Easy, Moderate, Hard, Punishing, Insane, Impossible.
pub fn difficulty_name(dc: i64) -> &'static str {
    match dc {
        i64::MIN..=4 => "Trivial",
        5..=9 => "Easy",
        10..=14 => "Moderate",
        15..=19 => "Hard",
        20..=24 => "Punishing",
        25..=29 => "Insane",
        _ => "Impossible",
    }
}

impl RuleSystem for Remedy {
    const ID: &'static str = "remedy";
    const NAME: &'static str = "Remedy";
    const OUTCOMES: &'static [&'static str] = &["triumph", "success", "failure", "disaster"];
    const CHOICES: &'static [Choice] = &[
        Choice { field: "dc", name: "DC", lo: 5.0, hi: 30.0, step: 1.0 },
        Choice { field: "dominance", name: "Dominance", lo: 0.0, hi: 6.0, step: 1.0 },
        Choice { field: "threat", name: "Threat", lo: 0.0, hi: 6.0, step: 1.0 },
        Choice { field: "bonus", name: "Bonus", lo: -5.0, hi: 5.0, step: 1.0 },
    ];
    const WORDS: &'static [(&'static str, &'static str)] = &[
        ("triumph", "Triumph"),
        ("success", "Success"),
        ("failure", "Failure"),
        ("disaster", "Disaster"),
        (roll::EVENT_CRITICAL_HIT, "Critical hit"),
        (roll::EVENT_CANCELLED, "Triumphs or disasters cancel out"),
    ];
    type Request = RemedyRequest;
    type Roll = RemedyRoll;

    fn validate(request: &Self::Request) -> Result<(), RequestError> {
        request.resolve().map(|_| ())
    }

    /// The roll's `seed` is 0; the caller records the seed it used (see [`Remedy::roll_seeded`]).
    fn roll(request: &Self::Request, rng: &mut RollRng) -> Result<Self::Roll, RequestError> {
        let (own, against) = request.resolve()?;
        let choice = if request.rerolled.is_empty() {
            RerollChoice::Policy(request.reroll_policy())
        } else {
            RerollChoice::Player(request.rerolled.clone())
        };
        roll::roll_with(&own, &against, request.attack, choice, rng)
    }

    /// Odds under the request's ♻ policy; with the player's own pick (`rerolled`) those of `never`, since the
    /// pick is made after the dice are seen.
    fn odds(request: &Self::Request) -> Result<Odds, RequestError> {
        let (own, against) = request.resolve()?;
        odds::odds_with(&own, &against, request.attack, request.reroll_policy())
    }

    /// In a contest, the acting side is ahead on a triumph or a success: the outcomes already settle ties (to the
    /// reactive side) and triumph against disaster.
    fn contest(request: &Self::Request) -> Option<Result<Contest, RequestError>> {
        request.opponent.is_some().then(|| Self::odds(request).map(|o| Contest::from_odds(&o, AHEAD)))
    }

    fn contest_given(request: &Self::Request, odds: &Odds) -> Option<Result<Contest, RequestError>> {
        request.opponent.is_some().then(|| Ok(Contest::from_odds(odds, AHEAD)))
    }

    /// The acting side's total under the request's ♻ policy. A request with the player's own pick (`rerolled`)
    /// has none: which d20s were rerolled was chosen after seeing them, so no distribution was fixed before the
    /// roll (the odds shown before it were those of `never`, not of the pick).
    fn total_dist(request: &Self::Request) -> Result<Dist, RequestError> {
        let (own, against) = request.resolve()?;
        if !request.rerolled.is_empty() {
            return Err(RequestError::new(
                "rerolled",
                "the player picked which d20s to reroll after seeing them: no distribution of the total was fixed \
                 before the roll",
                "a roll whose ♻ followed a policy (`always`, `never` or `best`)",
            ));
        }
        odds::total_dist(&own, &against, request.reroll_policy())
    }

    /// Own dice first, then the opponent's (their roles prefixed `opponent_`).
    /// `1d20▲ vs DC 15 (Hard)`, `1d20 in a contest against 1d20▼`.
    fn describe(r: &RemedyRequest) -> String {
        match (&r.dc, &r.opponent) {
            (Some(dc), _) => format!("{} vs DC {dc} ({})", r.dice, difficulty_name(i64::from(*dc))),
            (_, Some(o)) => format!("{} in a contest against {}", r.dice, o.dice),
            _ => r.dice.clone(),
        }
    }

    fn summary(roll: &Self::Roll) -> Summary {
        let mut dice = roll.dice.clone();
        if let Some(o) = &roll.opponent {
            dice.extend(o.dice.iter().cloned().map(|mut d| {
                d.role = d.role.map(|r| format!("opponent_{r}"));
                d
            }));
        }
        Summary {
            system: Self::ID.to_string(),
            outcome: roll.outcome.as_str().to_string(),
            events: roll.events.clone(),
            total: roll.total as f64,
            dice,
        }
    }
}
