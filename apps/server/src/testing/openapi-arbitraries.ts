import fc from "fast-check";

/*
 * fast-check arbitraries driven by the JSON Schemas of the OpenAPI document, for the contract
 * test: `validValue` gives values the schema accepts (positive data), `invalidValues` values
 * it refuses, each with what is wrong (negative data), as Schemathesis makes them. Only the
 * keywords the document uses are read; an unknown one fails loudly rather than being ignored.
 */

export type JsonSchema = {
  $ref?: string;
  type?: string | string[];
  enum?: unknown[];
  const?: unknown;
  anyOf?: JsonSchema[];
  properties?: Record<string, JsonSchema>;
  required?: string[];
  additionalProperties?: boolean | JsonSchema;
  items?: JsonSchema;
  minItems?: number;
  maxItems?: number;
  minLength?: number;
  maxLength?: number;
  pattern?: string;
  format?: string;
  minimum?: number;
  maximum?: number;
  exclusiveMinimum?: number;
  exclusiveMaximum?: number;
  default?: unknown;
  description?: string;
  contentMediaType?: string;
};

// What the generators read, or may safely ignore; any other keyword in the document stops the test.
const KNOWN_KEYWORDS = new Set([
  "$ref",
  "type",
  "enum",
  "const",
  "anyOf",
  "properties",
  "required",
  "additionalProperties",
  "items",
  "minItems",
  "maxItems",
  "minLength",
  "maxLength",
  "pattern",
  "format",
  "minimum",
  "maximum",
  "default",
  "description",
  "contentMediaType",
]);

/** What a valid value holds where the schema asks for a file (`format: binary`): the caller sends a file part. */
export const FILE_PART = "(file)";

export type ResolveRef = (ref: string) => JsonSchema;

/** An invalid value and what makes it invalid. */
export interface InvalidValue {
  value: unknown;
  problem: string;
}

// Text the server takes as is: NUL is refused everywhere (the 400 description says so), and
// text fields are trimmed, so generated text starts and ends with a visible character.
const visibleChar = fc.constantFrom(..."abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789-_.é😀");
const innerChar = fc.oneof(visibleChar, fc.constant(" "));

function text(minLength: number, maxLength: number): fc.Arbitrary<string> {
  const max = Math.min(maxLength, minLength + 40);
  return fc
    .array(innerChar, { minLength: Math.max(minLength, 0), maxLength: Math.max(max, minLength) })
    .map((chars) => chars.join(""))
    .map((value) => (value.length > 0 ? value.replace(/^ | $/g, "x") : value));
}

const FORMATS: Record<string, fc.Arbitrary<string>> = {
  // Ahead of now: a time in the past is refused for what it says (a schedule must be in the future).
  "date-time": fc
    .date({ min: new Date("2040-01-01T00:00:00Z"), max: new Date("2099-12-31T00:00:00Z"), noInvalidDate: true })
    .map((date) => date.toISOString()),
  email: fc
    .tuple(fc.stringMatching(/^[a-z][a-z0-9]{0,9}$/), fc.stringMatching(/^[a-z]{1,10}$/))
    .map(([local, domain]) => `${local}@${domain}.example`),
  uri: fc.stringMatching(/^[a-z]{1,10}$/).map((host) => `https://${host}.example/page`),
  uuid: fc.uuid({ version: 4 }),
};

function typesOf(schema: JsonSchema): string[] {
  if (Array.isArray(schema.type)) return schema.type;
  return schema.type ? [schema.type] : [];
}

function characters(value: string): number {
  return [...value].length;
}

/** The schema with its $ref followed. */
function resolved(schema: JsonSchema, resolve: ResolveRef): JsonSchema {
  const unknown = Object.keys(schema).filter((keyword) => !KNOWN_KEYWORDS.has(keyword));
  if (unknown.length > 0) throw new Error(`no generator reads ${unknown.join(", ")}`);
  if (schema.$ref) return resolved({ ...resolve(schema.$ref), ...withoutRef(schema) }, resolve);
  return schema;
}

function withoutRef(schema: JsonSchema): JsonSchema {
  const { $ref: _ref, ...rest } = schema;
  return rest;
}

/** Values the schema accepts. */
export function validValue(input: JsonSchema, resolve: ResolveRef): fc.Arbitrary<unknown> {
  const schema = resolved(input, resolve);
  if (schema.const !== undefined) return fc.constant(schema.const);
  if (schema.enum) return fc.constantFrom(...schema.enum);
  if (schema.anyOf) return fc.oneof(...schema.anyOf.map((choice) => validValue(choice, resolve)));
  const types = typesOf(schema);
  if (types.length > 1) return fc.oneof(...types.map((type) => validValue({ ...schema, type }, resolve)));
  switch (types[0]) {
    case "null":
      return fc.constant(null);
    case "boolean":
      return fc.boolean();
    case "integer":
      return fc.integer({ min: schema.minimum ?? -1000, max: schema.maximum ?? 1000 });
    case "number":
      return fc.double({ min: schema.minimum ?? -1000, max: schema.maximum ?? 1000, noNaN: true });
    case "string":
      return validString(schema);
    case "array":
      return fc.array(validValue(schema.items ?? {}, resolve), {
        minLength: schema.minItems ?? 0,
        maxLength: Math.min(schema.maxItems ?? 3, (schema.minItems ?? 0) + 3),
      });
    case "object":
      return validObject(schema, resolve);
    case undefined:
      return fc.oneof(fc.string(), fc.integer(), fc.boolean());
    default:
      throw new Error(`no generator for type ${types[0]}`);
  }
}

