CREATE TABLE "video_comments" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"video_id" uuid NOT NULL,
	"author_name" text NOT NULL,
	"author_email" text NOT NULL,
	"comment" text NOT NULL,
	"is_approved" boolean DEFAULT false NOT NULL,
	"approved_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "videos" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"title" text NOT NULL,
	"description" text,
	"caption" text,
	"video_url" text,
	"video_file" text,
	"thumbnail_url" text,
	"thumbnail_file" text,
	"captions_file" text,
	"file_size" bigint,
	"duration_seconds" integer,
	"is_published" boolean DEFAULT false NOT NULL,
	"published_at" timestamp with time zone,
	"uploaded_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "videos_source_check" CHECK (("videos"."video_url" is null) <> ("videos"."video_file" is null)),
	CONSTRAINT "videos_thumbnail_check" CHECK ("videos"."thumbnail_url" is null or "videos"."thumbnail_file" is null),
	CONSTRAINT "videos_published_check" CHECK ("videos"."is_published" = ("videos"."published_at" is not null)),
	CONSTRAINT "videos_file_size_check" CHECK ("videos"."file_size" is null or "videos"."file_size" >= 0),
	CONSTRAINT "videos_duration_check" CHECK ("videos"."duration_seconds" is null or "videos"."duration_seconds" >= 0)
);
--> statement-breakpoint
ALTER TABLE "video_comments" ADD CONSTRAINT "video_comments_video_id_videos_id_fk" FOREIGN KEY ("video_id") REFERENCES "public"."videos"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "videos" ADD CONSTRAINT "videos_uploaded_by_admin_users_id_fk" FOREIGN KEY ("uploaded_by") REFERENCES "public"."admin_users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "video_comments_video_idx" ON "video_comments" USING btree ("video_id","is_approved","created_at");--> statement-breakpoint
CREATE INDEX "video_comments_pending_idx" ON "video_comments" USING btree ("created_at") WHERE not "video_comments"."is_approved";--> statement-breakpoint
CREATE INDEX "videos_published_idx" ON "videos" USING btree ("published_at" DESC NULLS LAST,"id") WHERE "videos"."is_published";--> statement-breakpoint
CREATE INDEX "videos_created_at_idx" ON "videos" USING btree ("created_at");