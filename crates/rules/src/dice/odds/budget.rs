//! The odds' bounds: every step estimates its work and support size before doing it.

use super::super::error::NotationError;
use super::super::limits::{MAX_ODDS_SUPPORT, MAX_ODDS_WORK};
use crate::decimal::scientific;

/// Work spent so far on one expression's odds.
#[derive(Default)]
pub(crate) struct Budget {
    used: u64,
}

impl Budget {
    /// Reserve `work` elementary steps for the step at `col`, or fail naming the limit.
    pub fn charge(&mut self, work: f64, col: usize) -> Result<(), NotationError> {
        let total = self.used as f64 + work;
        if total.is_nan() || total > MAX_ODDS_WORK as f64 {
            return Err(NotationError::new(
                col,
                format!("exact odds here would take about {} steps", scientific(total, 2)),
            )
            .allowing(format!("at most {} steps, the exact-odds work limit", scientific(MAX_ODDS_WORK as f64, 0))));
        }
        self.used = total as u64;
        Ok(())
    }
}

/// Fail if a distribution over `lo..=hi` would be larger than [`MAX_ODDS_SUPPORT`].
pub(crate) fn check_support(lo: i128, hi: i128, col: usize) -> Result<(), NotationError> {
    let len = hi - lo + 1;
    if len > MAX_ODDS_SUPPORT as i128 {
        return Err(NotationError::new(col, format!("the exact odds here would range over {len} possible totals"))
            .allowing(format!("at most {MAX_ODDS_SUPPORT} possible totals, the exact-odds size limit")));
    }
    Ok(())
}
