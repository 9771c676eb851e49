import { closeSync, mkdirSync, openSync, readFileSync, rmSync, writeSync } from "node:fs";
import path from "node:path";

/*
 * PGlite has no multi-process lock and two processes on one data directory corrupt it.
 * We hold an exclusive lock file with our PID; a lock whose process is gone is stale
 * (the holder was killed) and is taken over.
 */
export class DataDirLockedError extends Error {}

export interface DataDirLock {
  release(): void;
}

function processIsAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === "EPERM";
  }
}

export function lockDataDir(dataDir: string): DataDirLock {
  mkdirSync(dataDir, { recursive: true });
  const lockPath = path.join(dataDir, "broadsheet.lock");
  for (let attempt = 0; attempt < 3; attempt++) {
    try {
      const fd = openSync(lockPath, "wx");
      writeSync(fd, String(process.pid));
      closeSync(fd);
      return {
        release() {
          try {
            if (readFileSync(lockPath, "utf8") === String(process.pid)) rmSync(lockPath);
          } catch {
            // Already gone: nothing to release.
          }
        },
      };
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== "EEXIST") throw error;
      const holder = Number.parseInt(readFileSync(lockPath, "utf8"), 10);
      // Our own PID counts as held: one process keeps a single PGlite instance per directory.
      if (Number.isInteger(holder) && processIsAlive(holder)) {
        throw new DataDirLockedError(
          `The data directory ${dataDir} is in use by another Broadsheet process (pid ${holder}). ` +
            "Stop it first, or set DATABASE_URL to use a PostgreSQL server that several processes can share.",
        );
      }
      rmSync(lockPath, { force: true });
    }
  }
  throw new DataDirLockedError(`Could not lock the data directory ${dataDir}`);
}
