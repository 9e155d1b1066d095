CREATE TABLE "members" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"application_id" uuid NOT NULL,
	"name" text NOT NULL,
	"email" text NOT NULL,
	"tier" text NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"monthly_amount_cents" integer NOT NULL,
	"member_since" timestamp with time zone,
	"next_renewal_at" timestamp with time zone,
	"stripe_subscription_id" text,
	"ojc_payment_id" uuid,
	"ojc_subscription_id" uuid,
	"cancelled_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "members_status_check" CHECK ("members"."status" in ('pending', 'active', 'lapsed', 'cancelled')),
	CONSTRAINT "members_amount_check" CHECK ("members"."monthly_amount_cents" > 0)
);
--> statement-breakpoint
ALTER TABLE "members" ADD CONSTRAINT "members_application_id_membership_applications_id_fk" FOREIGN KEY ("application_id") REFERENCES "public"."membership_applications"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "members" ADD CONSTRAINT "members_ojc_subscription_id_ojc_subscriptions_id_fk" FOREIGN KEY ("ojc_subscription_id") REFERENCES "public"."ojc_subscriptions"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "members_application_id_key" ON "members" USING btree ("application_id");--> statement-breakpoint
CREATE UNIQUE INDEX "members_stripe_subscription_id_key" ON "members" USING btree ("stripe_subscription_id");--> statement-breakpoint
CREATE UNIQUE INDEX "members_ojc_payment_id_key" ON "members" USING btree ("ojc_payment_id");--> statement-breakpoint
CREATE UNIQUE INDEX "members_ojc_subscription_id_key" ON "members" USING btree ("ojc_subscription_id");--> statement-breakpoint
CREATE INDEX "members_status_tier_idx" ON "members" USING btree ("status","tier");--> statement-breakpoint
CREATE INDEX "members_email_idx" ON "members" USING btree (lower("email"));