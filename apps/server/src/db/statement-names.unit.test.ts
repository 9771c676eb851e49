import { describe, expect, it } from "vitest";
import { createStatementNamer, withStatementName } from "./statement-names";

describe("createStatementNamer", () => {
  it("gives one text one name, and different texts different names", () => {
    const nameFor = createStatementNamer(10);
    const first = nameFor("select 1 where $1");
    expect(first).toBeDefined();
    expect(nameFor("select 1 where $1")).toBe(first);
    expect(nameFor("select 2 where $1")).not.toBe(first);
  });

  it("names no more texts than its capacity, and keeps the names it gave", () => {
    const nameFor = createStatementNamer(2);
    const a = nameFor("a $1");
    const b = nameFor("b $1");
    expect(nameFor("c $1")).toBeUndefined();
    expect(nameFor("a $1")).toBe(a);
    expect(nameFor("b $1")).toBe(b);
  });
});

describe("withStatementName", () => {
  const nameFor = createStatementNamer(10);

  it("names a Drizzle query config that has values", () => {
    const config = { text: "select * from posts where id = $1", rowMode: "array" };
    const [named, values] = withStatementName([config, ["x"]], nameFor) as [Record<string, unknown>, unknown[]];
    expect(named).toEqual({ ...config, name: nameFor(config.text) });
    expect(values).toEqual(["x"]);
    // The caller's config is not changed: Drizzle reuses it.
    expect(config).not.toHaveProperty("name");
  });

  it("names a text with values", () => {
    const [named, values] = withStatementName(["select $1::int", [1]], nameFor);
    expect(named).toEqual({ text: "select $1::int", name: nameFor("select $1::int") });
    expect(values).toEqual([1]);
  });

  it("leaves alone what cannot or need not be named", () => {
    const callback = () => undefined;
    const calls: unknown[][] = [
      // No values: may be several statements, which only the simple protocol runs.
      ["create table a (id int); create table b (id int)"],
      ["select 1", []],
      [{ text: "select 1" }],
      [{ text: "select $1", values: [1], name: "chosen" }],
      [{ text: "select $1", submit: () => undefined }, [1]],
      ["select $1", [1], callback],
    ];
    for (const args of calls) expect(withStatementName(args, nameFor)).toBe(args);
  });

  it("names a config whose values it carries itself", () => {
    const [named] = withStatementName([{ text: "select $1::text", values: ["a"] }], nameFor);
    expect(named).toMatchObject({ name: nameFor("select $1::text"), values: ["a"] });
  });
});
