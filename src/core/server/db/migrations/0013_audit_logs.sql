CREATE TABLE "audit_logs" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"at" timestamp with time zone DEFAULT now() NOT NULL,
	"actor_id" uuid,
	"actor_email" text,
	"action" text NOT NULL,
	"resource" text NOT NULL,
	"record_id" text,
	"diff" jsonb,
	"ip" text,
	"user_agent" text
);
--> statement-breakpoint
CREATE INDEX "audit_logs_at_idx" ON "audit_logs" USING btree ("at","id");--> statement-breakpoint
CREATE INDEX "audit_logs_actor_idx" ON "audit_logs" USING btree ("actor_id","at");--> statement-breakpoint
CREATE INDEX "audit_logs_record_idx" ON "audit_logs" USING btree ("resource","record_id","at");--> statement-breakpoint
CREATE INDEX "audit_logs_action_idx" ON "audit_logs" USING btree ("action","at");--> statement-breakpoint
-- The audit screen's menu entry for databases seeded before it (superadmins see every entry);
-- a new database gets it from its first seed (OWN_MENU), which runs after the migrations.
INSERT INTO "client_permissions" ("name", "menu", "menu_order", "path", "description")
SELECT 'Audit log', 'Access', 160, '/audit-log', 'Who changed what, and when'
WHERE EXISTS (SELECT 1 FROM "roles") AND NOT EXISTS (SELECT 1 FROM "client_permissions" WHERE "path" = '/audit-log');
