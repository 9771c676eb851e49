// npm run bench [-- --posts 1000] [--duration 5] [--database-url postgres://…] [--seeded]
//                [--only "API search, new words"] [--cpu-profile /tmp/prof]
//
// Builds, seeds a fresh database with N demo posts, starts the production server and
// measures the pages readers hit with autocannon (50 connections; three rounds in which the
// targets take turns, each run after a second's warm-up of its own). A bare node:http server replaying the captured
// bytes of the same pages is the ceiling for a Node process on this machine. Writes the
// figures to docs/performance.md. A benchmark, never a test: figures depend on the machine.
import { execFileSync, spawn } from "node:child_process";
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import http from "node:http";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { parseArgs } from "node:util";
import autocannon from "autocannon";
import pg from "pg";
import { summarizeCpuProfile } from "./cpu-profile-summary.mjs";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const { values: args } = parseArgs({
  options: {
    posts: { type: "string", default: "1000" },
    duration: { type: "string", default: "5" },
    connections: { type: "string", default: "50" },
    "database-url": { type: "string" },
    // The database at --database-url is already seeded with --posts posts (`npm run seed`): it is
    // used as it is and kept, not created, seeded and dropped. A million posts take 15 minutes or more to seed.
    seeded: { type: "boolean", default: false },
    // Server processes on PostgreSQL (the WORKERS variable); unset: the default, one per core.
    workers: { type: "string" },
    "no-write": { type: "boolean", default: false },
    // Runs only the named target (repeat for more), e.g. to profile one of them.
    only: { type: "string", multiple: true },
    // Writes the server's V8 CPU profile (node --cpu-prof) to this directory and prints its summary.
    "cpu-profile": { type: "string" },
  },
});
const POSTS = Number(args.posts);
if (args.seeded && !args["database-url"]) {
  console.error("--seeded needs --database-url: the PostgreSQL database already seeded.");
  process.exit(2);
}
const DURATION = Number(args.duration);
const CONNECTIONS = Number(args.connections);
const PORT = 3900;
const CEILING_PORT = 3901;
const BASE = `http://127.0.0.1:${PORT}`;

const BENCH_ADMIN = { email: "bench-admin@example.com", password: "bench-admin-pass" };

function log(message) {
  process.stdout.write(`${message}\n`);
}

/** The server's processes: with WORKERS > 1 (PostgreSQL), the primary and its workers. */
function serverProcesses(pid) {
  const children = readdirSync("/proc")
    .filter((entry) => /^\d+$/.test(entry))
    .filter((entry) => {
      try {
        return Number(readFileSync(`/proc/${entry}/stat`, "utf8").split(") ")[1].split(" ")[1]) === pid;
      } catch {
        return false;
      }
    })
    .map(Number);
  return [pid, ...children];
}

function cpuMs(pid) {
  let ticks = 0;
  for (const each of serverProcesses(pid)) {
    const fields = readFileSync(`/proc/${each}/stat`, "utf8").split(") ")[1].split(" ");
    ticks += Number(fields[11]) + Number(fields[12]);
  }
  return (ticks * 1000) / 100; // USER_HZ is 100 on Linux
}

/**
 * CPU time of the machine's PostgreSQL processes (the server's backends among them): on
 * PostgreSQL a query's cost is shared between the server and the database. Backends that
 * ended count in their parent's cutime and cstime.
 */
function postgresCpuMs() {
  let ticks = 0;
  for (const entry of readdirSync("/proc")) {
    if (!/^\d+$/.test(entry)) continue;
    let stat;
    try {
      stat = readFileSync(`/proc/${entry}/stat`, "utf8");
    } catch {
      continue; // ended while we looked
    }
    if (!stat.includes("(postgres)")) continue;
    const fields = stat.split(") ")[1].split(" ");
    ticks += Number(fields[11]) + Number(fields[12]) + Number(fields[13]) + Number(fields[14]);
  }
  return (ticks * 1000) / 100;
}

/** The machine's CPU counters; steal is time the hypervisor gave to other guests. */
function machineTicks() {
  const fields = readFileSync("/proc/stat", "utf8").split("\n")[0].trim().split(/\s+/).slice(1).map(Number);
  return { total: fields.slice(0, 8).reduce((sum, ticks) => sum + ticks, 0), steal: fields[7] ?? 0 };
}

