use serde::{Deserialize, Serialize};

use crate::{Entrant, PlayerId, Points, Round, Scoring};

/// A tournament as its pairing rules and standings see it: who entered and
/// every round so far, in order.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct History {
    /// Everyone who ever joined, in the order they joined.
    pub entrants: Vec<Entrant>,
    /// The rounds, first first.
    pub rounds: Vec<Round>,
}

impl History {
    /// The entrant with this id.
    pub fn entrant(&self, id: PlayerId) -> Option<&Entrant> {
        self.entrants.iter().find(|entrant| entrant.id == id)
    }

    /// The initial ranking: rating, highest first, then the order of joining.
    /// A player's pairing number is their place in it, from 1.
    pub fn initial_ranking(&self) -> Vec<PlayerId> {
        let mut order: Vec<&Entrant> = self.entrants.iter().collect();
        order.sort_by(|a, b| b.rating.cmp(&a.rating).then(a.id.cmp(&b.id)));
        order.into_iter().map(|entrant| entrant.id).collect()
    }

    /// The points `player` has after the first `rounds` rounds.
    pub fn score_after(&self, player: PlayerId, rounds: usize, scoring: Scoring) -> Points {
        self.rounds
            .iter()
            .take(rounds)
            .filter_map(|round| round.line_of(player))
            .map(|line| scoring.points_of_line(line, player))
            .sum()
    }

    /// The points `player` has now.
    pub fn score(&self, player: PlayerId, scoring: Scoring) -> Points {
        self.score_after(player, self.rounds.len(), scoring)
    }
}
