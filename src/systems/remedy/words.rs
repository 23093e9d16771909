//! Remedy's outcome and event names in words (the panel's and the ♻ reroll's).

/// Outcome and event names in words.
pub fn label(name: &str) -> String {
    match name {
        "triumph" => "Triumph",
        "success" => "Success",
        "failure" => "Failure",
        "disaster" => "Disaster",
        "critical_hit" => "Critical hit",
        "cancelled" => "Triumphs or disasters cancel out",
        other => other,
    }
    .to_string()
}
