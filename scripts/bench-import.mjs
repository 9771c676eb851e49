// `npm run bench:import -- --posts 100000 [--database-url postgres://…] [--keep] [--file export.xml]`
// Writes a WordPress export of that many posts (bodies of about 8 KB, tags, nested categories,
// comments; no images) to a temporary folder, streaming, then imports it with the built CLI
// (`npm run import`, with its heap limit) and reports posts per second and the importing process's peak RSS (VmHWM).
// Without --database-url the import goes into a fresh PGlite data directory. --file reuses an
// export written before (kept with --keep): it is written only when missing, for --posts posts.
import { spawn } from "node:child_process";
import { createWriteStream, existsSync, mkdtempSync, readFileSync, rmSync, statSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { parseArgs } from "node:util";
import pg from "pg";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const { values } = parseArgs({
  options: {
    posts: { type: "string", default: "10000" },
    "database-url": { type: "string" },
    keep: { type: "boolean", default: false },
    file: { type: "string" },
  },
});
const postCount = Number(values.posts);
if (!Number.isInteger(postCount) || postCount < 1) {
  console.error("--posts must be a whole number of posts");
  process.exit(1);
}

const WORDS =
  "the of and to in is was for on that with as by at from his her an which or be are this new city council said year people after report week government market river street".split(
    " ",
  );
const AUTHORS = 12;
const CATEGORIES = 16;
const TAGS = 400;

function words(seed, count) {
  let out = "";
  let state = seed;
  for (let i = 0; i < count; i++) {
    state = (state * 1103515245 + 12345) % 2147483648;
    out += `${WORDS[state % WORDS.length]} `;
  }
  return out.trim();
}

function body(id) {
  // About 8 KB: twelve paragraphs of some 110 words, half of the posts in block markup.
  const paragraphs = [];
  for (let p = 0; p < 12; p++) paragraphs.push(words(id * 31 + p, 110));
  if (id % 2 === 0)
    return paragraphs.map((text) => `<!-- wp:paragraph -->\n<p>${text}</p>\n<!-- /wp:paragraph -->`).join("\n\n");
  return paragraphs.join("\n\n");
}

function item(id) {
  const category = id % CATEGORIES;
  const date = new Date(Date.UTC(2010, 0, 1) + id * 3_600_000).toISOString().replace("T", " ").slice(0, 19);
  const tags = [id % TAGS, (id * 7) % TAGS, (id * 13) % TAGS];
  return `<item>
<title>Story number ${id}: ${words(id, 6)}</title>
<link>https://bench.example.com/${date.slice(0, 4)}/${date.slice(5, 7)}/story-${id}/</link>
<dc:creator><![CDATA[author${id % AUTHORS}]]></dc:creator>
<content:encoded><![CDATA[${body(id)}]]></content:encoded>
<excerpt:encoded><![CDATA[${words(id + 7, 20)}]]></excerpt:encoded>
<wp:post_id>${id}</wp:post_id>
<wp:post_date_gmt>${date}</wp:post_date_gmt>
<wp:post_name>story-${id}</wp:post_name>
<wp:status>publish</wp:status>
<wp:post_type>post</wp:post_type>
<category domain="category" nicename="section-${category}"><![CDATA[Section ${category}]]></category>
${tags.map((tag) => `<category domain="post_tag" nicename="topic-${tag}"><![CDATA[Topic ${tag}]]></category>`).join("\n")}
<wp:comment><wp:comment_id>${id * 10}</wp:comment_id><wp:comment_author>Reader</wp:comment_author><wp:comment_date_gmt>${date}</wp:comment_date_gmt><wp:comment_content>${words(id + 3, 25)}</wp:comment_content><wp:comment_approved>1</wp:comment_approved><wp:comment_parent>0</wp:comment_parent></wp:comment>
<wp:comment><wp:comment_id>${id * 10 + 1}</wp:comment_id><wp:comment_author>Writer</wp:comment_author><wp:comment_date_gmt>${date}</wp:comment_date_gmt><wp:comment_content>${words(id + 5, 15)}</wp:comment_content><wp:comment_approved>1</wp:comment_approved><wp:comment_parent>${id * 10}</wp:comment_parent></wp:comment>
</item>
`;
}

async function writeExport(file) {
  const out = createWriteStream(file);
  const write = (text) => (out.write(text) ? undefined : new Promise((resolve) => out.once("drain", resolve)));
  await write(`<?xml version="1.0" encoding="UTF-8"?>
<rss version="2.0" xmlns:excerpt="http://wordpress.org/export/1.2/excerpt/" xmlns:content="http://purl.org/rss/1.0/modules/content/" xmlns:dc="http://purl.org/dc/elements/1.1/" xmlns:wp="http://wordpress.org/export/1.2/">
<channel>
<title>Bench Gazette</title>
<link>https://bench.example.com</link>
<wp:wxr_version>1.2</wp:wxr_version>
<wp:base_site_url>https://bench.example.com</wp:base_site_url>
<wp:base_blog_url>https://bench.example.com</wp:base_blog_url>
`);
  for (let a = 0; a < AUTHORS; a++) {
    await write(
      `<wp:author><wp:author_login>author${a}</wp:author_login><wp:author_email>author${a}@bench.example.com</wp:author_email><wp:author_display_name>Author ${a}</wp:author_display_name></wp:author>\n`,
    );
  }
  for (let c = 0; c < CATEGORIES; c++) {
    // Every fourth section is nested under the one before it: it becomes a type.
    const parent = c % 4 === 3 ? `section-${c - 1}` : "";
    await write(
      `<wp:category><wp:term_id>${c + 1}</wp:term_id><wp:category_nicename>section-${c}</wp:category_nicename><wp:category_parent>${parent}</wp:category_parent><wp:cat_name>Section ${c}</wp:cat_name></wp:category>\n`,
    );
  }
  for (let id = 1; id <= postCount; id++) await write(item(id));
  await write("</channel>\n</rss>\n");
  await new Promise((resolve, reject) => out.end((error) => (error ? reject(error) : resolve())));
}

/** Migrates the database first, so the figures are the import's alone (a real site is migrated already). */
function migrate(env) {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [path.join(root, "apps/server/dist/cli/migrate.js")], {
      env,
      stdio: ["ignore", "ignore", "inherit"],
    });
    child.on("error", reject);
    child.on("exit", (code) => (code === 0 ? resolve() : reject(new Error(`migrations exited with ${code}`))));
  });
}

