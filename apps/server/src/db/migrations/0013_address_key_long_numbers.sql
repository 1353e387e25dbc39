-- A run of digits is keyed by its length in three digits (it was two): an address has at most 300
-- characters, so every number in one compares by value. The stored keys are then recomputed.
CREATE OR REPLACE FUNCTION address_sort_key(address text) RETURNS text LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE AS $$
  SELECT coalesce(string_agg(
    CASE WHEN m.part[1] ~ '^[0-9]'
      THEN lpad(length(ltrim(m.part[1], '0'))::text, 3, '0') || ltrim(m.part[1], '0')
      ELSE m.part[1] END,
    '' ORDER BY m.n), '')
  FROM regexp_matches(lower(address), '[0-9]+|[^0-9]+', 'g') WITH ORDINALITY AS m(part, n)
$$;--> statement-breakpoint
UPDATE "properties" SET "address" = "address";
