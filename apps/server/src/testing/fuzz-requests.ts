/*
 * Malformed requests for the fuzz suite (http/fuzz.test.ts), generated from the OpenAPI
 * document the server publishes. Pure functions: the same seed and samples give the same
 * requests, so a failure reproduces. Each generator does one job: values, path
 * parameters, query strings, JSON bodies, other content types, multipart bodies, headers,
 * page routes; `findLeak` judges an answer.
 */

// ── Requests ─────────────────────────────────────────────────────────────────────────────

export interface FuzzRequest {
  method: string;
  /** The operation, for grouping failures: an OpenAPI path ("/api/posts/{id}") or a page route ("/page/:slug"). */
  template: string;
  /** Path and query as sent: percent-encoded, sometimes deliberately malformed. */
  url: string;
  headers: Record<string, string>;
  body?: string | Uint8Array;
  /** What is wrong with the request, for the report. */
  input: string;
  /**
   * 0: any time. 1: after every phase-0 request (it deletes seeded rows the others read).
   * 2: last of all (it ends the session the others use).
   */
  phase: 0 | 1 | 2;
}

/** Real rows of the seeded site: path parameters that get past the lookup to the code behind it. */
export interface SeedSamples {
  /** A published post the reading requests use; never written to. */
  post: { id: string; slug: string };
  /** Another published post that writes (PATCH, likes, comments) and late deletes aim at. */
  target: { id: string; slug: string };
  categoryName: string;
  categorySlug: string;
  typeName: string;
  typeSlug: string;
  pollId: string;
  advertId: string;
  commentId: string;
}

// ── Deterministic randomness ─────────────────────────────────────────────────────────────

export interface Random {
  /** A float in [0, 1). */
  next(): number;
  int(below: number): number;
  pick<T>(items: readonly T[]): T;
}

/** mulberry32: small, fast and seedable. */
export function createRandom(seed: number): Random {
  let state = seed >>> 0;
  const next = () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  const int = (below: number) => Math.floor(next() * below);
  return { next, int, pick: (items) => items[int(items.length)] as (typeof items)[number] };
}

