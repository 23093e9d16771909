//! Total//Effect ability bands over the Total: `X+` (X or higher), `X-` (X or lower), `X-Y` (X to Y inclusive).

/// One parsed band.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Band {
    /// `X+`
    AtLeast(i64),
    /// `X-`
    AtMost(i64),
    /// `X-Y` with X <= Y
    Between(i64, i64),
}

/// What a band's text may look like (used in error messages).
pub const BAND_FORMS: &str = "`X+`, `X-` or `X-Y` with whole numbers 0..=999 and X <= Y, e.g. `9+`, `8-`, `9-12`";

fn number(s: &str) -> Option<i64> {
    (!s.is_empty() && s.len() <= 3 && s.bytes().all(|b| b.is_ascii_digit())).then(|| s.parse().ok()).flatten()
}

impl Band {
    /// Parse a band's text exactly as written (no spaces); `None` if it is not a band.
    pub fn parse(text: &str) -> Option<Band> {
        if let Some(x) = text.strip_suffix('+') {
            return number(x).map(Band::AtLeast);
        }
        if let Some(x) = text.strip_suffix('-') {
            return number(x).map(Band::AtMost);
        }
        let (x, y) = text.split_once('-')?;
        let (x, y) = (number(x)?, number(y)?);
        (x <= y).then_some(Band::Between(x, y))
    }

    /// Whether a Total triggers this band.
    pub fn matches(self, total: i64) -> bool {
        match self {
            Band::AtLeast(x) => total >= x,
            Band::AtMost(x) => total <= x,
            Band::Between(x, y) => (x..=y).contains(&total),
        }
    }
}
