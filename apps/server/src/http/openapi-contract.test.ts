import {
  ACCOUNT_MESSAGES,
  INVITATION_MESSAGES,
  NEWSLETTER_MESSAGES,
  PAGE_MESSAGES,
  POST_BULK_MESSAGES,
  POST_FIELD_MESSAGES,
  POST_MESSAGES,
  REDIRECT_MESSAGES,
  SETTINGS_MESSAGES,
  SUBSCRIBER_MESSAGES,
} from "@broadsheet/domain";
import Ajv2020 from "ajv/dist/2020";
import addFormats from "ajv-formats";
import fc from "fast-check";
import { beforeAll, describe, expect, it } from "vitest";
import { createApiRoutes } from "../app";
import type { Services } from "../services";
import {
  FILE_PART,
  invalidParameterValues,
  invalidValues,
  type JsonSchema,
  validValue,
} from "../testing/openapi-arbitraries";
import { signUp, TestAgent, type TestResponse } from "../testing/test-agent";
import { useTestApp } from "../testing/test-app";
import { testDatabaseKind } from "../testing/test-database";
import { generateOpenApiDocument } from "./openapi-document";

/*
 * The contract test: every operation of the OpenAPI document is sent requests generated from
 * the document itself, valid (positive) and broken (negative) as Schemathesis would, by the
 * role its access rule names. Every answer must be a documented status with the documented
 * media type and a body matching the documented schema, never a 5xx; valid input is never
 * refused for its shape (400, 413, 415) and broken input always is, with one of those (every
 * constraint of every parameter and body field, once). Fixed seed, bounded runs: a failure
 * reproduces.
 */

const SEED = 39;
const VALID_RUNS = 10;

interface Parameter {
  name: string;
  in: "path" | "query" | "header" | "cookie";
  required?: boolean;
  schema: JsonSchema;
}
interface MediaType {
  schema?: JsonSchema;
}
interface Operation {
  operationId: string;
  security?: Record<string, string[]>[];
  description?: string;
  parameters?: Parameter[];
  requestBody?: { required?: boolean; content: Record<string, MediaType> };
  responses: Record<string, { content?: Record<string, MediaType> }>;
}
interface OpenApiDocument {
  paths: Record<string, Record<string, Operation>>;
  components: { schemas: Record<string, JsonSchema> };
}

// Built without a database, so the cases are known when the file is collected; the served
// document is checked to be this one.
const document = generateOpenApiDocument(createApiRoutes({} as Services)) as unknown as OpenApiDocument;

const operations = Object.entries(document.paths).flatMap(([path, item]) =>
  Object.entries(item).map(([method, operation]) => ({ method: method.toUpperCase(), path, operation })),
);

const resolve = (ref: string): JsonSchema => {
  const name = ref.replace("#/components/schemas/", "");
  const schema = document.components.schemas[name];
  if (!schema) throw new Error(`dangling $ref ${ref}`);
  return schema;
};

/*
 * Well-formed input the server refuses for what it says rather than for its shape (a wrong
 * password, a link that names no reset, a rule between two fields JSON Schema cannot state):
 * the only 400s valid input may get, each with its one message (a pattern where the message
 * names what was refused).
 */
