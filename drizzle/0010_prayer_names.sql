CREATE TABLE "prayer_links" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"member_id" uuid NOT NULL,
	"nonce_hash" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"used_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "prayer_names" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"member_id" uuid NOT NULL,
	"hebrew_name" text NOT NULL,
	"mother_hebrew_name" text NOT NULL,
	"english_name" text,
	"intention" text NOT NULL,
	"note" text,
	"renewed_at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "prayer_names_intention_check" CHECK ("prayer_names"."intention" in ('healing', 'shidduch', 'parnassah', 'children', 'success', 'other'))
);
--> statement-breakpoint
ALTER TABLE "prayer_links" ADD CONSTRAINT "prayer_links_member_id_members_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."members"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "prayer_names" ADD CONSTRAINT "prayer_names_member_id_members_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."members"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "prayer_links_nonce_hash_key" ON "prayer_links" USING btree ("nonce_hash");--> statement-breakpoint
CREATE INDEX "prayer_names_member_id_idx" ON "prayer_names" USING btree ("member_id");