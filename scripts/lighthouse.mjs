// npm run lighthouse [-- --runs 3] [--pages home,post,category,author,search,embed] [--preset mobile|desktop|both]
//                    [--port 3910] [--no-write] [--save-reports DIR] [--bytes] [--cpu-slowdown 8]
//
// Builds if stale, starts the production server on a fresh embedded database (demo content is
// seeded on its first start), finds a post, a category and an author to visit, and runs
// Lighthouse 12 through its Node API in Debian's Chromium (never a downloaded browser) with the
// mobile preset (the default config: Moto G Power, slow 4G, 4× CPU) and the desktop preset,
// N runs each, each run in a fresh Chromium with a throwaway profile. Writes the medians to
// docs/reader-experience.md, one section per preset (a run of one preset keeps the other's);
// --save-reports keeps every run's full Lighthouse report (JSON) for a closer look. Each run
// prints Lighthouse's script evaluation and main-thread breakdown.
// --cpu-slowdown N stands in for a slower host than this one (the mobile preset's is 4): its
// figures are printed, never written, as they are not the preset's.
// --bytes runs no Lighthouse: it prints each page's first-load JavaScript (the scripts its HTML
// asks for and what they import statically), gzip -9 per chunk, from the built assets; exact
// and repeatable where Lighthouse's timings are not (issue 44: ≤ 100 KB per reader page).
// A measurement, never a test: figures depend on the machine and on what else runs on it.
import { execFileSync, spawn } from "node:child_process";
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { parseArgs } from "node:util";
import { gzipSync } from "node:zlib";
import * as chromeLauncher from "chrome-launcher";
import lighthouse from "lighthouse";
import desktopConfig from "lighthouse/core/config/desktop-config.js";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const { values: args } = parseArgs({
  options: {
    runs: { type: "string", default: "3" },
    pages: { type: "string", default: "home,post,category,author,search" },
    preset: { type: "string", default: "both" },
    port: { type: "string", default: "3910" },
    "no-write": { type: "boolean", default: false },
    "save-reports": { type: "string" },
    bytes: { type: "boolean", default: false },
    "cpu-slowdown": { type: "string" },
  },
});
const CPU_SLOWDOWN = args["cpu-slowdown"] === undefined ? undefined : Number(args["cpu-slowdown"]);
if (CPU_SLOWDOWN !== undefined && !(CPU_SLOWDOWN >= 1)) throw new Error("--cpu-slowdown must be a number from 1");
const RUNS = Number(args.runs);
const PORT = Number(args.port);
const BASE = `http://127.0.0.1:${PORT}`;
const CHROMIUM = process.env.CHROMIUM_PATH ?? "/usr/bin/chromium";
const PAGES = args.pages.split(",").map((page) => page.trim());
// "embed": a video story, its video embedded in the text (click-to-load, decision 077).
const KNOWN_PAGES = ["home", "post", "category", "author", "search", "embed"];
const PRESETS = args.preset === "both" ? ["mobile", "desktop"] : [args.preset];
if (!Number.isInteger(RUNS) || RUNS < 1) throw new Error("--runs must be a whole number from 1");
for (const page of PAGES) if (!KNOWN_PAGES.includes(page)) throw new Error(`--pages: unknown page "${page}"`);
for (const preset of PRESETS)
  if (!["mobile", "desktop"].includes(preset)) throw new Error("--preset: mobile, desktop or both");
if (!existsSync(CHROMIUM)) throw new Error(`Chromium not found at ${CHROMIUM}: apt-get install -y chromium`);

// The user agent says only "Chrome/156.0.0.0": ask the binary.
const CHROMIUM_VERSION = execFileSync(CHROMIUM, ["--version"], {
  encoding: "utf8",
  stdio: ["ignore", "pipe", "ignore"],
})
  .trim()
  .split(" built on")[0];

/** Issue 14's targets (the mobile performance score is 98, the desktop one 100). */
const TARGET_PAGES = ["home", "post", "category", "author"];
const TARGETS = { lcp: 1500, tbt: 100, cls: 0.02, performance: { mobile: 98, desktop: 100 }, other: 100 };
/** WordPress's first-load JavaScript on a post page (twentytwentyfour theme), KB gzip. */
const WORDPRESS_POST_JS_KB = 31;

const CHROME_FLAGS = [
  "--headless=new",
  "--no-sandbox",
  "--disable-gpu",
  "--disable-dev-shm-usage",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-extensions",
  "--disable-sync",
  "--no-first-run",
  "--no-default-browser-check",
];

function log(message) {
  process.stdout.write(`${message}\n`);
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

function median(numbers) {
  const sorted = [...numbers].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)];
}

