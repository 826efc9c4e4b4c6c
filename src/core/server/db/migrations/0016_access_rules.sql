CREATE TABLE "role_access" (
	"role_id" uuid NOT NULL,
	"resource" text NOT NULL,
	"rule" jsonb NOT NULL,
	CONSTRAINT "role_access_role_id_resource_pk" PRIMARY KEY("role_id","resource")
);
--> statement-breakpoint
ALTER TABLE "experiences" ADD COLUMN "created_by" uuid;--> statement-breakpoint
ALTER TABLE "experiences" ADD COLUMN "updated_by" uuid;--> statement-breakpoint
ALTER TABLE "role_access" ADD CONSTRAINT "role_access_role_id_roles_id_fk" FOREIGN KEY ("role_id") REFERENCES "public"."roles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "experiences" ADD CONSTRAINT "experiences_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "experiences" ADD CONSTRAINT "experiences_updated_by_users_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "experiences_created_by_idx" ON "experiences" USING btree ("created_by");--> statement-breakpoint
CREATE INDEX "experiences_updated_by_idx" ON "experiences" USING btree ("updated_by");--> statement-breakpoint
-- Access rules change what a session may read and write: the auth cache drops its answers (as for roles and permissions).
CREATE TRIGGER role_access_auth_changed AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON role_access FOR EACH STATEMENT EXECUTE FUNCTION notify_auth_changed();
