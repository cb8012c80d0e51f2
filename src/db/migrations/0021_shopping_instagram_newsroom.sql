CREATE TABLE "instagram_post_revisions" (
	"id" serial PRIMARY KEY NOT NULL,
	"post_id" integer NOT NULL,
	"version" integer NOT NULL,
	"snapshot" jsonb NOT NULL,
	"staff_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "shopping_item_revisions" (
	"id" serial PRIMARY KEY NOT NULL,
	"item_id" integer NOT NULL,
	"version" integer NOT NULL,
	"snapshot" jsonb NOT NULL,
	"staff_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "instagram_posts" ADD COLUMN "status" text DEFAULT 'published' NOT NULL;--> statement-breakpoint
ALTER TABLE "instagram_posts" ADD COLUMN "version" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "instagram_posts" ADD COLUMN "scheduled_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "instagram_posts" ADD COLUMN "published_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "instagram_posts" ADD COLUMN "created_by" integer;--> statement-breakpoint
ALTER TABLE "instagram_posts" ADD COLUMN "updated_by" integer;--> statement-breakpoint
ALTER TABLE "instagram_posts" ADD COLUMN "created_at" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
ALTER TABLE "instagram_posts" ADD COLUMN "updated_at" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
ALTER TABLE "shopping_items" ADD COLUMN "status" text DEFAULT 'published' NOT NULL;--> statement-breakpoint
ALTER TABLE "shopping_items" ADD COLUMN "version" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "shopping_items" ADD COLUMN "scheduled_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "shopping_items" ADD COLUMN "published_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "shopping_items" ADD COLUMN "created_by" integer;--> statement-breakpoint
ALTER TABLE "shopping_items" ADD COLUMN "updated_by" integer;--> statement-breakpoint
ALTER TABLE "shopping_items" ADD COLUMN "created_at" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
ALTER TABLE "shopping_items" ADD COLUMN "updated_at" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
ALTER TABLE "instagram_post_revisions" ADD CONSTRAINT "instagram_post_revisions_post_id_instagram_posts_id_fk" FOREIGN KEY ("post_id") REFERENCES "public"."instagram_posts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "instagram_post_revisions" ADD CONSTRAINT "instagram_post_revisions_staff_id_staff_id_fk" FOREIGN KEY ("staff_id") REFERENCES "public"."staff"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "shopping_item_revisions" ADD CONSTRAINT "shopping_item_revisions_item_id_shopping_items_id_fk" FOREIGN KEY ("item_id") REFERENCES "public"."shopping_items"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "shopping_item_revisions" ADD CONSTRAINT "shopping_item_revisions_staff_id_staff_id_fk" FOREIGN KEY ("staff_id") REFERENCES "public"."staff"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "instagram_post_revisions_post_version_idx" ON "instagram_post_revisions" USING btree ("post_id","version");--> statement-breakpoint
CREATE UNIQUE INDEX "shopping_item_revisions_item_version_idx" ON "shopping_item_revisions" USING btree ("item_id","version");--> statement-breakpoint
ALTER TABLE "instagram_posts" ADD CONSTRAINT "instagram_posts_created_by_staff_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."staff"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "instagram_posts" ADD CONSTRAINT "instagram_posts_updated_by_staff_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."staff"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "shopping_items" ADD CONSTRAINT "shopping_items_created_by_staff_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."staff"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "shopping_items" ADD CONSTRAINT "shopping_items_updated_by_staff_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."staff"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "instagram_posts_due_idx" ON "instagram_posts" USING btree ("scheduled_at") WHERE "instagram_posts"."status" = 'scheduled';--> statement-breakpoint
CREATE INDEX "shopping_items_due_idx" ON "shopping_items" USING btree ("scheduled_at") WHERE "shopping_items"."status" = 'scheduled';--> statement-breakpoint
ALTER TABLE "instagram_posts" ADD CONSTRAINT "instagram_posts_status_check" CHECK ("instagram_posts"."status" in ('draft', 'scheduled', 'published', 'unpublished'));--> statement-breakpoint
ALTER TABLE "shopping_items" ADD CONSTRAINT "shopping_items_status_check" CHECK ("shopping_items"."status" in ('draft', 'scheduled', 'published', 'unpublished'));--> statement-breakpoint
ALTER TABLE "shopping_items" ADD CONSTRAINT "shopping_items_price_check" CHECK ("shopping_items"."price_cents" >= 0);