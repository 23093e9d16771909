//! The parsed form of a notation: an arithmetic tree whose leaves are numbers and dice groups.
//!
//! Positions ([`Pos`]) are carried for error messages at roll and odds time but take no part in equality, so
//! an expression equals the re-parse of its printed (canonical) form.

use super::value::Value;
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

/// The notation's meaning as of now (see [`Expr::version`]).
pub const NOTATION_VERSION: u32 = 3;

/// A whole parsed expression: the arithmetic tree and the trailing `# comment`.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Expr {
    pub root: Node,
    /// The text after `#`, trimmed (None if there was no `#`).
    pub comment: Option<String>,
    /// Which meaning the notation was read with, so a saved roll replays as it was rolled: 1, until
    /// 2026-11-23, divided whole numbers truncating toward zero (`7/2` = 3); 2 divides exactly (`7/2` = 3.5);
    /// 3 ([`NOTATION_VERSION`]) applies a dice group's modifiers in rpg-dice-roller's order, with each throw an
    /// explosion adds a die of its own (see [`ModifierOrder`]). The printed form is the same.
    #[serde(default = "first_version")]
    pub version: u32,
}

fn first_version() -> u32 {
    1
}

/// One node of the arithmetic tree.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub enum Node {
    /// A non-negative integer literal.
    Num(i64),
    /// A literal with a decimal point (`1.5`), exact.
    Decimal(#[serde(with = "super::value")] Value),
    /// A dice group such as `4d6kh3` (boxed: a group is large, and the parser returns nodes by value).
    Dice(Box<DiceGroup>),
    /// Unary minus.
    Neg(Box<Node>),
    /// `lhs op rhs`; `pos` is the operator's column.
    Bin { op: BinOp, lhs: Box<Node>, rhs: Box<Node>, pos: Pos },
    /// A node with a `[label]` after it.
    Label(Box<Node>, String),
    /// A function call such as `floor(3d6/2)` or `max(1d6, 1d8)`; `pos` is the name's column.
    Call { func: Func, args: Vec<Node>, pos: Pos },
    /// A `{...}` roll group (boxed, as a dice group).
    Group(Box<RollGroup>),
}

/// Display order of a group's dice or sub-rolls (`s`/`sa` ascending, `sd` descending); no change to the total.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum Sort {
    Ascending,
    Descending,
}

/// A `{...}` roll group, with rpg-dice-roller's meaning. With several sub-expressions (`{4d6+2d8, 3d20}kh1`),
/// keep/drop and success counting apply to the sub-rolls' totals; with one (`{3d6+2d8}kh2`), keep/drop apply
/// to every die inside it and a compare point to its total. Modifiers apply in this order: keep, drop, success
/// counting, sort (display only). A group inside a group is refused (as rpg-dice-roller does).
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct RollGroup {
    pub exprs: Vec<Node>,
    /// `kh`/`kl` (Highest or Lowest).
    pub keep: Option<Keep>,
    /// `dh`/`dl` (DropHighest or DropLowest).
    pub drop: Option<Keep>,
    pub success: Option<Success>,
    pub sort: Option<Sort>,
    /// Column of the `{`.
    pub pos: Pos,
}

impl RollGroup {
    /// True if keep/drop apply to the dice inside (one sub-expression) rather than to sub-roll totals.
    pub fn keeps_dice(&self) -> bool {
        self.exprs.len() == 1
    }
    /// The number of items keep/drop choose among: dice inside (one sub-expression) or sub-rolls.
    pub fn items(&self) -> u32 {
        if self.keeps_dice() {
            dice_in(&self.exprs[0])
        } else {
            self.exprs.len() as u32
        }
    }
    /// (keep the highest?, how many kept) of `n` items after keep then drop, or None when they keep a middle
    /// run (`kh3dh1`), which has no one end.
    pub fn kept(&self, n: u32) -> Option<(bool, u32)> {
        match (self.keep, self.drop) {
            (None, None) => Some((true, n)),
            (Some(k), None) | (None, Some(k)) => Some(k.kept(n)),
            (Some(k), Some(d)) => {
                let (kh, kn) = k.kept(n);
                let (dh, dn) = d.kept(n);
                (kh == dh).then_some((kh, kn.min(dn)))
            }
        }
    }
}

