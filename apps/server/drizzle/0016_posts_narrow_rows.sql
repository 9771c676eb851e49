-- Custom SQL migration file, put your code below! --
-- A post's body and its tsvector (about 1.5 KB each) are stored out of line (TOAST) as soon as a row
-- passes 512 bytes, not 2 KB: the table that lists, counts and search matches read stays a third of
-- the size and in the buffer cache (issue 16, decision 030). Rows are moved as they are next written.
ALTER TABLE "posts" SET (toast_tuple_target = 512);
