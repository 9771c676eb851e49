import { existsSync, mkdtempSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { defineConfig } from "@playwright/test";

/*
 * Browser tests drive Debian's Chromium (never a downloaded browser) against the
 * production build on a fresh embedded database.
 */
const CHROMIUM = process.env.CHROMIUM_PATH ?? "/usr/bin/chromium";
if (!existsSync(CHROMIUM)) {
  throw new Error(`Chromium not found at ${CHROMIUM}. Install it with: apt-get update && apt-get install -y chromium`);
}

const PORT = Number(process.env.E2E_PORT ?? 3100);
// Workers load this file again: they reuse the runner's folder (specs read mail from its outbox).
const dataDir = process.env.E2E_DATA_DIR ?? path.join(mkdtempSync(path.join(os.tmpdir(), "broadsheet-e2e-")), "data");
process.env.E2E_DATA_DIR = dataDir;

export default defineConfig({
  testDir: "e2e",
  fullyParallel: false,
  workers: 1,
  retries: 0,
  timeout: 30_000,
  reporter: process.env.CI ? "list" : "line",
  use: {
    baseURL: `http://127.0.0.1:${PORT}`,
    trace: "retain-on-failure",
    launchOptions: {
      executablePath: CHROMIUM,
      args: [
        "--no-sandbox",
        "--disable-gpu",
        "--disable-dev-shm-usage",
        "--disable-background-networking",
        "--disable-component-update",
        "--no-first-run",
        "--disable-sync",
      ],
    },
  },
  webServer: {
    // An admin for specs that create content (the CLI exits before the server takes the data-dir lock).
    command:
      'node apps/server/dist/cli/user-create.js --email e2e-admin@example.com --name "E2E Admin" --role admin --password e2e-admin-pass && node apps/server/dist/main.js',
    url: `http://127.0.0.1:${PORT}/api/health`,
    reuseExistingServer: false,
    timeout: 60_000,
    env: {
      PORT: String(PORT),
      HOST: "127.0.0.1",
      DATA_DIR: dataDir,
      LOG_LEVEL: "warn",
      PUBLIC_URL: `http://127.0.0.1:${PORT}`,
    },
  },
});
