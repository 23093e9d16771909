//! Every ruling of the project's rules README (`../shared/rules/README.md`, the rulings corrected 2026-11-23) has
//! tests named after it (`fn ruling_...`), and each name below is a test that exists somewhere in the workspace.
//!
//! `RULINGS` pairs each ruling, by the opening words of its line in the README, with the tests that assert it. When
//! the README is beside the checkout (as on the team's machines), every ruling line of it must have a row here, so a
//! new or reworded ruling fails this test until it has one.

use std::collections::BTreeSet;
use std::path::{Path, PathBuf};

/// (the ruling line's opening words, the tests that name it).
const RULINGS: &[(&str, &[&str])] = &[
    // 24-System
    ("Rank 0..6 sets the two skill dice", &["ruling_rank_sets_skill_dice_and_flat_bonus_as_the_table_says"]),
    ("Leverage 0..5 adds ONE extra die", &["ruling_leverage_adds_one_die_keep_two_highest"]),
    (
        "Effective DC = base DC + every Pressure entry",
        &[
            "ruling_statuses_do_not_stack_highest_increase_applies",
            "ruling_effective_dc_pressure_and_a_status_both_apply",
            "ruling_crushing_pressure_forces_leverage_zero_and_raises_dc",
        ],
    ),
    (
        "Result >= 24: Legendary Success",
        &[
            "ruling_result_24_or_more_is_legendary_whatever_the_dc",
            "ruling_result_meeting_the_effective_dc_is_success_else_miss",
        ],
    ),
    (
        "Partial Critical: any rolled die",
        &[
            "ruling_partial_critical_any_die_kept_or_dropped_on_hits_and_misses",
            "ruling_partial_critical_kept_only_table_option",
        ],
    ),
    (
        "Attacks that hit: Legendary -> Head",
        &[
            "ruling_attack_hit_location_legendary_head_partial_critical_limb_else_core",
            "ruling_called_shot_overrides_hit_location",
        ],
    ),
    (
        "Push Your Luck",
        &[
            "ruling_push_only_after_a_miss_and_a_pushed_roll_cannot_be_pushed_again",
            "ruling_push_names_one_of_the_five_tracks_and_states_the_fiction",
            "ruling_push_rerolls_whole_pool_against_dc_minus_two_minimum_six",
            "ruling_pushed_dc_is_never_higher_than_the_dc_being_pushed",
            "ruling_pushed_24_or_more_is_legendary_and_still_takes_the_minor_complication",
            "ruling_pushed_success_is_a_minor_complication_on_the_track",
            "ruling_pushed_failure_is_a_major_complication_on_the_track",
            "ruling_guide_may_declare_a_failed_push_a_critical_failure",
        ],
    ),
    ("Retry rule: after a Miss", &["ruling_retry_same_skill_same_dc_nothing_changed_is_not_a_free_roll"]),
    ("Complications are recorded per character", &["ruling_complications_use_the_five_tracks"]),
    // Remedy
    ("d10 faces are 1..10", &["ruling_d10_faces_are_1_to_10_and_d100_is_percentile"]),
    (
        "Modifier order on a group",
        &[
            "ruling_modifier_order_reroll_then_explode_then_keep",
            "ruling_reroll_once_and_the_new_face_stands",
            "ruling_explode_adds_rolls_while_maximum",
            "ruling_tray_and_check_read_reroll_then_explode_alike_explosion_throws_never_rerolled",
        ],
    ),
    (
        "♻ is the roller's CHOICE",
        &[
            "ruling_reroll_is_the_rollers_choice_never_always_best_by_hand",
            "ruling_the_tray_has_no_dc_so_reroll_always_rerolls",
        ],
    ),
    (
        "A check keeps one d20",
        &[
            "ruling_check_keeps_one_d20",
            "ruling_total_adds_ability_net_d6_and_bonus",
            "ruling_dominance_and_threat_cancel_one_for_one",
        ],
    ),
    (
        "Natural result = the kept d20's face",
        &["ruling_natural_is_kept_face_after_reroll_before_adding", "ruling_triumph_and_disaster_ranges_widen"],
    ),
    (
        "Against a DC the check succeeds only if total > DC",
        &[
            "ruling_ties_go_to_the_dc",
            "ruling_contest_higher_total_wins",
            "ruling_contest_tie_goes_to_the_reactive_side",
            "ruling_opponent_follows_same_dice_rules",
        ],
    ),
    (
        "Triumph: succeeds whatever the total",
        &[
            "ruling_triumph_succeeds_whatever_the_total",
            "ruling_triumph_on_an_attack_is_a_critical_hit",
            "ruling_disaster_fails_whatever_the_total",
            "ruling_contest_triumph_on_both_sides_cancel",
            "ruling_contest_disaster_on_both_sides_cancel",
            "ruling_triumph_vs_disaster_both_apply",
        ],
    ),
    // Total//Effect
    (
        "Roll 3d6. Net advantage",
        &[
            "ruling_advantage_cancels_first_then_caps_at_three",
            "ruling_net_advantage_clamped_to_three_rolls_extra_dice_and_keeps_highest_three",
            "ruling_net_disadvantage_keeps_lowest_three",
        ],
    ),
    (
        "Total = sum of kept dice + Escalation",
        &[
            "ruling_total_is_kept_dice_plus_escalation_plus_modifier_and_escalation_never_changes_effect_dice",
            "ruling_escalation_floor_or_ceiling_table_option_replaces_adding",
            "ruling_escalation_zero_means_no_escalation_in_every_mode",
        ],
    ),
    (
        "General resolution: Total <= 8",
        &["ruling_general_resolution_8_or_less_hard_choice_9_to_12_twist_13_plus_clean"],
    ),
    ("Ability bands X+, X-, X-Y", &["ruling_every_matching_band_triggers"]),
    (
        "Halve a die: floor(v/2)",
        &[
            "ruling_halve_a_die_rounds_down_at_least_one",
            "ruling_step_up_low_mid_high_then_plus_one_step_down_high_mid_low_then_minus_one_at_least_zero",
            "ruling_steps_on_a_flat_value_add_or_subtract_one_each",
        ],
    ),
    (
        "Tier: acting below your tier",
        &[
            "ruling_tier_below_gives_one_advantage_above_one_disadvantage",
            "ruling_level_maps_to_tier_1_3_4_6_7_9_with_optional_0_and_10",
            "ruling_tier_advantage_joins_other_advantage_before_the_cancel_and_cap",
        ],
    ),
    // Ruina Imperii
    ("Pool = skill dice + Risk dice", &["ruling_hits_on_four_five_six", "ruling_risk_adds_dice"]),
    (
        "Static difficulty D",
        &[
            "ruling_success_needs_more_hits_than_difficulty",
            "ruling_critical_success_needs_more_than_twice_difficulty",
            "ruling_critical_success_at_difficulty_zero_is_one_hit",
            "ruling_opposed_difficulty_is_opponent_hits",
        ],
    ),
    ("Explode N: every die showing N or more", &["ruling_explode_adds_dice_recursively_and_added_dice_hit"]),
    (
        "Risk r (0..Risk Limit)",
        &[
            "ruling_risk_limit_bounds_risk",
            "ruling_risk_gains_explode_6",
            "ruling_risk_upgrades_explode_6_to_5",
            "ruling_risk_keeps_explode_5_and_4_from_elsewhere",
        ],
    ),
    ("A roll that is not a Success", &["ruling_harsh_failure_when_not_success_and_fewer_hits_than_risk"]),
    (
        "Zero dice: roll 1 die with Risk 1",
        &["ruling_zero_dice_roll_one_with_risk_one", "ruling_skill_zero_with_risk_is_an_ordinary_roll"],
    ),
    (
        "Fortune: spend 1",
        &[
            "ruling_fortune_covers_harsh_failure_for_roll_or_scene",
            "ruling_fortune_accepts_false_true_roll_scene",
            "ruling_fortune_spends_one_for_a_roll_all_for_a_scene_or_a_permanent_consequence_at_least_one",
        ],
    ),
    // Hack & Slash
    ("Dice are d6. Bonuses and difficulties", &["ruling_bonuses_and_difficulties_come_in_half_steps"]),
    ("Single action: success level", &["ruling_single_action_level_1_full_0_or_half_half_below_0_failure"]),
    (
        "Opposed: each side rolls d6",
        &["ruling_opposed_equal_rolls_are_both_half_ahead_by_half_is_half_ahead_by_one_succeeds"],
    ),
    (
        "Several opposing one action",
        &[
            "ruling_several_opposers_level_is_against_the_highest_opposing_roll",
            "ruling_each_opposer_ahead_by_one_interferes_fully_by_zero_or_half_partially",
        ],
    ),
    // Generic notation conventions
    (
        "Compare points follow rpg-dice-roller",
        &["ruling_compare_points_greater_is_strict_greater_or_equal_is_inclusive"],
    ),
];

