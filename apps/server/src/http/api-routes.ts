import {
  ACCOUNT_MESSAGES,
  type Access,
  type EndpointDeclaration,
  type ErrorStatus,
  MEDIA_MESSAGES,
  MessageSchema,
  TWO_FACTOR_MESSAGES,
} from "@broadsheet/domain";
import { createRoute, OpenAPIHono, type RouteConfig } from "@hono/zod-openapi";
import type { MiddlewareHandler } from "hono";
import type { SchemaObject } from "openapi3-ts/oas31";
import { z } from "zod";
import { forbidden, invalid, unauthorized } from "../errors";
import type { AppEnv } from "./app-env";
import { auditTrailOf } from "./audit-trail";
import { limitBody, limitOrdinaryBody, readJson } from "./body";
import { idempotentCreate } from "./middleware/idempotency";
import { staffAccessOf } from "./middleware/session";
import { isMultipart } from "./multipart";

/*
 * Routes registered from the endpoint declarations of packages/domain (*.endpoints.ts):
 * @hono/zod-openapi validates params, query and JSON body from them and collects the
 * OpenAPI document; the access rule becomes route middleware, checked before any body is read.
 */

/** A router whose validation failures answer the first problem's message (docs/product.md#errors). */
export function apiRouter() {
  return new OpenAPIHono<AppEnv>({
    defaultHook: (result) => {
      if (!result.success) throw invalid(result.error.issues[0]?.message ?? "Invalid input");
    },
  });
}
export type ApiRouter = ReturnType<typeof apiRouter>;

export const requireUser: MiddlewareHandler<AppEnv> = async (c, next) => {
  if (!c.get("user")) throw unauthorized(ACCOUNT_MESSAGES.notLoggedIn);
  await next();
};

/** Staff and admin calls ask the one staff rule (accounts/staff-access.ts), two-factor included. */
function requireStaffAccess(level: "staff" | "admin"): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    if (!c.get("user")) throw unauthorized(ACCOUNT_MESSAGES.notLoggedIn);
    const access = await staffAccessOf(c, level);
    if (access === "not_staff")
      throw forbidden(level === "admin" ? ACCOUNT_MESSAGES.adminOnly : ACCOUNT_MESSAGES.staffOnly);
    if (access === "needs_two_factor") throw forbidden(TWO_FACTOR_MESSAGES.requiredForStaff);
    await next();
  };
}

export const requireStaff = requireStaffAccess("staff");
export const requireAdmin = requireStaffAccess("admin");

const ACCESS_MIDDLEWARE: Record<Access, MiddlewareHandler<AppEnv> | undefined> = {
  public: undefined,
  optional: undefined,
  user: requireUser,
  staff: requireStaff,
  admin: requireAdmin,
};

const ACCESS_NOTE: Record<Access, string> = {
  public: "Public.",
  optional: "Public; a session personalises the answer.",
  user: "Logged in.",
  staff: "Editors and admins.",
  admin: "Admins only.",
};

const ACCESS_SECURITY: Record<Access, Record<string, string[]>[]> = {
  public: [],
  optional: [{}, { cookieAuth: [] }],
  user: [{ cookieAuth: [] }],
  staff: [{ cookieAuth: [] }],
  admin: [{ cookieAuth: [] }],
};

const ACCESS_ERRORS: Record<Access, ErrorStatus[]> = {
  public: [],
  optional: [],
  user: [401],
  staff: [401, 403],
  admin: [401, 403],
};

const ERROR_DESCRIPTIONS: Record<ErrorStatus, string> = {
  400: "Invalid input (NUL or a broken %-encoding in the URL included): the message names the first problem",
  401: "Not logged in",
  403: "Logged in, but not allowed (or a cross-site request)",
  404: "Not found",
  409: "Conflict with existing data",
  413: "Body or upload too large",
  415: "Not a supported media type",
  429: "Rate limited, or the server is busy hashing passwords: try again after Retry-After seconds",
  503: "The database is briefly out of reach: try again after Retry-After seconds",
};

const RETRY_AFTER = {
  "Retry-After": { description: "Seconds to wait before trying again", schema: { type: "integer", minimum: 1 } },
} as const;

/**
 * Every error status the operation can answer: its declared ones, its access rule's, and
 * those every route has: 400 (a URL the server refuses to read), 403 to a cross-site write,
 * 404 to a path parameter naming nothing, 413 to a body past its limit, 503 when the database
 * is out of reach.
 */
function errorStatusesOf(declaration: EndpointDeclaration): ErrorStatus[] {
  const statuses = new Set<ErrorStatus>([400, ...ACCESS_ERRORS[declaration.access], ...(declaration.errors ?? [])]);
  if (isCreate(declaration)) statuses.add(409);
  if (declaration.method !== "get") statuses.add(403);
  if (declaration.params) statuses.add(404);
  if (declaration.body || declaration.form) statuses.add(413);
  statuses.add(503);
  return [...statuses].sort((a, b) => a - b);
}

/** Creates honour an `Idempotency-Key` header (decision 076). */
const isCreate = (declaration: EndpointDeclaration) =>
  (declaration.method === "post" && declaration.status === 201) || declaration.idempotent === true;

const IDEMPOTENCY_NOTE =
  "An `Idempotency-Key` header makes a repeat (within 24 hours) answer the first result instead of creating again.";

/**
 * Reads a JSON body once, with the API's own rules (an empty body is `{}`; malformed JSON or
 * NUL anywhere is a 400 with its message), and leaves it where the validator reads it.
 */
