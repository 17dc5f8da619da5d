//! The statements of the bot tables, the same text for both backends.

/// Inserts a bot unless its name (in lower case) or its key hash is taken.
pub(super) const INSERT_BOT: &str = "INSERT INTO bots \
     (id, name, key_hash, profile, created_at) VALUES ($1, $2, $3, $4, $5) \
     ON CONFLICT DO NOTHING";

/// Revokes a bot's key, once.
pub(super) const REVOKE_BOT: &str =
    "UPDATE bots SET revoked_at = $1 WHERE id = $2 AND revoked_at IS NULL";

/// The columns of a bot, as a literal for `concat!`.
macro_rules! bot_columns {
    () => {
        "id, name, profile, created_at, revoked_at"
    };
}

/// A bot by its id.
pub(super) const SELECT_BOT: &str = concat!("SELECT ", bot_columns!(), " FROM bots WHERE id = $1");

/// A bot by the hash of its key.
pub(super) const SELECT_BOT_BY_KEY: &str =
    concat!("SELECT ", bot_columns!(), " FROM bots WHERE key_hash = $1");

/// Inserts a challenge, open or (when `$9` names a reason) declined at once.
pub(super) const INSERT_CHALLENGE: &str = "INSERT INTO challenges \
     (id, bot_id, challenger_bot_id, challenger_token_hash, settings, challenger_seat, \
     status, created_at, expires_at, decline_reason, answered_at) \
     VALUES ($1, $2, $3, $4, $5, $6, \
     CASE WHEN $9 IS NULL THEN 'open' ELSE 'declined' END, $7, $8, $9, \
     CASE WHEN $9 IS NULL THEN NULL ELSE $7 END) \
     ON CONFLICT (id) DO NOTHING";

/// Answers an open challenge that has not expired at `$4`, without a game.
pub(super) const ANSWER_CHALLENGE: &str = "UPDATE challenges \
     SET status = $1, decline_reason = $2, answered_at = $4 \
     WHERE id = $3 AND status = 'open' AND expires_at > $4";

/// Accepts an open challenge that has not expired at `$2`, naming its game.
pub(super) const ACCEPT_CHALLENGE: &str = "UPDATE challenges \
     SET status = 'accepted', game_id = $1, answered_at = $2 \
     WHERE id = $3 AND status = 'open' AND expires_at > $2";

/// A seat a bot holds in a game.
pub(super) const INSERT_BOT_GAME: &str =
    "INSERT INTO bot_games (game_id, seat, bot_id) VALUES ($1, $2, $3)";

/// Inserts a bot challenge's game. A taken id is a broken constraint here,
/// so that the acceptance logged before it rolls back with it.
pub(super) const INSERT_CHALLENGE_GAME: &str = "INSERT INTO games \
     (id, config, created_at, ply, first_token_hash, second_token_hash, deadline_at, \
     computer_seat, computer_level) \
     VALUES ($1, $2, $3, 0, $4, $5, $6, $7, $8)";

/// The columns of a challenge, as a literal for `concat!`.
macro_rules! challenge_columns {
    () => {
        "id, bot_id, challenger_bot_id, challenger_token_hash, settings, challenger_seat, \
         status, decline_reason, game_id, created_at, expires_at, answered_at"
    };
}

/// A challenge by its id.
pub(super) const SELECT_CHALLENGE: &str = concat!(
    "SELECT ",
    challenge_columns!(),
    " FROM challenges WHERE id = $1"
);

/// The challenges of bot `$1` (made to it or by it) still open at `$2`, the
/// oldest first.
pub(super) const SELECT_OPEN_CHALLENGES: &str = concat!(
    "SELECT ",
    challenge_columns!(),
    " FROM challenges WHERE status = 'open' AND expires_at > $2 \
     AND (bot_id = $1 OR challenger_bot_id = $1) ORDER BY created_at, id",
);

/// The games of bot `$1` that have not ended, the oldest first.
pub(super) const SELECT_ONGOING_BOT_GAMES: &str = "SELECT bot_games.game_id, bot_games.seat, \
     games.config, games.created_at, games.finished_at, games.result FROM bot_games \
     JOIN games ON games.id = bot_games.game_id \
     WHERE bot_games.bot_id = $1 AND games.finished_at IS NULL \
     ORDER BY games.created_at, games.id";

/// The finished games of bot `$1`, the latest first, at most `$2`.
pub(super) const SELECT_FINISHED_BOT_GAMES: &str = "SELECT bot_games.game_id, bot_games.seat, \
     games.config, games.created_at, games.finished_at, games.result FROM bot_games \
     JOIN games ON games.id = bot_games.game_id \
     WHERE bot_games.bot_id = $1 AND games.finished_at IS NOT NULL \
     ORDER BY games.finished_at DESC, games.id LIMIT $2";

/// The bots of game `$1` and their seats.
pub(super) const SELECT_BOTS_OF_GAME: &str =
    "SELECT seat, bot_id FROM bot_games WHERE game_id = $1 ORDER BY seat";

/// A game's bot seats, deleted with the game.
pub(super) const DELETE_BOT_GAMES: &str = "DELETE FROM bot_games WHERE game_id = $1";

/// The record of bot `$1` over its finished games: wins, losses and draws
/// (aborted games count as none), read from the result summaries the games
/// write (`{"winner": "first"|"second"|null, "reason": ...}`).
pub(super) const SELECT_BOT_RECORD: &str = "SELECT \
     COUNT(CASE WHEN games.result LIKE ('%\"winner\":\"' || bot_games.seat || '\"%') \
       THEN 1 END) AS wins, \
     COUNT(CASE WHEN games.result LIKE '%\"winner\":\"%' \
       AND games.result NOT LIKE ('%\"winner\":\"' || bot_games.seat || '\"%') THEN 1 END) AS losses, \
     COUNT(CASE WHEN games.result LIKE '%\"winner\":null%' \
       AND games.result NOT LIKE '%\"reason\":\"aborted\"%' THEN 1 END) AS draws \
     FROM bot_games JOIN games ON games.id = bot_games.game_id \
     WHERE bot_games.bot_id = $1 AND games.finished_at IS NOT NULL";
