CREATE TABLE "record_versions" (
	"resource" text NOT NULL,
	"record_id" uuid NOT NULL,
	"version" integer NOT NULL,
	"at" timestamp with time zone DEFAULT now() NOT NULL,
	"actor_id" uuid,
	"op" text NOT NULL,
	"full" boolean DEFAULT false NOT NULL,
	"fields" text[],
	"data" jsonb NOT NULL,
	CONSTRAINT "record_versions_resource_record_id_version_pk" PRIMARY KEY("resource","record_id","version")
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
CREATE INDEX "record_versions_at_idx" ON "record_versions" USING btree ("at");--> statement-breakpoint
CREATE INDEX "record_versions_deleted_idx" ON "record_versions" USING btree ("at") WHERE op = 'delete';--> statement-breakpoint
CREATE INDEX "trash_deleted_idx" ON "trash" USING btree ("resource","deleted_at");--> statement-breakpoint
CREATE INDEX "version_files_record_idx" ON "version_files" USING btree ("resource","record_id");