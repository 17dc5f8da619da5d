-- Several nodes on one database hear of each other's writes through
-- PostgreSQL itself: every change of a game that a connection shows (a new
-- ply of the log, a seat taken, a rematch linked) notifies channel
-- `narabe_games` at commit with `<id> <ply> <seats> <rematch>`, where seats is
-- two digits (first, second: 1 taken, 0 open) and rematch is 1 or 0. Far under
-- PostgreSQL's 8,000-byte payload limit. A node with the game live reads what
-- it has not seen from the tables; the payload only says where to look.
CREATE FUNCTION narabe_notify_game_change() RETURNS trigger AS $$
BEGIN
    PERFORM pg_notify('narabe_games',
        NEW.id || ' ' || NEW.ply || ' '
        || (CASE WHEN NEW.first_token_hash IS NULL THEN '0' ELSE '1' END)
        || (CASE WHEN NEW.second_token_hash IS NULL THEN '0' ELSE '1' END) || ' '
        || (CASE WHEN NEW.rematch_id IS NULL THEN '0' ELSE '1' END));
    RETURN NULL;
END
$$ LANGUAGE plpgsql;

CREATE TRIGGER games_changed AFTER UPDATE ON games FOR EACH ROW
    WHEN (OLD.ply IS DISTINCT FROM NEW.ply
        OR OLD.first_token_hash IS DISTINCT FROM NEW.first_token_hash
        OR OLD.second_token_hash IS DISTINCT FROM NEW.second_token_hash
        OR OLD.rematch_id IS DISTINCT FROM NEW.rematch_id)
    EXECUTE FUNCTION narabe_notify_game_change();
