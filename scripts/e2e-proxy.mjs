#!/usr/bin/env node
/*
 * nginx in front of the browser suite's second production server (playwright.config.ts,
 * project "https-proxy"). It runs deploy/nginx/broadsheet.conf, the very file docs/deploy.md
 * tells a reader to install, with only the edits a reader makes: the server name, the
 * certificate paths (a self-signed certificate for localhost made here), the upstream's
 * port and the listen addresses. An edit that no longer matches fails the run, so a change
 * to the guide's file cannot quietly stop being tested.
 *
 *   node scripts/e2e-proxy.mjs            run nginx in the foreground until SIGTERM / SIGINT
 *   node scripts/e2e-proxy.mjs --check    write the configuration, run `nginx -t`, print it, exit
 *
 * Ports: E2E_PROXY_PORT (upstream, 3101), E2E_PROXY_HTTPS_PORT (8443), E2E_PROXY_HTTP_PORT (8080).
 */
import { execFileSync, spawn } from "node:child_process";
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const SITE_CONFIG = path.join(ROOT, "deploy/nginx/broadsheet.conf");
const NGINX = process.env.NGINX_PATH ?? (existsSync("/usr/sbin/nginx") ? "/usr/sbin/nginx" : "nginx");

const upstreamPort = Number(process.env.E2E_PROXY_PORT ?? 3101);
const httpsPort = Number(process.env.E2E_PROXY_HTTPS_PORT ?? 8443);
const httpPort = Number(process.env.E2E_PROXY_HTTP_PORT ?? 8080);
const checkOnly = process.argv.includes("--check");

/**
 * The guide's site file with a reader's edits. Each edit names how often it must match;
 * any other count throws, naming the edit.
 */
function adaptSiteConfig(text, { certificate, key }) {
  const edits = [
    {
      what: "server_name news.example.com → localhost (both server blocks)",
      pattern: /^(\s*server_name\s+)news\.example\.com;/gm,
      replacement: "$1localhost;",
      count: 2,
    },
    {
      what: "ssl_certificate → the self-signed certificate",
      pattern: /^(\s*ssl_certificate\s+)\/etc\/letsencrypt\/live\/news\.example\.com\/fullchain\.pem;/gm,
      replacement: `$1${certificate};`,
      count: 1,
    },
    {
      what: "ssl_certificate_key → its key",
      pattern: /^(\s*ssl_certificate_key\s+)\/etc\/letsencrypt\/live\/news\.example\.com\/privkey\.pem;/gm,
      replacement: `$1${key};`,
      count: 1,
    },
    {
      what: `upstream server 127.0.0.1:3000 → 127.0.0.1:${upstreamPort}`,
      pattern: /^(\s*server\s+)127\.0\.0\.1:3000(\b[^;]*;)/gm,
      replacement: `$1127.0.0.1:${upstreamPort}$2`,
      count: 1,
    },
    {
      what: `listen 443 → 127.0.0.1:${httpsPort}`,
      pattern: /^(\s*listen\s+)443(\s[^;]*;)/gm,
      replacement: `$1127.0.0.1:${httpsPort}$2`,
      count: 1,
    },
    {
      what: `listen 80 → 127.0.0.1:${httpPort}`,
      pattern: /^(\s*listen\s+)80;/gm,
      replacement: `$1127.0.0.1:${httpPort};`,
      count: 1,
    },
    {
      // A test machine may have no IPv6, and the test listens on loopback only.
      what: "the IPv6 listen lines are dropped",
      pattern: /^\s*listen\s+\[::\]:(80|443)\b[^;]*;\n/gm,
      replacement: "",
      count: 2,
    },
    {
      what: `the redirect to https keeps the test's port ${httpsPort}`,
      pattern: /return 301 https:\/\/\$host\$request_uri;/g,
      replacement: `return 301 https://$host:${httpsPort}$request_uri;`,
      count: 1,
    },
  ];
  let adapted = text;
  for (const edit of edits) {
    const found = adapted.match(edit.pattern)?.length ?? 0;
    if (found !== edit.count) {
      throw new Error(
        `deploy/nginx/broadsheet.conf changed: the edit "${edit.what}" matched ${found} time(s), expected ${edit.count}. ` +
          "Update scripts/e2e-proxy.mjs together with the guide.",
      );
    }
    adapted = adapted.replace(edit.pattern, edit.replacement);
  }
  return adapted;
}