/** Resident memory of the server's processes together (VmHWM: each one's peak). */
function rssMb(pid, field = "VmRSS") {
  let kb = 0;
  for (const each of serverProcesses(pid)) {
    const line = readFileSync(`/proc/${each}/status`, "utf8")
      .split("\n")
      .find((row) => row.startsWith(field));
    kb += Number(line.split(/\s+/)[1]);
  }
  return Math.round(kb / 1024);
}

/**
 * Each server process's resident memory, and its proportional share (PSS): the node binary's
 * pages and other file mappings are resident once for all workers, so PSS is what each adds.
 */
function memoryPerProcess(pid) {
  const kbOf = (text, field) => Number(text.match(new RegExp(`^${field}:\\s+(\\d+)`, "m"))?.[1] ?? 0);
  return serverProcesses(pid).map((each, index) => {
    const rollup = readFileSync(`/proc/${each}/smaps_rollup`, "utf8");
    const role = index === 0 ? "main" : "worker";
    return `${role} ${Math.round(kbOf(rollup, "Rss") / 1024)} MB (PSS ${Math.round(kbOf(rollup, "Pss") / 1024)} MB)`;
  });
}

/** Each server process's own peak resident memory (VmHWM), start-up included. */
function peakPerProcess(pid) {
  return serverProcesses(pid).map((each, index) => {
    const kb = readFileSync(`/proc/${each}/status`, "utf8").match(/^VmHWM:\s+(\d+)/m)?.[1] ?? 0;
    return `${index === 0 ? "main" : "worker"} ${Math.round(Number(kb) / 1024)} MB`;
  });
}

async function waitForHealth(url, child) {
  for (let i = 0; i < 600; i++) {
    if (child.exitCode !== null) throw new Error("server exited during start-up");
    try {
      if ((await fetch(url)).ok) return;
    } catch {}
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`no answer from ${url}`);
}

async function freshPostgresDatabase(url) {
  const name = `broadsheet_bench_${Date.now()}`;
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  await admin.query(`create database "${name}"`);
  await admin.end();
  const parsed = new URL(url);
  parsed.pathname = `/${name}`;
  return {
    url: parsed.toString(),
    async drop() {
      const client = new pg.Client({ connectionString: url });
      await client.connect();
      await client.query(`drop database if exists "${name}" with (force)`);
      await client.end();
    },
  };
}

/** Every script the home page loads on first visit (module preloads and the entry), gzipped. */
async function firstLoadJavaScript(url) {
  const html = await (await fetch(url)).text();
  const scripts = new Set([...html.matchAll(/["'](\/assets\/[^"']+\.js)["']/g)].map((match) => match[1]));
  let bytes = 0;
  for (const script of scripts) {
    const raw = await captureRaw(new URL(script, url).toString(), { "accept-encoding": "gzip" });
    bytes += Buffer.from(raw.body, "base64").length;
  }
  return { files: scripts.size, kb: Math.round(bytes / 1024) };
}

const mb = (bytes) => `${Math.round(bytes / 2 ** 20)} MB`;

/** Where one server process's memory goes, as GET /api/admin/runtime tells an admin. */
async function memoryBreakdown() {
  const login = await fetch(`${BASE}/api/users/login`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify(BENCH_ADMIN),
  });
  const cookie = login.headers.getSetCookie()[0]?.split(";")[0];
  const stats = await (await fetch(`${BASE}/api/admin/runtime`, { headers: { cookie } })).json();
  const { memory, database, caches } = stats;
  const cache = (name, use) => `${name} ${use.entries} entries, ${Math.round(use.bytes / 1024)} KB`;
  return [
    `Memory of one server process (pid ${stats.pid}) after the rounds: RSS ${mb(memory.rss)};`,
    `V8 heap ${mb(memory.heapUsed)} used of ${mb(memory.heapTotal)};`,
    database.threadHeap
      ? `external ${mb(memory.external)}, array buffers ${mb(memory.arrayBuffers)}; PGlite's thread: WebAssembly memory ${mb(database.wasmBytes)}, V8 heap ${mb(database.threadHeap.used)} used of ${mb(database.threadHeap.total)};`
      : `external ${mb(memory.external)}${database.wasmBytes === null ? "" : ` (PGlite's WebAssembly memory ${mb(database.wasmBytes)} of it)`}, array buffers ${mb(memory.arrayBuffers)};`,
    `caches: ${[cache("pages", caches.pages), cache("reader pages", caches.readerPages), cache("reads", caches.reads), cache("summaries", caches.summaries), cache("viewers", caches.viewers)].join("; ")}.`,
  ].join(" ");
}

