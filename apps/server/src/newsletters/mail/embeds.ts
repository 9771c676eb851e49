/*
 * Mail clients play no video and run no iframe: an embed becomes what a reader can click, a
 * linked image (YouTube gives every video a still) or a link card naming where it plays.
 */

export interface EmbedCard {
  /** Where the reader watches or listens. */
  url: string;
  /** "Watch on YouTube", "Watch on Vimeo", "Open on example.com". */
  label: string;
  /** A still of the video, when the host has one at a known address. */
  image: string | null;
}

const YOUTUBE_HOSTS = new Set(["youtube.com", "www.youtube.com", "m.youtube.com", "youtube-nocookie.com"]);
const YOUTUBE_ID = /^[\w-]{6,20}$/;

function youtubeId(url: URL): string | null {
  const host = url.hostname.toLowerCase().replace(/^www\./, "");
  let id: string | null = null;
  if (host === "youtu.be") id = url.pathname.slice(1);
  else if (YOUTUBE_HOSTS.has(host) || YOUTUBE_HOSTS.has(url.hostname.toLowerCase())) {
    const [, first, second] = url.pathname.split("/");
    id = first === "embed" || first === "shorts" || first === "live" ? (second ?? null) : url.searchParams.get("v");
  }
  return id && YOUTUBE_ID.test(id) ? id : null;
}

/** The card of an embedded player or a post's video link; null for what is no http(s) address. */
export function embedCard(source: string): EmbedCard | null {
  let url: URL;
  try {
    url = new URL(source);
  } catch {
    return null;
  }
  if (url.protocol !== "https:" && url.protocol !== "http:") return null;
  const youtube = youtubeId(url);
  if (youtube) {
    return {
      url: `https://www.youtube.com/watch?v=${youtube}`,
      label: "Watch on YouTube",
      image: `https://i.ytimg.com/vi/${youtube}/hqdefault.jpg`,
    };
  }
  const host = url.hostname.toLowerCase();
  const vimeo = /^\/video\/(\d+)/.exec(url.pathname);
  if (host === "player.vimeo.com" && vimeo) {
    return { url: `https://vimeo.com/${vimeo[1]}`, label: "Watch on Vimeo", image: null };
  }
  if (host === "vimeo.com" || host === "www.vimeo.com") return { url: url.href, label: "Watch on Vimeo", image: null };
  return { url: url.href, label: `Open on ${host.replace(/^www\./, "")}`, image: null };
}
