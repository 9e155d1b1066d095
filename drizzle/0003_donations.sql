CREATE TABLE "donations" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"donor_name" text,
	"email" text,
	"amount_cents" integer NOT NULL,
	"currency" text DEFAULT 'usd' NOT NULL,
	"fee_cents" integer DEFAULT 0 NOT NULL,
	"refunded_cents" integer DEFAULT 0 NOT NULL,
	"donation_type" text NOT NULL,
	"payment_method" text NOT NULL,
	"payment_status" text DEFAULT 'pending' NOT NULL,
	"stripe_payment_intent_id" text,
	"stripe_subscription_id" text,
	"stripe_invoice_id" text,
	"dedication_kind" text,
	"dedication_name" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"donated_at" timestamp with time zone,
	CONSTRAINT "donations_donation_type_check" CHECK ("donations"."donation_type" in ('onetime', 'subscription')),
	CONSTRAINT "donations_payment_method_check" CHECK ("donations"."payment_method" in ('stripe', 'ojc')),
	CONSTRAINT "donations_payment_status_check" CHECK ("donations"."payment_status" in ('pending', 'succeeded', 'failed', 'refunded', 'disputed')),
	CONSTRAINT "donations_amount_check" CHECK ("donations"."amount_cents" > 0),
	CONSTRAINT "donations_fee_check" CHECK ("donations"."fee_cents" >= 0 and "donations"."fee_cents" < "donations"."amount_cents" and "donations"."refunded_cents" >= 0),
	CONSTRAINT "donations_dedication_check" CHECK (("donations"."dedication_kind" is null) = ("donations"."dedication_name" is null))
);
--> statement-breakpoint
CREATE TABLE "processed_stripe_events" (
	"event_id" text PRIMARY KEY NOT NULL,
	"type" text NOT NULL,
	"processed_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "stripe_subscriptions" (
	"id" text PRIMARY KEY NOT NULL,
	"customer_id" text NOT NULL,
	"donor_name" text,
	"email" text,
	"amount_cents" integer NOT NULL,
	"currency" text DEFAULT 'usd' NOT NULL,
	"fee_cents" integer DEFAULT 0 NOT NULL,
	"dedication_kind" text,
	"dedication_name" text,
	"status" text NOT NULL,
	"cancel_at_period_end" boolean DEFAULT false NOT NULL,
	"canceled_at" timestamp with time zone,
	"status_event_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX "donations_stripe_payment_intent_id_key" ON "donations" USING btree ("stripe_payment_intent_id");--> statement-breakpoint
CREATE UNIQUE INDEX "donations_stripe_invoice_id_key" ON "donations" USING btree ("stripe_invoice_id");--> statement-breakpoint
CREATE INDEX "donations_stripe_subscription_id_idx" ON "donations" USING btree ("stripe_subscription_id");--> statement-breakpoint
CREATE INDEX "donations_created_at_idx" ON "donations" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "donations_email_idx" ON "donations" USING btree (lower("email"));--> statement-breakpoint
CREATE INDEX "donations_status_created_at_idx" ON "donations" USING btree ("payment_status","created_at");--> statement-breakpoint
CREATE INDEX "stripe_subscriptions_customer_id_idx" ON "stripe_subscriptions" USING btree ("customer_id");--> statement-breakpoint
CREATE INDEX "stripe_subscriptions_email_idx" ON "stripe_subscriptions" USING btree (lower("email"));