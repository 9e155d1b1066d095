CREATE TABLE "campaigns" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"slug" text NOT NULL,
	"title" text NOT NULL,
	"story" text DEFAULT '' NOT NULL,
	"photo_key" text,
	"goal_cents" integer NOT NULL,
	"bonus_goals_cents" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"starts_at" timestamp with time zone NOT NULL,
	"ends_at" timestamp with time zone NOT NULL,
	"open_until" timestamp with time zone,
	"recurring_months" integer DEFAULT 12 NOT NULL,
	"pause_for_shabbat" boolean DEFAULT true NOT NULL,
	"fund" text,
	"offline_gifts_matched" boolean DEFAULT false NOT NULL,
	"status" text DEFAULT 'draft' NOT NULL,
	"version" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "campaigns_status_check" CHECK ("campaigns"."status" in ('draft', 'published')),
	CONSTRAINT "campaigns_goal_check" CHECK ("campaigns"."goal_cents" > 0),
	CONSTRAINT "campaigns_dates_check" CHECK ("campaigns"."ends_at" > "campaigns"."starts_at"),
	CONSTRAINT "campaigns_open_until_check" CHECK ("campaigns"."open_until" is null or "campaigns"."open_until" > "campaigns"."ends_at"),
	CONSTRAINT "campaigns_recurring_months_check" CHECK ("campaigns"."recurring_months" between 1 and 60)
);
--> statement-breakpoint
CREATE UNIQUE INDEX "campaigns_slug_key" ON "campaigns" USING btree ("slug");--> statement-breakpoint
CREATE TABLE "campaign_matchers" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"campaign_id" uuid NOT NULL,
	"position" integer NOT NULL,
	"name" text NOT NULL,
	"ratio_hundredths" integer NOT NULL,
	"cap_cents" integer NOT NULL,
	CONSTRAINT "campaign_matchers_ratio_check" CHECK ("campaign_matchers"."ratio_hundredths" > 0),
	CONSTRAINT "campaign_matchers_cap_check" CHECK ("campaign_matchers"."cap_cents" > 0)
);
--> statement-breakpoint
ALTER TABLE "campaign_matchers" ADD CONSTRAINT "campaign_matchers_campaign_id_campaigns_id_fk" FOREIGN KEY ("campaign_id") REFERENCES "public"."campaigns"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "campaign_matchers_position_key" ON "campaign_matchers" USING btree ("campaign_id","position");--> statement-breakpoint
ALTER TABLE "donations" ADD COLUMN "campaign_id" uuid;--> statement-breakpoint
ALTER TABLE "donations" ADD COLUMN "wall_display" text;--> statement-breakpoint
ALTER TABLE "donations" ADD CONSTRAINT "donations_campaign_id_campaigns_id_fk" FOREIGN KEY ("campaign_id") REFERENCES "public"."campaigns"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "donations" ADD CONSTRAINT "donations_wall_display_check" CHECK ("donations"."wall_display" is null or "donations"."wall_display" in ('full', 'name', 'initials', 'anonymous', 'hidden'));--> statement-breakpoint
CREATE INDEX "donations_campaign_idx" ON "donations" USING btree ("campaign_id","created_at");--> statement-breakpoint
CREATE TABLE "campaign_matches" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"donation_id" uuid NOT NULL,
	"matcher_id" uuid NOT NULL,
	"gift_cents" integer NOT NULL,
	"cents" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"released_at" timestamp with time zone,
	"release_reason" text,
	CONSTRAINT "campaign_matches_cents_check" CHECK ("campaign_matches"."cents" > 0 and "campaign_matches"."gift_cents" > 0),
	CONSTRAINT "campaign_matches_release_check" CHECK (("campaign_matches"."released_at" is null) = ("campaign_matches"."release_reason" is null) and ("campaign_matches"."release_reason" is null or "campaign_matches"."release_reason" in ('refunded', 'disputed', 'cancelled', 'failed', 'voided')))
);
--> statement-breakpoint
ALTER TABLE "campaign_matches" ADD CONSTRAINT "campaign_matches_donation_id_donations_id_fk" FOREIGN KEY ("donation_id") REFERENCES "public"."donations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "campaign_matches" ADD CONSTRAINT "campaign_matches_matcher_id_campaign_matchers_id_fk" FOREIGN KEY ("matcher_id") REFERENCES "public"."campaign_matchers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "campaign_matches_donation_idx" ON "campaign_matches" USING btree ("donation_id");--> statement-breakpoint
CREATE INDEX "campaign_matches_matcher_idx" ON "campaign_matches" USING btree ("matcher_id");
