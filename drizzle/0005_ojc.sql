CREATE TABLE "ojc_subscriptions" (
	"id" uuid PRIMARY KEY NOT NULL,
	"donor_name" text NOT NULL,
	"email" text NOT NULL,
	"phone" text,
	"amount_cents" integer NOT NULL,
	"fee_cents" integer DEFAULT 0 NOT NULL,
	"currency" text DEFAULT 'usd' NOT NULL,
	"dedication_kind" text,
	"dedication_name" text,
	"card_sealed" text,
	"card_last4" text NOT NULL,
	"card_expiry" text NOT NULL,
	"status" text DEFAULT 'active' NOT NULL,
	"started_at" timestamp with time zone NOT NULL,
	"periods_charged" integer DEFAULT 1 NOT NULL,
	"next_charge_at" timestamp with time zone,
	"canceled_at" timestamp with time zone,
	"failed_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "ojc_subscriptions_status_check" CHECK ("ojc_subscriptions"."status" in ('active', 'canceled', 'failed')),
	CONSTRAINT "ojc_subscriptions_amount_check" CHECK ("ojc_subscriptions"."amount_cents" > 0),
	CONSTRAINT "ojc_subscriptions_fee_check" CHECK ("ojc_subscriptions"."fee_cents" >= 0 and "ojc_subscriptions"."fee_cents" < "ojc_subscriptions"."amount_cents"),
	CONSTRAINT "ojc_subscriptions_card_check" CHECK ("ojc_subscriptions"."card_last4" ~ '^[0-9]{4}$'),
	CONSTRAINT "ojc_subscriptions_card_kept_check" CHECK ("ojc_subscriptions"."status" <> 'active' or "ojc_subscriptions"."card_sealed" is not null),
	CONSTRAINT "ojc_subscriptions_dedication_check" CHECK (("ojc_subscriptions"."dedication_kind" is null) = ("ojc_subscriptions"."dedication_name" is null))
);
--> statement-breakpoint
ALTER TABLE "donations" ADD COLUMN "phone" text;--> statement-breakpoint
ALTER TABLE "donations" ADD COLUMN "card_last4" text;--> statement-breakpoint
ALTER TABLE "donations" ADD COLUMN "ojc_reference" text;--> statement-breakpoint
ALTER TABLE "donations" ADD COLUMN "ojc_subscription_id" uuid;--> statement-breakpoint
ALTER TABLE "donations" ADD COLUMN "ojc_period" integer;--> statement-breakpoint
ALTER TABLE "donations" ADD COLUMN "ojc_idempotency_key" text;--> statement-breakpoint
ALTER TABLE "donations" ADD COLUMN "ojc_charging_since" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "donations" ADD COLUMN "ojc_declines" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
CREATE INDEX "ojc_subscriptions_email_idx" ON "ojc_subscriptions" USING btree (lower("email"));--> statement-breakpoint
CREATE UNIQUE INDEX "donations_ojc_idempotency_key_key" ON "donations" USING btree ("ojc_idempotency_key");--> statement-breakpoint
CREATE UNIQUE INDEX "donations_ojc_subscription_period_key" ON "donations" USING btree ("ojc_subscription_id","ojc_period");--> statement-breakpoint
CREATE INDEX "donations_ojc_reference_idx" ON "donations" USING btree ("ojc_reference");--> statement-breakpoint
ALTER TABLE "donations" ADD CONSTRAINT "donations_card_last4_check" CHECK ("donations"."card_last4" ~ '^[0-9]{4}$');