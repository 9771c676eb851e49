import { randomUUID } from "node:crypto";
import pg from "pg";
import type { Logger } from "../logger";
import { closeRedis, connectRedis } from "./redis-connection";

/*
 * Tells every instance that content changed, so each clears its page cache, or that one
 * reader's state changed (a tag such as user:<id>), so each forgets what it cached about
 * them: Redis pub/sub when REDIS_URL is set, else PostgreSQL LISTEN/NOTIFY when several
 * instances share a DATABASE_URL; on the embedded database there is only this process.
 * A message is the sender's id, then the tag after a space when there is one.
 *
 * The listening connection comes back by itself after it drops (a database or Redis
 * restart, a terminated backend, a network blip). Whatever was announced while it was
 * down never reached this instance, so on every reconnect it clears everything it caches
 * (`onMissedChanges`). Announcements this instance could not send while down are made up
 * for when it is back: it tells the others to clear everything too (EVERYTHING).
 */
const CHANNEL = "broadsheet_pages";
/** How the listening connection shows in pg_stat_activity (and, with a suffix, in Redis CLIENT LIST). */
export const LISTENER_APPLICATION_NAME = "broadsheet-invalidation";
/** The reserved tag of "forget everything, pages, reads and every reader's state". */
const EVERYTHING = "*";
/** Reconnection delays: 100 ms doubling to 5 s, each between half and all of that (jitter). */
const BACKOFF = { firstMs: 100, maxMs: 5_000 };
/** A publish that has not gone out by then is given up (logged): writes never wait on a dead socket. */
const PUBLISH_TIMEOUT_MS = 2_000;
/**
 * A connection that dies without a word (a network partition, a failover that moves the
 * address) is found by a query every so often: one unanswered for long is a lost connection.
 */
const HEARTBEAT = { everyMs: 30_000, timeoutMs: 5_000 };

export interface InvalidationBusListener {
  /** How often the listening connection was re-established after it dropped. */
  reconnects: number;
  /** Whether it listens now. */
  connected: boolean;
  /** PostgreSQL: the listening backend's pid (pg_stat_activity.pid). */
  backendPid?: number;
  /** Redis: the subscriber's CLIENT SETNAME. */
  clientName?: string;
}

export interface InvalidationBus {
  /** Resolves once this instance listens (tests wait for it). */
  ready: Promise<void>;
  /** Announces changed tags to the other instances (this one clears its own caches directly). Never throws. */
  publish(tags: readonly string[]): Promise<void>;
  /** The state of the listening connection, for tests and operators. */
  listener(): InvalidationBusListener;
  close(): Promise<void>;
}

export interface InvalidationHandlers {
  /** Another instance announced a change: the tags of what changed (post:<id>, user:<id>, …). */
  onRemoteChange(tags: string[]): void;
  /** Announcements may have been missed (the listener was down): forget everything cached. */
  onMissedChanges(): void;
}

/** What both transports need: how to word a notice, what to do with one, whom to tell. */
interface BusWiring {
  messageOf: (tags: readonly string[]) => string;
  fromOthers: (message: string) => void;
  handlers: InvalidationHandlers;
  logger: Logger;
}

export function createInvalidationBus(
  options: { redisUrl?: string; databaseUrl?: string },
  handlers: InvalidationHandlers,
  logger: Logger,
): InvalidationBus {
  const instanceId = randomUUID();
  // "<instance> <tag> <tag> …": tags hold no spaces (ids, slugs, hashes).
  const messageOf = (tags: readonly string[]) => [instanceId, ...tags].join(" ");
  const fromOthers = (message: string) => {
    const [sender, ...tags] = message.split(" ");
    if (sender === instanceId) return;
    if (tags[0] === EVERYTHING) handlers.onMissedChanges();
    else handlers.onRemoteChange(tags);
  };

  const wiring: BusWiring = { messageOf, fromOthers, handlers, logger };
  if (options.redisUrl) return redisBus(options.redisUrl, instanceId, wiring);
  if (options.databaseUrl) return postgresBus(options.databaseUrl, wiring);
  return {
    ready: Promise.resolve(),
    async publish() {},
    listener: () => ({ reconnects: 0, connected: true }),
    async close() {},
  };
}

