/** What a content write tells: every instance drops the pages and shared reads it may have changed. */
export interface ContentChanges {
  contentChanged(): Promise<void>;
}

type AsyncMethod = (...args: never[]) => Promise<unknown>;

/**
 * A service with its content writes declared: once one of the named methods succeeds, the
 * page cache and the read cache are cleared on every instance, whoever called it (a route,
 * the CLI, the seed, a job). A write that fails clears nothing.
 */
export function withContentWrites<S extends Record<K, AsyncMethod>, K extends keyof S>(
  content: ContentChanges,
  service: S,
  writes: readonly K[],
): S {
  const announced: S = { ...service };
  for (const name of writes) {
    const write = service[name] as unknown as (...args: unknown[]) => Promise<unknown>;
    const wrapped = async (...args: unknown[]) => {
      const result = await write(...args);
      await content.contentChanged();
      return result;
    };
    announced[name] = wrapped as unknown as S[K];
  }
  return announced;
}
