/*
 * Embeds, privacy first (docs/product/embeds.md, decision 077): the providers a bare address on
 * its own line becomes a player or post for, how each one's frame address is made from the
 * address a reader would share, and the frame origins the pages' Content-Security-Policy allows.
 * The frame address is always rebuilt from the shared address here, never taken from stored HTML.
 */

/** What the placeholder's button says it loads, and the shape of the box it keeps. */
export type EmbedKind = "video" | "audio" | "post" | "pen";

export interface EmbedProvider {
  id: string;
  /** The provider's name as readers know it: "YouTube", "X". */
  name: string;
  kind: EmbedKind;
  /** Every origin a frame of this provider is loaded from (CSP frame-src). */
  frameOrigins: readonly string[];
  /** The frame's address for a shared address, or null when the address is not one of this provider's. */
  frameSource(url: URL): string | null;
}

export interface Embed {
  provider: EmbedProvider;
  /** The shared address, as given (trimmed). */
  url: string;
  /** Where the frame loads from once the reader asks for it. */
  src: string;
}

/**
 * Mastodon is any server: a page's CSP cannot allow every one, so only these well-known servers'
 * posts are embedded; a post on another server stays a link (decision 077).
 */
export const MASTODON_SERVERS = [
  "mastodon.social",
  "mastodon.online",
  "mstdn.social",
  "fosstodon.org",
  "hachyderm.io",
  "infosec.exchange",
  "mas.to",
] as const;

const hostOf = (url: URL) => url.hostname.toLowerCase();
const bareHost = (url: URL) => hostOf(url).replace(/^(www|m|mobile)\./, "");
const segments = (url: URL) => url.pathname.split("/").filter(Boolean);
const ID = /^[\w-]+$/;
const DIGITS = /^\d+$/;

function youtubeId(url: URL): string | null {
  const host = bareHost(url);
  const [first, second] = segments(url);
  let id: string | null | undefined = null;
  if (host === "youtu.be") id = first;
  else if (host === "youtube.com" || host === "youtube-nocookie.com") {
    if (first === "watch") id = url.searchParams.get("v");
    else if (first === "embed" || first === "shorts" || first === "live") id = second;
  }
  // Video ids are 11 characters today; any run of id characters is taken, the frame address cannot be harmed by it.
  return id && /^[\w-]{1,64}$/.test(id) ? id : null;
}

export const EMBED_PROVIDERS: readonly EmbedProvider[] = [
  {
    id: "youtube",
    name: "YouTube",
    kind: "video",
    frameOrigins: ["https://www.youtube-nocookie.com"],
    frameSource(url) {
      const id = youtubeId(url);
      return id ? `https://www.youtube-nocookie.com/embed/${id}` : null;
    },
  },
  {
    id: "vimeo",
    name: "Vimeo",
    kind: "video",
    frameOrigins: ["https://player.vimeo.com"],
    frameSource(url) {
      const host = bareHost(url);
      const parts = segments(url);
      const id = host === "vimeo.com" ? parts.find((part) => DIGITS.test(part)) : undefined;
      const player = host === "player.vimeo.com" && parts[0] === "video" ? parts[1] : undefined;
      const found = id ?? player;
      return found && DIGITS.test(found) ? `https://player.vimeo.com/video/${found}?dnt=1` : null;
    },
  },
  {
    id: "x",
    name: "X",
    kind: "post",
    frameOrigins: ["https://platform.twitter.com"],
    frameSource(url) {
      const host = bareHost(url);
      if (host !== "twitter.com" && host !== "x.com") return null;
      const [user, status, id] = segments(url);
      return user && status === "status" && id && DIGITS.test(id)
        ? `https://platform.twitter.com/embed/Tweet.html?id=${id}&dnt=true`
        : null;
    },
  },
  {
    id: "instagram",
    name: "Instagram",
    kind: "post",
    frameOrigins: ["https://www.instagram.com"],
    frameSource(url) {
      if (bareHost(url) !== "instagram.com") return null;
      const [type, id] = segments(url);
      return (type === "p" || type === "reel" || type === "tv") && id && ID.test(id)
        ? `https://www.instagram.com/${type}/${id}/embed`
        : null;
    },
  },
  {
    id: "tiktok",
    name: "TikTok",
    kind: "video",
    frameOrigins: ["https://www.tiktok.com"],
    frameSource(url) {
      if (bareHost(url) !== "tiktok.com") return null;
      const [user, video, id] = segments(url);
      return user?.startsWith("@") && video === "video" && id && DIGITS.test(id)
        ? `https://www.tiktok.com/embed/v2/${id}`
        : null;
    },
  },
  {
    id: "spotify",
    name: "Spotify",
    kind: "audio",
    frameOrigins: ["https://open.spotify.com"],
    frameSource(url) {
      if (hostOf(url) !== "open.spotify.com") return null;
      const parts = segments(url).filter((part) => !part.startsWith("intl-"));
      const [type, id] = parts;
      const types = ["track", "album", "playlist", "episode", "show", "artist"];
      return type && types.includes(type) && id && /^[A-Za-z0-9]+$/.test(id) && parts.length === 2
        ? `https://open.spotify.com/embed/${type}/${id}`
        : null;
    },
  },
  {
    id: "soundcloud",
    name: "SoundCloud",
    kind: "audio",
    frameOrigins: ["https://w.soundcloud.com"],
    frameSource(url) {
      if (bareHost(url) !== "soundcloud.com") return null;
      const parts = segments(url);
      if (parts.length < 2 || !parts.every((part) => /^[\w.-]+$/.test(part))) return null;
      const track = `https://soundcloud.com/${parts.join("/")}`;
      return `https://w.soundcloud.com/player/?url=${encodeURIComponent(track)}&visual=true`;
    },
  },
  {
    id: "bluesky",
    name: "Bluesky",
    kind: "post",
    frameOrigins: ["https://embed.bsky.app"],
    frameSource(url) {
      if (hostOf(url) !== "bsky.app") return null;
      const [profile, actor, post, rkey] = segments(url);
      return profile === "profile" && actor && /^[\w.:-]+$/.test(actor) && post === "post" && rkey && ID.test(rkey)
        ? `https://embed.bsky.app/embed/${actor}/app.bsky.feed.post/${rkey}`
        : null;
    },
  },
  {
    id: "mastodon",
    name: "Mastodon",
    kind: "post",
    frameOrigins: MASTODON_SERVERS.map((server) => `https://${server}`),
    frameSource(url) {
      const host = hostOf(url);
      if (url.protocol !== "https:" || !(MASTODON_SERVERS as readonly string[]).includes(host)) return null;
      const [user, id] = segments(url);
      return user?.startsWith("@") && /^@\w+$/.test(user) && id && DIGITS.test(id)
        ? `https://${host}/${user}/${id}/embed`
        : null;
    },
  },
  {
    id: "codepen",
    name: "CodePen",
    kind: "pen",
    frameOrigins: ["https://codepen.io"],
    frameSource(url) {
      if (bareHost(url) !== "codepen.io") return null;
      const [user, pen, id] = segments(url);
      return user && /^[\w-]+$/.test(user) && (pen === "pen" || pen === "embed") && id && ID.test(id)
        ? `https://codepen.io/${user}/embed/${id}?default-tab=result`
        : null;
    },
  },
];

