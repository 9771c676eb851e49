import http from "node:http";
import { afterAll, beforeAll, expect, it, onTestFailed } from "vitest";
import { type ProductionServer, startProductionServer } from "./testing/production-server";
import { SHUTDOWN_TIMEOUT_MS } from "./workers";

/*
 * A deployment stops `npm start` with SIGTERM while readers are on the site. With WORKERS=2 on
 * PostgreSQL the primary passes it to the workers, which finish the requests they hold and
 * exit; then the primary exits 0. A request a worker has begun is answered, never reset: each
 * held login below asks `Expect: 100-continue`, so its "100 Continue" proves a worker read its
 * headers, and its body is sent only after SIGTERM.
 */
const LOOPS = 6;
const HELD = 4;
const PATHS = ["/api/posts", "/search?q=news", "/terms", "/api/health"];

let server: ProductionServer;

beforeAll(async () => {
  server = await startProductionServer({ kind: "postgres", accounts: [], env: { WORKERS: "2", LOG_LEVEL: "info" } });
  const announced = () => server.output().stdout.includes("with 2 workers (database: postgres)");
  for (let attempt = 0; attempt < 300 && !announced(); attempt++) {
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}, 120_000);

afterAll(() => server?.stop());

interface Outcome {
  sentBeforeSigterm: boolean;
  path: string;
  status?: number;
  error?: string;
}

/** One request on a connection of its own, so the primary hands each to a worker. */
function get(path: string): Promise<{ status?: number; error?: string }> {
  return new Promise((resolve) => {
    const request = http.get(`${server.url}${path}`, { agent: false, timeout: 20_000 }, (response) => {
      response.resume();
      response.on("end", () => resolve({ status: response.statusCode }));
      response.on("error", (error: NodeJS.ErrnoException) => resolve({ error: error.code ?? error.message }));
    });
    request.on("timeout", () => request.destroy(new Error("timeout")));
    request.on("error", (error: NodeJS.ErrnoException) => resolve({ error: error.code ?? error.message }));
  });
}

/** A login whose headers a worker has read (it answered 100 Continue); `finish` sends the body. */
function heldLogin(index: number): Promise<{ finish(): Promise<{ status?: number; body?: string; error?: string }> }> {
  const body = JSON.stringify({ email: `held-${index}@example.com`, password: "not the password" });
  return new Promise((resolveHeld, rejectHeld) => {
    let answered: (outcome: { status?: number; body?: string; error?: string }) => void = () => undefined;
    const outcome = new Promise<{ status?: number; body?: string; error?: string }>((resolve) => {
      answered = resolve;
    });
    const request = http.request(
      `${server.url}/api/users/login`,
      {
        method: "POST",
        agent: false,
        headers: {
          "content-type": "application/json",
          "content-length": Buffer.byteLength(body),
          origin: server.url,
          expect: "100-continue",
        },
      },
      (response) => {
        const chunks: Buffer[] = [];
        response.on("data", (chunk: Buffer) => chunks.push(chunk));
        response.on("end", () => answered({ status: response.statusCode, body: Buffer.concat(chunks).toString() }));
      },
    );
    request.on("error", (error: NodeJS.ErrnoException) => {
      answered({ error: error.code ?? error.message });
      rejectHeld(error);
    });
    request.on("continue", () =>
      resolveHeld({
        finish() {
          request.end(body);
          return outcome;
        },
      }),
    );
    request.flushHeaders();
  });
}

it(
  "answers every request a worker holds at SIGTERM, answers no 5xx, and exits 0",
  async () => {
    onTestFailed(() => console.error(server.output()));
    expect(server.output().stdout).toContain("with 2 workers (database: postgres)");
    const outcomes: Outcome[] = [];
    let signalled = false;
    let active = 0;

    const loop = async (offset: number) => {
      for (let i = offset; ; i++) {
        const path = PATHS[i % PATHS.length] ?? "/";
        const sentBeforeSigterm = !signalled;
        active++;
        const outcome = await get(path);
        active--;
        outcomes.push({ sentBeforeSigterm, path, ...outcome });
        // Refused: the server has stopped listening, so this reader is done.
        if (outcome.error || !server.isAlive()) return;
      }
    };
    const loops = Array.from({ length: LOOPS }, (_, offset) => loop(offset));
    const held = await Promise.all(Array.from({ length: HELD }, (_, index) => heldLogin(index)));

    // SIGTERM once a stream of requests runs and several are in flight.
    for (let attempt = 0; attempt < 600 && (outcomes.length < 40 || active < 4); attempt++) {
      await new Promise((resolve) => setTimeout(resolve, 5));
    }
    expect(active).toBeGreaterThanOrEqual(4);
    const inFlightAtSigterm = active;
    signalled = true;
    process.kill(server.pid, "SIGTERM");
    // The workers have the signal once the primary logs it; the held logins' bodies come after.
    for (let attempt = 0; attempt < 200 && !server.output().stdout.includes('"msg":"shutting down"'); attempt++) {
      await new Promise((resolve) => setTimeout(resolve, 5));
    }
    const heldAnswers = await Promise.all(held.map((login) => login.finish()));

    const code = await server.exited();
    await Promise.all(loops);

    expect(code).toBe(0);
    expect(heldAnswers).toEqual(
      Array.from({ length: HELD }, () => ({
        status: 401,
        body: JSON.stringify({ message: "Invalid email or password" }),
      })),
    );
    expect(outcomes.filter((outcome) => outcome.sentBeforeSigterm).length).toBeGreaterThanOrEqual(
      40 + inFlightAtSigterm,
    );
    // Every answer of the stream is a 200, never a 5xx. A connection the primary had accepted but
    // could hand to no worker once both stopped is closed unanswered (node:cluster drops those).
    expect(outcomes.filter((outcome) => outcome.status !== undefined && outcome.status !== 200)).toEqual([]);
    expect(
      outcomes.filter((outcome) => outcome.error && !["ECONNREFUSED", "ECONNRESET"].includes(outcome.error)),
    ).toEqual([]);
    // Both workers stopped by themselves (a worker killed at the deadline logs nothing), then the primary.
    const stopped = server
      .output()
      .stdout.split("\n")
      .filter((line) => line.includes('"msg":"stopped"'));
    expect(stopped).toHaveLength(3);
  },
  60_000 + SHUTDOWN_TIMEOUT_MS,
);
