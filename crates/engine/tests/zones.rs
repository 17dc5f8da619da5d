//! Opening zones: `Engine::search_in_zone` keeps the stone inside the zone the
//! opening rule allows.

use narabe_engine::{Engine, EngineOptions, SearchLimits};
use narabe_rules::{Move, Point, Position, RuleSet, Zone};

fn played_in(rules: RuleSet, moves: &[&str], zone: Zone) -> Point {
    let mut position = Position::new(rules);
    for name in moves {
        position
            .play_mut(Move::Place(name.parse().unwrap()))
            .unwrap();
    }
    let mut engine = Engine::new(EngineOptions {
        memory_bytes: 1 << 20,
        ..EngineOptions::default()
    });
    let report = engine.search_in_zone(&position, &SearchLimits::depth(2), zone);
    match report.best_move {
        Move::Place(point) => point,
        Move::Pass => panic!("a pass"),
    }
}

#[test]
fn the_pente_tournament_rule_keeps_the_third_stone_away_from_the_centre() {
    let centre: Point = "j10".parse().unwrap();
    let zone = Zone::AtLeast {
        center: centre,
        distance: 3,
    };
    let point = played_in(RuleSet::Pente, &["j10", "k11"], zone);
    assert!(point.chebyshev(centre) >= 3, "{point}");
}

#[test]
fn a_renju_opening_area_is_respected() {
    let centre: Point = "h8".parse().unwrap();
    let zone = Zone::Within {
        center: centre,
        distance: 1,
    };
    let point = played_in(RuleSet::Renju, &["h8"], zone);
    assert!(point.chebyshev(centre) <= 1, "{point}");
    assert_ne!(point, centre);
}
