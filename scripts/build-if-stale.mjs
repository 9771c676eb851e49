// Builds the web app and the server bundle when an output is missing or older than its sources,
// so `npm start` and `npm test` always run what the tree holds.
import { execSync } from "node:child_process";
import { existsSync, readdirSync, statSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");

function newestMtime(target) {
  if (!existsSync(target)) return 0;
  const stat = statSync(target);
  if (!stat.isDirectory()) return stat.mtimeMs;
  let newest = 0;
  for (const entry of readdirSync(target)) {
    if (entry === "node_modules" || entry === "build" || entry === "dist" || entry.startsWith(".")) continue;
    newest = Math.max(newest, newestMtime(path.join(target, entry)));
  }
  return newest;
}

const shared = [path.join(root, "packages/domain"), path.join(root, "package-lock.json")];
const targets = [
  {
    name: "web",
    output: path.join(root, "apps/web/build/server/index.js"),
    sources: [path.join(root, "apps/web"), ...shared],
  },
  {
    name: "server",
    output: path.join(root, "apps/server/dist/main.js"),
    sources: [path.join(root, "apps/server/src"), path.join(root, "apps/server/build.mjs"), ...shared],
  },
];

for (const target of targets) {
  const built = newestMtime(target.output);
  const changed = Math.max(...target.sources.map(newestMtime));
  if (built === 0 || changed > built) {
    console.log(`Building ${target.name}...`);
    execSync(`npm run build -w @broadsheet/${target.name}`, { cwd: root, stdio: "inherit" });
  }
}
