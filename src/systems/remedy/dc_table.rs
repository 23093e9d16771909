//! Remedy's DC table: the name of each band of DCs.

/// The DC table's name for a DC.
pub fn difficulty_name(dc: i64) -> &'static str {
    match dc {
        i64::MIN..=4 => "Trivial",
        5..=9 => "Easy",
        10..=14 => "Moderate",
        15..=19 => "Hard",
        20..=24 => "Punishing",
        25..=29 => "Insane",
        _ => "Impossible",
    }
}
