-- A tournament is, like a game, its configuration plus an append-only log
-- (players joining, rounds paired, results, the organiser's decisions); its
-- standings and pairings are derived by replaying the log. `seq` guards every
-- append as `ply` guards a game's; the organiser's token is kept hashed like
-- the seats' tokens; `wake_at` is when the tournament must next look at the
-- time (a start, a forfeit deadline, the end of an arena), so that a restarted
-- server arms it again.
CREATE TABLE tournaments (
    id TEXT PRIMARY KEY NOT NULL,
    config TEXT NOT NULL,
    created_at INTEGER NOT NULL,
    seq INTEGER NOT NULL DEFAULT 0 CHECK (seq >= 0),
    organiser_token_hash BLOB NOT NULL CHECK (length(organiser_token_hash) = 32),
    finished_at INTEGER,
    wake_at INTEGER
) STRICT;

CREATE TABLE tournament_log (
    tournament_id TEXT NOT NULL REFERENCES tournaments (id),
    seq INTEGER NOT NULL CHECK (seq >= 0),
    entry TEXT NOT NULL,
    at INTEGER NOT NULL,
    PRIMARY KEY (tournament_id, seq)
) STRICT, WITHOUT ROWID;

-- The games of a tournament, found without reading its log: their results
-- come in from there. They never expire.
ALTER TABLE games ADD COLUMN tournament_id TEXT REFERENCES tournaments (id);
CREATE INDEX games_of_tournament ON games (tournament_id) WHERE tournament_id IS NOT NULL;

CREATE INDEX tournaments_running ON tournaments (id) WHERE finished_at IS NULL;
