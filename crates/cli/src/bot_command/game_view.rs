//! A game's state as the Bot API's streams carry it (the JSON of `GET
//! /api/games/{id}`), read into what the bridge decides from: the stones in
//! move order, the colours, the phase, the zone, the offers.

use narabe_rules::{BoardSize, Color, Player, Point, Zone};
use serde_json::Value;

use super::brain::Stone;

/// The parts of a game's state the bridge reads.
#[derive(Debug, Clone)]
pub struct GameView<'a> {
    /// The whole state.
    pub state: &'a Value,
    /// The board.
    pub size: BoardSize,
}

fn point(text: &str) -> Option<Point> {
    text.parse().ok()
}

fn color(text: &str) -> Option<Color> {
    match text {
        "black" => Some(Color::Black),
        "white" => Some(Color::White),
        _ => None,
    }
}

impl<'a> GameView<'a> {
    /// The view of `state`, or `None` when it does not read as a game.
    #[must_use]
    pub fn of(state: &'a Value) -> Option<GameView<'a>> {
        let size = BoardSize::new(u8::try_from(state["config"]["size"].as_u64()?).ok()?)?;
        Some(GameView { state, size })
    }

    /// Whether the game has ended.
    #[must_use]
    pub fn is_over(&self) -> bool {
        !self.state["result"].is_null()
    }

    /// The opening rule's name.
    #[must_use]
    pub fn opening(&self) -> &str {
        self.state["config"]["opening"].as_str().unwrap_or("free")
    }

    /// The phase's name (`place`, `swap-or-keep`, ...).
    #[must_use]
    pub fn phase(&self) -> &str {
        self.state["phase"].as_str().unwrap_or("over")
    }

    /// Who acts in the game now.
    #[must_use]
    pub fn actor(&self) -> Option<Player> {
        seat(&self.state["actor"])
    }

    /// The colour `seat` holds now.
    #[must_use]
    pub fn color_of(&self, seat: Player) -> Option<Color> {
        color(self.state["colors"][seat.name()].as_str()?)
    }

    /// The colour of the next stone.
    #[must_use]
    pub fn turn(&self) -> Option<Color> {
        color(self.state["turn"].as_str()?)
    }

    /// Who has offered a draw.
    #[must_use]
    pub fn draw_offer(&self) -> Option<Player> {
        seat(&self.state["draw_offer"])
    }

    /// Who has asked for a takeback.
    #[must_use]
    pub fn takeback_request(&self) -> Option<Player> {
        seat(&self.state["takeback_request"])
    }

    /// The stones on the board in the order they were placed.
    #[must_use]
    pub fn stones(&self) -> Vec<Stone> {
        let mut stones: Vec<(u64, Stone)> = self.state["stones"]
            .as_array()
            .into_iter()
            .flatten()
            .filter_map(|stone| {
                Some((
                    stone["move"].as_u64()?,
                    (
                        point(stone["point"].as_str()?)?,
                        color(stone["color"].as_str()?)?,
                    ),
                ))
            })
            .collect();
        stones.sort_by_key(|(number, _)| *number);
        stones.into_iter().map(|(_, stone)| stone).collect()
    }

    /// The points of a list field (`offers`, `excluded`).
    #[must_use]
    pub fn points(&self, field: &str) -> Vec<Point> {
        self.state[field]
            .as_array()
            .into_iter()
            .flatten()
            .filter_map(|text| point(text.as_str()?))
            .collect()
    }

    /// Where a stone or an offer may go now, if the opening limits it.
    #[must_use]
    pub fn zone(&self) -> Zone {
        let zone = &self.state["zone"];
        let center = zone["center"].as_str().and_then(point);
        let distance = zone["distance"]
            .as_u64()
            .and_then(|distance| u8::try_from(distance).ok());
        match (zone["kind"].as_str(), center, distance) {
            (Some("exactly"), Some(only), _) => Zone::Exactly(only),
            (Some("within"), Some(center), Some(distance)) => Zone::Within { center, distance },
            (Some("at-least"), Some(center), Some(distance)) => Zone::AtLeast { center, distance },
            _ => Zone::Anywhere,
        }
    }

    /// The empty points of the board.
    #[must_use]
    pub fn empty_points(&self) -> Vec<Point> {
        let stones = self.stones();
        self.size
            .points()
            .filter(|point| !stones.iter().any(|(stone, _)| stone == point))
            .collect()
    }

    /// The most fifth moves that may be declared now.
    #[must_use]
    pub fn declare_max(&self) -> u64 {
        self.state["declare_max"].as_u64().unwrap_or(1)
    }

    /// Whether the last entry of the game's record is a stone `seat` placed.
    #[must_use]
    pub fn last_was_own_stone(&self, seat: Player) -> bool {
        self.state["record"]
            .as_array()
            .and_then(|record| record.last())
            .is_some_and(|last| last["player"] == seat.name() && last["kind"] == "place")
    }
}

fn seat(value: &Value) -> Option<Player> {
    match value.as_str()? {
        "first" => Some(Player::First),
        "second" => Some(Player::Second),
        _ => None,
    }
}
