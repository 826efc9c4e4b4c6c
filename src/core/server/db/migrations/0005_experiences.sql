CREATE TABLE "experiences" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"title" text NOT NULL,
	"slug" text,
	"description" text,
	"tags" text[] DEFAULT '{}'::text[] NOT NULL,
	"under_review" boolean DEFAULT false NOT NULL
);
--> statement-breakpoint
CREATE TABLE "experiences_images" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"owner_id" uuid NOT NULL,
	"path" text NOT NULL,
	"thumb" text NOT NULL,
	"position" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "experiences_images" ADD CONSTRAINT "experiences_images_owner_id_experiences_id_fk" FOREIGN KEY ("owner_id") REFERENCES "public"."experiences"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "experiences_slug_uq" ON "experiences" USING btree ("slug");--> statement-breakpoint
CREATE INDEX "experiences_title_trgm" ON "experiences" USING gin ("title" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "experiences_description_trgm" ON "experiences" USING gin ("description" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "experiences_tags_trgm" ON "experiences" USING gin (tags_text("tags") gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "experiences_created_at_sort" ON "experiences" USING btree ("created_at","id");--> statement-breakpoint
CREATE INDEX "experiences_title_sort" ON "experiences" USING btree ("title","id");--> statement-breakpoint
CREATE INDEX "experiences_images_owner_idx" ON "experiences_images" USING btree ("owner_id","position");