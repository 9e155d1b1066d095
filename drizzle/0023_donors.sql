CREATE TABLE "donors" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"email" text,
	"name" text,
	"postal_address" text,
	"merged_into" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "donors" ADD CONSTRAINT "donors_merged_into_donors_id_fk" FOREIGN KEY ("merged_into") REFERENCES "public"."donors"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "donors_email_key" ON "donors" USING btree (lower("email"));--> statement-breakpoint
ALTER TABLE "donations" ADD COLUMN "donor_id" uuid;--> statement-breakpoint
ALTER TABLE "donations" ADD CONSTRAINT "donations_donor_id_donors_id_fk" FOREIGN KEY ("donor_id") REFERENCES "public"."donors"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "donations_donor_id_idx" ON "donations" USING btree ("donor_id");--> statement-breakpoint
-- The record of an address, made the first time it gives (ADR 053); a merged record's address
-- answers with the record it was merged into. Two instances giving the same new address at once
-- meet on the unique index: the second waits for the first and takes its record.
CREATE OR REPLACE FUNCTION donor_for_email(address text, who text, postal text) RETURNS uuid
LANGUAGE plpgsql AS $$
DECLARE
  found uuid;
BEGIN
  SELECT coalesce(merged_into, id) INTO found FROM donors WHERE lower(email) = lower(address);
  IF found IS NULL THEN
    INSERT INTO donors AS d (email, name, postal_address) VALUES (lower(address), who, postal)
    ON CONFLICT ((lower(email))) DO UPDATE SET email = d.email
    RETURNING coalesce(d.merged_into, d.id) INTO found;
  END IF;
  RETURN found;
END $$;--> statement-breakpoint
-- Every path that writes a gift (a checkout, a webhook, an OJC charge or renewal, the office's
-- ledger) gets its donor here: by the email when it has one (again when the email changes, as
-- an erasure does); without one, the record the office chose (the kept one if it was merged),
-- or a new record for the name.
CREATE OR REPLACE FUNCTION donations_donor() RETURNS trigger
LANGUAGE plpgsql AS $$
DECLARE
  chosen uuid;
BEGIN
  IF NEW.email IS NOT NULL THEN
    IF TG_OP = 'INSERT' OR NEW.donor_id IS NULL OR OLD.email IS NULL
        OR lower(OLD.email) <> lower(NEW.email) THEN
      NEW.donor_id := donor_for_email(NEW.email, NEW.donor_name, NEW.postal_address);
    END IF;
  ELSIF TG_OP = 'INSERT' THEN
    IF NEW.donor_id IS NOT NULL THEN
      SELECT coalesce(merged_into, id) INTO chosen FROM donors WHERE id = NEW.donor_id;
      NEW.donor_id := chosen;
    ELSIF NEW.donor_name IS NOT NULL THEN
      INSERT INTO donors (name, postal_address) VALUES (NEW.donor_name, NEW.postal_address)
      RETURNING id INTO chosen;
      NEW.donor_id := chosen;
    END IF;
  END IF;
  RETURN NEW;
END $$;--> statement-breakpoint
-- The gifts before this migration: one record per lower-cased email, named by its latest gift;
-- without email, one per exact name and address.
INSERT INTO donors (email, name, postal_address, created_at)
SELECT lower(email),
  (array_agg(donor_name ORDER BY created_at DESC) FILTER (WHERE donor_name IS NOT NULL))[1],
  (array_agg(postal_address ORDER BY created_at DESC) FILTER (WHERE postal_address IS NOT NULL))[1],
  min(created_at)
FROM donations WHERE email IS NOT NULL GROUP BY lower(email);--> statement-breakpoint
UPDATE donations d SET donor_id = r.id FROM donors r
WHERE d.email IS NOT NULL AND lower(r.email) = lower(d.email);--> statement-breakpoint
WITH nameless AS (
  SELECT gen_random_uuid() AS id, donor_name, postal_address, min(created_at) AS created_at
  FROM donations WHERE email IS NULL AND donor_name IS NOT NULL
  GROUP BY donor_name, postal_address
), made AS (
  INSERT INTO donors (id, name, postal_address, created_at)
  SELECT id, donor_name, postal_address, created_at FROM nameless
  RETURNING id, name, postal_address
)
UPDATE donations d SET donor_id = made.id FROM made
WHERE d.email IS NULL AND d.donor_name = made.name
  AND d.postal_address IS NOT DISTINCT FROM made.postal_address;--> statement-breakpoint
CREATE TRIGGER donations_donor BEFORE INSERT OR UPDATE ON donations
FOR EACH ROW EXECUTE FUNCTION donations_donor();
