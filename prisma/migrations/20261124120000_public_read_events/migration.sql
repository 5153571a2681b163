-- Public reads (src/server/cache/public-reads.ts) are cached per instance and invalidated by live
-- events. Statement triggers send them from the database itself, so every write that changes what
-- the public sees (a sale, a draw, an admin edit, a seed, a manual SQL fix) invalidates every
-- instance after its transaction commits, and no code path can forget to. One event per
-- statement, not per row; NOTIFY folds duplicates within a transaction.
CREATE OR REPLACE FUNCTION prize_notify_contests() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('prize_live_events', '{"kind":"contests"}');
  RETURN NULL;
END;
$$;

CREATE OR REPLACE FUNCTION prize_notify_winners() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('prize_live_events', '{"kind":"winners"}');
  RETURN NULL;
END;
$$;

CREATE TRIGGER "Contest_public_read_events"
  AFTER INSERT OR UPDATE OR DELETE ON "Contest"
  FOR EACH STATEMENT EXECUTE FUNCTION prize_notify_contests();

CREATE TRIGGER "WinnerPost_public_read_events"
  AFTER INSERT OR UPDATE OR DELETE ON "WinnerPost"
  FOR EACH STATEMENT EXECUTE FUNCTION prize_notify_winners();
