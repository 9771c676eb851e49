#!/usr/bin/env node
/*
 * The copy-paste check of `npm run lint`: jscpd over the app code (.jscpd.json: the server's,
 * the web's and the domain's sources, tests aside; clones of 6 lines or more) fails the run
 * when there are more than MAX_DUPLICATE_PAIRS clones, or any clone shared by the server and
 * the web, which should share code through packages/domain instead. It prints every clone.
 *
 * Two things in .jscpd.json are not counted, as they are boilerplate rather than copied logic:
 * `import` statements (`ignorePattern`: files that use the same modules start alike), and the
 * drizzle tables under db/schema (declarative column lists, where likeness is the convention).
 */
import { spawnSync } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";

/** The most duplicate pairs the app code may have; lowered as duplicates are taken out. */
const MAX_DUPLICATE_PAIRS = 10;

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const output = mkdtempSync(path.join(os.tmpdir(), "broadsheet-jscpd-"));
let report;
try {
  const run = spawnSync(
    path.join(root, "node_modules", ".bin", "jscpd"),
    ["--config", path.join(root, ".jscpd.json"), "--output", output, "--no-tips"],
    { cwd: root, encoding: "utf8", env: { ...process.env, JSCPD_NO_TIPS: "1" } },
  );
  if (run.status !== 0) {
    console.error(`jscpd failed (exit ${run.status ?? run.signal})\n${run.stderr}${run.stdout}`);
    process.exit(1);
  }
  report = JSON.parse(readFileSync(path.join(output, "jscpd-report.json"), "utf8"));
} finally {
  rmSync(output, { recursive: true, force: true });
}

const relative = (file) => path.relative(root, path.resolve(root, file));
const app = (file) => relative(file).split(path.sep).slice(0, 2).join("/");
const place = ({ name, start, end }) => `${relative(name)}:${start}-${end}`;

const pairs = report.duplicates.map((clone) => ({
  first: place(clone.firstFile),
  second: place(clone.secondFile),
  lines: clone.lines,
  acrossApps:
    new Set([app(clone.firstFile.name), app(clone.secondFile.name)]).size === 2 &&
    [clone.firstFile.name, clone.secondFile.name].every((file) => /^apps\/(server|web)$/.test(app(file))),
}));
for (const pair of pairs) {
  console.log(`${pair.acrossApps ? "server↔web " : ""}${pair.first}  ≡  ${pair.second}  (${pair.lines} lines)`);
}

const across = pairs.filter((pair) => pair.acrossApps).length;
console.log(
  `${pairs.length} duplicate pairs (at most ${MAX_DUPLICATE_PAIRS}), ${across} between the server and the web (none allowed)`,
);
if (pairs.length > MAX_DUPLICATE_PAIRS || across > 0) {
  console.error(
    "Duplicate code over the limit: take the repeated code into one module (packages/domain when both apps need it).",
  );
  process.exit(1);
}
