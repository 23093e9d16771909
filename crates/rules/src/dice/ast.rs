//! The parsed form of a notation: an arithmetic tree whose leaves are numbers and dice groups.
//!
//! Positions ([`Pos`]) are carried for error messages at roll and odds time but take no part in equality, so
//! an expression equals the re-parse of its printed (canonical) form.

use crate::die::DieKind;
use serde::{Deserialize, Serialize};

/// A 1-based column in the source. Always equal to any other `Pos` (see the module doc).
#[derive(Clone, Copy, Debug, Default, Eq, Serialize, Deserialize)]
pub struct Pos(pub usize);

impl PartialEq for Pos {
    fn eq(&self, _: &Pos) -> bool {
        true
    }
}

/// A whole parsed expression: the arithmetic tree and the trailing `# comment`.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Expr {
    pub root: Node,
    /// The text after `#`, trimmed (None if there was no `#`).
    pub comment: Option<String>,
}

/// One node of the arithmetic tree.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub enum Node {
    /// A non-negative integer literal.
    Num(i64),
    /// A dice group such as `4d6kh3`.
    Dice(DiceGroup),
    /// Unary minus.
    Neg(Box<Node>),
    /// `lhs op rhs`; `pos` is the operator's column.
    Bin { op: BinOp, lhs: Box<Node>, rhs: Box<Node>, pos: Pos },
    /// A node with a `[label]` after it.
    Label(Box<Node>, String),
}

/// A binary operator.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum BinOp {
    Add,
    Sub,
    Mul,
    /// Integer division truncating toward zero (`7/2 = 3`, `-7/2 = -3`).
    Div,
}

impl BinOp {
    /// The operator's symbol.
    pub fn symbol(self) -> char {
        match self {
            BinOp::Add => '+',
            BinOp::Sub => '-',
            BinOp::Mul => '*',
            BinOp::Div => '/',
        }
    }
    /// Binding strength: `*` and `/` bind tighter than `+` and `-`.
    pub fn precedence(self) -> u8 {
        match self {
            BinOp::Add | BinOp::Sub => 1,
            BinOp::Mul | BinOp::Div => 2,
        }
    }
}

/// A compare point: which values match.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum Compare {
    Eq(i64),
    Lt(i64),
    Le(i64),
    Gt(i64),
    Ge(i64),
}

impl Compare {
    /// Whether `v` matches.
    pub fn matches(self, v: i64) -> bool {
        match self {
            Compare::Eq(n) => v == n,
            Compare::Lt(n) => v < n,
            Compare::Le(n) => v <= n,
            Compare::Gt(n) => v > n,
            Compare::Ge(n) => v >= n,
        }
    }
}

/// Reroll rule (`r`, `ro`, Remedy `♻`).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Reroll {
    /// Faces that are rerolled.
    pub on: Compare,
    /// `ro`: reroll once and keep the new face; otherwise reroll until the face no longer matches.
    pub once: bool,
}

/// How an explosion adds its extra throw.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum ExplodeKind {
    /// `!`: each extra throw is listed as its own die (it still belongs to the die that exploded).
    Standard,
    /// `!!`: extra throws are summed into the one die.
    Compound,
    /// `!p`: like `!` but each extra throw counts one less.
    Penetrate,
}

/// Explosion rule: a throw whose face matches `on` adds another throw, repeatedly.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Explode {
    pub kind: ExplodeKind,
    /// Faces that explode (a bare `!` is stored as `=max face`).
    pub on: Compare,
}

/// Keep/drop rule.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum Keep {
    /// `khN`, `kN`, Remedy `▲`×N.
    Highest(u32),
    /// `klN`, Remedy `▼`×N.
    Lowest(u32),
    /// `dhN`.
    DropHighest(u32),
    /// `dlN`.
    DropLowest(u32),
}

impl Keep {
    /// (keep the highest?, how many kept) for a group of `count` dice (`n <= count` is checked by the parser).
    pub fn kept(self, count: u32) -> (bool, u32) {
        match self {
            Keep::Highest(n) => (true, n),
            Keep::Lowest(n) => (false, n),
            Keep::DropHighest(n) => (false, count - n.min(count)),
            Keep::DropLowest(n) => (true, count - n.min(count)),
        }
    }
}

/// Success counting: the group's value is the number of kept dice matching `success`, less those matching
/// `failure` (a die matching both counts as a success).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Success {
    pub success: Compare,
    pub failure: Option<Compare>,
}

impl Success {
    /// +1, -1 or 0 for a die whose value is `v`.
    pub fn score(self, v: i64) -> i64 {
        if self.success.matches(v) {
            1
        } else if self.failure.is_some_and(|f| f.matches(v)) {
            -1
        } else {
            0
        }
    }
}

/// One dice group, e.g. `4d6kh3`, `8d6>=4`, `2d20▲`. Modifiers apply in a fixed order whatever order they were
/// typed in: reroll, then explode, then keep/drop, then success counting.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct DiceGroup {
    /// Number of dice thrown (before explosions).
    pub count: u32,
    pub die: DieKind,
    pub reroll: Option<Reroll>,
    pub explode: Option<Explode>,
    pub keep: Option<Keep>,
    pub success: Option<Success>,
    /// Column where the group starts.
    pub pos: Pos,
}

impl DiceGroup {
    /// A plain group of `count` dice of `die` with no modifiers.
    pub fn new(count: u32, die: DieKind) -> Self {
        DiceGroup { count, die, reroll: None, explode: None, keep: None, success: None, pos: Pos(1) }
    }
    /// The faces of one die, lowest first.
    pub fn faces(&self) -> std::ops::RangeInclusive<i64> {
        self.die.min_face()..=self.die.max_face()
    }
}
