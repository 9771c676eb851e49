import { describe, expect, it } from "vitest";
import { deferScripts } from "./deferred-scripts.server";

const page = (script: string) =>
  `<html><head><link rel="stylesheet" href="/assets/root.css"/><link rel="modulepreload" href="/assets/framework.js" nonce="n"/><link rel="modulepreload" href="/assets/home.js" nonce="n"/></head><body><main>Hello</main><script nonce="n">window.__reactRouterContext = {};</script><script nonce="n" type="module" async="">${script}</script></body></html>`;

const routerScript = `; import * as route0 from "/assets/root.js";
import * as route1 from "/assets/home.js";
  window.__reactRouterManifest = {"entry":{}};
  window.__reactRouterRouteModules = {"root":route0,"routes/home":route1};

import("/assets/entry.client.js");`;

describe("deferScripts", () => {
  it("moves the module preloads into the module script and imports the routes after load", () => {
    const html = deferScripts(page(routerScript));
    expect(html).not.toContain('rel="modulepreload"');
    expect(html).toContain('<link rel="stylesheet" href="/assets/root.css"/>');
    const script = /<script nonce="n" type="module" async="">([\s\S]*)<\/script><\/body>/.exec(html)?.[1] ?? "";
    expect(script).not.toMatch(/import \* as/);
    expect(script).toContain('["/assets/framework.js","/assets/home.js"]');
    expect(script).toContain(
      'const [route0, route1] = await Promise.all([import("/assets/root.js"), import("/assets/home.js")]);',
    );
    // The router's own lines follow, in order, after the wait for the load event.
    expect(script.indexOf('addEventListener("load"')).toBeLessThan(script.indexOf("Promise.all"));
    expect(script.indexOf("Promise.all")).toBeLessThan(script.indexOf("window.__reactRouterRouteModules"));
    expect(script.indexOf("window.__reactRouterRouteModules")).toBeLessThan(
      script.indexOf('import("/assets/entry.client.js")'),
    );
  });

  it("is valid module code that gives the route modules to the router", async () => {
    const html = deferScripts(page(routerScript));
    const script = /type="module" async="">([\s\S]*)<\/script><\/body>/.exec(html)?.[1] ?? "";
    const loaded: string[] = [];
    const fakeWindow: Record<string, unknown> = {};
    const head: string[] = [];
    const run = new Function(
      "window",
      "document",
      "addEventListener",
      "requestAnimationFrame",
      "importModule",
      `return (async () => {${script.replaceAll("import(", "importModule(")}})();`,
    );
    await run(
      fakeWindow,
      {
        readyState: "complete",
        createElement: () => ({}),
        head: { append: (link: { href: string }) => head.push(link.href) },
      },
      () => {},
      (callback: () => void) => callback(),
      async (specifier: string) => {
        loaded.push(specifier);
        return { specifier };
      },
    );
    expect(head).toEqual(["/assets/framework.js", "/assets/home.js"]);
    expect(loaded).toEqual(["/assets/root.js", "/assets/home.js", "/assets/entry.client.js"]);
    expect(fakeWindow.__reactRouterRouteModules).toEqual({
      root: { specifier: "/assets/root.js" },
      "routes/home": { specifier: "/assets/home.js" },
    });
  });

  it("leaves a page without the router's module script, or with other static imports, as it is", () => {
    const plain = "<html><body><p>Error</p></body></html>";
    expect(deferScripts(plain)).toBe(plain);
    const other = page('import { x } from "/assets/x.js";\nimport * as route0 from "/assets/root.js";');
    expect(deferScripts(other)).toBe(other);
  });
});
