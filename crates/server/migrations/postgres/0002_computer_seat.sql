-- A game against the computer: which seat the engine holds and at which level
-- (1..8). Both are NULL for games between people. The seat has no token hash and
-- no invite, so nobody can ever join it; the actor asks the engine whenever
-- this seat must act, also after a restart.
ALTER TABLE games ADD COLUMN computer_seat TEXT
    CHECK (computer_seat IN ('first', 'second'));
ALTER TABLE games ADD COLUMN computer_level BIGINT
    CHECK (computer_level BETWEEN 1 AND 8);
