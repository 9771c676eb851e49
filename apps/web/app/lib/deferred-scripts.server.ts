/*
 * React Router's <Scripts> preloads every module of the page in <head> and imports the route
 * modules statically from an async module script, so the browser downloads all the page's
 * JavaScript at high priority beside the stylesheet and the lead image, and runs it (and the
 * hydration after it) before it paints. On a phone over a slow network that is most of the
 * time to first paint, for a page that reads and navigates without any JavaScript.
 *
 * deferScripts() rewrites the rendered document so that the scripts start once the page has
 * loaded and painted: the module preloads move into the module script, which waits for the
 * load event and the next frame, then adds them and imports the route modules dynamically.
 * Hydration is unchanged (the same modules, the same globals, in the same order); it only
 * starts later. React matches the preload links it renders against the ones the script adds.
 */

const MODULE_SCRIPT = /(<script\b[^>]*\btype="module"[^>]*>)([\s\S]*?)(<\/script>)/;
const STATIC_IMPORT = /import \* as ([A-Za-z_$][\w$]*) from ("[^"\n]+");/g;
const MODULE_PRELOAD = /<link rel="modulepreload" href="([^"]+)"[^>]*\/>/g;

/** Waits for the load event and a frame after it (a timer too: hidden tabs get no frames). */
const AFTER_LOAD = `await new Promise((resolve) => {
  if (document.readyState === "complete") resolve();
  else addEventListener("load", () => resolve(), { once: true });
});
await new Promise((resolve) => { requestAnimationFrame(() => setTimeout(resolve, 0)); setTimeout(resolve, 100); });`;

export function deferScripts(html: string): string {
  const script = MODULE_SCRIPT.exec(html);
  if (!script) return html;
  const [whole, open, body, close] = script as unknown as [string, string, string, string];
  const imports = [...body.matchAll(STATIC_IMPORT)].map(([, name, specifier]) => ({ name, specifier }));
  // Anything else imported statically would still load at once: then the page is left as rendered.
  if (imports.length === 0 || /(^|[;\n])\s*import\s*["{]/.test(body.replace(STATIC_IMPORT, ""))) return html;

  const preloads = [...html.matchAll(MODULE_PRELOAD)].map((match) => match[1] as string);
  const rest = body.replace(STATIC_IMPORT, "");
  const deferred = [
    AFTER_LOAD,
    `for (const href of ${JSON.stringify(preloads)}) {`,
    `  const link = document.createElement("link"); link.rel = "modulepreload"; link.href = href; document.head.append(link);`,
    "}",
    `const [${imports.map((item) => item.name).join(", ")}] = await Promise.all([${imports
      .map((item) => `import(${item.specifier})`)
      .join(", ")}]);`,
    rest,
  ].join("\n");
  const index = script.index;
  const withScript = html.slice(0, index) + open + deferred + close + html.slice(index + whole.length);
  return withScript.replace(MODULE_PRELOAD, "");
}
