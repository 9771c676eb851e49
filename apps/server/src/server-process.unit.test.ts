import { type ChildProcess, spawn } from "node:child_process";
import { existsSync, mkdtempSync, readFileSync } from "node:fs";
import http from "node:http";
import net from "node:net";
import os from "node:os";
import path from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { LINGER_MAX_BYTES, LINGER_MS } from "./lingering-close";
import { SERVER_ROOT } from "./paths";

/*
 * Runs the production bundle (dist/main.js, built by `npm test`) as a real process on an
 * embedded database: start-up, data reuse, the data-directory lock and graceful shutdown.
 */
const MAIN = path.join(SERVER_ROOT, "dist", "main.js");
const MIGRATE = path.join(SERVER_ROOT, "dist", "cli", "migrate.js");
const USER_CREATE = path.join(SERVER_ROOT, "dist", "cli", "user-create.js");
const running: ChildProcess[] = [];

interface Started {
  child: ChildProcess;
  port: number;
  output: () => string;
}

function run(script: string, env: Record<string, string>, args: string[] = []): ChildProcess {
  const child = spawn(process.execPath, [script, ...args], {
    env: { PATH: process.env.PATH ?? "", HOME: os.tmpdir(), LOG_LEVEL: "warn", SEED_DEMO: "false", ...env },
    stdio: ["ignore", "pipe", "pipe"],
  });
  running.push(child);
  return child;
}

function collect(child: ChildProcess): () => string {
  let text = "";
  child.stdout?.on("data", (chunk) => (text += chunk));
  child.stderr?.on("data", (chunk) => (text += chunk));
  return () => text;
}

function exitOf(child: ChildProcess): Promise<number | null> {
  return new Promise((resolve) => {
    if (child.exitCode !== null) resolve(child.exitCode);
    else child.once("exit", (code) => resolve(code));
  });
}