/// Every `fn` name in the Rust files under `dir`.
fn function_names(dir: &Path, out: &mut BTreeSet<String>) {
    let Ok(entries) = std::fs::read_dir(dir) else { return };
    for e in entries.flatten() {
        let path = e.path();
        let name = e.file_name().to_string_lossy().into_owned();
        if path.is_dir() && !name.starts_with('.') && name != "target" && name != "node_modules" {
            function_names(&path, out);
        } else if name.ends_with(".rs") {
            let text = std::fs::read_to_string(&path).unwrap_or_default();
            for rest in text.split("fn ").skip(1) {
                let ident: String = rest.chars().take_while(|c| c.is_alphanumeric() || *c == '_').collect();
                out.insert(ident);
            }
        }
    }
}

fn root() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
}

#[test]
fn every_ruling_names_tests_that_exist() {
    let mut names = BTreeSet::new();
    for dir in ["crates", "src", "tests"] {
        function_names(&root().join(dir), &mut names);
    }
    let missing: Vec<&str> =
        RULINGS.iter().flat_map(|(_, tests)| tests.iter().copied()).filter(|t| !names.contains(*t)).collect();
    assert!(missing.is_empty(), "rulings name tests that do not exist: {missing:?}");
    let every: BTreeSet<&str> = RULINGS.iter().flat_map(|(_, tests)| tests.iter().copied()).collect();
    // (`ruling_` alone is the prefix as this file's prose writes it, not a test.)
    let unlisted: Vec<&String> =
        names.iter().filter(|n| n.len() > 7 && n.starts_with("ruling_") && !every.contains(n.as_str())).collect();
    assert!(unlisted.is_empty(), "tests named after a ruling but in no row of RULINGS: {unlisted:?}");
}

