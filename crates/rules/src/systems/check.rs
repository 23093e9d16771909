//! Small validation helpers shared by the rule systems: every failure is a [`RequestError`] naming the field.

use super::RequestError;

/// `value` must lie in `lo..=hi`; the error names `field` and the allowed range.
pub(crate) fn in_range(field: &str, value: i64, lo: i64, hi: i64) -> Result<(), RequestError> {
    if (lo..=hi).contains(&value) {
        Ok(())
    } else {
        Err(RequestError::new(field, format!("{value} is out of range"), format!("{lo} to {hi}")))
    }
}

/// A list may hold at most `max` entries.
pub(crate) fn at_most<T>(field: &str, list: &[T], max: usize) -> Result<(), RequestError> {
    if list.len() <= max {
        Ok(())
    } else {
        Err(RequestError::new(field, format!("{} entries is too many", list.len()), format!("at most {max} entries")))
    }
}

/// User text for an error message, shortened past 40 characters so a hostile request cannot make a huge message:
/// `▲▲▲…▲` -> `▲▲▲▲▲▲▲▲▲▲▲▲▲▲▲▲▲▲▲▲▲▲▲▲▲▲▲▲▲▲▲▲▲▲▲▲▲▲▲▲… (350000 characters)`.
pub(crate) fn shown(text: &str) -> String {
    const SHOWN_MAX: usize = 40;
    let n = text.chars().count();
    if n <= SHOWN_MAX {
        text.to_string()
    } else {
        format!("{}… ({n} characters)", text.chars().take(SHOWN_MAX).collect::<String>())
    }
}
