import { describe, expect, it } from "vitest";
import { deferScriptsPastFirstPaint, inEvaluationOrder } from "./scripts-after-paint.server";

const defer = (html: string) => deferScriptsPastFirstPaint(Buffer.from(html)).toString("utf8");

// The shape React Router's <Scripts> renders (React hoists the preloads into the head).
const ROUTER_SOURCE = `import * as route0 from "/assets/root-A.js";
window.__reactRouterRouteModules = {"root":route0, "note": "<b>bold</b> — ü"};
import("/assets/entry.client-E.js");`;
const DOCUMENT = `<!DOCTYPE html><html lang="en"><head><link rel="stylesheet" href="/assets/app.css"/>
<link rel="modulepreload" href="/assets/entry.client-E.js"/>
<link rel="modulepreload" href="/assets/reader-R.js"/>
<link rel="modulepreload" href="/assets/router-F.js"/>
<link rel="modulepreload" href="/assets/root-A.js"/>
<link rel="modulepreload" href="/assets/domain-posts-D.js"/>
</head><body><main id="main"><p>The story: café — “naïve” ✓</p></main>
<script>window.__reactRouterContext = {};</script><script type="module" async="">${ROUTER_SOURCE}</script></body></html>`;

/** The arguments the starter script passes to startScriptsAfterPaint. */
function starterArguments(html: string): unknown[] {
  const call = /<script>\(function startScriptsAfterPaint[\s\S]*?\}\)\(([\s\S]*)\)<\/script><\/body>/.exec(html);
  if (!call) throw new Error("no starter script");
  return JSON.parse(`[${call[1]}]`);
}

describe("scripts after the first paint", () => {
  const deferred = defer(DOCUMENT);

  it("takes the module preloads out of the head and leaves the page's content and stylesheet", () => {
    expect(deferred).not.toContain('rel="modulepreload"');
    expect(deferred).not.toContain('type="module"');
    expect(deferred).toContain('<link rel="stylesheet" href="/assets/app.css"/>');
    expect(deferred).toContain('<main id="main"><p>The story: café — “naïve” ✓</p></main>');
    expect(deferred).toContain("<script>window.__reactRouterContext = {};</script>");
  });

  it("keeps the router's module whole as an inert script, which a classic script starts", () => {
    const [sourceId, preloads, shared, latestMs] = starterArguments(deferred);
    // Inert, the source is still an inline script of the page: the CSP's hash of it lets the starter run it.
    expect(deferred).toContain(`<script type="text/x-router-module" id="${sourceId}">${ROUTER_SOURCE}</script>`);
    expect(preloads).toEqual([
      "/assets/entry.client-E.js",
      "/assets/reader-R.js",
      "/assets/router-F.js",
      "/assets/root-A.js",
      "/assets/domain-posts-D.js",
    ]);
    // The client entry hydrates: it is left to the router's module, which imports it last.
    expect(shared).toEqual([
      "/assets/router-F.js",
      "/assets/domain-posts-D.js",
      "/assets/reader-R.js",
      "/assets/root-A.js",
    ]);
    expect(latestMs).toBeGreaterThan(0);
  });

  it("leaves a document without the router's module script as it is", () => {
    const plain = "<!DOCTYPE html><html><body><p>No scripts</p></body></html>";
    expect(defer(plain)).toBe(plain);
  });

  it("orders the shared chunks so each runs after the chunks it imports", () => {
    expect(
      inEvaluationOrder([
        "/assets/route-X.js",
        "/assets/reader-R.js",
        "/assets/icons-I.js",
        "/assets/domain-users-U.js",
        "/assets/zod-Z.js",
        "/assets/router-O.js",
        "/assets/react-dom-D.js",
        "/assets/react-core-C.js",
        "/assets/rolldown-runtime-W.js",
        "/assets/use-now-N.js",
      ]),
    ).toEqual([
      "/assets/rolldown-runtime-W.js",
      "/assets/react-core-C.js",
      "/assets/react-dom-D.js",
      "/assets/router-O.js",
      "/assets/zod-Z.js",
      "/assets/domain-users-U.js",
      "/assets/icons-I.js",
      "/assets/reader-R.js",
      "/assets/route-X.js",
      "/assets/use-now-N.js",
    ]);
  });
});
