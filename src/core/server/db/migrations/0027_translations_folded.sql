-- Each language's texts folded as search compares them (keys and values in
-- their JSON form), kept by the database on every write: the search's
-- interface-text group tests a term against this first and expands the
-- entries (about 1,200 a language) only for a language holding it. Folding
-- them at query time costs 50 ms; expanding them, 4 ms; this, a fraction
-- of one. Not in the declaration: no read or write of the table names it.
ALTER TABLE "translations" ADD COLUMN IF NOT EXISTS "entries_folded" text
  GENERATED ALWAYS AS (search_fold("entries"::text)) STORED;
