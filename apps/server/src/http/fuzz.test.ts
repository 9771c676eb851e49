import { writeFileSync } from "node:fs";
import { afterAll, beforeAll, describe, expect, it, onTestFailed } from "vitest";
import { type FuzzRequest, findLeak, fuzzRequests, type SeedSamples } from "../testing/fuzz-requests";
import { type Account, type ProductionServer, startProductionServer } from "../testing/production-server";
import { testDatabaseKind } from "../testing/test-database";

/*
 * "No 5xx from bad input" (issue 12): the production build, on a seeded database of this
 * project's engine, answers thousands of malformed requests (every operation of
 * /api/openapi.json, plus the page routes) anonymously and as staff, and never with a 5xx,
 * SQL, a stack trace or a file path. The requests are generated from a fixed seed
 * (FUZZ_SEED overrides it), so a failure reproduces.
 */

const SEED = Number(process.env.FUZZ_SEED ?? 20_240_612);
// To reproduce a few requests: FUZZ_FILTER=<regular expression on "METHOD template input">.
const FILTER = process.env.FUZZ_FILTER ? new RegExp(process.env.FUZZ_FILTER, "i") : undefined;
const MIN_REQUESTS = 5_000;
const CONCURRENCY = 8;
const REQUEST_TIMEOUT_MS = 20_000;
// Sending again after a connection the server closed (see send), once it has closed the others it means to.
const RETRIES = 3;
const RETRY_DELAY_MS = 600;

const ADMIN: Account = {
  email: "fuzz-admin@example.com",
  name: "Fuzz Admin",
  role: "admin",
  password: "fuzz-admin-pass",
};
const EDITOR: Account = {
  email: "fuzz-editor@example.com",
  name: "Fuzz Editor",
  role: "editor",
  password: "fuzz-editor-pass",
};

type Identity = "anonymous" | "admin" | "editor";

interface Outcome {
  request: FuzzRequest;
  as: Identity;
  status: number;
  /** The start of the answer, or the network error. */
  excerpt: string;
  problem?: string;
  /** No answer because the connection broke (not a timeout): worth sending again. */
  broken?: boolean;
}

const kind = testDatabaseKind();
let server: ProductionServer;

beforeAll(async () => {
  server = await startProductionServer({ kind, accounts: [ADMIN, EDITOR], env: { TRUST_PROXY: "true" } });
}, 180_000);

afterAll(async () => {
  await server?.stop();
}, 30_000);

/** fetch, sent again when the connection was one the server had just closed (see send). */
async function fetchAgain(url: string, init: RequestInit = {}): Promise<Response> {
  for (let attempt = 0; ; attempt += 1) {
    try {
      return await fetch(url, init);
    } catch (error) {
      if (attempt >= RETRIES || !server.isAlive()) throw error;
      await new Promise((resolve) => setTimeout(resolve, RETRY_DELAY_MS));
    }
  }
}

async function logIn(account: Account): Promise<string> {
  const response = await fetchAgain(`${server.url}/api/users/login`, {
    method: "POST",
    headers: { "content-type": "application/json", origin: server.url },
    body: JSON.stringify({ email: account.email, password: account.password }),
  });
  const cookie = response.headers.get("set-cookie")?.match(/broadsheet_session=[^;]+/)?.[0];
  if (response.status !== 200 || !cookie) {
    throw new Error(`Login as ${account.email} failed: ${response.status} ${await response.text()}`);
  }
  return cookie;
}

async function getJson<T>(path: string, cookie?: string): Promise<T> {
  const response = await fetchAgain(`${server.url}${path}`, { headers: cookie ? { cookie } : {} });
  if (response.status !== 200) throw new Error(`GET ${path}: ${response.status} ${await response.text()}`);
  return (await response.json()) as T;
}

/** Real rows of the demo content, read before any fuzz traffic. */
async function readSamples(staffCookie: string): Promise<SeedSamples> {
  type Summary = { _id: string; slug: string; commentCount: number };
  const posts = await getJson<{ items: Summary[] }>("/api/posts?limit=20");
  const withComments = posts.items.filter((post) => post.commentCount > 0);
  const [post, target] = withComments.length >= 2 ? withComments : posts.items;
  if (!post || !target) throw new Error("The demo content has fewer than two published posts");
  const comments = await getJson<{ items: { _id: string }[] }>(`/api/posts/${target._id}/comments`);
  const categories = await getJson<{ name: string; slug: string }[]>("/api/category/getCategories");
  const types = await getJson<{ name: string; slug: string }[]>("/api/type/getTypes");
  const polls = await getJson<{ items: { _id: string }[] }>("/api/votes");
  const adverts = await getJson<{ items: { _id: string }[] }>("/api/adverts", staffCookie);
  const category = categories[0];
  const type = types[0];
  if (!category || !type || !polls.items[0] || !adverts.items[0]) throw new Error("The demo content is incomplete");
  return {
    post: { id: post._id, slug: post.slug },
    target: { id: target._id, slug: target.slug },
    categoryName: category.name,
    categorySlug: category.slug,
    typeName: type.name,
    typeSlug: type.slug,
    pollId: polls.items[0]._id,
    advertId: adverts.items[0]._id,
    commentId: comments.items[0]?._id ?? "00000000-0000-4000-a000-000000000000",
  };
}

