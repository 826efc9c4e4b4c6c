CREATE TABLE "saved_views" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"owner_id" uuid NOT NULL,
	"resource" text NOT NULL,
	"name" text NOT NULL,
	"params" jsonb NOT NULL,
	"shared" text DEFAULT 'private' NOT NULL,
	"role_ids" uuid[] DEFAULT '{}'::uuid[] NOT NULL,
	"pinned" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "saved_views" ADD CONSTRAINT "saved_views_owner_id_users_id_fk" FOREIGN KEY ("owner_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "saved_views_owner_name_idx" ON "saved_views" USING btree ("owner_id","resource","name");--> statement-breakpoint
CREATE INDEX "saved_views_resource_idx" ON "saved_views" USING btree ("resource","shared");--> statement-breakpoint
-- Sharing a saved view with roles or everyone is a permission of its own. A new database's admins get
-- it with every other at the first seed; on a database seeded before, its record is made here and given
-- to the admin roles, as the first seed would have.
INSERT INTO "permissions" ("name", "description", "method", "route", "auth")
SELECT 'POST saved-views/share', 'POST /api/auth/saved-views/share', 'POST', '/api/auth/saved-views/share', true
WHERE EXISTS (SELECT 1 FROM "roles")
ON CONFLICT DO NOTHING;--> statement-breakpoint
INSERT INTO "roles_permission" ("owner_id", "target_id")
SELECT r."id", p."id" FROM "roles" r, "permissions" p
WHERE r."type" = 'admin' AND p."method" = 'POST' AND p."route" = '/api/auth/saved-views/share'
ON CONFLICT DO NOTHING;
