//! What the bridge does in a game's state: nothing (not its turn), an
//! action of its own (the opening's fixed centre stone, a declaration, the
//! answer to an offer), or a question to the engine whose reply becomes
//! actions. Every opening step maps to one engine question:
//!
//! | step | question | reply → action |
//! |---|---|---|
//! | a stone on one point (move 1 of the renju rules, Pro) | none | `place` that point |
//! | Swap1's and Swap2's first three stones | `SWAP2BOARD` on the empty board | `place` each |
//! | a stone in a renju rule's zone before the opponent may swap; Soosõrv's move 4; Swap2's fifth stone | `YXBALANCEONE 0`, the points outside the zone blocked | `place` |
//! | Pro's and Long-Pro's third stone | `BOARD`, the points near the centre blocked (`YXBLOCK`) | `place` |
//! | swap or keep, Taraguchi-10's choice | `SWAP2BOARD` | `SWAP`: the colour not to move; a stone: the colour to move |
//! | Swap2's second step | `SWAP2BOARD` | `SWAP`: `swap`; a stone: `keep`; two: `place` both |
//! | fifth-move offers | `BOARD`, the offers so far and their symmetric points blocked | `offer` |
//! | White's choice among offers | `YXBALANCEONE 0`, every other point blocked | `choose` |
//! | a declaration (Yamaguchi, Soosõrv-8) | none | `declare 2` |
//! | every other stone | `BOARD` / `TURN` | `place` |

use narabe_rules::{Color, Player, Point, Zone};

use super::brain::{Question, Reply};
use super::game_view::GameView;

/// The number the bridge declares (Yamaguchi's fifth moves, Soosõrv's k):
/// the engines answer no question about it, and two is what RIF offers.
const DECLARED: u64 = 2;

/// What to do in a state.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Decision {
    /// Nothing: the bot does not act now.
    Wait,
    /// An action of the bridge's own.
    Act(String),
    /// A question to the engine, and what its reply is for.
    Ask(Question, Purpose),
}

/// What an engine's reply is for.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Purpose {
    /// A stone.
    Place,
    /// Swap1's and Swap2's first three stones.
    OpeningStones,
    /// A fifth move offered.
    Offer,
    /// White's pick among the offers.
    Choose,
    /// Swap or keep the colours (also Taraguchi-10's choice).
    SwapOrKeep,
    /// Swap2's second step: swap, keep or two more stones.
    Swap2Choice,
}

/// The opening rules whose stones in a zone come before the opponent may
/// swap, so that they are asked balanced.
const BALANCED_ZONES: [&str; 4] = ["rif", "yamaguchi", "soosorv8", "taraguchi10"];

/// What `seat` does in `game`.
#[must_use]
pub fn decide(game: &GameView<'_>, seat: Player) -> Decision {
    if game.is_over() {
        return Decision::Wait;
    }
    // The opponent's offers are answered whoever is to move: draws are
    // declined (the protocol cannot ask an engine), takebacks granted (the
    // engine is then sent the whole position).
    if game.draw_offer() == Some(seat.other()) {
        return Decision::Act("draw decline".to_owned());
    }
    if game.takeback_request() == Some(seat.other()) {
        return Decision::Act("takeback accept".to_owned());
    }
    if game.actor() != Some(seat) {
        return Decision::Wait;
    }
    let opening = game.opening();
    match game.phase() {
        "place" => place(game, seat, opening),
        "swap-or-keep" | "taraguchi-choice" => {
            Decision::Ask(Question::Swap2Board, Purpose::SwapOrKeep)
        }
        "swap2-choice" => Decision::Ask(Question::Swap2Board, Purpose::Swap2Choice),
        "declare" => Decision::Act(format!("declare {}", DECLARED.min(game.declare_max()))),
        "offer" => {
            let zone = game.zone();
            let mut blocked = game.points("offers");
            blocked.extend(game.points("excluded"));
            blocked.extend(
                game.empty_points()
                    .into_iter()
                    .filter(|&point| !zone.contains(point)),
            );
            Decision::Ask(Question::Move { blocked }, Purpose::Offer)
        }
        "choose" => {
            let offers = game.points("offers");
            let blocked = game
                .empty_points()
                .into_iter()
                .filter(|point| !offers.contains(point))
                .collect();
            Decision::Ask(Question::Balanced { blocked }, Purpose::Choose)
        }
        _ => Decision::Wait,
    }
}

