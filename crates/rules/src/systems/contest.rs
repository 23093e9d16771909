//! Who is the favourite in a contest, and by how much: the chance the acting side comes out ahead, that the two
//! sides come out even, and that the other side comes out ahead. Each system with contests reads it from its own
//! rules ([`RuleSystem::contest`](super::RuleSystem::contest)): Remedy's contest and Ruina Imperii's opposed roll
//! from the acting side's outcomes (a tie is already settled by their rules), Hack & Slash's opposed roll from the
//! exact distribution of the success level against the best opposer (equal rolls: both half succeed).

use super::Odds;
use crate::dist::Dist;

/// The three chances of a contest, from the acting side's point of view; they sum to 1 (less any probability cut
/// off with an unbounded process).
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Contest {
    /// The acting side comes out ahead (wins the contest, or is ahead on the success level).
    pub ahead: f64,
    /// Neither side is ahead (Hack & Slash's equal rolls).
    pub even: f64,
    /// The other side comes out ahead.
    pub behind: f64,
}

/// Who the favourite is.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Favourite {
    /// The acting side.
    Acting,
    /// The other side.
    Other,
    /// Neither: both come out ahead equally often.
    Neither,
}

impl Contest {
    /// Ahead when the acting side's outcome is one of `winning`, behind otherwise; `outcomes` are the odds'
    /// outcomes as (name, probability).
    pub fn from_outcomes<'a>(outcomes: impl IntoIterator<Item = (&'a str, f64)>, winning: &[&str]) -> Contest {
        let (mut ahead, mut behind) = (0.0, 0.0);
        for (name, p) in outcomes {
            if winning.contains(&name) {
                ahead += p;
            } else {
                behind += p;
            }
        }
        Contest { ahead, even: 0.0, behind }
    }

    /// [`Contest::from_outcomes`] over `odds`' outcomes.
    pub fn from_odds(odds: &Odds, winning: &[&str]) -> Contest {
        Contest::from_outcomes(odds.outcomes.iter().map(|c| (c.name.as_str(), c.p)), winning)
    }

    /// Ahead, even or behind as the acting side's margin `margin` is above, at or below 0.
    pub fn from_margin(margin: &Dist) -> Contest {
        Contest { ahead: margin.p_where(|m| m > 0), even: margin.p(0), behind: margin.p_where(|m| m < 0) }
    }

    /// The favourite and by how much: the gap between the two sides' chances of coming out ahead, in [0, 1].
    /// Gaps under 1e-12 are rounding, not a favourite.
    pub fn favourite(&self) -> (Favourite, f64) {
        let gap = self.ahead - self.behind;
        if gap.abs() < 1e-12 {
            (Favourite::Neither, 0.0)
        } else if gap > 0.0 {
            (Favourite::Acting, gap)
        } else {
            (Favourite::Other, -gap)
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn outcomes_split_into_ahead_and_behind() {
        let outcomes = [("triumph", 0.05), ("success", 0.5), ("failure", 0.4), ("disaster", 0.05)];
        let c = Contest::from_outcomes(outcomes, &["triumph", "success"]);
        assert!((c.ahead - 0.55).abs() < 1e-12 && (c.behind - 0.45).abs() < 1e-12 && c.even == 0.0);
        let (who, by) = c.favourite();
        assert_eq!(who, Favourite::Acting);
        assert!((by - 0.1).abs() < 1e-12);
    }

    #[test]
    fn a_margin_of_zero_is_even_and_a_symmetric_one_has_no_favourite() {
        let d6 = Dist::uniform(1, 6);
        let margin = d6.add(&d6.neg());
        let c = Contest::from_margin(&margin);
        assert!((c.even - 6.0 / 36.0).abs() < 1e-12);
        assert!((c.ahead - 15.0 / 36.0).abs() < 1e-12 && (c.behind - 15.0 / 36.0).abs() < 1e-12);
        assert_eq!(c.favourite(), (Favourite::Neither, 0.0));
        let shifted = Contest::from_margin(&margin.map(|m| m - 1));
        assert_eq!(shifted.favourite().0, Favourite::Other);
    }
}