/** CPU time of a process in clock ticks (1/100 s), from /proc; null once it is gone. */
function processTicks(pid) {
  try {
    const fields = readFileSync(`/proc/${pid}/stat`, "utf8").split(") ")[1].split(" ");
    return Number(fields[11]) + Number(fields[12]);
  } catch {
    return null;
  }
}

/**
 * The CPU of the PostgreSQL backends serving the import's database (when PostgreSQL runs on this
 * machine, so their /proc is readable): polled every second, each backend's last reading summed.
 */
function watchBackends(databaseUrl) {
  if (!databaseUrl) return { stop: async () => null };
  const client = new pg.Client({ connectionString: databaseUrl });
  const ticks = new Map();
  let ownPid = 0;
  const ready = client
    .connect()
    .then(() => client.query("select pg_backend_pid() as pid"))
    .then((result) => {
      ownPid = result.rows[0].pid;
    });
  const read = async () => {
    await ready;
    const { rows } = await client.query("select pid from pg_stat_activity where datname = current_database()");
    for (const { pid } of rows) {
      const value = pid === ownPid ? null : processTicks(pid);
      if (value !== null) ticks.set(pid, value);
    }
  };
  const timer = setInterval(() => read().catch(() => {}), 1000);
  return {
    async stop() {
      clearInterval(timer);
      await read().catch(() => {});
      await client.end().catch(() => {});
      return [...ticks.values()].reduce((sum, value) => sum + value, 0);
    },
  };
}