const unknownNewsletter = new RegExp(`^${SUBSCRIBER_MESSAGES.newsletterUnknown.replace("%s", ".*")}$`);
const REFUSALS_OF_WELL_FORMED_INPUT: Record<string, (string | RegExp)[]> = {
  patchUsersChangePassword: [ACCOUNT_MESSAGES.oldPasswordWrong],
  patchUsersResetPasswordToken: [ACCOUNT_MESSAGES.resetTokenInvalid],
  postUsersInvitationsTokenAccept: [INVITATION_MESSAGES.invalid],
  patchSettings: [SETTINGS_MESSAGES.twoFactorYourselfFirst],
  postPostsBulk: [POST_BULK_MESSAGES.categoryRequired],
  postPosts: [
    POST_MESSAGES.authorUnknown,
    POST_MESSAGES.tooManyImageAlts,
    POST_FIELD_MESSAGES.canonicalUrlInvalid,
    POST_FIELD_MESSAGES.socialImageInvalid,
  ],
  patchPostsId: [
    POST_MESSAGES.authorUnknown,
    POST_MESSAGES.tooManyImageAlts,
    POST_FIELD_MESSAGES.canonicalUrlInvalid,
    POST_FIELD_MESSAGES.socialImageInvalid,
  ],
  postRedirects: [
    REDIRECT_MESSAGES.sameAddress,
    REDIRECT_MESSAGES.loop,
    REDIRECT_MESSAGES.fromReserved,
    REDIRECT_MESSAGES.addressNul,
  ],
  postRedirectsImport: [REDIRECT_MESSAGES.csvNotText],
  postPages: [PAGE_MESSAGES.slugEmpty, POST_FIELD_MESSAGES.canonicalUrlInvalid, POST_FIELD_MESSAGES.socialImageInvalid],
  putPagesId: [
    PAGE_MESSAGES.slugEmpty,
    PAGE_MESSAGES.parentCycle,
    POST_FIELD_MESSAGES.canonicalUrlInvalid,
    POST_FIELD_MESSAGES.socialImageInvalid,
  ],
  postNewsletters: [NEWSLETTER_MESSAGES.categoryUnknown],
  putNewslettersId: [NEWSLETTER_MESSAGES.categoryUnknown],
  postNewslettersSubscribe: [SUBSCRIBER_MESSAGES.emailInvalid, unknownNewsletter],
  postNewslettersConfirmToken: [SUBSCRIBER_MESSAGES.linkInvalid],
  getNewslettersManageToken: [SUBSCRIBER_MESSAGES.linkInvalid],
  putNewslettersManageToken: [SUBSCRIBER_MESSAGES.linkInvalid],
  postNewslettersUnsubscribeToken: [SUBSCRIBER_MESSAGES.linkInvalid],
  putNewslettersMine: [unknownNewsletter],
  postNewslettersSubscribersImport: [SUBSCRIBER_MESSAGES.csvNotText, SUBSCRIBER_MESSAGES.csvNoEmailColumn],
};

// A 1×1 PNG: an upload's file part that the image checks accept.
const PNG = Buffer.from(
  "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==",
  "base64",
);

const ajv = new Ajv2020({ strict: false, allErrors: false, validateFormats: true });
addFormats(ajv);
ajv.addSchema({ $id: "openapi", components: document.components });

/** A schema of the document, its $refs pointing into the registered components. */
function compile(schema: JsonSchema) {
  const text = JSON.stringify(schema).replaceAll('"$ref":"#/components/', '"$ref":"openapi#/components/');
  return ajv.compile(JSON.parse(text));
}
const validators = new Map<JsonSchema, ReturnType<typeof compile>>();
function validatorOf(schema: JsonSchema) {
  let validator = validators.get(schema);
  if (!validator) {
    validator = compile(schema);
    validators.set(schema, validator);
  }
  return validator;
}

const context = useTestApp();
const agents = {} as Record<"anonymous" | "user" | "staff" | "admin", TestAgent>;
let requestNumber = 0;

/** Who calls: the role the operation's description names as required, else nobody. */
function agentFor(operation: Operation): TestAgent {
  const note = operation.description ?? "";
  if (!operation.security?.some((requirement) => "cookieAuth" in requirement)) return agents.anonymous;
  if (operation.security.some((requirement) => Object.keys(requirement).length === 0)) return agents.user;
  if (note.endsWith("Admins only.")) return agents.admin;
  if (note.endsWith("Editors and admins.")) return agents.staff;
  return agents.user;
}

interface GeneratedRequest {
  path: Record<string, string>;
  query: Record<string, string>;
  body?: { mediaType: string; value: unknown };
}

function parametersOf(operation: Operation, where: "path" | "query"): Parameter[] {
  return (operation.parameters ?? []).filter((parameter) => parameter.in === where);
}

