CREATE TABLE "audience_events" (
	"day" date NOT NULL,
	"path" text NOT NULL,
	"kind" text NOT NULL,
	"subject" text NOT NULL,
	"step" smallint DEFAULT 0 NOT NULL,
	"count" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "audience_events_day_kind_subject_step_path_pk" PRIMARY KEY("day","kind","subject","step","path")
);
--> statement-breakpoint
CREATE TABLE "audience_pages" (
	"day" date NOT NULL,
	"path" text NOT NULL,
	"views" integer DEFAULT 0 NOT NULL,
	"visits" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "audience_pages_day_path_pk" PRIMARY KEY("day","path")
);
--> statement-breakpoint
CREATE TABLE "audience_sources" (
	"day" date NOT NULL,
	"path" text NOT NULL,
	"dimension" text NOT NULL,
	"value" text NOT NULL,
	"hits" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "audience_sources_day_dimension_value_path_pk" PRIMARY KEY("day","dimension","value","path"),
	CONSTRAINT "audience_sources_dimension_check" CHECK ("audience_sources"."dimension" in ('referrer', 'source', 'medium', 'campaign', 'device'))
);
