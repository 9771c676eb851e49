import path from "node:path";
import { IMPORT_UPLOAD_MAX_BYTES, isTimeZone } from "@broadsheet/domain";
import proxyAddr from "proxy-addr";
import { z } from "zod";

/*
 * The one place that reads process.env. Everything else receives a typed Config, so a
 * test can build one without touching the environment.
 */
const booleanFlag = z.enum(["true", "false", "1", "0"]).transform((value) => value === "true" || value === "1");

const EnvSchema = z.object({
  NODE_ENV: z.enum(["development", "production", "test"]).default("production"),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().min(1).default("0.0.0.0"),
  DATA_DIR: z.string().min(1).default("./data"),
  DATABASE_URL: z.url({ protocol: /^postgres(ql)?$/, error: "must be a postgres:// or postgresql:// URL" }).optional(),
  PUBLIC_URL: z.url({ protocol: /^https?$/, error: "must be an http:// or https:// URL" }).optional(),
  SMTP_URL: z.url({ protocol: /^smtps?$/, error: "must be an smtp:// or smtps:// URL" }).optional(),
  MAIL_FROM: z.string().min(3).default("Broadsheet <no-reply@broadsheet.local>"),
  // The shared secret of POST /api/newsletters/events (bounce and complaint notices); unset = only SES/SNS notices.
  NEWSLETTER_EVENTS_SECRET: z.string().min(16).optional(),
  NEWSLETTER_SNS_TOPIC_ARNS: z
    .string()
    .default("")
    .transform((value) =>
      value
        .split(",")
        .map((arn) => arn.trim())
        .filter(Boolean),
    ),
  // Newsletters are DKIM-signed when all three are set (PEM private key; "\n" taken as a newline).
  DKIM_DOMAIN: z.string().min(3).optional(),
  DKIM_SELECTOR: z.string().min(1).optional(),
  DKIM_PRIVATE_KEY: z.string().min(32).optional(),
  REDIS_URL: z.url({ protocol: /^rediss?$/, error: "must be a redis:// or rediss:// URL" }).optional(),
  LOG_LEVEL: z.enum(["fatal", "error", "warn", "info", "debug", "trace", "silent"]).default("info"),
  SEED_DEMO: booleanFlag.optional(),
  // Processes serving requests on PostgreSQL (node:cluster); PGlite is embedded in one process.
  WORKERS: z.coerce.number().int().min(1).max(64).optional(),
  // Page renders at once on the machine (workers split them), and how long a page may take.
  PAGE_RENDERS: z.coerce.number().int().min(1).max(256).default(4),
  PAGE_RENDER_BUDGET_MS: z.coerce.number().int().min(1).max(600_000).default(5000),
  // The largest export Admin → Import takes (2 GB; tests lower it).
  IMPORT_FETCH_PRIVATE_ADDRESSES: booleanFlag.default(false),
  IMPORT_MAX_BYTES: z.coerce.number().int().min(1).max(IMPORT_UPLOAD_MAX_BYTES).default(IMPORT_UPLOAD_MAX_BYTES),
  // Embeds (decision 077): how long a save waits for providers' titles and stills; where tests answer
  // every oEmbed request (no internet there), and whether stills may come from a private address then.
  EMBED_LOOKUP_TIMEOUT_MS: z.coerce.number().int().min(100).max(30_000).default(3000),
  EMBED_OEMBED_ENDPOINT: z.url({ protocol: /^https?$/ }).optional(),
  EMBED_FETCH_PRIVATE_ADDRESSES: booleanFlag.default(false),
  TRUST_PROXY: z
    .string()
    .default("false")
    .transform((value, ctx) => parseTrustProxy(value) ?? invalidTrustProxy(ctx)),
  // First-run defaults of the site settings; an admin changes them in the admin area.
  SITE_NAME: z.string().trim().min(1).max(60).default("Broadsheet"),
  SITE_TAGLINE: z.string().trim().max(120).default("News, analysis and long reads"),
  SITE_TIME_ZONE: z.string().trim().refine(isTimeZone, "must be an IANA time zone, like Europe/London").default("UTC"),
  CONTACT_EMAIL: z.string().min(3).default("hello@broadsheet.example"),
  CONTACT_PHONE: z.string().min(3).default("+1 555 0100"),
  SHOP_URL: z.url().default("https://shop.broadsheet.example"),
});

