CREATE TABLE "content_versions" (
	"name" text PRIMARY KEY NOT NULL,
	"version" bigint DEFAULT 0 NOT NULL
);

--> statement-breakpoint
-- What the public pages and reads show changes with the videos and the approved comments: a
-- write to either bumps the `public` version in its own transaction and tells listeners
-- (docs/decisions/029-public-pages-from-memory.md).
INSERT INTO "content_versions" ("name", "version") VALUES ('public', 1);
--> statement-breakpoint
CREATE FUNCTION "bump_public_content_version"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	UPDATE "content_versions" SET "version" = "version" + 1 WHERE "name" = 'public';
	PERFORM pg_notify('content_versions', 'public');
	RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER "videos_bump_public_content_version" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "videos" FOR EACH STATEMENT EXECUTE FUNCTION "bump_public_content_version"();
--> statement-breakpoint
-- A pending comment shows nowhere public: only an approved one's arrival, change or removal counts.
CREATE TRIGGER "video_comments_insert_bump_public_content_version" AFTER INSERT ON "video_comments" FOR EACH ROW WHEN (NEW."is_approved") EXECUTE FUNCTION "bump_public_content_version"();
--> statement-breakpoint
CREATE TRIGGER "video_comments_update_bump_public_content_version" AFTER UPDATE ON "video_comments" FOR EACH ROW WHEN (OLD."is_approved" OR NEW."is_approved") EXECUTE FUNCTION "bump_public_content_version"();
--> statement-breakpoint
CREATE TRIGGER "video_comments_delete_bump_public_content_version" AFTER DELETE ON "video_comments" FOR EACH ROW WHEN (OLD."is_approved") EXECUTE FUNCTION "bump_public_content_version"();
--> statement-breakpoint
CREATE TRIGGER "video_comments_truncate_bump_public_content_version" AFTER TRUNCATE ON "video_comments" FOR EACH STATEMENT EXECUTE FUNCTION "bump_public_content_version"();
