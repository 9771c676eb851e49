-- Custom SQL migration file, put your code below! --
-- Trigram operators for the ILIKE '%…%' title search index (trusted extension: the database owner may create it).
CREATE EXTENSION IF NOT EXISTS pg_trgm;
