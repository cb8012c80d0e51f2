ALTER TABLE "media" ADD COLUMN "name" text;--> statement-breakpoint
ALTER TABLE "staff" ADD COLUMN "must_change_password" boolean DEFAULT false NOT NULL;