import { escapeHtml, type MailMessage } from "../../mail";

/*
 * The two mails of subscribing: the double opt-in link, and the note to an address that is
 * subscribed already. Plain words and one link each; the newsletters' own mail is written
 * elsewhere (the mail writer's renderer).
 */

function htmlMail(paragraphs: string[], link: { href: string; label: string }, after: string): string {
  const text = (words: string) => `<p style="margin:0 0 16px">${escapeHtml(words)}</p>`;
  return `<!doctype html><html><body style="font-family:Arial,Helvetica,sans-serif;font-size:16px;line-height:1.5;color:#1f2937;max-width:560px;margin:0 auto;padding:24px">${paragraphs.map(text).join("")}<p style="margin:24px 0"><a href="${escapeHtml(link.href)}" style="background:#1d4ed8;color:#ffffff;padding:12px 20px;border-radius:6px;text-decoration:none;display:inline-block">${escapeHtml(link.label)}</a></p>${text(after)}</body></html>`;
}

const list = (names: readonly string[]) =>
  names.length <= 1 ? (names[0] ?? "") : `${names.slice(0, -1).join(", ")} and ${names.at(-1)}`;

export function confirmationMail(input: {
  to: string;
  siteName: string;
  newsletterNames: readonly string[];
  confirmUrl: string;
}): MailMessage {
  const names = list(input.newsletterNames) || `the ${input.siteName} newsletter`;
  const asked = `Someone, we hope you, asked to get ${names} at this address.`;
  const action = "To confirm, open this link (it works for 7 days):";
  const ignore = "If it was not you, ignore this mail: you will get nothing more from us.";
  return {
    to: input.to,
    subject: `Confirm your subscription to ${names}`,
    text: `${asked}\n\n${action}\n\n${input.confirmUrl}\n\n${ignore}\n`,
    html: htmlMail([asked, action], { href: input.confirmUrl, label: "Confirm subscription" }, ignore),
  };
}

export function alreadySubscribedMail(input: { to: string; siteName: string; manageUrl: string }): MailMessage {
  const note = `Someone, we hope you, asked to subscribe this address to ${input.siteName}'s newsletters. It is subscribed already, so nothing changed.`;
  const action = "To choose your newsletters or unsubscribe, open this link:";
  const ignore = "If it was not you, ignore this mail.";
  return {
    to: input.to,
    subject: `You are already subscribed to ${input.siteName}`,
    text: `${note}\n\n${action}\n\n${input.manageUrl}\n\n${ignore}\n`,
    html: htmlMail([note, action], { href: input.manageUrl, label: "Manage my newsletters" }, ignore),
  };
}
