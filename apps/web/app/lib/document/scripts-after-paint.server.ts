/*
 * React Router asks for its scripts from the head (module preloads) and starts them from an
 * inline module script. On a phone on a slow network those 160 KB then share the line with the
 * stylesheet and the main image, and the first paint waits (docs/reader-experience.md). The
 * page reads without them, so they are asked for once the page has painted: the document's
 * preloads are taken out, the router's module script is left inert, and a classic script, once
 * the browser reports the first contentful paint, adds the preloads back and runs the module.
 * Input before that is held (lib/early-input.ts). Decision 024.
 */

/** However long the first paint takes, the scripts are asked for by then. */
const START_AT_THE_LATEST_MS = 3_000;
// The markup React Router's <Scripts> renders.
const MODULE_PRELOAD = Buffer.from('<link rel="modulepreload" href="');
const MODULE_SCRIPT_OPENING = Buffer.from('<script type="module" async="">');
const SCRIPT_END = Buffer.from("</script>");
const HEAD_END = Buffer.from("</head>");
const ROUTER_ENTRY_IMPORT = /import\("([^"]+)"\)/;

/*
 * The router's module source stays in the document as an inert script of this type, which the
 * starter runs as a module: its text is then an inline script of the page, allowed by the
 * hash the server's CSP gives every inline script (apps/server/src/http/middleware/security-headers.ts).
 */
const ROUTER_MODULE_ID = "router-module";

/**
 * Runs in the browser as `(${startScriptsAfterPaint})(sourceId, preloads, shared, latestMs)`: it
 * must not refer to anything outside itself. Every script is asked for, one per task, the
 * `shared` chunks first; then those are run one per task (a module and everything it imports
 * run in one task, which for the whole page is one long task), and last the router's own module.
 *
 * It starts once the browser reports the first contentful paint (a frame's callbacks run
 * before its paint is shown, so waiting for frames is not enough); at once in a hidden tab,
 * which paints nothing, or a browser without paint timing; and after `latestMs` whatever
 * happens.
 */
export function startScriptsAfterPaint(sourceId: string, preloads: string[], shared: string[], latestMs: number): void {
  const module = (configure: (script: HTMLScriptElement) => void) => {
    const script = document.createElement("script");
    script.type = "module";
    configure(script);
    document.head.append(script);
  };
  // A hidden tab paints nothing and runs timers once a second at most: there, no waiting.
  const inItsOwnTask = (then: () => void) => {
    if (document.visibilityState === "visible") setTimeout(then);
    else then();
  };
  const runInTurn = (chunks: string[]) => {
    const chunk = chunks.shift();
    if (chunk === undefined) {
      module((script) => {
        script.textContent = document.getElementById(sourceId)?.textContent ?? "";
      });
      return;
    }
    const next = () => inItsOwnTask(() => runInTurn(chunks));
    module((script) => {
      script.src = chunk;
      script.onload = next;
      script.onerror = next;
    });
  };
  // Asking for a script costs a phone 5–15 ms of the main thread: one per task, needed first first.
  const preloadInTurn = (hrefs: string[]) => {
    const href = hrefs.shift();
    if (href === undefined) {
      runInTurn([...shared]);
      return;
    }
    const link = document.createElement("link");
    link.rel = "modulepreload";
    link.href = href;
    document.head.append(link);
    inItsOwnTask(() => preloadInTurn(hrefs));
  };
  let started = false;
  const start = () => {
    if (started) return;
    started = true;
    preloadInTurn([...shared, ...preloads.filter((href) => !shared.includes(href))]);
  };
  const paintTiming =
    typeof PerformanceObserver !== "undefined" && PerformanceObserver.supportedEntryTypes?.includes("paint");
  if (document.visibilityState !== "visible" || !paintTiming) {
    start();
    return;
  }
  new PerformanceObserver((list, observer) => {
    if (list.getEntriesByName("first-contentful-paint").length === 0) return;
    observer.disconnect();
    start();
  }).observe({ type: "paint", buffered: true });
  setTimeout(start, latestMs);
}

