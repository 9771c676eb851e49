import { postPath, shortenText } from "@broadsheet/domain";
import { ChevronLeft, ChevronRight, Pause, Play } from "lucide-react";
import { type FocusEvent, memo, type ReactNode, useCallback, useEffect, useReducer, useRef, useState } from "react";
import { useHydrated } from "../../lib/document/use-hydrated";
import { PageLink } from "../page-link";
import { CategoryLink } from "../post-card";
import { type CardPost, POSTS_LOAD_FAILED } from "./home-data";
import { BlockNotice, CardDate, Kicker, PostImageLink, SectionHeading } from "./parts";
import { ReadLaterButton } from "./read-later-button";
import { useMediaQuery, usePrefersReducedMotion } from "./use-media-query";

/* docs/product.md#9-limits-and-constants: autoplay 3000 ms, transition 1000 ms, infinite; 4 / 2 / 1.4 items visible. */
export const CAROUSEL_AUTOPLAY_MS = 3000;
export const CAROUSEL_TRANSITION_MS = 1000;
const CAROUSEL_TITLE_MAX = 60;

/** How many cards fit: 4 from 1024 px, 2 from 464 px, 1.4 below (the next card peeks). */
function useVisibleCount(): number {
  const wide = useMediaQuery("(min-width: 1024px)");
  const medium = useMediaQuery("(min-width: 464px)");
  return wide ? 4 : medium ? 2 : 1.4;
}

const mod = (value: number, size: number) => ((value % size) + size) % size;

/*
 * No copies of the cards: the track holds each card once, and CSS `order` lays them out as a
 * ring starting one card before the current one (`base`). The track shows the window from
 * `offset` 1; a move slides it to offset 0 or 2, and once the transition ends the ring is
 * turned (base moves on) and the offset goes back to 1 without a transition, which the reader
 * cannot see. So the loop is endless in both directions with a third of the slides that three
 * copies of the track took.
 */
interface TrackState {
  base: number;
  offset: number;
  animate: boolean;
}
type TrackAction =
  | { type: "move"; delta: number; size: number; animate: boolean }
  | { type: "settle"; size: number }
  | { type: "show"; index: number; size: number };

function trackReducer(state: TrackState, action: TrackAction): TrackState {
  switch (action.type) {
    case "move":
      return action.animate
        ? { ...state, offset: 1 + action.delta, animate: true }
        : { base: mod(state.base + action.delta, action.size), offset: 1, animate: false };
    case "settle":
      if (state.offset === 1) return state.animate ? { ...state, animate: false } : state;
      return { base: mod(state.base + state.offset - 1, action.size), offset: 1, animate: false };
    case "show":
      return { base: mod(action.index - 1, action.size), offset: 1, animate: false };
  }
}

/* Memoised: the track re-renders on every move (every 3 s with autoplay), the cards never need to. */
const CarouselCard = memo(function CarouselCard({ post }: { post: CardPost }) {
  return (
    <article className="flex h-full flex-col overflow-hidden rounded-lg border border-gray-200 bg-white shadow-sm transition hover:shadow-md">
      <PostImageLink
        post={post}
        className="aspect-[16/10]"
        sizes="(min-width: 1024px) 25vw, (min-width: 464px) 50vw, 72vw"
      />
      <div className="flex flex-1 flex-col gap-1.5 p-3">
        <Kicker>
          <CategoryLink post={post} />
        </Kicker>
        <h3 className="font-serif text-base font-bold leading-snug text-ink">
          <PageLink to={postPath(post.slug)} title={post.title} className="hover:text-brand-700 hover:underline">
            {shortenText(post.title, CAROUSEL_TITLE_MAX)}
          </PageLink>
        </h3>
        <CardDate value={post.createdAt} className="text-xs text-gray-600" />
        <div className="mt-auto pt-2">
          <ReadLaterButton post={post} />
        </div>
      </div>
    </article>
  );
});

function ControlButton({ label, onClick, children }: { label: string; onClick: () => void; children: ReactNode }) {
  return (
    <button
      type="button"
      aria-label={label}
      onClick={onClick}
      className="inline-flex h-8 w-8 items-center justify-center rounded-full border border-gray-300 bg-white text-ink shadow-sm transition hover:border-ink hover:bg-ink hover:text-white"
    >
      {children}
    </button>
  );
}

/**
 * A post carousel (docs/product.md#home). The server sends a plain row that scrolls sideways,
 * so it reads fine without JavaScript; once hydrated it slides on its own every 3 s
 * (1 s transition, wrapping around), pauses while hovered or focused or when the reader
 * pauses it, and never moves by itself when the reader prefers reduced motion.
 */
