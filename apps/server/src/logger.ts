import pino, { type Logger } from "pino";
import type { Config } from "./config";

export type { Logger };

/** JSON logs in production; readable lines in development. Secrets never reach a log line. */
export function createLogger(config: Pick<Config, "env" | "logLevel">): Logger {
  const pretty = config.env === "development";
  return pino({
    level: config.logLevel,
    redact: { paths: ["password", "*.password", "req.headers.cookie", "token"], remove: true },
    ...(pretty ? { transport: { target: "pino-pretty", options: { singleLine: true } } } : {}),
  });
}
