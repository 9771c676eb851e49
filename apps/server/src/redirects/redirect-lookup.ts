import { redirectKey } from "@broadsheet/domain";

/*
 * Every redirect of the site held in this process's memory, so that a page request costs a Map
 * lookup and no statement (issue 41). Loaded on the first request after a change and dropped by
 * `caches.changed([REDIRECTS_TAG])`, here and on every instance. Only the key and target strings
 * are kept: 200,000 redirects take tens of megabytes (docs/performance.md).
 */

export interface RedirectAnswer {
  to: string;
  status: 301 | 302;
}

export interface RedirectRow {
  fromPath: string;
  toPath: string;
  statusCode: number;
}

interface Tables {
  permanent: Map<string, string>;
  temporary: Map<string, string>;
}

function tablesOf(rows: RedirectRow[]): Tables {
  const tables: Tables = { permanent: new Map(), temporary: new Map() };
  // An imported post's permalink and its /?p= lead to one address: one string kept for both.
  const targets = new Map<string, string>();
  for (const row of rows) {
    let target = targets.get(row.toPath);
    if (target === undefined) {
      target = row.toPath;
      targets.set(target, target);
    }
    (row.statusCode === 302 ? tables.temporary : tables.permanent).set(row.fromPath, target);
  }
  return tables;
}

/*
 * Past this many redirects a reload takes seconds (200,000: 3–6 s on a busy machine): requests go
 * on with the table they had until the new one is read, instead of waiting for it. Below it, the
 * next request waits for the change (well under a second).
 */
export const RELOAD_BEHIND_FROM = 20_000;

const sizeOf = (tables: Tables) => tables.permanent.size + tables.temporary.size;

export function createRedirectLookup(loadRows: () => Promise<RedirectRow[]>) {
  let loaded: Tables | undefined;
  let loading: Promise<Tables> | undefined;
  let previous: Tables | undefined;

  function tables(): Tables | Promise<Tables> {
    if (loaded) return loaded;
    if (!loading) {
      const load = loadRows().then(tablesOf);
      loading = load;
      load.then(
        (result) => {
          // Kept only if no change came while it was read.
          if (loading !== load) return;
          loaded = result;
          previous = undefined;
        },
        () => {
          if (loading === load) loading = undefined;
        },
      );
    }
    return previous ?? loading;
  }

  function answerIn({ permanent, temporary }: Tables, key: string): RedirectAnswer | null {
    const to = permanent.get(key);
    if (to !== undefined) return { to, status: 301 };
    const temporaryTo = temporary.get(key);
    return temporaryTo === undefined ? null : { to: temporaryTo, status: 302 };
  }

  return {
    /** The redirect of an address, or of its bare path when its query names nothing stored. */
    async find(pathWithQuery: string): Promise<RedirectAnswer | null> {
      const current = await tables();
      // A site without redirects spends nothing on spelling the address.
      if (sizeOf(current) === 0) return null;
      const key = redirectKey(pathWithQuery);
      if (!key) return null;
      const exact = answerIn(current, key);
      if (exact) return exact;
      const questionMark = key.indexOf("?");
      return questionMark === -1 ? null : answerIn(current, key.slice(0, questionMark));
    },
    /** The table changed: the next request reads it again (a large one is read behind the requests). */
    forget() {
      if (loaded && sizeOf(loaded) >= RELOAD_BEHIND_FROM) previous = loaded;
      loaded = undefined;
      loading = undefined;
    },
    size: () => (loaded ? sizeOf(loaded) : null),
  };
}

export type RedirectLookup = ReturnType<typeof createRedirectLookup>;
