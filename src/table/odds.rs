//! The exact odds the Table screen shows (each roll's, "7 or more had a 42% chance", and a GM's request's) come
//! from a wasm chunk of their own, `table_odds`, fetched as soon as the seated screen is up. The odds code is a
//! tenth of the Table screen's download (bench/README.md, "Room to grow", twelfth session), and a phone joining a
//! table needs the rolls and the protocol first. The same code is shared with the Roll panels and the Tray, so a
//! phone that rolled before joining has it already. Until it is here an odds line is empty; a download that
//! failed says so where the odds would be.

use dicetray_rules::dice::{Expr, NotationError, Odds as TotalOdds};
use dicetray_rules::systems::{Odds, Request};
use leptos::prelude::*;
use leptos::task::spawn_local;
use leptos::wasm_split::{wasm_split, SplitLoaderError};

/// What an odds line says when its code did not download.
pub const NOT_DOWNLOADED: &str = "No exact odds: their code did not download. Reload to try again.";

/// The two ways the Table screen asks for exact odds, once their code is here.
#[derive(Clone, Copy)]
pub struct OddsKit {
    /// A system request's chance of each outcome and event.
    pub request: fn(&Request) -> Result<Odds, String>,
    /// A notation expression's chance of each total.
    pub notation: fn(&Expr) -> Result<TotalOdds, NotationError>,
}

impl OddsKit {
    /// The functions themselves. Named only by `load` (in the `table_odds` chunk) and by tests, so their code stays
    /// out of the Table screen's own download.
    pub(super) const HERE: OddsKit = OddsKit { request: |r| r.odds().map_err(|e| e.to_string()), notation: Expr::odds };
}

/// Where the Table screen's odds stand: on their way (`None`), here, or not downloaded.
#[derive(Clone, Copy)]
pub struct TableOdds(RwSignal<Option<Result<OddsKit, &'static str>>>);

impl TableOdds {
    /// Starts fetching the odds' code (a no-op once it is here).
    pub fn fetch() -> TableOdds {
        let state = RwSignal::new(None);
        spawn_local(async move { state.set(Some(load().await.map_err(|_| NOT_DOWNLOADED))) });
        TableOdds(state)
    }

    /// The kit (tracked): `None` while it is on its way, `Err` if it did not download.
    pub fn kit(&self) -> Option<Result<OddsKit, &'static str>> {
        self.0.get()
    }

    /// `line` of the kit, tracked: empty while the odds are on their way, or why they are missing.
    pub fn line(&self, line: impl FnOnce(&OddsKit) -> String) -> String {
        match self.kit() {
            None => String::new(),
            Some(Ok(kit)) => line(&kit),
            Some(Err(why)) => why.to_string(),
        }
    }
}

#[wasm_split(table_odds, wasm_split_path = ::leptos::wasm_split, fallible)]
fn load() -> Result<OddsKit, SplitLoaderError> {
    Ok(OddsKit::HERE)
}

#[cfg(test)]
mod tests {
    use super::*;
    use dicetray_rules::dice::{parse, value};

    #[test]
    fn an_odds_line_is_empty_while_the_code_loads_then_filled_in_or_says_it_did_not_download() {
        let three_d6 = parse("3d6").unwrap();
        // The chance of 18, written in 216ths.
        let chance_of_18 = |kit: &OddsKit| {
            let odds = (kit.notation)(&three_d6).unwrap();
            let p: f64 = odds.iter().filter(|(v, _)| value::to_f64(*v) == 18.0).map(|(_, p)| p).sum();
            format!("{}/216", (p * 216.0).round())
        };
        let odds = TableOdds(RwSignal::new(None));
        assert_eq!(odds.line(chance_of_18), "", "on its way");
        odds.0.set(Some(Ok(OddsKit::HERE)));
        assert_eq!(odds.line(chance_of_18), "1/216");
        odds.0.set(Some(Err(NOT_DOWNLOADED)));
        assert_eq!(odds.line(chance_of_18), NOT_DOWNLOADED);
    }
}
