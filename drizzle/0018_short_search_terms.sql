-- The donor search for a term without three letters or digits in a row ("כץ", "zq", "50%"),
-- which the trigram indexes of 0014 cannot narrow (docs/decisions/030-admin-search-trigram-indexes.md).
-- Every letter and every pair of letters of the lowered name and email (the newline between them
-- in no pair): a row whose name or email contains the term, in any case, has all of the term's
-- pairs (or its one letter) among them, so `grams @> keys` narrows the rows and ILIKE decides.
CREATE OR REPLACE FUNCTION donor_search_grams(name text, email text) RETURNS text[]
LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT coalesce(array_agg(DISTINCT gram), '{}')
  FROM (SELECT lower(coalesce(name, '') || E'\n' || coalesce(email, '')) AS whole) AS lowered,
    generate_series(1, 2) AS size,
    generate_series(1, length(whole) - size + 1) AS start,
    substr(whole, start, size) AS gram
  WHERE strpos(gram, E'\n') = 0
$$;--> statement-breakpoint
-- What a term looks up: its pairs of letters, lowered (its one letter when it has one).
CREATE OR REPLACE FUNCTION donor_search_keys(term text) RETURNS text[]
LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT coalesce(array_agg(DISTINCT substr(lowered, start, least(length(lowered), 2))), '{}')
  FROM (SELECT lower(term) AS lowered) AS t,
    generate_series(1, greatest(length(lowered) - 1, 1)) AS start
$$;--> statement-breakpoint
-- IF NOT EXISTS: on a large table an operator may build it first, CONCURRENTLY (ADR 030).
CREATE INDEX IF NOT EXISTS "donations_search_grams_idx" ON "donations" USING gin (donor_search_grams("donor_name", "email"));--> statement-breakpoint
-- The planner's statistics of the new expression, so a rare term is looked up at once.
ANALYZE "donations";
