CREATE TABLE "api_tokens" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"name" text NOT NULL,
	"token_hash" text NOT NULL,
	"permission_ids" uuid[],
	"read_only" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone,
	"last_used_at" timestamp with time zone,
	"last_ip" text,
	CONSTRAINT "api_tokens_token_hash_unique" UNIQUE("token_hash")
);
--> statement-breakpoint
ALTER TABLE "audit_logs" ADD COLUMN "token_id" uuid;--> statement-breakpoint
ALTER TABLE "audit_logs" ADD COLUMN "token_name" text;--> statement-breakpoint
ALTER TABLE "api_tokens" ADD CONSTRAINT "api_tokens_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "api_tokens_user_idx" ON "api_tokens" USING btree ("user_id","created_at");--> statement-breakpoint
-- A revoked token, or one whose scope or expiry changed, stops on the next
-- request on every server: such writes notify auth_changed. A new token
-- cannot change a cached answer, and its last use is not read by the check.
CREATE TRIGGER api_tokens_auth_changed AFTER UPDATE OF token_hash, user_id, expires_at, permission_ids, read_only OR DELETE OR TRUNCATE ON api_tokens FOR EACH STATEMENT EXECUTE FUNCTION notify_auth_changed();
