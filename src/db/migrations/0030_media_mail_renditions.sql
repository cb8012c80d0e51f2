ALTER TABLE "media" ADD COLUMN "mail_renditions_at" timestamp with time zone;
