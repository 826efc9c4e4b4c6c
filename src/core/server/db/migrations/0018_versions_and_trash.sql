CREATE TABLE "edit_presence" (
	"resource" text NOT NULL,
	"record_id" uuid NOT NULL,
	"session_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"since" timestamp with time zone DEFAULT now() NOT NULL,
	"seen_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "edit_presence_resource_record_id_session_id_pk" PRIMARY KEY("resource","record_id","session_id")
);
--> statement-breakpoint
CREATE TABLE "record_versions" (
	"at" timestamp with time zone DEFAULT now() NOT NULL,
	"record_id" uuid NOT NULL,
	"actor_id" uuid,
	"version" integer NOT NULL,
	"resource" text NOT NULL,
	"op" text NOT NULL,
	"fields" text[],
	"data" jsonb NOT NULL
);
--> statement-breakpoint
CREATE TABLE "trash" (
	"resource" text NOT NULL,
	"record_id" uuid NOT NULL,
	"deleted_at" timestamp with time zone DEFAULT now() NOT NULL,
	"deleted_by" uuid,
	"row" jsonb NOT NULL,
	"related" jsonb NOT NULL,
	CONSTRAINT "trash_resource_record_id_pk" PRIMARY KEY("resource","record_id")
);
--> statement-breakpoint
CREATE TABLE "version_files" (
	"key" text NOT NULL,
	"resource" text NOT NULL,
	"record_id" uuid NOT NULL,
	CONSTRAINT "version_files_key_resource_record_id_pk" PRIMARY KEY("key","resource","record_id")
);
--> statement-breakpoint
ALTER TABLE "edit_presence" ADD CONSTRAINT "edit_presence_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "edit_presence_user_idx" ON "edit_presence" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "record_versions_record_idx" ON "record_versions" USING btree (uuid_hash_extended("record_id", 0),"version");--> statement-breakpoint
CREATE INDEX "record_versions_deleted_idx" ON "record_versions" USING btree ("at") WHERE op = 'delete';--> statement-breakpoint
CREATE INDEX "trash_deleted_idx" ON "trash" USING btree ("resource","deleted_at");--> statement-breakpoint
CREATE INDEX "version_files_record_idx" ON "version_files" USING btree ("resource","record_id");--> statement-breakpoint
-- An editor joining or leaving a record tells every replica (a heartbeat, an UPDATE, does not).
CREATE FUNCTION notify_presence_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'DELETE' THEN
    PERFORM pg_notify('presence_changed', OLD.resource || ' ' || OLD.record_id::text);
  ELSE
    PERFORM pg_notify('presence_changed', NEW.resource || ' ' || NEW.record_id::text);
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER presence_changed AFTER INSERT OR DELETE ON edit_presence FOR EACH ROW EXECUTE FUNCTION notify_presence_changed();