/** The first `/prefix/slug` link in a page, if the page links to one. */
async function firstLink(pathname, prefix) {
  const html = await (await fetch(`${BASE}${pathname}`)).text();
  return html.match(new RegExp(`href="(/${prefix}/[^"?#]+)"`))?.[1];
}

/**
 * The pages to measure. Category and author pages are found through the post page's links
 * (falling back to the API's first category), so the script follows the site's own URLs.
 */
async function findTargets() {
  const [post] = (await (await fetch(`${BASE}/api/posts?limit=1`)).json()).items;
  if (!post) throw new Error("the demo database has no post");
  const postPath = `/page/${post.slug}`;
  let categoryPath = await firstLink(postPath, "category");
  if (!categoryPath) {
    const [category] = await (await fetch(`${BASE}/api/category/getCategories`)).json();
    if (category) categoryPath = `/category/${category.slug}`;
  }
  const authorPath = (await firstLink(postPath, "author")) ?? (await firstLink("/", "author"));
  const [video] = (await (await fetch(`${BASE}/api/posts?category=Audio%20Video&limit=1`)).json()).items;
  const all = {
    home: "/",
    post: postPath,
    category: categoryPath,
    author: authorPath,
    search: "/search?category=Technology",
    embed: video ? `/page/${video.slug}` : undefined,
  };
  const targets = [];
  for (const name of PAGES) {
    const target = all[name];
    if (!target) {
      targets.push({ name, path: "", missing: "no link to one found" });
      continue;
    }
    // Twice: the first answer fills the server's page cache, which readers then meet.
    await (await fetch(`${BASE}${target}`)).arrayBuffer();
    const response = await fetch(`${BASE}${target}`);
    await response.arrayBuffer();
    targets.push({ name, path: target, missing: response.ok ? undefined : `page missing (${response.status})` });
  }
  return targets;
}

const METRICS = [
  "largest-contentful-paint",
  "total-blocking-time",
  "cumulative-layout-shift",
  "first-contentful-paint",
];

/** A run that failed to measure (a trace Lighthouse could not read) is tried again, twice at most. */
async function measuredRun(url, preset) {
  for (let attempt = 1; ; attempt++) {
    try {
      return await runLighthouse(url, preset);
    } catch (error) {
      if (attempt >= 3) throw error;
      log(`  ${error.message}; trying again`);
    }
  }
}

async function runLighthouse(url, preset) {
  const profile = mkdtempSync(path.join(os.tmpdir(), "broadsheet-lighthouse-profile-"));
  const chrome = await chromeLauncher.launch({
    chromePath: CHROMIUM,
    chromeFlags: CHROME_FLAGS,
    userDataDir: profile,
    logLevel: "silent",
  });
  try {
    const result = await lighthouse(
      url,
      {
        port: chrome.port,
        output: "json",
        logLevel: "error",
        onlyCategories: ["performance", "accessibility", "best-practices", "seo"],
        ...(CPU_SLOWDOWN === undefined ? {} : { throttling: { cpuSlowdownMultiplier: CPU_SLOWDOWN } }),
      },
      preset === "desktop" ? desktopConfig : undefined,
    );
    if (!result) throw new Error(`Lighthouse gave no result for ${url}`);
    const { lhr } = result;
    const missing = METRICS.filter((audit) => typeof lhr.audits[audit]?.numericValue !== "number");
    if (lhr.runtimeError || missing.length > 0) {
      throw new Error(
        `Lighthouse could not measure ${url}: ${lhr.runtimeError?.message ?? `no ${missing.join(", ")}`}`,
      );
    }
    return lhr;
  } finally {
    chrome.kill();
    rmSync(profile, { recursive: true, force: true });
  }
}

function scoreOf(lhr, category) {
  const score = lhr.categories[category]?.score;
  return score === null || score === undefined ? Number.NaN : Math.round(score * 100);
}

/** Where the main thread's time went (Lighthouse's own breakdown, CPU slowdown applied): the "why" of TBT. */
function mainThread(lhr) {
  const groups = lhr.audits["mainthread-work-breakdown"]?.details?.items ?? [];
  const scripts = lhr.audits["bootup-time"]?.details?.items ?? [];
  const ms = (value) => Math.round(value ?? 0);
  const file = (url) => url.slice(url.lastIndexOf("/") + 1).replace(/-[\w-]{8}\.js$/, "");
  return [
    `main thread ${ms(lhr.audits["mainthread-work-breakdown"]?.numericValue)} ms`,
    `(${groups.map((group) => `${group.groupLabel} ${ms(group.duration)}`).join(", ")});`,
    `script evaluation ${ms(lhr.audits["bootup-time"]?.numericValue)} ms`,
    `(${scripts
      .slice(0, 6)
      .map((item) => `${file(item.url)} ${ms(item.scripting)}`)
      .join(", ")})`,
  ].join(" ");
}

