ALTER TABLE "sessions" ADD COLUMN "ip" text;--> statement-breakpoint
ALTER TABLE "sessions" ADD COLUMN "user_agent" text;--> statement-breakpoint
ALTER TABLE "sessions" ADD COLUMN "last_seen_at" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
-- Refreshing last_seen_at does not change who may do what: only writes to the
-- columns the session check reads tell the servers to drop their cached answers.
DROP TRIGGER sessions_auth_changed ON sessions;
--> statement-breakpoint
CREATE TRIGGER sessions_auth_changed AFTER UPDATE OF user_id, expires_at, revoked_at OR DELETE OR TRUNCATE ON sessions FOR EACH STATEMENT EXECUTE FUNCTION notify_auth_changed();
