//! Offered fifth moves through the game: RULES.md §6 worked examples A and B,
//! symmetric offers refused (naming the earlier offer) and distinct ones
//! accepted on every canonical opening with several fourth moves, the excluded
//! points a client greys out, and the opening names.

mod game_script;

use game_script::{config, play, point, refuse_next};
use narabe_rules::{CanonicalOpening, Game, Phase, Point, Rejection, symmetric_fifth_moves};

/// A Yamaguchi game declaring 10 offers, with moves 1-3 and the fourth move
/// `fourth`, waiting for Black's offers.
fn offering(moves_1_to_3: [Point; 3], fourth: Point) -> Game {
    let mut game = Game::new(config("renju", "yamaguchi"));
    let [first, second, third] = moves_1_to_3;
    play(
        &mut game,
        &format!(
            "A place {first}\nA place {second}\nA place {third}\nA declare 10\nB keep\nB place {fourth}"
        ),
    );
    assert_eq!((game.phase(), game.offers_due()), (Phase::Offer, 10));
    game
}

fn points(names: &str) -> Vec<Point> {
    let mut points: Vec<Point> = names.split_whitespace().map(point).collect();
    points.sort_unstable();
    points
}

fn symmetric(game: &mut Game, offer: &str, earlier: &str) {
    assert_eq!(
        refuse_next(game, &format!("offer {offer}")),
        Rejection::SymmetricOffer {
            point: point(offer),
            earlier: point(earlier)
        },
        "{offer} after {earlier}"
    );
}

#[test]
fn worked_example_a_kagetsu_with_i8() {
    let mut game = offering([point("h8"), point("h9"), point("i9")], point("i8"));
    assert_eq!(game.opening_name(), Some(CanonicalOpening::Kagetsu));
    play(&mut game, "A offer j8");
    assert_eq!(game.excluded_points(), points("h10 g9 i7"));
    // A board-centred checker would accept g9 and i7; pattern symmetry does not.
    for offer in ["h10", "g9", "i7"] {
        symmetric(&mut game, offer, "j8");
    }
    play(&mut game, "A offer h7");
    assert_eq!(game.excluded_points(), points("h10 g9 i7 g8 i10 j9"));
    for offer in ["g8", "i10", "j9"] {
        symmetric(&mut game, offer, "h7");
    }
    play(&mut game, "A offer j10");
    symmetric(&mut game, "g7", "j10");
    play(&mut game, "A offer k11");
    symmetric(&mut game, "f6", "k11");
    assert_eq!(game.offers_due(), 6);
    let snapshot = narabe_rules::GameSnapshot::of(&game);
    assert_eq!(snapshot.offers, ["j8", "h7", "j10", "k11"]);
    assert!(snapshot.excluded.contains(&"f6".to_owned()));
    assert_eq!(
        snapshot.opening_name.map(|name| name.code),
        Some("4D".to_owned())
    );
}

#[test]
fn worked_example_b_kansei_with_g9() {
    let mut game = offering([point("h8"), point("h9"), point("h10")], point("g9"));
    assert_eq!(game.opening_name(), Some(CanonicalOpening::Kansei));
    for (offer, twin) in [("i8", "i10"), ("g8", "g10"), ("h7", "h11")] {
        play(&mut game, &format!("A offer {offer}"));
        symmetric(&mut game, twin, offer);
    }
    // j9 and f9 are alone in their classes.
    play(&mut game, "A offer j9\nA offer f9");
    assert_eq!(game.excluded_points(), points("i10 g10 h11"));
    assert_eq!(game.offers_due(), 5);
}

