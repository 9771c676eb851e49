import { spawnSync } from "node:child_process";
import { existsSync, mkdtempSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { defineConfig } from "@playwright/test";

/*
 * Browser tests drive Debian's Chromium (never a downloaded browser) against the
 * production build on a fresh embedded database. Two projects:
 * - "direct": every spec against the server itself, over http;
 * - "https-proxy": e2e/behind-proxy.spec.ts through Debian's nginx running the guide's
 *   deploy/nginx/broadsheet.conf (scripts/e2e-proxy.mjs) with a self-signed certificate,
 *   in front of a second production server set up as docs/deploy.md says.
 */
const CHROMIUM = process.env.CHROMIUM_PATH ?? "/usr/bin/chromium";
if (!existsSync(CHROMIUM)) {
  throw new Error(`Chromium not found at ${CHROMIUM}. Install it with: apt-get update && apt-get install -y chromium`);
}

const PORT = Number(process.env.E2E_PORT ?? 3100);
// Workers load this file again: they reuse the runner's folder (specs read mail from its outbox).
const dataDir = process.env.E2E_DATA_DIR ?? path.join(mkdtempSync(path.join(os.tmpdir(), "broadsheet-e2e-")), "data");
process.env.E2E_DATA_DIR = dataDir;

// The server behind nginx, and nginx's two local ports.
const PROXY_PORT = Number(process.env.E2E_PROXY_PORT ?? 3101);
const HTTPS_PORT = Number(process.env.E2E_PROXY_HTTPS_PORT ?? 8443);
const HTTP_PORT = Number(process.env.E2E_PROXY_HTTP_PORT ?? 8080);
const PROXY_URL = `https://localhost:${HTTPS_PORT}`;
const proxyDataDir =
  process.env.E2E_PROXY_DATA_DIR ?? path.join(mkdtempSync(path.join(os.tmpdir(), "broadsheet-e2e-proxy-")), "data");
process.env.E2E_PROXY_DATA_DIR = proxyDataDir;
process.env.E2E_PROXY_HTTP_PORT = String(HTTP_PORT);

// nginx lives in /usr/sbin, which is not on every user's PATH.
const NGINX = process.env.NGINX_PATH ?? (existsSync("/usr/sbin/nginx") ? "/usr/sbin/nginx" : "nginx");
const hasProxyTools = spawnSync(NGINX, ["-v"]).status === 0 && spawnSync("openssl", ["version"]).status === 0;
if (!hasProxyTools) {
  const message = "nginx or openssl is missing: install them with: apt-get update && apt-get install -y nginx openssl";
  if (process.env.CI) throw new Error(message);
  console.warn(`\n*** ${message}. The https-proxy project is SKIPPED. ***\n`);
}

// An admin for specs that create content (the CLI exits before the server takes the data-dir lock).
const WITH_ADMIN =
  'node apps/server/dist/cli/user-create.js --email e2e-admin@example.com --name "E2E Admin" --role admin --password e2e-admin-pass && node apps/server/dist/main.js';

export default defineConfig({
  testDir: "e2e",
  fullyParallel: false,
  // A test.only left in a spec fails CI instead of quietly skipping every other test.
  forbidOnly: !!process.env.CI,
  workers: 1,
  retries: 0,
  timeout: 30_000,
  reporter: process.env.CI ? "list" : "line",
  use: {
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
  projects: [
    {
      name: "direct",
      testIgnore: "behind-proxy.spec.ts",
      use: { baseURL: `http://127.0.0.1:${PORT}` },
    },
    ...(hasProxyTools
      ? [
          {
            name: "https-proxy",
            testMatch: "behind-proxy.spec.ts",
            use: { baseURL: PROXY_URL, ignoreHTTPSErrors: true },
          },
        ]
      : []),
  ],
  webServer: [
    {
      command: WITH_ADMIN,
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
    ...(hasProxyTools
      ? [
          {
            // Configured as docs/deploy.md says for a server behind a proxy.
            name: "behind-nginx",
            command: WITH_ADMIN,
            url: `http://127.0.0.1:${PROXY_PORT}/api/health`,
            reuseExistingServer: false,
            timeout: 60_000,
            env: {
              PORT: String(PROXY_PORT),
              HOST: "127.0.0.1",
              DATA_DIR: proxyDataDir,
              LOG_LEVEL: "warn",
              PUBLIC_URL: PROXY_URL,
              TRUST_PROXY: "1",
              SEED_DEMO: "false",
            },
          },
          {
            name: "nginx",
            command: "node scripts/e2e-proxy.mjs",
            url: `${PROXY_URL}/api/health`,
            ignoreHTTPSErrors: true,
            reuseExistingServer: false,
            timeout: 30_000,
            // The script removes its certificate and configuration when nginx stops.
            gracefulShutdown: { signal: "SIGTERM" as const, timeout: 5_000 },
            env: {
              NGINX_PATH: NGINX,
              E2E_PROXY_PORT: String(PROXY_PORT),
              E2E_PROXY_HTTPS_PORT: String(HTTPS_PORT),
              E2E_PROXY_HTTP_PORT: String(HTTP_PORT),
            },
          },
        ]
      : []),
  ],
});
