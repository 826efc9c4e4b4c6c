CREATE TABLE "import_errors" (
	"import_id" uuid NOT NULL,
	"seq" integer NOT NULL,
	"line" integer NOT NULL,
	"column" text,
	"value" text,
	"message" text NOT NULL,
	"raw" jsonb,
	CONSTRAINT "import_errors_import_id_seq_pk" PRIMARY KEY("import_id","seq")
);
--> statement-breakpoint
CREATE TABLE "imports" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"resource" text NOT NULL,
	"owner_id" uuid NOT NULL,
	"lang" text DEFAULT 'en' NOT NULL,
	"file_key" text NOT NULL,
	"file_name" text,
	"file_hash" text NOT NULL,
	"file_bytes" bigint NOT NULL,
	"format" text NOT NULL,
	"delimiter" text,
	"columns" jsonb NOT NULL,
	"mapping" jsonb NOT NULL,
	"state" text DEFAULT 'uploaded' NOT NULL,
	"mode" text,
	"action" text,
	"key_field" text,
	"atomic" boolean DEFAULT true NOT NULL,
	"total_rows" integer DEFAULT 0 NOT NULL,
	"rows_done" integer DEFAULT 0 NOT NULL,
	"result" jsonb DEFAULT '{"created":0,"updated":0,"unchanged":0,"failed":0}'::jsonb NOT NULL,
	"message" text,
	"locked_until" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "import_errors" ADD CONSTRAINT "import_errors_import_id_imports_id_fk" FOREIGN KEY ("import_id") REFERENCES "public"."imports"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "imports" ADD CONSTRAINT "imports_owner_id_users_id_fk" FOREIGN KEY ("owner_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "imports_owner_idx" ON "imports" USING btree ("owner_id","resource");--> statement-breakpoint
CREATE INDEX "imports_due_idx" ON "imports" USING btree ("state","locked_until");--> statement-breakpoint
CREATE INDEX "imports_hash_idx" ON "imports" USING btree ("resource","file_hash");--> statement-breakpoint
CREATE UNIQUE INDEX "imports_one_running_uq" ON "imports" USING btree ("owner_id","resource") WHERE state IN ('queued', 'running');--> statement-breakpoint
-- An import's progress reaches its owner's event streams on every replica (GET /api/auth/notifications/stream):
-- each change of its state or of the rows done, not the lease's renewals.
CREATE FUNCTION notify_import_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('user_events', json_build_object(
    'user', NEW.owner_id,
    'event', 'import',
    'data', json_build_object(
      'id', NEW.id, 'resource', NEW.resource, 'state', NEW.state, 'mode', NEW.mode,
      'progress', json_build_object('rows', NEW.rows_done, 'total', NEW.total_rows),
      'result', NEW.result))::text);
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER import_changed AFTER UPDATE ON imports FOR EACH ROW
  WHEN (OLD.state IS DISTINCT FROM NEW.state OR OLD.rows_done IS DISTINCT FROM NEW.rows_done)
  EXECUTE FUNCTION notify_import_changed();
