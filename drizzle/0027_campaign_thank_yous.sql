CREATE TABLE "campaign_thank_yous" (
	"campaign_id" uuid NOT NULL,
	"email" text NOT NULL,
	"queued_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "campaign_thank_yous_pkey" PRIMARY KEY("campaign_id","email")
);
--> statement-breakpoint
ALTER TABLE "campaign_thank_yous" ADD CONSTRAINT "campaign_thank_yous_campaign_id_campaigns_id_fk" FOREIGN KEY ("campaign_id") REFERENCES "public"."campaigns"("id") ON DELETE cascade ON UPDATE no action;
