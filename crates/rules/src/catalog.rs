//! The catalogue of the platform: its games, their board sizes and opening
//! rules (each list's default first), their rules pages and the numbers a
//! client shows. One source for the server's `GET /api/catalog`, the web
//! client's copy (generated with the wire types) and the rules pages' list,
//! so that adding an opening rule to the rules touches no client code.

use crate::{Color, FoulPolicy, Opening, RuleSet};

/// Every game the platform offers, in the order a menu lists them.
///
/// ```
/// use narabe_rules::{Catalog, Opening};
/// let catalog = Catalog::platform();
/// let renju = catalog.game("renju").unwrap();
/// assert_eq!(renju.sizes, [15]);
/// assert_eq!(renju.openings[0].opening, Opening::Free, "the default comes first");
/// assert_eq!(renju.opening(Opening::Yamaguchi).unwrap().declare_max, Some(10));
/// assert_eq!(catalog.game("pente").unwrap().capture_goal, Some(10));
/// ```
#[derive(Debug, Clone, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize))]
#[cfg_attr(feature = "wire-types", derive(ts_rs::TS))]
pub struct Catalog {
    /// The games, in menu order.
    pub games: Vec<CatalogGame>,
    /// The foul policies of renju, the default first.
    pub foul_policies: Vec<FoulPolicy>,
}

/// One game of the catalogue.
#[derive(Debug, Clone, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize))]
#[cfg_attr(feature = "wire-types", derive(ts_rs::TS))]
pub struct CatalogGame {
    /// The name the API and the game log take: `freestyle`, `standard`,
    /// `renju`, `caro`, `pente` (Keryo-Pente is pente's `keryo` option).
    pub game: String,
    /// The board sizes a game may be created with, the default first.
    pub sizes: Vec<u8>,
    /// The opening rules, the default first.
    pub openings: Vec<CatalogOpening>,
    /// The rules page of the game (`/rules/<page>`).
    pub rules_page: String,
    /// The colour of the first stone (White in Pente).
    pub first_color: Color,
    /// Whether Black has forbidden moves (renju: the foul policy and the
    /// forbidden-point hints apply).
    pub forbidden_moves: bool,
    /// The captured stones that win, in a game with captures.
    pub capture_goal: Option<u16>,
    /// The captured stones that win with the Keryo option, where it exists.
    pub keryo_capture_goal: Option<u16>,
}

/// One opening rule of a game.
#[derive(Debug, Clone, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize))]
#[cfg_attr(feature = "wire-types", derive(ts_rs::TS))]
pub struct CatalogOpening {
    /// The opening rule.
    pub opening: Opening,
    /// The rules page that describes it in this game: the game's own page for
    /// the free opening, else the opening rule's (`renju-rif`, `gomoku-swap2`).
    pub rules_page: String,
    /// The most fifth moves one may declare (Yamaguchi 10, Soosõrv-8 8).
    pub declare_max: Option<u8>,
    /// Whether the colours are decided by a swap in the opening.
    pub colors_by_swap: bool,
}

/// The games of the platform, each by its rule set (Keryo-Pente is an option
/// of pente, not a game of the menu).
const GAMES: [RuleSet; 5] = [
    RuleSet::Renju,
    RuleSet::Freestyle,
    RuleSet::Standard,
    RuleSet::Caro,
    RuleSet::Pente,
];

impl Catalog {
    /// The platform's catalogue.
    #[must_use]
    pub fn platform() -> Catalog {
        Catalog {
            games: GAMES.into_iter().map(CatalogGame::of).collect(),
            foul_policies: vec![FoulPolicy::Loses, FoulPolicy::Refused],
        }
    }

    /// The game named `name` (`renju`, ...).
    #[must_use]
    pub fn game(&self, name: &str) -> Option<&CatalogGame> {
        self.games.iter().find(|game| game.game == name)
    }

    /// Every rules page, once each: the games' pages in menu order, then the
    /// opening rules' pages of each game (gomoku's are shared by freestyle and
    /// standard).
    #[must_use]
    pub fn rules_pages(&self) -> Vec<&str> {
        let mut pages: Vec<&str> = self
            .games
            .iter()
            .map(|game| game.rules_page.as_str())
            .collect();
        for game in &self.games {
            for opening in &game.openings {
                if !pages.contains(&opening.rules_page.as_str()) {
                    pages.push(&opening.rules_page);
                }
            }
        }
        pages
    }
}

