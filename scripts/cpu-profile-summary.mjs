// node scripts/cpu-profile-summary.mjs FILE.cpuprofile [--top 20]
//
// Where a V8 CPU profile (node --cpu-prof) spent its time: self time by kind (PGlite's
// WebAssembly, each npm package, the app's own code, garbage collection, idle) and the busiest
// functions. The benchmark prints it for `npm run bench -- --cpu-profile DIR`.
import { readFileSync } from "node:fs";
import { parseArgs } from "node:util";

/** The kind of code a profile node belongs to. */
function kindOf({ functionName, url }) {
  if (functionName === "(idle)") return "idle";
  if (functionName === "(garbage collector)") return "garbage collection";
  if (functionName === "(program)" || functionName === "(root)") return "V8 and native (program)";
  if (url.startsWith("wasm://") || /^\$?wasm-function/.test(functionName) || /^\$/.test(functionName))
    return "WebAssembly (PGlite's PostgreSQL)";
  const pkg = url.match(/node_modules\/((?:@[^/]+\/)?[^/]+)/);
  if (pkg) return `npm: ${pkg[1]}`;
  if (url.includes("/apps/server/dist/")) return "app: server";
  if (url.includes("/apps/web/build/")) return "app: pages (SSR)";
  if (url.startsWith("node:") || url === "") return "Node.js built-ins";
  return "other";
}

export function summarizeCpuProfile(file, top = 20) {
  const profile = JSON.parse(readFileSync(file, "utf8"));
  const byId = new Map(profile.nodes.map((node) => [node.id, node]));
  const selfMs = new Map();
  for (let i = 0; i < profile.samples.length; i++) {
    const id = profile.samples[i];
    selfMs.set(id, (selfMs.get(id) ?? 0) + (profile.timeDeltas[i] ?? 0) / 1000);
  }
  const kinds = new Map();
  const functions = new Map();
  let busy = 0;
  for (const [id, ms] of selfMs) {
    const { callFrame } = byId.get(id);
    const kind = kindOf(callFrame);
    kinds.set(kind, (kinds.get(kind) ?? 0) + ms);
    if (kind === "idle") continue;
    busy += ms;
    const name = `${callFrame.functionName || "(anonymous)"} ${callFrame.url.replace(/^.*\/(node_modules|dist|build)\//, "")}:${callFrame.lineNumber + 1}`;
    functions.set(name, (functions.get(name) ?? 0) + ms);
  }
  const percent = (ms) => `${((ms / busy) * 100).toFixed(1)} %`;
  const lines = [`Busy ${busy.toFixed(0)} ms (idle ${(kinds.get("idle") ?? 0).toFixed(0)} ms). Self time by kind:`];
  for (const [kind, ms] of [...kinds].filter(([kind]) => kind !== "idle").sort((a, b) => b[1] - a[1]))
    lines.push(`  ${percent(ms).padStart(7)}  ${kind}`);
  lines.push(`Busiest ${top} functions (self time):`);
  for (const [name, ms] of [...functions].sort((a, b) => b[1] - a[1]).slice(0, top))
    lines.push(`  ${percent(ms).padStart(7)}  ${name}`);
  return lines.join("\n");
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const { values, positionals } = parseArgs({
    options: { top: { type: "string", default: "20" } },
    allowPositionals: true,
  });
  if (!positionals[0]) throw new Error("usage: node scripts/cpu-profile-summary.mjs FILE.cpuprofile");
  console.log(summarizeCpuProfile(positionals[0], Number(values.top)));
}
