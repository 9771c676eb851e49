import { type PGlite, parse, protocol, type QueryOptions, type Results } from "@electric-sql/pglite";

/*
 * PGlite's `query` parses and plans its statement every time, in WebAssembly: for the search's
 * main statement that was 1.6 ms of a 1.9 ms run; named, 0.3 ms (issue 16). This replaces
 * `query` for parameterised statements with the same steps on a named statement: parsed once
 * (with its parameter types), then bound, described, executed and synced each run, as PGlite's
 * own `query` does, under the same two locks. Anything else, and every text beyond those
 * `nameFor` names, goes to PGlite's own `query`.
 */
export function useNamedStatements(client: PGlite, nameFor: (text: string) => string | undefined): void {
  const { serialize } = protocol;
  const unnamedQuery = client.query.bind(client);
  /** Statement name → the type of each of its parameters, once PGlite has parsed it. */
  const parameterTypes = new Map<string, number[]>();
  const noFsSync = { syncToFs: false };

  async function send(message: Uint8Array) {
    return (await client.execProtocol(message, noFsSync)).messages;
  }

  async function prepare(name: string, text: string, options: QueryOptions | undefined): Promise<number[]> {
    const known = parameterTypes.get(name);
    if (known) return known;
    const messages = [];
    try {
      await send(serialize.parse({ name, text, types: options?.paramTypes }));
      messages.push(...(await send(serialize.describe({ type: "S", name }))));
    } finally {
      await send(serialize.sync());
    }
    const description = messages.find((message) => message.name === "parameterDescription") as
      | { dataTypeIDs: number[] }
      | undefined;
    const types = description?.dataTypeIDs ?? [];
    parameterTypes.set(name, types);
    return types;
  }

  async function runNamed<T>(name: string, text: string, values: unknown[], options: QueryOptions | undefined) {
    const types = await prepare(name, text, options);
    const serialized = values.map((value, index) => {
      if (value === null || value === undefined) return null;
      const type = types[index] ?? 0;
      const serializer = options?.serializers?.[type] ?? client.serializers[type];
      return serializer ? serializer(value) : String(value);
    });
    const messages = [];
    try {
      messages.push(...(await send(serialize.bind({ statement: name, values: serialized }))));
      messages.push(...(await send(serialize.describe({ type: "P" }))));
      messages.push(...(await send(serialize.execute({}))));
    } finally {
      messages.push(...(await send(serialize.sync())));
    }
    if (!client.isInTransaction()) await client.syncToFs();
    return parse.parseResults(messages, ...parsersFor(client, options))[0] as Results<T>;
  }

  client.query = (async <T>(text: string, values?: unknown[], options?: QueryOptions): Promise<Results<T>> => {
    const name = values?.length && !options?.blob ? nameFor(text) : undefined;
    if (!name || !values) return unnamedQuery<T>(text, values, options);
    await client._checkReady();
    return client._runExclusiveTransaction(() =>
      client._runExclusiveQuery(() => runNamed<T>(name, text, values, options)),
    );
  }) as PGlite["query"];
}

/**
 * The parsers of a statement's result: PGlite's own, overridden by the statement's (Drizzle
 * sends its own for dates on every statement). PGlite would copy all 318 of its parsers into a
 * new object per statement to merge them, 72 µs each time (7 % of a search's CPU, issue 16);
 * an object whose prototype is PGlite's set looks them up the same way for 2 µs.
 */
function parsersFor(client: PGlite, options: QueryOptions | undefined): [PGlite["parsers"], QueryOptions | undefined] {
  if (!options?.parsers) return [client.parsers, options];
  const { parsers, ...rest } = options;
  return [Object.assign(Object.create(client.parsers) as PGlite["parsers"], parsers), rest];
}