/** The smallest main configuration around the site file: everything in `dir`, nothing in /etc or /var. */
function mainConfig(dir) {
  const temp = (name) => path.join(dir, "temp", name);
  return [
    "daemon off;",
    // As root, nginx's workers would switch to an unprivileged user that cannot enter `dir`.
    ...(process.getuid?.() === 0 ? ["user root;"] : []),
    "worker_processes 1;",
    `pid ${path.join(dir, "nginx.pid")};`,
    "error_log stderr error;",
    "events {",
    "    worker_connections 256;",
    "}",
    "http {",
    "    access_log off;",
    `    client_body_temp_path ${temp("client_body")};`,
    `    proxy_temp_path ${temp("proxy")};`,
    `    fastcgi_temp_path ${temp("fastcgi")};`,
    `    uwsgi_temp_path ${temp("uwsgi")};`,
    `    scgi_temp_path ${temp("scgi")};`,
    `    include ${path.join(dir, "broadsheet.conf")};`,
    "}",
    "",
  ].join("\n");
}

function prepare() {
  const dir = mkdtempSync(path.join(os.tmpdir(), "broadsheet-e2e-nginx-"));
  try {
    mkdirSync(path.join(dir, "temp"));
    const certificate = path.join(dir, "localhost.crt");
    const key = path.join(dir, "localhost.key");
    const subject = ["-subj", "/CN=localhost", "-addext", "subjectAltName=DNS:localhost,IP:127.0.0.1"];
    execFileSync(
      "openssl",
      ["req", "-x509", "-newkey", "rsa:2048", "-nodes", "-days", "2", ...subject, "-keyout", key, "-out", certificate],
      { stdio: ["ignore", "ignore", "pipe"] },
    );
    const site = adaptSiteConfig(readFileSync(SITE_CONFIG, "utf8"), { certificate, key });
    writeFileSync(path.join(dir, "broadsheet.conf"), site);
    writeFileSync(path.join(dir, "nginx.conf"), mainConfig(dir));
    return dir;
  } catch (error) {
    rmSync(dir, { recursive: true, force: true });
    throw error;
  }
}

function nginxArgs(dir, ...extra) {
  return ["-p", dir, "-e", "stderr", "-c", path.join(dir, "nginx.conf"), ...extra];
}

const dir = prepare();
const cleanUp = () => rmSync(dir, { recursive: true, force: true });

if (checkOnly) {
  try {
    execFileSync(NGINX, nginxArgs(dir, "-t"), { stdio: "inherit" });
    process.stdout.write(
      `\n# ${path.join(dir, "broadsheet.conf")}\n${readFileSync(path.join(dir, "broadsheet.conf"))}`,
    );
  } finally {
    cleanUp();
  }
} else {
  const nginx = spawn(NGINX, nginxArgs(dir), { stdio: "inherit" });
  console.log(`nginx: https://localhost:${httpsPort} and http://127.0.0.1:${httpPort} → 127.0.0.1:${upstreamPort}`);
  let stopping = false;
  const stop = (signal) => {
    if (stopping) return;
    stopping = true;
    // SIGTERM is nginx's fast shutdown; cleanup follows its exit.
    nginx.kill("SIGTERM");
    setTimeout(() => nginx.kill("SIGKILL"), 5_000).unref();
    console.log(`nginx: stopping on ${signal}`);
  };
  process.on("SIGTERM", () => stop("SIGTERM"));
  process.on("SIGINT", () => stop("SIGINT"));
  nginx.on("error", (error) => {
    console.error(`nginx could not start (${error.message}). Install it with: apt-get install -y nginx`);
    cleanUp();
    process.exit(1);
  });
  nginx.on("exit", (code, signal) => {
    cleanUp();
    if (!stopping) console.error(`nginx exited unexpectedly (${signal ?? `code ${code}`})`);
    process.exit(stopping ? 0 : (code ?? 1));
  });
}
