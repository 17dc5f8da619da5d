//! The statements of the tournament tables, the same text for both backends.

/// Inserts a tournament unless its id is taken.
pub(super) const INSERT_TOURNAMENT: &str = "INSERT INTO tournaments \
     (id, config, created_at, seq, organiser_token_hash, wake_at) \
     VALUES ($1, $2, $3, 0, $4, $5) ON CONFLICT (id) DO NOTHING";

/// The sequence guard of an append: advances `seq` by the number of entries
/// only if the log has the expected length, and sets the wake-up and the end.
pub(super) const ADVANCE_SEQ: &str = "UPDATE tournaments \
     SET seq = seq + $1, wake_at = $2, finished_at = COALESCE(finished_at, $3) \
     WHERE id = $4 AND seq = $5";

/// One log entry; the primary key is the second guard.
pub(super) const INSERT_ENTRY: &str =
    "INSERT INTO tournament_log (tournament_id, seq, entry, at) VALUES ($1, $2, $3, $4)";

/// Inserts a tournament's game, linked to it. Unlike a lone game's insert a
/// taken id is a broken constraint, not a refusal: the entries logged before
/// it in the same request must roll back with it.
pub(super) const INSERT_TOURNAMENT_GAME: &str = "INSERT INTO games \
     (id, config, created_at, ply, first_token_hash, second_token_hash, deadline_at, \
     computer_seat, computer_level, tournament_id) \
     VALUES ($1, $2, $3, 0, $4, $5, $6, $7, $8, $9)";

/// The length of a tournament's log, to say why a guard refused.
pub(super) const TOURNAMENT_SEQ: &str = "SELECT seq FROM tournaments WHERE id = $1";

/// A whole tournaments row.
pub(super) const SELECT_TOURNAMENT: &str = "SELECT id, config, created_at, seq, \
     organiser_token_hash, finished_at, wake_at FROM tournaments WHERE id = $1";

/// A tournament's log below entry `$2` (the row's `seq`: a consistent read
/// without a transaction, since the log only grows).
pub(super) const SELECT_ENTRIES: &str = "SELECT entry, at FROM tournament_log \
     WHERE tournament_id = $1 AND seq < $2 ORDER BY seq";

/// A tournament's log from entry `$2` on: what a node that has replayed
/// `$2` entries has not seen (another node wrote it).
pub(super) const SELECT_ENTRIES_FROM: &str = "SELECT entry, at FROM tournament_log \
     WHERE tournament_id = $1 AND seq >= $2 ORDER BY seq";

/// The finished games of a tournament and their result summaries.
pub(super) const FINISHED_GAMES_OF: &str = "SELECT id, result FROM games \
     WHERE tournament_id = $1 AND finished_at IS NOT NULL AND result IS NOT NULL";

/// The tournaments still running, and when each must look at the time.
pub(super) const RUNNING_TOURNAMENTS: &str =
    "SELECT id, wake_at FROM tournaments WHERE finished_at IS NULL ORDER BY id";
