-- Notification streams (GET /api/auth/notifications/stream) push to a user
-- when their notifications change, whichever process changed them: the
-- payload is the user's id (PostgreSQL folds identical payloads of one
-- transaction into one, so "mark all read" is one event).
CREATE FUNCTION notify_notifications_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'DELETE' THEN
    PERFORM pg_notify('notifications_changed', OLD.user_id::text);
  ELSE
    PERFORM pg_notify('notifications_changed', NEW.user_id::text);
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER notifications_changed AFTER INSERT OR UPDATE OR DELETE ON notifications FOR EACH ROW EXECUTE FUNCTION notify_notifications_changed();