const readJsonBody: MiddlewareHandler<AppEnv> = async (c, next) => {
  const body = await readJson(c);
  c.req.bodyCache.json = Promise.resolve(body);
  await next();
};

/** JSON Schema of a body the handler reads itself, so the validator leaves it alone. */
function documentedOnly(schema: z.ZodType): SchemaObject {
  const { $schema: _dialect, ...json } = z.toJSONSchema(schema, { io: "input", unrepresentable: "any" });
  return json as SchemaObject;
}

function operationId(method: string, path: string): string {
  const words = path
    .replace(/^\/api\//, "")
    .split(/[^A-Za-z0-9]+/)
    .filter(Boolean)
    .map((word) => word[0]?.toUpperCase() + word.slice(1));
  return `${method}${words.join("")}`;
}

type JsonBodyOf<E extends EndpointDeclaration> = E extends { form: z.ZodType }
  ? undefined
  : E extends { body: infer B extends z.ZodType }
    ? { required: true; content: { "application/json": { schema: B } } }
    : undefined;

type PartOf<E, K extends string> = E extends { [P in K]: infer S extends z.ZodObject } ? S : undefined;

type MediaTypeOf<E extends EndpointDeclaration> = E extends { responseMediaType: infer M extends string }
  ? M
  : "application/json";

type SuccessOf<E extends EndpointDeclaration> = {
  [S in E["status"] extends 201 | 202 ? E["status"] : 200]: {
    description: string;
    content: { [M in MediaTypeOf<E>]: { schema: E["response"] } };
  };
};

// Not intersected with the whole RouteConfig: its body type would take in every media type
// and @hono/zod-openapi would lose the JSON body's type.
type RouteOf<E extends EndpointDeclaration> = Omit<RouteConfig, "method" | "path" | "request" | "responses"> & {
  method: E["method"];
  path: E["path"];
  request: { params: PartOf<E, "params">; query: PartOf<E, "query">; body: JsonBodyOf<E> };
  responses: SuccessOf<E>;
};

/**
 * A body's size limit: the ordinary one, or for an upload (multipart form data) the
 * declaration's larger one. Checked after the access rule, so a stranger cannot make the
 * server read megabytes.
 */
function bodyLimitOf(declaration: EndpointDeclaration): MiddlewareHandler<AppEnv> {
  if (!declaration.maxBodyBytes) return limitOrdinaryBody;
  const limitUpload = limitBody(declaration.maxBodyBytes, MEDIA_MESSAGES.tooManyBytes);
  return (c, next) => (isMultipart(c) ? limitUpload(c, next) : limitOrdinaryBody(c, next));
}

export interface RouteOptions {
  /** Server-side checks that run after the access rule and before the body is read (rate limits). */
  before?: MiddlewareHandler<AppEnv>[];
  /** The handler streams the body to disk under its own limit (import uploads): no body limit that buffers it. */
  streamsBody?: boolean;
}

/** The @hono/zod-openapi route of an endpoint declaration: validation, access, documentation. */
export function routeOf<const E extends EndpointDeclaration>(declaration: E, options: RouteOptions = {}): RouteOf<E> {
  const { access } = declaration;
  const middleware: MiddlewareHandler<AppEnv>[] = [];
  // First, so it sees the final answer, refusals included (failed staff logins).
  const auditTrail = auditTrailOf(declaration);
  if (auditTrail) middleware.push(auditTrail);
  const accessCheck = ACCESS_MIDDLEWARE[access];
  if (accessCheck) middleware.push(accessCheck);
  middleware.push(...(options.before ?? []));
  if ((declaration.body || declaration.form) && !options.streamsBody) middleware.push(bodyLimitOf(declaration));
  let body: NonNullable<RouteConfig["request"]>["body"];
  if (declaration.form) {
    body = {
      required: true,
      content: {
        ...(declaration.body && { "application/json": { schema: documentedOnly(declaration.body) } }),
        "multipart/form-data": { schema: documentedOnly(declaration.form) },
      },
    };
  } else if (declaration.body) {
    middleware.push(readJsonBody);
    body = { required: true, content: { "application/json": { schema: declaration.body } } };
  }
  // After the body is read: the key's fingerprint includes it.
  if (isCreate(declaration)) middleware.push(idempotentCreate);
  const status = declaration.status ?? 200;
  const mediaType = declaration.responseMediaType ?? "application/json";
  const responses: RouteConfig["responses"] = {
    [status]: {
      description: declaration.responseDescription,
      content: { [mediaType]: { schema: declaration.response } },
    },
  };
  for (const error of errorStatusesOf(declaration)) {
    responses[error] = {
      description: ERROR_DESCRIPTIONS[error],
      ...((error === 429 || error === 503) && { headers: RETRY_AFTER }),
      content: { "application/json": { schema: MessageSchema } },
    };
  }
  return createRoute({
    method: declaration.method,
    path: declaration.path,
    tags: [declaration.tag],
    summary: declaration.summary,
    // The access note stays last: clients (and the contract test) read the rule from the end.
    description: [declaration.description, isCreate(declaration) && IDEMPOTENCY_NOTE, ACCESS_NOTE[access]]
      .filter(Boolean)
      .join(" "),
    operationId: operationId(declaration.method, declaration.path),
    security: ACCESS_SECURITY[access],
    middleware,
    request: { params: declaration.params, query: declaration.query, body },
    responses,
  }) as unknown as RouteOf<E>;
}
