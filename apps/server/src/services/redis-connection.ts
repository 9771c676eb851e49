import { createRequire } from "node:module";
import type { Redis, RedisOptions } from "ioredis";

const requireModule = createRequire(import.meta.url);

/** ioredis is loaded only when REDIS_URL is set: a worker without Redis saves about 8 MB. */
export function connectRedis(url: string, options: RedisOptions): Redis {
  const ioredis = requireModule("ioredis") as typeof import("ioredis");
  return new ioredis.Redis(url, options);
}