/// The README's ruling lines: the bullets of its system and notation sections (its tables are not rulings).
fn readme_bullets(readme: &str) -> Vec<&str> {
    readme.lines().filter_map(|l| l.strip_prefix("- ")).collect()
}

#[test]
fn every_ruling_line_of_the_rules_readme_has_a_row() {
    let path = root().join("../shared/rules/README.md");
    let Ok(readme) = std::fs::read_to_string(&path) else {
        // A clone elsewhere has no copy of the workplace's rules folder; the rows are still checked above.
        eprintln!("rulings: {} not found; checked the rows' tests only", path.display());
        return;
    };
    let lines = readme_bullets(&readme);
    let unmatched: Vec<&str> =
        lines.iter().copied().filter(|l| !RULINGS.iter().any(|(start, _)| l.starts_with(start))).collect();
    assert!(unmatched.is_empty(), "ruling lines with no row in RULINGS: {unmatched:#?}");
    let stale: Vec<&str> =
        RULINGS.iter().map(|(start, _)| *start).filter(|s| !lines.iter().any(|l| l.starts_with(s))).collect();
    assert!(stale.is_empty(), "rows whose ruling line is no longer in the README: {stale:?}");
}

#[test]
fn a_ruling_line_without_a_row_is_named() {
    let readme = "## 24-System\n- Rank 0..6 sets the two skill dice.\n- A new ruling nobody tested.\n| a | table |\n";
    let lines = readme_bullets(readme);
    assert_eq!(lines, ["Rank 0..6 sets the two skill dice.", "A new ruling nobody tested."]);
    let unmatched: Vec<&str> =
        lines.iter().copied().filter(|l| !RULINGS.iter().any(|(start, _)| l.starts_with(start))).collect();
    assert_eq!(unmatched, ["A new ruling nobody tested."]);
}
