CREATE TABLE "campaign_teams" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"campaign_id" uuid NOT NULL,
	"slug" text NOT NULL,
	"name" text NOT NULL,
	"leader_name" text NOT NULL,
	"leader_email" text NOT NULL,
	"goal_cents" integer,
	"photo_key" text,
	"group_name" text,
	"status" text DEFAULT 'requested' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "campaign_teams_status_check" CHECK ("campaign_teams"."status" in ('requested', 'approved', 'declined')),
	CONSTRAINT "campaign_teams_goal_check" CHECK ("campaign_teams"."goal_cents" is null or "campaign_teams"."goal_cents" > 0)
);
--> statement-breakpoint
ALTER TABLE "campaign_teams" ADD CONSTRAINT "campaign_teams_campaign_id_campaigns_id_fk" FOREIGN KEY ("campaign_id") REFERENCES "public"."campaigns"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "campaign_teams_slug_key" ON "campaign_teams" USING btree ("campaign_id","slug");--> statement-breakpoint
CREATE UNIQUE INDEX "campaign_teams_id_campaign_key" ON "campaign_teams" USING btree ("id","campaign_id");--> statement-breakpoint
ALTER TABLE "donations" ADD COLUMN "team_id" uuid;--> statement-breakpoint
ALTER TABLE "donations" ADD CONSTRAINT "donations_team_campaign_fk" FOREIGN KEY ("team_id","campaign_id") REFERENCES "public"."campaign_teams"("id","campaign_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "donations_team_idx" ON "donations" USING btree ("team_id") WHERE "donations"."team_id" is not null;
