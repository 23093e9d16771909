//! Checks for dice groups built by hand (the parser checks the same rules while parsing, with finer columns).

use super::ast::{DiceGroup, Keep};
use super::error::NotationError;
use super::limits::{MAX_DICE_PER_GROUP, MAX_FACES};
use crate::die::DieKind;

impl DiceGroup {
    /// Check a group against every rule the parser enforces (counts, faces, keep count, rules that could never
    /// stop). Groups from [`parse_group`](super::parse_group) always pass; call this on groups built by hand
    /// before rolling or computing odds. Errors point at the group's `pos`.
    pub fn validate(&self) -> Result<(), NotationError> {
        let col = self.pos.0;
        if !(1..=MAX_DICE_PER_GROUP).contains(&self.count) {
            return Err(NotationError::new(col, format!("{} dice in one group", self.count))
                .allowing(format!("1 to {MAX_DICE_PER_GROUP} dice per group")));
        }
        if let DieKind::Standard(f) = self.die {
            if !(1..=MAX_FACES).contains(&f) {
                return Err(NotationError::new(col, format!("a die with {f} faces"))
                    .allowing(format!("1 to {MAX_FACES} faces")));
            }
        }
        if let Some(k) = self.keep {
            let (Keep::Highest(n) | Keep::Lowest(n) | Keep::DropHighest(n) | Keep::DropLowest(n)) = k;
            if n > self.count {
                return Err(NotationError::new(
                    col,
                    format!("keeps or drops {n} dice but the group rolls {}", self.count),
                )
                .allowing(format!("0 to {}", self.count)));
            }
        }
        let until = self.reroll.filter(|r| !r.once);
        let stands: Vec<i64> = self.faces().filter(|&f| !until.is_some_and(|r| r.on.matches(f))).collect();
        if stands.is_empty() {
            return Err(NotationError::new(
                col,
                format!("this rerolls every face of a {}, so the roll could never stop", self.die.name()),
            )
            .allowing("a compare point that leaves at least one face, or `ro` to reroll once"));
        }
        if let Some(e) = self.explode {
            if stands.iter().all(|&f| e.on.matches(f)) {
                return Err(NotationError::new(
                    col,
                    format!("this explodes on every face a {} can show, so the roll could never stop", self.die.name()),
                )
                .allowing("a compare point that leaves at least one face, e.g. ! or !>=5"));
            }
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::super::ast::*;
    use super::super::parse_group;
    use crate::die::DieKind;

    #[test]
    fn hand_built_groups_are_checked() {
        assert!(parse_group("4d6r1!kh3").unwrap().validate().is_ok());
        let mut g = DiceGroup::new(2, DieKind::Standard(6));
        g.keep = Some(Keep::Highest(3));
        assert!(g.validate().unwrap_err().message.contains("rolls 2"));
        g.keep = None;
        g.reroll = Some(Reroll { on: Compare::Ge(1), once: false });
        assert!(g.validate().unwrap_err().message.contains("never stop"));
        assert!(g.odds().is_err());
        // rolling an invalid group does not panic or hang
        let r = g.roll(&mut crate::rng::seeded(1));
        assert_eq!(r.dice.len(), 2);
        g.reroll = None;
        g.explode = Some(Explode { kind: ExplodeKind::Standard, on: Compare::Ge(1) });
        assert!(g.validate().is_err());
        assert_eq!(g.roll(&mut crate::rng::seeded(1)).dice.len(), 202);
        assert!(DiceGroup::new(0, DieKind::Fudge).validate().is_err());
    }
}
