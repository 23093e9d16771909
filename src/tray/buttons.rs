//! One-tap dice buttons and the modifier nudge.
//!
//! Tapping a die edits the typed expression so the common cases need no keyboard:
//! - in an empty box it writes the die (`d6`);
//! - when the last term is a plain group of the same die (`d6`, `2d6`, `x + 3d6`) it adds one die to that group
//!   (`2d6`, `3d6`, `x + 4d6`);
//! - after an operator or `(` it writes the die there (`2d6+` then d8 gives `2d6+d8`);
//! - otherwise it adds the die as a new term (`d20` then d6 gives `d20+d6`; `4d6kh3` then d6 gives `4d6kh3+d6`).
//!
//! A trailing `# comment` is kept at the end. The nudge (`+1` / `-1`) adjusts a trailing `+N` / `-N` modifier,
//! removing it when it reaches 0, or appends one.

use leptos::prelude::*;

/// The dice buttons: (label, the die as typed).
pub const DICE: [&str; 8] = ["d4", "d6", "d8", "d10", "d12", "d20", "d100", "dF"];

/// Split off a trailing `# comment` (returned with its `#` and the whitespace before it).
fn split_comment(expr: &str) -> (&str, &str) {
    match expr.find('#') {
        Some(i) => {
            let head = expr[..i].trim_end();
            (head, &expr[head.len()..])
        }
        None => (expr.trim_end(), ""),
    }
}

/// The expression after tapping `die` (`"d6"`, `"dF"`...); see the module doc.
pub fn tap_die(expr: &str, die: &str) -> String {
    let (head, comment) = split_comment(expr);
    let faces = &die[1..];
    let body = if head.is_empty() {
        die.to_string()
    } else if let Some((prefix, count)) = same_die_tail(head, faces) {
        format!("{prefix}{}d{faces}", count + 1)
    } else if head.ends_with(['+', '-', '*', '/', '(']) {
        format!("{head}{die}")
    } else {
        format!("{head}+{die}")
    };
    if comment.is_empty() {
        body
    } else {
        format!("{body}{comment}")
    }
}

/// If `head` ends with a plain group `NdF` of `faces` (N may be absent), (text before the group, N).
fn same_die_tail<'a>(head: &'a str, faces: &str) -> Option<(&'a str, u32)> {
    let lower = head.to_ascii_lowercase();
    let faces = faces.to_ascii_lowercase();
    let rest = lower.strip_suffix(faces.as_str())?;
    // The faces must follow the `d` directly, so `d10` is not the tail of `d100`.
    let rest = rest.strip_suffix('d')?;
    let digits = rest.len() - rest.trim_end_matches(|c: char| c.is_ascii_digit()).len();
    let prefix_len = rest.len() - digits;
    // What precedes the group must end a term boundary (nothing, an operator, a paren or a space).
    if let Some(c) = lower[..prefix_len].chars().last() {
        if !matches!(c, '+' | '-' | '*' | '/' | '(' | ' ') {
            return None;
        }
    }
    let count = if digits == 0 { 1 } else { rest[prefix_len..].parse::<u32>().ok()? };
    Some((&head[..prefix_len], count))
}

/// The expression after nudging its flat modifier by `delta` (+1 or -1); see the module doc.
pub fn nudge(expr: &str, delta: i64) -> String {
    let (head, comment) = split_comment(expr);
    let body = if head.is_empty() {
        delta.to_string()
    } else if let Some((prefix, value)) = trailing_modifier(head) {
        match value + delta {
            0 => prefix.trim_end().to_string(),
            v if v > 0 => format!("{prefix}+{v}"),
            v => format!("{prefix}-{}", -v),
        }
    } else if delta >= 0 {
        format!("{head}+{delta}")
    } else {
        format!("{head}-{}", -delta)
    };
    if comment.is_empty() {
        body
    } else {
        format!("{body}{comment}")
    }
}