const PROVIDERS_BY_ID = new Map(EMBED_PROVIDERS.map((provider) => [provider.id, provider]));

export function embedProvider(id: string): EmbedProvider | undefined {
  return PROVIDERS_BY_ID.get(id);
}

/** The embed a shared address makes, or null: an address of no provider here stays a link. */
export function findEmbed(address: string): Embed | null {
  const trimmed = address.trim();
  if (trimmed.length > 2048) return null;
  let url: URL;
  try {
    url = new URL(trimmed);
  } catch {
    return null;
  }
  if ((url.protocol !== "https:" && url.protocol !== "http:") || url.username || url.password || url.port) return null;
  for (const provider of EMBED_PROVIDERS) {
    const src = provider.frameSource(url);
    if (src) return { provider, url: url.href, src };
  }
  return null;
}

/** Every provider's frame origins: the pages' CSP frame-src, exactly. */
export function frameOrigins(): string[] {
  return [...new Set(EMBED_PROVIDERS.flatMap((provider) => provider.frameOrigins))];
}

const LOAD_WORDS: Record<EmbedKind, string> = { video: "video", audio: "audio", post: "post", pen: "pen" };

/** The placeholder button's text: "Load YouTube video". */
export function embedLoadLabel(provider: EmbedProvider): string {
  return `Load ${provider.name} ${LOAD_WORDS[provider.kind]}`;
}

/** The placeholder link's text: "Open on YouTube". */
export function embedOpenLabel(provider: EmbedProvider): string {
  return `Open on ${provider.name}`;
}

/** Names of the stored element's parts, read by the reader page's click handler. */
export const EMBED_CLASSES = {
  figure: "embed",
  box: "embed-box",
  load: "embed-load",
} as const;

export interface EmbedMarkupInput {
  embed: Embed;
  /** The title the provider gave, or "". */
  title: string;
  /** This site's copy of the provider's still (/media/…), or "". */
  thumbnail: string;
}

const escapeHtml = (value: string) =>
  value.replace(/&/g, "&amp;").replace(/"/g, "&quot;").replace(/</g, "&lt;").replace(/>/g, "&gt;");

/**
 * The stored element: a click-to-load placeholder in a box of fixed shape (title, provider, the
 * still when there is one), its button for readers with scripts and a link for everyone.
 * Nothing in it loads from the provider.
 */
export function embedMarkup({ embed, title, thumbnail }: EmbedMarkupInput): string {
  const { provider } = embed;
  const url = escapeHtml(embed.url);
  const shownTitle = escapeHtml(title || embed.url);
  const still = thumbnail ? `<img src="${escapeHtml(thumbnail)}" alt="" loading="lazy" />` : "";
  return (
    `<figure class="${EMBED_CLASSES.figure} embed-${provider.kind}" data-embed="${provider.id}" data-url="${url}"` +
    ` data-title="${escapeHtml(title)}" data-thumbnail="${escapeHtml(thumbnail)}">` +
    `<div class="${EMBED_CLASSES.box}">${still}` +
    `<button type="button" class="${EMBED_CLASSES.load}">${escapeHtml(embedLoadLabel(provider))}</button></div>` +
    `<figcaption><span class="embed-title">${shownTitle}</span> ` +
    `<span class="embed-provider">${escapeHtml(provider.name)}</span> ` +
    `<a href="${url}" rel="noopener noreferrer nofollow">${escapeHtml(embedOpenLabel(provider))}</a></figcaption>` +
    `</figure>`
  );
}

/** The attributes of the frame a placeholder becomes: sandboxed, lazily loaded, titled. */
export function embedFrameAttributes(embed: Embed, title: string): Record<string, string> {
  return {
    src: embed.src,
    title: title ? `${embed.provider.name}: ${title}` : `${embed.provider.name} ${LOAD_WORDS[embed.provider.kind]}`,
    sandbox: "allow-scripts allow-same-origin allow-presentation allow-popups allow-popups-to-escape-sandbox",
    allow: "encrypted-media; picture-in-picture; fullscreen",
    referrerpolicy: "strict-origin-when-cross-origin",
    loading: "lazy",
  };
}
