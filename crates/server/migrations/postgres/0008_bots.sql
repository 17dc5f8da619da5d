-- Bots by link (docs/bot-api.md): a bot is a name, what it accepts (its
-- profile, JSON the server writes) and the SHA-256 hash of its key, which is
-- kept like the seats' token hashes and never in clear. `id` is the name in
-- lower case, so that names differ by more than case. A revoked bot keeps its
-- row (and its name): its games stay, but its key acts no more.
CREATE TABLE bots (
    id TEXT PRIMARY KEY,
    name TEXT NOT NULL,
    key_hash BYTEA NOT NULL UNIQUE CHECK (octet_length(key_hash) = 32),
    profile TEXT NOT NULL,
    created_at BIGINT NOT NULL,
    revoked_at BIGINT
);

-- A challenge to a bot, from a person or from another bot. A person's seat
-- token, derived from the secret the person got with the challenge, is kept
-- hashed here: it holds the person's seat once the game exists, and the
-- secret proves the person when they ask for it. It stays `open` until the bot accepts or declines it or
-- the challenger cancels it; an open challenge whose `expires_at` has passed
-- is expired without a write. An accepted one names its game, created in the
-- same transaction.
CREATE TABLE challenges (
    id TEXT PRIMARY KEY,
    bot_id TEXT NOT NULL REFERENCES bots (id),
    challenger_bot_id TEXT REFERENCES bots (id),
    challenger_token_hash BYTEA
        CHECK (challenger_token_hash IS NULL OR octet_length(challenger_token_hash) = 32),
    settings TEXT NOT NULL,
    challenger_seat TEXT NOT NULL CHECK (challenger_seat IN ('first', 'second')),
    status TEXT NOT NULL CHECK (status IN ('open', 'accepted', 'declined', 'canceled')),
    decline_reason TEXT,
    game_id TEXT,
    created_at BIGINT NOT NULL,
    expires_at BIGINT NOT NULL,
    answered_at BIGINT,
    CHECK ((challenger_bot_id IS NULL) <> (challenger_token_hash IS NULL))
);

CREATE INDEX challenges_open_to_bot ON challenges (bot_id) WHERE status = 'open';
CREATE INDEX challenges_open_from_bot ON challenges (challenger_bot_id)
    WHERE status = 'open' AND challenger_bot_id IS NOT NULL;

-- The seats bots hold. The game's own row holds a hash for such a seat that
-- no token matches: the bot acts through its key, which this table maps to
-- the seat.
CREATE TABLE bot_games (
    game_id TEXT NOT NULL REFERENCES games (id),
    seat TEXT NOT NULL CHECK (seat IN ('first', 'second')),
    bot_id TEXT NOT NULL REFERENCES bots (id),
    PRIMARY KEY (game_id, seat)
);

CREATE INDEX bot_games_of_bot ON bot_games (bot_id, game_id);