/** The viewer-state address a page preloads for a logged-in reader with scripts (decision 016). */
async function viewerStateOf(url, headers) {
  const response = await fetch(url, { headers });
  const html = await response.text();
  if (response.headers.get("x-page-audience") !== "reader") throw new Error(`${url} was not the shared reader copy`);
  const href = html.match(/<link rel="preload" as="fetch" href="([^"]+)"/)?.[1];
  if (!href) throw new Error(`${url} preloads no viewer state`);
  return href.replaceAll("&amp;", "&");
}

/** The exact bytes a reader receives (still gzipped), which fetch would decode. */
function captureRaw(url, headers) {
  return new Promise((resolve, reject) => {
    http
      .get(url, { headers }, (response) => {
        const chunks = [];
        response.on("data", (chunk) => chunks.push(chunk));
        response.on("end", () =>
          resolve({
            status: response.statusCode,
            type: response.headers["content-type"],
            encoding: response.headers["content-encoding"],
            body: Buffer.concat(chunks).toString("base64"),
          }),
        );
      })
      .on("error", reject);
  });
}

const MEASURED = { connections: CONNECTIONS, duration: DURATION };
/*
 * Before each measured run, the same requests for a second: the run then starts on warm code
 * and on the read cache as that traffic keeps it (its entries live 10 s), whoever ran before.
 */
const WARM_UP = { connections: 10, duration: 1 };

// Two-word searches no request of this run has asked for yet (filled from the seeded titles):
// an uncached target never meets the read cache.
const unusedWords = [];
function newWords() {
  const words = unusedWords.pop();
  if (!words) throw new Error("the benchmark ran out of unused search words");
  return words;
}

/** Pairs of the words in the seeded posts' titles, in a fixed shuffled order. */
async function searchWordPairs() {
  const words = new Set();
  for (let page = 1; page <= 4; page++) {
    const { items } = await (await fetch(`${BASE}/api/posts?limit=50&page=${page}`)).json();
    for (const item of items) for (const word of item.title.toLowerCase().match(/[a-z]{4,}/g) ?? []) words.add(word);
  }
  const list = [...words].sort();
  const pairs = [];
  // Both orders: a different search (its own cache key and title pattern) at the same cost.
  for (let i = 0; i < list.length; i++) {
    for (let j = i + 1; j < list.length; j++) pairs.push(`${list[i]} ${list[j]}`, `${list[j]} ${list[i]}`);
  }
  // A fixed shuffle (an LCG), so runs ask for comparable words.
  let seed = 7;
  for (let i = pairs.length - 1; i > 0; i--) {
    seed = (seed * 1103515245 + 12345) % 2 ** 31;
    const j = seed % (i + 1);
    [pairs[i], pairs[j]] = [pairs[j], pairs[i]];
  }
  return pairs;
}

// A reader paging on reads this many pages of one search (past the 300 ranked matches at 9 a page).
const PAGES_READ = 40;
let pagingWords = "";
let pagingRequests = 0;

/** The path of an uncached search: `words`, a new search each time; `paging`, the next page of the current one. */
function uncachedSearchPath(pathname, uncached) {
  if (uncached === "words") return `${pathname}?search=${encodeURIComponent(newWords())}&limit=9`;
  const page = (pagingRequests++ % PAGES_READ) + 1;
  if (page === 1) pagingWords = newWords();
  return `${pathname}?search=${encodeURIComponent(pagingWords)}&limit=9&page=${page}`;
}

/**
 * With `uncached`, every request is a search or a page of one that no request asked for before.
 * With `follow`, each connection asks for the page, then for `follow` (what the page's scripts ask for).
 */
