ALTER TABLE "donations" ADD COLUMN "leader_told_team_ids" uuid[] DEFAULT '{}' NOT NULL;
--> statement-breakpoint
ALTER TABLE "campaign_teams" ADD COLUMN "leader_welcomed_at" timestamp with time zone;
--> statement-breakpoint
-- Before this migration a gift's note was queued on every settling of it while its money was in:
-- each gift through a team whose money came in has had its team's leader told.
UPDATE "donations" SET "leader_told_team_ids" = ARRAY["team_id"]
WHERE "team_id" IS NOT NULL AND "payment_status" IN ('succeeded', 'refunded', 'disputed');
--> statement-breakpoint
-- Likewise every approved team of a published campaign has had its leader welcomed.
UPDATE "campaign_teams" SET "leader_welcomed_at" = "campaign_teams"."updated_at"
FROM "campaigns"
WHERE "campaigns"."id" = "campaign_teams"."campaign_id" AND "campaigns"."status" = 'published'
  AND "campaign_teams"."status" = 'approved';
