-- Tags (text[]) searched as one string with a trigram index: index
-- expressions need an IMMUTABLE function, which array_to_string is not.
CREATE OR REPLACE FUNCTION tags_text(text[]) RETURNS text
  LANGUAGE sql IMMUTABLE PARALLEL SAFE
  AS $$ SELECT coalesce(array_to_string($1, ' '), '') $$;
