-- The computer's turn in a game, held by one node at a time (used with
-- PostgreSQL, where several nodes share the store; the same table here keeps
-- the two schemas alike): with several
-- nodes, each that holds the game would otherwise search the same move. The
-- node that claims the turn searches and renews its lease while it does; one
-- that dies lets the lease run out, and another node claims the turn. Rows
-- are removed when the move is made (or the game deleted).
CREATE TABLE computer_turns (
    game_id TEXT PRIMARY KEY,
    node TEXT NOT NULL,
    lease_until INTEGER NOT NULL
) STRICT;
