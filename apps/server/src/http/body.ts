import { BODY_MAX_BYTES, MESSAGES } from "@broadsheet/domain";
import type { Context, MiddlewareHandler } from "hono";
import { bodyLimit } from "hono/body-limit";
import type { z } from "zod";
import { invalid, tooLarge } from "../errors";

/** PostgreSQL cannot store NUL in text: such input is refused up front, never sent to the database. */
export function containsNul(value: string): boolean {
  return value.includes("\u0000");
}

/** Reads a JSON body; malformed JSON or NUL anywhere in it is the client's mistake (400), never a 500. */
export async function readJson(c: Context): Promise<unknown> {
  const text = await c.req.text();
  if (!text.trim()) return {};
  let hasNul = false;
  let parsed: unknown;
  try {
    parsed = JSON.parse(text, (key, value: unknown) => {
      if (containsNul(key) || (typeof value === "string" && containsNul(value))) hasNul = true;
      return value;
    });
  } catch {
    throw invalid(MESSAGES.malformedJson);
  }
  if (hasNul) throw invalid(MESSAGES.nulCharacter);
  return parsed;
}

/** Validates input with a zod schema; the first problem's message becomes the 400 answer. */
export function parseInput<T extends z.ZodType>(schema: T, data: unknown): z.infer<T> {
  const result = schema.safeParse(data);
  if (!result.success) throw invalid(result.error.issues[0]?.message ?? "Invalid input");
  return result.data;
}

/**
 * Refuses a body past `maxBytes` with 413: at once from Content-Length, or as soon as a
 * chunked body passes the limit while it streams in (hono's bodyLimit).
 */
export function limitBody(maxBytes: number, message: string = MESSAGES.bodyTooLarge): MiddlewareHandler {
  return bodyLimit({
    maxSize: maxBytes,
    onError: () => {
      throw tooLarge(message);
    },
  });
}

/** The limit of every body that is not an upload. */
export const limitOrdinaryBody = limitBody(BODY_MAX_BYTES);