function runCannon(url, headers, uncached = undefined, follow = undefined, load = MEASURED) {
  const { pathname, search } = new URL(url);
  const requests = uncached
    ? [{ setupRequest: (request) => ({ ...request, path: uncachedSearchPath(pathname, uncached) }) }]
    : follow
      ? [{ path: `${pathname}${search}` }, { path: follow }]
      : undefined;
  return new Promise((resolve, reject) => {
    autocannon({ url, ...load, headers, requests }, (error, result) => (error ? reject(error) : resolve(result)));
  });
}

/** The summary of each profile the server's processes wrote (one per worker on PostgreSQL). */
function printCpuProfiles(directory) {
  for (const file of readdirSync(directory).filter((name) => name.endsWith(".cpuprofile"))) {
    log(`\nCPU profile ${path.join(directory, file)}:`);
    log(summarizeCpuProfile(path.join(directory, file)));
  }
}

/** The environment and node flags `npm start` runs the server with, so the benchmark measures the same process. */
function startCommand() {
  const { scripts } = JSON.parse(readFileSync(path.join(root, "package.json"), "utf8"));
  const match = scripts.start.match(/((?:[A-Z_]+=\S+ )*)node ((?:--\S+ )*)apps\/server\/dist\/main\.js/);
  if (!match) throw new Error("package.json's start script no longer runs apps/server/dist/main.js");
  const words = (text) => text.trim().split(" ").filter(Boolean);
  return {
    env: Object.fromEntries(words(match[1]).map((assignment) => assignment.split("="))),
    flags: words(match[2]),
  };
}

/** One request at a time, each a search for new words: the search's own latency, without queueing. */
async function searchLatency(url, count = 300) {
  const times = [];
  for (let i = 0; i < count; i++) {
    const started = performance.now();
    const response = await fetch(`${url}?search=${encodeURIComponent(newWords())}&limit=9`);
    await response.arrayBuffer();
    if (!response.ok) throw new Error(`search answered ${response.status}`);
    times.push(performance.now() - started);
  }
  times.sort((a, b) => a - b);
  const at = (share) => times[Math.min(times.length - 1, Math.floor(times.length * share))].toFixed(1);
  return { p50: at(0.5), p95: at(0.95), p99: at(0.99) };
}

/**
 * The runs of each target in the order of this round: reversed in the second, so that neither
 * reader always comes first after another target's run (or after the idle ceiling run).
 */
function inRoundOrder(runs, round) {
  if (round % 2 === 1) return runs;
  const byTarget = new Map();
  for (const run of runs) byTarget.set(run.target, [...(byTarget.get(run.target) ?? []), run]);
  return [...byTarget.values()].flatMap((group) => group.reverse());
}

function median(numbers) {
  const sorted = [...numbers].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)];
}

