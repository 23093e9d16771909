//! Every limit of the notation engine, in one place. Each one is checked before any work is done, and the
//! error that reports a broken limit names it and its value.

/// Longest expression accepted, in characters (labels and comment included).
pub const MAX_EXPR_LEN: usize = 1000;
/// Most dice in one group (`1000d6`).
pub const MAX_DICE_PER_GROUP: u32 = 1000;
/// Most dice in a whole expression, summed over its groups (dice added by explosions not counted).
pub const MAX_TOTAL_DICE: u32 = 10_000;
/// Most faces on a die (`d10000`); `d%` has 100.
pub const MAX_FACES: u32 = 10_000;
/// Most explosions of one die when rolling; a die reaching it stops exploding and the breakdown says so.
pub const MAX_EXPLOSIONS_PER_DIE: u32 = 100;
/// Most rerolls of one die recorded when rolling (`r`): past it the die takes a face drawn directly among
/// the faces that stop the reroll, which has exactly the same distribution.
pub const MAX_REROLLS_PER_DIE: u32 = 100;
/// Deepest nesting of parentheses, function calls, `{...}` groups and unary minus signs.
pub const MAX_DEPTH: usize = 32;
/// Largest support (max - min + 1) of any distribution the odds compute, intermediate ones included.
pub const MAX_ODDS_SUPPORT: u64 = 100_000;
/// Most elementary steps (multiply-adds) the odds of one expression may take, estimated before starting.
pub const MAX_ODDS_WORK: u64 = 200_000_000;
/// Exploding dice are expanded, for the odds, until the probability of exploding further is below this;
/// what is left is reported as `truncated_mass`.
pub const ODDS_TAIL: f64 = 1e-12;
