// Measures the abuse paths of issue 12 against a running server (started with TRUST_PROXY=1):
//   node scripts/abuse-check.mjs --url http://127.0.0.1:3000 [--pid <server pid>]
// It registers throwaway accounts and prints one line per check. Not a test: a figure to compare.

import { readFileSync } from "node:fs";
import http from "node:http";

const args = process.argv.slice(2);
const option = (name, fallback) => {
  const index = args.indexOf(`--${name}`);
  return index >= 0 ? args[index + 1] : fallback;
};
const base = option("url", "http://127.0.0.1:3000");
const pid = option("pid");
const origin = new URL(base).origin;

async function call(method, path, { json, form, headers = {} } = {}) {
  const response = await fetch(`${base}${path}`, {
    method,
    redirect: "manual",
    headers: { origin, ...(json ? { "content-type": "application/json" } : {}), ...headers },
    body: json ? JSON.stringify(json) : form ? new URLSearchParams(form).toString() : undefined,
  });
  await response.arrayBuffer();
  return response;
}

const from = (address) => ({ "x-forwarded-for": address });
let sequence = 0;
async function newAccount() {
  sequence += 1;
  const email = `abuse-${Date.now().toString(36)}-${sequence}@example.com`;
  const password = "correct horse";
  await call("POST", "/api/users/register", {
    json: { name: "Abuse", email, password },
    headers: from(`10.77.0.${sequence}`),
  });
  return { email, password };
}

function rss() {
  if (!pid) return undefined;
  return Number(/VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, "utf8"))?.[1] ?? 0) / 1024;
}

function streamBody(path, total) {
  return new Promise((resolve) => {
    const url = new URL(path, base);
    const chunk = Buffer.alloc(1024 * 1024, 0x20);
    let sent = 0;
    let peak = rss() ?? 0;
    let answered = false;
    const request = http.request(
      {
        host: url.hostname,
        port: url.port,
        path: url.pathname,
        method: "POST",
        headers: { "content-type": "application/json" },
      },
      (response) => {
        answered = true;
        response.resume();
        resolve({ status: response.statusCode, sentMb: sent / 1048576, peakMb: peak });
        request.destroy();
      },
    );
    request.on(
      "error",
      () => !answered && resolve({ status: "connection error", sentMb: sent / 1048576, peakMb: peak }),
    );
    const pump = () => {
      while (!answered && sent < total) {
        sent += chunk.length;
        if (sent % (32 * 1048576) === 0) peak = Math.max(peak, rss() ?? 0);
        if (!request.write(chunk)) return request.once("drain", pump);
      }
      if (!answered) request.end();
    };
    request.write("{");
    pump();
  });
}

const results = [];
const report = (check, figure) => {
  results.push(`${check}: ${figure}`);
  console.log(`${check}: ${figure}`);
};

const before = rss();
const huge = await streamBody("/api/users/login", 300 * 1048576);
report(
  "300 MB JSON to POST /api/users/login",
  `status ${huge.status} after ${huge.sentMb.toFixed(0)} MB sent; RSS ${before?.toFixed(0) ?? "?"} → peak ${huge.peakMb.toFixed(0)} MB`,
);

const victim = await newAccount();
const guesses = await Promise.all(
  Array.from({ length: 60 }, () =>
    call("POST", "/api/users/login", {
      json: { email: victim.email, password: "wrong" },
      headers: from("198.51.100.20"),
    }).then((r) => r.status),
  ),
);
report(
  "60 concurrent wrong guesses, one account, one client",
  `${guesses.filter((s) => s === 401).length} checked, ${guesses.filter((s) => s === 429).length} refused`,
);

const owner = await newAccount();
for (let i = 0; i < 10; i++)
  await call("POST", "/api/users/login", {
    json: { email: owner.email, password: "wrong" },
    headers: from("198.51.100.30"),
  });
const ownerLogin = await call("POST", "/api/users/login", { json: owner, headers: from("198.51.100.31") });
report("owner's login from another address after 10 failures elsewhere", ownerLogin.status);

let refusedForged = 0;
for (let i = 0; i < 25; i++) {
  const response = await call("POST", "/api/users/forgotPassword", {
    json: { email: `nobody-${i}@example.com` },
    headers: from(`${i}.${i}.${i}.${i}, 198.51.100.40`),
  });
  if (response.status === 429) refusedForged += 1;
}
report(
  "25 forgotPassword calls, each with a fresh forged leftmost X-Forwarded-For (per-client limit 20)",
  `${refusedForged} refused`,
);

for (const path of ["/api/posts?search=%00", "/search?search=%00", "/page/%00"])
  report(`GET ${path}`, (await call("GET", path)).status);
report(
  "POST /api/shares with a NUL postId",
  (await call("POST", "/api/shares", { json: { postId: "a\u0000b", platform: "x" } })).status,
);

const started = performance.now();
const deep = await call("GET", "/api/posts?page=1000000");
report("GET /api/posts?page=1000000", `${deep.status} in ${(performance.now() - started).toFixed(1)} ms`);

const viaProxy = await call("POST", "/login", {
  form: owner,
  headers: {
    "content-type": "application/x-www-form-urlencoded",
    origin: "https://news.example.com",
    "x-forwarded-proto": "https",
    "x-forwarded-host": "news.example.com",
  },
});
report("page form POST /login through an https proxy (no PUBLIC_URL)", viaProxy.status);

const image = await call("GET", "/api/users/logout", {
  headers: { "sec-fetch-site": "cross-site", "sec-fetch-dest": "image" },
});
report("cross-site <img> GET /api/users/logout", image.status);
