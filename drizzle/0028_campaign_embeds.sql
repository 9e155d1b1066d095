ALTER TABLE "campaigns" ADD COLUMN "embed_origins" jsonb DEFAULT '[]'::jsonb NOT NULL;