/** A well-formed UUID that names no row. */
export function unknownUuid(random: Random): string {
  const hex = Array.from({ length: 32 }, () => random.int(16).toString(16)).join("");
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-4${hex.slice(13, 16)}-a${hex.slice(17, 20)}-${hex.slice(20)}`;
}

// ── Values ───────────────────────────────────────────────────────────────────────────────

/** A value for a path segment or query string, already percent-encoded (`raw` goes into the URL as is). */
export interface UrlValue {
  label: string;
  raw: string;
}

/** Bad path segments and query values: bytes the database cannot store, broken encodings, odd sizes. */
export function badUrlValues(random: Random): UrlValue[] {
  const uuid = unknownUuid(random);
  const fixed: [string, string][] = [
    ["NUL", "%00"],
    ["NUL inside", "a%00b"],
    ["NUL after a UUID", `${uuid}%00`],
    ["invalid UTF-8 byte", "%ff"],
    ["invalid UTF-8 sequence", "%c3%28"],
    ["overlong UTF-8", "%c0%af"],
    ["UTF-8 surrogate", "%ed%a0%80"],
    ["truncated UTF-8", "%e2%82"],
    ["lone percent", "%"],
    ["bad percent escape", "%zz"],
    ["control characters", "%01%1f%7f"],
    ["CRLF", "%0d%0aX-Injected:%201"],
    ["5,000 characters", "a".repeat(5000)],
    ["path traversal", "..%2f..%2fetc%2fpasswd"],
    ["encoded dot-dot", "%2e%2e"],
    ["emoji", "%F0%9F%98%80"],
    ["right-to-left override", "%E2%80%AE"],
    ["SQL", encodeURIComponent("'; drop table posts;--")],
    ["quote", "%27"],
    ["backslash", "%5c"],
    ["search operators", encodeURIComponent("a & | ! ( ) :* <-> 'b' \"c\"")],
    ["LIKE wildcards", encodeURIComponent("%_\\")],
    ["regular expression", encodeURIComponent("[(*+?{\\")],
    ["punctuation only", encodeURIComponent("-:'!&|")],
    ["zero", "0"],
    ["negative", "-1"],
    ["1e309", "1e309"],
    ["huge integer", "99999999999999999999"],
    ["nil UUID", "00000000-0000-0000-0000-000000000000"],
    ["unknown UUID", uuid],
    ["uppercase UUID", uuid.toUpperCase()],
    ["space", "%20"],
    ["null", "null"],
    ["[object Object]", "%5Bobject%20Object%5D"],
    ["JSON operator", encodeURIComponent('{"$ne":null}')],
    ["encoded slash", "a%2fb"],
  ];
  const randomBytes = (length: number) =>
    Array.from({ length }, () => `%${random.int(256).toString(16).padStart(2, "0")}`).join("");
  const randomText = (length: number) =>
    encodeURIComponent(String.fromCodePoint(...Array.from({ length }, () => 0x20 + random.int(0x2fff))));
  return [
    ...fixed.map(([label, raw]) => ({ label, raw })),
    { label: "random bytes", raw: randomBytes(1 + random.int(12)) },
    { label: "random bytes", raw: randomBytes(1 + random.int(12)) },
    { label: "random text", raw: randomText(1 + random.int(20)) },
  ];
}

/** Extra values for integer query parameters (page, limit). */
export const BAD_INTEGERS: readonly string[] = [
  "1e309",
  "-1",
  "0",
  "99999999",
  "1000000",
  "1.5",
  "NaN",
  "Infinity",
  "0x10",
  "%201",
  "9007199254740993",
  "-0",
  "",
];

/** Bad JSON values for one field: wrong types, NUL, lone surrogates, sizes. */
export function badJsonValues(random: Random): { label: string; value: unknown }[] {
  return [
    { label: "number", value: 12345 },
    { label: "negative number", value: -1 },
    { label: "fraction", value: 1.5 },
    { label: "1e308", value: 1e308 },
    { label: "true", value: true },
    { label: "null", value: null },
    { label: "object", value: {} },
    { label: "object with an operator", value: { $gt: "" } },
    { label: "empty array", value: [] },
    { label: "array of strings", value: ["a", "b"] },
    { label: "array with null", value: [null] },
    { label: "empty string", value: "" },
    { label: "NUL inside a string", value: "a\u0000b" },
    { label: "NUL only", value: "\u0000" },
    { label: "NUL in an array", value: ["a\u0000b"] },
    { label: "lone surrogate", value: "\ud800" },
    { label: "reversed surrogates", value: "\udfff\ud800" },
    { label: "100 KB string", value: "x".repeat(100_000) },
    { label: "SQL", value: "'; drop table posts;--" },
    { label: "wildcards and operators", value: "%_\\[(*+?{ & | ! :* <->" },
    { label: "punctuation only", value: "-:'!&|" },
    { label: "percent-encoded NUL", value: "%00" },
    { label: "control characters", value: "\u0001\u001f\u007f\u0085" },
    { label: "emoji", value: "😀".repeat(1 + random.int(60)) },
    { label: "HTML", value: '<script>alert(1)</script><img src=x onerror="alert(1)">' },
  ];
}

// ── The OpenAPI document ─────────────────────────────────────────────────────────────────

type Json = Record<string, unknown>;

export interface JsonSchema {
  type?: string | string[];
  properties?: Record<string, JsonSchema>;
  required?: string[];
  items?: JsonSchema;
  enum?: unknown[];
  format?: string;
  minLength?: number;
  minimum?: number;
  minItems?: number;
  default?: unknown;
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  contentMediaType?: string;
}

export interface FuzzParameter {
  name: string;
  in: "path" | "query";
  schema: JsonSchema;
}

export interface FuzzOperation {
  method: string;
  path: string;
  parameters: FuzzParameter[];
  jsonSchema?: JsonSchema;
  formSchema?: JsonSchema;
}

/** Every operation (path × method) of an OpenAPI 3.1 document, as the fuzzer needs it. */
export function operationsOf(document: { paths: Record<string, Record<string, Json>> }): FuzzOperation[] {
  const operations: FuzzOperation[] = [];
  for (const [path, item] of Object.entries(document.paths)) {
    for (const [method, operation] of Object.entries(item)) {
      if (!["get", "post", "put", "patch", "delete"].includes(method)) continue;
      const content = (operation.requestBody as { content?: Record<string, { schema: JsonSchema }> } | undefined)
        ?.content;
      operations.push({
        method: method.toUpperCase(),
        path,
        parameters: ((operation.parameters ?? []) as FuzzParameter[]).filter(
          (p) => p.in === "path" || p.in === "query",
        ),
        jsonSchema: content?.["application/json"]?.schema,
        formSchema: content?.["multipart/form-data"]?.schema,
      });
    }
  }
  return operations;
}

// ── Filling in the good parts ────────────────────────────────────────────────────────────

const isPostPath = (path: string) => path.startsWith("/api/posts/") || path.startsWith("/api/users/wishlist/");

/** Real values for a path parameter: reads aim at `post`, writes at `target`. */
export function realPathValues(operation: FuzzOperation, name: string, samples: SeedSamples): UrlValue[] {
  const { method, path } = operation;
  const post = method === "GET" ? samples.post : samples.target;
  if (name === "commentId") return [{ label: "real comment id", raw: samples.commentId }];
  if (name === "id" && isPostPath(path)) {
    return [
      { label: "real post id", raw: post.id },
      { label: "real post slug", raw: encodeURIComponent(post.slug) },
    ];
  }
  if (name === "id" && path.startsWith("/api/votes/")) return [{ label: "real poll id", raw: samples.pollId }];
  if (name === "id" && path.startsWith("/api/adverts/")) return [{ label: "real advert id", raw: samples.advertId }];
  if (name === "slug" && path.startsWith("/api/category/")) {
    return [{ label: "real category slug", raw: encodeURIComponent(samples.categorySlug) }];
  }
  if (name === "slug" && path.startsWith("/api/type/")) {
    return [{ label: "real type slug", raw: encodeURIComponent(samples.typeSlug) }];
  }
  return [];
}

/** The value a path parameter keeps while something else is fuzzed. */
function defaultPathValue(operation: FuzzOperation, name: string, samples: SeedSamples): string {
  return realPathValues(operation, name, samples)[0]?.raw ?? "0".repeat(64);
}

function fillPath(operation: FuzzOperation, samples: SeedSamples, override: Record<string, string> = {}): string {
  return operation.path.replace(/\{(\w+)\}/g, (_match, name: string) =>
    name in override ? (override[name] as string) : defaultPathValue(operation, name, samples),
  );
}

/**
 * The phase a request to this operation runs in: deleting seeded rows waits until the
 * other requests are done, logging out comes last.
 */
function phaseOf(operation: FuzzOperation, url: string, samples: SeedSamples): FuzzRequest["phase"] {
  if (operation.path === "/api/users/logout") return 2;
  const real = [samples.post, samples.target].flatMap((post) => [post.id, encodeURIComponent(post.slug)]);
  real.push(samples.pollId, samples.advertId, samples.commentId, encodeURIComponent(samples.categorySlug));
  real.push(encodeURIComponent(samples.typeSlug));
  const segments = url.split("?")[0]?.split("/") ?? [];
  if (operation.method === "DELETE" && segments.some((segment) => real.includes(segment))) return 1;
  return 0;
}

/** Field values that pass validation, so a mutated field is the only thing wrong with a body. */
export function fieldHints(samples: SeedSamples): Record<string, unknown> {
  return {
    category: samples.categoryName,
    postId: samples.post.slug,
    image: ["https://example.com/fuzz.webp"],
    photo: "https://example.com/fuzz.webp",
    email: "fuzz@example.com",
    isPublished: false,
    option: 1,
  };
}

/** A value the schema accepts (an enum's first, else the hint for the field's name): the base every mutation starts from. */
export function validValue(schema: JsonSchema, hints: Record<string, unknown> = {}, name = ""): unknown {
  if (schema.enum) return schema.enum[0];
  if (name in hints) return hints[name];
  const alternatives = schema.anyOf ?? schema.oneOf;
  if (alternatives?.[0]) return validValue(alternatives[0], hints, name);
  const type = Array.isArray(schema.type) ? schema.type[0] : schema.type;
  switch (type) {
    case "object": {
      const entries = Object.entries(schema.properties ?? {}).map(([key, value]) => [
        key,
        validValue(value, hints, key),
      ]);
      return Object.fromEntries(entries);
    }
    case "array":
      return schema.items && (schema.minItems ?? 0) > 0 ? [validValue(schema.items, hints)] : [];
    case "integer":
    case "number":
      return schema.minimum ?? 1;
    case "boolean":
      return false;
    case "string":
      if (schema.format === "email") return "fuzz@example.com";
      if (schema.format === "uuid") return "00000000-0000-4000-a000-000000000000";
      return "fuzz value".padEnd(Math.max(schema.minLength ?? 0, 10), "x");
    default:
      return "fuzz value";
  }
}

/** Paths to every field of an object schema, nested objects and first array items included. */
export function fieldPaths(schema: JsonSchema, prefix: (string | number)[] = []): (string | number)[][] {
  const paths: (string | number)[][] = [];
  for (const [key, value] of Object.entries(schema.properties ?? {})) {
    const path = [...prefix, key];
    paths.push(path);
    if (value.type === "object") paths.push(...fieldPaths(value, path));
    if (value.type === "array" && value.items) paths.push([...path, 0]);
  }
  return paths;
}

function withValueAt(base: unknown, path: (string | number)[], value: unknown): unknown {
  const copy = structuredClone(base) as Record<string | number, unknown>;
  let node = copy;
  path.slice(0, -1).forEach((key, index) => {
    if (typeof node[key] !== "object" || node[key] === null) node[key] = typeof path[index + 1] === "number" ? [] : {};
    node = node[key] as Record<string | number, unknown>;
  });
  node[path[path.length - 1] as string | number] = value;
  return copy;
}

// ── Path parameters ──────────────────────────────────────────────────────────────────────

/** One request per path parameter and value: the parameter bad (or real), the others real. */
export function pathRequests(operation: FuzzOperation, samples: SeedSamples, values: UrlValue[]): FuzzRequest[] {
  const requests: FuzzRequest[] = [];
  const names = [...operation.path.matchAll(/\{(\w+)\}/g)].map((match) => match[1] as string);
  const jsonHeaders = operation.jsonSchema ? { "content-type": "application/json" } : undefined;
  const body = operation.jsonSchema ? JSON.stringify(validValue(operation.jsonSchema, fieldHints(samples))) : undefined;
  for (const name of names) {
    const real = realPathValues(operation, name, samples);
    for (const value of [...values, ...real]) {
      const url = fillPath(operation, samples, { [name]: value.raw });
      requests.push({
        method: operation.method,
        template: operation.path,
        url,
        headers: { ...jsonHeaders },
        ...(body !== undefined && { body }),
        input: `path ${name}: ${value.label}`,
        phase: phaseOf(operation, url, samples),
      });
    }
  }
  return requests;
}

// ── Query strings ────────────────────────────────────────────────────────────────────────

/** Declared query parameters with bad values, integers out of range, repeated; undeclared ones too. */
export function queryRequests(operation: FuzzOperation, samples: SeedSamples, values: UrlValue[]): FuzzRequest[] {
  const path = fillPath(operation, samples);
  const phase = phaseOf(operation, path, samples);
  const jsonHeaders = operation.jsonSchema ? { "content-type": "application/json" } : undefined;
  const body = operation.jsonSchema ? JSON.stringify(validValue(operation.jsonSchema, fieldHints(samples))) : undefined;
  const request = (query: string, input: string): FuzzRequest => ({
    method: operation.method,
    template: operation.path,
    url: `${path}?${query}`,
    headers: { ...jsonHeaders },
    ...(body !== undefined && { body }),
    input,
    phase,
  });

  const requests: FuzzRequest[] = [];
  for (const parameter of operation.parameters.filter((p) => p.in === "query")) {
    const name = encodeURIComponent(parameter.name);
    const numeric = parameter.schema.type === "integer" || parameter.schema.type === "number";
    // Numbers get the number-shaped values and a sample of the rest; text gets every value.
    const chosen = numeric ? values.filter((_, index) => index % 4 === 0) : values;
    for (const value of chosen) requests.push(request(`${name}=${value.raw}`, `query ${name}: ${value.label}`));
    if (numeric) {
      for (const raw of BAD_INTEGERS) requests.push(request(`${name}=${raw}`, `query ${name}: ${raw || "empty"}`));
    }
    requests.push(request(`${name}=1&${name}=2`, `query ${name}: repeated`));
    requests.push(request(`${name}[]=1&${name}[]=%00`, `query ${name}[]: array`));
    requests.push(request(`${name}[a]=%00`, `query ${name}[a]: object`));
  }
  const undeclared: [string, string][] = [
    ["%00=1", "NUL name"],
    ["a=%00", "NUL value"],
    ["__proto__=%00&constructor%5Bprototype%5D=1", "prototype names"],
    ["search=%00&category=%ff&type=%c3%28&sort=%00&page=1e309&limit=-1", "every common name, bad"],
    [Array.from({ length: 1000 }, (_, index) => `p${index}=1`).join("&"), "1,000 parameters"],
    [`${"k".repeat(5000)}=1`, "5,000-character name"],
    ["=&&=%00&%=%", "empty and broken pairs"],
  ];
  for (const [query, label] of undeclared) requests.push(request(query, `query: ${label}`));
  return requests;
}

// ── JSON bodies ──────────────────────────────────────────────────────────────────────────

const JSON_HEADERS = { "content-type": "application/json" };

function bodyRequest(
  operation: FuzzOperation,
  samples: SeedSamples,
  body: string | Uint8Array,
  headers: Record<string, string>,
  input: string,
): FuzzRequest {
  const url = fillPath(operation, samples);
  return {
    method: operation.method,
    template: operation.path,
    url,
    headers,
    body,
    input,
    phase: phaseOf(operation, url, samples),
  };
}

/** The declared body with one field at a time replaced by each bad value. */
export function jsonFieldRequests(operation: FuzzOperation, samples: SeedSamples, random: Random): FuzzRequest[] {
  if (!operation.jsonSchema) return [];
  const base = validValue(operation.jsonSchema, fieldHints(samples));
  const requests: FuzzRequest[] = [];
  for (const path of fieldPaths(operation.jsonSchema)) {
    for (const { label, value } of badJsonValues(random)) {
      const body = JSON.stringify(withValueAt(base, path, value));
      requests.push(bodyRequest(operation, samples, body, JSON_HEADERS, `body ${path.join(".")}: ${label}`));
    }
  }
  return requests;
}

const DEPTH = 10_000;

/** Whole bodies that are wrong: not JSON, the wrong JSON, nested too deep, too big, odd keys. */
export function rawJsonBodies(base: unknown): { label: string; body: string | Uint8Array }[] {
  const json = JSON.stringify(base);
  const record = (typeof base === "object" && base !== null ? base : {}) as Record<string, unknown>;
  const allNul = Object.fromEntries(
    Object.entries(record).map(([key, value]) => [key, typeof value === "string" ? `${value}\u0000` : value]),
  );
  return [
    { label: "empty body", body: "" },
    { label: "whitespace", body: " \n\t " },
    { label: "truncated JSON", body: json.slice(0, Math.max(1, Math.floor(json.length / 2))) },
    { label: "invalid JSON", body: '{"a":}' },
    { label: "single quotes", body: "{'title':'a'}" },
    { label: "JSON null", body: "null" },
    { label: "JSON array", body: `[${json}]` },
    { label: "JSON number", body: "42" },
    { label: "JSON string", body: '"a\\u0000b"' },
    { label: "JSON true", body: "true" },
    { label: `arrays nested ${DEPTH} deep`, body: `${"[".repeat(DEPTH)}${"]".repeat(DEPTH)}` },
    { label: `objects nested ${DEPTH} deep`, body: `${'{"a":'.repeat(DEPTH)}1${"}".repeat(DEPTH)}` },
    {
      label: "a field nested deep",
      body: JSON.stringify({ ...record, title: "<deep>" }).replace(
        '"<deep>"',
        `${"[".repeat(DEPTH)}${"]".repeat(DEPTH)}`,
      ),
    },
    { label: "NUL key", body: JSON.stringify({ ...record, "a\u0000b": "x" }) },
    { label: "__proto__ key", body: `{"__proto__":{"role":"admin","isStaff":true},${json.slice(1)}` },
    { label: "every string field ends in NUL", body: JSON.stringify(allNul) },
    { label: "raw NUL byte in a string", body: json.replace(/:"([^"]*)"/, ':"$1\u0000"') },
    { label: "raw control byte", body: `{"title":"a\u0001b"}` },
    { label: "bad unicode escape", body: '{"title":"\\u12"}' },
    { label: "escaped lone surrogate", body: '{"title":"\\ud800","category":"\\udfff"}' },
    { label: "byte-order mark", body: `\ufeff${json}` },
    { label: "trailing garbage", body: `${json}}}` },
    { label: "duplicate keys", body: json.replace("{", '{"title":1,"title":null,') },
    {
      label: "invalid UTF-8 bytes",
      body: new Uint8Array([0x7b, 0x22, 0x74, 0x69, 0x74, 0x6c, 0x65, 0x22, 0x3a, 0x22, 0xff, 0xfe, 0xc3, 0x22, 0x7d]),
    },
    { label: "1.2 MB body", body: JSON.stringify({ ...record, content: "x".repeat(1.2 * 1024 * 1024) }) },
  ];
}

/** Every raw body with Content-Type: application/json. */
export function rawJsonRequests(operation: FuzzOperation, samples: SeedSamples): FuzzRequest[] {
  const base = operation.jsonSchema ? validValue(operation.jsonSchema, fieldHints(samples)) : {};
  return rawJsonBodies(base).map(({ label, body }) =>
    bodyRequest(operation, samples, body, JSON_HEADERS, `body: ${label}`),
  );
}

/** The declared body under the wrong Content-Type, or the wrong body under the right one. */
export function contentTypeRequests(operation: FuzzOperation, samples: SeedSamples): FuzzRequest[] {
  const base = operation.jsonSchema ? validValue(operation.jsonSchema, fieldHints(samples)) : {};
  const json = JSON.stringify(base);
  const utf16 = new Uint8Array(Buffer.from(`\ufeff${json}`, "utf16le"));
  const variants: [string, string | Uint8Array, Record<string, string>][] = [
    ["text/plain", json, { "content-type": "text/plain" }],
    ["application/xml", "<post><title>a\u0000b</title></post>", { "content-type": "application/xml" }],
    [
      "form-urlencoded with NUL",
      "title=a%00b&category=%00&email=%00",
      { "content-type": "application/x-www-form-urlencoded" },
    ],
    [
      "form-urlencoded with raw NUL",
      "title=a\u0000b&category=\u0000",
      { "content-type": "application/x-www-form-urlencoded" },
    ],
    ["no Content-Type", json, {}],
    ["UTF-16 JSON", utf16, { "content-type": "application/json; charset=utf-16" }],
    ["unknown charset", json, { "content-type": "application/json; charset=x-fuzz" }],
    ["JSON under multipart", json, { "content-type": "multipart/form-data; boundary=fuzz" }],
    ["malformed Content-Type", json, { "content-type": "application/json; ;; =" }],
  ];
  return variants.map(([label, body, headers]) =>
    bodyRequest(operation, samples, body, headers, `content type: ${label}`),
  );
}

// ── Multipart ────────────────────────────────────────────────────────────────────────────

/** A 1×1 PNG. */
export const TINY_PNG = Buffer.from(
  "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==",
  "base64",
);

interface Part {
  /** The header lines; none makes a part without headers. */
  headers: string[];
  content: string | Buffer;
}

const field = (name: string, value: string | Buffer): Part => ({
  headers: [`Content-Disposition: form-data; name="${name}"`],
  content: value,
});
const file = (name: string, filename: string, content: Buffer, type = "image/png"): Part => ({
  headers: [`Content-Disposition: form-data; name="${name}"; filename="${filename}"`, `Content-Type: ${type}`],
  content,
});

/** Serialises parts; `eol` and `close` let a variant break the framing. */
export function multipartBody(
  boundary: string,
  parts: Part[],
  options: { eol?: string; close?: boolean } = {},
): Buffer {
  const eol = options.eol ?? "\r\n";
  const chunks: Buffer[] = [];
  for (const part of parts) {
    chunks.push(Buffer.from(`--${boundary}${eol}${part.headers.map((line) => `${line}${eol}`).join("")}${eol}`));
    chunks.push(Buffer.isBuffer(part.content) ? part.content : Buffer.from(part.content));
    chunks.push(Buffer.from(eol));
  }
  if (options.close !== false) chunks.push(Buffer.from(`--${boundary}--${eol}`));
  return Buffer.concat(chunks);
}

/**
 * Malformed multipart bodies for an operation that takes form data: framing broken in every
 * way, too many files, files that are not images, NUL in values, names and file names.
 * `fileField` is the field the files go in; `textFields` are valid values for the others.
 */
export function multipartVariants(
  fileField: string,
  textFields: Record<string, string>,
): { label: string; contentType: string; body: Uint8Array }[] {
  const boundary = "----fuzz-boundary-7MA4YWxkTrZu0gW";
  const type = (value = boundary) => `multipart/form-data; boundary=${value}`;
  const fields = Object.entries(textFields).map(([name, value]) => field(name, value));
  const valid = [...fields, file(fileField, "a.png", TINY_PNG)];
  const whole = multipartBody(boundary, valid);
  const variants: { label: string; contentType: string; body: Buffer }[] = [
    { label: "missing boundary", contentType: "multipart/form-data", body: whole },
    { label: "empty boundary", contentType: type(""), body: whole },
    { label: "unterminated quoted boundary", contentType: 'multipart/form-data; boundary="abc', body: whole },
    { label: "boundary mismatch", contentType: type("other-boundary"), body: whole },
    {
      label: "200-character boundary",
      contentType: type("b".repeat(200)),
      body: multipartBody("b".repeat(200), valid),
    },
    { label: "truncated mid-part", contentType: type(), body: whole.subarray(0, Math.floor(whole.length * 0.6)) },
    { label: "no closing boundary", contentType: type(), body: multipartBody(boundary, valid, { close: false }) },
    { label: "empty body", contentType: type(), body: Buffer.alloc(0) },
    { label: "only the closing boundary", contentType: type(), body: Buffer.from(`--${boundary}--\r\n`) },
    { label: "random bytes", contentType: type(), body: Buffer.from([...Array(512)].map((_, i) => (i * 151) % 256)) },
    { label: "LF line endings", contentType: type(), body: multipartBody(boundary, valid, { eol: "\n" }) },
    {
      label: "part without headers",
      contentType: type(),
      body: multipartBody(boundary, [...fields, { headers: [], content: "x" }]),
    },
    {
      label: "part without a name",
      contentType: type(),
      body: multipartBody(boundary, [...fields, { headers: ["Content-Disposition: form-data"], content: "x" }]),
    },
    {
      label: "unterminated quoted name",
      contentType: type(),
      body: multipartBody(boundary, [{ headers: ['Content-Disposition: form-data; name="title'], content: "x" }]),
    },
    {
      label: "not form-data disposition",
      contentType: type(),
      body: multipartBody(boundary, [{ headers: ['Content-Disposition: attachment; name="title"'], content: "x" }]),
    },
    {
      label: "6 files",
      contentType: type(),
      body: multipartBody(boundary, [
        ...fields,
        ...Array.from({ length: 6 }, (_, i) => file(fileField, `${i}.png`, TINY_PNG)),
      ]),
    },
    {
      label: "12 tiny files",
      contentType: type(),
      body: multipartBody(boundary, [
        ...fields,
        ...Array.from({ length: 12 }, (_, i) => file(fileField, `${i}.png`, Buffer.from("x"))),
      ]),
    },
    {
      label: "text field with NUL",
      contentType: type(),
      body: multipartBody(
        boundary,
        fields.map((f) => ({ ...f, content: `a\u0000b` })),
      ),
    },
    {
      label: "field name with NUL",
      contentType: type(),
      body: multipartBody(boundary, [
        ...fields,
        { headers: ['Content-Disposition: form-data; name="ti\u0000tle"'], content: "x" },
      ]),
    },
    {
      label: "file name with NUL and ../",
      contentType: type(),
      body: multipartBody(boundary, [...fields, file(fileField, "../../etc/pass\u0000wd.png", TINY_PNG)]),
    },
    {
      label: "file that is not an image",
      contentType: type(),
      body: multipartBody(boundary, [...fields, file(fileField, "a.png", Buffer.from("not an image"))]),
    },
    {
      label: "truncated PNG",
      contentType: type(),
      body: multipartBody(boundary, [...fields, file(fileField, "a.png", TINY_PNG.subarray(0, 40))]),
    },
    {
      label: "SVG file",
      contentType: type(),
      body: multipartBody(boundary, [
        ...fields,
        file(fileField, "a.svg", Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"/>'), "image/svg+xml"),
      ]),
    },
    {
      label: "invalid UTF-8 in a field",
      contentType: type(),
      body: multipartBody(boundary, [...fields, field("title", Buffer.from([0x61, 0xff, 0xfe, 0xc3]))]),
    },
    {
      label: "100 KB field",
      contentType: type(),
      body: multipartBody(boundary, [...fields, field("content", "x".repeat(100_000))]),
    },
    {
      label: "1,000 fields",
      contentType: type(),
      body: multipartBody(boundary, [...fields, ...Array.from({ length: 1000 }, (_, i) => field(`f${i}`, "1"))]),
    },
    {
      label: "image field holding bad JSON",
      contentType: type(),
      body: multipartBody(boundary, [...fields, field(fileField, "[1,2"), field("image", '["a\\u0000b"]')]),
    },
    {
      label: "image field holding a JSON array of numbers",
      contentType: type(),
      body: multipartBody(boundary, [...fields, field(fileField, "[1,2,3]")]),
    },
    {
      label: "repeated scalar fields",
      contentType: type(),
      body: multipartBody(boundary, [
        ...fields,
        ...fields,
        field("isPublished", "maybe"),
        field("isPublished", "\u0000"),
      ]),
    },
    {
      label: "part with a charset",
      contentType: type(),
      body: multipartBody(boundary, [
        {
          headers: ['Content-Disposition: form-data; name="title"', "Content-Type: text/plain; charset=utf-16"],
          content: "x",
        },
      ]),
    },
    { label: "multipart/mixed", contentType: `multipart/mixed; boundary=${boundary}`, body: whole },
  ];
  return variants.map((variant) => ({ ...variant, body: new Uint8Array(variant.body) }));
}

/** Form-data operations get every multipart variant; JSON-only ones a few (the wrong content type). */
export function multipartRequests(operation: FuzzOperation, samples: SeedSamples): FuzzRequest[] {
  const fileField = operation.path === "/api/media" ? "file" : "image";
  let textFields: Record<string, string> = { title: "fuzz" };
  if (operation.formSchema) {
    const hints = fieldHints(samples);
    textFields = {};
    for (const [name, schema] of Object.entries(operation.formSchema.properties ?? {})) {
      if (name === fileField || schema.type === "array" || schema.contentMediaType) continue;
      textFields[name] = name === "isPublished" ? "false" : String(validValue(schema, hints, name));
    }
  }
  const variants = multipartVariants(fileField, textFields);
  const chosen = operation.formSchema
    ? variants
    : variants.filter((v) => /missing boundary|truncated|NUL/.test(v.label));
  return chosen.map(({ label, contentType, body }) =>
    bodyRequest(operation, samples, body, { "content-type": contentType }, `multipart: ${label}`),
  );
}

// ── Methods ──────────────────────────────────────────────────────────────────────────────

const METHODS = ["GET", "HEAD", "OPTIONS", "POST", "PUT", "PATCH", "DELETE"];

/** Every path with the methods it does not declare (and HEAD, OPTIONS), a NUL-laden body where one can go. */
export function methodRequests(operations: FuzzOperation[], samples: SeedSamples): FuzzRequest[] {
  const requests: FuzzRequest[] = [];
  const byPath = new Map<string, FuzzOperation[]>();
  for (const operation of operations) byPath.set(operation.path, [...(byPath.get(operation.path) ?? []), operation]);
  for (const [path, declared] of byPath) {
    const url = fillPath(declared[0] as FuzzOperation, samples);
    for (const method of METHODS.filter((m) => !declared.some((operation) => operation.method === m))) {
      const body = method === "GET" || method === "HEAD" ? undefined : '{"a":"\u0000"}';
      requests.push({
        method,
        template: path,
        url,
        headers: body ? JSON_HEADERS : {},
        ...(body && { body }),
        input: `undeclared method ${method}`,
        // HEAD runs the GET handler: a HEAD of the logout route logs out.
        phase: phaseOf(declared[0] as FuzzOperation, url, samples),
      });
    }
  }
  return requests;
}

// ── Headers ──────────────────────────────────────────────────────────────────────────────

/** Session cookies, client addresses and other headers the server reads, with bad values. */
export function headerRequests(samples: SeedSamples): FuzzRequest[] {
  const latin1 = "\u00ff\u00fe\u0080";
  const cookies = ["%00", "a%00b", "x".repeat(5000), "'; drop table sessions;--", latin1, "", '"quoted"', "a=b=c"];
  const addresses = [
    "not-an-ip",
    "999.999.999.999",
    "1.2.3.4, garbage",
    "::ffff:1.2.3.4",
    "fe80::1%25eth0",
    "1".repeat(5000),
    `${latin1}`,
    ",",
  ];
  const targets: [string, string][] = [
    ["GET", "/api/users/getUser"],
    ["GET", `/api/posts/${samples.post.id}`],
    ["GET", "/"],
  ];
  const requests: FuzzRequest[] = [];
  const add = (method: string, url: string, headers: Record<string, string>, input: string, body?: string) =>
    requests.push({
      method,
      template: `${url.split("?")[0]} (headers)`,
      url,
      headers,
      input,
      phase: 0,
      ...(body && { body }),
    });
  for (const [method, url] of targets) {
    for (const value of cookies)
      add(method, url, { cookie: `broadsheet_session=${value}` }, `cookie: ${value.slice(0, 30)}`);
    add(method, url, { cookie: "broadsheet_session=a; broadsheet_session=b" }, "cookie: twice");
    for (const value of addresses)
      add(method, url, { "x-forwarded-for": value }, `x-forwarded-for: ${value.slice(0, 30)}`);
  }
  for (const value of addresses) {
    add(
      "POST",
      "/api/shares",
      { "x-forwarded-for": value, ...JSON_HEADERS },
      `x-forwarded-for: ${value.slice(0, 30)}`,
      JSON.stringify({ postId: samples.post.slug, platform: "x" }),
    );
  }
  const others: Record<string, string>[] = [
    { "user-agent": "u".repeat(5000) },
    { "user-agent": latin1 },
    { "accept-language": `${"en;q=0.".repeat(500)}9` },
    { "accept-encoding": "br;q=2, gzip;q=-1, *;q=NaN" },
    { "x-forwarded-host": "evil.example:99999" },
    { "x-forwarded-proto": "gopher" },
    { "if-none-match": `"${"x".repeat(5000)}"` },
    { range: "bytes=-5-3" },
    { "x-request-id": "r".repeat(5000) },
  ];
  for (const headers of others) {
    for (const url of [`/api/posts/${samples.post.slug}`, "/search?search=a"]) {
      add("GET", url, headers, `${Object.keys(headers)[0]}: ${Object.values(headers)[0]?.slice(0, 30)}`);
    }
  }
  return requests;
}

// ── Page routes ──────────────────────────────────────────────────────────────────────────

const FORM_HEADERS = { "content-type": "application/x-www-form-urlencoded" };

/** Form bodies for page actions: every field a page reads, with bad values. */
function badForms(random: Random): { label: string; body: string }[] {
  const fields = [
    "intent",
    "email",
    "password",
    "confirmPassword",
    "oldPassword",
    "name",
    "comment",
    "rating",
    "review",
    "title",
    "category",
    "type",
    "content",
    "link",
    "id",
    "role",
    "option",
    "redirectTo",
    "search",
    "liked",
    "commentId",
    "phone",
  ];
  const form = (value: string, intent?: string) =>
    fields.map((name) => `${name}=${name === "intent" && intent ? intent : value}`).join("&");
  const intents = ["comment", "review", "deleteComment", "%00"];
  return [
    { label: "every field NUL", body: form("a%00b") },
    { label: "every field invalid UTF-8", body: form("%ff%c3%28") },
    { label: "every field 40 KB", body: form("x".repeat(40_000)) },
    { label: "every field a broken escape", body: form("%zz%") },
    { label: "raw NUL bytes", body: form("a\u0000b") },
    { label: "repeated fields", body: `${form("1")}&${form("%00")}` },
    { label: "not a form", body: '{"email":"a\\u0000b"}' },
    ...intents.map((intent) => ({
      label: `intent ${intent}, NUL fields`,
      body: form(random.pick(["a%00b", "%00"]), intent),
    })),
  ];
}

/** Page routes with bad path segments, bad query strings and bad form posts. */
export function pageRequests(samples: SeedSamples, values: UrlValue[], random: Random): FuzzRequest[] {
  const requests: FuzzRequest[] = [];
  const get = (template: string, url: string, input: string) =>
    requests.push({ method: "GET", template, url, headers: {}, input, phase: 0 });
  const post = (template: string, url: string, body: string, input: string, phase: FuzzRequest["phase"] = 0) =>
    requests.push({ method: "POST", template, url, headers: FORM_HEADERS, body, input, phase });

  // Rendering a page costs far more than an API answer, and the API behind it is fuzzed
  // in full: the post page gets every value, the other routes every other one.
  values.forEach((value, index) => {
    get("/page/:slug", `/page/${value.raw}`, `slug: ${value.label}`);
    if (index % 2 === 1) return;
    get("/admin/edit-post/:id", `/admin/edit-post/${value.raw}`, `id: ${value.label}`);
    get("/admin/edit-add/:id", `/admin/edit-add/${value.raw}`, `id: ${value.label}`);
    get("/reset/:token", `/reset/${value.raw}`, `token: ${value.label}`);
    get("/* (not found)", `/${value.raw}`, `path: ${value.label}`);
    get("/media/:file", `/media/${value.raw}`, `file: ${value.label}`);
  });
  const pick = () => random.pick(values).raw;
  for (let index = 0; index < 30; index += 1) {
    const query = `search=${pick()}&category=${pick()}&type=${pick()}&sort=${pick()}&page=${random.pick([pick(), ...BAD_INTEGERS])}&view=${pick()}`;
    get("/search", `/search?${query}`, `query: ${query.slice(0, 120)}`);
  }
  const listPages = [
    "/",
    "/admin/all-posts",
    "/admin/view-users",
    "/admin/all-votes",
    "/admin/all-adds",
    "/readLater",
    "/rss.xml",
    "/sitemap.xml",
  ];
  for (const page of listPages) {
    for (let index = 0; index < 5; index += 1) {
      const query = `page=${random.pick(BAD_INTEGERS)}&search=${pick()}&category=${pick()}`;
      get(page, `${page}?${query}`, `query: ${query.slice(0, 120)}`);
    }
  }
  for (const value of values.slice(0, 12))
    get("/login", `/login?redirectTo=${value.raw}`, `redirectTo: ${value.label}`);

  const actionPages: [string, string][] = [
    ["/login", "/login"],
    ["/register", "/register"],
    ["/reset", "/reset"],
    ["/reset/:token", `/reset/${"0".repeat(64)}`],
    ["/profile", "/profile"],
    ["/readLater", "/readLater"],
    ["/", "/?index"],
    ["/page/:slug", `/page/${encodeURIComponent(samples.target.slug)}`],
    ["/page/:slug", "/page/a%00b"],
    ["/admin/category", "/admin/category"],
    ["/admin/add-vote", "/admin/add-vote"],
    ["/admin/add-post", "/admin/add-post"],
    ["/admin/add-adds", "/admin/add-adds"],
    ["/admin/edit-post/:id", `/admin/edit-post/${samples.target.id}`],
    ["/admin/edit-add/:id", `/admin/edit-add/${samples.advertId}`],
    ["/admin/view-users", "/admin/view-users"],
    ["/admin/all-votes", "/admin/all-votes"],
    ["/admin/all-adds", "/admin/all-adds"],
    ["/admin/all-posts", "/admin/all-posts"],
    ["/admin/home", "/admin/home"],
    ["/admin/brand", "/admin/brand"],
  ];
  for (const [template, url] of actionPages) {
    for (const { label, body } of badForms(random)) post(template, url, body, `form: ${label}`);
  }
  for (const { label, body } of badForms(random).slice(0, 3)) post("/logout", "/logout", body, `form: ${label}`, 2);
  return requests;
}

// ── Everything ───────────────────────────────────────────────────────────────────────────

/** Every malformed request for a document and a seeded site, in a fixed order. */
export function fuzzRequests(
  document: { paths: Record<string, Record<string, Json>> },
  samples: SeedSamples,
  seed: number,
): FuzzRequest[] {
  const random = createRandom(seed);
  const values = badUrlValues(random);
  const requests: FuzzRequest[] = [];
  for (const operation of operationsOf(document)) {
    requests.push(...pathRequests(operation, samples, values));
    requests.push(...queryRequests(operation, samples, values));
    if (operation.method !== "GET") {
      if (operation.jsonSchema) {
        requests.push(...jsonFieldRequests(operation, samples, random));
        requests.push(...rawJsonRequests(operation, samples));
        requests.push(...contentTypeRequests(operation, samples));
      } else {
        requests.push(...rawJsonRequests(operation, samples).filter((r) => /invalid JSON|NUL key/.test(r.input)));
      }
      requests.push(...multipartRequests(operation, samples));
    }
  }
  requests.push(...methodRequests(operationsOf(document), samples));
  requests.push(...headerRequests(samples));
  requests.push(...pageRequests(samples, values, random));
  return requests;
}

// ── Judging an answer ────────────────────────────────────────────────────────────────────

const SQL_STATEMENT = /\b(select|insert|update|delete)\b[\s\S]{0,200}\b(from|into|set|where)\b/i;
// Pages are full of prose and <select> elements: there only quoted identifiers count as SQL.
const SQL_IN_HTML = /\b(select|insert into|update|delete from)\b[^<>]{0,200}\b(from|into|set|where)\s+"[a-z_]+"/i;
const DATABASE_ERROR =
  /syntax error at or near|violates [\w -]*constraint|duplicate key|relation "|invalid input syntax for|invalid byte sequence for encoding|Failed query:/i;
const STACK_TRACE = [/\n\s+at .+:\d+:\d+/, /\bat \S+ \([^)]*:\d+:\d+\)/];
const FILE_PATH = [/(?<![\w.-])\/(work|home|root|usr|tmp|opt)\//, /node_modules\//, /\.(ts|js|mjs):\d+/];

/** What an answer gives away that it should not (SQL, a stack trace, a file path), or undefined. */
export function findLeak(body: string, contentType: string): string | undefined {
  const html = contentType.includes("html");
  if (html ? SQL_IN_HTML.test(body) : SQL_STATEMENT.test(body)) return "SQL";
  if (DATABASE_ERROR.test(body)) return "a database error";
  if (STACK_TRACE.some((pattern) => pattern.test(body))) return "a stack trace";
  if (FILE_PATH.some((pattern) => pattern.test(body))) return "a file path";
  return undefined;
}
