CREATE TABLE "consent_records" (
	"id" serial PRIMARY KEY NOT NULL,
	"consent_id" uuid NOT NULL,
	"policy_version" integer NOT NULL,
	"accept_type" text NOT NULL,
	"purposes" jsonb NOT NULL,
	"vendors" jsonb NOT NULL,
	"recorded_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE INDEX "consent_records_consent_id_idx" ON "consent_records" USING btree ("consent_id");