/** A distinct client address per request, so per-IP rate limits do not stop the requests before validation. */
const clientAddress = (index: number) => `10.${(index >> 16) & 255}.${(index >> 8) & 255}.${index & 255}`;

/** A body past the server's 1 MB limit may be cut off with the connection instead of answered 413. */
const OVERSIZED_BODY_BYTES = 1024 * 1024;

/**
 * Sends one request. A connection the server closed after an earlier request on it is no
 * answer about this one: it is sent again, up to RETRIES times. (An early 413 leaves the
 * connection open, "keep-alive", and @hono/node-server closes it 500 ms later when the
 * unread body does not drain: fetch may send the next request on it meanwhile.)
 */
async function send(request: FuzzRequest, as: Identity, cookie: string | undefined, index: number): Promise<Outcome> {
  let outcome = await sendOnce(request, as, cookie, index);
  for (let attempt = 0; attempt < RETRIES && outcome.broken && server.isAlive(); attempt += 1) {
    await new Promise((resolve) => setTimeout(resolve, RETRY_DELAY_MS));
    outcome = await sendOnce(request, as, cookie, index);
  }
  if (outcome.broken && (request.body?.length ?? 0) > OVERSIZED_BODY_BYTES && server.isAlive()) {
    return { ...outcome, problem: undefined };
  }
  return outcome;
}

async function sendOnce(
  request: FuzzRequest,
  as: Identity,
  cookie: string | undefined,
  index: number,
): Promise<Outcome> {
  const headers: Record<string, string> = {
    origin: server.url,
    "x-forwarded-for": clientAddress(index),
    ...request.headers,
  };
  if (cookie) headers.cookie = request.headers.cookie ? `${cookie}; ${request.headers.cookie}` : cookie;
  try {
    const response = await fetch(`${server.url}${request.url}`, {
      method: request.method,
      headers,
      body: request.body,
      redirect: "manual",
      signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS),
    });
    const body = await response.text();
    const contentType = response.headers.get("content-type") ?? "";
    const leak = findLeak(body, contentType);
    const problem = response.status >= 500 ? `status ${response.status}` : leak && `leaks ${leak}`;
    return { request, as, status: response.status, excerpt: excerptOf(body, contentType), problem };
  } catch (error) {
    const message =
      error instanceof Error ? `${error.name}: ${error.message} ${String(error.cause ?? "")}` : String(error);
    const broken = !(error instanceof Error && error.name === "TimeoutError");
    return { request, as, status: 0, excerpt: message.slice(0, 200), problem: "no answer", broken };
  }
}

/** The first 200 characters of an answer; of a page, its title and the visible text of its main part. */
function excerptOf(body: string, contentType: string): string {
  if (!contentType.includes("html")) return body.slice(0, 200);
  const title = body.match(/<title>([^<]*)<\/title>/)?.[1] ?? "";
  const text = (body.match(/<main[^>]*>([\s\S]*)/)?.[1] ?? body.match(/<body[^>]*>([\s\S]*)/)?.[1] ?? body)
    .replace(/<script[\s\S]*?<\/script>/g, " ")
    .replace(/<[^>]+>/g, " ")
    .replace(/\s+/g, " ")
    .trim();
  return `[${title}] ${text}`.slice(0, 200);
}

/** Runs the jobs, at most `limit` at a time, until the server dies; resolves with the outcomes in job order. */
async function pool<T>(jobs: (() => Promise<T>)[], limit: number): Promise<T[]> {
  const results: T[] = [];
  let next = 0;
  const worker = async () => {
    while (next < jobs.length && server.isAlive()) {
      const index = next++;
      results[index] = await (jobs[index] as () => Promise<T>)();
    }
  };
  await Promise.all(Array.from({ length: Math.min(limit, jobs.length) }, worker));
  return results.filter((result) => result !== undefined);
}

