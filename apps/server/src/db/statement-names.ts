/** Distinct statement texts named (prepared once per connection); the app sends far fewer shapes. */
export const NAMED_STATEMENTS_PER_PROCESS = 300;

/*
 * PostgreSQL parses and plans an unnamed statement every time it runs: for a search, planning
 * cost more than running it (issue 16). A named statement is parsed once per connection, and
 * after five runs PostgreSQL keeps a generic plan when that costs no more than the custom
 * ones. The SQL the app sends comes from a bounded set of query shapes (values are always
 * parameters), so each distinct text gets a name, up to `capacity` texts per process; any
 * text beyond those runs unnamed, as before.
 */
export function createStatementNamer(capacity: number): (text: string) => string | undefined {
  const names = new Map<string, string>();
  return (text) => {
    const known = names.get(text);
    if (known !== undefined || names.size >= capacity) return known;
    const name = `broadsheet_${names.size + 1}`;
    names.set(text, name);
    return name;
  };
}

/**
 * `args` of a node-postgres `query` call with a name added to a parameterised statement; other
 * calls (no values, already named, a Submittable, a callback) are returned as they are.
 */
export function withStatementName(args: unknown[], nameFor: (text: string) => string | undefined): unknown[] {
  const [first, second, ...rest] = args;
  if (rest.length > 0 || typeof second === "function") return args;
  if (typeof first === "string") {
    if (!Array.isArray(second) || second.length === 0) return args;
    const name = nameFor(first);
    return name ? [{ text: first, name }, second] : args;
  }
  if (!first || typeof first !== "object") return args;
  const config = first as { text?: unknown; name?: unknown; values?: unknown; submit?: unknown };
  if (typeof config.submit === "function" || config.name !== undefined || typeof config.text !== "string") return args;
  const values = second ?? config.values;
  if (!Array.isArray(values) || values.length === 0) return args;
  const name = nameFor(config.text);
  return name ? [{ ...config, name }, ...args.slice(1)] : args;
}
