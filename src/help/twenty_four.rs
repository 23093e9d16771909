//! Help: the 24-System (J. Weaver), in our own words, with the project's rulings.

use super::{bullets, outcomes, paras, rulings, steps, table, HelpSection, Outcome};
use dicetray_rules::systems::{twenty_four::TwentyFour, RuleSystem};
use leptos::prelude::*;

pub const ID: &str = <TwentyFour as RuleSystem>::ID;
const NAME: &str = <TwentyFour as RuleSystem>::NAME;

pub const OUTCOMES: &[Outcome] = &[
    Outcome {
        id: "legendary",
        name: "Legendary Success (24 or more)",
        meaning: "A result of 24 or higher is a big, cinematic success. You get past the usual limits, earn a strong extra benefit, and the Guide may let the action do more than you set out to do. It succeeds even against a DC above 24.",
    },
    Outcome {
        id: "success",
        name: "Success (DC or more)",
        meaning: "Your result reaches the DC: you do what you meant to do, cleanly and at no extra cost.",
    },
    Outcome {
        id: "miss",
        name: "Miss (under the DC)",
        meaning: "You do not get what you were after, but nothing bad is attached automatically. The Guide moves the scene on instead: time passes, the surroundings change, enemies react or reposition, new facts or threats turn up. You may Push Your Luck instead of taking the Miss.",
    },
    Outcome {
        id: "partial_critical",
        name: "Partial Critical (a die shows its highest face)",
        meaning: "Any die landing on its top face (12 on a d12, 10 on a d10, …) earns a flourish or small immediate benefit, even below 24: acting faster, dodging a minor consequence, impressing onlookers, gaining a better position, or easing Pressure. dicetray reports it alongside the outcome.",
    },
];

pub const RULINGS: &[&str] = &[
    "Skill rank 0–6 sets the two skill dice and the flat bonus exactly as in the table above.",
    "Leverage 0–5 adds ONE extra die, not one die per point: a d4, d6, d8, d10 or d12 for 1, 2, 3, 4 or 5 points. Result = the two highest of all the dice + the flat bonus.",
    "Effective DC = base DC + every Pressure entry + the highest status DC increase. Statuses do not stack: when several affect one action, only the most restrictive limit and the highest DC increase count. Pressure still adds on top of that status. Crushing Pressure forces Leverage to 0 and raises the DC by an amount you state.",
    "24 or more is a Legendary Success whatever the DC. Otherwise a result at or above the effective DC is a Success, and anything lower is a Miss.",
    "Partial Critical: any rolled die, kept or dropped (the leverage die included), that shows its maximum face. It is reported on hits and misses alike. Table option: count the two kept dice only.",
    "Attacks that hit: Legendary → Head; otherwise a Partial Critical → a limb (the attacker picks left, right or legs); otherwise → Core. A called shot overrides all of this.",
    "Push Your Luck: the only text we have is the one marked deprecated, so the app uses it. Only after a Miss: pick one of the five tracks and state the fiction, then reroll the whole pool (leverage die included) against the pushed DC = max(DC − 2, min(DC, 6)), where DC is the effective DC: two lower, not below 6, and never above the DC you are pushing (a DC of 5 stays 5). The new result stands and cannot be pushed again.",
    "A pushed success carries a Minor complication on the chosen track (plus the Partial Critical benefit if any die maxed); a pushed failure carries a Major complication. The Guide may declare a failed push a Critical Failure.",
    "Retry rule: after a Miss, rolling the same skill at the same DC with nothing changed is not a free roll. The app says so and offers Push instead, unless you tick “The situation changed” (another method or tool, help, more time, a new cost). The Roll panel remembers your last Miss from History, so a reload does not make it a free roll.",
    "Complications are recorded per character on the five tracks (Position, Resource, Exposure, Strain, Objective), each as Minor or Major together with its fiction.",
];

