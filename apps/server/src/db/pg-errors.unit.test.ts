import { DrizzleQueryError } from "drizzle-orm/errors";
import { describe, expect, it } from "vitest";
import { abortedRequestError } from "../testing/aborted-request";
import { isConnectionError, isRetryableRead } from "./client";
import { isClientAbort, isDatabaseUnavailable } from "./pg-errors";

/** An error as node-postgres raises it for a server's ErrorResponse. */
const pgError = (code: string, message = "error") => Object.assign(new Error(message), { code, severity: "FATAL" });
/** An error as Node raises it for a socket. */
const socketError = (code: string) => Object.assign(new Error(`connect ${code} 127.0.0.1:5432`), { code, errno: -1 });

describe("isDatabaseUnavailable", () => {
  it.each([
    ["08006 connection_failure", pgError("08006")],
    ["08001 unable to connect", pgError("08001")],
    ["08P01 protocol violation", pgError("08P01")],
    ["57P01 admin_shutdown", pgError("57P01", "terminating connection due to administrator command")],
    ["57P02 crash_shutdown", pgError("57P02")],
    ["57P03 cannot_connect_now", pgError("57P03", "the database system is starting up")],
    ["ECONNREFUSED", socketError("ECONNREFUSED")],
    ["ECONNRESET", socketError("ECONNRESET")],
    ["EPIPE", socketError("EPIPE")],
    ["Connection terminated unexpectedly", new Error("Connection terminated unexpectedly")],
    ["Connection terminated", new Error("Connection terminated")],
    ["a dead client", new Error("Client has encountered a connection error and is not queryable")],
    ["a pool that could not connect in time", new Error("timeout exceeded when trying to connect")],
    ["wrapped by Drizzle", new DrizzleQueryError("select 1", [], pgError("57P01") as Error)],
    ["deep in a cause chain", new Error("outer", { cause: new Error("middle", { cause: socketError("ECONNRESET") }) })],
    ["an AggregateError of refusals", new AggregateError([socketError("ECONNREFUSED"), socketError("ECONNREFUSED")])],
  ])("is true for %s", (_, error) => {
    expect(isDatabaseUnavailable(error)).toBe(true);
  });

  it.each([
    ["a unique violation", pgError("23505")],
    ["a syntax error", pgError("42601")],
    ["a query cancelled by statement_timeout", pgError("57014")],
    ["a serialization failure", pgError("40001")],
    ["a database refusing connections (55000)", pgError("55000")],
    ["a plain Error", new Error("boom")],
    ["a string", "Connection terminated"],
    ["null", null],
    ["undefined", undefined],
    ["wrapped by Drizzle", new DrizzleQueryError("insert …", [], pgError("23505") as Error)],
  ])("is false for %s", (_, error) => {
    expect(isDatabaseUnavailable(error)).toBe(false);
  });

  it("is false for the error Node raises when a client aborts its request, though it says ECONNRESET", async () => {
    const error = await abortedRequestError();
    expect(error).toMatchObject({ code: "ECONNRESET" });
    // The pool's retry test alone matched it, so such requests were answered 503 and logged as outages.
    expect(isConnectionError(error)).toBe(true);
    expect(isClientAbort(error)).toBe(true);
    expect(isDatabaseUnavailable(error)).toBe(false);
    expect(isDatabaseUnavailable(new Error("body read failed", { cause: error }))).toBe(false);
  });

  it("still counts a database socket's reset, which names its system call", () => {
    const reset = Object.assign(new Error("read ECONNRESET"), { code: "ECONNRESET", errno: -104, syscall: "read" });
    expect(isClientAbort(reset)).toBe(false);
    expect(isDatabaseUnavailable(reset)).toBe(true);
  });

  it("survives a cause cycle", () => {
    const error = new Error("loop") as Error & { cause?: unknown };
    error.cause = error;
    expect(isDatabaseUnavailable(error)).toBe(false);
  });
});

describe("isRetryableRead", () => {
  it.each([
    "select 1",
    '  SELECT "id", "title" from "posts" where "posts"."is_published" = $1 limit $2',
    'with "summaries" as (select * from "posts") select * from "summaries"',
    'select "updated_at", "deleted" from "posts"',
  ])("retries %s", (text) => {
    expect(isRetryableRead(text)).toBe(true);
  });

  it.each([
    'insert into "posts" ("title") values ($1)',
    'update "posts" set "title" = $1',
    'delete from "sessions" where "token_hash" = $1',
    'with "moved" as (delete from "read_later" returning *) select count(*) from "moved"',
    'with "x" as (update "posts" set "views" = "views" + 1 returning "id") select * from "x"',
    "select * into backup from posts",
    "select nextval('posts_seq')",
    "select pg_notify($1, $2)",
    "select pg_advisory_lock($1)",
    'select * from "posts" for update',
    "begin",
    "commit",
    "listen broadsheet_pages",
  ])("never retries %s", (text) => {
    expect(isRetryableRead(text)).toBe(false);
  });
});
