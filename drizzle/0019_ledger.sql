CREATE TABLE "receipt_numbering" (
	"id" boolean PRIMARY KEY DEFAULT true NOT NULL,
	"time_zone" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "receipt_sequences" (
	"year" integer PRIMARY KEY NOT NULL,
	"last_number" integer NOT NULL
);
--> statement-breakpoint
ALTER TABLE "donations" DROP CONSTRAINT "donations_payment_method_check";--> statement-breakpoint
ALTER TABLE "donations" ADD COLUMN "receipt_number" text;--> statement-breakpoint
ALTER TABLE "donations" ADD COLUMN "offline_method" text;--> statement-breakpoint
ALTER TABLE "donations" ADD COLUMN "offline_reference" text;--> statement-breakpoint
ALTER TABLE "donations" ADD COLUMN "postal_address" text;--> statement-breakpoint
ALTER TABLE "donations" ADD COLUMN "office_note" text;--> statement-breakpoint
ALTER TABLE "donations" ADD COLUMN "voided_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "donations" ADD COLUMN "void_reason" text;--> statement-breakpoint
CREATE UNIQUE INDEX "donations_receipt_number_key" ON "donations" USING btree ("receipt_number");--> statement-breakpoint
CREATE INDEX "donations_offline_reference_idx" ON "donations" USING btree ("offline_method","offline_reference");--> statement-breakpoint
ALTER TABLE "donations" ADD CONSTRAINT "donations_offline_method_check" CHECK (("donations"."payment_method" = 'offline') = ("donations"."offline_method" is not null) and ("donations"."offline_method" is null or "donations"."offline_method" in ('check', 'cash', 'bank-transfer', 'zelle', 'daf', 'ojc', 'donors-fund', 'matbia', 'other')));--> statement-breakpoint
ALTER TABLE "donations" ADD CONSTRAINT "donations_payment_method_check" CHECK ("donations"."payment_method" in ('stripe', 'ojc', 'offline'));--> statement-breakpoint
-- Receipt numbers (ADR 052): `2026-000123`, the calendar year in the site's time zone and the
-- gift's place in it. The year's row is locked by the upsert until the transaction ends, so two
-- instances recording at once take turns, and a transaction that rolls back takes its number back
-- with it: no gap, no number twice.
CREATE OR REPLACE FUNCTION next_receipt_number(received timestamptz) RETURNS text
LANGUAGE plpgsql AS $$
DECLARE
  y integer := extract(year FROM received AT TIME ZONE
    coalesce((SELECT time_zone FROM receipt_numbering WHERE id), 'UTC'))::integer;
  n integer;
BEGIN
  INSERT INTO receipt_sequences AS s (year, last_number) VALUES (y, 1)
  ON CONFLICT (year) DO UPDATE SET last_number = s.last_number + 1
  RETURNING s.last_number INTO n;
  RETURN y::text || '-' || lpad(n::text, greatest(6, length(n::text)), '0');
END $$;--> statement-breakpoint
-- Every path that marks a gift received (a webhook, the checkout's own check, an OJC charge, the
-- office recording a cheque) writes the row: the number is given here, in that transaction, and
-- never changes once given.
CREATE OR REPLACE FUNCTION donations_receipt_number() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'UPDATE' AND OLD.receipt_number IS NOT NULL THEN
    NEW.receipt_number := OLD.receipt_number;
  ELSIF NEW.receipt_number IS NULL AND NEW.donated_at IS NOT NULL
      AND NEW.payment_status IN ('succeeded', 'refunded', 'disputed') THEN
    NEW.receipt_number := next_receipt_number(NEW.donated_at);
  END IF;
  RETURN NEW;
END $$;--> statement-breakpoint
-- The site's zone when this migration was written (site.config.ts); the server writes its own at
-- every start, for the gifts after it.
INSERT INTO receipt_numbering (id, time_zone) VALUES (true, 'America/New_York')
ON CONFLICT (id) DO NOTHING;--> statement-breakpoint
-- The gifts received before this migration, numbered in the order they were received.
WITH received AS (
  SELECT id, donated_at,
    extract(year FROM donated_at AT TIME ZONE 'America/New_York')::integer AS y
  FROM donations
  WHERE receipt_number IS NULL AND donated_at IS NOT NULL
    AND payment_status IN ('succeeded', 'refunded', 'disputed')
), numbered AS (
  SELECT id, y, row_number() OVER (PARTITION BY y ORDER BY donated_at, id) AS n FROM received
)
UPDATE donations d
SET receipt_number = numbered.y::text || '-' || lpad(numbered.n::text, greatest(6, length(numbered.n::text)), '0')
FROM numbered WHERE d.id = numbered.id;--> statement-breakpoint
INSERT INTO receipt_sequences (year, last_number)
SELECT split_part(receipt_number, '-', 1)::integer, max(split_part(receipt_number, '-', 2)::integer)
FROM donations WHERE receipt_number IS NOT NULL GROUP BY 1
ON CONFLICT (year) DO UPDATE SET last_number = greatest(receipt_sequences.last_number, excluded.last_number);--> statement-breakpoint
CREATE TRIGGER donations_receipt_number BEFORE INSERT OR UPDATE ON donations
FOR EACH ROW EXECUTE FUNCTION donations_receipt_number();
