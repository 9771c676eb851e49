import { embedMarkup } from "@broadsheet/domain";
import { extract, type Fetcher } from "@extractus/oembed-extractor";
import { EMBED_TITLE_MAX, embedsIn, rewriteEmbeds } from "./embed-markup";

/*
 * An embed's title and still, asked of its provider once, when the post is saved (decision 077):
 * readers' pages then show them without any request to the provider. The provider's oEmbed answer
 * gives both (@extractus/oembed-extractor knows the providers' endpoints); the still is copied
 * into the site's media. A provider that does not answer in time leaves the embed as it is: the
 * placeholder names the provider and links to it, and the next save asks again.
 */

/** At most this many embeds of one save are looked up; the rest keep what they have. */
const LOOKUPS_PER_SAVE = 12;

export interface EmbedDetailsDeps {
  /** Fetches the provider's oEmbed answer (the library's endpoint address in, a Response out). */
  fetchOembed: Fetcher;
  /** The bytes of an image at a public address, or null (site-import's safe fetcher, decision 075). */
  fetchImage: (url: string) => Promise<Buffer | null>;
  /** Stores a still as the site's own image; its /media/ address. */
  storeImage: (bytes: Buffer) => Promise<string>;
  /** How long a save waits for all its lookups, the still included. */
  deadlineMs: number;
}

/** `work`'s answer, or null once `ms` have passed (the work then finishes unheeded). */
async function within<T>(ms: number, work: Promise<T | null>): Promise<T | null> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<null>((resolve) => {
    timer = setTimeout(() => resolve(null), ms);
  });
  try {
    return await Promise.race([work, late]);
  } finally {
    clearTimeout(timer);
  }
}

async function lookUp(url: string, deps: EmbedDetailsDeps): Promise<{ title: string; thumbnail: string } | null> {
  try {
    const data = await extract(url, { maxwidth: 1280 }, deps.fetchOembed);
    const title = typeof data.title === "string" ? data.title.trim().slice(0, EMBED_TITLE_MAX) : "";
    const still = typeof data.thumbnail_url === "string" ? data.thumbnail_url : "";
    const bytes = /^https?:\/\//i.test(still) ? await deps.fetchImage(still) : null;
    const thumbnail = bytes ? await deps.storeImage(bytes).catch(() => "") : "";
    return title || thumbnail ? { title, thumbnail } : null;
  } catch {
    return null;
  }
}

export function createEmbedDetails(deps: EmbedDetailsDeps) {
  return {
    /** Stored HTML with the title and still of each embed that has neither, where its provider answers. */
    async fill(html: string): Promise<string> {
      const wanted = [
        ...new Set(
          embedsIn(html)
            .filter((found) => !found.title && !found.thumbnail)
            .map((found) => found.embed.url),
        ),
      ].slice(0, LOOKUPS_PER_SAVE);
      if (wanted.length === 0) return html;
      const answers = new Map(
        await Promise.all(wanted.map(async (url) => [url, await within(deps.deadlineMs, lookUp(url, deps))] as const)),
      );
      return rewriteEmbeds(html, (found) => embedMarkup({ ...found, ...(answers.get(found.embed.url) ?? {}) }));
    },
  };
}

export type EmbedDetails = ReturnType<typeof createEmbedDetails>;

/**
 * The oEmbed fetcher: a short timeout so a save never waits long, and (tests only) every request
 * sent to `endpoint` instead, with the same query, since tests have no internet.
 */
export function oembedFetcher(options: { timeoutMs: number; endpoint?: string }): Fetcher {
  return (address) => {
    let target = address;
    if (options.endpoint) {
      const url = new URL(options.endpoint);
      url.search = new URL(address).search;
      target = url.href;
    }
    return fetch(target, { signal: AbortSignal.timeout(options.timeoutMs), headers: { accept: "application/json" } });
  };
}
