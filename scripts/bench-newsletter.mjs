// `npm run bench:newsletter -- --subscribers 100000 [--database-url postgres://…] [--keep]`
// Starts an SMTP sink (smtp-server: no auth, accepts at once, counts the mails each recipient
// gets), then runs the built apps/server/dist/cli/newsletter-bench.js in a child process: it adds
// that many subscribed addresses and a story, and sends the story to all of them through the sink
// (10 connections, 1,000 a second, batches of 1,000). Reports mails per second, the time to
// finish, the sending process's peak RSS (VmHWM), duplicates and missing (both must be 0).
// Without --database-url the send runs on a fresh PGlite data directory.
import { spawn } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { parseArgs } from "node:util";
import { SMTPServer } from "smtp-server";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const { values } = parseArgs({
  options: {
    subscribers: { type: "string", default: "100000" },
    "database-url": { type: "string" },
    keep: { type: "boolean", default: false },
    // Writes the sending process's CPU profile there (summarise with scripts/cpu-profile-summary.mjs).
    "cpu-profile": { type: "string" },
  },
});
const count = Number(values.subscribers);
if (!Number.isInteger(count) || count < 1) {
  console.error("--subscribers must be a whole number");
  process.exit(1);
}

const received = new Map();
const sink = new SMTPServer({
  authOptional: true,
  disabledCommands: ["STARTTLS"],
  logger: false,
  maxClients: 100,
  onData(stream, session, done) {
    stream.resume();
    // A mail counts at its final dot, as a real server accepts it.
    stream.on("end", () => {
      for (const to of session.envelope.rcptTo) received.set(to.address, (received.get(to.address) ?? 0) + 1);
      done();
    });
  },
});
await new Promise((resolve) => sink.listen(0, "127.0.0.1", resolve));
const smtpUrl = `smtp://127.0.0.1:${sink.server.address().port}`;

function run(script, args, env, nodeArgs = []) {
  return new Promise((resolve, reject) => {
    // Sends run in the server, so the sender runs as `npm start` runs it (package.json): the same heap,
    // young generation and malloc settings.
    const child = spawn(
      process.execPath,
      [
        "--max-old-space-size=512",
        "--max-semi-space-size=4",
        ...nodeArgs,
        path.join(root, "apps/server/dist/cli", script),
        ...args,
      ],
      {
        env: { ...env, MALLOC_ARENA_MAX: "2", MALLOC_MMAP_THRESHOLD_: "131072", MALLOC_TRIM_THRESHOLD_: "131072" },
        stdio: ["ignore", "pipe", "inherit"],
      },
    );
    let peakKb = 0;
    const poll = setInterval(() => {
      try {
        const match = readFileSync(`/proc/${child.pid}/status`, "utf8").match(/VmHWM:\s+(\d+) kB/);
        if (match) peakKb = Math.max(peakKb, Number(match[1]));
      } catch {
        // Gone between two polls.
      }
    }, 100);
    let output = "";
    child.stdout.on("data", (chunk) => {
      output += chunk;
    });
    child.on("error", reject);
    child.on("exit", (code) => {
      clearInterval(poll);
      if (code !== 0) reject(new Error(`${script} exited with ${code}`));
      else resolve({ output, peakKb });
    });
  });
}

const workDir = mkdtempSync(path.join(os.tmpdir(), "bench-newsletter-"));
try {
  const databaseUrl = values["database-url"];
  const env = { ...process.env, NODE_ENV: "production", LOG_LEVEL: "warn", SMTP_URL: smtpUrl, SEED_DEMO: "false" };
  if (databaseUrl) env.DATABASE_URL = databaseUrl;
  else {
    delete env.DATABASE_URL;
    env.DATA_DIR = path.join(workDir, "data");
  }
  await run("migrate.js", [], env);
  const profile = values["cpu-profile"];
  const { output, peakKb } = await run(
    "newsletter-bench.js",
    ["--subscribers", String(count)],
    env,
    profile ? ["--cpu-prof", `--cpu-prof-dir=${profile}`] : [],
  );
  const send = JSON.parse(output);
  let duplicates = 0;
  let missing = 0;
  for (let n = 1; n <= count; n++) {
    const mails = received.get(`bench-${n}@bench.example`) ?? 0;
    if (mails === 0) missing++;
    if (mails > 1) duplicates += mails - 1;
  }
  console.log(
    JSON.stringify({
      database: databaseUrl ? "postgres" : "pglite",
      subscribers: count,
      status: send.status,
      sent: send.sent,
      seconds: Number(send.seconds.toFixed(1)),
      mailsPerSecond: Math.round(count / send.seconds),
      peakRssMB: Math.round(peakKb / 1024),
      duplicates,
      missing,
    }),
  );
} finally {
  await new Promise((resolve) => sink.close(resolve));
  if (!values.keep) rmSync(workDir, { recursive: true, force: true });
}
