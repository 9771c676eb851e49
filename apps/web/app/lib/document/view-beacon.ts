/**
 * Counts the reader's view of a post once its page shows in the browser (POST
 * /api/posts/{id}/view), so pages served from the page cache count as much as rendered ones.
 * A plain fetch: a reader page loads no endpoint declaration and so no zod (decision 025).
 */
export function sendView(postId: string): void {
  fetch(`/api/posts/${encodeURIComponent(postId)}/view`, {
    method: "POST",
    credentials: "same-origin",
    keepalive: true,
  }).catch(() => {
    // A view that could not be counted is not worth troubling the reader about.
  });
}
