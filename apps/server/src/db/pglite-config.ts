import { PGlite } from "@electric-sql/pglite";
import { pg_trgm } from "@electric-sql/pglite/contrib/pg_trgm";

/*
 * PostgreSQL's default 128 MB of shared buffers all become resident in PGlite's WebAssembly
 * memory at start-up, and stay so. 8 MB holds the hot pages of a magazine (decision 027); the
 * rest is read from the OS page cache, and the app's read caches keep repeated reads off the
 * database anyway.
 */
export const PGLITE_START_PARAMS = [...PGlite.defaultStartParams, "-c", "shared_buffers=8MB"];

/** Extensions the migrations create; PGlite can only create those loaded when it starts. */
export const PGLITE_EXTENSIONS = { pg_trgm };