export type DatabaseKind = "pglite" | "postgres";

/** TRUST_PROXY: `false` trusts no proxy, a number that many hops, a list those addresses/CIDRs. */
export type TrustProxy = { hops: number } | { addresses: string[] };

function parseTrustProxy(value: string): TrustProxy | undefined {
  const text = value.trim().toLowerCase();
  if (text === "false" || text === "0") return { hops: 0 };
  if (text === "true") return { hops: 1 };
  if (/^\d{1,2}$/.test(text)) return { hops: Number(text) };
  const addresses = text.split(",").map((entry) => entry.trim());
  try {
    // proxy-addr knows addresses, CIDRs and the names loopback, linklocal and uniquelocal.
    proxyAddr.compile(addresses);
    return { addresses };
  } catch {
    return undefined;
  }
}

function invalidTrustProxy(ctx: z.RefinementCtx): never {
  ctx.addIssue({
    code: "custom",
    message: "must be false, true, a hop count or a comma-separated list of addresses/CIDRs",
  });
  return z.NEVER;
}

export interface Config {
  env: "development" | "production" | "test";
  port: number;
  host: string;
  dataDir: string;
  databaseUrl: string | undefined;
  databaseKind: DatabaseKind;
  publicUrl: string;
  smtpUrl: string | undefined;
  mailFrom: string;
  newsletterEventsSecret: string | undefined;
  /** NEWSLETTER_SNS_TOPIC_ARNS: the SNS topics whose SES notices POST /api/newsletters/events takes. */
  newsletterSnsTopics: string[];
  /** Signs newsletters when set (DKIM_DOMAIN, DKIM_SELECTOR, DKIM_PRIVATE_KEY). */
  dkim: { domainName: string; keySelector: string; privateKey: string } | undefined;
  redisUrl: string | undefined;
  logLevel: z.infer<typeof EnvSchema>["LOG_LEVEL"];
  seedDemo: boolean;
  /** WORKERS as set (undefined: one per core on PostgreSQL). */
  workers: number | undefined;
  /** Page renders at once on the machine, shared by its serving processes (decision 044). */
  pageRenders: number;
  /** A page GET not rendered within this, waiting included, answers a stale copy or 503 (decision 049). */
  pageRenderBudgetMs: number;
  /** The largest export file POST /api/imports takes, in bytes. */
  importMaxBytes: number;
  /** The importer may fetch images from loopback, private and link-local addresses (off: no SSRF). */
  importFetchPrivateAddresses: boolean;
  embeds: { lookupTimeoutMs: number; oembedEndpoint?: string; fetchPrivateAddresses: boolean };
  /** Which proxies' X-Forwarded-* headers to believe: none, a hop count, or addresses/CIDRs. */
  trustProxy: TrustProxy;
  /** PUBLIC_URL was given: it is the public origin, whatever Host or X-Forwarded-* say. */
  publicUrlIsSet: boolean;
  /** Defaults of the site settings until an admin changes them. */
  site: {
    siteName: string;
    tagline: string;
    timeZone: string;
    contactEmail: string;
    contactPhone: string;
    shopUrl: string;
  };
}

export class ConfigError extends Error {}

