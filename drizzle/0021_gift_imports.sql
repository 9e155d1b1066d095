CREATE TABLE "gift_import_rows" (
	"import_key" text PRIMARY KEY NOT NULL,
	"donation_id" uuid NOT NULL,
	"file_name" text NOT NULL,
	"line" integer NOT NULL,
	"imported_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
-- Checked at commit: an import claims a row's key before it writes the row's gift.
ALTER TABLE "gift_import_rows" ADD CONSTRAINT "gift_import_rows_donation_id_donations_id_fk" FOREIGN KEY ("donation_id") REFERENCES "public"."donations"("id") ON DELETE cascade ON UPDATE no action DEFERRABLE INITIALLY DEFERRED;--> statement-breakpoint
CREATE INDEX "gift_import_rows_donation_id_idx" ON "gift_import_rows" USING btree ("donation_id");