/// The number of dice thrown (before explosions) by the dice groups in `node`.
pub fn dice_in(node: &Node) -> u32 {
    match node {
        Node::Dice(g) => g.count,
        Node::Num(_) | Node::Decimal(_) => 0,
        Node::Neg(x) | Node::Label(x, _) => dice_in(x),
        Node::Bin { lhs, rhs, .. } => dice_in(lhs).saturating_add(dice_in(rhs)),
        Node::Call { args, .. } => args.iter().map(dice_in).fold(0, u32::saturating_add),
        Node::Group(g) => g.exprs.iter().map(dice_in).fold(0, u32::saturating_add),
    }
}

/// A function of the notation; every one keeps values exact (rational in, rational out).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum Func {
    Floor,
    Ceil,
    /// To the nearest whole number, halves away from zero (`round(2.5)` = 3, `round(-2.5)` = -3, as mathjs).
    Round,
    Abs,
    /// -1, 0 or 1.
    Sign,
    /// The least of one or more values.
    Min,
    /// The greatest of one or more values.
    Max,
    /// `pow(a, b)` = `a ** b`.
    Pow,
}

impl Func {
    /// Every function, for the parser and the docs.
    pub const ALL: [Func; 8] =
        [Func::Floor, Func::Ceil, Func::Round, Func::Abs, Func::Sign, Func::Min, Func::Max, Func::Pow];
    /// The name as typed.
    pub fn name(self) -> &'static str {
        match self {
            Func::Floor => "floor",
            Func::Ceil => "ceil",
            Func::Round => "round",
            Func::Abs => "abs",
            Func::Sign => "sign",
            Func::Min => "min",
            Func::Max => "max",
            Func::Pow => "pow",
        }
    }
    /// (fewest, most) arguments.
    pub fn arity(self) -> (usize, usize) {
        match self {
            Func::Min | Func::Max => (1, 64),
            Func::Pow => (2, 2),
            _ => (1, 1),
        }
    }
}

/// A binary operator.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum BinOp {
    Add,
    Sub,
    Mul,
    /// Exact division (`7/2` = 3.5).
    Div,
    /// Notation version 1's `/`: whole-number division truncating toward zero (`7/2 = 3`, `-7/2 = -3`).
    IntDiv,
    /// `%`: the remainder with the sign of the divisor (`-7 % 3` = 2, as mathjs); `a % 0` is `a`.
    Rem,
    /// `**` (or `^` where it cannot be Remedy's ▲): a power with a whole exponent; right-associative and binding
    /// tighter than a minus sign (`-2**2` = -4, `2**3**2` = 512).
    Pow,
}

impl BinOp {
    /// The operator's symbol.
    pub fn symbol(self) -> char {
        match self {
            BinOp::Add => '+',
            BinOp::Sub => '-',
            BinOp::Mul => '*',
            BinOp::Div | BinOp::IntDiv => '/',
            BinOp::Rem => '%',
            BinOp::Pow => '^',
        }
    }
    /// The operator as printed in the canonical form (`**` for a power, which a dice group cannot mistake
    /// for Remedy's `^`).
    pub fn text(self) -> &'static str {
        match self {
            BinOp::Add => "+",
            BinOp::Sub => "-",
            BinOp::Mul => "*",
            BinOp::Div | BinOp::IntDiv => "/",
            BinOp::Rem => "%",
            BinOp::Pow => "**",
        }
    }
    /// Binding strength: `**` binds tightest (3 is a minus sign's), then `*`, `/`, `%`, then `+` and `-`.
    pub fn precedence(self) -> u8 {
        match self {
            BinOp::Add | BinOp::Sub => 1,
            BinOp::Mul | BinOp::Div | BinOp::IntDiv | BinOp::Rem => 2,
            BinOp::Pow => 4,
        }
    }
}

/// Binding strength of a minus sign (between `*` and `**`).
pub const NEG_PRECEDENCE: u8 = 3;