function withTimeout<T>(work: Promise<T>, ms: number, what: string): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`${what} timed out after ${ms} ms`)), ms);
  });
  return Promise.race([work, timeout]).finally(() => clearTimeout(timer));
}

/**
 * Sends announcements; one that fails is logged, and remembered so that the others are told
 * to clear everything once the connection is back (`flush`).
 */
function createPublisher(
  send: (message: string) => Promise<unknown>,
  messageOf: (tags: readonly string[]) => string,
  logger: Logger,
) {
  let dropped = false;
  return {
    async publish(tags: readonly string[], canSend: boolean): Promise<void> {
      if (!canSend) {
        dropped = true;
        logger.warn(
          "invalidation bus is reconnecting: other instances will be told to clear everything once it is back",
        );
        return;
      }
      try {
        await withTimeout(send(messageOf(tags)), PUBLISH_TIMEOUT_MS, "invalidation notice");
      } catch (error) {
        dropped = true;
        logger.warn(
          { err: error },
          "could not tell other instances about a change; will tell them to clear everything",
        );
      }
    },
    /** After a reconnect: make up for announcements that did not go out. */
    async flush(): Promise<void> {
      if (!dropped) return;
      dropped = false;
      try {
        await withTimeout(send(messageOf([EVERYTHING])), PUBLISH_TIMEOUT_MS, "invalidation notice");
      } catch (error) {
        dropped = true;
        logger.warn({ err: error }, "could not tell other instances to clear everything");
      }
    },
  };
}

function postgresBus(databaseUrl: string, wiring: BusWiring): InvalidationBus {
  const { messageOf, fromOthers, handlers, logger } = wiring;
  // LISTEN needs a connection of its own, outside the query pool; it also sends the notices.
  let current: pg.Client | undefined;
  let connecting: pg.Client | undefined;
  let closed = false;
  let connectedOnce = false;
  let failures = 0;
  let reconnects = 0;
  let backendPid: number | undefined;
  /** Gives up the current connection (a failed heartbeat) and reconnects. */
  let dropCurrent: ((error: unknown) => void) | undefined;
  let retryTimer: NodeJS.Timeout | undefined;
  let markReady = () => {};
  const ready = new Promise<void>((resolve) => {
    markReady = resolve;
  });
  const publisher = createPublisher(
    async (message) => {
      const client = current;
      if (!client) throw new Error("the invalidation listener is not connected");
      await client.query("select pg_notify($1, $2)", [CHANNEL, message]);
    },
    messageOf,
    logger,
  );

  const scheduleConnect = () => {
    if (closed || retryTimer) return;
    const ceiling = Math.min(BACKOFF.maxMs, BACKOFF.firstMs * 2 ** failures);
    failures += 1;
    retryTimer = setTimeout(
      () => {
        retryTimer = undefined;
        void connect();
      },
      ceiling / 2 + (Math.random() * ceiling) / 2,
    );
  };

  const connect = async () => {
    if (closed) return;
    const client = new pg.Client({
      connectionString: databaseUrl,
      application_name: LISTENER_APPLICATION_NAME,
      keepAlive: true,
      connectionTimeoutMillis: 10_000,
      query_timeout: 10_000,
    });
    connecting = client;
    let lost = false;
    const lose = (error?: unknown) => {
      if (lost) return;
      lost = true;
      if (current === client) {
        current = undefined;
        dropCurrent = undefined;
      }
      if (connecting === client) connecting = undefined;
      client.end().catch(() => undefined);
      if (closed) return;
      logger.warn({ err: error }, "invalidation listener lost its connection; reconnecting");
      scheduleConnect();
    };
    // Every later error or end of this connection lands here: never an unhandled "error".
    client.on("error", lose);
    client.on("end", () => lose(new Error("connection ended")));
    client.on("notification", (message) => fromOthers(message.payload ?? ""));
    let pid: number | undefined;
    try {
      await client.connect();
      await client.query(`listen ${CHANNEL}`);
      pid = (await client.query<{ pid: number }>("select pg_backend_pid() as pid")).rows[0]?.pid;
    } catch (error) {
      lose(error);
      return;
    }
    if (lost) return;
    connecting = undefined;
    if (closed) {
      await client.end().catch(() => undefined);
      return;
    }
    current = client;
    dropCurrent = lose;
    backendPid = pid;
    failures = 0;
    if (connectedOnce) {
      // Listening again: anything announced while it was down was missed.
      reconnects += 1;
      handlers.onMissedChanges();
      logger.info({ reconnects }, "invalidation listener reconnected; caches cleared");
    }
    connectedOnce = true;
    markReady();
    await publisher.flush();
  };
  void connect();
  const heartbeat = setInterval(() => {
    const client = current;
    const drop = dropCurrent;
    if (!client || !drop) return;
    withTimeout(client.query("select 1"), HEARTBEAT.timeoutMs, "invalidation listener heartbeat").catch(drop);
  }, HEARTBEAT.everyMs);
  heartbeat.unref();

  return {
    ready,
    publish: (tags) => publisher.publish(tags, current !== undefined),
    listener: () => ({ reconnects, connected: current !== undefined, backendPid: current ? backendPid : undefined }),
    async close() {
      closed = true;
      clearInterval(heartbeat);
      clearTimeout(retryTimer);
      retryTimer = undefined;
      // Nobody waits for ever on an instance that closed before it ever listened.
      markReady();
      const clients = [current, connecting].filter((client): client is pg.Client => client !== undefined);
      current = undefined;
      connecting = undefined;
      await Promise.all(clients.map((client) => client.end().catch(() => undefined)));
    },
  };
}

