import { createHash } from "node:crypto";
import {
  EDITOR_SAFETY_MESSAGES,
  IDEMPOTENCY_HEADER,
  IDEMPOTENCY_KEY_MAX_LENGTH,
  IDEMPOTENT_REPLAY_HEADER,
} from "@broadsheet/domain";
import type { Context, MiddlewareHandler } from "hono";
import { conflict, invalid } from "../../errors";
import type { StoredAnswer } from "../../newsroom";
import type { AppEnv } from "../app-env";
import { clientKey } from "../client-ip";
import { isMultipart } from "../multipart";

const KEY_PATTERN = new RegExp(`^[\\x21-\\x7e]{1,${IDEMPOTENCY_KEY_MAX_LENGTH}}$`);
/** How long a repeat waits for the first request's answer before it is told to try again. */
const WAIT_FOR_FIRST_MS = 10_000;
const POLL_MS = 50;

/** Whose keys these are: the account, or for a caller without one its address. */
const scopeOf = (c: Context<AppEnv>) => c.get("user")?.id ?? `client:${clientKey(c)}`;

/**
 * The request a key stands for. A multipart body is streamed by its handler, so only its
 * method and path count: a key reused for another upload is not recognised as such.
 */
async function fingerprintOf(c: Context<AppEnv>): Promise<string> {
  const body = isMultipart(c) ? "" : await c.req.text();
  return createHash("sha256").update(`${c.req.method} ${c.req.path}\n${body}`).digest("hex");
}

function replay(answer: StoredAnswer): Response {
  return new Response(answer.body, {
    status: answer.status,
    headers: { "Content-Type": answer.contentType, [IDEMPOTENT_REPLAY_HEADER]: "true" },
  });
}

/**
 * Creates sent with an `Idempotency-Key` header happen once (issue 43, decision 076): the key is
 * claimed in the database before the handler runs; a repeat answers the first success as it was
 * (waiting for it when both arrive together); a failure gives the key back so it can be retried.
 */
export const idempotentCreate: MiddlewareHandler<AppEnv> = async (c, next) => {
  const key = c.req.header(IDEMPOTENCY_HEADER);
  const keys = c.get("idempotency");
  if (key === undefined || !keys) return next();
  if (!KEY_PATTERN.test(key)) throw invalid(EDITOR_SAFETY_MESSAGES.badKey);
  const scope = scopeOf(c);
  const fingerprint = await fingerprintOf(c);
  const deadline = Date.now() + WAIT_FOR_FIRST_MS;
  // A repeat that arrives while the first runs waits for its answer; if the first fails, it runs itself.
  for (let claim = await keys.claim(scope, key, fingerprint); claim.kind !== "claimed"; ) {
    if (claim.kind === "other_request") throw conflict(EDITOR_SAFETY_MESSAGES.keyReused);
    if (claim.kind === "answered") {
      c.res = replay(claim.answer);
      return;
    }
    if (Date.now() > deadline) throw conflict(EDITOR_SAFETY_MESSAGES.stillRunning);
    await new Promise((resolve) => setTimeout(resolve, POLL_MS));
    claim = await keys.claim(scope, key, fingerprint);
  }
  try {
    await next();
  } catch (error) {
    await keys.release(scope, key);
    throw error;
  }
  const response = c.res;
  if (response.status >= 200 && response.status < 300) {
    await keys.complete(scope, key, {
      status: response.status,
      body: await response.clone().text(),
      contentType: response.headers.get("content-type") ?? "application/json",
    });
  } else {
    await keys.release(scope, key);
  }
};
