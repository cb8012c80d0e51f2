CREATE TABLE "format_contest_revisions" (
	"id" serial PRIMARY KEY NOT NULL,
	"contest_id" integer NOT NULL,
	"version" integer NOT NULL,
	"snapshot" jsonb NOT NULL,
	"staff_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "mosaic_revisions" (
	"id" serial PRIMARY KEY NOT NULL,
	"mosaic_id" integer NOT NULL,
	"version" integer NOT NULL,
	"snapshot" jsonb NOT NULL,
	"staff_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "format_contests" ALTER COLUMN "published_at" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "mosaics" ALTER COLUMN "published_at" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "format_contests" ADD COLUMN "status" text DEFAULT 'published' NOT NULL;--> statement-breakpoint
ALTER TABLE "format_contests" ADD COLUMN "version" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "format_contests" ADD COLUMN "scheduled_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "format_contests" ADD COLUMN "created_by" integer;--> statement-breakpoint
ALTER TABLE "format_contests" ADD COLUMN "updated_by" integer;--> statement-breakpoint
ALTER TABLE "format_contests" ADD COLUMN "created_at" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
ALTER TABLE "format_contests" ADD COLUMN "updated_at" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
ALTER TABLE "mosaics" ADD COLUMN "status" text DEFAULT 'published' NOT NULL;--> statement-breakpoint
ALTER TABLE "mosaics" ADD COLUMN "version" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "mosaics" ADD COLUMN "scheduled_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "mosaics" ADD COLUMN "created_by" integer;--> statement-breakpoint
ALTER TABLE "mosaics" ADD COLUMN "updated_by" integer;--> statement-breakpoint
ALTER TABLE "mosaics" ADD COLUMN "created_at" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
ALTER TABLE "mosaics" ADD COLUMN "updated_at" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
ALTER TABLE "format_contest_revisions" ADD CONSTRAINT "format_contest_revisions_contest_id_format_contests_id_fk" FOREIGN KEY ("contest_id") REFERENCES "public"."format_contests"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "format_contest_revisions" ADD CONSTRAINT "format_contest_revisions_staff_id_staff_id_fk" FOREIGN KEY ("staff_id") REFERENCES "public"."staff"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "mosaic_revisions" ADD CONSTRAINT "mosaic_revisions_mosaic_id_mosaics_id_fk" FOREIGN KEY ("mosaic_id") REFERENCES "public"."mosaics"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "mosaic_revisions" ADD CONSTRAINT "mosaic_revisions_staff_id_staff_id_fk" FOREIGN KEY ("staff_id") REFERENCES "public"."staff"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "format_contest_revisions_contest_version_idx" ON "format_contest_revisions" USING btree ("contest_id","version");--> statement-breakpoint
CREATE UNIQUE INDEX "mosaic_revisions_mosaic_version_idx" ON "mosaic_revisions" USING btree ("mosaic_id","version");--> statement-breakpoint
ALTER TABLE "format_contests" ADD CONSTRAINT "format_contests_created_by_staff_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."staff"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "format_contests" ADD CONSTRAINT "format_contests_updated_by_staff_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."staff"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "mosaics" ADD CONSTRAINT "mosaics_created_by_staff_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."staff"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "mosaics" ADD CONSTRAINT "mosaics_updated_by_staff_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."staff"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "format_contests_due_idx" ON "format_contests" USING btree ("scheduled_at") WHERE "format_contests"."status" = 'scheduled';--> statement-breakpoint
CREATE INDEX "mosaics_due_idx" ON "mosaics" USING btree ("scheduled_at") WHERE "mosaics"."status" = 'scheduled';--> statement-breakpoint
ALTER TABLE "format_contests" ADD CONSTRAINT "format_contests_status_check" CHECK ("format_contests"."status" in ('draft', 'scheduled', 'published', 'unpublished'));--> statement-breakpoint
ALTER TABLE "format_contests" ADD CONSTRAINT "format_contests_dates_check" CHECK ("format_contests"."ends_at" > "format_contests"."starts_at");--> statement-breakpoint
ALTER TABLE "mosaics" ADD CONSTRAINT "mosaics_status_check" CHECK ("mosaics"."status" in ('draft', 'scheduled', 'published', 'unpublished'));