/** Runs the import, polling its peak resident set (VmHWM) until it exits. */
function runImport(file, env) {
  return new Promise((resolve, reject) => {
    const started = performance.now();
    const child = spawn(
      process.execPath,
      [
        // What `npm run import` runs (package.json): the same heap and young generation, the same malloc settings below.
        "--max-old-space-size=128",
        "--max-semi-space-size=4",
        path.join(root, "apps/server/dist/cli/import.js"),
        "--from",
        "wordpress",
        file,
        "--json",
      ],
      {
        env: { ...env, MALLOC_ARENA_MAX: "2", MALLOC_MMAP_THRESHOLD_: "131072", MALLOC_TRIM_THRESHOLD_: "131072" },
        stdio: ["ignore", "pipe", "inherit"],
      },
    );
    let peakKb = 0;
    let cpuTicks = 0;
    const poll = setInterval(() => {
      try {
        const match = readFileSync(`/proc/${child.pid}/status`, "utf8").match(/VmHWM:\s+(\d+) kB/);
        if (match) peakKb = Math.max(peakKb, Number(match[1]));
        cpuTicks = processTicks(child.pid) ?? cpuTicks;
      } catch {
        // Gone between two polls.
      }
    }, 100);
    const backends = watchBackends(env.DATABASE_URL);
    let output = "";
    child.stdout.on("data", (chunk) => {
      output += chunk;
    });
    child.on("error", reject);
    child.on("exit", async (code) => {
      clearInterval(poll);
      const seconds = (performance.now() - started) / 1000;
      const backendTicks = await backends.stop();
      if (code !== 0) reject(new Error(`the import exited with ${code}`));
      else resolve({ seconds, peakKb, cpuTicks, backendTicks, report: JSON.parse(output) });
    });
  });
}

const workDir = mkdtempSync(path.join(os.tmpdir(), "bench-import-"));
const file = values.file ? path.resolve(values.file) : path.join(workDir, "export.xml");
try {
  if (!existsSync(file)) {
    const writing = performance.now();
    await writeExport(file);
    console.error(
      `Wrote ${postCount} posts (${(statSync(file).size / 1024 ** 2).toFixed(0)} MB) in ${((performance.now() - writing) / 1000).toFixed(1)} s`,
    );
  }
  const bytes = statSync(file).size;
  const databaseUrl = values["database-url"];
  const env = { ...process.env, NODE_ENV: "production", LOG_LEVEL: "warn" };
  if (databaseUrl) env.DATABASE_URL = databaseUrl;
  else {
    delete env.DATABASE_URL;
    env.DATA_DIR = path.join(workDir, "data");
  }
  await migrate(env);
  const load = os.loadavg()[0];
  const { seconds, peakKb, cpuTicks, backendTicks, report } = await runImport(file, env);
  const created = report.counts.post?.created ?? 0;
  const result = {
    database: databaseUrl ? "postgres" : "pglite",
    posts: postCount,
    fileMB: Math.round(bytes / 1024 ** 2),
    created,
    seconds: Number(seconds.toFixed(1)),
    postsPerSecond: Math.round(postCount / seconds),
    peakRssMB: Math.round(peakKb / 1024),
    // CPU per post (ms): the importing process, and PostgreSQL's backends for the import's database.
    importerMsPerPost: Number(((cpuTicks * 10) / postCount).toFixed(2)),
    ...(backendTicks === null ? {} : { backendsMsPerPost: Number(((backendTicks * 10) / postCount).toFixed(2)) }),
    loadAverage: { start: Number(load.toFixed(1)), end: Number(os.loadavg()[0].toFixed(1)) },
  };
  console.log(JSON.stringify(result));
} finally {
  if (!values.keep) rmSync(workDir, { recursive: true, force: true });
}
