import { type PublicUser, READER_SHELL_COOKIE, type ViewerState } from "@broadsheet/domain";
import { useSyncExternalStore } from "react";

/*
 * A logged-in reader with JavaScript is served the page every reader shares (decision 016):
 * it shows "a reader" and no marks. Their own state (who they are, their likes, Read Later
 * and votes among what the page shows) is asked for in the page's <head> (a preload) and
 * applied right after hydration, before the page takes input.
 */

/** Who the shared reader page shows until the reader's own state arrives. */
export const SHARED_READER: PublicUser = {
  _id: "",
  name: "",
  email: "",
  role: "user",
  phone: "",
  photo: "",
  address: { address: "", state: "", country: "" },
  slug: "",
  bio: "",
  twoFactorEnabled: false,
  createdAt: new Date(0).toISOString(),
};

/** What a route shows that a reader may have marked. */
export interface ViewerTargets {
  posts?: readonly string[];
  polls?: readonly string[];
}

const VIEWER_STATE_PATH = "/api/users/viewer-state";
const VIEWER_STATE_LINK = `link[rel="preload"][href^="${VIEWER_STATE_PATH}"]`;

export function viewerStateHref(targets: ViewerTargets): string {
  const posts = [...new Set(targets.posts)].join(",");
  const polls = [...new Set(targets.polls)].join(",");
  return `${VIEWER_STATE_PATH}?posts=${posts}&polls=${polls}`;
}

let state: ViewerState | null = null;
const listeners = new Set<() => void>();

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** Tells the server this browser runs the page's scripts (see READER_SHELL_COOKIE). */
export function markScriptsRunning(): void {
  const secure = location.protocol === "https:" ? "; secure" : "";
  // biome-ignore lint/suspicious/noDocumentCookie: the Cookie Store API is missing from Firefox.
  document.cookie = `${READER_SHELL_COOKIE}=1; path=/; max-age=31536000; samesite=lax${secure}`;
}

/** The reader's own state for a shared reader page: the answer its preload already asked for. */
export async function loadViewerState(): Promise<void> {
  const link = document.querySelector<HTMLLinkElement>(VIEWER_STATE_LINK);
  if (!link) return;
  try {
    const response = await fetch(link.href, { headers: { accept: "application/json" } });
    if (!response.ok) return;
    state = (await response.json()) as ViewerState;
    for (const listener of listeners) listener();
  } catch {
    // Offline or refused: the page stays as the shared reader page; its forms still work.
  }
}

/** The answer of loadViewerState; null while hydrating (the HTML has no reader in it) and on the server. */
export function useViewerState(): ViewerState | null {
  return useSyncExternalStore(
    subscribe,
    () => state,
    () => null,
  );
}