function asText(value: unknown): string {
  return typeof value === "string" ? value : Array.isArray(value) ? value.join(",") : JSON.stringify(value);
}

/** Valid requests of an operation: its path and query parameters and body, each from its schema. */
function validRequest(operation: Operation): fc.Arbitrary<GeneratedRequest> {
  const path: Record<string, fc.Arbitrary<string>> = {};
  for (const parameter of parametersOf(operation, "path")) {
    path[parameter.name] = validValue(parameter.schema, resolve)
      .map(asText)
      .filter((value) => value.length > 0);
  }
  const query: Record<string, fc.Arbitrary<string>> = {};
  for (const parameter of parametersOf(operation, "query")) {
    query[parameter.name] = validValue(parameter.schema, resolve).map(asText);
  }
  const content = Object.entries(operation.requestBody?.content ?? {});
  const body =
    content.length === 0
      ? fc.constant(undefined)
      : fc.oneof(
          ...content.map(([mediaType, { schema }]) =>
            validValue(schema ?? {}, resolve).map((value) => ({ mediaType, value })),
          ),
        );
  return fc.record({
    path: fc.record(path),
    // A required query parameter (the newsletter preview's postId) is in every valid request.
    query: fc.record(query, {
      requiredKeys: parametersOf(operation, "query")
        .filter((parameter) => parameter.required)
        .map((parameter) => parameter.name),
    }),
    body,
  }) as fc.Arbitrary<GeneratedRequest>;
}

/** The request's URL, path parameters filled in and percent-encoded. */
function urlOf(template: string, request: GeneratedRequest): string {
  const path = template.replace(/\{(\w+)\}/g, (_, name: string) => encodeURIComponent(request.path[name] ?? ""));
  const query = new URLSearchParams(request.query).toString();
  return query ? `${path}?${query}` : path;
}

/** A multipart body of a generated value: text fields, lists as repeated fields, file parts as a PNG. */
function formDataOf(value: unknown): FormData {
  const form = new FormData();
  for (const [name, field] of Object.entries((value ?? {}) as Record<string, unknown>)) {
    for (const item of Array.isArray(field) ? field : [field]) {
      if (item === FILE_PART) form.append(name, new Blob([PNG], { type: "image/png" }), "pixel.png");
      else form.append(name, typeof item === "string" ? item : JSON.stringify(item));
    }
  }
  return form;
}

async function send(method: string, template: string, operation: Operation, request: GeneratedRequest) {
  requestNumber += 1;
  // A client address per request, so the per-address rate limits do not decide the answer.
  const headers = { "x-forwarded-for": `10.39.${Math.floor(requestNumber / 250) % 250}.${requestNumber % 250}` };
  const agent = agentFor(operation);
  const url = urlOf(template, request);
  if (!request.body) return agent.request(method, url, undefined, headers);
  if (request.body.mediaType === "multipart/form-data") {
    return agent.request(method, url, formDataOf(request.body.value), headers);
  }
  return agent.request(method, url, JSON.stringify(request.body.value), {
    ...headers,
    "content-type": request.body.mediaType,
  });
}

/** What is wrong with an answer, by the document: undefined when nothing. */
function contractBreach(operation: Operation, response: TestResponse): string | undefined {
  if (response.status >= 500) return `answered ${response.status}`;
  const documented = operation.responses[String(response.status)];
  if (!documented) return `answered ${response.status}, not documented (${Object.keys(operation.responses)})`;
  const mediaTypes = Object.keys(documented.content ?? {});
  const contentType = response.headers.get("content-type")?.split(";")[0]?.trim() ?? "";
  if (mediaTypes.length === 0) return contentType ? `answered ${contentType} where no body is documented` : undefined;
  if (!mediaTypes.includes(contentType)) return `answered ${contentType || "no content type"}, not ${mediaTypes}`;
  const schema = documented.content?.[contentType]?.schema;
  if (!schema || contentType !== "application/json") return undefined;
  const validate = validatorOf(schema);
  if (validate(response.body)) return undefined;
  return `body does not match the ${response.status} schema: ${ajv.errorsText(validate.errors)}`;
}