/// A stone of `seat` in `game`.
fn place(game: &GameView<'_>, seat: Player, opening: &str) -> Decision {
    let zone = game.zone();
    if let Zone::Exactly(only) = zone {
        return Decision::Act(format!("place {only}"));
    }
    let stones = game.stones().len();
    let swap_opening = matches!(opening, "swap1" | "swap2");
    if swap_opening && stones == 0 {
        return Decision::Ask(Question::Swap2Board, Purpose::OpeningStones);
    }
    let blocked: Vec<Point> = game
        .empty_points()
        .into_iter()
        .filter(|&point| !zone.contains(point))
        .collect();
    let before_a_swap = (BALANCED_ZONES.contains(&opening) && matches!(zone, Zone::Within { .. }))
        || (opening == "soosorv8" && stones == 3)
        || (swap_opening && stones < 3)
        || (opening == "swap2" && stones == 4 && game.last_was_own_stone(seat));
    if before_a_swap {
        Decision::Ask(Question::Balanced { blocked }, Purpose::Place)
    } else {
        Decision::Ask(Question::Move { blocked }, Purpose::Place)
    }
}

/// The actions an engine's `reply` to a question for `purpose` comes to,
/// in order, for `seat` in `game`.
///
/// # Errors
///
/// A sentence, when the reply does not fit the question (a point that is no
/// offer, `SWAP` where a stone was asked for).
pub fn actions(
    game: &GameView<'_>,
    seat: Player,
    purpose: Purpose,
    reply: &Reply,
) -> Result<Vec<String>, String> {
    let points = match reply {
        Reply::Points(points) => points.as_slice(),
        Reply::Swap => &[],
    };
    let place = |points: &[Point]| {
        points
            .iter()
            .map(|point| format!("place {point}"))
            .collect()
    };
    match (purpose, reply) {
        (Purpose::Place, Reply::Points(_)) => Ok(place(&points[..1])),
        (Purpose::OpeningStones, Reply::Points(_)) => Ok(place(points)),
        (Purpose::Offer, Reply::Points(_)) => Ok(vec![format!("offer {}", points[0])]),
        (Purpose::Choose, Reply::Points(_)) => {
            if game.points("offers").contains(&points[0]) {
                Ok(vec![format!("choose {}", points[0])])
            } else {
                Err(format!("chose {}, which is no offer", points[0]))
            }
        }
        (Purpose::Swap2Choice, Reply::Points(points)) if points.len() == 2 => Ok(place(points)),
        (Purpose::SwapOrKeep | Purpose::Swap2Choice, _) => {
            // `SWAP` is the colour not to move; a stone, the colour to move
            // (and the stone, played at once when the bot is then to move).
            let wants_to_move = matches!(reply, Reply::Points(_));
            let holds_turn = game.color_of(seat).is_some() && game.color_of(seat) == game.turn();
            let swap = wants_to_move != holds_turn;
            let mut actions = vec![if swap { "swap" } else { "keep" }.to_owned()];
            if let Some(point) = points.first()
                && moves_next_with(game, seat, swap)
            {
                actions.push(format!("place {point}"));
            }
            Ok(actions)
        }
        (_, Reply::Swap) => Err("answered SWAP where a stone was asked for".to_owned()),
    }
}

/// Whether, after its swap decision, `seat` places the next stone in normal
/// play: it then holds the colour to move, and no opening step remains
/// (Swap1 and Swap2's last decision, RIF's and Yamaguchi's White move 4).
fn moves_next_with(game: &GameView<'_>, seat: Player, swap: bool) -> bool {
    let Some(held) = game.color_of(seat) else {
        return false;
    };
    let held = if swap { opposite(held) } else { held };
    let stones = game.stones().len();
    let opening = game.opening();
    let next_is_a_stone = match opening {
        "swap1" | "swap2" => stones == 3 || stones == 5,
        "rif" | "yamaguchi" => stones == 3,
        _ => false,
    };
    next_is_a_stone && Some(held) == game.turn()
}

fn opposite(color: Color) -> Color {
    match color {
        Color::Black => Color::White,
        Color::White => Color::Black,
    }
}

#[cfg(test)]
mod tests {
    use serde_json::{Value, json};

    use super::*;

    fn state(phase: &str, opening: &str, stones: &[(&str, &str)], extra: Value) -> Value {
        let stones: Vec<Value> = stones
            .iter()
            .enumerate()
            .map(|(index, (point, color))| json!({"point": point, "color": color, "move": index + 1}))
            .collect();
        let mut state = json!({
            "config": {"size": 15, "opening": opening},
            "phase": phase,
            "actor": "second",
            "colors": {"first": "black", "second": "white"},
            "turn": if stones.len().is_multiple_of(2) { "black" } else { "white" },
            "stones": stones,
            "result": null,
            "draw_offer": null,
            "takeback_request": null,
            "zone": null,
            "offers": [],
            "excluded": [],
            "record": [],
        });
        for (key, value) in extra.as_object().unwrap() {
            state[key] = value.clone();
        }
        state
    }

    fn point(name: &str) -> Point {
        name.parse().unwrap()
    }

