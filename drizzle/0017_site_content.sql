CREATE TABLE "site_content_versions" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "site_content_versions_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"state" text NOT NULL,
	"content" jsonb NOT NULL,
	"schema_version" integer NOT NULL,
	"revision" integer DEFAULT 1 NOT NULL,
	"sections" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"restored_from" integer,
	"at" timestamp with time zone NOT NULL,
	"by" text,
	CONSTRAINT "site_content_versions_state_check" CHECK ("site_content_versions"."state" in ('draft', 'published'))
);
--> statement-breakpoint
CREATE UNIQUE INDEX "site_content_versions_one_draft" ON "site_content_versions" USING btree ("state") WHERE "site_content_versions"."state" = 'draft';--> statement-breakpoint
CREATE INDEX "site_content_versions_published_idx" ON "site_content_versions" USING btree ("id") WHERE "site_content_versions"."state" = 'published';--> statement-breakpoint
-- A published version's arrival (or removal) changes what the public pages show: it bumps the
-- public content version in its own transaction, as the videos' writes do (ADR 029, ADR 033).
-- A draft's saves show nowhere public and bump nothing.
CREATE TRIGGER "site_content_insert_bump_public_content_version" AFTER INSERT ON "site_content_versions" FOR EACH ROW WHEN (NEW."state" = 'published') EXECUTE FUNCTION "bump_public_content_version"();
--> statement-breakpoint
CREATE TRIGGER "site_content_update_bump_public_content_version" AFTER UPDATE ON "site_content_versions" FOR EACH ROW WHEN (OLD."state" = 'published' OR NEW."state" = 'published') EXECUTE FUNCTION "bump_public_content_version"();
--> statement-breakpoint
CREATE TRIGGER "site_content_delete_bump_public_content_version" AFTER DELETE ON "site_content_versions" FOR EACH ROW WHEN (OLD."state" = 'published') EXECUTE FUNCTION "bump_public_content_version"();
--> statement-breakpoint
CREATE TRIGGER "site_content_truncate_bump_public_content_version" AFTER TRUNCATE ON "site_content_versions" FOR EACH STATEMENT EXECUTE FUNCTION "bump_public_content_version"();
