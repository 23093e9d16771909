//! Ruina Imperii (`ruina-imperii`): a d6 pool where every 4, 5 or 6 is a hit.
//!
//! In the project's reading of Ruina Imperii (see `shared/rules/README.md`):
//! - the pool is skill dice plus Risk dice; more hits than D is a Success, more than 2D a Critical Success,
//!   where D is a static difficulty or, opposed, the hits of the opponent's own roll;
//! - Explode N: each die showing N or more adds a die, and added dice can explode and hit in turn;
//! - Risk r adds r dice and gives Explode 6, or turns Explode 6 into Explode 5;
//! - a roll that is not a Success and has fewer hits than its Risk is a Harsh Failure, unless Fortune covers it;
//! - a roll of zero dice is made as one die with Risk 1 instead.
//!
//! Choices this module makes where the text leaves room (documented in the files that implement them):
//! - D = 0: one hit is a Critical Success (the text's "> 2D" read literally) — [`outcome`].
//! - Zero dice means skill 0 *and* Risk 0; skill 0 with Risk above 0 is an ordinary roll — [`pool`].
//! - `fortune`: `false`, `true`/`"roll"`, `"scene"`; any Fortune covers this roll — [`fortune`].
//! - The opponent's own Harsh Failure is not reported; only its hits matter here.
//! - Extra events: `exploded` (one of this roll's own dice exploded) and `fortune_covered` (the roll would have
//!   been a Harsh Failure but Fortune turned it into a Failure).
//! - Rolling stops an explosion chain after [`roll::EXPLOSION_CAP`] added dice and says so; odds expand
//!   explosions until less than 1e-12 of the mass is left ([`odds`]).

pub mod fortune;
pub mod odds;
pub mod outcome;
pub mod pool;
pub mod request;
pub mod roll;

pub use fortune::Fortune;
pub use outcome::Outcome;
pub use pool::Pool;
pub use request::{Opponent, RuinaImperiiRequest};
pub use roll::{OpponentRoll, RuinaImperiiRoll};

use crate::dist::Dist;
use crate::rng::{seeded, RollRng};
use crate::systems::{Choice, Contest};
use crate::systems::{Odds, RequestError, RuleSystem, Summary};

/// Opposed, the acting side is ahead on these outcomes: more hits than the opponent (equal hits are a failure).
const AHEAD: &[&str] = &["critical_success", "success"];

/// The Ruina Imperii rule system.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct RuinaImperii;

impl RuinaImperii {
    /// Validate, then roll with a generator seeded from `seed`, recording the seed in the roll.
    pub fn roll_seeded(request: &RuinaImperiiRequest, seed: u64) -> Result<RuinaImperiiRoll, RequestError> {
        let mut rng = seeded(seed);
        let mut r = Self::roll(request, &mut rng)?;
        r.seed = seed;
        Ok(r)
    }
}

/// Fortune spent after the roll ("Spend Fortune…", the player's choice once they see a Harsh Failure): `roll` (made
/// from `request` without Fortune) with `fortune` covering it. Returns the request that replays the result (the
/// same request with `fortune` set) and the roll made again from `roll.seed`: the same dice, since Fortune draws
/// none, now a Failure with the `fortune_covered` event. Errors (field `fortune`) if the roll is not a Harsh Failure,
/// Fortune already covers it, or `fortune` spends none.
pub fn with_fortune(
    request: &RuinaImperiiRequest,
    roll: &RuinaImperiiRoll,
    fortune: Fortune,
) -> Result<(RuinaImperiiRequest, RuinaImperiiRoll), RequestError> {
    let problem = if !fortune.covers() {
        Some("no Fortune was spent")
    } else if roll.fortune.covers() {
        Some("Fortune already covers this roll")
    } else if roll.outcome != Outcome::HarshFailure {
        Some("only a Harsh Failure can be turned into a Failure by Fortune")
    } else {
        None
    };
    if let Some(problem) = problem {
        return Err(RequestError::new("fortune", problem, "Fortune spent on a Harsh Failure it does not yet cover"));
    }
    let replay = RuinaImperiiRequest { fortune, ..request.clone() };
    let again = RuinaImperii::roll_seeded(&replay, roll.seed)?;
    Ok((replay, again))
}