#[component]
pub fn TwentyFourHelp() -> impl IntoView {
    view! {
        <HelpSection slug=ID title=NAME byline="The 24-System by J. Weaver.">
            <h3>"How a roll works"</h3>
            {paras(
                &[
                    "Roll the dice your skill gives you, add any bonus die, keep the two highest, add the flat bonus of your skill rank and compare that result with the Difficulty (DC).",
                ],
            )}
            {table(
                "Skill rank: dice and flat bonus",
                &["Rank", "Roll", "Average"],
                &[
                    &["0", "`2d12`", "13"],
                    &["1", "`d10 + d12 + 2`", "14"],
                    &["2", "`2d10 + 4`", "15"],
                    &["3", "`d8 + d10 + 6`", "16"],
                    &["4", "`2d8 + 8`", "17"],
                    &["5", "`d6 + d8 + 10`", "18"],
                    &["6", "`2d6 + 12`", "19"],
                ],
            )}
            <h4>"Leverage: good circumstances add a die"</h4>
            {paras(
                &[
                    "Instead of advantage, the 24-System has Leverage: a good position, a plan, better gear, teamwork, surprise or momentum. Leverage adds one bonus die, and more Leverage makes that die bigger: d4 at 1, d6 at 2, d8 at 3, d10 at 4, d12 at 5. Roll it with the skill dice; it only ever helps, since you still keep the two highest. When a rule grants “advantage”, that is one Leverage step; each further separate source moves the die up one size.",
                ],
            )}
            <h4>"Pressure: bad circumstances raise the DC"</h4>
            {paras(
                &[
                    "Trouble never touches your dice. Darkness, noise, injury, fear, hazards, a ticking clock or resistance each raise the DC instead, usually by 1 or 2 depending on how bad it is (low light +1; darkness, smoke or being wounded +2; severe injury or panic +3 or more). Status conditions can raise the DC too, and apply together with Pressure. The Guide says the adjusted DC before you roll.",
                    "Statuses do not stack: when several affect one action, only the most restrictive limit and the highest DC increase count. Enter every status; dicetray adds the highest increase among them, plus all the Pressure.",
                    "Crushing Pressure is an optional, rare rule for overwhelming danger: no Leverage at all on that roll, and a much higher DC.",
                ],
            )}
            <h3>"What the outcomes mean"</h3>
            {outcomes(ID, OUTCOMES)}
            <h4>"Where an attack lands"</h4>
            {bullets(
                &[
                    "A plain hit strikes the Core.",
                    "A hit with a Partial Critical strikes a limb of the attacker’s choice: left, right or legs.",
                    "A Legendary hit strikes the Head.",
                    "Abilities and called shots can override this.",
                ],
            )}
            <h3>"Push Your Luck"</h3>
            {paras(
                &[
                    "The rules mark this section as deprecated and point to a newer version we do not have; it is the only version given, so dicetray uses it. When you miss, you may force the action through at a cost:",
                ],
            )}
            {steps(
                &[
                    "Choose a complication track (Position, Resource, Exposure, Strain or Objective) that fits what you are doing, and say what risk you are taking.",
                    "Reroll every die against the DC lowered by 2, but not below 6 (a DC already under 6 stays as it is), and keep the new result.",
                    "If it succeeds you get what you wanted plus a Minor complication on that track (and the Partial Critical benefit if you earned one). If it fails, you fail and the complication becomes Major.",
                ],
            )}
            {paras(
                &[
                    "A Critical Failure is rarer still: the Guide may call one when things have gone past safe limits and the story supports a catastrophe worse than a Major complication. You fail, take that catastrophe, and the situation escalates at once.",
                    "No free retries: a failed approach does not work right now. Try again at once only by pushing, or later when something real has changed (another method or tool, help, time, new Leverage, a new cost you accept). Otherwise the first result stands.",
                ],
            )}
            <h4>"The five complication tracks"</h4>
            {table(
                "Complication tracks",
                &["Track", "It is about"],
                &[
                    &["Position", "where you stand: angle, cover, footing, range, engagement"],
                    &["Resource", "ammunition, supplies, tools, weapons, armour and other things that run out or break"],
                    &["Exposure", "being noticed, tracked or identified; revealing where you are or what you intend"],
                    &["Strain", "stamina, pain, shock, panic: the load on body and mind right now"],
                    &["Objective", "progress toward the goal: clocks, time windows, the target, the mission"],
                ],
            )}
            {paras(
                &[
                    "Rule of thumb: a short setback that leaves you in control is Minor; losing control of the scene, losing a key option or being handed a new problem right away is Major. Pushing a consequence onto another player character is normally off the table, unless the risk was said aloud before rolling, the gain clearly outweighs it, and the whole table agrees.",
                ],
            )}
            {rulings(ID, RULINGS)}
        </HelpSection>
    }
}

/// This system's Help section (the Help screen's list of sections is made from the rules crate's list of systems).
pub fn section() -> AnyView {
    view! { <TwentyFourHelp /> }.into_any()
}
