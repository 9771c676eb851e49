import { MESSAGES } from "@broadsheet/domain";
import type { Context } from "hono";
import type { z } from "zod";
import { invalid } from "../errors";

/** Reads a JSON body; malformed JSON is the client's mistake (400), never a 500. */
export async function readJson(c: Context): Promise<unknown> {
  const text = await c.req.text();
  if (!text.trim()) return {};
  try {
    return JSON.parse(text);
  } catch {
    throw invalid(MESSAGES.malformedJson);
  }
}

/** Validates input with a zod schema; the first problem's message becomes the 400 answer. */
export function parseInput<T extends z.ZodType>(schema: T, data: unknown): z.infer<T> {
  const result = schema.safeParse(data);
  if (!result.success) throw invalid(result.error.issues[0]?.message ?? "Invalid input");
  return result.data;
}

export async function readJsonInput<T extends z.ZodType>(c: Context, schema: T): Promise<z.infer<T>> {
  return parseInput(schema, await readJson(c));
}
