import type { NewsletterJson } from "@broadsheet/domain";

/** A newsletter as staff get it from GET /api/newsletters: the site's default unless `overrides` say otherwise. */
export const newsletterFixture = (overrides: Partial<NewsletterJson> = {}): NewsletterJson => ({
  _id: "11111111-1111-4111-8111-111111111111",
  name: "The Harbour Gazette newsletter",
  slug: "newsletter",
  description: "",
  senderName: "",
  senderEmail: "",
  replyTo: "",
  categoryId: null,
  category: "",
  isDefault: true,
  archived: false,
  subscribers: 120,
  createdAt: "2026-11-01T00:00:00.000Z",
  ...overrides,
});
