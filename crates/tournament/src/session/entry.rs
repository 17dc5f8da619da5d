use serde::{Deserialize, Serialize};

use crate::{GameResult, Pairing, PlayerId};

/// Who did something to a player's place in the tournament.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum By {
    /// The player themself.
    Player,
    /// The organiser.
    Organiser,
}

/// Why a tournament ended.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum EndReason {
    /// Its last round (or its time) is over and every game has ended.
    Completed,
    /// The organiser ended it.
    Organiser,
}

/// One entry of a tournament's log. Replaying the log entry by entry gives
/// the tournament as it is; the server stores an entry only once the
/// session accepted it.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "entry", rename_all = "snake_case")]
pub enum Entry {
    /// A player joined; `key` is the hex hash of their private token.
    Joined {
        /// Their nickname.
        name: String,
        /// Their rating, 0 when none.
        rating: u32,
        /// The hash of the token of their private link.
        key: String,
    },
    /// A player left for good (or was removed); games going on continue.
    Withdrew {
        /// Who.
        player: PlayerId,
        /// On whose word.
        by: By,
    },
    /// A withdrawn player is back.
    Readmitted {
        /// Who.
        player: PlayerId,
    },
    /// A player sits out the coming rounds (Swiss, arena) until they resume.
    Paused {
        /// Who.
        player: PlayerId,
    },
    /// A paused player is back in the pairings.
    Resumed {
        /// Who.
        player: PlayerId,
    },
    /// The tournament began; for a round robin, the players in Berger order
    /// (drawn by lot).
    Started {
        /// The Berger order (empty for the other systems).
        order: Vec<PlayerId>,
    },
    /// A round was paired (in an arena: a batch of games started at once).
    /// `games` holds the game id of each line that is a game to play, in
    /// line order (`None` for byes and for games scored as forfeits at once).
    RoundPaired {
        /// The round's lines.
        pairings: Vec<Pairing>,
        /// The game of each line.
        games: Vec<Option<String>>,
    },
    /// A game ended.
    GameEnded {
        /// Its id.
        game: String,
        /// How, for the tournament.
        result: GameResult,
    },
    /// The organiser set a game's result, with a reason that stays on record.
    ResultAdjusted {
        /// The round, from 1.
        round: usize,
        /// The line in the round, from 0.
        line: usize,
        /// The new result.
        result: GameResult,
        /// Why.
        reason: String,
    },
    /// The organiser stopped the pairing of new rounds or games.
    Halted,
    /// The organiser let it go on.
    Continued,
    /// A message from the organiser to everyone.
    Announced {
        /// The message.
        text: String,
    },
    /// The tournament is over.
    Ended {
        /// Why.
        reason: EndReason,
    },
}
