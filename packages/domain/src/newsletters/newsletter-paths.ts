/*
 * The addresses of a newsletter's links (issue 42), built in one place: the mail writer, the
 * sender's List-Unsubscribe header and the pages that answer them all use these.
 */

/** A subscriber's manage or confirmation token as it appears in a link (URL-safe base64 or hex). */
export const NEWSLETTER_TOKEN_PATTERN = /^[A-Za-z0-9_-]{16,128}$/;

/** The double opt-in link of the confirmation mail. */
export const newsletterConfirmPath = (token: string) => `/newsletters/confirm/${encodeURIComponent(token)}`;

/** Change one's newsletters or leave, without logging in (every mail links it). */
export const newsletterManagePath = (token: string) => `/newsletters/manage/${encodeURIComponent(token)}`;

/**
 * The List-Unsubscribe link: a POST with `List-Unsubscribe=One-Click` unsubscribes at once (RFC 8058);
 * a GET shows a page with one button. `sendId` credits the unsubscribe to that send's figures.
 */
export const newsletterUnsubscribePath = (token: string, sendId?: string) =>
  `/newsletters/unsubscribe/${encodeURIComponent(token)}${sendId ? `?send=${encodeURIComponent(sendId)}` : ""}`;

/** The name a newsletter shows: its own, or "The {site name} newsletter" for the default's empty one. */
export const newsletterDisplayName = (name: string, siteName: string) => name || `The ${siteName} newsletter`;
