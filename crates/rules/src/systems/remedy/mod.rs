//! Remedy (`remedy`): d20 checks with ▲ ▼ ! ♻ marks, dominance and threat d6s.