impl RuleSystem for RuinaImperii {
    const ID: &'static str = "ruina-imperii";
    const NAME: &'static str = "Ruina Imperii";
    const OUTCOMES: &'static [&'static str] = &["critical_success", "success", "failure", "harsh_failure"];
    const TOTAL: &'static str = "Hits";
    const CHOICES: &'static [Choice] = &[
        Choice { field: "risk", name: "Risk", lo: 0.0, hi: 10.0, step: 1.0 },
        Choice { field: "difficulty", name: "Difficulty", lo: 1.0, hi: 12.0, step: 1.0 },
        Choice { field: "skill", name: "Skill", lo: 1.0, hi: 12.0, step: 1.0 },
    ];
    const WORDS: &'static [(&'static str, &'static str)] = &[
        ("critical_success", "Critical Success"),
        ("success", "Success"),
        ("failure", "Failure"),
        ("harsh_failure", "Harsh Failure"),
        (roll::EVENT_EXPLODED, "A die explodes"),
        (roll::EVENT_FORTUNE_COVERED, "Harsh Failure avoided by Fortune"),
    ];
    type Request = RuinaImperiiRequest;
    type Roll = RuinaImperiiRoll;

    fn validate(request: &Self::Request) -> Result<(), RequestError> {
        request.validate()
    }

    /// The roll's `seed` is 0; the caller records the seed it used (see [`RuinaImperii::roll_seeded`]).
    fn roll(request: &Self::Request, rng: &mut RollRng) -> Result<Self::Roll, RequestError> {
        request.validate()?;
        Ok(roll::roll(request, rng))
    }

    fn odds(request: &Self::Request) -> Result<Odds, RequestError> {
        request.validate()?;
        Ok(odds::odds(request))
    }

    /// Opposed, the acting side is ahead only with more hits than the opponent (a Success or better); equal hits
    /// are a failure, as against a static difficulty.
    fn contest(request: &Self::Request) -> Option<Result<Contest, RequestError>> {
        request.opponent.is_some().then(|| Self::odds(request).map(|o| Contest::from_odds(&o, AHEAD)))
    }

    fn contest_given(request: &Self::Request, odds: &Odds) -> Option<Result<Contest, RequestError>> {
        request.opponent.is_some().then(|| Ok(Contest::from_odds(odds, AHEAD)))
    }

    /// This roll's own hits (the opponent's only set the difficulty), explosions followed until less than 1e-12
    /// of the mass is left.
    fn total_dist(request: &Self::Request) -> Result<Dist, RequestError> {
        request.validate()?;
        Ok(odds::hits_dist(Pool::new(request.skill, request.risk, request.explode), odds::TRUNCATE_BELOW))
    }

    /// Own dice first, then the opponent's (their roles prefixed `opponent_`).
    /// `4 skill dice, Risk 1 against difficulty 2`; `…, Explode 5 against …` and `…, 1 Fortune spent` when they apply.
    fn describe(r: &RuinaImperiiRequest) -> String {
        let against = match (&r.difficulty, &r.opponent) {
            (Some(d), _) => format!("difficulty {d}"),
            (_, Some(o)) => format!("an opposed pool of {} (Risk {})", o.skill, o.risk),
            _ => String::new(),
        };
        let explode = r.explode.map(|n| format!(", Explode {n}")).unwrap_or_default();
        let fortune = match r.fortune {
            Fortune::None => "",
            Fortune::Roll => ", 1 Fortune spent",
            Fortune::Scene => ", Fortune spent for the scene",
        };
        format!("{} skill dice, Risk {}{explode} against {against}{fortune}", r.skill, r.risk)
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
