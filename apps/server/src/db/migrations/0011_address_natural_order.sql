-- Addresses sort as a reader expects: "Flat 2" before "Flat 10" (decision 101). The key is the lower-cased
-- address with each run of digits written as its length (two digits) and then the number without leading
-- zeros, so numbers compare by value and text by text.
CREATE FUNCTION address_sort_key(address text) RETURNS text LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE AS $$
  SELECT coalesce(string_agg(
    CASE WHEN m.part[1] ~ '^[0-9]'
      THEN lpad(length(ltrim(m.part[1], '0'))::text, 2, '0') || ltrim(m.part[1], '0')
      ELSE m.part[1] END,
    '' ORDER BY m.n), '')
  FROM regexp_matches(lower(address), '[0-9]+|[^0-9]+', 'g') WITH ORDINALITY AS m(part, n)
$$;--> statement-breakpoint
ALTER TABLE "properties" ADD COLUMN "address_key" text GENERATED ALWAYS AS (address_sort_key(address)) STORED NOT NULL;--> statement-breakpoint
CREATE INDEX "properties_site_address_order_idx" ON "properties" USING btree ("site_id","address_key","id");
