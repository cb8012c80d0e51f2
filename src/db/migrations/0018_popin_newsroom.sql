CREATE TABLE "popin_revisions" (
	"id" serial PRIMARY KEY NOT NULL,
	"popin_id" integer NOT NULL,
	"version" integer NOT NULL,
	"snapshot" jsonb NOT NULL,
	"staff_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "popins" ADD COLUMN "name" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "popins" ADD COLUMN "starts_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "popins" ADD COLUMN "ends_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "popins" ADD COLUMN "status" text DEFAULT 'published' NOT NULL;--> statement-breakpoint
ALTER TABLE "popins" ADD COLUMN "version" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "popins" ADD COLUMN "scheduled_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "popins" ADD COLUMN "published_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "popins" ADD COLUMN "created_by" integer;--> statement-breakpoint
ALTER TABLE "popins" ADD COLUMN "updated_by" integer;--> statement-breakpoint
ALTER TABLE "popins" ADD COLUMN "created_at" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
ALTER TABLE "popins" ADD COLUMN "updated_at" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
ALTER TABLE "popin_revisions" ADD CONSTRAINT "popin_revisions_popin_id_popins_id_fk" FOREIGN KEY ("popin_id") REFERENCES "public"."popins"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "popin_revisions" ADD CONSTRAINT "popin_revisions_staff_id_staff_id_fk" FOREIGN KEY ("staff_id") REFERENCES "public"."staff"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "popin_revisions_popin_version_idx" ON "popin_revisions" USING btree ("popin_id","version");--> statement-breakpoint
ALTER TABLE "popins" ADD CONSTRAINT "popins_created_by_staff_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."staff"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "popins" ADD CONSTRAINT "popins_updated_by_staff_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."staff"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "popins_due_idx" ON "popins" USING btree ("scheduled_at") WHERE "popins"."status" = 'scheduled';--> statement-breakpoint
ALTER TABLE "popins" ADD CONSTRAINT "popins_status_check" CHECK ("popins"."status" in ('draft', 'scheduled', 'published', 'unpublished'));--> statement-breakpoint
-- Popins from before the newsroom: published while active, named after their title.
UPDATE "popins" SET "status" = CASE WHEN "active" THEN 'published' ELSE 'unpublished' END, "name" = coalesce(nullif("parts"->>'title', ''), "type");
