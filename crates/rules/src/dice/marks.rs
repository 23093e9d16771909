//! Remedy's dice marks (▲ ▼ ! ♻) and the ASCII spellings a phone keyboard can type.
//!
//! Both the generic notation parser and the Remedy system read marks through [`remedy_mark`], so the two
//! can never disagree about what a mark means.
//!
//! | mark | ASCII | meaning (Remedy) | generic equivalent |
//! |---|---|---|---|
//! | `▲` | `^` | keep the highest die; each repeat keeps one more | `khN` |
//! | `▼` | `v` | keep the lowest die; each repeat keeps one more | `klN` |
//! | `!` | `!` | a die showing its maximum adds another roll, repeatedly | `!` |
//! | `♻` | `~` | a die showing 1..k (k = number of marks) is rerolled once; the new face stands | `ro<=k` |
//!
//! Whatever order they are typed in, they apply in one fixed order: ♻ reroll, then ! explode, then ▲/▼ keep.

/// One Remedy mark.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum RemedyMark {
    /// `▲` / `^`: keep highest.
    Advantage,
    /// `▼` / `v`: keep lowest.
    Disadvantage,
    /// `!`: explode on the maximum face.
    Explode,
    /// `♻` / `~`: reroll the low faces once.
    Reroll,
}

impl RemedyMark {
    /// The symbol as Remedy prints it.
    pub fn symbol(self) -> char {
        match self {
            RemedyMark::Advantage => '▲',
            RemedyMark::Disadvantage => '▼',
            RemedyMark::Explode => '!',
            RemedyMark::Reroll => '♻',
        }
    }
    /// The ASCII spelling.
    pub fn ascii(self) -> char {
        match self {
            RemedyMark::Advantage => '^',
            RemedyMark::Disadvantage => 'v',
            RemedyMark::Explode => '!',
            RemedyMark::Reroll => '~',
        }
    }
}

/// The mark a character spells, if any. Accepts the symbols (also `△`/`▽`/`♲` look-alikes are NOT accepted:
/// only the exact symbols above and their ASCII spellings, plus upper-case `V`).
pub fn remedy_mark(c: char) -> Option<RemedyMark> {
    match c {
        '▲' | '^' => Some(RemedyMark::Advantage),
        '▼' | 'v' | 'V' => Some(RemedyMark::Disadvantage),
        '!' => Some(RemedyMark::Explode),
        '♻' | '~' => Some(RemedyMark::Reroll),
        _ => None,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn symbol_and_ascii_spell_the_same_mark() {
        for m in [RemedyMark::Advantage, RemedyMark::Disadvantage, RemedyMark::Explode, RemedyMark::Reroll] {
            assert_eq!(remedy_mark(m.symbol()), Some(m));
            assert_eq!(remedy_mark(m.ascii()), Some(m));
        }
        assert_eq!(remedy_mark('x'), None);
    }
}
