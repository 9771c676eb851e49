import { createRequire } from "node:module";
import type { Redis, RedisOptions } from "ioredis";

const requireModule = createRequire(import.meta.url);

/** ioredis is loaded only when REDIS_URL is set: a worker without Redis saves about 8 MB. */
export function connectRedis(url: string, options: RedisOptions): Redis {
  const ioredis = requireModule("ioredis") as typeof import("ioredis");
  return new ioredis.Redis(url, options);
}

/**
 * Closes a connection: QUIT when Redis answers, else at once. A QUIT to a Redis that is away
 * waits through every reconnection attempt, which held a stopping process for about a minute.
 */
export async function closeRedis(redis: Redis): Promise<void> {
  if (redis.status !== "ready") {
    redis.disconnect();
    return;
  }
  await redis.quit().catch(() => redis.disconnect());
}