function figures(lhr) {
  const requests = lhr.audits["network-requests"]?.details?.items ?? [];
  const scriptBytes = requests
    .filter((request) => request.resourceType === "Script")
    .reduce((sum, request) => sum + (request.transferSize ?? 0), 0);
  return {
    performance: scoreOf(lhr, "performance"),
    accessibility: scoreOf(lhr, "accessibility"),
    bestPractices: scoreOf(lhr, "best-practices"),
    seo: scoreOf(lhr, "seo"),
    lcp: lhr.audits["largest-contentful-paint"].numericValue,
    tbt: lhr.audits["total-blocking-time"].numericValue,
    cls: lhr.audits["cumulative-layout-shift"].numericValue,
    fcp: lhr.audits["first-contentful-paint"].numericValue,
    scriptKb: scriptBytes / 1024,
    scriptRequests: requests.filter((request) => request.resourceType === "Script").length,
  };
}

/** Audits of a category that did not pass, worst first: the "why" of a missed target. */
function failingAudits(lhr, category, limit = 4) {
  const refs = lhr.categories[category]?.auditRefs ?? [];
  return refs
    .map((ref) => lhr.audits[ref.id])
    .filter((audit) => audit && audit.score !== null && audit.score < 0.9 && audit.scoreDisplayMode !== "informative")
    .sort((a, b) => a.score - b.score)
    .slice(0, limit)
    .map((audit) => `${audit.title}${audit.displayValue ? ` (${audit.displayValue})` : ""}`);
}

/** Performance diagnostics worth naming when a speed target is missed. */
function performanceReasons(lhr) {
  const reasons = [];
  const lcpBreakdown = lhr.audits["largest-contentful-paint-element"]?.details?.items?.[1]?.items;
  if (lcpBreakdown?.length) {
    reasons.push(
      `LCP phases: ${lcpBreakdown.map((phase) => `${phase.phase ?? phase.label} ${Math.round(phase.timing)} ms`).join(", ")}`,
    );
  }
  const longTasks = lhr.audits["long-tasks"]?.details?.items ?? [];
  if (longTasks.length) {
    reasons.push(
      `${longTasks.length} long task(s), longest ${Math.round(Math.max(...longTasks.map((task) => task.duration)))} ms`,
    );
  }
  const dom = lhr.audits["dom-size"]?.numericValue;
  if (dom) reasons.push(`${dom} DOM elements`);
  reasons.push(...failingAudits(lhr, "performance", 3));
  return reasons;
}

const formatMs = (value) => (value >= 1000 ? `${(value / 1000).toFixed(2)} s` : `${Math.round(value)} ms`);

function missedTargets(preset, page, med, medianRun) {
  const misses = [];
  const perfTarget = TARGETS.performance[preset];
  const speedReasons = () => performanceReasons(medianRun).join("; ");
  if (med.performance < perfTarget)
    misses.push(
      `performance ${med.performance} < ${perfTarget} (${perfTarget - med.performance} short): ${speedReasons()}`,
    );
  if (med.lcp > TARGETS.lcp) misses.push(`LCP ${formatMs(med.lcp)} > 1.5 s (+${formatMs(med.lcp - TARGETS.lcp)})`);
  if (med.tbt > TARGETS.tbt) misses.push(`TBT ${formatMs(med.tbt)} > 100 ms (+${formatMs(med.tbt - TARGETS.tbt)})`);
  if (med.cls > TARGETS.cls) misses.push(`CLS ${med.cls.toFixed(3)} > 0.02 (+${(med.cls - TARGETS.cls).toFixed(3)})`);
  for (const [key, category, label] of [
    ["accessibility", "accessibility", "accessibility"],
    ["bestPractices", "best-practices", "best practices"],
    ["seo", "seo", "SEO"],
  ]) {
    if (med[key] < TARGETS.other)
      misses.push(`${label} ${med[key]} < 100: ${failingAudits(medianRun, category).join("; ") || "see the report"}`);
  }
  // The search page is measured for comparison; the issue's targets are on the other four.
  const note = TARGET_PAGES.includes(page.name) ? "" : " (not a target page)";
  return misses.map((miss) => `- ${page.name}${note} (\`${page.path}\`): ${miss}`);
}

