import { existsSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";

/*
 * The server runs from src/ (dev, tests) or from the bundle in dist/ (production), so
 * paths are found by walking up to the folder that holds the committed migrations.
 */
function findServerRoot(): string {
  let dir = path.dirname(fileURLToPath(import.meta.url));
  while (!existsSync(path.join(dir, "drizzle", "meta", "_journal.json"))) {
    const parent = path.dirname(dir);
    if (parent === dir) throw new Error("Cannot find apps/server (the folder holding drizzle/ migrations)");
    dir = parent;
  }
  return dir;
}

export const SERVER_ROOT = findServerRoot();
export const MIGRATIONS_DIR = path.join(SERVER_ROOT, "drizzle");
export const WEB_ROOT = path.resolve(SERVER_ROOT, "..", "web");
export const WEB_BUILD_DIR = path.join(WEB_ROOT, "build");
