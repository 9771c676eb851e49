import { MEDIA_PATH_PREFIX, MESSAGES, SCRIPTS_OFF_PATH, THEME_COLOR, usersApi } from "@broadsheet/domain";
import { type ReactNode, useEffect, useState } from "react";
import {
  isRouteErrorResponse,
  Links,
  Meta,
  Outlet,
  Scripts,
  ScrollRestoration,
  type UIMatch,
  useLocation,
  useMatches,
  useNavigate,
  useRouteError,
} from "react-router";
import type { Route } from "./+types/root";
import stylesheet from "./app.css?url";
import { Footer } from "./components/layout/footer";
import { TopBar } from "./components/layout/top-bar";
import { NotFoundScreen } from "./components/not-found-screen";
import { Toaster } from "./components/toaster";
import { callApi } from "./lib/api.server";
import { CAPTURE_EARLY_INPUT_SCRIPT, replayEarlyInput } from "./lib/document/early-input";
import { addEnhancedFieldToForms } from "./lib/document/enhanced-forms";
import "./lib/load-context";
import { loadEmbedsOnClick } from "./lib/document/embeds";
import { followPageLinks } from "./lib/document/page-links";
import { PendingAnswerToasts } from "./lib/forms/toasted-fetcher";
import { keepOnlyOwnersCopies, registerServiceWorker } from "./lib/offline/read-later-offline";
import { HOUR_MS, renderTime } from "./lib/render-time";
import { useRootData } from "./lib/root-data";
import { useSessionUser } from "./lib/session-user";
import { feedLinks, useSiteName } from "./lib/site";
import { SHARED_READER, type ViewerTargets, viewerStateHref } from "./lib/viewer-state";

export async function loader({ context }: Route.LoaderArgs) {
  // The admins-only setting stays on the server: this data is in every page's HTML.
  const { requireTwoFactor: _, ...site } = context.site;
  // To the hour: the top bar shows the day and the footer the year. A page that says "3 minutes
  // ago" carries its own time to the minute (the post page's loader).
  const now = renderTime(HOUR_MS);
  if (context.readerShell) return { site, now, user: SHARED_READER, readerShell: true };
  const session = await callApi(context, usersApi.getUser);
  return { site, now, user: session.ok ? session.data : null, readerShell: false };
}

/**
 * The preload of the reader's own state, on the page every logged-in reader shares
 * (lib/viewer-state.ts). Kept as the document had it: client navigations load their own data.
 */
function ViewerStatePreload() {
  const matches = useMatches() as UIMatch<unknown, { viewerTargets?: (data: never) => ViewerTargets } | undefined>[];
  const [href] = useState(() => {
    const targets = matches.map((match) =>
      match.loaderData === undefined ? {} : (match.handle?.viewerTargets?.(match.loaderData as never) ?? {}),
    );
    return viewerStateHref({
      posts: targets.flatMap((target) => target.posts ?? []),
      polls: targets.flatMap((target) => target.polls ?? []),
    });
  });
  return <link rel="preload" as="fetch" href={href} crossOrigin="anonymous" />;
}

/**
 * The shared reader page fills in the reader's own state with scripts. A browser that holds
 * the scripts' cookie but no longer runs them is sent to have it dropped, and comes back to
 * the page rendered for that reader alone (SCRIPTS_OFF_PATH).
 */
function ScriptsOffRefresh() {
  const location = useLocation();
  const back = encodeURIComponent(`${location.pathname}${location.search}`);
  return (
    <noscript>
      <meta httpEquiv="refresh" content={`0; url=${SCRIPTS_OFF_PATH}?to=${back}`} />
    </noscript>
  );
}

export const links: Route.LinksFunction = () => [
  { rel: "manifest", href: "/manifest.webmanifest" },
  { rel: "apple-touch-icon", href: "/icons/apple-touch-icon.png" },
];

export function Layout({ children }: { children: ReactNode }) {
  const data = useRootData();
  const user = useSessionUser();
  const navigate = useNavigate();
  // Before the held input is replayed: a placeholder's button clicked early loads its embed then.
  useEffect(loadEmbedsOnClick, []);
  // The page is hydrated from here on, error pages included: input held until now is done next.
  useEffect(() => {
    const stopAddingField = addEnhancedFieldToForms();
    replayEarlyInput();
    return stopAddingField;
  }, []);
  useEffect(() => followPageLinks(navigate), [navigate]);
  return (
    <html lang="en">
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <meta name="theme-color" content={THEME_COLOR} />
        <script
          // biome-ignore lint/security/noDangerouslySetInnerHtml: a constant of our own (lib/document/early-input.ts), no user text.
          dangerouslySetInnerHTML={{ __html: CAPTURE_EARLY_INPUT_SCRIPT }}
          suppressHydrationWarning
        />
        {data?.site.icon ? (
          <link
            rel="icon"
            href={data.site.icon.startsWith(MEDIA_PATH_PREFIX) ? `${data.site.icon}?w=64` : data.site.icon}
          />
        ) : (
          <link rel="icon" href="/favicon.svg" type="image/svg+xml" />
        )}
        {/* With a precedence React writes it ahead of the script preloads: the first paint waits only for it. */}
        <link rel="stylesheet" href={stylesheet} precedence="default" />
        <Meta />
        <Links />
        {/* After the route's links, so a category page names its own feeds first. */}
        {data
          ? feedLinks(data.site.publicUrl, "", data.site.siteName).map((feed) => <link key={feed.type} {...feed} />)
          : null}
        {data?.readerShell ? <ViewerStatePreload /> : null}
        {data?.readerShell ? <ScriptsOffRefresh /> : null}
      </head>
      <body className="flex min-h-screen flex-col bg-white font-sans text-ink antialiased">
        <a
          href="#main"
          className="sr-only focus:not-sr-only focus:absolute focus:left-2 focus:top-2 focus:bg-white focus:p-2"
        >
          Skip to content
        </a>
        {data ? <TopBar now={data.now} user={user} site={data.site} /> : null}
        <main id="main" className="mx-auto w-full max-w-7xl flex-1 px-4 py-6">
          {children}
        </main>
        {data ? <Footer site={data.site} now={data.now} /> : null}
        <ScrollRestoration />
        <Scripts />
      </body>
    </html>
  );
}

export const meta: Route.MetaFunction = ({ data }) => [{ title: data?.site.siteName ?? "Broadsheet" }];

export default function App() {
  const user = useSessionUser();
  useEffect(() => registerServiceWorker(), []);
  // Offline copies show the reader's own pages: nobody else may see them (logged out, or another account).
  // The shared reader page's reader is nobody in particular: wait for their own state.
  const userId = user?._id;
  useEffect(() => {
    if (userId !== SHARED_READER._id) void keepOnlyOwnersCopies(userId);
  }, [userId]);
  return (
    <Toaster>
      <Outlet />
      <PendingAnswerToasts />
    </Toaster>
  );
}

export function ErrorBoundary() {
  const error = useRouteError();
  const siteName = useSiteName();
  if (isRouteErrorResponse(error) && error.status === 404) return <NotFoundScreen />;
  return (
    <section className="mx-auto max-w-xl py-16 text-center">
      <title>{`Something went wrong | ${siteName}`}</title>
      <h1 className="font-serif text-3xl font-bold">Something went wrong</h1>
      <p className="mt-4 text-gray-600">{MESSAGES.internalError}</p>
    </section>
  );
}
