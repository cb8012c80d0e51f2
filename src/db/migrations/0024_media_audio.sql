ALTER TABLE "media" ALTER COLUMN "width" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "media" ALTER COLUMN "height" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "media" ADD COLUMN "kind" text DEFAULT 'image' NOT NULL;--> statement-breakpoint
ALTER TABLE "media" ADD COLUMN "mime_type" text;--> statement-breakpoint
ALTER TABLE "media" ADD COLUMN "duration_seconds" double precision;--> statement-breakpoint
ALTER TABLE "media" ADD COLUMN "bytes" integer;--> statement-breakpoint
ALTER TABLE "media" ADD CONSTRAINT "media_kind_check" CHECK ("media"."kind" in ('image', 'audio'));--> statement-breakpoint
ALTER TABLE "media" ADD CONSTRAINT "media_kind_fields_check" CHECK (("media"."kind" = 'image' and "media"."width" is not null and "media"."height" is not null) or ("media"."kind" = 'audio' and "media"."mime_type" is not null and "media"."duration_seconds" is not null and "media"."bytes" is not null));