import net from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { closeHttpServer, createHttpServer, listen } from "../server";
import { useTestApp } from "../testing/test-app";

/* Issue 12: a client that sends its headers or body too slowly loses its socket. */
const context = useTestApp();
let server: ReturnType<typeof createHttpServer>;
let port = 0;

beforeAll(async () => {
  server = createHttpServer(context.app, undefined, {
    headersTimeoutMs: 300,
    requestTimeoutMs: 800,
    keepAliveTimeoutMs: 200,
  });
  port = await listen(server, 0, "127.0.0.1");
});
afterAll(() => closeHttpServer(server, 1000));

/** Opens a socket, writes `text`, and resolves with what the server said when it closed the socket. */
function holdOpen(text: string, keepWriting?: (socket: net.Socket) => void): Promise<{ answer: string; ms: number }> {
  return new Promise((resolve, reject) => {
    const started = Date.now();
    const socket = net.connect(port, "127.0.0.1", () => {
      socket.write(text);
      keepWriting?.(socket);
    });
    let answer = "";
    socket.on("data", (chunk) => (answer += chunk));
    socket.on("close", () => resolve({ answer, ms: Date.now() - started }));
    socket.on("error", () => undefined);
    setTimeout(() => reject(new Error("the server kept the socket open")), 5000).unref();
  });
}

describe("slow clients", () => {
  it("closes a connection whose headers never finish", async () => {
    const { answer, ms } = await holdOpen("GET /api/health HTTP/1.1\r\nHost: localhost\r\n");
    expect(ms).toBeLessThan(3000);
    expect(answer === "" || answer.startsWith("HTTP/1.1 408")).toBe(true);
  });

  it("closes a connection whose body trickles in past the request timeout", async () => {
    let timer: NodeJS.Timeout | undefined;
    const { ms } = await holdOpen(
      "POST /api/users/login HTTP/1.1\r\nHost: localhost\r\nContent-Type: application/json\r\nContent-Length: 100000\r\n\r\n{",
      (socket) => {
        timer = setInterval(() => socket.writable && socket.write(" "), 100);
      },
    );
    clearInterval(timer);
    expect(ms).toBeLessThan(3000);
  });

  it("closes an idle keep-alive connection", async () => {
    const { answer, ms } = await holdOpen("GET /api/health HTTP/1.1\r\nHost: localhost\r\n\r\n");
    expect(answer).toMatch(/^HTTP\/1.1 200/);
    expect(ms).toBeLessThan(3000);
  });
});
