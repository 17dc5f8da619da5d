-- One row the readiness check (`GET /readyz`) rewrites while the store is
-- failing, to learn whether writes work again when no game is writing.
CREATE TABLE store_probe (
    id INTEGER PRIMARY KEY CHECK (id = 1),
    probed_at INTEGER NOT NULL
) STRICT;