function redisBus(redisUrl: string, instanceId: string, wiring: BusWiring): InvalidationBus {
  const { messageOf, fromOthers, handlers, logger } = wiring;
  const clientName = `${LISTENER_APPLICATION_NAME}-${instanceId.slice(0, 8)}`;
  const publisherConnection = connectRedis(redisUrl, { maxRetriesPerRequest: 2 });
  // ioredis reconnects by itself and subscribes again (autoResubscribe).
  const subscriber = connectRedis(redisUrl, { connectionName: clientName });
  let reconnects = 0;
  let readyOnce = false;
  let down = false;
  const publisher = createPublisher((message) => publisherConnection.publish(CHANNEL, message), messageOf, logger);

  const warnOnce = (what: string) => (error: Error) => {
    if (down) return;
    down = true;
    logger.warn({ err: error }, `invalidation bus: Redis ${what} connection lost; reconnecting`);
  };
  subscriber.on("error", warnOnce("subscriber"));
  publisherConnection.on("error", warnOnce("publisher"));
  publisherConnection.on("ready", () => void publisher.flush());
  subscriber.on("message", (_channel: string, message: string) => fromOthers(message));
  subscriber.on("ready", () => {
    if (!readyOnce) {
      readyOnce = true;
      return;
    }
    down = false;
    // ioredis has queued the re-subscription before "ready"; once this SUBSCRIBE is answered
    // the server has both, and nothing announced from then on is missed.
    subscriber.subscribe(CHANNEL).then(
      () => {
        reconnects += 1;
        handlers.onMissedChanges();
        logger.info({ reconnects }, "invalidation listener subscribed again; caches cleared");
      },
      (error: unknown) => logger.warn({ err: error }, "invalidation listener could not subscribe again"),
    );
  });
  const ready = subscriber.subscribe(CHANNEL).then(() => undefined);
  ready.catch((error) => logger.warn({ err: error }, "invalidation listener could not start"));
  return {
    ready,
    publish: (tags) => publisher.publish(tags, true),
    listener: () => ({ reconnects, connected: subscriber.status === "ready", clientName }),
    async close() {
      await Promise.all([closeRedis(subscriber), closeRedis(publisherConnection)]);
    },
  };
}