async function startServer(dataDir: string): Promise<Started> {
  const child = run(MAIN, { DATA_DIR: dataDir, PORT: "0", HOST: "127.0.0.1" });
  const output = collect(child);
  const deadline = Date.now() + 90_000;
  while (Date.now() < deadline) {
    const match = output().match(/listening on port (\d+)/);
    if (match) return { child, port: Number(match[1]), output };
    if (child.exitCode !== null) throw new Error(`server exited early: ${output()}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error(`server did not start: ${output()}`);
}

afterEach(() => {
  for (const child of running.splice(0)) if (child.exitCode === null) child.kill("SIGKILL");
});

// Each test starts real processes (PGlite initdb, argon2): generous time on a busy 2-core machine.
describe("the server process", { timeout: 120_000 }, () => {
  it("is built (npm test builds it)", () => {
    expect(existsSync(MAIN), `${MAIN} is missing: run npm run build`).toBe(true);
  });

  it("serves on PGlite, refuses a second process on the same data, exits 0 on SIGTERM and reuses the data", async () => {
    const dataDir = path.join(mkdtempSync(path.join(os.tmpdir(), "broadsheet-proc-")), "data");
    const first = await startServer(dataDir);
    const health = await fetch(`http://127.0.0.1:${first.port}/api/health`);
    expect(await health.json()).toEqual({ status: "ok", database: "pglite" });
    expect(existsSync(path.join(dataDir, "pglite"))).toBe(true);

    const second = run(MIGRATE, { DATA_DIR: dataDir });
    const secondOutput = collect(second);
    expect(await exitOf(second)).toBe(1);
    expect(secondOutput()).toContain("is in use by another Broadsheet process");

    const started = Date.now();
    first.child.kill("SIGTERM");
    expect(await exitOf(first.child)).toBe(0);
    expect(Date.now() - started).toBeLessThan(10_000);

    const again = await startServer(dataDir);
    expect((await fetch(`http://127.0.0.1:${again.port}/api/health`)).status).toBe(200);
    again.child.kill("SIGINT");
    expect(await exitOf(again.child)).toBe(0);
  });

  it("serves readers without loading the native image library, sharp's libvips (decision 027)", async () => {
    const dataDir = path.join(mkdtempSync(path.join(os.tmpdir(), "broadsheet-proc-")), "data");
    const server = await startServer(dataDir);
    expect((await fetch(`http://127.0.0.1:${server.port}/`)).status).toBe(200);
    expect((await fetch(`http://127.0.0.1:${server.port}/api/posts?search=news`)).status).toBe(200);
    const mapped = readFileSync(`/proc/${server.child.pid}/maps`, "utf8");
    expect(mapped).toContain("node");
    expect(mapped).not.toMatch(/libvips|sharp-linux/);
  });

  it("finishes an in-flight request before exiting on SIGTERM", async () => {
    const dataDir = path.join(mkdtempSync(path.join(os.tmpdir(), "broadsheet-proc-")), "data");
    const server = await startServer(dataDir);
    const inFlight = fetch(`http://127.0.0.1:${server.port}/`);
    await new Promise((resolve) => setTimeout(resolve, 5));
    server.child.kill("SIGTERM");
    const response = await inFlight;
    expect(response.status).toBe(200);
    expect(await response.text()).toContain("Broadsheet");
    expect(await exitOf(server.child)).toBe(0);
  });

  it("user:create makes the first admin, promotes an existing account, and refuses while the server runs", async () => {
    const dataDir = path.join(mkdtempSync(path.join(os.tmpdir(), "broadsheet-proc-")), "data");
    const create = (args: string[]) => {
      const child = run(USER_CREATE, { DATA_DIR: dataDir }, args);
      return { child, output: collect(child) };
    };
    const made = create([
      "--email",
      "Chief@Example.com",
      "--name",
      "Chief",
      "--role",
      "admin",
      "--password",
      "s3cret-pass",
    ]);
    expect(await exitOf(made.child), made.output()).toBe(0);
    expect(made.output()).toContain("Created chief@example.com with role admin");
    const reader = create(["--email", "reader@example.com", "--password", "reader-pass"]);
    expect(await exitOf(reader.child), reader.output()).toBe(0);
    const promoted = create(["--email", "reader@example.com", "--role", "editor"]);
    expect(await exitOf(promoted.child), promoted.output()).toBe(0);
    expect(promoted.output()).toContain("role editor");
    const badRole = create(["--email", "x@example.com", "--role", "owner", "--password", "whatever1"]);
    expect(await exitOf(badRole.child)).toBe(1);
    expect(badRole.output()).toContain("--role must be one of user, editor, admin");

    const server = await startServer(dataDir);
    const login = await fetch(`http://127.0.0.1:${server.port}/api/users/login`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ email: "chief@example.com", password: "s3cret-pass" }),
    });
    expect(login.status).toBe(200);
    expect(((await login.json()) as { role: string }).role).toBe("admin");
    const editorLogin = await fetch(`http://127.0.0.1:${server.port}/api/users/login`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ email: "reader@example.com", password: "reader-pass" }),
    });
    expect(((await editorLogin.json()) as { role: string }).role).toBe("editor");

    const refused = create(["--email", "late@example.com", "--password", "late-pass1"]);
    expect(await exitOf(refused.child)).toBe(1);
    expect(refused.output()).toContain("is in use by another Broadsheet process");
    server.child.kill("SIGTERM");
    expect(await exitOf(server.child)).toBe(0);
  });

  it("stops at start-up with one line naming a bad variable", async () => {
    const child = run(MAIN, { PORT: "eighty" });
    const output = collect(child);
    expect(await exitOf(child)).toBe(1);
    const lines = output().trim().split("\n");
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatch(/^Invalid configuration: PORT /);
  });

  it("refuses a 300 MB body with 413 as it streams in, without the process growing with it", async () => {
    const dataDir = path.join(mkdtempSync(path.join(os.tmpdir(), "broadsheet-proc-")), "data");
    const server = await startServer(dataDir);
    const pid = server.child.pid as number;
    const before = residentBytes(pid);
    for (const target of ["/api/users/login", "/login"]) {
      // The server lingers after its 413, reading and dropping the rest: the answer is read every
      // time, never lost to a reset while the client is still writing.
      for (let attempt = 0; attempt < 5; attempt++) {
        const answer = await streamHugeBody(server.port, target, 300 * 1024 * 1024);
        expect(answer.status).toBe(413);
        // The server answered long before the client could have sent the 300 MB.
        expect(answer.bytesSent).toBeLessThan(64 * 1024 * 1024);
      }
    }
    const growth = residentBytes(pid) - before;
    expect(growth).toBeLessThan(64 * 1024 * 1024);
    server.child.kill("SIGTERM");
    expect(await exitOf(server.child)).toBe(0);
  });

  it("hangs up on a client that goes on sending after its 413, within the lingering bounds", async () => {
    const dataDir = path.join(mkdtempSync(path.join(os.tmpdir(), "broadsheet-proc-")), "data");
    const server = await startServer(dataDir);
    const socket = net.connect(server.port, "127.0.0.1");
    await new Promise((resolve) => socket.once("connect", resolve));
    socket.write(
      "POST /api/users/login HTTP/1.1\r\nHost: localhost\r\nContent-Type: application/json\r\nTransfer-Encoding: chunked\r\n\r\n",
    );
    let answer = "";
    socket.on("data", (data: Buffer) => {
      answer += data.toString("latin1");
    });
    const closed = new Promise((resolve) => socket.once("close", resolve));
    socket.on("error", () => undefined);
    const chunk = Buffer.alloc(64 * 1024, 0x20);
    const frame = Buffer.concat([Buffer.from(`${chunk.length.toString(16)}\r\n`), chunk, Buffer.from("\r\n")]);
    const started = Date.now();
    let sentAfterAnswer = 0;
    let open = true;
    void closed.then(() => {
      open = false;
    });
    // Deaf to the answer: keeps sending until the server hangs up.
    while (open && Date.now() - started < 30_000) {
      if (answer.includes("413")) sentAfterAnswer += frame.length;
      if (!socket.write(frame)) await new Promise((resolve) => setTimeout(resolve, 5));
    }
    expect(open).toBe(false);
    expect(answer).toMatch(/^HTTP\/1\.1 413 /);
    expect(sentAfterAnswer).toBeLessThan(LINGER_MAX_BYTES + 16 * 1024 * 1024);
    expect(Date.now() - started).toBeLessThan(LINGER_MS + 10_000);
    server.child.kill("SIGTERM");
    expect(await exitOf(server.child)).toBe(0);
  });
});