async function measurePreset(preset, targets) {
  const rows = [];
  const misses = [];
  let postScriptKb;
  for (const page of targets) {
    if (page.missing) {
      rows.push(`| ${page.name} | ${page.path ? `\`${page.path}\`` : ""} | ${page.missing} | | | | | | | |`);
      log(`  ${preset} ${page.name}: ${page.missing}`);
      continue;
    }
    const runs = [];
    for (let run = 1; run <= RUNS; run++) {
      const lhr = await measuredRun(`${BASE}${page.path}`, preset);
      runs.push({ lhr, figures: figures(lhr) });
      if (args["save-reports"]) {
        mkdirSync(args["save-reports"], { recursive: true });
        writeFileSync(path.join(args["save-reports"], `${preset}-${page.name}-${run}.json`), JSON.stringify(lhr));
      }
      const f = runs.at(-1).figures;
      log(
        `  ${preset} ${page.name} run ${run}/${RUNS}: performance ${f.performance}, LCP ${formatMs(f.lcp)}, TBT ${formatMs(f.tbt)}, CLS ${f.cls.toFixed(3)}, load average ${os.loadavg()[0].toFixed(1)}`,
      );
      log(`    ${mainThread(lhr)}`);
    }
    const med = {};
    for (const key of Object.keys(runs[0].figures)) med[key] = median(runs.map((run) => run.figures[key]));
    // The run whose performance score is the median one explains the misses.
    const medianRun = [...runs].sort((a, b) => a.figures.performance - b.figures.performance)[
      Math.floor(runs.length / 2)
    ].lhr;
    if (page.name === "post") postScriptKb = med.scriptKb;
    rows.push(
      `| ${page.name} | \`${page.path}\` | ${med.performance} | ${med.accessibility} | ${med.bestPractices} | ${med.seo} | ${formatMs(med.lcp)} | ${formatMs(med.tbt)} | ${med.cls.toFixed(3)} | ${formatMs(med.fcp)} |`,
    );
    misses.push(...missedTargets(preset, page, med, medianRun));
  }
  return { rows, misses, postScriptKb };
}

const ASSETS = path.join(root, "apps/web/build/client");
const STATIC_IMPORT = /(?:\bfrom|\bimport)\s*"\.\/([^"]+\.js)"/g;
const ASSET_URL = /"(\/assets\/[^"]+\.js)"/g;

/** A page's first-load scripts: those its HTML names (tags, preloads, the starter's lists) and their static imports. */
async function firstLoadScripts(pathname) {
  const html = await (await fetch(`${BASE}${pathname}`)).text();
  const files = new Set(
    [...html.replaceAll('\\"', '"').matchAll(ASSET_URL)].map((match) => match[1].slice("/assets/".length)),
  );
  for (const file of files) {
    const code = readFileSync(path.join(ASSETS, "assets", file), "utf8");
    for (const match of code.matchAll(STATIC_IMPORT)) files.add(match[1]);
  }
  return { files: [...files], html };
}

/** The chunk's name without its content hash: the same row on every build. */
const chunkName = (file) => file.replace(/-[\w-]{8}\.js$/, "");
const gzipKb = (bytes) => gzipSync(bytes, { level: 9 }).length / 1024;

async function printBytes(targets) {
  const perChunk = new Map();
  const totals = [];
  for (const page of targets) {
    if (page.missing) continue;
    const { files, html } = await firstLoadScripts(page.path);
    let total = 0;
    for (const file of files) {
      const kb = gzipKb(readFileSync(path.join(ASSETS, "assets", file)));
      total += kb;
      const row = perChunk.get(chunkName(file)) ?? {};
      row[page.name] = kb;
      perChunk.set(chunkName(file), row);
    }
    totals.push({ page, total, count: files.length, htmlKb: gzipKb(Buffer.from(html)) });
  }
  const names = totals.map(({ page }) => page.name);
  log(`| chunk | ${names.join(" | ")} |\n|---|${names.map(() => "---:|").join("")}`);
  const rows = [...perChunk].sort(([, a], [, b]) => Math.max(...Object.values(b)) - Math.max(...Object.values(a)));
  for (const [chunk, row] of rows)
    log(`| ${chunk} | ${names.map((name) => row[name]?.toFixed(1) ?? "").join(" | ")} |`);
  log(
    `| **total JS (files)** | ${totals.map(({ total, count }) => `**${total.toFixed(1)}** (${count})`).join(" | ")} |`,
  );
  log(`| document | ${totals.map(({ htmlKb }) => htmlKb.toFixed(1)).join(" | ")} |`);
  log("\nKB gzip -9 of the built files; pages:");
  for (const { page } of totals) log(`- ${page.name}: ${page.path}`);
}

