-- A game is its configuration plus an append-only action log; everything else
-- (board, clocks, result) is derived by replaying the log. The columns beside the
-- configuration exist so the server can find games without replaying them: the
-- ply guards every write, the hashes hold the seats, deadline_at lets a restarted
-- server re-arm its timers.
CREATE TABLE games (
    id TEXT PRIMARY KEY,
    config TEXT NOT NULL,
    created_at BIGINT NOT NULL,
    ply BIGINT NOT NULL DEFAULT 0 CHECK (ply >= 0),
    first_token_hash BYTEA CHECK (octet_length(first_token_hash) = 32),
    second_token_hash BYTEA CHECK (octet_length(second_token_hash) = 32),
    finished_at BIGINT,
    result TEXT,
    deadline_at BIGINT,
    rematch_id TEXT REFERENCES games (id)
);

-- The primary key clusters nothing in PostgreSQL but is the second guard against
-- two writers appending the same ply, and its index serves log loads.
CREATE TABLE actions (
    game_id TEXT NOT NULL REFERENCES games (id),
    ply BIGINT NOT NULL CHECK (ply >= 0),
    seat TEXT NOT NULL CHECK (seat IN ('first', 'second', 'server')),
    action TEXT NOT NULL,
    at BIGINT NOT NULL,
    PRIMARY KEY (game_id, ply)
);

-- Startup looks for unfinished games with a pending deadline; finished games,
-- the vast majority over time, stay out of this index.
CREATE INDEX games_pending_deadline ON games (deadline_at)
    WHERE finished_at IS NULL AND deadline_at IS NOT NULL;
