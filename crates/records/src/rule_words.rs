//! The rules and opening rule named by a file's free text (SGF `RU` and `GN`,
//! renju.net's rule names, PlayOK's tags).

use narabe_rules::{Opening, RuleSet};

/// The game and opening rule that `text` names, each when it names one:
/// narabe's own words (`renju rif`, `keryo-pente swap2`), the usual names
/// (`Renju`, `Gomoku`, `Free style`, `Taraguchi-10`, `Soosõrv-8`, `Swap2`) and
/// Gomocup's rule numbers (`0` freestyle, `1` standard, `4` renju, `8` caro).
pub(crate) fn rules_from_words(text: &str) -> (Option<RuleSet>, Option<Opening>) {
    let lower: String = text
        .to_lowercase()
        .chars()
        .map(|c| match c {
            'õ' | 'ö' | 'ó' | 'ô' => 'o',
            'ü' | 'ú' => 'u',
            _ => c,
        })
        .collect();
    let trimmed = lower.trim();
    if let Ok(code) = trimmed.parse::<u32>() {
        let rules = match code {
            0 => Some(RuleSet::Freestyle),
            1 => Some(RuleSet::Standard),
            4..=6 => Some(RuleSet::Renju),
            8 | 9 => Some(RuleSet::Caro),
            _ => None,
        };
        return (rules, None);
    }
    let words: Vec<&str> = lower
        .split(|c: char| !c.is_alphanumeric())
        .filter(|word| !word.is_empty())
        .collect();
    let has = |word: &str| words.contains(&word);
    let opening = if lower.contains("taraguchi") {
        Some(Opening::Taraguchi10)
    } else if ["soosorv", "sooserv", "soosyrv"]
        .iter()
        .any(|name| lower.contains(name))
    {
        Some(Opening::Soosorv8)
    } else if lower.contains("yamaguchi") {
        Some(Opening::Yamaguchi)
    } else if lower.contains("swap2") || lower.contains("swap 2") || lower.contains("swap-2") {
        Some(Opening::Swap2)
    } else if lower.contains("swap1") || has("swap") {
        Some(Opening::Swap1)
    } else if lower.contains("long-pro") || lower.contains("longpro") || lower.contains("long pro")
    {
        Some(Opening::LongPro)
    } else if has("pro") {
        Some(Opening::Pro)
    } else if has("tournament") {
        Some(Opening::Tournament)
    } else if has("rif") {
        Some(Opening::Rif)
    } else if has("free") {
        Some(Opening::Free)
    } else {
        None
    };
    let rules = if lower.contains("keryo") {
        Some(RuleSet::KeryoPente)
    } else if lower.contains("pente") {
        Some(RuleSet::Pente)
    } else if lower.contains("caro") {
        Some(RuleSet::Caro)
    } else if lower.contains("renju") {
        Some(RuleSet::Renju)
    } else if has("standard") || lower.contains("exact") {
        Some(RuleSet::Standard)
    } else if lower.contains("freestyle")
        || lower.contains("free style")
        || lower.contains("gomoku")
    {
        Some(RuleSet::Freestyle)
    } else if matches!(
        opening,
        Some(Opening::Rif | Opening::Yamaguchi | Opening::Taraguchi10 | Opening::Soosorv8)
    ) {
        Some(RuleSet::Renju)
    } else {
        None
    };
    (rules, opening)
}

/// narabe's own words for a game and its opening rule: `renju rif`.
pub(crate) fn rule_words(rules: RuleSet, opening: Option<Opening>) -> String {
    match opening {
        Some(opening) => format!("{} {}", rules.name(), opening.name()),
        None => rules.name().to_owned(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn narabes_own_words_come_back() {
        for rules in RuleSet::ALL {
            assert_eq!(
                rules_from_words(&rule_words(rules, None)),
                (Some(rules), None)
            );
            for &opening in Opening::allowed(rules) {
                assert_eq!(
                    rules_from_words(&rule_words(rules, Some(opening))),
                    (Some(rules), Some(opening)),
                    "{rules} {opening}"
                );
            }
        }
    }

    #[test]
    fn names_other_programs_use() {
        assert_eq!(
            rules_from_words("Taraguchi-10"),
            (Some(RuleSet::Renju), Some(Opening::Taraguchi10))
        );
        assert_eq!(rules_from_words("Soosõrv-8").1, Some(Opening::Soosorv8));
        assert_eq!(
            rules_from_words("Gomoku Swap2"),
            (Some(RuleSet::Freestyle), Some(Opening::Swap2))
        );
        assert_eq!(rules_from_words("4"), (Some(RuleSet::Renju), None));
        assert_eq!(rules_from_words("1"), (Some(RuleSet::Standard), None));
        assert_eq!(rules_from_words("Go"), (None, None));
    }
}
