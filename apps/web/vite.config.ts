import { readdirSync, readFileSync } from "node:fs";
import { createRequire } from "node:module";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { reactRouter } from "@react-router/dev/vite";
import tailwindcss from "@tailwindcss/vite";
import type { ChunkingContext } from "rolldown";
import { defineConfig } from "vite";

/*
 * The libraries every page runs, in three long-cached chunks rather than a dozen small ones or
 * one: a chunk's modules are evaluated in one task, and evaluating all of them at once was the
 * longest task after the first paint (decision 031). The starter runs them in this order.
 */
const REACT_CORE = /node_modules[\\/](react|scheduler)[\\/]/;
const REACT_DOM = /node_modules[\\/]react-dom[\\/]/;
const ROUTER = /node_modules[\\/](react-router|cookie|set-cookie-parser|turbo-stream)[\\/]/;
/*
 * What reader pages share besides the framework, zod and the domain: the app's lib/ (not admin/
 * or the account forms' checks) and its components at the top level, in layout/, account/ and
 * ui/, that the root or a reader page (home, post, category, author, search) imports. One
 * request instead of about 25: over HTTP/1.1 a browser fetches six at a time, and each small
 * chunk waits its turn. The group names are also CHUNKS_IN_IMPORT_ORDER in
 * app/lib/document/scripts-after-paint.server.ts (decision 024).
 */
const READER_SHARED =
  /node_modules[\\/]clsx[\\/]|app[\\/]lib[\\/](?:(?:forms|offline|document)[\\/]|account[\\/](?!account-forms|auth-page))?[^\\/]+$|app[\\/]components[\\/](?:(?:layout|account)[\\/]|ui[\\/](?!table|row-actions|empty-state|pager|index))?[^\\/]+\.tsx?$/;
const READER_PAGES = /app[\\/](?:root\.tsx|routes[\\/](?:home\.tsx|(?:post|category|author|search)[\\/]route\.tsx))$/;
/*
 * Matched by path alone, the reader chunk also held what only the account and admin screens
 * import (the account pages' layout, form fields, two-factor set-up): 3 KB gzip of every reader
 * page's first load (decision 087). What is imported only dynamically (the toasts' container)
 * is fetched when wanted, not with the page.
 */
function readerChunk(id: string, ctx: ChunkingContext): string | null {
  const seen = new Set<string>();
  const importedByAReaderPage = (module: string): boolean => {
    if (READER_PAGES.test(module)) return true;
    if (seen.has(module)) return false;
    seen.add(module);
    return (ctx.getModuleInfo(module)?.importers ?? []).some(importedByAReaderPage);
  };
  return importedByAReaderPage(id) ? "reader" : null;
}
const DOMAIN = /packages[\\/]domain[\\/]src[\\/]/;
/*
 * The domain's modules that build no zod schema, which every reader page imports (messages,
 * dates, roles): a chunk of their own, claimed before the schemas' groups, which would
 * otherwise take them in as their dependencies, so that a reader page loads and runs no zod
 * at all (decision 025; apps/server/src/http/reader-page-scripts.test.ts checks the pages).
 */
const DOMAIN_WITHOUT_ZOD =
  /packages[\\/]domain[\\/]src[\\/](rules[\\/][a-z-]+|api[\\/](endpoint-url|messages|page-context)|accounts[\\/]roles)\.ts$/;
/*
 * The icons drawn outside the admin screens, in one chunk every reader page loads; the admin's
 * own (most of lucide's hundred-odd here) in a chunk of their own: one "icons" chunk of them all
 * was 9.6 KB gzip on every article (decision 087). Read from the imports, through lucide's index,
 * which maps each name and alias to its file.
 */
