import { postPath } from "@broadsheet/domain";
import { useEffect, useRef } from "react";
import { forgetOffline, keepOffline } from "./read-later-offline";

/**
 * Keeps a post's offline copy in step with the reader saving or unsaving it here: only on a
 * change, since viewing a kept post online already refreshes its copy (public/sw.js).
 */
export function useOfflineCopy(owner: string | undefined, post: { slug: string }, saved: boolean): void {
  const before = useRef(saved);
  useEffect(() => {
    if (before.current === saved) return;
    before.current = saved;
    if (!owner) return;
    void (saved ? keepOffline(owner, postPath(post.slug)) : forgetOffline(owner, postPath(post.slug)));
  }, [owner, post, saved]);
}
