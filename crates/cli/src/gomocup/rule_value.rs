//! The Gomocup protocol's `INFO rule` value of narabe's rule sets, which
//! `narabe match` and `narabe bot` send their engines.

use narabe_rules::RuleSet;

/// The `INFO rule` value of `rules`, for the rule sets the protocol has one
/// for: freestyle 0, exactly five 1, renju 4, caro 8. Pente has none (the
/// protocol knows no captures).
#[must_use]
pub const fn rule_value(rules: RuleSet) -> Option<u32> {
    match rules {
        RuleSet::Freestyle => Some(0),
        RuleSet::Standard => Some(1),
        RuleSet::Renju => Some(4),
        RuleSet::Caro => Some(8),
        RuleSet::Pente | RuleSet::KeryoPente => None,
    }
}