/// A trailing `+N` / `-N` added to the rest of the expression: (text before the sign, signed N).
fn trailing_modifier(head: &str) -> Option<(&str, i64)> {
    let digits = head.len() - head.trim_end_matches(|c: char| c.is_ascii_digit()).len();
    if digits == 0 {
        return None;
    }
    let n: i64 = head[head.len() - digits..].parse().ok()?;
    let before = head[..head.len() - digits].trim_end();
    let sign = before.chars().last()?;
    let prefix = &before[..before.len() - 1];
    let sign = match sign {
        '+' => 1,
        '-' => -1,
        _ => return None,
    };
    // The sign must be a binary operator after a finished term, not a compare point (`4dF=-1`) or unary minus.
    let prev = prefix.trim_end().chars().last()?;
    let ends_term = prev.is_ascii_digit()
        || matches!(prev, ')' | ']' | '%')
        || (matches!(prev, 'f' | 'F') && prefix.trim_end().to_ascii_lowercase().ends_with("df"));
    if !ends_term {
        return None;
    }
    Some((prefix, sign * n))
}

/// The dice buttons, the modifier nudge and Clear; each edits `text`.
#[component]
pub fn DiceButtons(text: RwSignal<String>, #[prop(into)] on_edit: Callback<()>) -> impl IntoView {
    view! {
        <div class="tray-pad" role="group" aria-label="Add dice">
            {DICE
                .into_iter()
                .map(|die| {
                    view! {
                        <button
                            type="button"
                            class="tray-die"
                            data-die=die
                            aria-label=format!("Add a {die}")
                            on:click=move |_| {
                                text.update(|t| *t = tap_die(t, die));
                                on_edit.run(());
                            }
                        >
                            {die}
                        </button>
                    }
                })
                .collect_view()}
            <button
                type="button"
                class="tray-nudge"
                data-nudge="-1"
                aria-label="Modifier minus 1"
                on:click=move |_| {
                    text.update(|t| *t = nudge(t, -1));
                    on_edit.run(());
                }
            >
                "−1"
            </button>
            <button
                type="button"
                class="tray-nudge"
                data-nudge="+1"
                aria-label="Modifier plus 1"
                on:click=move |_| {
                    text.update(|t| *t = nudge(t, 1));
                    on_edit.run(());
                }
            >
                "+1"
            </button>
            <button
                type="button"
                class="tray-clear"
                on:click=move |_| {
                    text.set(String::new());
                    on_edit.run(());
                }
            >
                "Clear"
            </button>
        </div>
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn tapping_the_same_die_increments_its_group() {
        assert_eq!(tap_die("", "d6"), "d6");
        assert_eq!(tap_die("d6", "d6"), "2d6");
        assert_eq!(tap_die("2d6", "d6"), "3d6");
        assert_eq!(tap_die("d20 + 2D6", "d6"), "d20 + 3d6");
        assert_eq!(tap_die("dF", "dF"), "2dF");
        assert_eq!(tap_die("4df", "dF"), "5dF");
    }

    #[test]
    fn tapping_another_die_adds_a_term() {
        assert_eq!(tap_die("d20", "d6"), "d20+d6");
        assert_eq!(tap_die("d10", "d100"), "d10+d100");
        assert_eq!(tap_die("d100", "d10"), "d100+d10");
        assert_eq!(tap_die("4d6kh3", "d6"), "4d6kh3+d6");
        assert_eq!(tap_die("2d6+", "d8"), "2d6+d8");
        assert_eq!(tap_die("d20 # attack", "d20"), "2d20 # attack");
        assert_eq!(tap_die("(", "d4"), "(d4");
    }

    #[test]
    fn nudging_adjusts_the_flat_modifier() {
        assert_eq!(nudge("d20", 1), "d20+1");
        assert_eq!(nudge("d20+5", 1), "d20+6");
        assert_eq!(nudge("d20+1", -1), "d20");
        assert_eq!(nudge("d20", -1), "d20-1");
        assert_eq!(nudge("d20-1", -1), "d20-2");
        assert_eq!(nudge("d20 - 1", 1), "d20");
        assert_eq!(nudge("4dF=-1", 1), "4dF=-1+1");
        assert_eq!(nudge("4dF-1", 1), "4dF");
        assert_eq!(nudge("2d6", 1), "2d6+1");
        assert_eq!(nudge("", -1), "-1");
        assert_eq!(nudge("d20+2 # hit", 1), "d20+3 # hit");
    }

    #[test]
    fn built_expressions_parse() {
        use dicetray_rules::dice::parse;
        let mut t = String::new();
        for die in DICE {
            t = tap_die(&t, die);
            t = tap_die(&t, die);
            t = nudge(&t, 1);
            parse(&t).unwrap_or_else(|e| panic!("{t}: {e}"));
        }
    }
}
