/*
 * What the sender (sends/) asks of the mail writer (mail/): a story rendered once per send and
 * newsletter, then made each recipient's own (their manage and unsubscribe links, the headers).
 */

export interface NewsletterRecipient {
  subscriberId: string;
  email: string;
  name: string;
  /** subscribers.manage_token: the secret of the recipient's manage and unsubscribe links. */
  manageToken: string;
}

export interface RecipientMail {
  html: string;
  text: string;
  /** List-Unsubscribe (https link and mailto), List-Unsubscribe-Post, List-Id and the like. */
  headers: Record<string, string>;
}

export interface RenderedNewsletter {
  subject: string;
  from: { name: string; address: string };
  replyTo: string | undefined;
  /** `sendId` credits an unsubscribe to that send (absent for a test mail). */
  forRecipient(recipient: NewsletterRecipient, sendId: string | undefined): RecipientMail;
  /** Only the recipient's headers (the sender writes the bodies from one encoding per send). */
  headersFor(recipient: NewsletterRecipient, sendId: string | undefined): Record<string, string>;
}

export interface NewsletterMailWriter {
  /**
   * Renders a story as a newsletter's mail (the default newsletter when `newsletterId` is absent);
   * a NotFound AppError for an unknown post or newsletter. `tracking` rewrites links and adds the
   * open pixel only when given (an admin turned tracking on).
   */
  render(
    postId: string,
    newsletterId: string | undefined,
    options?: { tracking?: { sendId: string } },
  ): Promise<RenderedNewsletter>;
}