impl CatalogGame {
    /// The entry of `rules`.
    fn of(rules: RuleSet) -> CatalogGame {
        let game = rules.name().to_owned();
        CatalogGame {
            sizes: rules
                .platform_sizes()
                .iter()
                .map(|size| size.get())
                .collect(),
            openings: Opening::allowed(rules)
                .iter()
                .map(|&opening| CatalogOpening::of(opening, rules))
                .collect(),
            rules_page: game.clone(),
            game,
            first_color: rules.first_color(),
            forbidden_moves: rules.has_forbidden_moves(),
            capture_goal: rules.capture_goal(),
            keryo_capture_goal: (rules == RuleSet::Pente)
                .then(|| RuleSet::KeryoPente.capture_goal())
                .flatten(),
        }
    }

    /// The opening rule `opening` of this game.
    #[must_use]
    pub fn opening(&self, opening: Opening) -> Option<&CatalogOpening> {
        self.openings.iter().find(|entry| entry.opening == opening)
    }
}

impl CatalogOpening {
    /// The entry of `opening` in `rules`.
    fn of(opening: Opening, rules: RuleSet) -> CatalogOpening {
        CatalogOpening {
            opening,
            rules_page: rules_page(opening, rules),
            declare_max: crate::game::declare_limit(opening, rules),
            colors_by_swap: crate::game::colors_by_swap(opening, rules),
        }
    }
}

/// The rules page of `opening` in `rules`: the game's own for the free
/// opening, else `<family>-<opening>` where gomoku's two games share a family.
fn rules_page(opening: Opening, rules: RuleSet) -> String {
    if opening == Opening::Free {
        return rules.name().to_owned();
    }
    let family = match rules {
        RuleSet::Freestyle | RuleSet::Standard => "gomoku",
        RuleSet::Pente | RuleSet::KeryoPente => "pente",
        other => other.name(),
    };
    format!("{family}-{}", opening.name())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_game_lists_its_default_first() {
        let catalog = Catalog::platform();
        for game in &catalog.games {
            let rules: RuleSet = game.game.parse().unwrap();
            assert_eq!(game.sizes[0], rules.default_size().get(), "{}", game.game);
            assert_eq!(
                game.openings[0].opening,
                Opening::default_for(rules),
                "{}",
                game.game
            );
        }
        assert_eq!(catalog.foul_policies[0], FoulPolicy::default());
    }

    #[test]
    fn the_rules_pages_are_the_sixteen_of_the_site() {
        let catalog = Catalog::platform();
        let pages = catalog.rules_pages();
        assert_eq!(
            pages,
            [
                "renju",
                "freestyle",
                "standard",
                "caro",
                "pente",
                "renju-rif",
                "renju-yamaguchi",
                "renju-taraguchi10",
                "renju-soosorv8",
                "gomoku-pro",
                "gomoku-long-pro",
                "gomoku-swap1",
                "gomoku-swap2",
                "caro-swap2",
                "pente-tournament",
                "pente-swap2",
            ]
        );
    }

    #[test]
    fn the_numbers_a_client_shows_come_from_the_rules() {
        let catalog = Catalog::platform();
        let renju = catalog.game("renju").unwrap();
        assert!(renju.forbidden_moves);
        assert_eq!(
            renju.opening(Opening::Soosorv8).unwrap().declare_max,
            Some(8)
        );
        assert_eq!(renju.opening(Opening::Rif).unwrap().declare_max, None);
        assert!(renju.opening(Opening::Taraguchi10).unwrap().colors_by_swap);
        assert!(!renju.opening(Opening::Free).unwrap().colors_by_swap);
        let pente = catalog.game("pente").unwrap();
        assert_eq!(
            (pente.capture_goal, pente.keryo_capture_goal),
            (Some(10), Some(15))
        );
        assert_eq!(pente.first_color, Color::White);
        assert_eq!(catalog.game("caro").unwrap().keryo_capture_goal, None);
        assert_eq!(catalog.game("freestyle").unwrap().sizes, [15, 19]);
    }
}
