#!/usr/bin/env node
/*
 * Lints the OpenAPI document the server publishes at /api/openapi.json with Redocly's
 * linter (rules in redocly.yaml). The document is generated from the server's routes
 * without a database or a build, written to a temporary file, and linted there.
 */
import { spawnSync } from "node:child_process";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { tsImport } from "tsx/esm/api";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const { createApiRoutes } = await tsImport("../apps/server/src/app.ts", import.meta.url);
const { generateOpenApiDocument } = await tsImport("../apps/server/src/http/openapi-document.ts", import.meta.url);
// The routes only read their services when a request comes; documenting them needs none.
const document = generateOpenApiDocument(createApiRoutes({}));

const directory = mkdtempSync(path.join(os.tmpdir(), "broadsheet-openapi-"));
const file = path.join(directory, "openapi.json");
writeFileSync(file, JSON.stringify(document, null, 2));
const redocly = path.join(root, "node_modules", ".bin", "redocly");
const result = spawnSync(redocly, ["lint", file, "--config", path.join(root, "redocly.yaml")], {
  stdio: "inherit",
  env: { ...process.env, REDOCLY_TELEMETRY: "off", REDOCLY_SUPPRESS_UPDATE_NOTICE: "true" },
});
rmSync(directory, { recursive: true, force: true });
process.exit(result.status ?? 1);
