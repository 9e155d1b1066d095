CREATE TABLE "offline_gift_photos" (
	"donation_id" uuid PRIMARY KEY NOT NULL,
	"content_type" text NOT NULL,
	"byte_length" integer NOT NULL,
	"data" bytea NOT NULL,
	"added_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "offline_gift_photos" ADD CONSTRAINT "offline_gift_photos_donation_id_donations_id_fk" FOREIGN KEY ("donation_id") REFERENCES "public"."donations"("id") ON DELETE cascade ON UPDATE no action;
