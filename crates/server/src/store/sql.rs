//! The statements of the store. SQLite and PostgreSQL both accept them as they
//! are (both take `$n` placeholders, `ON CONFLICT` and partial indexes), so each
//! statement exists once and the two backends differ only in how they connect,
//! except the one-statement append that only PostgreSQL can run.

use super::StoreError;

/// Inserts a game unless its id is taken; zero rows affected means a duplicate,
/// which spares a failing statement (that would abort a PostgreSQL transaction).
pub(super) const INSERT_GAME: &str = "INSERT INTO games \
     (id, config, created_at, ply, first_token_hash, second_token_hash, deadline_at, \
     computer_seat, computer_level) \
     VALUES ($1, $2, $3, 0, $4, $5, $6, $7, $8) ON CONFLICT (id) DO NOTHING";

/// Takes the first seat only while it is open: of two racing claims, exactly one
/// updates a row.
pub(super) const CLAIM_FIRST_SEAT: &str = "UPDATE games SET first_token_hash = $1 \
     WHERE id = $2 AND first_token_hash IS NULL";

/// Takes the second seat only while it is open.
pub(super) const CLAIM_SECOND_SEAT: &str = "UPDATE games SET second_token_hash = $1 \
     WHERE id = $2 AND second_token_hash IS NULL";

/// The ply guard of an append: advances the ply by the number of new actions only
/// if the log is at the expected ply, and moves the deadline with it.
pub(super) const ADVANCE_PLY: &str = "UPDATE games SET ply = ply + $1, deadline_at = $2 \
     WHERE id = $3 AND ply = $4";

/// One log entry; the (game_id, ply) primary key is the second guard.
pub(super) const INSERT_ACTION: &str =
    "INSERT INTO actions (game_id, ply, seat, action, at) VALUES ($1, $2, $3, $4, $5)";

/// PostgreSQL only (SQLite has no data-modifying `WITH`): `ADVANCE_PLY` and
/// the `INSERT_ACTION` of every action in one statement, so an append is one
/// round trip to the database. The actions come as three arrays (seats, texts,
/// times) in ply order from `$4`; no row is inserted when the guard refuses,
/// so the rows affected are the number of actions exactly when it passed.
pub(super) const ADVANCE_PLY_AND_LOG: &str = "WITH advanced AS (\
     UPDATE games SET ply = ply + $1, deadline_at = $2 WHERE id = $3 AND ply = $4 RETURNING id) \
     INSERT INTO actions (game_id, ply, seat, action, at) \
     SELECT advanced.id, $4 + logged.position - 1, logged.seat, logged.action, logged.at \
     FROM advanced, unnest($5::text[], $6::text[], $7::bigint[]) \
     WITH ORDINALITY AS logged (seat, action, at, position)";

/// PostgreSQL only: the guarded appends of several different games in one
/// statement. The games come as four arrays (id, expected ply, number of
/// actions, new deadline), their actions as five (game, offset from the
/// expected ply, seat, text, time); each game whose ply is the expected one
/// advances and logs its actions, and its id is returned. The games must
/// differ: an `UPDATE ... FROM` applies one source row per target row.
pub(super) const ADVANCE_PLIES_AND_LOG: &str = "WITH batch AS (\
     SELECT * FROM unnest($1::text[], $2::bigint[], $3::bigint[], $4::bigint[]) \
     AS batch (id, expected_ply, count, deadline_at)), \
     advanced AS (\
     UPDATE games SET ply = games.ply + batch.count, deadline_at = batch.deadline_at \
     FROM batch WHERE games.id = batch.id AND games.ply = batch.expected_ply \
     RETURNING games.id, batch.expected_ply), \
     logged AS (\
     INSERT INTO actions (game_id, ply, seat, action, at) \
     SELECT advanced.id, advanced.expected_ply + entry.offset_from, entry.seat, entry.action, entry.at \
     FROM advanced JOIN unnest($5::text[], $6::bigint[], $7::text[], $8::text[], $9::bigint[]) \
     AS entry (game_id, offset_from, seat, action, at) ON entry.game_id = advanced.id) \
     SELECT id FROM advanced";

/// Records the result at the expected ply, once; the deadline goes with it since a
/// finished game has no timer left.
pub(super) const FINISH_GAME: &str = "UPDATE games \
     SET finished_at = $1, result = $2, deadline_at = NULL \
     WHERE id = $3 AND ply = $4 AND finished_at IS NULL";

/// Links the rematch only if the game has none yet, so two racing rematch
/// acceptances agree on one game.
pub(super) const SET_REMATCH: &str =
    "UPDATE games SET rematch_id = $1 WHERE id = $2 AND rematch_id IS NULL";

/// The readiness check's write: the one row of the probe table, rewritten.
pub(super) const PROBE: &str = "INSERT INTO store_probe (id, probed_at) VALUES (1, $1) \
     ON CONFLICT (id) DO UPDATE SET probed_at = excluded.probed_at";