    #[test]
    fn offers_and_turns_decide_what_is_asked() {
        let free = state("place", "free", &[("h8", "black")], json!({}));
        let view = GameView::of(&free).unwrap();
        assert_eq!(decide(&view, Player::First), Decision::Wait);
        assert_eq!(
            decide(&view, Player::Second),
            Decision::Ask(Question::Move { blocked: vec![] }, Purpose::Place)
        );
        let offered = state(
            "place",
            "free",
            &[("h8", "black")],
            json!({"draw_offer": "first"}),
        );
        let view = GameView::of(&offered).unwrap();
        assert_eq!(
            decide(&view, Player::Second),
            Decision::Act("draw decline".to_owned())
        );
        let centre = state(
            "place",
            "rif",
            &[],
            json!({"actor": "first", "zone": {"kind": "exactly", "center": "h8", "distance": null}}),
        );
        let view = GameView::of(&centre).unwrap();
        assert_eq!(
            decide(&view, Player::First),
            Decision::Act("place h8".to_owned())
        );
        let declare = state("declare", "yamaguchi", &[], json!({"declare_max": 10}));
        assert_eq!(
            decide(&GameView::of(&declare).unwrap(), Player::Second),
            Decision::Act("declare 2".to_owned())
        );
    }

    #[test]
    fn zones_become_blocked_points() {
        let rif = state(
            "place",
            "rif",
            &[("h8", "black")],
            json!({"zone": {"kind": "within", "center": "h8", "distance": 1}}),
        );
        let view = GameView::of(&rif).unwrap();
        let Decision::Ask(Question::Balanced { blocked }, Purpose::Place) =
            decide(&view, Player::Second)
        else {
            panic!("a balanced stone in the zone");
        };
        assert_eq!(blocked.len(), 225 - 9);
        assert!(!blocked.contains(&point("i9")) && blocked.contains(&point("k10")));
        let pro = state(
            "place",
            "pro",
            &[("h8", "black"), ("a1", "white")],
            json!({"zone": {"kind": "at-least", "center": "h8", "distance": 3}}),
        );
        let Decision::Ask(Question::Move { blocked }, Purpose::Place) =
            decide(&GameView::of(&pro).unwrap(), Player::Second)
        else {
            panic!("a move outside the centre");
        };
        assert_eq!(blocked.len(), 25 - 1);
    }

    #[test]
    fn swap_replies_become_the_colour_wanted() {
        // The second player holds White, which is to move after three stones.
        let three = [("h8", "black"), ("h9", "white"), ("i9", "black")];
        let swap1 = state("swap-or-keep", "swap1", &three, json!({}));
        let view = GameView::of(&swap1).unwrap();
        assert_eq!(
            actions(&view, Player::Second, Purpose::SwapOrKeep, &Reply::Swap),
            Ok(vec!["swap".to_owned()])
        );
        assert_eq!(
            actions(
                &view,
                Player::Second,
                Purpose::SwapOrKeep,
                &Reply::Points(vec![point("j10")])
            ),
            Ok(vec!["keep".to_owned(), "place j10".to_owned()])
        );
        assert_eq!(
            actions(
                &view,
                Player::Second,
                Purpose::Swap2Choice,
                &Reply::Points(vec![point("j10"), point("k11")])
            ),
            Ok(vec!["place j10".to_owned(), "place k11".to_owned()])
        );
        // Swap2's last decision: the first player holds Black, White is to
        // move; SWAP (take Black) keeps, a stone (play White) swaps.
        let five = [
            ("h8", "black"),
            ("h9", "white"),
            ("i9", "black"),
            ("j9", "white"),
            ("a1", "black"),
        ];
        let last = state("swap-or-keep", "swap2", &five, json!({"actor": "first"}));
        let view = GameView::of(&last).unwrap();
        assert_eq!(
            actions(&view, Player::First, Purpose::SwapOrKeep, &Reply::Swap),
            Ok(vec!["keep".to_owned()])
        );
        assert_eq!(
            actions(
                &view,
                Player::First,
                Purpose::SwapOrKeep,
                &Reply::Points(vec![point("g7")])
            ),
            Ok(vec!["swap".to_owned(), "place g7".to_owned()])
        );
        let choose = state("choose", "rif", &three, json!({"offers": ["j10", "k11"]}));
        let view = GameView::of(&choose).unwrap();
        assert!(
            actions(
                &view,
                Player::Second,
                Purpose::Choose,
                &Reply::Points(vec![point("a1")])
            )
            .is_err()
        );
        assert_eq!(
            actions(
                &view,
                Player::Second,
                Purpose::Choose,
                &Reply::Points(vec![point("k11")])
            ),
            Ok(vec!["choose k11".to_owned()])
        );
    }
}
