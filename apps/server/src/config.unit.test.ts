import path from "node:path";
import { describe, expect, it } from "vitest";
import { ConfigError, parseConfig } from "./config";

describe("parseConfig", () => {
  it("has working defaults with an empty environment", () => {
    const config = parseConfig({});
    expect(config.port).toBe(3000);
    expect(config.host).toBe("0.0.0.0");
    expect(config.dataDir).toBe(path.resolve("./data"));
    expect(config.databaseKind).toBe("pglite");
    expect(config.publicUrl).toBe("http://localhost:3000");
    expect(config.seedDemo).toBe(true);
    expect(config.logLevel).toBe("info");
  });

  it("renders 4 pages at once on the machine with a 5 s budget unless PAGE_RENDERS / PAGE_RENDER_BUDGET_MS say", () => {
    expect(parseConfig({})).toMatchObject({ pageRenders: 4, pageRenderBudgetMs: 5000 });
    expect(parseConfig({ PAGE_RENDERS: "8", PAGE_RENDER_BUDGET_MS: "2500" })).toMatchObject({
      pageRenders: 8,
      pageRenderBudgetMs: 2500,
    });
  });

  it("uses PostgreSQL when DATABASE_URL is set, and does not seed it unless asked", () => {
    const config = parseConfig({ DATABASE_URL: "postgres://u@db:5432/news" });
    expect(config.databaseKind).toBe("postgres");
    expect(config.seedDemo).toBe(false);
    expect(parseConfig({ DATABASE_URL: "postgres://u@db/news", SEED_DEMO: "true" }).seedDemo).toBe(true);
  });

  it("strips a trailing slash from PUBLIC_URL and treats empty values as unset", () => {
    expect(parseConfig({ PUBLIC_URL: "https://news.example/" }).publicUrl).toBe("https://news.example");
    expect(parseConfig({ PORT: "" }).port).toBe(3000);
  });

  it.each([
    ["PORT", "not-a-number"],
    ["PORT", "70000"],
    ["DATABASE_URL", "mysql://localhost/db"],
    ["PUBLIC_URL", "ftp://example.com"],
    ["SMTP_URL", "http://mail"],
    ["LOG_LEVEL", "loud"],
    ["SEED_DEMO", "maybe"],
    ["TRUST_PROXY", "sometimes"],
    ["TRUST_PROXY", "10.0.0.0/99"],
    ["PAGE_RENDERS", "0"],
    ["PAGE_RENDER_BUDGET_MS", "soon"],
    ["PAGE_RENDER_BUDGET_MS", "0"],
  ])("refuses %s=%s with one line naming the variable", (name, value) => {
    expect(() => parseConfig({ [name]: value })).toThrow(ConfigError);
    try {
      parseConfig({ [name]: value });
    } catch (error) {
      const message = (error as Error).message;
      expect(message).toContain(name);
      expect(message.split("\n")).toHaveLength(1);
    }
  });

  it("reads TRUST_PROXY as none, a hop count or a list of addresses", () => {
    expect(parseConfig({}).trustProxy).toEqual({ hops: 0 });
    expect(parseConfig({ TRUST_PROXY: "false" }).trustProxy).toEqual({ hops: 0 });
    expect(parseConfig({ TRUST_PROXY: "true" }).trustProxy).toEqual({ hops: 1 });
    expect(parseConfig({ TRUST_PROXY: "2" }).trustProxy).toEqual({ hops: 2 });
    expect(parseConfig({ TRUST_PROXY: "loopback, 10.0.0.0/8 ,::1" }).trustProxy).toEqual({
      addresses: ["loopback", "10.0.0.0/8", "::1"],
    });
  });
});
