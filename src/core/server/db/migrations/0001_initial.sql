CREATE TABLE "client_permissions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"name" text NOT NULL,
	"menu" text NOT NULL,
	"menu_order" integer NOT NULL,
	"path" text NOT NULL,
	"description" text
);
--> statement-breakpoint
CREATE TABLE "notifications" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"user_id" uuid NOT NULL,
	"title" text NOT NULL,
	"body" text,
	"link" text,
	"read_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "permissions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"auth" boolean DEFAULT true NOT NULL,
	"name" text NOT NULL,
	"description" text NOT NULL,
	"method" text NOT NULL,
	"route" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "roles" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"name" text NOT NULL,
	"type" text DEFAULT 'user',
	"description" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "roles_client_permission" (
	"owner_id" uuid NOT NULL,
	"target_id" uuid NOT NULL,
	CONSTRAINT "roles_client_permission_owner_id_target_id_pk" PRIMARY KEY("owner_id","target_id")
);
--> statement-breakpoint
CREATE TABLE "roles_permission" (
	"owner_id" uuid NOT NULL,
	"target_id" uuid NOT NULL,
	CONSTRAINT "roles_permission_owner_id_target_id_pk" PRIMARY KEY("owner_id","target_id")
);
--> statement-breakpoint
CREATE TABLE "user_roles" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"user_id" uuid NOT NULL,
	"role_id" uuid NOT NULL
);
--> statement-breakpoint
CREATE TABLE "users" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"name" text NOT NULL,
	"email" text NOT NULL,
	"confirmed" boolean DEFAULT true NOT NULL,
	"blocked" boolean DEFAULT false NOT NULL,
	"password_hash" text,
	"image" text,
	"phone" text,
	"address" text,
	"bio" text,
	"google_sub" text
);
--> statement-breakpoint
CREATE TABLE "password_resets" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"token_hash" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"used_at" timestamp with time zone,
	CONSTRAINT "password_resets_token_hash_unique" UNIQUE("token_hash")
);
--> statement-breakpoint
CREATE TABLE "sessions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"revoked_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "notifications" ADD CONSTRAINT "notifications_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "roles_client_permission" ADD CONSTRAINT "roles_client_permission_owner_id_roles_id_fk" FOREIGN KEY ("owner_id") REFERENCES "public"."roles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "roles_client_permission" ADD CONSTRAINT "roles_client_permission_target_id_client_permissions_id_fk" FOREIGN KEY ("target_id") REFERENCES "public"."client_permissions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "roles_permission" ADD CONSTRAINT "roles_permission_owner_id_roles_id_fk" FOREIGN KEY ("owner_id") REFERENCES "public"."roles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "roles_permission" ADD CONSTRAINT "roles_permission_target_id_permissions_id_fk" FOREIGN KEY ("target_id") REFERENCES "public"."permissions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_roles" ADD CONSTRAINT "user_roles_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_roles" ADD CONSTRAINT "user_roles_role_id_roles_id_fk" FOREIGN KEY ("role_id") REFERENCES "public"."roles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "password_resets" ADD CONSTRAINT "password_resets_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sessions" ADD CONSTRAINT "sessions_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "client_permissions_name_trgm" ON "client_permissions" USING gin ("name" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "client_permissions_path_trgm" ON "client_permissions" USING gin ("path" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "client_permissions_menu_trgm" ON "client_permissions" USING gin ("menu" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "client_permissions_created_at_sort" ON "client_permissions" USING btree ("created_at","id");--> statement-breakpoint
CREATE INDEX "client_permissions_name_sort" ON "client_permissions" USING btree ("name","id");--> statement-breakpoint
CREATE INDEX "client_permissions_menu_sort" ON "client_permissions" USING btree ("menu","id");--> statement-breakpoint
CREATE INDEX "client_permissions_menu_order_sort" ON "client_permissions" USING btree ("menu_order","id");--> statement-breakpoint
CREATE INDEX "client_permissions_path_sort" ON "client_permissions" USING btree ("path","id");--> statement-breakpoint
CREATE INDEX "notifications_user_id_idx" ON "notifications" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "notifications_title_trgm" ON "notifications" USING gin ("title" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "notifications_created_at_sort" ON "notifications" USING btree ("created_at","id");--> statement-breakpoint
CREATE UNIQUE INDEX "permissions_method_route_uq" ON "permissions" USING btree ("method","route");--> statement-breakpoint
CREATE INDEX "permissions_name_trgm" ON "permissions" USING gin ("name" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "permissions_route_trgm" ON "permissions" USING gin ("route" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "permissions_description_trgm" ON "permissions" USING gin ("description" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "permissions_created_at_sort" ON "permissions" USING btree ("created_at","id");--> statement-breakpoint
CREATE INDEX "permissions_name_sort" ON "permissions" USING btree ("name","id");--> statement-breakpoint
CREATE INDEX "permissions_route_sort" ON "permissions" USING btree ("route","id");--> statement-breakpoint
CREATE INDEX "permissions_method_sort" ON "permissions" USING btree ("method","id");--> statement-breakpoint
CREATE UNIQUE INDEX "roles_name_uq" ON "roles" USING btree ("name");--> statement-breakpoint
CREATE INDEX "roles_name_trgm" ON "roles" USING gin ("name" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "roles_type_trgm" ON "roles" USING gin ("type" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "roles_description_trgm" ON "roles" USING gin ("description" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "roles_created_at_sort" ON "roles" USING btree ("created_at","id");--> statement-breakpoint
CREATE INDEX "roles_type_sort" ON "roles" USING btree ("type","id");--> statement-breakpoint
CREATE INDEX "roles_client_permission_target_idx" ON "roles_client_permission" USING btree ("target_id");--> statement-breakpoint
CREATE INDEX "roles_permission_target_idx" ON "roles_permission" USING btree ("target_id");--> statement-breakpoint
CREATE INDEX "user_roles_user_id_idx" ON "user_roles" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "user_roles_role_id_idx" ON "user_roles" USING btree ("role_id");--> statement-breakpoint
CREATE UNIQUE INDEX "user_roles_user_id_role_id_uq" ON "user_roles" USING btree ("user_id","role_id");--> statement-breakpoint
CREATE INDEX "user_roles_created_at_sort" ON "user_roles" USING btree ("created_at","id");--> statement-breakpoint
CREATE UNIQUE INDEX "users_email_uq" ON "users" USING btree ("email");--> statement-breakpoint
CREATE INDEX "users_email_trgm" ON "users" USING gin ("email" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "users_name_trgm" ON "users" USING gin ("name" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "users_created_at_sort" ON "users" USING btree ("created_at","id");--> statement-breakpoint
CREATE INDEX "users_name_sort" ON "users" USING btree ("name","id");--> statement-breakpoint
CREATE INDEX "password_resets_user_idx" ON "password_resets" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "sessions_user_idx" ON "sessions" USING btree ("user_id");