import { type ChildProcess, spawn } from "node:child_process";

/**
 * A redis-server of the test's own on `port`, without persistence, that the test may kill:
 * the shared Redis at TEST_REDIS_URL is never stopped.
 */
export async function startRedisServer(port: number): Promise<{ url: string; kill(): Promise<void> }> {
  const child: ChildProcess = spawn(
    "redis-server",
    ["--port", String(port), "--bind", "127.0.0.1", "--save", "", "--appendonly", "no"],
    { stdio: ["ignore", "pipe", "pipe"] },
  );
  let output = "";
  await new Promise<void>((resolve, reject) => {
    child.stdout?.on("data", (chunk: Buffer) => {
      output += chunk.toString();
      if (output.includes("Ready to accept connections")) resolve();
    });
    child.once("error", reject);
    child.once("exit", (code) => reject(new Error(`redis-server exited with ${code}: ${output}`)));
  });
  const exited = new Promise<void>((resolve) => child.once("exit", () => resolve()));
  return {
    url: `redis://127.0.0.1:${port}`,
    async kill() {
      child.kill("SIGKILL");
      await exited;
    },
  };
}
