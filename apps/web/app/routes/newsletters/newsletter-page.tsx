import type { ReactNode } from "react";

/*
 * What the newsletter link pages share (docs/product/subscribers.md): their links carry a
 * secret, so they are never indexed nor cached, and the token stays out of Referer headers.
 */

export function newsletterPageHeaders(): HeadersInit {
  return { "Cache-Control": "private, no-store", "X-Robots-Tag": "noindex" };
}

export const newsletterPageMeta = (title: string, siteName: string) => [
  { title: `${title} | ${siteName}` },
  { name: "robots", content: "noindex, nofollow" },
  { name: "referrer", content: "no-referrer" },
];

/** A narrow card with a heading: every newsletter link page. */
export function NewsletterPage({ title, children }: { title: string; children: ReactNode }) {
  return (
    <div className="mx-auto my-8 max-w-xl rounded-2xl border border-gray-200 bg-white px-6 py-8 shadow-sm sm:px-10">
      <h1 className="font-serif text-3xl font-bold tracking-tight text-ink">{title}</h1>
      <div className="mt-6 space-y-5 text-gray-700">{children}</div>
    </div>
  );
}
