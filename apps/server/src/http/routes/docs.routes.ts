import { docsApi } from "@broadsheet/domain";
import type { OpenAPIObject, OperationObject, ParameterObject, RequestBodyObject } from "openapi3-ts/oas31";
import { type ApiRouter, apiRouter, routeOf } from "../api-routes";
import { generateOpenApiDocument } from "../openapi-document";

const HTTP_METHODS = ["get", "post", "put", "patch", "delete"] as const;

/*
 * GET /api/openapi.json: the OpenAPI document. GET /api/docs: the same document as a plain
 * server-rendered HTML page (the CSP allows no third-party scripts, and none are needed).
 */

const CACHE_CONTROL = "public, max-age=300";

function escapeHtml(value: string): string {
  return value
    .replace(/&/g, "&amp;")
    .replace(/</g, "&lt;")
    .replace(/>/g, "&gt;")
    .replace(/"/g, "&quot;")
    .replace(/'/g, "&#39;");
}

/** Escaped text with the document's `code` spans (CommonMark, as OpenAPI descriptions are) as <code>. */
function renderText(value: string): string {
  return escapeHtml(value).replace(/`([^`]+)`/g, "<code>$1</code>");
}

interface Row {
  method: string;
  path: string;
  operation: OperationObject;
}

function rowsByTag(document: OpenAPIObject): Map<string, Row[]> {
  const groups = new Map<string, Row[]>((document.tags ?? []).map((tag) => [tag.name, []]));
  for (const [path, item] of Object.entries(document.paths ?? {})) {
    for (const method of HTTP_METHODS) {
      const operation = item[method];
      if (!operation) continue;
      const tag = operation.tags?.[0] ?? "Other";
      const rows = groups.get(tag) ?? [];
      rows.push({ method, path, operation });
      groups.set(tag, rows);
    }
  }
  return groups;
}

function renderParameters(operation: OperationObject): string {
  const parameters = (operation.parameters ?? []) as ParameterObject[];
  const body = operation.requestBody as RequestBodyObject | undefined;
  const parts = parameters.map(
    (parameter) =>
      `<li><code>${escapeHtml(parameter.name)}</code> <small>(${escapeHtml(parameter.in)})</small>${
        parameter.description ? ` ${escapeHtml(parameter.description)}` : ""
      }</li>`,
  );
  if (body?.content) {
    parts.push(
      `<li>Body: ${Object.keys(body.content)
        .map((type) => `<code>${escapeHtml(type)}</code>`)
        .join(" or ")}</li>`,
    );
  }
  const statuses = Object.keys(operation.responses ?? {}).join(", ");
  parts.push(`<li>Answers: ${escapeHtml(statuses)}</li>`);
  return `<ul>${parts.join("")}</ul>`;
}

export function renderDocsPage(document: OpenAPIObject): string {
  const groups = rowsByTag(document);
  const descriptions = new Map((document.tags ?? []).map((tag) => [tag.name, tag.description]));
  const sections = [...groups]
    .filter(([, rows]) => rows.length > 0)
    .map(([tag, rows]) => {
      const id = `tag-${tag.toLowerCase().replace(/[^a-z0-9]+/g, "-")}`;
      const items = rows
        .map(
          ({ method, path, operation }) => `<li class="op">
<h3><span class="method ${method}">${method.toUpperCase()}</span> <code>${escapeHtml(path)}</code></h3>
<p><strong>${escapeHtml(operation.summary ?? "")}</strong>${operation.description ? ` ${renderText(operation.description)}` : ""}</p>
${renderParameters(operation)}
</li>`,
        )
        .join("\n");
      const description = descriptions.get(tag);
      return `<section aria-labelledby="${id}">
<h2 id="${id}">${escapeHtml(tag)}</h2>
${description ? `<p>${escapeHtml(description)}</p>` : ""}
<ul class="ops">
${items}
</ul>
</section>`;
    })
    .join("\n");
  const toc = [...groups]
    .filter(([, rows]) => rows.length > 0)
    .map(([tag]) => {
      const id = `tag-${tag.toLowerCase().replace(/[^a-z0-9]+/g, "-")}`;
      return `<li><a href="#${id}">${escapeHtml(tag)}</a></li>`;
    })
    .join("");

  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(document.info.title)} reference</title>
<style>
body { font: 16px/1.5 system-ui, sans-serif; margin: 0 auto; max-width: 60rem; padding: 1rem; color: #1a1a1a; }
code { font-family: ui-monospace, monospace; }
.ops { list-style: none; padding: 0; }
.op { border-top: 1px solid #ddd; padding: 0.5rem 0; }
.op h3 { font-size: 1rem; margin: 0.25rem 0; }
.method { display: inline-block; min-width: 4.5rem; padding: 0 0.4rem; border-radius: 3px; color: #fff; font-size: 0.85rem; text-align: center; }
.get { background: #1f5fa8; } .post { background: #1d7a3a; } .put { background: #8a5a00; } .patch { background: #6b3fa0; } .delete { background: #b02a2a; }
small { color: #555; }
</style>
</head>
<body>
<header>
<h1>${escapeHtml(document.info.title)} <small>${escapeHtml(document.info.version)}</small></h1>
<p>${renderText(document.info.description ?? "")}</p>
<p>Machine-readable: <a href="/api/openapi.json">/api/openapi.json</a> (OpenAPI ${escapeHtml(document.openapi)}).</p>
</header>
<nav aria-label="Sections"><ul>${toc}</ul></nav>
<main>
${sections}
</main>
</body>
</html>
`;
}

/** The document and its page, built once from `api`'s routes when first asked for. */
export function docsRoutes(api: ApiRouter) {
  let document: OpenAPIObject | undefined;
  let page: string | undefined;
  const openApiDocument = () => {
    document ??= generateOpenApiDocument(api);
    return document;
  };
  return apiRouter()
    .openapi(routeOf(docsApi.document), (c) => {
      c.header("Cache-Control", CACHE_CONTROL);
      return c.json(openApiDocument(), 200);
    })
    .openapi(routeOf(docsApi.page), (c) => {
      page ??= renderDocsPage(openApiDocument());
      c.header("Cache-Control", CACHE_CONTROL);
      return c.html(page, 200);
    });
}
