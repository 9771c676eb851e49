import pino, { type Logger } from "pino";
import type { Config } from "./config";

export type { Logger };

/** JSON logs in production; readable lines in development. Secrets never reach a log line. */
export function createLogger(config: Pick<Config, "env" | "logLevel">, options: { toStderr?: boolean } = {}): Logger {
  const pretty = config.env === "development";
  const settings = {
    level: config.logLevel,
    redact: { paths: ["password", "*.password", "req.headers.cookie", "token"], remove: true },
    ...(pretty
      ? { transport: { target: "pino-pretty", options: { singleLine: true, destination: options.toStderr ? 2 : 1 } } }
      : {}),
  };
  // A command whose stdout is its answer (npm run import -- --json) logs to stderr.
  return options.toStderr && !pretty ? pino(settings, pino.destination(2)) : pino(settings);
}