async function main() {
  log("Building…");
  execFileSync(process.execPath, [path.join(root, "scripts/build-if-stale.mjs")], { stdio: "inherit" });

  const dataDir = path.join(mkdtempSync(path.join(os.tmpdir(), "broadsheet-bench-")), "data");
  const postgres = args.seeded
    ? { url: args["database-url"], async drop() {} }
    : args["database-url"]
      ? await freshPostgresDatabase(args["database-url"])
      : undefined;
  const env = {
    ...process.env,
    NODE_ENV: "production",
    DATA_DIR: dataDir,
    PORT: String(PORT),
    HOST: "127.0.0.1",
    LOG_LEVEL: "warn",
    SEED_DEMO: "false",
    ...(postgres ? { DATABASE_URL: postgres.url } : {}),
    ...(args.workers ? { WORKERS: args.workers } : {}),
  };
  delete env.REDIS_URL;

  const seedStarted = performance.now();
  if (!args.seeded) {
    log(`Seeding ${POSTS} posts (${postgres ? "PostgreSQL" : "PGlite"})…`);
    execFileSync(process.execPath, [path.join(root, "apps/server/dist/cli/seed.js"), "--posts", String(POSTS)], {
      env,
      stdio: ["ignore", "ignore", "inherit"],
    });
  }
  const seeding = args.seeded
    ? "seeded beforehand"
    : `seeded in ${((performance.now() - seedStarted) / 1000).toFixed(1)} s`;
  // An admin, to read the server's memory breakdown (GET /api/admin/runtime) at the end.
  execFileSync(
    process.execPath,
    [
      path.join(root, "apps/server/dist/cli/user-create.js"),
      ...["--email", BENCH_ADMIN.email, "--name", "Bench Admin", "--role", "admin", "--password", BENCH_ADMIN.password],
    ],
    { env, stdio: ["ignore", "ignore", "inherit"] },
  );

  const profileFlags = args["cpu-profile"] ? ["--cpu-prof", `--cpu-prof-dir=${path.resolve(args["cpu-profile"])}`] : [];
  const start = startCommand();
  const server = spawn(
    process.execPath,
    [...start.flags, ...profileFlags, path.join(root, "apps/server/dist/main.js")],
    {
      env: { ...start.env, ...env },
      stdio: "inherit",
    },
  );
  let ceiling;
  try {
    await waitForHealth(`${BASE}/api/health`, server);
    const register = await fetch(`${BASE}/api/users/register`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ name: "Bench Reader", email: `bench-${Date.now()}@example.com`, password: "bench-pass" }),
    });
    const cookie = register.headers.getSetCookie()[0]?.split(";")[0];
    if (!cookie) throw new Error("could not log in the benchmark reader");
    const [post] = (await (await fetch(`${BASE}/api/posts?limit=1`)).json()).items;
    unusedWords.push(...(await searchWordPairs()));
    log(`${unusedWords.length} two-word searches for the uncached search targets`);
    const allTargets = [
      ["home", "/"],
      ["post page", `/page/${post.slug}`],
      ["category page", `/category/${post.categorySlug}`],
      ["search page", "/search?category=Technology"],
      ["API list", "/api/posts?limit=9"],
      ["API search", "/api/posts?search=people"],
      // Every request a search for two words no request asked for before: a search's whole cost.
      ["API search, new words", "/api/posts?search=people&limit=9", { uncached: "words" }],
      // Pages 1 to 40 of a new search, in order: what a reader paging on costs (past the ranked 300 too).
      ["API search, paging on", "/api/posts?search=people&limit=9&page=2", { uncached: "paging" }],
    ];
    const only = args.only;
    const targets = only ? allTargets.filter(([name]) => only.includes(name)) : allTargets;
    if (targets.length === 0)
      throw new Error(`--only names no target; the targets are: ${allTargets.map(([name]) => name).join(", ")}`);
    const browser = { "accept-encoding": "gzip", "user-agent": "Mozilla/5.0 (X11; Linux x86_64) bench" };

    const javascript = await firstLoadJavaScript(`${BASE}/`);
    log(`Reader JavaScript on the first load of /: ${javascript.kb} KB gzip in ${javascript.files} files`);

    log("Capturing the pages for the bare-server ceiling…");
    const captured = {};
    for (const [, target] of targets) captured[target] = await captureRaw(`${BASE}${target}`, browser);
    const capturedFile = path.join(path.dirname(dataDir), "captured.json");
    writeFileSync(capturedFile, JSON.stringify(captured));
    ceiling = spawn(
      process.execPath,
      [path.join(root, "scripts/bench-ceiling.mjs"), capturedFile, String(CEILING_PORT)],
      {
        stdio: "inherit",
      },
    );
    await waitForHealth(`http://127.0.0.1:${CEILING_PORT}/`, ceiling);

    // A logged-in reader's browser runs the page's scripts (it has the broadsheet_js cookie): it
    // gets the copy readers share, then asks for its own state (decision 016). Without scripts,
    // the page is rendered for the reader alone.
    const withScripts = { ...browser, cookie: `${cookie}; broadsheet_js=1` };
    const runs = [];
    for (const [name, target, { uncached } = {}] of targets) {
      runs.push({ name, target, who: "anonymous", url: `${BASE}${target}`, headers: browser, server: true, uncached });
      const page = !target.startsWith("/api/");
      const follow = page ? await viewerStateOf(`${BASE}${target}`, withScripts) : undefined;
      runs.push({
        name,
        target,
        who: "logged in",
        url: `${BASE}${target}`,
        headers: page ? withScripts : { ...browser, cookie },
        server: true,
        uncached,
        follow,
      });
      if (page) {
        runs.push({
          name,
          target,
          who: "logged in, no scripts",
          url: `${BASE}${target}`,
          headers: { ...browser, cookie },
          server: true,
        });
      }
      runs.push({ name, target, who: "ceiling", url: `http://127.0.0.1:${CEILING_PORT}${target}`, headers: browser });
    }

    const results = new Map(runs.map((run) => [run, []]));
    let peakRss = 0;
    let perProcessAtPeak = [];
    const ticksBefore = machineTicks();
    for (let round = 1; round <= 3; round++) {
      log(`Round ${round} of 3…`);
      for (const run of inRoundOrder(runs, round)) {
        await runCannon(run.url, run.headers, run.uncached, run.follow, WARM_UP);
        const cpuBefore = cpuMs(server.pid);
        const databaseCpuBefore = postgres ? postgresCpuMs() : 0;
        const result = await runCannon(run.url, run.headers, run.uncached, run.follow);
        // A page view is the page and, for a logged-in reader with scripts, the state it asks for.
        const views = result.requests.total / (run.follow ? 2 : 1);
        const cpuAfter = cpuMs(server.pid);
        const databaseCpu = postgres ? postgresCpuMs() - databaseCpuBefore : undefined;
        const rssNow = rssMb(server.pid);
        if (rssNow >= peakRss) perProcessAtPeak = memoryPerProcess(server.pid);
        peakRss = Math.max(peakRss, rssNow);
        const measured = {
          rps: result.requests.average / (run.follow ? 2 : 1),
          p50: result.latency.p50,
          p975: result.latency.p97_5,
          p99: result.latency.p99,
          errors: result.errors + result.timeouts,
          non2xx: result.non2xx,
          cpuPerRequest: run.server && views ? (cpuAfter - cpuBefore) / views : undefined,
          databaseCpuPerRequest: run.server && views && databaseCpu !== undefined ? databaseCpu / views : undefined,
        };
        results.get(run).push(measured);
        const cpu = measured.cpuPerRequest === undefined ? "" : `, ${measured.cpuPerRequest.toFixed(2)} ms CPU`;
        log(`  ${run.name}, ${run.who}: ${Math.round(measured.rps)} req/s, p99 ${measured.p99} ms${cpu}`);
      }
    }

    const rows = [];
    for (const [name, target] of targets) {
      const ceilingRps = median(
        results.get(runs.find((run) => run.target === target && run.who === "ceiling")).map((r) => r.rps),
      );
      for (const who of ["anonymous", "logged in", "logged in, no scripts", "ceiling"]) {
        const run = runs.find((candidate) => candidate.target === target && candidate.who === who);
        if (!run) continue;
        const rounds = results.get(run);
        const rps = median(rounds.map((r) => r.rps));
        const cpu = rounds[0].cpuPerRequest === undefined ? undefined : median(rounds.map((r) => r.cpuPerRequest));
        const databaseCpu =
          rounds[0].databaseCpuPerRequest === undefined
            ? undefined
            : median(rounds.map((r) => r.databaseCpuPerRequest));
        rows.push({
          target: name,
          path: target,
          who,
          rps: Math.round(rps),
          p50: median(rounds.map((r) => r.p50)),
          p975: median(rounds.map((r) => r.p975)),
          p99: median(rounds.map((r) => r.p99)),
          errors: rounds.reduce((sum, r) => sum + r.errors, 0),
          non2xx: rounds.reduce((sum, r) => sum + r.non2xx, 0),
          cpu: cpu === undefined ? "" : cpu.toFixed(2),
          databaseCpu: databaseCpu === undefined ? "" : databaseCpu.toFixed(2),
          ratio: who === "ceiling" ? "" : `${Math.round((rps / ceilingRps) * 100)} %`,
        });
      }
    }
    const ticksAfter = machineTicks();
    const stealPercent = Math.round(
      ((ticksAfter.steal - ticksBefore.steal) / Math.max(1, ticksAfter.total - ticksBefore.total)) * 100,
    );
    const rss = rssMb(server.pid, "VmHWM");
    const peaks = peakPerProcess(server.pid);
    const memory = await memoryBreakdown();
    const search = await searchLatency(`${BASE}/api/posts`);
    // On PGlite the database runs inside the server: its CPU is in the server's column.
    const databaseColumn = postgres ? " PostgreSQL CPU ms per view |" : "";
    const header = `| target | path | reader | req/s | p50 ms | p97.5 ms | p99 ms | errors | non-2xx | server CPU ms per view |${databaseColumn} of ceiling |`;
    const lines = [header, `|---|---|---|---|---|---|---|---|---|---|${postgres ? "---|" : ""}---|`];
    for (const row of rows) {
      const database = postgres ? ` ${row.databaseCpu} |` : "";
      lines.push(
        `| ${row.target} | \`${row.path}\` | ${row.who} | ${row.rps} | ${row.p50} | ${row.p975} | ${row.p99} | ${row.errors} | ${row.non2xx} | ${row.cpu} |${database} ${row.ratio} |`,
      );
    }
    const machine = `${os.cpus().length} × ${os.cpus()[0]?.model.trim()}, ${Math.round(os.totalmem() / 2 ** 30)} GiB, Node ${process.version}, ${os.type()} ${os.release()}`;
    const workers = postgres ? Number(args.workers ?? os.availableParallelism()) : 1;
    const setup = postgres
      ? `PostgreSQL, ${POSTS} posts, ${workers} worker${workers === 1 ? "" : "s"}`
      : `PGlite, ${POSTS} posts`;
    const command = `npm run bench -- --posts ${POSTS} --duration ${DURATION}${postgres ? " --database-url …" : ""}${args.seeded ? " --seeded" : ""}${args.workers ? ` --workers ${args.workers}` : ""}`;
    const summary = [
      `Measured ${new Date().toISOString().slice(0, 16).replace("T", " ")} UTC on ${machine}.`,
      `Database: ${setup} (${seeding}). ${CONNECTIONS} connections, ${DURATION} s per target per round (after 1 s of the same requests), median of 3 rounds.`,
      `CPU time stolen by the hypervisor during the rounds: ${stealPercent} % (on a busy host every figure grows with it; compare runs with little steal).`,
      `Server RSS: ${peakRss} MB at the end of a round (${perProcessAtPeak.join(", ")}), peak ${rss} MB (${peaks.join(", ")}). Reader JavaScript on the first load of /: ${javascript.kb} KB gzip (${javascript.files} files).`,
      memory,
      `Search latency, one request at a time, each a search for two words not asked before (\`/api/posts?search={words}&limit=9\`, 300 requests): p50 ${search.p50} ms, p95 ${search.p95} ms, p99 ${search.p99} ms.`,
      `Command: \`${command}\`.`,
    ];
    log(`\n${summary.join("\n")}\n\n${lines.join("\n")}\n`);

    // A subset of the targets would replace the full tables: --only never writes.
    if (!args["no-write"] && !only) {
      const file = path.join(root, "docs/performance.md");
      const section = `## ${setup}\n\n${summary.join("\n")}\n\n${lines.join("\n")}\n`;
      let text;
      try {
        text = readFileSync(file, "utf8");
      } catch {
        text =
          "# Performance\n\nFigures from `npm run bench` (scripts/bench.mjs). Rerun it to refresh them; each run replaces its own section.\n";
      }
      const heading = section.split("\n")[0];
      const start = text.indexOf(heading);
      if (start >= 0) {
        const next = text.indexOf("\n## ", start + heading.length);
        text = text.slice(0, start) + section + (next >= 0 ? `\n${text.slice(next + 1)}` : "");
      } else {
        text = `${text.trimEnd()}\n\n${section}`;
      }
      writeFileSync(file, text);
      log(`Written to ${path.relative(root, file)}`);
    }
  } finally {
    server.kill("SIGTERM");
    ceiling?.kill("SIGTERM");
    await new Promise((resolve) => server.once("exit", resolve));
    if (args["cpu-profile"]) printCpuProfiles(path.resolve(args["cpu-profile"]));
    await postgres?.drop();
    // The seeded PGlite directory of 100k posts is over a gigabyte.
    rmSync(path.dirname(dataDir), { recursive: true, force: true });
  }
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
