import { randomUUID } from "node:crypto";
import { Redis } from "ioredis";
import pg from "pg";
import type { Logger } from "../logger";

/*
 * Tells every instance that content changed, so each clears its page cache, or that one
 * reader's state changed (a tag such as user:<id>), so each forgets what it cached about
 * them: Redis pub/sub when REDIS_URL is set, else PostgreSQL LISTEN/NOTIFY when several
 * instances share a DATABASE_URL; on the embedded database there is only this process.
 * A message is the sender's id, then the tag after a space when there is one.
 */
const CHANNEL = "broadsheet_pages";

export interface InvalidationBus {
  /** Resolves once this instance listens (tests wait for it). */
  ready: Promise<void>;
  /** Announces a change to the other instances (this one clears its own cache directly). */
  publish(tag?: string): Promise<void>;
  close(): Promise<void>;
}

export function createInvalidationBus(
  options: { redisUrl?: string; databaseUrl?: string },
  onRemoteChange: (tag: string | undefined) => void,
  logger: Logger,
): InvalidationBus {
  const instanceId = randomUUID();
  const messageOf = (tag: string | undefined) => (tag ? `${instanceId} ${tag}` : instanceId);
  const fromOthers = (message: string) => {
    const space = message.indexOf(" ");
    const sender = space < 0 ? message : message.slice(0, space);
    if (sender !== instanceId) onRemoteChange(space < 0 ? undefined : message.slice(space + 1));
  };

  if (options.redisUrl) {
    const publisher = new Redis(options.redisUrl, { maxRetriesPerRequest: 2 });
    const subscriber = new Redis(options.redisUrl);
    subscriber.on("message", (_channel: string, message: string) => fromOthers(message));
    const ready = subscriber.subscribe(CHANNEL).then(() => undefined);
    return {
      ready,
      async publish(tag) {
        await publisher.publish(CHANNEL, messageOf(tag));
      },
      async close() {
        await Promise.all([subscriber.quit(), publisher.quit()]);
      },
    };
  }

  if (options.databaseUrl) {
    // LISTEN needs a connection of its own, outside the query pool.
    const listener = new pg.Client({ connectionString: options.databaseUrl });
    listener.on("error", (error) => logger.warn({ err: error }, "page cache listener lost its connection"));
    listener.on("notification", (message) => fromOthers(message.payload ?? ""));
    const ready = listener
      .connect()
      .then(() => listener.query(`listen ${CHANNEL}`))
      .then(() => undefined);
    ready.catch((error) => logger.warn({ err: error }, "page cache listener could not start"));
    return {
      ready,
      async publish(tag) {
        await ready;
        await listener.query("select pg_notify($1, $2)", [CHANNEL, messageOf(tag)]);
      },
      async close() {
        await ready.catch(() => undefined);
        await listener.end();
      },
    };
  }

  return { ready: Promise.resolve(), async publish() {}, async close() {} };
}
