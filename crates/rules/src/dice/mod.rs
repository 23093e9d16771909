//! The generic dice-notation engine: parse, roll with a full breakdown, exact odds.
//!
//! ```
//! use dicetray_rules::dice::parse;
//! let e = parse("4d6kh3 + 2 [bonus]").unwrap();
//! let roll = e.roll(42).unwrap();

//! assert_eq!(roll, e.roll(42).unwrap());
//! let odds = e.odds().unwrap();
//! assert!(odds.p(roll.total) > 0.0);
//! ```
//!
//! The notation is described in `docs/notation.md`.

pub mod ast;
pub mod compare_words;
mod digits;
mod display;
pub mod error;
mod group_roll;
mod lex;
pub mod limits;
pub mod marks;
mod odds;
pub mod parse;
mod render;
pub mod roll;
mod validate;
pub mod value;

pub use ast::{
    BinOp, Compare, DiceGroup, Explode, ExplodeKind, Expr, Func, Keep, ModifierOrder, Node, Pos, Reroll, RollGroup,
    Sort, Success, NOTATION_VERSION,
};
pub use compare_words::{compare_point_sentences, compare_point_words, compare_points, faces_in_words, faces_matching};
pub use error::NotationError;
pub use odds::{one_die_value, Odds};
pub use parse::{parse, parse_group, parse_versioned};
pub use render::group_text;
pub use roll::{ExprRoll, GroupRoll, LabelRoll, SubRoll};
pub use value::Value;