/// Up to `$3` expired games: those with a seat that neither a token nor the
/// computer holds, created before `$1`, and the aborted ones that ended before
/// `$2` (the result summary is JSON the server writes, with the reason as
/// `"reason":"aborted"`). A game that is another game's rematch stays, so the
/// link of the game it followed never points nowhere, and so does a
/// tournament's game (an aborted one is a forfeit its tournament counts).
pub(super) const EXPIRED_GAMES: &str = "SELECT id FROM games AS game WHERE \
     ((game.created_at < $1 AND \
       ((game.first_token_hash IS NULL AND \
         (game.computer_seat IS NULL OR game.computer_seat <> 'first')) \
        OR (game.second_token_hash IS NULL AND \
         (game.computer_seat IS NULL OR game.computer_seat <> 'second')))) \
      OR (game.finished_at < $2 AND game.result LIKE '%\"reason\":\"aborted\"%')) \
     AND game.tournament_id IS NULL \
     AND NOT EXISTS (SELECT 1 FROM games AS original WHERE original.rematch_id = game.id) \
     ORDER BY game.id LIMIT $3";

/// Claims (or renews) the computer's turn in game `$1` for node `$2` until
/// `$3`: taken when nobody holds it, when the holder's lease ran out before
/// `$4`, or when this node holds it already. Zero rows affected: another node
/// holds it.
pub(super) const CLAIM_COMPUTER_TURN: &str = "INSERT INTO computer_turns \
     (game_id, node, lease_until) VALUES ($1, $2, $3) \
     ON CONFLICT (game_id) DO UPDATE SET node = excluded.node, lease_until = excluded.lease_until \
     WHERE computer_turns.lease_until < $4 OR computer_turns.node = excluded.node";

/// Until when another node holds the computer's turn in game `$1`.
pub(super) const COMPUTER_TURN_LEASE: &str =
    "SELECT lease_until FROM computer_turns WHERE game_id = $1";

/// Gives up the computer's turn in game `$1` if node `$2` holds it.
pub(super) const RELEASE_COMPUTER_TURN: &str =
    "DELETE FROM computer_turns WHERE game_id = $1 AND node = $2";

/// A game's computer turn, deleted with the game.
pub(super) const DELETE_COMPUTER_TURN: &str = "DELETE FROM computer_turns WHERE game_id = $1";

/// A game's log, deleted before its row.
pub(super) const DELETE_ACTIONS: &str = "DELETE FROM actions WHERE game_id = $1";

/// A game's row.
pub(super) const DELETE_GAME: &str = "DELETE FROM games WHERE id = $1";

/// What a refused update needs to say why: the game's ply and whether it has a
/// result (no row: no such game).
pub(super) const GAME_STATE: &str =
    "SELECT ply, finished_at IS NOT NULL AS finished FROM games WHERE id = $1";

/// A whole games row.
pub(super) const SELECT_GAME: &str = "SELECT id, config, created_at, ply, \
     first_token_hash, second_token_hash, finished_at, result, deadline_at, rematch_id, \
     computer_seat, computer_level FROM games WHERE id = $1";

/// A game's log from ply `$2` (0 for the whole log, more for what a node has
/// not seen yet) below ply `$3`: reading only the plies the games row counts
/// gives a consistent record without a transaction, because the log only grows
/// and a committed ply never changes.
pub(super) const SELECT_ACTIONS: &str = "SELECT seat, action, at FROM actions \
     WHERE game_id = $1 AND ply >= $2 AND ply < $3 ORDER BY ply";

/// Unfinished games whose deadline passed before `$1`: timers no node fired
/// (the node that armed one died), found by the other nodes' deadline sweep.
pub(super) const OVERDUE_DEADLINES: &str = "SELECT id FROM games \
     WHERE finished_at IS NULL AND deadline_at IS NOT NULL AND deadline_at < $1 \
     ORDER BY deadline_at, id LIMIT $2";

/// Games whose timers a starting server must arm again.
pub(super) const UNFINISHED_WITH_DEADLINE: &str = "SELECT id, deadline_at FROM games \
     WHERE finished_at IS NULL AND deadline_at IS NOT NULL ORDER BY deadline_at, id";

/// Unfinished games against the computer whose clock runs: a starting server
/// wakes them so that a computer due to move does not lose on time for want of
/// a visitor.
pub(super) const UNFINISHED_COMPUTER_GAMES_WITH_DEADLINE: &str = "SELECT id FROM games \
     WHERE finished_at IS NULL AND deadline_at IS NOT NULL AND computer_seat IS NOT NULL \
     ORDER BY deadline_at, id";

/// One page of game ids in id order, after a given id: how a check walks every
/// game without holding them all.
pub(super) const GAME_IDS_AFTER: &str = "SELECT id FROM games WHERE id > $1 ORDER BY id LIMIT $2";

/// The number of stored games.
pub(super) const COUNT_GAMES: &str = "SELECT COUNT(*) FROM games";

/// Why a guarded update (append or finish) matched no row, from what
/// [`GAME_STATE`] returned: no row means no game; a result already recorded wins
/// over a ply mismatch because it is the more final answer.
pub(super) fn refusal(state: Option<(i64, bool)>, expected_ply: i64) -> StoreError {
    match state {
        None => StoreError::NotFound,
        Some((_, true)) => StoreError::AlreadyFinished,
        Some((actual_ply, false)) => StoreError::Conflict {
            expected_ply,
            actual_ply,
        },
    }
}