function describeAnswer(response: TestResponse): string {
  return `${response.status} ${JSON.stringify(response.body).slice(0, 200)}`;
}

/** Negative variants of a valid request: one parameter or body field broken at a time. */
function invalidRequests(
  operation: Operation,
  valid: GeneratedRequest,
): { request: GeneratedRequest; problem: string }[] {
  const found: { request: GeneratedRequest; problem: string }[] = [];
  for (const parameter of [...parametersOf(operation, "path"), ...parametersOf(operation, "query")]) {
    for (const broken of invalidParameterValues(parameter.schema, resolve)) {
      const where = parameter.in === "path" ? "path" : "query";
      found.push({
        request: { ...valid, [where]: { ...valid[where], [parameter.name]: String(broken.value) } },
        problem: `${parameter.in} ${parameter.name}: ${broken.problem}`,
      });
    }
  }
  if (valid.body?.mediaType === "application/json") {
    const schema = operation.requestBody?.content["application/json"]?.schema ?? {};
    const validate = validatorOf(schema);
    for (const broken of invalidValues(schema, valid.body.value, resolve)) {
      // The generator's own check: a "broken" body the document would accept is not negative data.
      if (validate(broken.value)) continue;
      found.push({
        request: { ...valid, body: { ...valid.body, value: broken.value } },
        problem: `body ${broken.problem}`,
      });
    }
  }
  return found;
}

beforeAll(async () => {
  agents.anonymous = new TestAgent(context.app);
  agents.user = (await signUp(context.app)).agent;
  agents.staff = (await signUp(context.app, { role: "editor" })).agent;
  agents.admin = (await signUp(context.app, { role: "admin" })).agent;
});

describe(`the API keeps the contract of its OpenAPI document, on ${testDatabaseKind()}`, () => {
  it("serves the document the contract is read from", async () => {
    const served = await agents.anonymous.get("/api/openapi.json");
    expect(served.status).toBe(200);
    expect(served.body).toEqual(JSON.parse(JSON.stringify(document)));
  });

  it.each(operations)("$method $path", async ({ method, path, operation }) => {
    const failures: string[] = [];
    const samples: GeneratedRequest[] = [];
    // Every run is recorded rather than shrunk: the report lists each failing request as sent.
    await fc.assert(
      fc.asyncProperty(validRequest(operation), async (request) => {
        const response = await send(method, path, operation, request);
        samples.push(request);
        const breach = contractBreach(operation, response);
        const message = (response.body as { message?: string } | null)?.message ?? "";
        const refusedForShape =
          [400, 413, 415].includes(response.status) &&
          !REFUSALS_OF_WELL_FORMED_INPUT[operation.operationId]?.some((allowed) =>
            typeof allowed === "string" ? allowed === message : allowed.test(message),
          );
        if (breach || refusedForShape) {
          failures.push(
            `valid ${urlOf(path, request)} ${JSON.stringify(request.body ?? "")}: ${breach ?? "refused"} → ${describeAnswer(response)}`,
          );
        }
      }),
      { seed: SEED, numRuns: VALID_RUNS },
    );

    // Every broken constraint once, each on another valid sample where there are several.
    const negatives = new Map<string, { request: GeneratedRequest; problem: string }>();
    for (const negative of samples.flatMap((sample) => invalidRequests(operation, sample))) {
      if (!negatives.has(negative.problem)) negatives.set(negative.problem, negative);
    }
    for (const { request, problem } of negatives.values()) {
      const response = await send(method, path, operation, request);
      const breach = contractBreach(operation, response);
      // Refused for its shape, not for what it names: a 404 or 409 would hide a rule the server does not apply.
      if (breach || ![400, 413, 415].includes(response.status)) {
        failures.push(
          `invalid (${problem}) ${urlOf(path, request)} ${JSON.stringify(request.body?.value ?? "")}: ${breach ?? "accepted"} → ${describeAnswer(response)}`,
        );
      }
    }
    expect(failures, failures.join("\n")).toEqual([]);
  });
});
