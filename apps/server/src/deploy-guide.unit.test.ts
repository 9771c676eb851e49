import { readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { MAX_IMAGES_PER_POST, UPLOAD_MAX_BYTES } from "@broadsheet/domain";
import { describe, expect, it } from "vitest";
import { parseConfig } from "./config";

/*
 * docs/deploy.md quotes the files in deploy/ whole, and the browser suite runs
 * deploy/nginx/broadsheet.conf (scripts/e2e-proxy.mjs): the guide must not drift from
 * what is tested, and the files must keep what the server relies on behind a proxy.
 */
const ROOT = fileURLToPath(new URL("../../../", import.meta.url));
const read = (file: string) => readFileSync(`${ROOT}${file}`, "utf8");

const guide = read("docs/deploy.md");
const nginx = read("deploy/nginx/broadsheet.conf");
const caddy = read("deploy/caddy/Caddyfile");
const unit = read("deploy/systemd/broadsheet.service");
const envExample = read("deploy/broadsheet.env.example");

/** The active lines of nginx's configuration, comments and blank lines left out. */
const nginxDirectives = nginx
  .split("\n")
  .map((line) => line.replace(/#.*$/, "").trim())
  .filter(Boolean);

/** VARIABLE=value lines as systemd reads them (double quotes removed); `commented` takes `#VARIABLE=` too. */
function parseEnvFile(text: string, { commented = false } = {}): Record<string, string> {
  const pattern = commented ? /^#?([A-Z_]+)=(.*)$/ : /^([A-Z_]+)=(.*)$/;
  const entries = text.split("\n").flatMap((line) => {
    const match = pattern.exec(line.trim());
    return match?.[1] && match[2] !== undefined ? [[match[1], match[2].replace(/^"(.*)"$/, "$1")]] : [];
  });
  return Object.fromEntries(entries);
}

describe("docs/deploy.md", () => {
  it.each([
    ["nginx", "deploy/nginx/broadsheet.conf", nginx],
    ["caddy", "deploy/caddy/Caddyfile", caddy],
    ["ini", "deploy/systemd/broadsheet.service", unit],
    ["sh", "deploy/broadsheet.env.example", envExample],
  ])("quotes %s's file %s whole, in one code block", (language, _file, text) => {
    expect(text.endsWith("\n")).toBe(true);
    expect(guide).toContain(`\`\`\`${language}\n${text}\`\`\`\n`);
  });

  it("covers what a deployment needs", () => {
    for (const heading of [
      "## What you need",
      "## Build and run",
      "## The environment",
      "## TLS with nginx",
      "## TLS with Caddy",
      "## The systemd unit",
      "## The first admin",
      "## Several instances",
      "## Backups",
      "## Upgrades",
      "## Health checks",
    ]) {
      expect(guide).toContain(`\n${heading}\n`);
    }
    for (const text of [
      "npm ci && npm run build",
      "--max-old-space-size=512 --max-semi-space-size=4",
      "pg_dump -Fc",
      "pg_restore",
      "/api/health",
    ]) {
      expect(guide).toContain(text);
    }
  });
});

describe("deploy/nginx/broadsheet.conf", () => {
  it("is a site file for sites-available, not a whole nginx.conf", () => {
    expect(nginxDirectives.some((line) => /^(events|http)\s*\{/.test(line))).toBe(false);
    expect(nginxDirectives).toContain("upstream broadsheet {");
    expect(nginxDirectives).toContain("server 127.0.0.1:3000;");
    expect(nginxDirectives).toContain("keepalive 16;");
  });

  it("redirects http to https and terminates TLS with the site's certificate", () => {
    expect(nginxDirectives).toContain("listen 80;");
    expect(nginxDirectives).toContain("return 301 https://$host$request_uri;");
    // Debian 12's nginx is 1.22: `http2 on;` only exists from 1.25.1.
    expect(nginxDirectives).toContain("listen 443 ssl http2;");
    expect(nginxDirectives).toContain("server_name news.example.com;");
    expect(nginxDirectives).toContain("ssl_certificate /etc/letsencrypt/live/news.example.com/fullchain.pem;");
    expect(nginxDirectives).toContain("ssl_certificate_key /etc/letsencrypt/live/news.example.com/privkey.pem;");
    expect(nginxDirectives).toContain("ssl_protocols TLSv1.2 TLSv1.3;");
    // One HSTS header: the proxy's, in place of the one the server sends.
    expect(nginxDirectives).toContain("proxy_hide_header Strict-Transport-Security;");
    expect(nginxDirectives).toContain('add_header Strict-Transport-Security "max-age=63072000" always;');
  });

  it("forwards what TRUST_PROXY reads, over keep-alive connections", () => {
    for (const directive of [
      "proxy_pass http://broadsheet;",
      "proxy_http_version 1.1;",
      'proxy_set_header Connection "";',
      "proxy_set_header Host $host;",
      "proxy_set_header X-Forwarded-For $proxy_add_x_forwarded_for;",
      "proxy_set_header X-Forwarded-Proto $scheme;",
      "proxy_set_header X-Forwarded-Host $host;",
    ]) {
      expect(nginxDirectives).toContain(directive);
    }
    expect(nginxDirectives.some((line) => /^proxy_read_timeout \d+s;$/.test(line))).toBe(true);
  });

  it("lets a post's largest upload through (nginx's default is 1 MB)", () => {
    const size = /^client_max_body_size (\d+)m;$/m.exec(nginxDirectives.join("\n"))?.[1];
    expect(size, "client_max_body_size in megabytes").toBeDefined();
    expect(Number(size) * 1024 * 1024).toBeGreaterThan(MAX_IMAGES_PER_POST * UPLOAD_MAX_BYTES + 1024 * 1024);
  });
});

describe("deploy/caddy/Caddyfile", () => {
  it("proxies the site to the server with the same body limit and health check", () => {
    expect(caddy).toMatch(/^news\.example\.com \{$/m);
    expect(caddy).toMatch(/^\treverse_proxy 127\.0\.0\.1:3000 \{$/m);
    expect(caddy).toMatch(/^\t\tmax_size 60MB$/m);
    expect(caddy).toMatch(/^\t\thealth_uri \/api\/health$/m);
    expect(caddy).toMatch(/^\theader \{\n\t\tStrict-Transport-Security "max-age=63072000"\n\t\tdefer\n\t\}$/m);
  });
});

describe("deploy/systemd/broadsheet.service", () => {
  const settings = unit.split("\n").filter((line) => /^[A-Za-z]+=/.test(line));

  it("runs the built server with the environment file and stops it gracefully", () => {
    for (const setting of [
      "EnvironmentFile=/etc/broadsheet/broadsheet.env",
      "ExecStart=/usr/bin/node --max-old-space-size=512 --max-semi-space-size=4 apps/server/dist/main.js",
      "Environment=MALLOC_ARENA_MAX=2",
      "Environment=MALLOC_MMAP_THRESHOLD_=131072",
      "Environment=MALLOC_TRIM_THRESHOLD_=131072",
      "Restart=on-failure",
      "KillSignal=SIGTERM",
      "TimeoutStopSec=15",
      "User=broadsheet",
    ]) {
      expect(settings).toContain(setting);
    }
  });

  it("is hardened, and may write only DATA_DIR", () => {
    for (const setting of ["NoNewPrivileges=true", "ProtectSystem=strict", "ProtectHome=true", "PrivateTmp=true"]) {
      expect(settings).toContain(setting);
    }
    const dataDir = parseEnvFile(envExample).DATA_DIR;
    expect(dataDir).toBe("/var/lib/broadsheet");
    expect(settings).toContain(`ReadWritePaths=${dataDir}`);
    expect(settings).toContain("StateDirectory=broadsheet");
  });
});

describe("deploy/broadsheet.env.example", () => {
  it("is a valid configuration for a server behind a proxy", () => {
    const config = parseConfig(parseEnvFile(envExample));
    expect(config.host).toBe("127.0.0.1");
    expect(config.publicUrl).toBe("https://news.example.com");
    expect(config.seedDemo).toBe(false);
    expect(config.databaseKind).toBe("pglite");
    expect(config.trustProxy).not.toEqual(parseConfig({}).trustProxy);
  });

  it("stays valid with every commented setting turned on", () => {
    const config = parseConfig(parseEnvFile(envExample, { commented: true }));
    expect(config.databaseKind).toBe("postgres");
    expect(config.redisUrl).toBe("redis://127.0.0.1:6379");
    expect(config.smtpUrl).toMatch(/^smtp:\/\//);
    expect(config.mailFrom).toBe("Broadsheet <no-reply@news.example.com>");
  });
});
