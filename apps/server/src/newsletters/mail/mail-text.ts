import type { convert as Convert, HtmlToTextOptions } from "html-to-text";
import type { MailLayoutContent } from "./mail-layout";

/*
 * The plain-text part: what a text-only client, a screen reader set to text or a spam filter
 * reads. The story in order, each link written "text (url)", the same footer as the HTML.
 */

const HEADINGS = ["h1", "h2", "h3", "h4"].map((selector) => ({
  selector,
  options: { uppercase: false, leadingLineBreaks: 2, trailingLineBreaks: 1 },
}));

export const TEXT_OPTIONS: HtmlToTextOptions = {
  wordwrap: 78,
  selectors: [
    { selector: "a", options: { linkBrackets: ["(", ")"], hideLinkHrefIfSameAsText: true } },
    // A linked image (an embed's still) is followed by its named link: the image says nothing more.
    { selector: "img", format: "skip" },
    ...HEADINGS,
  ],
};

// An embed's still as a link says nothing in text: the named link after it carries the address.
const LINKED_IMAGE = /<a\b[^>]*>\s*<img\b[^>]*>\s*<\/a>/gi;

export function mailText(convert: typeof Convert, content: MailLayoutContent): string {
  const lines = [content.title, "=".repeat(Math.min(content.title.length, 78))];
  if (content.byline) lines.push(content.byline);
  if (content.standfirst) lines.push("", content.standfirst);
  lines.push("", convert(content.bodyHtml.replace(LINKED_IMAGE, ""), TEXT_OPTIONS).trim());
  if (content.readUrl) lines.push("", `Read on ${content.siteName}: ${content.readUrl}`);
  lines.push(
    "",
    "--",
    `You are receiving ${content.newsletterName} because you subscribed to it on ${content.siteName} (${content.siteUrl}).`,
  );
  if (content.contactLine) lines.push(content.contactLine);
  lines.push(`Unsubscribe: ${content.unsubscribeUrl}`, `Manage your subscription: ${content.manageUrl}`, "");
  return lines.join("\n");
}
