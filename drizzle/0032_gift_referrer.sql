ALTER TABLE "donations" ADD COLUMN "utm_source" text;
--> statement-breakpoint
ALTER TABLE "donations" ADD COLUMN "utm_medium" text;
--> statement-breakpoint
ALTER TABLE "donations" ADD COLUMN "utm_campaign" text;
--> statement-breakpoint
ALTER TABLE "donations" ADD COLUMN "utm_content" text;
--> statement-breakpoint
ALTER TABLE "donations" ADD CONSTRAINT "donations_utm_check" CHECK (coalesce(length("donations"."utm_source"), 0) <= 100 and coalesce(length("donations"."utm_medium"), 0) <= 100 and coalesce(length("donations"."utm_campaign"), 0) <= 100 and coalesce(length("donations"."utm_content"), 0) <= 100);