function validString(schema: JsonSchema): fc.Arbitrary<string> {
  const min = schema.minLength ?? 0;
  const max = schema.maxLength ?? 200;
  const fits = (value: string) => characters(value) >= min && characters(value) <= max;
  if (schema.format === "binary") return fc.constant(FILE_PART);
  if (schema.pattern) return fc.stringMatching(new RegExp(schema.pattern)).filter(fits);
  const format = schema.format && FORMATS[schema.format];
  if (format) return format.filter(fits);
  return text(min, max);
}

function validObject(schema: JsonSchema, resolve: ResolveRef): fc.Arbitrary<Record<string, unknown>> {
  const properties = schema.properties ?? {};
  const required = new Set(schema.required ?? []);
  const record: Record<string, fc.Arbitrary<unknown>> = {};
  for (const [name, property] of Object.entries(properties)) record[name] = validValue(property, resolve);
  return fc.record(record, { requiredKeys: [...required].filter((name) => name in properties) });
}

/**
 * Values the schema refuses, one broken constraint each, built on `sample` (a valid value
 * of it): a wrong type, a string or list out of its bounds, a value outside the enum, a
 * missing required property, a property of the wrong type.
 */
export function invalidValues(input: JsonSchema, sample: unknown, resolve: ResolveRef): InvalidValue[] {
  const schema = resolved(input, resolve);
  if (schema.anyOf) return [];
  const types = typesOf(schema);
  const found: InvalidValue[] = [];
  if (types.length > 0 && !types.includes("object")) found.push({ value: { wrong: "type" }, problem: "an object" });
  else if (types.length > 0 && !types.includes("string")) found.push({ value: "wrong", problem: "a string" });
  if (schema.enum && types.includes("string")) found.push({ value: "not-one-of-these", problem: "not in the enum" });
  if (types.includes("string") && !schema.enum) {
    // Characters outside the BMP: two UTF-16 units each, so a length counted in units passes them.
    if (schema.minLength) found.push({ value: "😀".repeat(schema.minLength - 1), problem: "too short" });
    if (schema.maxLength !== undefined) found.push({ value: "é".repeat(schema.maxLength + 1), problem: "too long" });
    if (schema.format === "email") found.push({ value: "not an e-mail", problem: "not an e-mail" });
  }
  if (types.includes("integer") || types.includes("number")) {
    if (schema.minimum !== undefined) found.push({ value: schema.minimum - 1, problem: "below the minimum" });
    if (schema.maximum !== undefined) found.push({ value: schema.maximum + 1, problem: "above the maximum" });
    if (types.includes("integer")) found.push({ value: 1.5, problem: "not a whole number" });
  }
  if (types.includes("array")) {
    if (schema.minItems) found.push({ value: [], problem: "too few items" });
    if (schema.maxItems !== undefined && Array.isArray(sample) && sample.length > 0) {
      const items = Array.from({ length: schema.maxItems + 1 }, (_, index) => sample[index % sample.length]);
      found.push({ value: items, problem: "too many items" });
    }
  }
  if (types.includes("object") && sample && typeof sample === "object") {
    const record = sample as Record<string, unknown>;
    for (const name of schema.required ?? []) {
      const { [name]: _dropped, ...rest } = record;
      found.push({ value: rest, problem: `without ${name}` });
    }
    if (schema.additionalProperties === false) {
      found.push({ value: { ...record, notAField: "x" }, problem: "an unknown property" });
    }
    for (const [name, property] of Object.entries(schema.properties ?? {})) {
      if (!(name in record)) continue;
      for (const broken of invalidValues(property, record[name], resolve)) {
        found.push({ value: { ...record, [name]: broken.value }, problem: `${name}: ${broken.problem}` });
      }
    }
  }
  return found;
}

/** Invalid query or path values: as text, only what a URL can carry. */
export function invalidParameterValues(input: JsonSchema, resolve: ResolveRef): InvalidValue[] {
  const schema = resolved(input, resolve);
  const types = typesOf(schema);
  const found: InvalidValue[] = [];
  if (schema.enum) found.push({ value: "not-one-of-these", problem: "not in the enum" });
  if (types.includes("integer")) {
    found.push({ value: "abc", problem: "not a number" }, { value: "1.5", problem: "not a whole number" });
    if (schema.minimum !== undefined) found.push({ value: String(schema.minimum - 1), problem: "below the minimum" });
    if (schema.maximum !== undefined) found.push({ value: String(schema.maximum + 1), problem: "above the maximum" });
  }
  if (types.includes("string") && !schema.enum) {
    if (schema.maxLength !== undefined) found.push({ value: "é".repeat(schema.maxLength + 1), problem: "too long" });
    if (schema.pattern) found.push({ value: "!", problem: "not matching its pattern" });
  }
  return found;
}