/** Parses an environment into Config; the first problem becomes one line naming the variable. */
export function parseConfig(env: Record<string, string | undefined>): Config {
  const cleaned = Object.fromEntries(Object.entries(env).filter(([, value]) => value !== ""));
  const result = EnvSchema.safeParse(cleaned);
  if (!result.success) {
    const issue = result.error.issues[0];
    const name = String(issue?.path[0] ?? "environment");
    throw new ConfigError(
      `Invalid configuration: ${name} ${issue?.message ?? "is invalid"} (got "${env[name] ?? ""}")`,
    );
  }
  const values = result.data;
  const port = values.PORT;
  return {
    env: values.NODE_ENV,
    port,
    host: values.HOST,
    dataDir: path.resolve(values.DATA_DIR),
    databaseUrl: values.DATABASE_URL,
    databaseKind: values.DATABASE_URL ? "postgres" : "pglite",
    publicUrl: (values.PUBLIC_URL ?? `http://localhost:${port}`).replace(/\/+$/, ""),
    publicUrlIsSet: values.PUBLIC_URL !== undefined,
    smtpUrl: values.SMTP_URL,
    mailFrom: values.MAIL_FROM,
    newsletterEventsSecret: values.NEWSLETTER_EVENTS_SECRET,
    newsletterSnsTopics: values.NEWSLETTER_SNS_TOPIC_ARNS,
    dkim:
      values.DKIM_DOMAIN && values.DKIM_SELECTOR && values.DKIM_PRIVATE_KEY
        ? {
            domainName: values.DKIM_DOMAIN,
            keySelector: values.DKIM_SELECTOR,
            privateKey: values.DKIM_PRIVATE_KEY.replaceAll("\\n", "\n"),
          }
        : undefined,
    redisUrl: values.REDIS_URL,
    logLevel: values.LOG_LEVEL,
    // Demo content fills the embedded database by default, never a real server unless asked.
    seedDemo: values.SEED_DEMO ?? !values.DATABASE_URL,
    workers: values.WORKERS,
    pageRenders: values.PAGE_RENDERS,
    pageRenderBudgetMs: values.PAGE_RENDER_BUDGET_MS,
    importMaxBytes: values.IMPORT_MAX_BYTES,
    importFetchPrivateAddresses: values.IMPORT_FETCH_PRIVATE_ADDRESSES,
    embeds: {
      lookupTimeoutMs: values.EMBED_LOOKUP_TIMEOUT_MS,
      oembedEndpoint: values.EMBED_OEMBED_ENDPOINT,
      fetchPrivateAddresses: values.EMBED_FETCH_PRIVATE_ADDRESSES,
    },
    trustProxy: values.TRUST_PROXY,
    site: {
      siteName: values.SITE_NAME,
      tagline: values.SITE_TAGLINE,
      timeZone: values.SITE_TIME_ZONE,
      contactEmail: values.CONTACT_EMAIL,
      contactPhone: values.CONTACT_PHONE,
      shopUrl: values.SHOP_URL,
    },
  };
}

/** Reads the process environment; on a bad value prints one line and exits. */
export function loadConfig(): Config {
  try {
    return parseConfig(process.env);
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(error.message);
      process.exit(1);
    }
    throw error;
  }
}

/** Set in the environment of a worker forked for one job (workers.ts runInWorker). */
export const WORKER_ROLE_VARIABLE = "BROADSHEET_WORKER_ROLE";

/** The job this process was forked for, from its environment (workers.ts workerRole). */
export function forkedWorkerRole(): string | undefined {
  return process.env[WORKER_ROLE_VARIABLE];
}

/** glibc's malloc settings for the workers a primary forks: as set here, else the defaults of decisions 027 and 044. */
export function workerMallocEnvironment(): Record<string, string> {
  return {
    MALLOC_ARENA_MAX: process.env.MALLOC_ARENA_MAX ?? "2",
    MALLOC_MMAP_THRESHOLD_: process.env.MALLOC_MMAP_THRESHOLD_ ?? "131072",
    MALLOC_TRIM_THRESHOLD_: process.env.MALLOC_TRIM_THRESHOLD_ ?? "131072",
  };
}

/** Libraries (React) read NODE_ENV themselves; give it our default before they load. */
export function setNodeEnvDefault(value: "development" | "production"): void {
  process.env.NODE_ENV ??= value;
}
