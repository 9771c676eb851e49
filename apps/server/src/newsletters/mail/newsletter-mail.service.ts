import { SEND_MESSAGES } from "@broadsheet/domain";
import { eq, sql } from "drizzle-orm";
import type { Database } from "../../db/client";
import { newsletters, subscribers } from "../../db/schema";
import { notFound } from "../../errors";
import type { MailService } from "../../mail";
import type { NewsletterMailWriter, NewsletterRecipient } from "../newsletter-mail-contract";

/*
 * The editor's preview of a story's mail and its "Send a test to me" (issue 42). Both render
 * exactly what subscribers would get; the links are a sample recipient's, or the staff
 * member's own when they subscribe.
 */

/** A manage token that belongs to nobody: its links open the "link not valid" page. */
export const SAMPLE_MANAGE_TOKEN = "sample-recipient-preview";

export function createNewsletterMailService(deps: { db: Database; writer: NewsletterMailWriter; mail: MailService }) {
  const { db, writer } = deps;

  /** The newsletter named by its slug; undefined (the default newsletter) when none is named. */
  async function newsletterIdOf(slug: string | undefined): Promise<string | undefined> {
    if (slug === undefined || slug === "") return undefined;
    const [row] = await db.select({ id: newsletters.id }).from(newsletters).where(eq(newsletters.slug, slug));
    if (!row) throw notFound(SEND_MESSAGES.newsletterUnknown.replace("%s", slug));
    return row.id;
  }

  return {
    /** The mail's HTML or plain-text part, for a sample recipient. */
    async preview(postId: string, newsletter: string | undefined, format: "html" | "text"): Promise<string> {
      const rendered = await writer.render(postId, await newsletterIdOf(newsletter));
      const mail = rendered.forRecipient(
        { subscriberId: "", email: "reader@example.com", name: "", manageToken: SAMPLE_MANAGE_TOKEN },
        undefined,
      );
      return format === "text" ? mail.text : mail.html;
    },

    /** Mails the story to `to` (the staff member asking) through the mail service; never tracked. */
    async sendTest(postId: string, newsletter: string | undefined, to: { email: string; name: string }) {
      const rendered = await writer.render(postId, await newsletterIdOf(newsletter));
      const [subscriber] = await db
        .select({ id: subscribers.id, manageToken: subscribers.manageToken })
        .from(subscribers)
        .where(eq(sql`lower(${subscribers.email})`, to.email.toLowerCase()));
      const recipient: NewsletterRecipient = {
        subscriberId: subscriber?.id ?? "",
        email: to.email,
        name: to.name,
        manageToken: subscriber?.manageToken ?? SAMPLE_MANAGE_TOKEN,
      };
      const mail = rendered.forRecipient(recipient, undefined);
      await deps.mail.sendMail({
        to: to.email,
        subject: `[Test] ${rendered.subject}`,
        from: rendered.from,
        ...(rendered.replyTo ? { replyTo: rendered.replyTo } : {}),
        html: mail.html,
        text: mail.text,
        headers: mail.headers,
      });
    },
  };
}

export type NewsletterMailService = ReturnType<typeof createNewsletterMailService>;
