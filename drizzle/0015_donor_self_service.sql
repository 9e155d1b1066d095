CREATE TABLE "erasure_requests" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"email" text NOT NULL,
	"status" text DEFAULT 'requested' NOT NULL,
	"requested_at" timestamp with time zone NOT NULL,
	"decided_at" timestamp with time zone,
	"decided_by" uuid,
	CONSTRAINT "erasure_requests_status_check" CHECK ("erasure_requests"."status" in ('requested', 'erased', 'declined'))
);
--> statement-breakpoint
CREATE TABLE "giving_links" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"email" text NOT NULL,
	"nonce_hash" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"used_at" timestamp with time zone,
	"created_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "statement_sends" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"email" text NOT NULL,
	"year" integer NOT NULL,
	"sends" integer DEFAULT 1 NOT NULL,
	"first_sent_at" timestamp with time zone NOT NULL,
	"last_sent_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "erasure_requests" ADD CONSTRAINT "erasure_requests_decided_by_admin_users_id_fk" FOREIGN KEY ("decided_by") REFERENCES "public"."admin_users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "erasure_requests_status_idx" ON "erasure_requests" USING btree ("status","requested_at");--> statement-breakpoint
CREATE UNIQUE INDEX "erasure_requests_open_email_key" ON "erasure_requests" USING btree ("email") WHERE "erasure_requests"."status" = 'requested';--> statement-breakpoint
CREATE UNIQUE INDEX "giving_links_nonce_hash_key" ON "giving_links" USING btree ("nonce_hash");--> statement-breakpoint
CREATE UNIQUE INDEX "statement_sends_email_year_key" ON "statement_sends" USING btree ("email","year");