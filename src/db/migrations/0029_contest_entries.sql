CREATE TABLE "contest_draws" (
	"contest_id" integer PRIMARY KEY NOT NULL,
	"seed" text NOT NULL,
	"pool_ids" jsonb NOT NULL,
	"winner_ids" jsonb NOT NULL,
	"winners" jsonb NOT NULL,
	"drawn_at" timestamp with time zone DEFAULT now() NOT NULL,
	"drawn_by" integer,
	"erase_after" timestamp with time zone NOT NULL,
	"erased_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "contest_entries" (
	"id" serial PRIMARY KEY NOT NULL,
	"contest_id" integer NOT NULL,
	"email" text NOT NULL,
	"first_name" text NOT NULL,
	"last_name" text NOT NULL,
	"answer" text DEFAULT '' NOT NULL,
	"newsletter" boolean DEFAULT false NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"token_hash" text NOT NULL,
	"token_expires_at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"confirmed_at" timestamp with time zone,
	CONSTRAINT "contest_entries_status_check" CHECK ("contest_entries"."status" in ('pending', 'confirmed'))
);
--> statement-breakpoint
ALTER TABLE "format_contests" ADD COLUMN "question" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "format_contests" ADD COLUMN "question_choices" jsonb DEFAULT '[]'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "contest_draws" ADD CONSTRAINT "contest_draws_contest_id_format_contests_id_fk" FOREIGN KEY ("contest_id") REFERENCES "public"."format_contests"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "contest_entries" ADD CONSTRAINT "contest_entries_contest_id_format_contests_id_fk" FOREIGN KEY ("contest_id") REFERENCES "public"."format_contests"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "contest_entries_contest_email_idx" ON "contest_entries" USING btree ("contest_id","email");--> statement-breakpoint
CREATE UNIQUE INDEX "contest_entries_token_idx" ON "contest_entries" USING btree ("token_hash");