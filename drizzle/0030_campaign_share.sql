ALTER TABLE "campaigns" ADD COLUMN "share_text" text;