export function PostCarousel({
  id,
  title,
  posts,
  failed,
  more,
}: {
  id: string;
  title: string;
  posts: CardPost[];
  failed: boolean;
  more?: { to: string; label: string };
}) {
  const size = posts.length;
  const hydrated = useHydrated();
  const reducedMotion = usePrefersReducedMotion();
  const visible = useVisibleCount();
  const slides = hydrated && size > Math.floor(visible);

  const [track, dispatch] = useReducer(trackReducer, { base: size - 1, offset: 1, animate: false });
  const [hovered, setHovered] = useState(false);
  const [focused, setFocused] = useState(false);
  const [stopped, setStopped] = useState(false);
  const moving = useRef(false);
  const settleTimer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);

  const settle = useCallback(() => {
    clearTimeout(settleTimer.current);
    moving.current = false;
    dispatch({ type: "settle", size });
  }, [size]);

  const move = useCallback(
    (delta: number) => {
      if (moving.current || size === 0) return;
      if (reducedMotion) {
        dispatch({ type: "move", delta, size, animate: false });
        return;
      }
      moving.current = true;
      dispatch({ type: "move", delta, size, animate: true });
      // transitionend is not guaranteed (a hidden tab, an interrupted transition).
      settleTimer.current = setTimeout(settle, CAROUSEL_TRANSITION_MS + 150);
    },
    [reducedMotion, settle, size],
  );

  useEffect(() => () => clearTimeout(settleTimer.current), []);

  const autoplay = slides && !reducedMotion && !stopped && !hovered && !focused;
  useEffect(() => {
    if (!autoplay) return;
    const timer = setInterval(() => {
      if (document.visibilityState === "visible") move(1);
    }, CAROUSEL_AUTOPLAY_MS);
    return () => clearInterval(timer);
  }, [autoplay, move]);

  const current = size > 0 ? mod(track.base + track.offset, size) : 0;
  /** Where a card sits in the ring: 0 is the card before the current one. */
  const slot = (index: number) => mod(index - track.base, size);

  // Keyboard focus on a card outside the window brings that card into view.
  const onFocusCard = (index: number) => {
    const first = track.offset;
    const last = first + Math.max(1, Math.floor(visible)) - 1;
    if (slot(index) < first || slot(index) > last) {
      clearTimeout(settleTimer.current);
      moving.current = false;
      dispatch({ type: "show", index, size });
    }
  };

  const onBlur = (event: FocusEvent<HTMLElement>) => {
    if (!event.currentTarget.contains(event.relatedTarget as Node | null)) setFocused(false);
  };

  const headingId = `${id}-heading`;
  const slideClass = "shrink-0 basis-[calc(100%/var(--carousel-visible))] snap-start px-2";
  return (
    <section
      id={id}
      aria-labelledby={headingId}
      aria-roledescription="carousel"
      className="below-the-fold mt-10 [--unshown-height:410px]"
      onMouseEnter={() => setHovered(true)}
      onMouseLeave={() => setHovered(false)}
      onFocus={() => setFocused(true)}
      onBlur={onBlur}
    >
      <SectionHeading
        id={headingId}
        more={more}
        actions={
          slides ? (
            <div className="flex items-center gap-1.5">
              {reducedMotion ? null : (
                <ControlButton
                  label={stopped ? `Start ${title} autoplay` : `Pause ${title} autoplay`}
                  onClick={() => setStopped((value) => !value)}
                >
                  {stopped ? (
                    <Play aria-hidden="true" className="h-3.5 w-3.5" />
                  ) : (
                    <Pause aria-hidden="true" className="h-3.5 w-3.5" />
                  )}
                </ControlButton>
              )}
              <ControlButton label={`Previous ${title}`} onClick={() => move(-1)}>
                <ChevronLeft aria-hidden="true" className="h-4 w-4" />
              </ControlButton>
              <ControlButton label={`Next ${title}`} onClick={() => move(1)}>
                <ChevronRight aria-hidden="true" className="h-4 w-4" />
              </ControlButton>
            </div>
          ) : null
        }
      >
        {title}
      </SectionHeading>
      {failed ? (
        <BlockNotice>{POSTS_LOAD_FAILED}</BlockNotice>
      ) : size === 0 ? (
        <BlockNotice>No posts yet.</BlockNotice>
      ) : (
        <>
          {slides ? (
            <p aria-live={autoplay ? "off" : "polite"} className="sr-only" data-carousel-status="">
              {title}: item {current + 1} of {size}
            </p>
          ) : null}
          <div
            onScroll={slides ? (event) => event.currentTarget.scrollTo({ left: 0 }) : undefined}
            className={`[--carousel-visible:1.4] min-[464px]:[--carousel-visible:2] lg:[--carousel-visible:4] ${
              slides ? "overflow-hidden" : "snap-x snap-mandatory overflow-x-auto pb-3"
            }`}
          >
            <div
              className={`-mx-2 flex ${track.animate ? "transition-transform duration-1000 ease-in-out" : ""}`}
              style={
                slides
                  ? { transform: `translateX(calc(-100% * ${track.offset} / var(--carousel-visible)))` }
                  : undefined
              }
              onTransitionEnd={(event) => {
                if (event.target === event.currentTarget) settle();
              }}
              data-carousel-track=""
            >
              {posts.map((post, index) => (
                // biome-ignore lint/a11y/useSemanticElements: a slide of the APG carousel pattern is a group with roledescription "slide"; fieldset is for form controls.
                <div
                  key={post._id}
                  role="group"
                  aria-roledescription="slide"
                  aria-label={`${index + 1} of ${size}`}
                  data-carousel-slide=""
                  onFocus={slides ? () => onFocusCard(index) : undefined}
                  style={slides ? { order: slot(index) } : undefined}
                  className={slideClass}
                >
                  <CarouselCard post={post} />
                </div>
              ))}
            </div>
          </div>
        </>
      )}
    </section>
  );
}
