CREATE TABLE "pledges" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"donor_name" text NOT NULL,
	"email" text,
	"postal_address" text,
	"amount_cents" integer NOT NULL,
	"expected_on" date NOT NULL,
	"campaign" text,
	"note" text,
	"status" text DEFAULT 'open' NOT NULL,
	"paid_donation_id" uuid,
	"part_of_pledge_id" uuid,
	"cancel_reason" text,
	"reminders_sent" integer DEFAULT 0 NOT NULL,
	"last_reminded_at" timestamp with time zone,
	"closed_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "pledges_status_check" CHECK ("pledges"."status" in ('open', 'paid', 'cancelled')),
	CONSTRAINT "pledges_amount_check" CHECK ("pledges"."amount_cents" > 0),
	CONSTRAINT "pledges_paid_check" CHECK (("pledges"."status" = 'paid') = ("pledges"."paid_donation_id" is not null))
);
--> statement-breakpoint
ALTER TABLE "pledges" ADD CONSTRAINT "pledges_paid_donation_id_donations_id_fk" FOREIGN KEY ("paid_donation_id") REFERENCES "public"."donations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pledges" ADD CONSTRAINT "pledges_part_of_pledge_id_pledges_id_fk" FOREIGN KEY ("part_of_pledge_id") REFERENCES "public"."pledges"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "pledges_status_expected_idx" ON "pledges" USING btree ("status","expected_on");--> statement-breakpoint
CREATE INDEX "pledges_part_of_idx" ON "pledges" USING btree ("part_of_pledge_id");
