//! The one line the character list shows under each character's name.

use dicetray_rules::systems::total_effect::tier_of_level;
use dicetray_saved::sheets::hack_and_slash::halves_text;
use dicetray_saved::Sheet;

fn plural(n: usize, one: &str, many: &str) -> String {
    format!("{n} {}", if n == 1 { one } else { many })
}

/// A short description of a sheet, in its system's words.
pub fn summary(sheet: &Sheet) -> String {
    match sheet {
        Sheet::TwentyFour(s) => {
            let open = s.complications.iter().filter(|c| !c.cleared).count();
            let mut parts = vec![plural(s.skills.len(), "skill", "skills")];
            if let Some(best) = s.skills.iter().map(|k| k.rank).max() {
                parts.push(format!("best Rank {best}"));
            }
            parts.push(plural(open, "open complication", "open complications"));
            parts.join(" · ")
        }
        Sheet::Remedy(s) => {
            let best = s.abilities.iter().max_by_key(|a| a.score);
            let mut parts = vec![plural(s.skills.len(), "skill", "skills")];
            if let Some(a) = best {
                parts.push(format!("best ability {} {:+}", a.name, a.score));
            }
            parts.join(" · ")
        }
        Sheet::TotalEffect(s) => {
            let tier = match tier_of_level(u32::from(s.level)) {
                Some(t) => {
                    let name = s.tier_names.names.get(t as usize).map_or("", |n| n.as_str());
                    if name.is_empty() {
                        format!("Tier {t}")
                    } else {
                        format!("Tier {t} ({name})")
                    }
                }
                None => "no Tier".to_string(),
            };
            format!("Level {} · {} · {}", s.level, tier, plural(s.abilities.len(), "ability", "abilities"))
        }
        Sheet::RuinaImperii(s) => format!(
            "{} · Risk Limit {} · Fortune {}",
            plural(s.skills.len(), "skill", "skills"),
            s.risk_limit,
            s.fortune
        ),
        Sheet::HackAndSlash(s) => {
            if s.abilities.is_empty() {
                "No abilities yet".to_string()
            } else {
                let shown: Vec<String> =
                    s.abilities.iter().take(3).map(|a| format!("{} {}", a.name, halves_text(a.halves))).collect();
                let more = s.abilities.len().saturating_sub(3);
                let mut line = shown.join(", ");
                if more > 0 {
                    line.push_str(&format!(" and {more} more"));
                }
                line
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use dicetray_saved::sheets::{hack_and_slash, total_effect};

    #[test]
    fn summaries_use_each_systems_words() {
        assert_eq!(summary(&Sheet::new("24-system").unwrap()), "0 skills · 0 open complications");
        assert_eq!(summary(&Sheet::new("ruina-imperii").unwrap()), "0 skills · Risk Limit 2 · Fortune 3");
        assert_eq!(summary(&Sheet::new("total-effect").unwrap()), "Level 1 · Tier 1 (Fledgling) · 0 abilities");
        let mut te = total_effect::Sheet { level: 0, ..Default::default() };
        assert_eq!(summary(&Sheet::TotalEffect(te.clone())), "Level 0 · Tier 0 · 0 abilities");
        te.level = 11;
        assert!(summary(&Sheet::TotalEffect(te)).contains("no Tier"));
        let hs =
            hack_and_slash::Sheet { abilities: vec![hack_and_slash::Ability { name: "Agility".into(), halves: 3 }] };
        assert_eq!(summary(&Sheet::HackAndSlash(hs)), "Agility 1½");
        assert!(summary(&Sheet::new("remedy").unwrap()).starts_with("0 skills · best ability"));
    }
}
