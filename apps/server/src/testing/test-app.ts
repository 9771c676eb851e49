import { mkdtempSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll } from "vitest";
import { type App, createApp } from "../app";
import { type Config, parseConfig } from "../config";
import { loadBuiltPages } from "../http/pages";
import { createLogger } from "../logger";
import { createTestDatabase, type TestDatabase } from "./test-database";

export interface TestContext {
  app: App;
  database: TestDatabase;
  config: Config;
}

export interface TestAppOptions {
  /** Also serve the React Router pages (needs the web build; `npm test` makes it). */
  pages?: boolean;
  env?: Record<string, string>;
}

export function testConfig(env: Record<string, string> = {}): Config {
  return parseConfig({
    NODE_ENV: "test",
    LOG_LEVEL: "silent",
    DATA_DIR: mkdtempSync(path.join(os.tmpdir(), "broadsheet-data-")),
    PUBLIC_URL: "http://localhost:3000",
    TRUST_PROXY: "true",
    ...env,
  });
}

/** One app on one fresh database per test file; the returned object is filled in beforeAll. */
export function useTestApp(options: TestAppOptions = {}): TestContext {
  const context = {} as TestContext;
  beforeAll(async () => {
    const config = testConfig(options.env);
    const database = await createTestDatabase();
    const pages = options.pages ? { render: await loadBuiltPages() } : undefined;
    context.config = config;
    context.database = database;
    context.app = createApp({ config, database, logger: createLogger(config), pages });
  });
  afterAll(async () => {
    await context.app?.services.close();
    await context.database?.close();
  });
  return context;
}
