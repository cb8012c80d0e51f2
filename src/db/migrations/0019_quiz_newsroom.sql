CREATE TABLE "newsroom_quizzes" (
	"id" serial PRIMARY KEY NOT NULL,
	"slug" text NOT NULL,
	"status" text NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"title" text NOT NULL,
	"intro" text NOT NULL,
	"image" jsonb NOT NULL,
	"questions" jsonb NOT NULL,
	"results" jsonb NOT NULL,
	"scheduled_at" timestamp with time zone,
	"published_at" timestamp with time zone,
	"created_by" integer,
	"updated_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "newsroom_quizzes_status_check" CHECK ("newsroom_quizzes"."status" in ('draft', 'scheduled', 'published', 'unpublished'))
);
--> statement-breakpoint
CREATE TABLE "quiz_revisions" (
	"id" serial PRIMARY KEY NOT NULL,
	"quiz_id" integer NOT NULL,
	"version" integer NOT NULL,
	"snapshot" jsonb NOT NULL,
	"staff_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "newsroom_quizzes" ADD CONSTRAINT "newsroom_quizzes_created_by_staff_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."staff"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "newsroom_quizzes" ADD CONSTRAINT "newsroom_quizzes_updated_by_staff_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."staff"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "quiz_revisions" ADD CONSTRAINT "quiz_revisions_quiz_id_newsroom_quizzes_id_fk" FOREIGN KEY ("quiz_id") REFERENCES "public"."newsroom_quizzes"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "quiz_revisions" ADD CONSTRAINT "quiz_revisions_staff_id_staff_id_fk" FOREIGN KEY ("staff_id") REFERENCES "public"."staff"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "newsroom_quizzes_slug_idx" ON "newsroom_quizzes" USING btree ("slug");--> statement-breakpoint
CREATE INDEX "newsroom_quizzes_updated_idx" ON "newsroom_quizzes" USING btree ("updated_at","id");--> statement-breakpoint
CREATE INDEX "newsroom_quizzes_due_idx" ON "newsroom_quizzes" USING btree ("scheduled_at") WHERE "newsroom_quizzes"."status" = 'scheduled';--> statement-breakpoint
CREATE UNIQUE INDEX "quiz_revisions_quiz_version_idx" ON "quiz_revisions" USING btree ("quiz_id","version");