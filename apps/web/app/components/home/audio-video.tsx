import { findEmbed, formatLongDate, postPath, shortenText } from "@broadsheet/domain";
import { ArrowRight, PlayCircle } from "lucide-react";
import { type MouseEvent, useState } from "react";
import { PageLink } from "../page-link";
import { categoryPagePath } from "./category-block";
import { type Loaded, POSTS_LOAD_FAILED, type VideoPost } from "./home-data";
import { BlockNotice, CoverImage, SectionHeading } from "./parts";

const VIDEO_TITLE_MAX = 90;

/**
 * The chosen video as the placeholder post bodies have (decision 077): its cover and a button
 * that loads the provider's sandboxed frame only when the reader asks. A link of no provider
 * this site embeds, or a reader without scripts, gets the link instead: never a broken frame.
 */
function VideoPlaceholder({ post }: { post: VideoPost }) {
  const [playing, setPlaying] = useState(false);
  const embed = findEmbed(post.link);
  if (embed && playing) {
    return (
      <iframe
        src={embed.src}
        title={`Video: ${post.title}`}
        sandbox="allow-scripts allow-same-origin allow-presentation"
        allow="encrypted-media; picture-in-picture"
        referrerPolicy="strict-origin-when-cross-origin"
        className="absolute inset-0 h-full w-full border-0"
      />
    );
  }
  const where = embed ? embed.provider.name : hostOf(post.link);
  return (
    <>
      <CoverImage src={post.image[0]} sizes="(min-width: 1024px) 60vw, 100vw" />
      <div className="absolute inset-0 flex flex-col items-center justify-center gap-3 bg-black/45 p-4 text-center">
        {embed ? (
          <button
            type="button"
            onClick={() => setPlaying(true)}
            className="inline-flex items-center gap-2 rounded-full bg-white px-4 py-2 text-sm font-semibold text-ink shadow hover:bg-gray-100 [@media(scripting:none)]:hidden"
          >
            <PlayCircle aria-hidden="true" className="h-5 w-5" />
            {`Play on ${where}`}
            <span className="sr-only">: {post.title}</span>
          </button>
        ) : null}
        <a
          href={post.link}
          rel="noopener noreferrer nofollow"
          className="text-sm font-semibold text-white underline underline-offset-2 hover:text-gray-200"
        >
          {`Open on ${where}`}
          <span className="sr-only">: {post.title}</span>
        </a>
      </div>
    </>
  );
}

function hostOf(link: string): string {
  try {
    return new URL(link).hostname.replace(/^www\./, "");
  } catch {
    return link;
  }
}

/**
 * Audio & Video (docs/product.md#home): the first 4 posts of the category in a list; the chosen
 * one's link plays in a sandboxed frame. Without JavaScript each item is a GET submit
 * (`?video=N`) that the loader turns into the chosen item.
 */
export function AudioVideo({ videos, initial }: { videos: Loaded<VideoPost[]>; initial: number }) {
  const items = videos.ok ? videos.data : [];
  const [selected, setSelected] = useState(() => (initial >= 0 && initial < items.length ? initial : 0));
  const chosen = items[selected];

  const choose = (event: MouseEvent<HTMLButtonElement>, index: number) => {
    event.preventDefault();
    setSelected(index);
  };

  return (
    <section id="audio-video" aria-labelledby="audio-video-heading" className="rounded-lg bg-ink p-4 text-white sm:p-6">
      <SectionHeading
        id="audio-video-heading"
        tone="dark"
        more={{
          to: categoryPagePath("Audio Video", items),
          label: "More",
          context: "Audio & Video stories",
        }}
      >
        Audio &amp; Video
      </SectionHeading>
      {!videos.ok ? (
        <BlockNotice tone="dark">{POSTS_LOAD_FAILED}</BlockNotice>
      ) : !chosen ? (
        <BlockNotice tone="dark">No video available</BlockNotice>
      ) : (
        <div className="grid gap-6 lg:grid-cols-[minmax(0,1.7fr)_minmax(0,1fr)]">
          <div>
            <div className="relative aspect-video overflow-hidden rounded bg-black" data-video-player="">
              {chosen.link ? (
                <VideoPlaceholder key={chosen.link} post={chosen} />
              ) : (
                <p className="absolute inset-0 flex flex-col items-center justify-center gap-2 text-sm font-semibold text-gray-300">
                  <PlayCircle aria-hidden="true" className="h-10 w-10 text-gray-500" />
                  No video available
                </p>
              )}
            </div>
            <p className="mt-3 text-[0.7rem] font-bold uppercase tracking-[0.12em] text-red-300">
              {chosen.type || chosen.category}
            </p>
            <h3 className="mt-1 font-serif text-xl font-bold leading-snug">{chosen.title}</h3>
            <PageLink
              to={postPath(chosen.slug)}
              className="mt-2 inline-flex items-center gap-1 text-sm font-semibold text-gray-200 hover:text-white hover:underline"
            >
              Read the story <span className="sr-only">: {chosen.title}</span>
              <ArrowRight aria-hidden="true" className="h-4 w-4" />
            </PageLink>
          </div>
          <form method="get" action="/#audio-video">
            <ul aria-label="Videos" className="flex flex-col gap-2">
              {items.map((post, index) => {
                const pressed = index === selected;
                return (
                  <li key={post._id}>
                    <button
                      type="submit"
                      name="video"
                      value={index}
                      aria-pressed={pressed}
                      onClick={(event) => choose(event, index)}
                      className={`flex w-full gap-3 rounded p-2 text-left transition ${
                        pressed ? "bg-white/15 ring-1 ring-white/40" : "hover:bg-white/10"
                      }`}
                    >
                      <span className="relative block aspect-[16/10] w-28 shrink-0 overflow-hidden rounded bg-gray-800">
                        <CoverImage src={post.image[0]} sizes="112px" />
                        <span
                          aria-hidden="true"
                          className="absolute inset-0 flex items-center justify-center bg-black/30 text-white"
                        >
                          <PlayCircle className="h-7 w-7" />
                        </span>
                      </span>
                      <span className="min-w-0">
                        <span className="block text-[0.65rem] font-bold uppercase tracking-[0.12em] text-red-300">
                          {post.type || post.category}
                        </span>
                        <time dateTime={post.createdAt} className="block text-xs text-gray-300">
                          {formatLongDate(post.createdAt)}
                        </time>
                        <span className="mt-0.5 block font-serif text-sm font-bold leading-snug">
                          {shortenText(post.title, VIDEO_TITLE_MAX)}
                        </span>
                      </span>
                    </button>
                  </li>
                );
              })}
            </ul>
          </form>
        </div>
      )}
    </section>
  );
}