function readerIcons(): RegExp {
  const lucide = path.dirname(createRequire(import.meta.url).resolve("lucide-react/package.json"));
  const index = readFileSync(path.join(lucide, "dist/esm/lucide-react.mjs"), "utf8");
  const fileOf = new Map<string, string>();
  for (const [, names = "", file = ""] of index.matchAll(/export \{([^}]*)\} from '\.\/icons\/([a-z0-9-]+)\.mjs'/g))
    for (const [, name = ""] of names.matchAll(/as (\w+)/g)) fileOf.set(name, file);
  const files = new Set<string>();
  const app = fileURLToPath(new URL("app", import.meta.url));
  for (const file of readdirSync(app, { recursive: true, encoding: "utf8" })) {
    if (!/\.tsx?$/.test(file) || /(^|[\\/])admin[\\/]|\.test\.tsx?$/.test(file)) continue;
    const source = readFileSync(path.join(app, file), "utf8");
    for (const [, names = ""] of source.matchAll(/import \{([^}]*)\} from "lucide-react"/g))
      for (const name of names.split(",")) {
        const icon = fileOf.get(name.trim().split(/\s+as\s+/)[0] ?? "");
        if (icon) files.add(icon);
      }
  }
  // Lucide's own modules (the icon component, its defaults) come along with the icons.
  return new RegExp(
    `node_modules[\\\\/]lucide-react[\\\\/]dist[\\\\/]esm[\\\\/](?:icons[\\\\/](?:${[...files].join("|")})\\.mjs$|(?!icons[\\\\/]))`,
  );
}

/** The domain's schemas by area: building them all in one chunk took one long task (decision 024). */
function domainChunk(id: string): string {
  const area = /([a-z-]+)(\.[a-z]+)?\.ts$/.exec(id)?.[1] ?? "shared";
  return `domain-${area}`;
}
/*
 * react-toastify's stacked mode (unused here) styles `…--stacked[data-collapsed=true]:not(:last-child) > *`.
 * For that one rule Chromium restyles an element's whole subtree whenever it stops being a last
 * child, which is every element the parser appends a sibling after: on the home page, most of
 * the style work while the HTML streams in (decision 033). Its stacked-mode rules are dropped.
 */
const UNUSED_TOASTIFY_RULES = /\.Toastify__toast--stacked\b/;
const dropUnusedToastifyRules = {
  postcssPlugin: "drop-unused-toastify-rules",
  Rule(rule: { selector: string; remove(): void }) {
    if (UNUSED_TOASTIFY_RULES.test(rule.selector)) rule.remove();
  },
};

/*
 * The UI kit's door, components/ui/index.ts, only re-exports: said so, a screen importing a button
 * through it loads the button's chunk, not also the chunk of the tables the door names.
 */
const UI_KIT_DOOR = /app[\\/]components[\\/]ui[\\/]index\.ts$/;

export default defineConfig({
  plugins: [tailwindcss(), reactRouter()],
  css: { postcss: { plugins: [dropUnusedToastifyRules] } },
  // Bundled into the server build, so a server process holds the icons it renders, not all of them.
  ssr: { noExternal: ["lucide-react"] },
  build: {
    rolldownOptions: {
      treeshake: { moduleSideEffects: (id) => (UI_KIT_DOOR.test(id) ? false : undefined) },
      output: {
        codeSplitting: {
          groups: [
            { name: "react-core", test: REACT_CORE, priority: 3 },
            { name: "react-dom", test: REACT_DOM, priority: 3 },
            { name: "router", test: ROUTER, priority: 3 },
            // Icons are a few hundred bytes each: one chunk rather than a request per icon.
            { name: "icons", test: readerIcons(), priority: 2 },
            { name: "admin-icons", test: /node_modules[\\/]lucide-react[\\/]dist[\\/]esm[\\/]icons[\\/]/, priority: 1 },
            { name: "zod", test: /node_modules[\\/]zod[\\/]/, priority: 2 },
            { name: "domain", test: DOMAIN_WITHOUT_ZOD, priority: 3 },
            { name: domainChunk, test: DOMAIN, priority: 2 },
            { name: readerChunk, test: READER_SHARED, priority: 1 },
          ],
        },
      },
    },
  },
});
