CREATE TABLE "translation_snapshots" (
	"language" text PRIMARY KEY NOT NULL,
	"body" text NOT NULL,
	"etag" text NOT NULL,
	"generated_at" timestamp with time zone DEFAULT now() NOT NULL
);
