//! The opening rule a record's steps imply when its file names none.

use narabe_rules::{Action, Opening, RuleSet};

/// The opening rule the main line of a record implies, for files that record
/// opening steps without naming their rule (PlayOK's and RenLib's SGF, PlayOK's
/// text): in renju, offered fifth moves mean RIF when there are two and
/// Yamaguchi when there are more; in the other games, a colour decision after
/// three or five stones means Swap2, which then allows both.
pub(crate) fn implied_opening(rules: RuleSet, actions: &[Action]) -> Option<Opening> {
    let offers = actions
        .iter()
        .filter(|action| matches!(action, Action::Offer(_)))
        .count();
    if rules == RuleSet::Renju && offers > 0 {
        return Some(if offers == 2 {
            Opening::Rif
        } else {
            Opening::Yamaguchi
        });
    }
    let decision = actions
        .iter()
        .position(|action| matches!(action, Action::Swap | Action::Keep))?;
    let stones_before = actions[..decision]
        .iter()
        .filter(|action| matches!(action, Action::Place(_)))
        .count();
    (matches!(stones_before, 3 | 5) && Opening::Swap2.is_allowed_in(rules))
        .then_some(Opening::Swap2)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn actions(text: &str) -> Vec<Action> {
        text.split(',')
            .map(|word| word.trim().parse().unwrap())
            .collect()
    }

    #[test]
    fn offers_and_swaps_name_their_rule() {
        let rif =
            actions("place h8, place h9, place j10, place m3, offer e5, offer n13, choose n13");
        assert_eq!(implied_opening(RuleSet::Renju, &rif), Some(Opening::Rif));
        let yamaguchi = actions(
            "place h8, place h9, place j10, place m3, offer e5, offer n13, offer c3, choose c3",
        );
        assert_eq!(
            implied_opening(RuleSet::Renju, &yamaguchi),
            Some(Opening::Yamaguchi)
        );
        let swap = actions("place h8, place i9, place j8, swap, place i8");
        assert_eq!(
            implied_opening(RuleSet::Freestyle, &swap),
            Some(Opening::Swap2)
        );
        assert_eq!(implied_opening(RuleSet::Renju, &swap), None);
        assert_eq!(
            implied_opening(RuleSet::Freestyle, &actions("place h8, place h9")),
            None
        );
    }
}
