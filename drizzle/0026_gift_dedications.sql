ALTER TABLE "donations" ADD COLUMN "dedication_hebrew_name" text;
--> statement-breakpoint
ALTER TABLE "donations" ADD COLUMN "dedication_relation" text;
--> statement-breakpoint
ALTER TABLE "donations" ADD COLUMN "dedication_mother_hebrew_name" text;
--> statement-breakpoint
ALTER TABLE "stripe_subscriptions" ADD COLUMN "dedication_hebrew_name" text;
--> statement-breakpoint
ALTER TABLE "stripe_subscriptions" ADD COLUMN "dedication_relation" text;
--> statement-breakpoint
ALTER TABLE "stripe_subscriptions" ADD COLUMN "dedication_mother_hebrew_name" text;
--> statement-breakpoint
ALTER TABLE "ojc_subscriptions" ADD COLUMN "dedication_hebrew_name" text;
--> statement-breakpoint
ALTER TABLE "ojc_subscriptions" ADD COLUMN "dedication_relation" text;
--> statement-breakpoint
ALTER TABLE "ojc_subscriptions" ADD COLUMN "dedication_mother_hebrew_name" text;
--> statement-breakpoint
ALTER TABLE "donations" DROP CONSTRAINT "donations_dedication_check";
--> statement-breakpoint
ALTER TABLE "donations" ADD CONSTRAINT "donations_dedication_check" CHECK (("donations"."dedication_kind" is null) = ("donations"."dedication_name" is null) and ("donations"."dedication_kind" is null or "donations"."dedication_kind" in ('honor', 'memory', 'ilui', 'refuah')) and ("donations"."dedication_hebrew_name" is null) = ("donations"."dedication_relation" is null) and ("donations"."dedication_hebrew_name" is null) = ("donations"."dedication_mother_hebrew_name" is null) and ("donations"."dedication_hebrew_name" is null or "donations"."dedication_kind" is not null) and ("donations"."dedication_relation" is null or "donations"."dedication_relation" in ('ben', 'bat')));
--> statement-breakpoint
ALTER TABLE "stripe_subscriptions" ADD CONSTRAINT "stripe_subscriptions_dedication_check" CHECK (("stripe_subscriptions"."dedication_kind" is null) = ("stripe_subscriptions"."dedication_name" is null) and ("stripe_subscriptions"."dedication_kind" is null or "stripe_subscriptions"."dedication_kind" in ('honor', 'memory', 'ilui', 'refuah')) and ("stripe_subscriptions"."dedication_hebrew_name" is null) = ("stripe_subscriptions"."dedication_relation" is null) and ("stripe_subscriptions"."dedication_hebrew_name" is null) = ("stripe_subscriptions"."dedication_mother_hebrew_name" is null) and ("stripe_subscriptions"."dedication_hebrew_name" is null or "stripe_subscriptions"."dedication_kind" is not null) and ("stripe_subscriptions"."dedication_relation" is null or "stripe_subscriptions"."dedication_relation" in ('ben', 'bat')));
--> statement-breakpoint
ALTER TABLE "ojc_subscriptions" DROP CONSTRAINT "ojc_subscriptions_dedication_check";
--> statement-breakpoint
ALTER TABLE "ojc_subscriptions" ADD CONSTRAINT "ojc_subscriptions_dedication_check" CHECK (("ojc_subscriptions"."dedication_kind" is null) = ("ojc_subscriptions"."dedication_name" is null) and ("ojc_subscriptions"."dedication_kind" is null or "ojc_subscriptions"."dedication_kind" in ('honor', 'memory', 'ilui', 'refuah')) and ("ojc_subscriptions"."dedication_hebrew_name" is null) = ("ojc_subscriptions"."dedication_relation" is null) and ("ojc_subscriptions"."dedication_hebrew_name" is null) = ("ojc_subscriptions"."dedication_mother_hebrew_name" is null) and ("ojc_subscriptions"."dedication_hebrew_name" is null or "ojc_subscriptions"."dedication_kind" is not null) and ("ojc_subscriptions"."dedication_relation" is null or "ojc_subscriptions"."dedication_relation" in ('ben', 'bat')));
