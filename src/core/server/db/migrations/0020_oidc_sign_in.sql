CREATE TABLE "oidc_sign_ins" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"state_hash" text NOT NULL,
	"nonce" text NOT NULL,
	"code_verifier" text NOT NULL,
	"invite" text,
	"next_path" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"state_used_at" timestamp with time zone,
	"completion_hash" text,
	"user_id" uuid,
	"outcome" text,
	"mfa" boolean DEFAULT false NOT NULL,
	"completion_expires_at" timestamp with time zone,
	"completed_at" timestamp with time zone,
	CONSTRAINT "oidc_sign_ins_state_hash_unique" UNIQUE("state_hash"),
	CONSTRAINT "oidc_sign_ins_completion_hash_unique" UNIQUE("completion_hash")
);
--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "oidc_sub" text;--> statement-breakpoint
ALTER TABLE "sessions" ADD COLUMN "provider_mfa" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "oidc_sign_ins" ADD CONSTRAINT "oidc_sign_ins_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "oidc_sign_ins_expires_idx" ON "oidc_sign_ins" USING btree ("expires_at");--> statement-breakpoint
CREATE UNIQUE INDEX "users_oidc_sub_uq" ON "users" USING btree ("oidc_sub");