async function main() {
  log("Building if stale…");
  execFileSync(process.execPath, [path.join(root, "scripts/build-if-stale.mjs")], { stdio: "inherit" });

  const dataDir = path.join(mkdtempSync(path.join(os.tmpdir(), "broadsheet-lighthouse-")), "data");
  const env = {
    ...process.env,
    NODE_ENV: "production",
    DATA_DIR: dataDir,
    PORT: String(PORT),
    HOST: "127.0.0.1",
    LOG_LEVEL: "warn",
  };
  // The embedded database, which seeds the demo magazine on its first start.
  delete env.DATABASE_URL;
  delete env.REDIS_URL;
  delete env.SEED_DEMO;
  delete env.PUBLIC_URL;
  const server = spawn(process.execPath, [path.join(root, "apps/server/dist/main.js")], { env, stdio: "inherit" });
  try {
    log("Starting the server on a fresh database (seeds the demo content)…");
    await waitForHealth(`${BASE}/api/health`, server);
    const targets = await findTargets();
    if (args.bytes) {
      await printBytes(targets);
      return;
    }
    const sections = [];
    const started = new Date();
    for (const preset of PRESETS) {
      log(`Lighthouse, ${preset} preset, ${RUNS} run(s) per page…`);
      const result = await measurePreset(preset, targets);
      const machine = `${os.cpus().length} × ${os.cpus()[0]?.model.trim()}, ${Math.round(os.totalmem() / 2 ** 30)} GiB, load average ${os
        .loadavg()
        .map((load) => load.toFixed(1))
        .join(" ")}; ${CHROMIUM_VERSION} (headless); Node ${process.version}; Lighthouse 12.8.2`;
      const heading =
        preset === "mobile"
          ? `## Mobile preset (Moto G Power, slow 4G, ${CPU_SLOWDOWN ?? 4}× CPU)`
          : "## Desktop preset (1350 × 940, no CPU slowdown, fast network)";
      const lines = [
        heading,
        "",
        `Measured ${started.toISOString().slice(0, 16).replace("T", " ")} UTC on ${machine}. Median of ${RUNS} run(s) per page (\`npm run lighthouse -- --runs ${RUNS} --preset ${preset}${CPU_SLOWDOWN === undefined ? "" : ` --cpu-slowdown ${CPU_SLOWDOWN}`}\`).`,
        "",
        "| page | path | performance | accessibility | best practices | SEO | LCP | TBT | CLS | FCP |",
        "|---|---|---|---|---|---|---|---|---|---|",
        ...result.rows,
        "",
      ];
      if (result.postScriptKb !== undefined) {
        lines.push(
          `First-load JavaScript of the post page: ${result.postScriptKb.toFixed(1)} KB (transfer size of its script requests, gzip/brotli) — WordPress: ${WORDPRESS_POST_JS_KB} KB.`,
          "",
        );
      }
      lines.push(
        result.misses.length
          ? `Targets missed (performance ≥ ${TARGETS.performance[preset]}, LCP ≤ 1.5 s, TBT ≤ 100 ms, CLS ≤ 0.02, the other scores 100):\n\n${result.misses.join("\n")}`
          : "Every target met.",
        "",
      );
      sections.push(lines.join("\n"));
      log(`\n${lines.join("\n")}`);
    }
    if (!args["no-write"] && CPU_SLOWDOWN === undefined) writeReport(sections);
  } finally {
    server.kill("SIGTERM");
    await new Promise((resolve) => (server.exitCode !== null ? resolve() : server.once("exit", resolve)));
    rmSync(path.dirname(dataDir), { recursive: true, force: true });
  }
}

/** Replaces each preset's own section of docs/reader-experience.md and keeps everything else. */
function writeReport(sections) {
  const file = path.join(root, "docs/reader-experience.md");
  let text;
  try {
    text = readFileSync(file, "utf8");
  } catch {
    text =
      "# Reader experience\n\nLighthouse figures from `npm run lighthouse` (scripts/lighthouse.mjs). Rerun it to refresh them; each preset's run replaces its own section.\n";
  }
  for (const section of sections) {
    const heading = section.split("\n")[0];
    const start = text.indexOf(heading);
    if (start >= 0) {
      const next = text.indexOf("\n## ", start + heading.length);
      text = text.slice(0, start) + section + (next >= 0 ? text.slice(next + 1) : "");
    } else {
      text = `${text.trimEnd()}\n\n${section}`;
    }
  }
  writeFileSync(file, `${text.trimEnd()}\n`);
  log(`Written to ${path.relative(root, file)}`);
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
