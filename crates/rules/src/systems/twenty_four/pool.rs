//! The 24-System dice pool: two skill dice and a flat bonus from the rank, one Leverage die, and the reading
//! of a throw (two highest dice + flat; Partial Critical).

/// The two skill dice (sides) and the flat bonus of a skill rank (0..=6), as the 24-System's rank table gives them:
/// 2d12, d10+d12+2, 2d10+4, d8+d10+6, 2d8+8, d6+d8+10, 2d6+12.
pub fn rank_dice(rank: i64) -> ([u32; 2], i64) {
    match rank {
        0 => ([12, 12], 0),
        1 => ([10, 12], 2),
        2 => ([10, 10], 4),
        3 => ([8, 10], 6),
        4 => ([8, 8], 8),
        5 => ([6, 8], 10),
        6 => ([6, 6], 12),
        _ => panic!("rank {rank} outside 0..=6 (validate first)"),
    }
}

/// The Leverage bonus die for 1..=5 points (d4, d6, d8, d10, d12); none for 0.
pub fn leverage_die(leverage: i64) -> Option<u32> {
    match leverage {
        0 => None,
        1..=5 => Some(2 + 2 * leverage as u32),
        _ => panic!("leverage {leverage} outside 0..=5 (validate first)"),
    }
}

/// Sides of every die in the pool: the two skill dice, then the Leverage die if any.
pub fn pool_sides(rank: i64, leverage: i64) -> Vec<u32> {
    let (skill, _) = rank_dice(rank);
    let mut sides = skill.to_vec();
    sides.extend(leverage_die(leverage));
    sides
}

/// How one throw of the pool reads.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Reading {
    /// Two highest faces + flat bonus.
    pub result: i64,
    /// Which dice are kept (the two highest).
    pub kept: [bool; 3],
    /// Partial Critical under the chosen counting.
    pub partial_critical: bool,
}

/// Read a throw: keep the two highest faces (a tie between a maxed die and another prefers the maxed die, the
/// reading that favours the roller; otherwise the earlier die), add the flat bonus, and look for Partial Critical:
/// any die showing its maximum, or with `kept_only` any kept die doing so.
pub fn read(sides: &[u32], faces: &[i64], flat: i64, kept_only: bool) -> Reading {
    let n = faces.len();
    let maxed = |i: usize| faces[i] == sides[i] as i64;
    let mut buffer = [0, 1, 2];
    let order = &mut buffer[..n];
    order.sort_by(|&a, &b| faces[b].cmp(&faces[a]).then(maxed(b).cmp(&maxed(a))).then(a.cmp(&b)));
    let mut kept = [false; 3];
    for &i in order.iter().take(2) {
        kept[i] = true;
    }
    let result = order.iter().take(2).map(|&i| faces[i]).sum::<i64>() + flat;
    let partial_critical = (0..n).any(|i| maxed(i) && (!kept_only || kept[i]));
    Reading { result, kept, partial_critical }
}
