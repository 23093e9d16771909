//! A Total//Effect character: level, tier (with the example games' tier names as presets) and abilities with
//! their outcome bands over Total.

use super::fields_of;
use crate::ask::{AskInput, AskShape, Row};
use dicetray_rules::systems::total_effect::tier_of_level;
use serde::{Deserialize, Serialize};
use serde_json::Value;

#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Sheet {
    /// Level 0-10 (0 and 10 exist only in some games).
    pub level: u8,
    /// Names of tiers 0 (optional), 1, 2, 3 and 4 (optional, level 10).
    pub tier_names: TierNames,
    pub abilities: Vec<Ability>,
}

impl Default for Sheet {
    fn default() -> Self {
        Sheet { level: 1, tier_names: TierPreset::ValiantHorizon.names(), abilities: Vec::new() }
    }
}

/// What each tier is called; `preset` says which example game the names came from (or `custom`).
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct TierNames {
    pub preset: TierPreset,
    /// Tier 0..=4; an empty name means the game has no such tier.
    pub names: [String; 5],
}

/// The three example games' tier names.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum TierPreset {
    ValiantHorizon,
    LiminalVoid,
    MachinationsOfCourtAndFrame,
    Custom,
}

impl TierPreset {
    pub const ALL: [TierPreset; 4] = [
        TierPreset::ValiantHorizon,
        TierPreset::LiminalVoid,
        TierPreset::MachinationsOfCourtAndFrame,
        TierPreset::Custom,
    ];

    /// The game's name.
    pub fn label(self) -> &'static str {
        match self {
            TierPreset::ValiantHorizon => "Valiant Horizon",
            TierPreset::LiminalVoid => "Liminal Void",
            TierPreset::MachinationsOfCourtAndFrame => "Machinations of Court and Frame",
            TierPreset::Custom => "Custom",
        }
    }

    /// The tier names the game gives (tiers 0..=4).
    pub fn names(self) -> TierNames {
        let n: [&str; 5] = match self {
            TierPreset::ValiantHorizon => ["", "Fledgling", "Famous", "Renowned", "Heroic"],
            TierPreset::LiminalVoid => ["Level 0", "Green", "Seasoned", "Elite", ""],
            TierPreset::MachinationsOfCourtAndFrame => ["", "Exceptional", "Important", "Prominent", ""],
            TierPreset::Custom => ["Tier 0", "Tier 1", "Tier 2", "Tier 3", "Tier 4"],
        };
        TierNames { preset: self, names: n.map(String::from) }
    }
}

/// An ability: its outcome bands over Total (`9+`, `13+`, `6-8`, `8-`), each with what it does.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Ability {
    pub name: String,
    pub bands: Vec<BandNote>,
}

#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct BandNote {
    /// The band's text as the rules crate reads it (`9+`, `8-`, `6-8`).
    pub band: String,
    /// What happens when it triggers.
    pub effect: String,
}

impl super::SystemSheet for Sheet {
    fn summary(&self) -> String {
        let tier = match tier_of_level(u32::from(self.level)) {
            Some(t) => match self.tier_names.names.get(t as usize).map_or("", |n| n.as_str()) {
                "" => format!("Tier {t}"),
                name => format!("Tier {t} ({name})"),
            },
            None => "no Tier".to_string(),
        };
        format!("Level {} · {} · {}", self.level, tier, super::count(self.abilities.len(), "ability", "abilities"))
    }

    fn out_of_range(&self) -> Option<(String, String)> {
        (self.level > 10).then(|| ("level".into(), super::out_of_range(self.level, "0 to 10")))
    }

    fn rolls(&self) -> Vec<String> {
        self.abilities.iter().enumerate().map(|(i, a)| super::row_name(&a.name, "Ability", i)).collect()
    }

    /// The GM sets Escalation, Advantage and Disadvantage; the ability gives its bands; the player adds a modifier.
    const ASK: AskShape = AskShape {
        row: "ability",
        gm: &[
            AskInput::whole("escalation", "Escalation", 0.0, 6.0, 0.0),
            AskInput::whole("advantage", "Advantage", 0.0, 10.0, 0.0),
            AskInput::whole("disadvantage", "Disadvantage", 0.0, 10.0, 0.0),
        ],
        player: &[AskInput::whole("modifier", "Modifier", -20.0, 20.0, 0.0)],
        by_hand: &[],
        base: "{}",
    };

    fn rows(&self) -> Vec<Row> {
        let row = |a: &Ability| {
            let bands: Vec<&str> = a.bands.iter().map(|b| b.band.trim()).filter(|b| !b.is_empty()).collect();
            let said = if bands.is_empty() { "no bands".to_string() } else { format!("bands {}", bands.join(", ")) };
            let fields = fields_of([("bands", Value::from(bands))]);
            Row { name: a.name.clone(), fields, said }
        };
        self.abilities.iter().map(row).collect()
    }
}
