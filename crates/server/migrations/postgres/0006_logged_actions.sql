-- Each logged action travels in its own notification (channel
-- `narabe_actions`, `<id> <ply> <seat> <at> <action>`), so that a node holding
-- the game applies it without reading the tables; the action's text is short
-- (a move, an offer of at most ten points), far under PostgreSQL's 8,000-byte
-- payload limit. A node reads the tables only when a ply is missing (a lost
-- notification). The game row's trigger now only tells of seats and
-- rematches, which no action carries.
CREATE FUNCTION narabe_notify_logged_action() RETURNS trigger AS $$
BEGIN
    PERFORM pg_notify('narabe_actions',
        NEW.game_id || ' ' || NEW.ply || ' ' || NEW.seat || ' ' || NEW.at || ' ' || NEW.action);
    RETURN NULL;
END
$$ LANGUAGE plpgsql;

CREATE TRIGGER action_logged AFTER INSERT ON actions FOR EACH ROW
    EXECUTE FUNCTION narabe_notify_logged_action();

DROP TRIGGER games_changed ON games;
CREATE TRIGGER games_changed AFTER UPDATE ON games FOR EACH ROW
    WHEN (OLD.first_token_hash IS DISTINCT FROM NEW.first_token_hash
        OR OLD.second_token_hash IS DISTINCT FROM NEW.second_token_hash
        OR OLD.rematch_id IS DISTINCT FROM NEW.rematch_id)
    EXECUTE FUNCTION narabe_notify_game_change();
