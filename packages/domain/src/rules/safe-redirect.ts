/**
 * A path on this site that a page may send the reader on to ("/profile", "/page/a-story?x=1"),
 * never another site ("//evil.example", "https://…", "/\\evil.example"). Anything else counts
 * as absent.
 */
export function safeRedirect(value: unknown): string | null {
  if (typeof value !== "string") return null;
  const path = value.trim();
  if (!path.startsWith("/") || path.startsWith("//") || path.startsWith("/\\")) return null;
  // Control characters and backslashes let some browsers read the path as another origin.
  for (const char of path) if (char === "\\" || char.charCodeAt(0) < 0x20 || char.charCodeAt(0) === 0x7f) return null;
  return path;
}
