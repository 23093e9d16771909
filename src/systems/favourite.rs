//! Who is the favourite in a contest, and by how much, under a panel's odds (Remedy's contest, Ruina Imperii's
//! and Hack & Slash's opposed rolls) and on a GM's request card: one line in words and a bar split into the
//! acting side's chance of coming out ahead, of an even result, and the other side's. Exact, from the rules
//! crate's [`RuleSystem::contest`].

use crate::widgets::odds_chart::percent;
use dicetray_rules::decimal::fixed;
use dicetray_rules::systems::{Contest, Favourite, Odds, RequestError, RuleSystem};
use leptos::prelude::*;

/// The contest the request `request` gives, if it is one, read from the panel's `odds` of that request (so they
/// are computed once); recomputed only when they change.
pub fn contest_of<S: RuleSystem>(
    request: impl Fn() -> Result<S::Request, RequestError> + Send + Sync + 'static,
    odds: Memo<Result<Odds, RequestError>>,
) -> Signal<Option<Contest>>
where
    S::Request: Send + Sync + 'static,
{
    Memo::new(move |_| {
        let r = request().ok()?;
        odds.with(|o| S::contest_given(&r, o.as_ref().ok()?)).and_then(Result::ok)
    })
    .into()
}

/// The favourite in words: `You are the favourite, by 12.4 points.`
pub fn favourite_words(c: &Contest) -> String {
    let points = |gap: f64| {
        let s = fixed(gap * 100.0, 1);
        format!("{} points", s.strip_suffix(".0").unwrap_or(&s))
    };
    match c.favourite() {
        (Favourite::Acting, gap) => format!("You are the favourite, by {}.", points(gap)),
        (Favourite::Other, gap) => format!("The other side is the favourite, by {}.", points(gap)),
        (Favourite::Neither, _) => "Neither side is the favourite: an even contest.".to_string(),
    }
}

/// The three chances in words: `You come out ahead 56.2%, the other side 43.8%.` (with `even` when it can be).
pub fn chances_words(c: &Contest) -> String {
    let even = if c.even > 0.0 { format!(", even {}", percent(c.even)) } else { String::new() };
    format!("You come out ahead {}, the other side {}{even}.", percent(c.ahead), percent(c.behind))
}

/// The favourite line and its bar; nothing when the request is not a contest.
#[component]
pub fn ContestFavourite(contest: Signal<Option<Contest>>) -> impl IntoView {
    move || {
        contest.get().map(|c| {
            let width = |p: f64| format!("{}%", fixed(p * 100.0, 2));
            view! {
                <div class="contest-favourite" data-ahead=fixed(c.ahead, 15) data-behind=fixed(c.behind, 15)>
                    <p class="contest-who">{favourite_words(&c)}</p>
                    <div class="contest-bar" aria-hidden="true">
                        <span class="contest-ahead" style:width=width(c.ahead)></span>
                        <span class="contest-even" style:width=width(c.even)></span>
                        <span class="contest-behind" style:width=width(c.behind)></span>
                    </div>
                    <p class="contest-chances">{chances_words(&c)}</p>
                </div>
            }
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_favourite_and_the_gap_read_in_points() {
        let c = Contest { ahead: 0.562, even: 0.0, behind: 0.438 };
        assert_eq!(favourite_words(&c), "You are the favourite, by 12.4 points.");
        assert_eq!(chances_words(&c), "You come out ahead 56.2%, the other side 43.8%.");
        let c = Contest { ahead: 0.25, even: 0.15, behind: 0.6 };
        assert_eq!(favourite_words(&c), "The other side is the favourite, by 35 points.");
        assert_eq!(chances_words(&c), "You come out ahead 25%, the other side 60%, even 15%.");
        let c = Contest { ahead: 0.4, even: 0.2, behind: 0.4 };
        assert!(favourite_words(&c).starts_with("Neither side"));
    }
}
