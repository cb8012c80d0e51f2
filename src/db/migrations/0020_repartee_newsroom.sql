CREATE TABLE "quotation_revisions" (
	"id" serial PRIMARY KEY NOT NULL,
	"quotation_id" integer NOT NULL,
	"version" integer NOT NULL,
	"snapshot" jsonb NOT NULL,
	"staff_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "repartee_generator_revisions" (
	"id" serial PRIMARY KEY NOT NULL,
	"generator_id" integer NOT NULL,
	"version" integer NOT NULL,
	"snapshot" jsonb NOT NULL,
	"staff_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "quotations" ADD COLUMN "status" text DEFAULT 'published' NOT NULL;--> statement-breakpoint
ALTER TABLE "quotations" ADD COLUMN "version" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "quotations" ADD COLUMN "scheduled_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "quotations" ADD COLUMN "published_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "quotations" ADD COLUMN "created_by" integer;--> statement-breakpoint
ALTER TABLE "quotations" ADD COLUMN "updated_by" integer;--> statement-breakpoint
ALTER TABLE "quotations" ADD COLUMN "created_at" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
ALTER TABLE "quotations" ADD COLUMN "updated_at" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
ALTER TABLE "repartee_generators" ADD COLUMN "next_reply_id" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "repartee_generators" ADD COLUMN "status" text DEFAULT 'published' NOT NULL;--> statement-breakpoint
ALTER TABLE "repartee_generators" ADD COLUMN "version" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "repartee_generators" ADD COLUMN "scheduled_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "repartee_generators" ADD COLUMN "published_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "repartee_generators" ADD COLUMN "created_by" integer;--> statement-breakpoint
ALTER TABLE "repartee_generators" ADD COLUMN "updated_by" integer;--> statement-breakpoint
ALTER TABLE "repartee_generators" ADD COLUMN "created_at" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
ALTER TABLE "repartee_generators" ADD COLUMN "updated_at" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
ALTER TABLE "quotation_revisions" ADD CONSTRAINT "quotation_revisions_quotation_id_quotations_id_fk" FOREIGN KEY ("quotation_id") REFERENCES "public"."quotations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "quotation_revisions" ADD CONSTRAINT "quotation_revisions_staff_id_staff_id_fk" FOREIGN KEY ("staff_id") REFERENCES "public"."staff"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "repartee_generator_revisions" ADD CONSTRAINT "repartee_generator_revisions_generator_id_repartee_generators_id_fk" FOREIGN KEY ("generator_id") REFERENCES "public"."repartee_generators"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "repartee_generator_revisions" ADD CONSTRAINT "repartee_generator_revisions_staff_id_staff_id_fk" FOREIGN KEY ("staff_id") REFERENCES "public"."staff"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "quotation_revisions_quotation_version_idx" ON "quotation_revisions" USING btree ("quotation_id","version");--> statement-breakpoint
CREATE UNIQUE INDEX "repartee_generator_revisions_generator_version_idx" ON "repartee_generator_revisions" USING btree ("generator_id","version");--> statement-breakpoint
ALTER TABLE "quotations" ADD CONSTRAINT "quotations_created_by_staff_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."staff"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "quotations" ADD CONSTRAINT "quotations_updated_by_staff_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."staff"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "repartee_generators" ADD CONSTRAINT "repartee_generators_created_by_staff_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."staff"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "repartee_generators" ADD CONSTRAINT "repartee_generators_updated_by_staff_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."staff"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "quotations_due_idx" ON "quotations" USING btree ("scheduled_at") WHERE "quotations"."status" = 'scheduled';--> statement-breakpoint
CREATE INDEX "repartee_generators_due_idx" ON "repartee_generators" USING btree ("scheduled_at") WHERE "repartee_generators"."status" = 'scheduled';--> statement-breakpoint
ALTER TABLE "quotations" ADD CONSTRAINT "quotations_status_check" CHECK ("quotations"."status" in ('draft', 'scheduled', 'published', 'unpublished'));--> statement-breakpoint
ALTER TABLE "repartee_generators" ADD CONSTRAINT "repartee_generators_status_check" CHECK ("repartee_generators"."status" in ('draft', 'scheduled', 'published', 'unpublished'));--> statement-breakpoint
-- Generators from before the newsroom: published, and new replies numbered after every id already given.
UPDATE "repartee_generators" SET "next_reply_id" = coalesce((SELECT max((r->>'id')::int) FROM jsonb_array_elements("replies") AS r), 0) + 1;