impl Node {
    /// How tightly this node holds together when printed: an operator's precedence, a minus sign's, or (for
    /// numbers, dice, calls and labelled parts) tighter than anything.
    pub fn precedence(&self) -> u8 {
        match self {
            Node::Bin { op, .. } => op.precedence(),
            Node::Neg(_) => NEG_PRECEDENCE,
            _ => u8::MAX,
        }
    }
    /// Whether `child` needs parentheses as the left (`left`) or right operand of `op`.
    pub fn needs_parens(op: BinOp, child: &Node, left: bool) -> bool {
        let (p, c) = (op.precedence(), child.precedence());
        match (op, left) {
            // right-associative: `(2**3)**2` needs them on the left, `2**3**2` not on the right
            (BinOp::Pow, true) => c <= p,
            (BinOp::Pow, false) => c < NEG_PRECEDENCE,
            (_, true) => c < p,
            (_, false) => c <= p,
        }
    }
}

/// A compare point: which values match.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum Compare {
    Eq(i64),
    /// `!=N` or `<>N`: anything but N.
    Ne(i64),
    Lt(i64),
    Le(i64),
    Gt(i64),
    Ge(i64),
}

impl Compare {
    /// Whether the exact value `v` (a sub-roll's total) matches.
    pub fn matches_value(self, v: super::value::Value) -> bool {
        let (n, v) = match self {
            Compare::Eq(n) | Compare::Ne(n) | Compare::Lt(n) | Compare::Le(n) | Compare::Gt(n) | Compare::Ge(n) => {
                (super::value::int(n), v)
            }
        };
        match self {
            Compare::Eq(_) => v == n,
            Compare::Ne(_) => v != n,
            Compare::Lt(_) => v < n,
            Compare::Le(_) => v <= n,
            Compare::Gt(_) => v > n,
            Compare::Ge(_) => v >= n,
        }
    }
    /// Whether `v` matches.
    pub fn matches(self, v: i64) -> bool {
        match self {
            Compare::Eq(n) => v == n,
            Compare::Ne(n) => v != n,
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
    /// +1, -1 or 0 for a sub-roll whose total is `v`.
    pub fn score_value(self, v: super::value::Value) -> i64 {
        if self.success.matches_value(v) {
            1
        } else if self.failure.is_some_and(|f| f.matches_value(v)) {
            -1
        } else {
            0
        }
    }
    /// +1, -1 or 0 for a die whose value is `v`, with no branch on `v` (which dice succeed is random, and the
    /// branches were mispredicted about once a die of `8d6>=4f1`).
    pub fn score(self, v: i64) -> i64 {
        let success = self.success.matches(v);
        let failure = self.failure.is_some_and(|f| f.matches(v));
        i64::from(success) - i64::from(!success & failure)
    }
}

/// In which order a dice group's modifiers apply (see [`Expr::version`]).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum ModifierOrder {
    /// Notation versions 1 and 2, and the systems' dice: reroll (each throw as it is thrown; `ro` the first
    /// throw only), `min`/`max` (first throw), explode (a die and the throws its explosions add are one die,
    /// worth their sum), unique, keep/drop, success counting.
    #[default]
    Legacy,
    /// Version 3, a group written with Remedy's marks (`▲ ▼ ♻`, `^ v ~`): the [`Legacy`](Self::Legacy) order,
    /// which Remedy's checks use (♻ rerolls, then the standing face explodes); printed with a mark so it
    /// re-parses to this order.
    RemedyMarks,
    /// Version 3: rpg-dice-roller 5.5's order: `min`, `max`, explode, reroll, unique, keep, drop, success
    /// counting, critical markers, sort. Each throw an explosion (`!`, `!p`) adds is a die of its own for
    /// every later modifier; `!!` adds its throws into one die. A reroll replaces a die's value (after
    /// `min`/`max`, or a compounded sum) with a plain throw, and a rerolled die does not explode again.
    RpgDiceRoller,
}

impl ModifierOrder {
    /// The order a group is read in: [`Legacy`](Self::Legacy) in notation versions 1 and 2; from version 3,
    /// [`RemedyMarks`](Self::RemedyMarks) when the group carries a Remedy mark (`marked`), else
    /// [`RpgDiceRoller`](Self::RpgDiceRoller).
    pub fn read(version: u32, marked: bool) -> ModifierOrder {
        match (version, marked) {
            (..=2, _) => ModifierOrder::Legacy,
            (_, false) => ModifierOrder::RpgDiceRoller,
            (_, true) => ModifierOrder::RemedyMarks,
        }
    }