/*
 * A chunk runs what it imports first, in the same task: to keep each task short the chunks go
 * dependencies first. The prefixes are vite.config.ts's chunk groups, in the order they import
 * one another; route chunks, which import them all, keep their order after them.
 */
const CHUNKS_IN_IMPORT_ORDER = [
  "rolldown-runtime-",
  "react-core-",
  "react-dom-",
  "router-",
  "zod-",
  "domain-",
  "icons-",
  "reader-",
];

function evaluationRank(href: string): number {
  const file = href.slice(href.lastIndexOf("/") + 1);
  const rank = CHUNKS_IN_IMPORT_ORDER.findIndex((prefix) => file.startsWith(prefix));
  return rank === -1 ? CHUNKS_IN_IMPORT_ORDER.length : rank;
}

export function inEvaluationOrder(hrefs: string[]): string[] {
  return hrefs.toSorted((a, b) => evaluationRank(a) - evaluationRank(b));
}

const STARTER_FUNCTION = startScriptsAfterPaint.toString();

/** JSON that is safe inside a script element: no `</script>` or `<!--` can close it. */
function scriptJson(value: unknown): string {
  return JSON.stringify(value).replace(/</g, "\\u003c");
}

/**
 * The document with its scripts asked for after the first paint; unchanged if it has no router
 * script. It works on the rendered bytes with native searches: a string copy and regular
 * expressions over a 230 KB home page cost more than a millisecond per render.
 */
export function deferScriptsPastFirstPaint(html: Buffer<ArrayBuffer>): Buffer<ArrayBuffer> {
  // The router's script comes after the page's content, in which React escapes every "<".
  const scriptStart = html.lastIndexOf(MODULE_SCRIPT_OPENING);
  if (scriptStart === -1) return html;
  const sourceStart = scriptStart + MODULE_SCRIPT_OPENING.length;
  const scriptEnd = html.indexOf(SCRIPT_END, sourceStart);
  if (scriptEnd === -1) return html;
  const source = html.subarray(sourceStart, scriptEnd);

  const kept: Buffer<ArrayBuffer>[] = [];
  const preloads: string[] = [];
  let keptFrom = 0;
  // React writes the preloads into the head: searching the rest of the page would find none.
  const headEnd = html.indexOf(HEAD_END);
  const head = html.subarray(0, headEnd === -1 ? scriptStart : Math.min(headEnd, scriptStart));
  for (let at = head.indexOf(MODULE_PRELOAD); at !== -1; at = head.indexOf(MODULE_PRELOAD, keptFrom)) {
    const hrefEnd = html.indexOf('"', at + MODULE_PRELOAD.length);
    const tagEnd = html.indexOf(">", hrefEnd);
    if (hrefEnd === -1 || tagEnd === -1) return html;
    preloads.push(html.toString("utf8", at + MODULE_PRELOAD.length, hrefEnd));
    kept.push(html.subarray(keptFrom, at));
    keptFrom = tagEnd + 1;
  }

  // The client entry hydrates when it runs: it must run last, after the router's module.
  const entry = ROUTER_ENTRY_IMPORT.exec(source.toString("utf8"))?.[1];
  const shared = inEvaluationOrder(preloads.filter((href) => href !== entry));
  const inert = `<script type="text/x-router-module" id="${ROUTER_MODULE_ID}">`;
  const starter = `</script><script>(${STARTER_FUNCTION})(${scriptJson(ROUTER_MODULE_ID)},${scriptJson(preloads)},${scriptJson(shared)},${START_AT_THE_LATEST_MS})</script>`;
  kept.push(
    html.subarray(keptFrom, scriptStart),
    Buffer.from(inert),
    source,
    Buffer.from(starter),
    html.subarray(scriptEnd + SCRIPT_END.length),
  );
  return Buffer.concat(kept);
}
