import { readdirSync, readFileSync } from "node:fs";
import http from "node:http";
import { afterAll, beforeAll, describe, expect, it, onTestFailed } from "vitest";
import { type Account, type ProductionServer, startProductionServer } from "./testing/production-server";

/*
 * `npm start` on PostgreSQL with WORKERS=2 (decision 017): two processes share the port, the
 * sessions, the rate limits and every cache's invalidation. Each request below opens its own
 * connection, so the primary hands them to the workers in turn.
 */
const ADMIN: Account = {
  email: "workers-admin@example.com",
  name: "Workers Admin",
  role: "admin",
  password: "admin-pass-1",
};
const READER: Account = {
  email: "workers-reader@example.com",
  name: "Workers Reader",
  role: "user",
  password: "reader-pass-1",
};

let server: ProductionServer;

interface Answer {
  status: number;
  headers: http.IncomingHttpHeaders;
  body: string;
}

/** One request on a connection of its own (no keep-alive), so it may land on any worker. */
function request(path: string, init: { method?: string; headers?: Record<string, string>; body?: unknown } = {}) {
  const body = init.body === undefined ? undefined : JSON.stringify(init.body);
  return new Promise<Answer>((resolve, reject) => {
    const outgoing = http.request(
      `${server.url}${path}`,
      {
        method: init.method ?? "GET",
        agent: false,
        headers: {
          ...(body ? { "content-type": "application/json", origin: server.url } : {}),
          ...init.headers,
        },
      },
      (response) => {
        const chunks: Buffer[] = [];
        response.on("data", (chunk: Buffer) => chunks.push(chunk));
        response.on("end", () =>
          resolve({
            status: response.statusCode ?? 0,
            headers: response.headers,
            body: Buffer.concat(chunks).toString(),
          }),
        );
      },
    );
    outgoing.on("error", reject);
    outgoing.end(body);
  });
}

/** Pids of the processes whose parent is `pid`. */
function childrenOf(pid: number): number[] {
  return readdirSync("/proc")
    .filter((entry) => /^\d+$/.test(entry))
    .filter((entry) => {
      try {
        return Number(readFileSync(`/proc/${entry}/stat`, "utf8").split(") ")[1]?.split(" ")[1]) === pid;
      } catch {
        return false;
      }
    })
    .map(Number);
}

async function logIn(account: Account): Promise<string> {
  const response = await request("/api/users/login", {
    method: "POST",
    body: { email: account.email, password: account.password },
  });
  expect(response.status).toBe(200);
  const cookie = String(response.headers["set-cookie"]?.[0] ?? "").split(";")[0];
  expect(cookie).toMatch(/^broadsheet_session=/);
  return cookie ?? "";
}

describe("npm start on PostgreSQL with WORKERS=2", () => {
  beforeAll(async () => {
    server = await startProductionServer({ kind: "postgres", accounts: [ADMIN, READER], env: { WORKERS: "2" } });
    // Health answers once the first worker listens; the line comes when both do.
    const announced = () => server.output().stdout.includes("with 2 workers (database: postgres)");
    for (let attempt = 0; attempt < 300 && !announced(); attempt++) {
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  }, 120_000);

  afterAll(async () => {
    await server?.stop();
  });

  it("runs two workers under one primary and says so", async () => {
    onTestFailed(() => console.error(server.output()));
    expect(server.output().stdout).toContain("with 2 workers (database: postgres)");
    expect(childrenOf(server.pid)).toHaveLength(2);
    // No worker stopped on the way (two starting at once once deadlocked in pg-boss).
    expect(server.output().stdout).not.toContain("a worker stopped");
  });

  it("keeps the primary a small supervisor: the app is loaded by the workers only", () => {
    const status = readFileSync(`/proc/${server.pid}/status`, "utf8");
    const rssMb = Number(status.match(/VmRSS:\s+(\d+) kB/)?.[1]) / 1024;
    // A primary that had loaded the app (as it did before) held about 145 MB; a bare Node process about 45.
    expect(rssMb).toBeGreaterThan(10);
    expect(rssMb).toBeLessThan(100);
  });

  it("starts each worker with two malloc arenas and fixed malloc thresholds, however the primary was started (decision 027)", () => {
    for (const worker of childrenOf(server.pid)) {
      const environment = readFileSync(`/proc/${worker}/environ`, "utf8").split("\0");
      expect(environment).toContain("MALLOC_ARENA_MAX=2");
      expect(environment).toContain("MALLOC_MMAP_THRESHOLD_=131072");
      expect(environment).toContain("MALLOC_TRIM_THRESHOLD_=131072");
    }
  });

  it("shares the session: every worker knows the reader", async () => {
    const cookie = await logIn(READER);
    for (let i = 0; i < 6; i++) {
      const me = await request("/api/users/getUser", { headers: { cookie } });
      expect(me.status).toBe(200);
      expect(JSON.parse(me.body).email).toBe(READER.email);
    }
  });

  it("shares the rate limits: failed logins count together whichever worker answers", async () => {
    const attempt = () =>
      request("/api/users/login", { method: "POST", body: { email: READER.email, password: "wrong password" } });
    for (let i = 0; i < 10; i++) expect((await attempt()).status).toBe(401);
    const refused = await attempt();
    expect(refused.status).toBe(429);
    expect(refused.headers["retry-after"]).toBeTruthy();
  });

  it("shows a settings change on the next anonymous page of every worker", async () => {
    for (let i = 0; i < 4; i++) await request("/terms");
    expect((await request("/terms")).headers["x-cache"]).toBe("HIT");
    const cookie = await logIn(ADMIN);
    const changed = await request("/api/settings", {
      method: "PATCH",
      headers: { cookie },
      body: { siteName: "Two Workers Gazette" },
    });
    expect(changed.status).toBe(200);
    // The bus reaches the other worker within milliseconds; then every answer has the new name.
    let fresh = 0;
    for (let attempt = 0; attempt < 100 && fresh < 6; attempt++) {
      const page = await request("/terms");
      fresh = page.body.includes("Terms | Two Workers Gazette") ? fresh + 1 : 0;
      if (fresh === 0) await new Promise((resolve) => setTimeout(resolve, 20));
    }
    expect(fresh).toBe(6);
  });

  it("replaces a worker that dies", async () => {
    const [victim] = childrenOf(server.pid);
    expect(victim).toBeDefined();
    process.kill(victim ?? 0, "SIGKILL");
    let workers: number[] = [];
    for (let attempt = 0; attempt < 150; attempt++) {
      await new Promise((resolve) => setTimeout(resolve, 100));
      workers = childrenOf(server.pid);
      if (workers.length === 2 && !workers.includes(victim ?? 0)) break;
    }
    expect(workers).toHaveLength(2);
    expect(workers).not.toContain(victim);
    // The other worker answered all along.
    expect((await request("/api/health")).status).toBe(200);
  });
});