/** Failures grouped by operation, status and answer, with a few of the inputs behind each. */
function report(failures: Outcome[]): string {
  const groups = new Map<string, Outcome[]>();
  for (const failure of failures) {
    const key = [failure.request.method, failure.request.template, failure.problem, failure.excerpt].join("\u0001");
    groups.set(key, [...(groups.get(key) ?? []), failure]);
  }
  const lines = [`${failures.length} bad answers in ${groups.size} groups (FUZZ_SEED=${SEED}, ${kind}):`];
  for (const outcomes of groups.values()) {
    const [first] = outcomes as [Outcome];
    const who = [...new Set(outcomes.map((outcome) => outcome.as))].join(", ");
    lines.push(
      "",
      `${first.request.method} ${first.request.template} → ${first.problem} (${outcomes.length}×, as ${who})`,
      `  answer: ${JSON.stringify(first.excerpt)}`,
    );
    for (const outcome of outcomes.slice(0, 4)) {
      lines.push(`  input: ${outcome.request.input} — ${outcome.request.method} ${outcome.request.url.slice(0, 160)}`);
    }
    if (outcomes.length > 4) lines.push(`  … and ${outcomes.length - 4} more`);
  }
  return lines.join("\n");
}

describe(`fuzzing the production server (${kind})`, () => {
  it("answers every malformed request without a 5xx, SQL, a stack trace or a file path", async () => {
    onTestFailed(() => {
      const { stderr, stdout } = server.output();
      console.error(
        `--- server stderr (last 20 KB) ---\n${stderr.slice(-20_000)}\n--- server stdout (last 2 KB) ---\n${stdout.slice(-2_000)}`,
      );
    });
    const started = performance.now();
    // Logged in first, before the fuzz traffic could trip a limit.
    const admin = await logIn(ADMIN);
    const editor = await logIn(EDITOR);
    const document = await getJson<Parameters<typeof fuzzRequests>[0]>("/api/openapi.json");
    const samples = await readSamples(admin);
    const requests = fuzzRequests(document, samples, SEED).filter(
      (request) => !FILTER || FILTER.test(`${request.method} ${request.template} ${request.input}`),
    );
    // The admin area is rendered for each staff role: the editor sees it without the admin-only parts.
    const attempts = requests.flatMap((request) => {
      const identities: Identity[] = /^\/(admin|logout)/.test(request.template)
        ? ["anonymous", "admin", "editor"]
        : ["anonymous", "admin"];
      return identities.map((as) => ({ request, as }));
    });
    const cookies: Record<Identity, string | undefined> = { anonymous: undefined, admin, editor };

    const outcomes: Outcome[] = [];
    let index = 0;
    for (const phase of [0, 1, 2] as const) {
      const jobs = attempts
        .filter((attempt) => attempt.request.phase === phase)
        .map((attempt) => {
          const number = index++;
          return () => send(attempt.request, attempt.as, cookies[attempt.as], number);
        });
      outcomes.push(...(await pool(jobs, CONCURRENCY)));
      if (!server.isAlive()) break;
      if (phase === 0) {
        // The staff session must have survived everything before logging out, or "as staff" meant nothing.
        const user = await fetchAgain(`${server.url}/api/users/getUser`, { headers: { cookie: admin } });
        expect(user.status, "the admin session ended during the fuzz run").toBe(200);
        await user.arrayBuffer();
      }
    }
    const seconds = ((performance.now() - started) / 1000).toFixed(1);
    const statuses = new Map<number, number>();
    for (const { status } of outcomes) statuses.set(status, (statuses.get(status) ?? 0) + 1);
    const histogram = [...statuses].sort(([a], [b]) => a - b).map(([status, count]) => `${status}: ${count}`);
    console.info(
      `fuzz (${kind}): ${outcomes.length} requests from ${requests.length} templates in ${seconds} s (${histogram.join(", ")})`,
    );

    const failures = outcomes.filter((outcome) => outcome.problem);
    if (process.env.FUZZ_REPORT) writeFileSync(process.env.FUZZ_REPORT, report(failures));
    const died = server.isAlive()
      ? ""
      : `THE SERVER PROCESS DIED (its stderr is printed below); ${attempts.length - outcomes.length} requests were not sent. The requests without an answer just before it died are the suspects.\n`;
    expect(failures.length, `${died}${report(failures)}`).toBe(0);
    expect(server.isAlive(), "the server process died").toBe(true);
    if (!FILTER) expect(outcomes.length).toBeGreaterThanOrEqual(MIN_REQUESTS);
    const health = await fetchAgain(`${server.url}/api/health`);
    expect(health.status).toBe(200);
  }, 300_000);
});
