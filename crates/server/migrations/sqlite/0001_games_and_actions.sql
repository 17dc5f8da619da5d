-- A game is its configuration plus an append-only action log; everything else
-- (board, clocks, result) is derived by replaying the log. The columns beside the
-- configuration exist so the server can find games without replaying them: the
-- ply guards every write, the hashes hold the seats, deadline_at lets a restarted
-- server re-arm its timers.
CREATE TABLE games (
    id TEXT PRIMARY KEY NOT NULL,
    config TEXT NOT NULL,
    created_at INTEGER NOT NULL,
    ply INTEGER NOT NULL DEFAULT 0 CHECK (ply >= 0),
    first_token_hash BLOB CHECK (first_token_hash IS NULL OR length(first_token_hash) = 32),
    second_token_hash BLOB CHECK (second_token_hash IS NULL OR length(second_token_hash) = 32),
    finished_at INTEGER,
    result TEXT,
    deadline_at INTEGER,
    rematch_id TEXT REFERENCES games (id)
) STRICT;

-- WITHOUT ROWID clusters a game's actions by (game_id, ply), so loading a log
-- reads neighbouring pages; the primary key is the second guard against two
-- writers appending the same ply.
CREATE TABLE actions (
    game_id TEXT NOT NULL REFERENCES games (id),
    ply INTEGER NOT NULL CHECK (ply >= 0),
    seat TEXT NOT NULL CHECK (seat IN ('first', 'second', 'server')),
    action TEXT NOT NULL,
    at INTEGER NOT NULL,
    PRIMARY KEY (game_id, ply)
) STRICT, WITHOUT ROWID;

-- Startup looks for unfinished games with a pending deadline; finished games,
-- the vast majority over time, stay out of this index.
CREATE INDEX games_pending_deadline ON games (deadline_at)
    WHERE finished_at IS NULL AND deadline_at IS NOT NULL;
