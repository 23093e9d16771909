//! One folder per rule system, named as in the rules crate (`crates/rules/src/systems/<same name>/`):
//! each system's roll panel and sheet editor (the sheet's data is `dicetray_saved::sheets::<same name>`); `kit.rs`,
//! the parts every panel shares; `every_choice.rs`, the odds of every value of one input, under each panel's odds;
//! `favourite.rs`, who is the favourite in a contest.
//!
//! Every system's folder offers the same parts under the same names: `panel(character)` (the Roll screen's panel,
//! framed, from a lazily loaded chunk for all but the 24-System's) and `sheet_editor(id)`. Nothing here lists the
//! systems: each screen's dispatch over them is made from the rules crate's one list
//! (`dicetray_rules::for_each_system!`), so a system missing a part does not compile.

pub use dicetray_saved::Sheet;

pub mod every_choice;
pub mod favourite;
pub mod field_check;
pub mod hack_and_slash;
pub mod kit;
pub mod more;
pub mod rehearsal;
pub mod remedy;
pub mod roll_bar;
pub mod ruina_imperii;
pub mod sheet_kit;
pub mod total_effect;
pub mod twenty_four;

/// The name of a system as players know it (`24-System`), from the rules crate's list; the id itself if unknown.
pub fn system_name(id: &str) -> &str {
    dicetray_rules::systems::system(id).map_or(id, |s| s.name)
}

#[cfg(test)]
mod tests {
    use super::*;
    use dicetray_rules::systems::SYSTEM_IDS;

    #[test]
    fn every_system_has_a_name_and_a_sheet() {
        for id in SYSTEM_IDS {
            assert_eq!(Sheet::new(id).map(|s| s.system_id()), Some(id));
            assert_ne!(system_name(id), id);
        }
        assert_eq!(system_name("total-effect"), "Total//Effect");
        assert_eq!(system_name("chess"), "chess");
    }
}
