-- Search compares folded text: lower case, each accented letter as its plain
-- one (src/core/shared/search-fold.ts holds the same two strings; a unit test
-- keeps them equal). IMMUTABLE, so indexes can be built on it.
CREATE OR REPLACE FUNCTION search_fold(text) RETURNS text
  LANGUAGE sql IMMUTABLE PARALLEL SAFE
  AS $$ SELECT translate(lower($1), 'àáâãäåāăąçćčďèéêëēėęěìíîïīįıñńňòóôõöøōőùúûüūůűųýÿžźżśšşłάέήίόύώϊϋΐΰς', 'aaaaaaaaacccdeeeeeeeeiiiiiiinnnoooooooouuuuuuuuyyzzzssslαεηιουωιυιυσ') $$;