    /// True for the legacy order (versions 1 and 2, systems, Remedy marks).
    pub fn legacy(self) -> bool {
        self != ModifierOrder::RpgDiceRoller
    }
}

/// One dice group, e.g. `4d6kh3`, `8d6>=4`, `2d20▲`. Modifiers apply in a fixed order whatever order they were
/// typed in: see [`ModifierOrder`].
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
    /// `dh`/`dl` when a `kh`/`kl` is given too (`4d6kh3dl1`, both apply); a lone drop is held in `keep`.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub drop: Option<Keep>,
    /// `minN`: a die's first throw below N counts N (before the explosion check, as rpg-dice-roller).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub min: Option<i64>,
    /// `maxN`: a die's first throw above N counts N.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub max: Option<i64>,
    /// `u`/`uo`: dice repeating an earlier die's value are rerolled (after reroll and explode, before keep).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub unique: Option<Unique>,
    /// `cs`: marks dice whose value matches (default: the highest face); no change to the total.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub crit_success: Option<Compare>,
    /// `cf`: marks dice whose value matches (default: the lowest face); no change to the total.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub crit_failure: Option<Compare>,
    /// `s`/`sa`/`sd`: the breakdown lists the dice in value order; no change to the total.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub sort: Option<Sort>,
    /// The order the modifiers apply in (the parser sets it from the notation version).
    #[serde(default, skip_serializing_if = "is_legacy")]
    pub order: ModifierOrder,
}

fn is_legacy(o: &ModifierOrder) -> bool {
    *o == ModifierOrder::Legacy
}

/// `u` (reroll a repeated value until it is new) or `uo` (once), optionally only for values matching `on`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Unique {
    pub once: bool,
    pub on: Option<Compare>,
}

impl DiceGroup {
    /// A plain group of `count` dice of `die` with no modifiers.
    pub fn new(count: u32, die: DieKind) -> Self {
        DiceGroup {
            count,
            die,
            reroll: None,
            explode: None,
            keep: None,
            success: None,
            pos: Pos(1),
            drop: None,
            min: None,
            max: None,
            unique: None,
            crit_success: None,
            crit_failure: None,
            sort: None,
            order: ModifierOrder::Legacy,
        }
    }
    /// True if every throw an explosion adds is a die of its own (version 3's `!` and `!p`).
    pub fn throws_apart(&self) -> bool {
        self.order == ModifierOrder::RpgDiceRoller && self.explode.is_some_and(|e| e.kind != ExplodeKind::Compound)
    }
    /// (keep the highest?, how many kept) after keep and drop; a keep and a drop at the same end (a middle
    /// run) are refused by the parser and read here as the keep alone.
    pub fn kept(&self) -> Option<(bool, u32)> {
        let k = self.keep?;
        let (high, n) = k.kept(self.count);
        Some(match self.drop {
            Some(d) => {
                let (dh, dn) = d.kept(self.count);
                if dh == high {
                    (high, n.min(dn))
                } else {
                    (high, n)
                }
            }
            None => (high, n),
        })
    }
    /// rpg-dice-roller's keep then drop over `m` items (dice, or throws): the kept ones are positions
    /// `lo..hi` of the items sorted ascending (lo >= hi: none). Keep highest q drops the lowest m - q, keep
    /// lowest q the highest m - q, drop highest/lowest d the d at that end; a die dropped by either is dropped.
    pub fn kept_span(&self, m: u32) -> (u32, u32) {
        let (mut lo, mut hi) = (0, m);
        for k in [self.keep, self.drop].into_iter().flatten() {
            match k {
                Keep::Highest(q) => lo = lo.max(m.saturating_sub(q)),
                Keep::Lowest(q) => hi = hi.min(q),
                Keep::DropHighest(d) => hi = hi.min(m.saturating_sub(d)),
                Keep::DropLowest(d) => lo = lo.max(d),
            }
        }
        (lo, hi.max(lo))
    }
    /// A first throw's value after `min` and `max`.
    pub fn clamp(&self, v: i64) -> i64 {
        let v = self.min.map_or(v, |m| v.max(m));
        self.max.map_or(v, |m| v.min(m))
    }
    /// The faces of one die, lowest first.
    pub fn faces(&self) -> std::ops::RangeInclusive<i64> {
        self.die.min_face()..=self.die.max_face()
    }
}
