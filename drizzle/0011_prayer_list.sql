CREATE TABLE "prayer_reading_names" (
	"reading_id" uuid NOT NULL,
	"prayer_name_id" uuid NOT NULL,
	CONSTRAINT "prayer_reading_names_reading_id_prayer_name_id_pk" PRIMARY KEY("reading_id","prayer_name_id")
);
--> statement-breakpoint
CREATE TABLE "prayer_readings" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"week_start" date NOT NULL,
	"prayed_on" date NOT NULL,
	"hebrew_date" text NOT NULL,
	"name_count" integer NOT NULL,
	"marked_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "prayer_links" ALTER COLUMN "member_id" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "prayer_names" ALTER COLUMN "member_id" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "prayer_links" ADD COLUMN "donor_email" text;--> statement-breakpoint
ALTER TABLE "prayer_names" ADD COLUMN "donor_email" text;--> statement-breakpoint
ALTER TABLE "prayer_names" ADD COLUMN "relation" text DEFAULT 'ben' NOT NULL;--> statement-breakpoint
ALTER TABLE "prayer_reading_names" ADD CONSTRAINT "prayer_reading_names_reading_id_prayer_readings_id_fk" FOREIGN KEY ("reading_id") REFERENCES "public"."prayer_readings"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "prayer_reading_names" ADD CONSTRAINT "prayer_reading_names_prayer_name_id_prayer_names_id_fk" FOREIGN KEY ("prayer_name_id") REFERENCES "public"."prayer_names"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "prayer_readings" ADD CONSTRAINT "prayer_readings_marked_by_admin_users_id_fk" FOREIGN KEY ("marked_by") REFERENCES "public"."admin_users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "prayer_reading_names_name_idx" ON "prayer_reading_names" USING btree ("prayer_name_id");--> statement-breakpoint
CREATE UNIQUE INDEX "prayer_readings_week_start_key" ON "prayer_readings" USING btree ("week_start");--> statement-breakpoint
CREATE INDEX "prayer_names_donor_email_idx" ON "prayer_names" USING btree ("donor_email");--> statement-breakpoint
CREATE INDEX "prayer_names_renewed_at_idx" ON "prayer_names" USING btree ("renewed_at");--> statement-breakpoint
ALTER TABLE "prayer_links" ADD CONSTRAINT "prayer_links_owner_check" CHECK (("prayer_links"."member_id" is null) <> ("prayer_links"."donor_email" is null));--> statement-breakpoint
ALTER TABLE "prayer_names" ADD CONSTRAINT "prayer_names_relation_check" CHECK ("prayer_names"."relation" in ('ben', 'bat'));--> statement-breakpoint
ALTER TABLE "prayer_names" ADD CONSTRAINT "prayer_names_owner_check" CHECK (("prayer_names"."member_id" is null) <> ("prayer_names"."donor_email" is null));