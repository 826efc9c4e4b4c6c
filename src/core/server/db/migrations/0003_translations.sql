CREATE TABLE "translations" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"language" text NOT NULL,
	"entries" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"last_generated" timestamp with time zone,
	"updated_at" timestamp with time zone
);
--> statement-breakpoint
CREATE UNIQUE INDEX "translations_language_uq" ON "translations" USING btree ("language");