function residentBytes(pid: number): number {
  const status = readFileSync(`/proc/${pid}/status`, "utf8");
  return Number(/VmRSS:\s+(\d+) kB/.exec(status)?.[1] ?? 0) * 1024;
}

/** The answer's status, or "reset" when the server hung up before the client could read it. */
interface HugeBodyAnswer {
  status: number | "reset";
  bytesSent: number;
}

/** Streams `total` bytes of JSON-ish text in 1 MB chunks until the server answers. */
function streamHugeBody(port: number, target: string, total: number): Promise<HugeBodyAnswer> {
  return new Promise((resolve, reject) => {
    const chunk = Buffer.alloc(1024 * 1024, 0x20);
    let bytesSent = 0;
    let answered = false;
    const request = http.request(
      { host: "127.0.0.1", port, path: target, method: "POST", headers: { "content-type": "application/json" } },
      (response) => {
        answered = true;
        response.resume();
        resolve({ status: response.statusCode ?? 0, bytesSent });
        request.destroy();
      },
    );
    request.on("error", (error: NodeJS.ErrnoException) => {
      if (answered) return;
      answered = true;
      if (error.code === "EPIPE" || error.code === "ECONNRESET") resolve({ status: "reset", bytesSent });
      else reject(error);
    });
    const pump = () => {
      while (!answered && bytesSent < total) {
        bytesSent += chunk.length;
        if (!request.write(chunk)) {
          request.once("drain", pump);
          return;
        }
      }
      if (!answered) request.end();
    };
    request.write("{");
    pump();
  });
}