#[test]
fn twins_refused_and_distinct_offers_accepted_on_every_opening() {
    let fourths = ["i8", "g9", "j7", "f10", "k11", "e4", "h5", "l9"];
    let mut positions = 0;
    let mut refused = 0;
    for opening in CanonicalOpening::ALL {
        let stones = opening.stones().map(|(point, _)| point);
        for fourth in fourths.iter().map(|name| point(name)) {
            if stones.contains(&fourth) {
                continue;
            }
            positions += 1;
            let mut game = offering(stones, fourth);
            assert_eq!(game.opening_name(), Some(opening));
            let board = game.board().clone();
            let mut accepted: Vec<Point> = Vec::new();
            // Offer points around the stones in order: each either has an
            // earlier twin (refused, naming it) or is accepted.
            for candidate in [
                "g7", "h7", "i7", "j8", "g10", "j10", "f8", "i11", "k9", "e7",
            ] {
                let candidate = point(candidate);
                if !board.is_empty_at(candidate) {
                    continue;
                }
                let twin = accepted
                    .iter()
                    .copied()
                    .find(|&earlier| symmetric_fifth_moves(&board, earlier).contains(&candidate));
                let action: narabe_rules::Action = narabe_rules::Action::Offer(candidate);
                match twin {
                    Some(earlier) => {
                        refused += 1;
                        let before = game.clone();
                        assert_eq!(
                            game.apply_next(action),
                            Err(Rejection::SymmetricOffer {
                                point: candidate,
                                earlier
                            }),
                            "{opening} {fourth} {candidate}"
                        );
                        assert_eq!(game, before);
                    }
                    None => {
                        game.apply_next(action).unwrap_or_else(|rejection| {
                            panic!("{opening} + {fourth}: offer {candidate}: {rejection}")
                        });
                        accepted.push(candidate);
                    }
                }
                let mut excluded: Vec<Point> = accepted
                    .iter()
                    .flat_map(|&offer| symmetric_fifth_moves(&board, offer))
                    .collect();
                excluded.sort_unstable();
                excluded.dedup();
                assert_eq!(game.excluded_points(), excluded);
            }
            assert_eq!(usize::from(game.offers_due()), 10 - accepted.len());
        }
    }
    assert!(positions > 180, "{positions}");
    assert!(refused > 0, "some positions must be symmetric");
}

#[test]
fn rif_offers_are_checked_for_symmetry_too() {
    let mut game = Game::new(config("renju", "rif"));
    play(
        &mut game,
        "A place h8\nA place h9\nA place i9\nB keep\nB place i8\nA offer j8",
    );
    symmetric(&mut game, "g9", "j8");
    play(&mut game, "A offer j9");
    assert_eq!(game.phase(), Phase::Choose);
    // The choice removes the other offer and every exclusion.
    play(&mut game, "B choose j9");
    assert!(game.offers().is_empty() && game.excluded_points().is_empty());
    assert_eq!(game.board().get(point("j8")), None);
}

#[test]
fn taraguchi_and_soosorv_offers_are_checked_for_symmetry() {
    // Taraguchi: moves 1-4 give worked example A's position.
    let mut game = Game::new(config("renju", "taraguchi10"));
    play(
        &mut game,
        "A place h8\nB keep\nB place h9\nA keep\nA place i9\nB keep\nB place i8\nA offer j8",
    );
    assert_eq!(game.offers_due(), 9);
    symmetric(&mut game, "i7", "j8");
    // Soosõrv: worked example B's position.
    let mut game = Game::new(config("renju", "soosorv8"));
    play(
        &mut game,
        "A place h8\nA place h9\nA place h10\nB keep\nB place g9\nB declare 2\nA keep\nA offer g8",
    );
    symmetric(&mut game, "g10", "g8");
    play(&mut game, "A offer f9");
    assert_eq!(game.phase(), Phase::Choose);
}

#[test]
fn opening_names_only_in_renju_opening_rules() {
    let mut game = Game::new(config("renju", "rif"));
    play(&mut game, "A place h8\nA place i9\n");
    assert_eq!(game.opening_name(), None);
    play(&mut game, "A place j9");
    assert_eq!(game.opening_name(), Some(CanonicalOpening::Kyogetsu));
    assert_eq!(game.opening_name().map(CanonicalOpening::code), Some("2I"));
    // Still named later in the game.
    play(&mut game, "B keep\nB place a1");
    assert_eq!(game.opening_name(), Some(CanonicalOpening::Kyogetsu));
    // The free opening places the first three stones anywhere: no name.
    let mut game = Game::new(config("renju", "free"));
    play(&mut game, "A place h8\nB place i9\nA place j9");
    assert_eq!(game.opening_name(), None);
}
