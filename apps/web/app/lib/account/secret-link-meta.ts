/** The tags of a page reached by a secret link (a reset or an invitation): never indexed, and the token kept out of Referer headers of anything the page loads. */
export function secretLinkMeta(title: string, description: string) {
  return [
    { title },
    { name: "description", content: description },
    { name: "robots", content: "noindex" },
    { name: "referrer", content: "no-referrer" },
  ];
}
